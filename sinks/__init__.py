"""obsline.sinks: rendering, the artifact store and Prometheus metrics."""

from obsline.sinks.artifacts import ArtifactStore
from obsline.sinks.metrics import PipelineMetrics
from obsline.sinks.observe import observe, render_text
from obsline.sinks.render import render_body

__all__ = ["ArtifactStore", "PipelineMetrics", "observe", "render_body", "render_text"]
