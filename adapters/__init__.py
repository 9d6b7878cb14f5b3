"""obsline.adapters."""
