"""The gateway's memory is bounded (bounds.py): a task's state keeps a window of observations,
tasks are kept LRU and a closed session's task goes, the store's caches are capped, and none
of it loses an artifact or a reference. In-process gateway, the real SDK upstream over stdio."""

from __future__ import annotations

import gc
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import mcp_types as types
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import obsline.stores.artifacts as artifact_store
from obsline.integrations.mcp.bounds import Limits, TaskStates, trim_align
from obsline.integrations.mcp.gateway import Gateway
from obsline.integrations.mcp.upstream import UpstreamConfig

UPSTREAM = UpstreamConfig("orders", f"{sys.executable} -m bench.mcp_memory_server")


class Connection:
    """Stands for the SDK's connection object: weak-referenceable and hashable by identity."""

    def __init__(self, session_id: str) -> None:
        self.session_id = session_id


def _ctx(rpc: int, connection: Any) -> SimpleNamespace:
    return SimpleNamespace(meta=None, request_id=rpc, request=object(),
                           session=SimpleNamespace(_connection=connection, report_progress=None))


async def _lookup(gw: Gateway, rpc: int, order: int, connection: Any) -> types.CallToolResult:
    return await gw.call_tool(_ctx(rpc, connection), types.CallToolRequestParams(name="lookup",
                                                                                 arguments={"id": order}))


@pytest.fixture
async def gateway(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(artifact_store, "MAX_CACHED", 16)
    gw = await Gateway([UPSTREAM], tmp_path / "store", limits=Limits(window=20, max_tasks=4)).start()
    yield gw
    await gw.close()


async def test_one_long_task_keeps_a_window_and_every_artifact_stays_readable(gateway: Gateway) -> None:
    conn = Connection("s-long")
    first = await _lookup(gateway, 0, 0, conn)
    for i in range(1, 200):
        await _lookup(gateway, i, i, conn)
    again_recent = await _lookup(gateway, 200, 195, conn)
    again_old = await _lookup(gateway, 201, 0, conn)
    task = first.meta["obsline"]["task_id"]
    fold, align = gateway.runner.fold_state[task], gateway.runner.align_state[task]
    assert len(fold["baselines"]) <= 30 and len(fold["calls"]) <= 30 and len(fold["texts"]) <= 30
    assert len(align["facts"]) <= 31
    assert len(gateway.tasks._actions[task]) <= 2048 and len(gateway.store._entries) <= 16
    assert again_recent.meta["obsline"]["dedup"] == "unchanged"  # inside the window: folds
    assert again_old.meta["obsline"]["dedup"] == "new"  # out of it: shown in full, never "same as" a lost #N
    page = gateway.read_artifact(_ctx(202, conn), {"ref": first.meta["obsline"]["artifact"]})
    assert not page.is_error and "#W0000000" in page.content[0].text  # out of the cache: read back
    assert again_old.meta["obsline"]["step_id"] == 201  # the step counter never restarts


async def test_closed_sessions_leave_nothing_and_tasks_are_kept_lru(gateway: Gateway) -> None:
    refs = []
    for s in range(12):
        conn = Connection(f"s-{s}")
        result = await _lookup(gateway, 1, s, conn)
        refs.append((result.meta["obsline"]["artifact"], result.meta["obsline"]["task_capability"]))
        del conn, result
        gc.collect()  # the connection goes: its task is forgotten at the next call
    assert len(gateway.kept.states) <= 2 and len(gateway.runner.fold_state) <= 2
    assert len(gateway.tasks._sessions) <= 2 and len(gateway.index._refs) <= 2
    assert len(gateway.tasks._steps) <= 3 and len(gateway.history._tasks) <= 2  # + the process task's counter
    kept = [Connection(f"k-{s}") for s in range(6)]
    for s, conn in enumerate(kept):
        await _lookup(gateway, 1, 100 + s, conn)
    assert len(gateway.kept.states) == 4 and len(gateway.runner.fold_state) <= 4  # max_tasks
    ref, capability = refs[0]
    resumed = await gateway.call_tool(SimpleNamespace(meta={"obsline/task": capability}, request_id=1,
                                                      request=object(), session=None),
                                      types.CallToolRequestParams(name="lookup", arguments={"id": 0}))
    assert resumed.meta["obsline"]["artifact"] != ref  # a forgotten task's next ref is a new one
    assert resumed.meta["obsline"]["step_id"] == 0 and "~" in resumed.meta["obsline"]["action_id"]  # tagged
    page = gateway.read_artifact(SimpleNamespace(meta={"obsline/task": capability}, session=None), {"ref": ref})
    assert not page.is_error


def test_idle_tasks_go_after_the_ttl() -> None:
    now = [0.0]
    gone: list[str] = []
    states = TaskStates(Limits(max_tasks=10, idle_seconds=60), lambda t, closed: gone.append(t), lambda: now[0])
    states.used("a")
    now[0] = 30
    states.used("b")
    now[0] = 70
    states.used("b")
    assert gone == ["a"] and "b" in states


def test_align_trim_keeps_recent_readings_only() -> None:
    state = {"facts": {"e1": {"x": {"1": [["t", 1, "a", 1.0]], "2": [["t", 9, "b", 1.0]]}},
                       "e2": {"y": {"3": [["t", 2, "c", 1.0]]}}},
             "effects": {"e1": [1, 9]}, "reported": {"e2": {"y": []}}}
    trim_align(state, 5)
    assert state == {"facts": {"e1": {"x": {"2": [["t", 9, "b", 1.0]]}}}, "effects": {"e1": [9]}, "reported": {}}


def _lru_reference(used: dict[str, float], task: str, now: float, limits: Limits) -> tuple[dict[str, float], list[str]]:
    """The plain twin of ``TaskStates.used``: the whole LRU walked, oldest first."""
    used = {k: v for k, v in used.items() if k != task} | {task: now}
    gone: list[str] = []
    for old, last in list(used.items()):
        if len(used) <= limits.max_tasks and now - last <= limits.idle_seconds:
            break
        del used[old]
        gone.append(old)
    return used, gone


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 4), st.lists(st.tuples(st.sampled_from("abcdef"), st.integers(0, 50)), max_size=40))
def test_the_lru_walk_stops_at_the_first_kept_task_as_the_whole_walk_would(cap: int, calls: list[tuple[str, int]]) -> None:
    limits, now = Limits(max_tasks=cap, idle_seconds=60), [0.0]
    gone: list[str] = []
    states = TaskStates(limits, lambda t, closed: gone.append(t), lambda: now[0])
    model: dict[str, float] = {}
    for task, step in calls:
        now[0] += step
        model, expected = _lru_reference(model, task, now[0], limits)
        gone.clear()
        states.used(task)
        assert gone == expected and list(states._used.items()) == list(model.items())
