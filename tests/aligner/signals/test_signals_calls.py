"""Repeated calls, breakers and retry advice (seed 002), on made-up adversarial records and on
both dev files."""

from __future__ import annotations

from collections import defaultdict

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from obsline.aligner.signals import SignalLimits, ToolLimits, args_hash
from obsline.aligner.signals.calls import args_hash_reference
from obsline.pipeline import Stages
from obsline.sinks.metrics import PipelineMetrics
from tests.aligner.signals.helpers import rec, replay

ORDER = {"order_id": "1", "status": "shipped", "total": 5}


def test_key_order_never_matters_at_any_depth():
    a = {"id": "1", "filter": {"from": "2024-01-01", "to": "2024-02-01"}, "n": 3}
    b = {"n": 3, "filter": {"to": "2024-02-01", "from": "2024-01-01"}, "id": "1"}
    assert args_hash("get", a) == args_hash("get", b)


@pytest.mark.parametrize(("one", "other"), [
    ({"id": "123"}, {"id": 123}), ({"n": 1}, {"n": 1.0}), ({"flag": True}, {"flag": 1}),
    ({"x": None}, {}), ({"ids": [1, 2]}, {"ids": [2, 1]}), ({"a": "1"}, {"a": "1 "}),
])
def test_types_and_values_are_kept_apart(one, other):
    assert args_hash("get", one) != args_hash("get", other)


def test_the_tool_is_part_of_the_call():
    assert args_hash("get_order", {"id": "1"}) != args_hash("cancel_order", {"id": "1"})


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                     max_leaves=12)


_odd = st.one_of(st.decimals(allow_nan=False), st.dates(), st.integers(min_value=2**64), st.tuples(st.integers()))


@given(st.dictionaries(st.text(max_size=6), _json | _odd, max_size=5))
def test_fast_hash_agrees_with_its_reference_twin(args):
    assert args_hash("tool", args) == args_hash_reference("tool", args)


def test_values_json_cannot_hold_keep_their_type():
    from datetime import date
    from decimal import Decimal
    assert args_hash("t", {"d": Decimal("1.5")}) != args_hash("t", {"d": "1.5"})
    assert args_hash("t", {"d": date(2024, 5, 1)}) != args_hash("t", {"d": "2024-05-01"})
    assert args_hash("t", {"n": 2**70}) != args_hash("t", {"n": str(2**70)})
    assert args_hash("t", {"m": {1: "a"}}) != args_hash("t", {"m": {"1": "a"}})


def test_a_repeat_with_reordered_keys_is_named_with_the_same_result():
    obs = replay([rec(0, "get_order", ORDER, {"id": "1", "x": 2}),
                  rec(1, "get_order", ORDER, {"x": 2, "id": "1"}),
                  rec(2, "get_order", ORDER, {"x": 2, "id": 1})])  # 1 is not "1": another call
    assert obs[0].control.repeat_of is None
    assert obs[1].control.repeat_of == {"n": None, "step": 0, "action": "a0", "same_result": True}
    assert "same call as" not in obs[1].text  # a read's repeat is said by the fold, or too small to point at
    assert obs[2].control.repeat_of is None


def test_a_repeat_names_the_earlier_observation_by_its_number_and_says_when_the_result_differs():
    big = {"order_id": "1", "status": "shipped", "items": [{"sku": f"S{i}", "qty": i} for i in range(8)]}
    changed = {**big, "status": "delivered"}
    obs = replay([rec(0, "get_order_details", big, {"order_id": "1"}),
                  rec(1, "get_order_details", changed, {"order_id": "1"})])
    n = obs[0].dedup.number
    assert n is not None and obs[1].control.repeat_of == {"n": n, "step": 0, "action": "a0", "same_result": False}
    assert obs[1].text.startswith(f"#2 changed since #{n}:")


def test_a_repeated_write_warns_that_it_may_be_done_twice():
    receipt = {"reservation_id": "R1", "status": "booked"}
    obs = replay([rec(0, "book_reservation", receipt, {"flight": "F1"}),
                  rec(1, "book_reservation", {**receipt, "reservation_id": "R2"}, {"flight": "F1"})])
    assert "same call as step 0 (done twice)" in obs[1].text.splitlines()


def test_a_failed_call_is_no_repeat_to_reuse():
    obs = replay([rec(0, "get_thing", "Error: thing 9 not found", {"id": "9"}),
                  rec(1, "get_thing", {"id": "9", "name": "x"}, {"id": "9"})])
    assert obs[1].control.repeat_of is None


ERRORS_OF_ONE_CLASS = [  # NOT_FOUND, worded three different ways by three tools
    ("get_thing", "Error: thing 9 not found", {}),
    ("get_thing", '{"error": "No such thing: 10"}', {}),
    ("get_other", "missing", {"http_status": 404}),
]


def test_the_same_error_class_with_different_messages_trips_the_breaker_once():
    lines = [rec(i, tool, raw, {"id": str(i)}, **extra) for i, (tool, raw, extra) in enumerate(ERRORS_OF_ONE_CLASS)]
    lines.append(rec(3, "get_thing", "thing 12 not found", {"id": "12"}, http_status=404))
    obs = replay(lines)
    assert {o.error.code.value for o in obs} == {"NOT_FOUND"}
    assert obs[1].control.breaker is None
    assert obs[2].control.breaker == {"kind": "consecutive_errors", "class": "NOT_FOUND", "count": 3, "limit": 3,
                                      "first": True}
    assert "breaker: 3 NOT_FOUND errors in a row (limit 3)" in obs[2].text
    assert obs[3].control.breaker["count"] == 4 and not obs[3].control.breaker["first"]
    signal_lines = [line for line in obs[2].text.splitlines() if "breaker:" in line]
    assert len(signal_lines) == 1  # one line for all the signals


def test_a_success_or_another_class_ends_the_run():
    lines = [rec(0, "get_thing", "Error: thing 9 not found", {"id": "9"}),
             rec(1, "get_thing", "Error: thing 10 not found", {"id": "10"}),
             rec(2, "get_thing", {"id": "11", "name": "ok"}, {"id": "11"}),
             rec(3, "get_thing", "Error: thing 12 not found", {"id": "12"}),
             rec(4, "get_thing", "permission denied", {"id": "13"}, http_status=403),
             rec(5, "get_thing", "Error: thing 14 not found", {"id": "14"})]
    assert all(o.control.breaker is None for o in replay(lines))


def test_only_transient_errors_get_retry_advice_with_growing_jittered_waits():
    lines = [rec(i, "search", "timed out", {"q": "x"}, http_status=504 if i % 2 else 408) for i in range(6)]
    lines.append(rec(6, "search", "bad query", {"q": "y"}, http_status=400))
    limits = SignalLimits(max_consecutive_errors=99, max_timeouts=99)
    obs = replay(lines, Stages.default(signal_limits=limits))
    retries = [o.control.retry for o in obs]
    assert [r["attempt"] for r in retries[:6]] == [1, 2, 3, 4, 5, 6]
    waits = [r["wait_ms"] for r in retries[:4]]
    for r in retries[:4]:
        assert r["backoff_ms"] // 2 <= r["wait_ms"] <= r["backoff_ms"]
    assert [r["backoff_ms"] for r in retries[:4]] == [500, 1000, 2000, 4000] and waits == sorted(waits)
    assert retries[4] == {"attempt": 5, "retry": False, "limit": 4}
    assert "retries exhausted" in obs[4].text
    assert retries[6] is None  # INVALID_ARGUMENT: change the request, never retry it


def test_retry_advice_is_the_same_in_every_replay():
    lines = [rec(i, "search", "rate limited", {"q": "x"}, http_status=429) for i in range(3)]
    assert [o.control.retry for o in replay(lines)] == [o.control.retry for o in replay(lines)]


def test_a_server_retry_after_is_a_floor_for_the_wait():
    obs = replay([rec(0, "search", {"error": {"code": 429, "message": "slow down", "retry_after_ms": 7000}}, {"q": "x"},
                      http_status=429)])
    assert obs[0].control.retry["wait_ms"] >= 7000


def test_a_tool_timing_out_in_a_row_trips_its_own_limit():
    limits = SignalLimits(tools={"slow_tool": ToolLimits(max_timeouts=2)})
    obs = replay([rec(i, "slow_tool", "timed out", {"i": i}, http_status=504) for i in range(2)],
                 Stages.default(signal_limits=limits))
    assert obs[1].control.breaker["kind"] == "tool_timeouts"
    assert "slow_tool timed out 2 times in a row" in obs[1].text


def test_step_and_token_limits_trip_once_each():
    limits = SignalLimits(max_steps=3, max_tokens=10**9)
    obs = replay([rec(i, "get_thing", {"id": str(i), "v": i}, {"id": str(i)}) for i in range(5)],
                 Stages.default(signal_limits=limits))
    kinds = [o.control.breaker and (o.control.breaker["kind"], o.control.breaker["first"]) for o in obs]
    assert kinds == [None, None, None, ("max_steps", True), ("max_steps", False)]
    limits = SignalLimits(max_tokens=8)
    obs = replay([rec(i, "get_thing", {"id": str(i), "name": "a longer name " * 3}, {"id": str(i)})
                  for i in range(3)], Stages.default(signal_limits=limits))
    assert obs[0].control.breaker is None and obs[1].control.breaker["kind"] == "token_budget"


def test_metrics_count_trips_once_and_every_repeat():
    lines = [rec(i, tool, raw, {"id": str(i)}, **extra) for i, (tool, raw, extra) in enumerate(ERRORS_OF_ONE_CLASS)]
    lines += [rec(3, "get_thing", "gone", {"id": "x"}, http_status=404), rec(4, "get", ORDER, {"id": "1"}),
              rec(5, "get", ORDER, {"id": "1"})]
    m = PipelineMetrics()
    for o in replay(lines):
        m.loop_signals(o.control)
    text = m.render().decode()
    assert 'obsline_breaker_trips_total{kind="consecutive_errors"} 1.0' in text
    assert 'obsline_repeated_calls_total{result="same"} 1.0' in text


# ------------------------------------------------------------------ the dev files

def _check_repeats_and_breakers(lines: list[bytes]) -> tuple[int, int]:
    """Every repeat points to an earlier success of the same tool with equal normalised args;
    every breaker of consecutive errors follows as many errors of its class."""
    records = [orjson.loads(line) for line in lines]
    obs = replay(lines)
    by_id = {(r["task_id"], r["step_id"], r["action_id"]): (r, o) for r, o in zip(records, obs, strict=True)}
    runs: dict[str, list[str | None]] = defaultdict(list)
    repeats = trips = 0
    for r, o in zip(records, obs, strict=True):
        runs[r["task_id"]].append(o.error.code.value if o.error and o.status.value == "error" else None)
        if o.control.repeat_of:
            repeats += 1
            first, first_obs = by_id[(r["task_id"], o.control.repeat_of["step"], o.control.repeat_of["action"])]
            assert first["tool"] == r["tool"] and first_obs.status.value == "success"
            assert args_hash(first["tool"], first["args"]) == args_hash(r["tool"], r["args"])
            assert (first["step_id"], first["action_id"]) < (r["step_id"], r["action_id"])
        b = o.control.breaker
        if b and b["kind"] == "consecutive_errors":
            trips += b["first"]
            assert runs[r["task_id"]][-b["count"]:] == [b["class"]] * b["count"]
    return repeats, trips


@pytest.mark.shared
def test_repeats_and_breakers_on_tau_dev(dev_lines):
    repeats, trips = _check_repeats_and_breakers(dev_lines)
    assert repeats > 100 and trips > 0


@pytest.mark.shared
def test_repeats_on_foreign_dev(foreign_dev_lines):
    repeats, _ = _check_repeats_and_breakers(foreign_dev_lines)
    assert repeats > 50
