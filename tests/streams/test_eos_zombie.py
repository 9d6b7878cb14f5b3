"""exactly_once on the real broker when a partition changes hands while records flow.

- A batch worker paused past the session timeout (SIGSTOP) and resumed (SIGCONT): its
  partitions' new owner fences it (a transactional id per input partition), so it commits
  nothing the new owner processes again. Before the fence: 1,501 duplicates in one run of
  docs/reliability.md, 64 here.
- Ordinary hand-overs (a worker joins, one leaves) while records flow: the owner of a kept
  partition re-reads its committed offset after the rebalance, which the broker may not have
  materialized for its last transaction yet; re-initializing every owned partition's producer
  first waits for it (before: 4-76 duplicates in two of six runs).

The fold state of every task survives: each re-read is what the in-process runner makes of it
(``unchanged``), not ``new``.
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections import Counter

import orjson
import pytest
from conftest import covers, expected_observations, interleave, read_record  # tests/streams/conftest.py
from test_batch_engine import batch_worker

pytestmark = [pytest.mark.integration]

PAUSE = float(os.environ.get("OBSLINE_ZOMBIE_PAUSE", "0"))  # seconds; default: the session timeout + 6


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
        await asyncio.sleep(PAUSE or stream.settings.session_timeout + 6)  # its partitions go to the other worker
    finally:
        zombie.proc.send_signal(signal.SIGCONT)
    await publish
    await assert_once_each_as_in_process(stream, lines)
    assert zombie.alive() and other.alive(), stream.logs()


async def assert_once_each_as_in_process(stream, lines: list[bytes]) -> None:
    """read_committed: every record has exactly one observation, of the in-process kind."""
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


async def test_batch_exactly_once_hand_overs_while_records_flow_commit_no_duplicate(stream):
    await stream.create_topics()
    eos = {"processing_guarantee": "exactly_once"}
    first = batch_worker(stream, "a", **eos)
    await stream.group_stable(1)
    lines = interleave([read_record(f"task-{t}", s, f"user{t}") for t in range(12) for s in range(40)])
    publish = asyncio.create_task(stream.publish(lines, pause=0.1, every=4))  # ~12 s of traffic
    await stream.observations(30, timeout=60, isolation_level="read_committed")
    joining = batch_worker(stream, "b", **eos)  # a hand-over: half the partitions move
    await stream.group_stable(2)
    await stream.observations(150, timeout=60, isolation_level="read_committed")
    joining.stop()  # and back
    await publish
    await assert_once_each_as_in_process(stream, lines)
    assert first.alive(), stream.logs()
