"""Results up to the broker's size limit on both engines, re-keying, and publish past bad lines."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import orjson
import pytest
from aiokafka import AIOKafkaProducer
from conftest import REPO, WorkerProc, covers, read_record

from bench.reliability import LADDER, sized_record, string_record
from obsline.streams.claimcheck import ClaimStore, is_claim, resolve
from obsline.streams.keys import partition_for

pytestmark = [pytest.mark.integration]

def batch_worker(stream) -> WorkerProc:
    w = WorkerProc(stream.env(stream.settings) | {"OBSLINE_ENGINE": "batch"},
                   stream.tmp / f"worker{len(stream.workers)}.log").start()
    stream.workers.append(w)
    return w


async def _ladder(stream, worker: WorkerProc) -> None:
    lines = [sized_record("big", i, size) for i, size in enumerate(LADDER)] + [read_record("big", len(LADDER))]
    assert len(lines[-2]) > 1_000_000
    await stream.publish(lines)
    wanted = {("big", i) for i in range(len(lines))}
    recs = await stream.read("observations", until=covers(wanted), timeout=120)
    got = {(o["task_id"], o["step_id"]): o for o in (orjson.loads(r.value) for r in recs)}
    assert wanted <= got.keys(), f"missing {sorted(wanted - got.keys())}\n{stream.logs()}"
    assert all(got[("big", i)]["status"] == "success" for i in range(len(LADDER))), stream.logs()
    assert worker.alive(), stream.logs()
    frags = await stream.read("fragments", until=lambda r: len(r) >= len(lines), timeout=30)
    claims = [r for r in frags if is_claim(r.value)]
    assert claims, "the large fragments went through the claim store"
    d = orjson.loads(resolve(claims[0].value, ClaimStore(stream.settings.artifact_dir)))
    assert d["ids"]["task_id"] == "big"


@pytest.mark.parametrize("engine", ["faust", "batch"])
async def test_a_one_megabyte_single_string_result_and_its_re_reads_keep_the_worker_up(stream, engine):
    """Before: on faust the fold table's row holding the ~1 MB string went to its changelog
    as it was, over the producer's limit, and the worker exited."""
    await stream.create_topics()
    worker = stream.worker() if engine == "faust" else batch_worker(stream)
    lines = [string_record("log", 0, 1_000_000), string_record("log", 1, 1_000_000),
             string_record("log", 2, 1_000_000, change=500), read_record("log", 3)]
    assert all(len(line) > 990_000 for line in lines[:3])
    await stream.publish(lines)
    wanted = {("log", i) for i in range(len(lines))}
    recs = await stream.read("observations", until=covers(wanted), timeout=180)
    got = {(o["task_id"], o["step_id"]): o for o in (orjson.loads(r.value) for r in recs)}
    assert wanted <= got.keys(), f"missing {sorted(wanted - got.keys())}\n{stream.logs()}"
    assert [got[("log", i)]["status"] for i in range(3)] == ["success"] * 3
    assert got[("log", 1)]["dedup"]["kind"] == "unchanged", got[("log", 1)]["text"][:300]
    for _ in range(20):  # the changelog rows go out at the next commits: the worker must outlive them
        assert worker.alive(), stream.logs()
        await asyncio.sleep(0.5)


async def test_faust_every_size_up_to_the_broker_limit_gets_its_observation(stream):
    await stream.create_topics()
    await _ladder(stream, stream.worker())


async def test_batch_every_size_up_to_the_broker_limit_gets_its_observation(stream):
    await stream.create_topics()
    await _ladder(stream, batch_worker(stream))


async def test_batch_a_raw_keyed_otherwise_is_processed_on_its_task_partition(stream):
    await stream.create_topics()
    batch_worker(stream)
    n = stream.settings.partitions
    tasks = [f"rk-{i}" for i in range(8)]
    producer = AIOKafkaProducer(bootstrap_servers=stream.bootstrap)
    await producer.start()
    try:
        for step in range(3):
            for t in tasks:  # keyed by something else, or on an explicit other partition
                other = (partition_for(t.encode(), n) + 1) % n
                await producer.send_and_wait(stream.topic("raw"), read_record(t, step, t), key=b"not-" + t.encode(),
                                             partition=other)
    finally:
        await producer.stop()
    wanted = {(t, s) for t in tasks for s in range(3)}
    recs = await stream.read("observations", until=covers(wanted), timeout=60)
    for r in recs:
        o = orjson.loads(r.value)
        assert r.key == o["task_id"].encode() and r.partition == partition_for(r.key, n)
    by = {(o["task_id"], o["step_id"]): o for o in (orjson.loads(r.value) for r in recs)}
    assert all(by[(t, 2)]["dedup"]["kind"] == "unchanged" for t in tasks)  # one owner: state not split
    frags = await stream.read("fragments", until=lambda r: len(r) >= len(wanted), timeout=20)
    assert all(r.partition == partition_for(r.key, n) for r in frags)


async def test_publish_reports_each_line_it_cannot_send_and_sends_the_rest(stream, tmp_path):
    await stream.create_topics()
    path = tmp_path / "in.jsonl"
    path.write_bytes(b"\n".join([read_record("pub", 0), b"x" * 2_000_000, read_record("pub", 1)]) + b"\n")
    env = stream.env(stream.settings)
    done = subprocess.run([sys.executable, "-m", "obsline", "publish", str(path)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert f"{path}:2: not sent" in done.stderr and "published 2 records" in done.stderr
    recs = await stream.read("raw", until=lambda r: len(r) >= 2, timeout=20)
    assert sorted(orjson.loads(r.value)["step_id"] for r in recs) == [0, 1]
