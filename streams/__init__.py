"""obsline.streams."""
