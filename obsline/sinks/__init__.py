"""obsline.sinks: stage 3, rendering an observation within its budget, and Prometheus metrics."""

from obsline.sinks.metrics import PipelineMetrics
from obsline.sinks.observe import observe, render_text
from obsline.sinks.render import render_body

__all__ = ["PipelineMetrics", "observe", "render_body", "render_text"]
