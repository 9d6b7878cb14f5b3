"""Running one obsline stream worker: topics, metrics endpoint, then the faust worker."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from obsline.pipeline import prepare_long_running
from obsline.streams.admin import ensure_topics_sync
from obsline.streams.endpoint import serve_metrics
from obsline.streams.settings import Settings

log = logging.getLogger("obsline.streams.worker")


def run(settings: Settings) -> int:
    """Block until the worker is stopped (SIGTERM/SIGINT); return its exit code."""
    logging.basicConfig(level=settings.loglevel.upper(), stream=sys.stderr,
                        format="[%(asctime)s] %(levelname)s %(name)s: %(message)s")
    if settings.engine == "batch":
        from obsline.streams.batch import run as run_batch

        return run_batch(settings)
    import faust

    from obsline.streams.topology import build

    ensure_topics_sync(settings, strict=True, wait=settings.broker_wait)  # TopicMismatch: one line (streams/cli.py), exit 2
    Path(settings.data_dir).mkdir(parents=True, exist_ok=True)
    pipe = build(settings)
    serve_metrics(pipe.metrics, settings)
    print(f"obsline worker: app {settings.app_id} on {settings.bootstrap}, topics {settings.topic('raw')}.., "
          f"{settings.partitions} partitions, {settings.processing_guarantee}, tables {settings.table_store}, store {settings.store_url}",
          file=sys.stderr, flush=True)
    prepare_long_running()
    worker = faust.Worker(pipe.app, loglevel=settings.loglevel, quiet=True, redirect_stdouts=False)
    # At loglevel >= WARNING faust's spinner handler sets the root logger to DEBUG for the
    # whole process, which then builds every aiokafka debug record (~8% of a busy worker).
    worker.spinner = None
    try:
        worker.execute_from_commandline()
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


__all__ = ["run", "serve_metrics"]
