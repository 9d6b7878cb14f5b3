"""rebuild(observe(x)) == x (issue 17 item 3): every text a task is shown, folded however the
fold chose (unchanged, a diff, line references to earlier observations, runs, cut by the
budget), gives its text back from the observation and the observations it names, through the
real in-process Runner."""

from __future__ import annotations

import functools

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from obsline.core.models import Observation
from obsline.pipeline import Runner, Stages
from obsline.sinks.rebuild import NotRebuildable, held_by_number, rebuild

WORDS = ["alpha", "beta", "gamma", "delta", "return", "value", "self", "print", "import", "os", "x", "1", "42",
         "total", "ok", "passed", "test_one", "(a)", "b.c", "", "  "]
TOOLS = [("cat", "cat src/app.py"), ("grep", "grep -n value src"), ("edit", "edit 3:3"), ("python", "python run.py")]


def line() -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(WORDS), min_size=0, max_size=12).map(" ".join)


BOILER = ["Requirement already satisfied: ", " in /opt/conda/envs/testbed/lib/python3.9/site-packages (from ",
          "  Installing build dependencies: ", "INFO 2024-01-01 worker.py:42 ", " $1 §2 ", "§1=", " -> ok  ", ""]


STATUS = ["Status Bar: 📶⁴ Excellent | 5G | 📱 Data Enabled | 🔋 80%", "Status Bar: 📵 No Signal | 📵 Data Disabled | 🔋 80%",
          "(Current directory: /repo/src/marshmallow)", "Status Bar: ditto", "Status Bar: short", "Status: a ditto of it all",
          "Status Bar: 📶⁴ Excellent | 5G | 📱 Data Enabled | 🔋 80%§1"]


def boilerplate_line() -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(BOILER) | line(), min_size=1, max_size=5).map("".join)


@st.composite
def task(draw: st.DrawFn) -> list[tuple[str, str, str]]:
    """(tool, command, text) steps: new texts, repeats, edits of an earlier text, texts that
    splice runs of earlier ones, file views."""
    pool = draw(st.lists(line(), min_size=4, max_size=60))
    texts: list[str] = []
    steps = []
    for _ in range(draw(st.integers(1, 7))):
        how = draw(st.sampled_from(["new", "repeat", "edit", "splice", "view", "log", "status", "status"]))
        if how == "repeat" and texts:
            text = draw(st.sampled_from(texts))
        elif how == "edit" and texts:
            lines = draw(st.sampled_from(texts)).split("\n")
            at = draw(st.integers(0, len(lines)))
            lines[at:at + draw(st.integers(0, 2))] = draw(st.lists(line(), max_size=3))
            text = "\n".join(lines)
        elif how == "splice" and texts:
            parts = [draw(st.sampled_from(texts)).split("\n") for _ in range(draw(st.integers(1, 3)))]
            text = "\n".join(x for p in parts for x in p[draw(st.integers(0, len(p))):] + draw(st.lists(line(), max_size=2)))
        elif how == "view":
            first = draw(st.integers(1, 30))
            body = draw(st.lists(st.sampled_from(pool), min_size=3, max_size=60))
            text = "\n".join([f"[File: /repo/src/app.py ({first + 60} lines total)]",
                              *(f"{first + i}:{x}" for i, x in enumerate(body))])
        elif how == "status":  # an action's line and the status lines every action ends with (aligner.textkeys)
            text = "\n".join([draw(line()), *draw(st.lists(st.sampled_from(STATUS), min_size=1, max_size=3))])
        elif how == "log":  # boilerplate repeated across lines (aligner.textcommon)
            text = "\n".join(draw(st.lists(boilerplate_line(), min_size=3, max_size=80)))
        else:
            text = "\n".join(draw(st.lists(st.sampled_from(pool), min_size=1, max_size=150)))
        tool, command = draw(st.sampled_from(TOOLS))
        texts.append(text)
        steps.append((tool, command, text))
    return steps


@functools.cache
def _stages(budget: int) -> Stages:
    return Stages.default(budget_tokens=budget)


def _observe(steps: list[tuple[str, str, str]], budget: int) -> list[Observation]:
    lines = [orjson.dumps({"task_id": "t", "step_id": i, "action_id": f"a{i}", "tool": tool, "raw": text,
                           "args": {"command": command}}) for i, (tool, command, text) in enumerate(steps)]
    return [p.observation for p in Runner(_stages(budget)).run(lines)]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(task(), st.sampled_from([256, 400, 1000, 8000]))
def test_every_observation_rebuilds_its_text(steps: list[tuple[str, str, str]], budget: int) -> None:
    observations = _observe(steps, budget)
    held = held_by_number(observations)
    raws = {o.action_id: text for o, (_, _, text) in zip(observations, steps, strict=True)}
    for obs, (_, _, text) in zip(observations, steps, strict=True):
        assert all(n in held for n in obs.dedup.refs)  # a reference names an observation the task holds
        if isinstance(obs.data, str):  # (a text such as "\n1" parses as JSON: its rendered body is compared)
            assert rebuild(obs, held, lambda o: raws[o.action_id], observations) == text


def test_a_cut_observation_needs_the_raw_store() -> None:
    text = "\n".join(f"line {k} of a long log with words alpha beta gamma" for k in range(400))
    [obs] = _observe([("cat", "cat big.log", text)], 256)
    assert obs.metadata["truncated"]
    with pytest.raises(NotRebuildable, match="raw store"):
        rebuild(obs, {})
    assert rebuild(obs, {}, lambda o: text) == text


def test_a_reference_to_an_observation_not_held_is_a_typed_error() -> None:
    text = "\n".join(f"a line of output number {k}" for k in range(20))
    first, second = _observe([("python", "python a.py", text), ("python", "python a.py", text)], 8000)
    assert second.dedup.refs == [first.dedup.number]
    with pytest.raises(NotRebuildable, match=f"#{first.dedup.number} is not held"):
        rebuild(second, {})
