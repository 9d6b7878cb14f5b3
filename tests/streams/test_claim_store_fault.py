"""A failing claim store on the real broker (batch engine): a record that needs a claim check
must not end as a committed offset with no output. Its dead letter needed the claim store too
(the original is over EMBED_MAX), so before the fix it got neither an observation nor a dead
letter, only a log line, while the small records of the batch went through. Now the letter goes
out with ``original_unstored`` (the bytes stay at their source offset)."""

from __future__ import annotations

import orjson
import pytest
from conftest import WorkerProc, covers, read_record

from bench.reliability import sized_record

pytestmark = [pytest.mark.integration]


async def test_a_failing_claim_store_is_never_a_silent_loss(stream):
    store = stream.tmp / "store"
    store.mkdir()
    (store / "claims").write_bytes(b"not a folder")  # every claim put fails; artifacts still work
    settings = stream.settings.with_(engine="batch", store=str(store))
    w = WorkerProc(stream.env(settings), stream.tmp / "worker0.log").start()
    stream.workers.append(w)
    await stream.create_topics()
    small = [read_record("task-a", s, "user1") for s in range(3)]
    await stream.publish([*small, sized_record("task-big", 0, 1_000_000)])
    wanted = {("task-a", s) for s in range(3)}
    await stream.read("observations", until=covers(wanted), timeout=90)

    def big_out(r) -> bool:
        d = orjson.loads(r.value)
        return d.get("task_id") == "task-big" or (d.get("ids") or {}).get("task_id") == "task-big"

    obs = await stream.read("observations", until=lambda rs: any(big_out(r) for r in rs), timeout=20)
    dlq = await stream.read("dlq", until=lambda rs: any(big_out(r) for r in rs), timeout=5)
    assert any(big_out(r) for r in obs) or any(big_out(r) for r in dlq), \
        "the big record got neither an observation nor a dead letter:\n" + stream.logs()
    assert w.alive(), stream.logs()
