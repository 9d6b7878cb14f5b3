"""Replaying a record gives the same signals (at-least-once on Kafka): processed again against
a state that holds any part of its own first processing's signal rows (a worker killed between
two row writes), it yields the same observation and leaves the same signal state."""

from __future__ import annotations

import copy
from itertools import combinations
from pathlib import Path

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from obsline.aligner.signals import SECTIONS, SignalLimits
from obsline.aligner.signals.replay import ActionRows, Latest, action_key, put, put_reference
from obsline.core import codec
from obsline.pipeline import Runner, Stages
from tests.aligner.signals.helpers import rec

ORDER = {"order_id": "1", "status": "shipped", "total": 5}


def test_a_row_reads_as_it_was_before_to_its_own_writer_and_as_written_to_others():
    rows: dict = {"n": 1}
    first = ActionRows(rows, "3/a3/x")
    first["n"] = first.get("n") + 1
    assert first.get("n") == 2  # its own write, read back in the same pass
    assert ActionRows(rows, "3/a3/x").get("n") == 1  # the same record again: what it replaced
    assert ActionRows(rows, "4/a4/y").get("n") == 2  # any other record: the value
    again = ActionRows(rows, "3/a3/x")
    again["n"] = again.get("n") + 1
    assert rows["n"] == {"v": 2, "by": "3/a3/x", "p": 1}  # written twice, the same row
    fresh = ActionRows(rows, "5/a5/z")
    fresh["new"] = "x"
    assert ActionRows(rows, "5/a5/z").get("new") is None and "new" not in ActionRows(rows, "5/a5/z")
    assert Latest(rows).get("new") == "x" and Latest(rows)["n"] == 2


def _adversarial() -> list[bytes]:
    """Every signal at least once: repeats (keys reordered), a write done twice, a run of one
    error class worded differently, timeouts with retry advice, a pending resolved later,
    versions going back, a stale write, the step limit."""
    return [
        rec(0, "get_order", ORDER, {"id": "1", "x": 2}, ts=1000),
        rec(1, "get_order", ORDER, {"x": 2, "id": "1"}, ts=1001),
        rec(2, "cancel_order", {"order_id": "1", "status": "cancelled"}, {"id": "1"}, ts=1002),
        rec(3, "cancel_order", {"order_id": "1", "status": "cancelled"}, {"id": "1"}, ts=1003),
        rec(4, "get_thing", "Error: thing 9 not found", {"id": "9"}, ts=1004),
        rec(5, "get_thing", {"error": "No such thing: 10"}, {"id": "10"}, ts=1005),
        rec(6, "get_thing", "thing 12 not found", {"id": "12"}, http_status=404, ts=1006),
        rec(7, "search", "timed out", {"q": "x"}, http_status=504, ts=1007),
        rec(8, "search", "timed out", {"q": "x"}, http_status=408, ts=1008),
        rec(9, "start_export", {"job_id": "J-17", "status": "running"}, {"q": "x"}, ts=1010),
        rec(10, "export_status", {"job_id": "J-17", "status": "running"}, {"job_id": "J-17"}, ts=1020),
        rec(11, "get_doc", {"id": "D1", "version": 5, "body": "new"}, {"id": "D1"}, ts=1030),
        rec(12, "get_doc", {"id": "D1", "version": 3, "body": "old"}, {"id": "D1"}, ts=1031),
        rec(13, "export_result", {"job_id": "J-17", "rows": 12}, {"job_id": "J-17"}, ts=1052),
        rec(14, "update_doc", {"id": "D1", "version": 6}, {"id": "D1", "expected_version": 3}, ts=1053),
        rec(15, "get_order", ORDER, {"id": "1", "x": 2}, ts=1054),
    ]


def _signal_rows(state: dict) -> dict[tuple[str, str], object]:
    return {(s, k): v for s in SECTIONS for k, v in state.get(s, {}).items()}


def _text(processed) -> bytes:
    return codec.encode(processed.observation)


def _replays_agree(runner: Runner, line: bytes, task: str = "t") -> int:
    """Process ``line``; then again from the state before it plus every subset of the signal
    rows its first processing wrote: the same observation and signal rows each time.
    Returns how many partial states were tried."""
    align_before = copy.deepcopy(runner.align_state.get(task))
    fold_before = copy.deepcopy(runner.fold_state.get(task))
    first = runner.process(line)
    after = copy.deepcopy(runner.fold_state[task])
    before_rows, after_rows = _signal_rows(fold_before or {}), _signal_rows(after)
    written = [key for key, value in after_rows.items() if before_rows.get(key) != value]
    tried = 0
    for size in range(len(written) + 1):
        for subset in combinations(written, size):
            state = copy.deepcopy(fold_before)
            if state is not None:
                for section, key in subset:
                    state[section][key] = copy.deepcopy(after[section][key])
            runner.align_state[task] = copy.deepcopy(align_before)
            if state is None:
                runner.fold_state.pop(task, None)
            else:
                runner.fold_state[task] = state
            again = runner.process(line)
            assert _text(again) == _text(first), f"replay with rows {subset} differs"
            assert _signal_rows(runner.fold_state[task]) == after_rows, f"state after a replay with {subset}"
            tried += 1
    runner.fold_state[task] = after
    return tried


def test_a_record_replayed_against_any_part_of_its_own_writes_gives_the_same_observation():
    stages = Stages.default(signal_limits=SignalLimits(max_steps=12, max_consecutive_errors=3))
    runner = Runner(stages)
    tried = sum(_replays_agree(runner, line) for line in _adversarial())
    assert tried > 2 * len(_adversarial())  # partial states were really tried, not just none and all
    texts = [o.text for o in (p.observation for p in Runner(stages).run(_adversarial()))]
    assert any("same call as" in t for t in texts) and any("breaker:" in t for t in texts)
    assert any("result of pending" in t for t in texts) and any("version went back" in t for t in texts)


def test_the_state_key_of_a_record_tells_apart_a_reused_action_id():
    assert action_key(3, "a", "abc") != action_key(3, "a", "abd")
    assert action_key(3, "a", None) == "3/a/"


DEV = Path("/work/shared/data/tau-traces/dev.jsonl")
FOREIGN = Path("/work/shared/data/foreign-dev/foreign-dev.jsonl")


@pytest.mark.parametrize("path", [DEV, FOREIGN], ids=["tau-dev", "foreign-dev"])
def test_replays_on_real_traces_give_the_same_observation(path):
    if not path.exists():
        pytest.skip(f"{path} not on this machine")
    lines = [line for line in path.read_bytes().splitlines() if line.strip()]
    by_task: dict[str, list[bytes]] = {}
    for line in lines:
        task = orjson.loads(line).get("task_id")
        if isinstance(task, str) and (task in by_task or len(by_task) < 12):
            by_task.setdefault(task, []).append(line)
    runner = Runner(Stages.default())
    tried = 0
    for task, task_lines in by_task.items():
        for line in task_lines[:40]:
            tried += _replays_agree(runner, line, task)
    assert tried >= 100


_ROW_VALUES = st.one_of(st.none(), st.integers(), st.text(max_size=3),
                        st.dictionaries(st.sampled_from(["v", "by", "p", "n"]),
                                        st.one_of(st.none(), st.integers(), st.sampled_from(["a", "b"])), max_size=4))


@given(st.dictionaries(st.sampled_from(["k", "j"]), _ROW_VALUES, max_size=2), st.sampled_from(["k", "j"]),
       st.integers(), st.sampled_from(["a", "b"]))
def test_put_agrees_with_its_plain_twin(rows, key, value, by):
    fast, plain = copy.deepcopy(rows), copy.deepcopy(rows)
    put(fast, key, value, by)
    put_reference(plain, key, value, by)
    assert fast == plain and list(fast[key]) == list(plain[key])  # the same row, its keys in the same order
