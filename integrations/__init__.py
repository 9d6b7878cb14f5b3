"""Drop-in integrations of the pipeline into agent stacks (``obsline.integrations``)."""
