"""A failing claim store on the real broker: a record whose stage records need a claim check
(over the broker's limit) is neither lost nor sent naming unstored bytes; the worker waits,
and once the store takes writes every record of the batch comes out."""

from __future__ import annotations

import asyncio

import orjson
import pytest
from conftest import WorkerProc, covers, read_record

from bench.reliability import sized_record

pytestmark = [pytest.mark.integration]


@pytest.mark.parametrize("engine", ["batch", "faust"])
async def test_a_failing_claim_store_loses_no_record(stream, engine):
    """Before, on batch: the claim put raised inside the record's transport, the dead letter
    needed the same store (its original over 256 KB), the failure was only logged, and the
    record's offset was committed with no observation and no dead letter."""
    store = stream.tmp / "store"
    store.mkdir()
    (store / "claims").write_bytes(b"not a folder")  # every claim write fails, even as root
    settings = stream.settings.with_(engine=engine, store=str(store))
    w = WorkerProc(stream.env(settings), stream.tmp / "worker0.log").start()
    stream.workers.append(w)
    await stream.create_topics()
    lines = [read_record(f"task-{t}", s, f"user{t}") for t in range(3) for s in range(3)]
    lines += [sized_record("task-big", 0, 600_000)]
    await stream.publish(lines)
    for _ in range(180):  # the worker starts, takes its partitions, fails its first claim write
        if any(m in w.output() for m in ("store failed", "record transport failed")) or not w.alive():
            break
        await asyncio.sleep(0.5)
    await asyncio.sleep(2.0)  # a few more tries
    assert w.alive(), stream.logs()
    (store / "claims").unlink()  # the store recovers
    wanted = {(orjson.loads(x)["task_id"], orjson.loads(x)["step_id"]) for x in lines}
    recs = await stream.read("observations", until=covers(wanted), timeout=60)
    big = [o for o in (orjson.loads(r.value) for r in recs) if o["task_id"] == "task-big"]
    assert big and big[0]["status"] == "success", big
    assert w.alive(), stream.logs()
    assert "store failed" in w.output(), "the outage is logged as such"
