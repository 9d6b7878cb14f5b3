"""The worker's /metrics endpoint, shared by both engines (obsline/streams/worker.py starts the
faust one, obsline/streams/batch.py the batch one)."""

from __future__ import annotations

import sys

from obsline.sinks.metrics import PipelineMetrics
from obsline.streams.settings import Settings


def serve_metrics(metrics: PipelineMetrics, settings: Settings) -> int | None:
    """Start the worker's /metrics endpoint (unless the port is negative) and say where; return
    the port. A port another process holds (a second worker on the host) gives way to a free one,
    with a line that says so: the worker still starts."""
    if settings.metrics_port < 0:
        return None
    try:
        server, _thread = metrics.start_http_server(settings.metrics_port, settings.metrics_addr)
    except OSError as exc:
        if settings.metrics_port == 0:
            raise
        server, _thread = metrics.start_http_server(0, settings.metrics_addr)
        print(f"obsline worker: metrics port {settings.metrics_port} is taken ({exc.strerror}; another worker?): "
              f"serving on {server.server_port} instead; give each worker its own --metrics-port, or 0",
              file=sys.stderr, flush=True)
    print(f"obsline worker: metrics on http://{settings.metrics_addr}:{server.server_port}/metrics",
          file=sys.stderr, flush=True)
    return int(server.server_port)
