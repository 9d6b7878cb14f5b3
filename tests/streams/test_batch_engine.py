"""The batch engine (``obsline worker --engine batch``, streams/batch.py) on the real broker."""

from __future__ import annotations

import asyncio
import base64
from collections import Counter

import orjson
import pytest
from breaking_worker import Breaking  # stages that raise for tasks p2 and p3
from conftest import (  # tests/streams/conftest.py
    WorkerProc,
    assert_complete_with_exact_repeats,
    assert_fresh_baseline_after_idle,
    assert_same_as_runner,
    covers,
    expected_observations,
    interleave,
    read_record,
)

from obsline.pipeline import Stages
from obsline.streams.batch import BatchEngine
from obsline.streams.changelog import state_topic

pytestmark = [pytest.mark.integration]

N_LINES = 400


def _ids(o: dict) -> tuple[str, int, str]:
    return o["task_id"], o["step_id"], o["action_id"]


def batch_worker(stream, worker_id: str | None = None, **overrides) -> WorkerProc:
    settings = stream.settings.with_(engine="batch", **overrides)
    env = stream.env(settings) | {"OBSLINE_ENGINE": "batch"} | ({"OBSLINE_WORKER_ID": worker_id} if worker_id else {})
    w = WorkerProc(env, stream.tmp / f"worker{len(stream.workers)}.log").start()
    stream.workers.append(w)
    return w


async def test_batch_end_to_end_matches_the_in_process_runner(stream, dev_lines):
    lines = dev_lines[:N_LINES]
    expected = expected_observations(lines)
    await stream.create_topics()
    batch_worker(stream)
    await stream.publish(interleave(lines))
    got = await stream.observations(len(lines), timeout=60)
    assert len(got) == len(lines), stream.logs()
    partition_of, _ = assert_same_as_runner(got, expected)

    # every stage topic carries one message per record, on the task's partition
    for role in ("fragments", "snapshots"):
        recs = await stream.read(role, until=lambda r: len(r) >= len(lines), timeout=20)
        assert len(recs) == len(lines), role
        assert all(partition_of[r.key.decode()] == r.partition for r in recs), role
    # the task state went to the compacted changelog
    recs = await stream.read(state_topic(stream.settings.topic_prefix), until=lambda r: len(r) > 0, timeout=10)
    assert recs and all(r.key.split(b"\x1f")[0].decode() in expected for r in recs)


async def test_batch_sigkill_restart_at_least_once_state_from_changelog(stream):
    await stream.create_topics()
    a, _b = batch_worker(stream), batch_worker(stream)  # two workers, one group
    lines = interleave([read_record(f"task-{t}", s, f"user{t}") for t in range(12) for s in range(10)])
    first, second = lines[:60], lines[60:]
    await stream.publish(first, pause=0.05, every=6)
    await stream.observations(20, timeout=60)  # mid-stream
    a.kill()
    publish = asyncio.create_task(stream.publish(second, pause=0.05, every=6))
    await asyncio.sleep(1.0)
    batch_worker(stream)  # restarted
    await publish
    wanted = {(orjson.loads(x)["task_id"], orjson.loads(x)["step_id"]) for x in lines}
    await stream.read("observations", until=covers(wanted), timeout=60)
    # the same read again after the restart, for every task (the killed worker's partitions moved)
    await stream.publish([read_record(f"task-{t}", 10, f"user{t}") for t in range(12)])
    wanted |= {(f"task-{t}", 10) for t in range(12)}
    await stream.read("observations", until=covers(wanted), timeout=30)
    await asyncio.sleep(1.0)  # late duplicates, if any
    got = await stream.observations(10**6, timeout=3)
    first_seen = assert_complete_with_exact_repeats(got, wanted, stream.logs())
    for t in range(12):  # per task in order, each step once in its first appearance
        steps = [o["step_id"] for o in first_seen.values() if o["task_id"] == f"task-{t}"]
        assert steps == sorted(steps)
    for t in range(12):  # baselines restored from the changelog by the partitions' new owners
        assert first_seen[(f"task-{t}", 10, "call-10")]["dedup"]["kind"] == "unchanged", t


async def test_batch_sigkill_restart_exactly_once_read_committed_has_no_duplicates(stream):
    await stream.create_topics()
    eos = {"processing_guarantee": "exactly_once"}
    a, _b = batch_worker(stream, "a", **eos), batch_worker(stream, "b", **eos)  # two workers, one group
    lines = interleave([read_record(f"task-{t}", s, f"user{t}") for t in range(12) for s in range(10)])
    # Traffic once both workers hold partitions: this test is about the crash (hand-overs while
    # records flow are tests/streams/test_eos_zombie.py's).
    await stream.group_stable(2)
    publish = asyncio.create_task(stream.publish(lines, pause=0.1, every=4))  # ~3 s of traffic
    await stream.observations(20, timeout=60, isolation_level="read_committed")
    a.kill()  # mid-stream: records processed since its last commit (at_least_once would repeat them)
    await asyncio.sleep(1.0)
    batch_worker(stream, "a", **eos)  # restarted with the same id: fences the dead one's open transaction
    await publish
    wanted = {(orjson.loads(x)["task_id"], orjson.loads(x)["step_id"]) for x in lines}
    await stream.read("observations", until=covers(wanted), timeout=60, isolation_level="read_committed")
    # the same read again after the restart, for every task (the killed worker's partitions moved)
    await stream.publish([read_record(f"task-{t}", 10, f"user{t}") for t in range(12)])
    wanted |= {(f"task-{t}", 10) for t in range(12)}
    await stream.read("observations", until=covers(wanted), timeout=30, isolation_level="read_committed")
    await asyncio.sleep(1.5)  # late duplicates, if any
    got = await stream.observations(10**6, timeout=3, isolation_level="read_committed")
    have = Counter(_ids(o) for o in got)
    assert {(t, s) for t, s, _ in have} == wanted, f"missing {sorted(wanted - {(t, s) for t, s, _ in have})[:5]}"
    dups = {k: n for k, n in have.items() if n > 1}
    assert not dups, f"{len(dups)} duplicates, e.g. {sorted(dups.items())[:5]}\n{stream.logs()}"
    by_ids = {_ids(o): o for o in got}
    for t in range(12):  # per task in order
        steps = [o["step_id"] for o in got if o["task_id"] == f"task-{t}"]
        assert steps == sorted(steps), t
        # baselines restored from the committed changelog by the partitions' new owners
        assert by_ids[(f"task-{t}", 10, "call-10")]["dedup"]["kind"] == "unchanged", t
    assert any("transactional id" in w.output() for w in stream.workers), stream.logs()


async def _in_process(stream, **overrides) -> tuple[BatchEngine, asyncio.Task]:
    base = Stages.default()
    engine = BatchEngine(stream.settings.with_(engine="batch", **overrides),
                         stages=Breaking(contracts=base.contracts))
    task = asyncio.create_task(engine.run())
    return engine, task


async def _stop(engine: BatchEngine, task: asyncio.Task) -> None:
    engine.stopping.set()
    await asyncio.wait_for(task, 30)


async def test_batch_poison_messages_go_to_the_dlq_and_the_engine_keeps_going(stream):
    await stream.create_topics()
    engine, run = await _in_process(stream)
    try:
        bad_envelope = orjson.dumps({"task_id": "p1", "action_id": "a1", "step_id": 0})  # no tool, no raw
        await stream.publish([b"this is not json", bad_envelope, read_record("p1", 1), read_record("p2", 3), read_record("p3", 4),
                              read_record("p1", 2)])
        dlq = await stream.read("dlq", until=lambda r: len(r) >= 4, timeout=40)
        letters = sorted((orjson.loads(r.value) for r in dlq), key=lambda d: (d["stage"], d["reason"]))
        assert [(d["stage"], d["reason"]) for d in letters] == [
            ("adapt", "bad_envelope"), ("adapt", "not_json"), ("align", "stage_exception"),
            ("observe", "stage_exception")]
        by = {d["reason"] + d["stage"]: d for d in letters}
        assert base64.b64decode(by["not_jsonadapt"]["original_b64"]) == b"this is not json"
        assert by["not_jsonadapt"]["source"]["topic"] == stream.topic("raw")
        assert by["bad_envelopeadapt"]["ids"]["task_id"] == "p1"
        assert "align broke" in by["stage_exceptionalign"]["problems"][0]
        assert by["stage_exceptionobserve"]["ids"]["task_id"] == "p3"

        got = await stream.observations(5, timeout=30)
        kinds = {(o["task_id"], o["step_id"]): o for o in got}
        assert kinds[("p1", 0)]["metadata"]["rejected"] == "bad_envelope"
        assert kinds[("p2", 3)]["metadata"]["rejected"] == "stage_exception"
        assert kinds[("p3", 4)]["metadata"]["rejected"] == "stage_exception"
        assert kinds[("p1", 1)]["status"] == "success" and kinds[("p1", 2)]["dedup"]["kind"] == "unchanged"
        assert not run.done()
    finally:
        await _stop(engine, run)


async def test_batch_ttl_expiry_tombstones_and_expired_note(stream):
    await stream.create_topics()
    engine, run = await _in_process(stream, state_ttl=1.5, expiry_interval=0.5)
    try:
        await assert_fresh_baseline_after_idle(stream, idle=3.0, timeout=30)
        recs = await stream.read(state_topic(stream.settings.topic_prefix),
                                 until=lambda r: any(x.value is None for x in r), timeout=10)
        assert any(r.value is None and r.key.startswith(b"ttl\x1fbaselines\x1f") for r in recs)
    finally:
        await _stop(engine, run)
