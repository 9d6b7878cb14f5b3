"""foldstate.restrict: a task's fold state cut down to the observations its reader holds (a forked or
resumed thread): no later observation refers to one the reader lacks; numbers never repeat."""

from __future__ import annotations

import orjson

from obsline.aligner.foldstate import for_reader, referenced, restrict
from obsline.pipeline import Runner, Stages

LOG = "\n".join(f"collected test_{k} in module alpha ... PASSED" for k in range(30))


def _line(step: int, raw: str) -> bytes:
    return orjson.dumps({"task_id": "t", "step_id": step, "action_id": f"a{step}", "tool": "cat", "raw": raw,
                         "args": {"command": "cat log.txt"}})


def test_a_fork_before_an_observation_never_refers_to_it() -> None:
    runner = Runner(Stages.default())
    first = runner.process(_line(0, LOG)).observation
    assert runner.process(_line(1, LOG)).observation.dedup.refs == [first.dedup.number]
    # the thread is forked from the checkpoint before #1 was shown: the reader holds nothing
    restrict(runner.fold_state["t"], held=set())
    again = runner.process(_line(2, LOG)).observation
    assert again.dedup.refs == [] and "collected test_29" in again.text
    assert again.dedup.number is not None and again.dedup.number > first.dedup.number  # never #1 again


def test_a_resumed_thread_keeps_what_it_holds_and_numbers_on() -> None:
    runner = Runner(Stages.default())
    first = runner.process(_line(0, LOG)).observation
    restrict(runner.fold_state["t"], held={first.dedup.number})
    second = runner.process(_line(1, LOG)).observation
    assert second.dedup.refs == [first.dedup.number]
    fresh: dict = {}
    restrict(fresh, held={1, 2, 5})  # a new process on an old thread: numbering goes on after #5
    assert fresh["numbers"]["next"] == 6


def test_for_reader_restricts_only_a_state_that_points_past_what_the_reader_holds() -> None:
    runner = Runner(Stages.default())
    first = runner.process(_line(0, LOG)).observation
    state = runner.fold_state["t"]
    assert referenced(state) == {first.dedup.number}
    assert for_reader(state, {first.dedup.number}) is state and state["texts"]  # holds all: kept as is
    assert for_reader(None, set()) is None  # a new thread: numbers from #1
    for_reader(state, set())  # a branch from before #1
    assert referenced(state) == set() and state["numbers"]["next"] > first.dedup.number
