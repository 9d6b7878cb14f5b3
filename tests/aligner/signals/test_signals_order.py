"""Out-of-order parallel results (seed 000): one batch in any order gives the same output."""

from __future__ import annotations

import itertools

import orjson

from obsline.pipeline import Stages, batches, in_action_order
from tests.aligner.signals.helpers import rec, replay

BASE = [rec(0, "get_user_details", {"user_id": "u1", "name": "A", "reservations": [f"R{i}" for i in range(1, 6)]},
            {"user_id": "u1"})]
BATCH = [rec(1, "get_reservation_details",
             {"reservation_id": f"R{i}", "status": "ok", "flights": [{"flight_number": f"F{j}", "price": j} for j in range(5)]},
             {"reservation_id": f"R{i}"}, action=f"c{i}") for i in range(1, 6)]
AFTER = [rec(2, "get_reservation_details",
             {"reservation_id": "R3", "status": "cancelled", "flights": [{"flight_number": f"F{j}", "price": j} for j in range(5)]},
             {"reservation_id": "R3"}, action="d1"),
         rec(2, "get_thing", "Error: thing 9 not found", {"id": "9"}, action="d2")]


STAGES = Stages.default()  # its memos are keyed by content: sharing them changes no output


def _output(lines):
    return sorted((o.step_id, o.action_id, o.text, repr(o.dedup), repr(o.control), repr(o.metadata))
                  for o in replay(lines, STAGES))


def test_five_parallel_results_in_all_120_orders_give_identical_observations_and_text():
    expected = _output(BASE + BATCH + AFTER)
    orders = list(itertools.permutations(BATCH))
    assert len(orders) == 120
    for order in orders:
        assert _output(BASE + list(order) + AFTER) == expected
    for order in orders[:3]:  # emitted in the order they came: one observation per record, in place
        assert [o.action_id for o in replay(BASE + list(order) + AFTER, STAGES)][1:6] == \
            [orjson.loads(line)["action_id"] for line in order]
    # the batch's identical flights are shown once and pointed at, the same way in every order
    assert any("same as #" in text for _, _, text, *_ in expected)


def test_only_one_tasks_step_is_a_batch():
    records = [(0, "x", _env("t", 1, "b")), (1, "x", _env("t", 1, "a")), (2, "x", _env("u", 1, "c")),
               (3, "x", _env("t", 2, "a"))]
    grouped = list(batches(records))
    assert [[r[0] for r in b] for b in grouped] == [[0, 1], [2], [3]]
    assert [r[0] for r in in_action_order(grouped[0])] == [1, 0]


def _env(task: str, step: int, action: str):
    from obsline.core.models import RawEnvelope
    return RawEnvelope(task_id=task, step_id=step, action_id=action, tool="t", raw="x")
