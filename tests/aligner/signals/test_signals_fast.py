"""``read_signals`` (a success with nothing around it read in one pass) against its plain twin
``read_signals_reference`` (every reading in turn): over any sequence of records, replays
included, the same signals and the same state after each record."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.aligner.signals import SECTIONS, SignalLimits, read_signals, read_signals_reference, settle
from obsline.core.models import Adapted, RawEnvelope, Status
from obsline.pipeline import Stages

STAGES = Stages.default()
# Results that reach every branch: plain reads, a write (done twice), errors of two classes and
# a timeout (runs, retries), a pending job and its result, versions (going back), an ETag.
RAWS: list[tuple[Any, dict[str, Any]]] = [
    ({"id": "1", "status": "shipped", "total": 5}, {}),
    ({"id": "1", "status": "cancelled"}, {}),
    ("plain text result\nwith two lines", {}),
    ("Error: thing 9 not found", {}),
    ("timed out", {"http_status": 504}),
    ({"error": "rate limited, retry later"}, {"http_status": 429}),
    ({"job_id": "J-17", "status": "running"}, {}),
    ({"job_id": "J-17", "rows": 12}, {}),
    ({"id": "D1", "version": 5, "body": "new"}, {}),
    ({"id": "D1", "version": 3, "body": "old"}, {}),
    ({"id": "D1", "ETag": "W/\"x\""}, {}),
]
TOOLS = ["get_order", "cancel_order", "search", "export_status", "update_doc"]
ARGS: list[dict[str, Any] | None] = [None, {"id": "1"}, {"id": "1", "x": 2}, {"job_id": "J-17"},
                                     {"id": "D1", "expected_version": 3}, {"q": "x"}]


@st.composite
def records(draw: st.DrawFn) -> list[tuple[Adapted, int | None, int]]:
    """(adapted, its #N, the tokens it was shown) for a task's records, some processed twice."""
    out: list[tuple[Adapted, int | None, int]] = []
    step, ts = 0, 1000.0
    for i in range(draw(st.integers(1, 14))):
        step = max(0, step + draw(st.sampled_from([0, 1, 1, 1, 2, -1])))
        ts += draw(st.sampled_from([0.5, 1.0, 30.0, 2000.0]))
        raw, extra = draw(st.sampled_from(RAWS))
        envelope = RawEnvelope(task_id="t", step_id=step, action_id=draw(st.sampled_from([f"a{step}", "b", "c"])),
                               tool=draw(st.sampled_from(TOOLS)), args=draw(st.sampled_from(ARGS)),
                               raw=raw if isinstance(raw, str) else orjson.dumps(raw).decode(), ts=ts,
                               query_ts=draw(st.sampled_from([None, None, ts + 1.0, ts + 90.0])), **extra)
        adapted = STAGES.adapt(envelope).adapted
        number = draw(st.sampled_from([None, i + 1]))
        tokens = draw(st.sampled_from([3, 40, 400]))
        out.append((adapted, number, tokens))
        if draw(st.integers(0, 5)) == 0:  # the same record again (a replay on Kafka)
            out.append((adapted, number, tokens))
    return out


@settings(max_examples=300, deadline=None)
@given(sequence=records(), max_steps=st.integers(2, 12), max_tokens=st.sampled_from([100, 600, 400_000]))
def test_read_signals_agrees_with_its_reference(sequence: list[tuple[Adapted, int | None, int]], max_steps: int,
                                                max_tokens: int) -> None:
    limits = SignalLimits(max_steps=max_steps, max_tokens=max_tokens, max_consecutive_errors=2, max_timeouts=2)
    state: dict[str, Any] = {name: {} for name in SECTIONS}
    for adapted, number, tokens in sequence:
        plain_state = copy.deepcopy(state)
        fast = read_signals(adapted, state, number, limits)
        plain = read_signals_reference(adapted, plain_state, number, limits)
        assert dataclasses.asdict(fast) == dataclasses.asdict(plain)
        assert state == plain_state
        settle(state, fast, tokens)
        settle(plain_state, plain, tokens)
        assert state == plain_state


def test_the_fast_reading_is_the_one_most_records_take(monkeypatch):
    """A plain success outside any pending or version is read without the reference (a test
    that fails when the cheap gate lets nothing through)."""
    import obsline.aligner.signals as signals

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("read by the reference")

    monkeypatch.setattr(signals, "read_signals_reference", refuse)
    state: dict[str, Any] = {name: {} for name in SECTIONS}
    raw = orjson.dumps({"id": "1", "status": "shipped"}).decode()
    for step in range(3):
        adapted = STAGES.adapt(RawEnvelope(task_id="t", step_id=step, action_id=f"a{step}", tool="get_order",
                                           args={"id": "1"}, raw=raw)).adapted
        assert adapted.status is Status.SUCCESS
        found = read_signals(adapted, state, step + 1)
        settle(state, found, 10)
    assert found.repeat_of is not None and found.repeat_of["step"] == 1  # the repeat is still read on the fast path
