"""exactly_once against a zombie (real broker): a batch worker paused past the session timeout
(SIGSTOP) and resumed (SIGCONT) while records flow.

Its transactional id names the worker, so the partitions' new owner does not fence it;
resumed, it commits the batch it held, which the new owner processed again (1,501 duplicates
in one run of docs/reliability.md, 64 here): an open defect, so this test is a non-strict xfail.
The fold state of every task survives the pause: each
re-read is what the in-process runner makes of it (``unchanged``), not ``new``.
"""

from __future__ import annotations

import asyncio
import signal
from collections import Counter

import orjson
import pytest
from conftest import covers, expected_observations, interleave, read_record  # tests/streams/conftest.py
from test_batch_engine import batch_worker

pytestmark = [pytest.mark.integration]


@pytest.mark.xfail(strict=False, reason=(
    "open defect: the transactional id names the worker, so the partitions' new owner does not fence the "
    "resumed worker (64 duplicates); a per-partition id fenced it but doubled records at ordinary hand-overs, "
    "so it was not landed (docs/streaming.md, Guarantees)"))
async def test_batch_exactly_once_a_worker_paused_past_the_session_timeout_commits_no_duplicate(stream):
    await stream.create_topics()
    eos = {"processing_guarantee": "exactly_once"}
    zombie, other = batch_worker(stream, "a", **eos), batch_worker(stream, "b", **eos)
    assert zombie.proc is not None
    await stream.group_stable(2)
    lines = interleave([read_record(f"task-{t}", s, f"user{t}") for t in range(12) for s in range(40)])
    publish = asyncio.create_task(stream.publish(lines, pause=0.1, every=4))  # ~12 s of traffic
    await stream.observations(30, timeout=60, isolation_level="read_committed")
    zombie.proc.send_signal(signal.SIGSTOP)
    try:
        await asyncio.sleep(stream.settings.session_timeout + 6)  # its partitions go to the other worker
    finally:
        zombie.proc.send_signal(signal.SIGCONT)
    await publish
    wanted = {(orjson.loads(x)["task_id"], orjson.loads(x)["step_id"]) for x in lines}
    await stream.read("observations", until=covers(wanted), timeout=90, isolation_level="read_committed")
    await asyncio.sleep(3.0)  # the resumed worker's late commits, if any
    got = await stream.observations(10**6, timeout=3, isolation_level="read_committed")
    have = Counter((o["task_id"], o["step_id"], o["action_id"]) for o in got)
    assert {(t, s) for t, s, _ in have} == wanted
    dups = {k: n for k, n in have.items() if n > 1}
    assert not dups, f"{len(dups)} duplicates, e.g. {sorted(dups.items())[:5]}\n{stream.logs()}"
    expected = {(o["task_id"], o["step_id"]): o["dedup"]["kind"]
                for per_task in expected_observations(lines).values() for o in per_task}
    kinds = {(o["task_id"], o["step_id"]): o["dedup"]["kind"] for o in got}
    differ = sorted(k for k in wanted if kinds[k] != expected[k])
    assert not differ, f"{len(differ)} differ from in-process, e.g. {[(k, kinds[k], expected[k]) for k in differ[:5]]}"
    assert zombie.alive() and other.alive(), stream.logs()
