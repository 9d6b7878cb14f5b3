"""An OTLP span exporter that first checks a collector listens (see ``otel.collector_checked``).

The OTLP exporters retry a failed export with backoff until their timeout (10 s by default), at
every flush and again at exit, and urllib3/grpc log every attempt: a process with spans on and
no collector prints a screen of connection errors and exits seconds late. A plain TCP connect to
the endpoint's host and port answers at once when nothing listens, so it is asked first; while
it fails, batches are dropped with one warning line (and asked again after a while).
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from opentelemetry.sdk.trace.export import SpanExporter, SpanExportResult

log = logging.getLogger("obsline.otel")
CONNECT_TIMEOUT = 0.5
RECHECK_SECONDS = 30.0


def listening(url: str, timeout: float = CONNECT_TIMEOUT) -> bool:
    parts = urlsplit(url if "://" in url else f"http://{url}")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        with socket.create_connection((parts.hostname or "localhost", port), timeout=timeout):
            return True
    except OSError:
        return False


class CheckedExporter(SpanExporter):
    def __init__(self, inner: Any, url: str) -> None:
        self.inner, self.url = inner, url
        self._checked_at: float | None = None
        self._up = False
        self._warned = False
        self._lock = threading.Lock()

    def _collector_up(self) -> bool:
        with self._lock:
            now = time.monotonic()
            if self._checked_at is None or (not self._up and now - self._checked_at >= RECHECK_SECONDS):
                self._up, self._checked_at = listening(self.url), now
                if not self._up and not self._warned:
                    self._warned = True
                    log.warning("obsline: no OpenTelemetry collector at %s (OBSLINE_OTEL=1; set "
                                "OTEL_EXPORTER_OTLP_ENDPOINT): execute_tool spans are dropped", self.url)
            return self._up

    def export(self, spans: Sequence[Any]) -> SpanExportResult:
        if not self._collector_up():
            return SpanExportResult.FAILURE
        return self.inner.export(spans)

    def shutdown(self) -> None:
        self.inner.shutdown()

    def force_flush(self, timeout_millis: int = 30_000) -> bool:
        return bool(self.inner.force_flush(timeout_millis)) if self._up else True
