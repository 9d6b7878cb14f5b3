"""Out-of-order parallel results (seed 000): one batch in any order gives the same output."""

from __future__ import annotations

import itertools

import orjson
from hypothesis import given
from hypothesis import strategies as st

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


def test_kafka_poll_order_sorts_each_tasks_step_batch_in_place_whatever_lies_between():
    from obsline.pipeline import task_step_order
    keys = [("t", 1, "c"), ("u", 0, "z"), ("t", 1, "a"), None, ("t", 1, "b"), ("t", 2, "a"), ("t", 1, "a0")]
    order = task_step_order(keys)
    assert order == [2, 1, 4, 3, 0, 5, 6]  # t's step-1 batch a, b, c in its own positions; u and None stay
    assert sorted(order) == list(range(len(keys)))


@given(st.permutations(range(5)), st.lists(st.integers(0, 6), min_size=5, max_size=5))
def test_kafka_poll_order_gives_each_task_the_same_sequence_in_any_arrival_order(perm, others_at):
    """The batch's 5 results in any order, other tasks' records anywhere between them: the
    task's records are run in one sequence (what the in-process Runner runs)."""
    from obsline.pipeline import task_step_order
    batch = [("t", 1, f"c{i}") for i in perm]
    keys: list = [("t", 0, "a")] + batch + [("t", 2, "d1")]
    for n, at in enumerate(others_at):  # another task's records (its own steps) mixed in
        keys.insert(min(at + 1, len(keys)), (f"u{n % 2}", n, "x"))
    ran = [keys[i] for i in task_step_order(keys)]
    assert [k for k in ran if k[0] == "t"] == [("t", 0, "a")] + sorted(batch) + [("t", 2, "d1")]
    assert [k for k in ran if k[0] != "t"] == [k for k in keys if k[0] != "t"]


_RECORD = st.one_of(st.tuples(st.sampled_from(["t", "u"]), st.integers(0, 2), st.sampled_from(["a", "b", "c"])),
                    st.sampled_from(["not json", "", " \t\n", "\u3000", "\x1c\x85", "\u200b"]))


@given(st.lists(_RECORD, max_size=12))
def test_runner_groups_and_orders_records_as_batches_does(records):
    """``Runner.run`` groups in one loop what ``batches`` and ``in_action_order`` (its plain
    twin) do: the same records processed in the same order, emitted in the order they came."""
    from obsline.adapters.envelope import decode
    from obsline.pipeline import Runner

    lines = [r if isinstance(r, str) else orjson.dumps({"task_id": r[0], "step_id": r[1], "action_id": r[2],
                                                        "tool": "t", "raw": "x"}).decode() for r in records]
    ran: list[int] = []
    runner = Runner(STAGES)
    runner.process = lambda line, position=0, decoded=None: ran.append(position) or position  # type: ignore[method-assign,assignment,func-returns-value]
    emitted = list(runner.run(lines))
    decoded = [(i, line, decode(line)) for i, line in enumerate(lines) if line.strip()]
    grouped = list(batches(decoded))
    assert ran == [r[0] for b in grouped for r in in_action_order(b)]
    assert emitted == [r[0] for b in grouped for r in b]
