"""The worker's /metrics endpoint, shared by both engines (obsline/streams/worker.py starts the
faust one, obsline/streams/batch.py the batch one)."""

from __future__ import annotations

import sys

from obsline.sinks.metrics import PipelineMetrics
from obsline.streams.settings import Settings


def serve_metrics(metrics: PipelineMetrics, settings: Settings) -> None:
    """Start the worker's /metrics endpoint (unless the port is negative) and say where."""
    if settings.metrics_port >= 0:
        server, _thread = metrics.start_http_server(settings.metrics_port, settings.metrics_addr)
        print(f"obsline worker: metrics on http://{settings.metrics_addr}:{server.server_port}/metrics",
              file=sys.stderr, flush=True)
