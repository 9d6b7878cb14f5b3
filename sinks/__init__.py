"""obsline.sinks: where observations and telemetry leave the pipeline."""
