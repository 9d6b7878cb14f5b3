"""Semantic dedup through the in-process Runner: repeated reads fold against a verified
baseline; side effects, errors and other tasks never do; earlier observations never change."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import orjson
import pytest

from obsline.core import codec
from obsline.core.models import DedupKind, Status
from obsline.pipeline import Runner, Stages
from workload.generate import generate

STAGES = Stages.default()

RES = {
    "reservation_id": "ZFA04Y", "user_id": "sara_doe_496", "origin": "SFO", "destination": "JFK",
    "flight_type": "round_trip", "cabin": "economy",
    "flights": [{"flight_number": "HAT001", "date": "2024-05-20", "price": 152, "origin": "SFO", "destination": "JFK"},
                {"flight_number": "HAT002", "date": "2024-05-27", "price": 160, "origin": "JFK", "destination": "SFO"}],
    "passengers": [{"first_name": "Sara", "last_name": "Doe", "dob": "1990-04-12"}],
    "payment_history": [{"payment_id": "credit_card_7", "amount": 312}],
    "created_at": "2024-05-01T10:00:00", "total_baggages": 1, "nonfree_baggages": 0, "insurance": "no",
    "status": None,
}
FLIGHTS = [
    {"flight_number": "HAT100", "origin": "SFO", "destination": "JFK", "status": "available",
     "scheduled_departure_time_est": "06:00:00", "scheduled_arrival_time_est": "14:00:00",
     "available_seats": {"basic_economy": 5, "economy": 9, "business": 2},
     "prices": {"basic_economy": 90, "economy": 150, "business": 500}},
    {"flight_number": "HAT200", "origin": "SFO", "destination": "JFK", "status": "available",
     "scheduled_departure_time_est": "09:00:00", "scheduled_arrival_time_est": "17:00:00",
     "available_seats": {"basic_economy": 3, "economy": 4, "business": 1},
     "prices": {"basic_economy": 95, "economy": 155, "business": 520}},
]
SEARCH_ARGS = {"origin": "SFO", "destination": "JFK", "date": "2024-05-20"}


def _line(step: int, tool: str, raw: Any, task: str = "t1", args: dict | None = None, **extra: Any) -> bytes:
    if not isinstance(raw, str):
        raw = orjson.dumps(raw).decode()
    if args is None and tool.endswith("reservation_details") or tool == "cancel_reservation":
        args = {"reservation_id": "ZFA04Y"}
    return orjson.dumps({"task_id": task, "step_id": step, "action_id": f"act{step}", "tool": tool, "raw": raw,
                         "args": args, **extra})


def _run(lines: list[bytes]):
    return [p.observation for p in Runner(STAGES).run(lines)]


def test_identical_reread_is_unchanged_one_short_line() -> None:
    first, again = _run([_line(0, "get_reservation_details", RES), _line(1, "get_reservation_details", RES)])
    assert first.dedup.kind is DedupKind.NEW
    assert again.dedup.kind is DedupKind.UNCHANGED
    assert (again.dedup.baseline_step, again.dedup.baseline_action) == (0, "act0")
    assert first.text.startswith(f"#{first.dedup.number} ")  # its name, first in its text
    assert again.text == f"unchanged since #{first.dedup.number}"
    assert again.dedup.refs == [first.dedup.number] and again.dedup.number is None
    assert len(again.text) < 60
    assert again.tokens["text"] < first.tokens["text"] // 5


def test_key_order_does_not_matter_for_unchanged() -> None:
    reordered = dict(reversed(list(RES.items())))
    _, again = _run([_line(0, "get_reservation_details", RES), _line(1, "get_reservation_details", reordered)])
    assert again.dedup.kind is DedupKind.UNCHANGED


def test_changed_reread_is_delta_showing_every_changed_value() -> None:
    changed = {**RES, "cabin": "business", "total_baggages": 3,
               "flights": [{**RES["flights"][0], "price": 777}, RES["flights"][1]]}
    first, delta = _run([_line(0, "get_reservation_details", RES), _line(4, "get_reservation_details", changed)])
    assert delta.dedup.kind is DedupKind.DELTA
    assert delta.dedup.baseline_step == 0
    assert sorted(delta.dedup.changed) == ["cabin", "flights", "total_baggages"]
    assert f"changed since #{first.dedup.number}:" in delta.text
    for value in ("business", "economy", "3", "777"):
        assert value in delta.text
    assert "Sara" not in delta.text  # unchanged records are left out


def test_delta_becomes_the_new_baseline() -> None:
    changed = {**RES, "cabin": "business"}
    obs = _run([_line(0, "get_reservation_details", RES), _line(1, "get_reservation_details", changed),
                _line(2, "get_reservation_details", changed)])
    assert [o.dedup.kind for o in obs] == [DedupKind.NEW, DedupKind.DELTA, DedupKind.UNCHANGED]
    assert obs[2].dedup.baseline_step == 1


def test_list_reread_merges_by_item_key_and_says_not_returned() -> None:
    third = {**FLIGHTS[0], "flight_number": "HAT300", "scheduled_departure_time_est": "12:00:00"}
    obs = _run([_line(0, "search_direct_flight", FLIGHTS, args=SEARCH_ARGS),
                _line(1, "search_direct_flight", [FLIGHTS[0], third], args=SEARCH_ARGS)])
    merged = obs[1]
    assert merged.dedup.kind is DedupKind.MERGED
    assert merged.dedup.baseline_step == 0
    assert "HAT300" in merged.text and "12:00:00" in merged.text  # the added item in full
    assert "not returned" in merged.text and "HAT200" in merged.text
    assert "HAT100" not in merged.text  # unchanged item left out


def test_list_reread_with_other_args_is_new() -> None:
    obs = _run([_line(0, "search_direct_flight", FLIGHTS, args=SEARCH_ARGS),
                _line(1, "search_direct_flight", FLIGHTS, args={**SEARCH_ARGS, "date": "2024-05-21"})])
    assert [o.dedup.kind for o in obs] == [DedupKind.NEW, DedupKind.NEW]


@pytest.mark.parametrize("tool", ["cancel_reservation", "update_reservation_baggages"])
def test_side_effects_are_never_folded_and_keep_their_action_ids(tool: str) -> None:
    done = {**RES, "status": "cancelled"}
    obs = _run([_line(0, tool, done, args={"reservation_id": "ZFA04Y"}),
                _line(1, tool, done, args={"reservation_id": "ZFA04Y"})])
    assert [o.dedup.kind for o in obs] == [DedupKind.NEVER, DedupKind.NEVER]
    assert [o.action_id for o in obs] == ["act0", "act1"]
    assert all(o.dedup.baseline_step is None for o in obs)
    assert "cancelled" in obs[0].text  # shown in full the first time
    assert obs[1].text  # and the repeat still gets its own observation, not a fold line
    assert not obs[1].text.startswith("unchanged")


def test_generic_tools_are_never_folded() -> None:
    obs = _run([_line(0, "web_fetch", "same page"), _line(1, "web_fetch", "same page")])
    assert [o.dedup.kind for o in obs] == [DedupKind.NEVER, DedupKind.NEVER]
    assert "same page" in obs[1].text


def test_error_results_never_become_baselines() -> None:
    obs = _run([
        _line(0, "get_reservation_details", "Error: reservation ZFA04Y not found"),
        _line(1, "get_reservation_details", RES),
        _line(2, "get_reservation_details", "Error: the request timed out"),
        _line(3, "get_reservation_details", RES),
    ])
    assert obs[0].status is Status.ERROR and obs[0].dedup.kind is DedupKind.NEVER
    assert obs[1].dedup.kind is DedupKind.NEW
    assert obs[2].dedup.kind is DedupKind.NEVER
    assert obs[3].dedup.kind is DedupKind.UNCHANGED and obs[3].dedup.baseline_step == 1


def _nested(depth: int) -> dict:
    node: dict = {"leaf": 1}
    for _ in range(depth):
        node = {"child": node}
    return node


@pytest.mark.parametrize("unverified", [
    {"has_more": True, "next_cursor": "page2"},
    {"remarks": _nested(40)},  # nested past the depth limit: cut, so the read is truncated
])
def test_delta_against_unverified_baseline_is_pending_review(unverified: dict) -> None:
    first = {**RES, **unverified}
    obs = _run([_line(0, "get_reservation_details", first),
                _line(1, "get_reservation_details", {**RES, "cabin": "business"})])
    assert obs[0].metadata["truncated"] or obs[0].metadata["has_more"]
    assert obs[1].dedup.kind is DedupKind.PENDING_REVIEW
    assert obs[1].dedup.baseline_step == 0
    assert obs[1].dedup.note and "step 0" in obs[1].dedup.note
    assert "business" in obs[1].text


def test_state_never_crosses_tasks() -> None:
    obs = _run([_line(0, "get_reservation_details", RES, task="task-A"),
                _line(0, "get_reservation_details", RES, task="task-B"),
                _line(1, "get_reservation_details", RES, task="task-B")])
    assert [o.dedup.kind for o in obs] == [DedupKind.NEW, DedupKind.NEW, DedupKind.UNCHANGED]
    assert obs[2].task_id == "task-B"
    assert obs[1].dedup.refs == [] and "same as #" not in obs[1].text
    assert obs[1].dedup.number == 1  # numbers are per task


def test_nested_record_shown_earlier_is_referenced() -> None:
    done = {**RES, "status": "cancelled"}
    read, cancel = _run([_line(3, "get_reservation_details", RES), _line(5, "cancel_reservation", done)])
    assert "HAT001" in read.text
    assert cancel.dedup.kind is DedupKind.NEVER
    assert f"same as #{read.dedup.number}" in cancel.text
    assert read.dedup.number in cancel.dedup.refs
    assert "cancelled" in cancel.text
    assert cancel.data["flights"][0]["price"] == Decimal("152")  # the data keeps the full record


def _encoded(lines: list[bytes]) -> list[bytes]:
    return [codec.encode(o) for o in _run(lines)]


def test_observations_are_append_only() -> None:
    lines = [line.encode() for line in generate(3, 11, huge=False)]
    lines += [_line(0, "get_reservation_details", RES), _line(1, "get_reservation_details", {**RES, "cabin": "business"}),
              _line(2, "cancel_reservation", RES), _line(3, "search_direct_flight", FLIGHTS, args=SEARCH_ARGS)]
    whole = _encoded(lines)
    assert len(whole) == len(lines)
    for k in (1, len(lines) // 3, len(lines) // 2, len(lines) - 1):
        assert _encoded(lines[:k]) == whole[:k]
