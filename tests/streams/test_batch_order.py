"""The order the batch engine runs one partition's poll in (``pipeline.task_step_order``, called
by ``BatchEngine.process``): a task's burst of parallel calls of one step by action id, in the
positions the burst held; everything else where it was."""

from __future__ import annotations

from obsline.pipeline import task_step_order


def _run(keys):
    return [keys[i] for i in task_step_order(keys)]


def test_a_burst_of_one_step_runs_by_action_id_in_its_own_positions():
    keys = [("t", 1, "c"), ("t", 1, "a"), ("t", 1, "b")]
    assert _run(keys) == [("t", 1, "a"), ("t", 1, "b"), ("t", 1, "c")]


def test_another_tasks_records_between_a_burst_stay_where_they_are():
    keys = [("t", 1, "b"), ("u", 7, "z"), ("t", 1, "a"), ("u", 7, "y")]
    assert task_step_order(keys) == [2, 3, 0, 1]


def test_a_new_step_closes_the_burst_and_steps_never_cross():
    keys = [("t", 1, "b"), ("t", 1, "a"), ("t", 2, "a"), ("t", 1, "0")]  # a late step-1 call stays after step 2
    assert _run(keys) == [("t", 1, "a"), ("t", 1, "b"), ("t", 2, "a"), ("t", 1, "0")]


def test_records_without_ids_stay_in_place_and_do_not_break_a_burst():
    keys = [("t", 1, "b"), None, ("t", 1, "a")]
    assert task_step_order(keys) == [2, 1, 0]


def test_equal_action_ids_keep_their_order_and_a_sorted_poll_is_unchanged():
    assert task_step_order([("t", 1, "a"), ("t", 1, "a")]) == [0, 1]
    keys = [("t", s, a) for s in range(3) for a in "abc"]
    assert task_step_order(keys) == list(range(len(keys)))
    assert task_step_order([]) == []
