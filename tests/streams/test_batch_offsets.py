"""exactly_once in the batch engine: a poll's records below a partition's next offset are not run
again (streams/batch.py, ``BatchEngine.unseen``). A unit test of ``process`` with the stage path
and the transaction stood in for; the real-broker hand-over tests are in test_eos_zombie.py.

Why: the assignment callback fences the partition, reads its committed offset and seeks there,
but aiokafka's fetcher starts from its own, earlier read of that offset while the callback runs,
and a poll already returned then is handed to ``process`` afterwards: its records below the
committed offset were processed and committed by the previous owner (or by this worker before
the rebalance), and running them again doubles their observations.
"""

from __future__ import annotations

from types import SimpleNamespace

import orjson
from aiokafka import TopicPartition

from obsline.streams.batch import BatchEngine
from obsline.streams.changelog import Store
from obsline.streams.settings import Settings


def _record(offset: int) -> SimpleNamespace:
    value = orjson.dumps({"task_id": "t", "step_id": offset, "action_id": f"c{offset}", "tool": "x", "raw": {}})
    return SimpleNamespace(topic="obsline.raw", partition=0, offset=offset, key=b"t", value=value,
                           headers=(), timestamp=0)


async def _run_poll(tmp_path, guarantee: str, next_offset: int | None) -> tuple[list[int], dict]:
    engine = BatchEngine(Settings(artifact_dir=str(tmp_path), processing_guarantee=guarantee), worker="w")
    engine.stores[0] = Store()
    if next_offset is not None:
        engine.next_offset[0] = next_offset
    ran: list[int] = []
    committed: dict = {}
    engine.path.handle = lambda rec, *args, **kw: ran.append(rec.offset) or True  # type: ignore[method-assign]

    async def transact(outs, offsets, rewind):
        committed.update(offsets)
        return True

    async def nothing(*args):
        return None

    engine.transact, engine.store_durable, engine.flush = transact, nothing, nothing  # type: ignore[method-assign]
    tp = TopicPartition(engine.raw, 0)
    await engine.process({tp: [_record(o) for o in range(3, 9)]})
    return ran, {p.partition: off for p, off in committed.items()}


async def test_exactly_once_skips_the_records_of_a_poll_below_the_partitions_next_offset(tmp_path):
    ran, committed = await _run_poll(tmp_path, "exactly_once", next_offset=5)
    assert ran == [5, 6, 7, 8]
    assert committed == {0: 9}


async def test_a_poll_entirely_below_the_next_offset_runs_and_commits_nothing(tmp_path):
    ran, committed = await _run_poll(tmp_path, "exactly_once", next_offset=20)
    assert ran == [] and committed == {}


async def test_a_partition_taken_afresh_runs_its_whole_poll(tmp_path):
    ran, committed = await _run_poll(tmp_path, "exactly_once", next_offset=None)
    assert ran == [3, 4, 5, 6, 7, 8] and committed == {0: 9}


class _Producer:
    def __init__(self, tid: str, log: list[str]) -> None:
        self.tid, self.log = tid, log

    async def start(self) -> None:
        self.log.append(f"init {self.tid}")  # init_transactions: fences the id, waits for its last txn

    async def stop(self) -> None:
        self.log.append(f"stop {self.tid}")


async def test_every_owned_partition_is_fenced_again_at_each_assignment_kept_ones_too():
    from obsline.streams.transactions import Transactions

    log: list[str] = []
    txns = Transactions("app", "raw", lambda tid: _Producer(tid, log), 10_000)
    assert await txns.own({0, 1}) == [0, 1]
    log.clear()
    assert await txns.own({1, 2}) == [1, 2]  # 1 kept: its committed offset is read only after its init
    assert sorted(log) == ["init app-raw-p1", "init app-raw-p2", "stop app-raw-p0", "stop app-raw-p1"]
    assert log.index("stop app-raw-p1") < log.index("init app-raw-p1")
