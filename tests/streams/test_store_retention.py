"""The sweeper runs in the batch worker (real broker, local store): raws, their index and vault
entries past a short TTL leave the store while the worker runs, and the metrics say so."""

from __future__ import annotations

import asyncio
import time

import pytest
from conftest import read_record  # tests/streams/conftest.py

from obsline.stores.artifacts import _task_folder
from obsline.streams.batch import BatchEngine

pytestmark = [pytest.mark.integration]


async def test_the_batch_worker_sweeps_what_is_past_its_ttl(stream):
    await stream.create_topics()
    engine = BatchEngine(stream.settings.with_(engine="batch", retention="task:short-*=2s", sweep_interval=0.01))
    run = asyncio.create_task(engine.run())
    try:
        tasks = [f"short-{i}" for i in range(6)] + ["long-1"]
        await stream.publish([read_record(task, 1) for task in tasks])
        got = await stream.observations(len(tasks), timeout=60)
        assert len(got) == len(tasks)
        index = engine.objects.list("index/")
        assert len(index) == len(tasks)  # one index object per task and flush
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (
                len(engine.objects.list("index/")) == 1 and engine.sweeper.holding()["index"].objects == 1):
            await asyncio.sleep(0.5)
        assert [o.key.rsplit("/", 1)[0] + "/" for o in engine.objects.list("index/")] == [_task_folder("long-1")]
        metrics = engine.metrics.render().decode()
        assert 'obsline_store_swept_objects_total{kind="index"} 6.0' in metrics
        assert 'obsline_store_objects{kind="index"} 1.0' in metrics
        assert not run.done()
    finally:
        engine.stopping.set()
        await asyncio.wait_for(run, 30)
