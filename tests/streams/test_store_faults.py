"""A failing artifact store on the real broker: the batch worker waits and retries, never exits,
and produces nothing that names unstored bytes; once the store takes writes, every record comes out."""

from __future__ import annotations

import asyncio

import orjson
import pytest
from conftest import ARTIFACT_KEY, WorkerProc, covers, read_record

from bench.reliability import sized_record
from obsline.stores.artifacts import ArtifactStore

pytestmark = [pytest.mark.integration]


@pytest.mark.parametrize("engine", ["batch", "faust"])
async def test_a_worker_rides_out_a_failing_store(stream, engine):
    """Before, on faust: a store failure made each record a dead letter and an error observation
    (its raw never stored), and records over 256 KB got neither (the dead letter needed the
    store too) while their offsets were committed."""
    store = stream.tmp / "store"
    store.mkdir()
    (store / "segments").write_bytes(b"not a folder")  # every segment write fails, even as root
    settings = stream.settings.with_(engine=engine, store=str(store))
    w = WorkerProc(stream.env(settings), stream.tmp / "worker0.log").start()
    stream.workers.append(w)
    await stream.create_topics()
    lines = [read_record(f"task-{t}", s, f"user{t}") for t in range(4) for s in range(5)]
    lines += [sized_record("task-big", 0, 300_000), sized_record("task-big", 1, 600_000)]
    await stream.publish(lines)
    for _ in range(180):  # the worker starts, takes its partitions, fails its first flush
        if "artifact store failed" in w.output() or not w.alive():
            break
        await asyncio.sleep(0.5)
    assert "artifact store failed" in w.output(), stream.logs()
    await asyncio.sleep(2.0)  # a few more tries
    assert w.alive(), stream.logs()
    assert await stream.observations(1, timeout=2) == [], "an observation went out before its blob was stored"
    (store / "segments").unlink()  # the store recovers
    wanted = {(orjson.loads(x)["task_id"], orjson.loads(x)["step_id"]) for x in lines}
    recs = await stream.read("observations", until=covers(wanted), timeout=60)
    reader = ArtifactStore(store, key=ARTIFACT_KEY)
    for obs in (orjson.loads(r.value) for r in recs):
        assert obs["status"] == "success", (obs["task_id"], obs["text"][:300])
        assert reader.get(obs["evidence"]["artifact"], task_id=obs["task_id"])
    assert w.alive(), stream.logs()
    assert await stream.read("dlq", until=lambda r: False, timeout=2) == [], "a store outage is not a dead letter"
