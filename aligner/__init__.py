"""obsline.aligner."""
