"""Naming secrets makes a new Observation: the one built before it is never written into."""

from __future__ import annotations

import copy
import importlib

import orjson

from obsline.pipeline import Runner, Stages

observe_module = importlib.import_module("obsline.sinks.observe")  # (the package exports a function of that name)


def test_naming_handles_does_not_mutate_the_observation_it_started_from(monkeypatch):
    before: list[tuple[object, dict[str, int]]] = []
    real = observe_module.name_observation

    def spy(observation, names, *more):  # keeps the unnamed observation and a copy of its counts
        before.append((observation, copy.deepcopy(observation.tokens)))
        return real(observation, names, *more)

    monkeypatch.setattr(observe_module, "name_observation", spy)
    raw = {"id": "svc-1", "note": "deploy with AWS key AKIAIOSFODNN7EXAMPLE and token "
                                  "ghp_16C7e42F292c6912E7710c838347Ae178B4a please"}
    line = orjson.dumps({"task_id": "t", "step_id": 0, "action_id": "a0", "tool": "lookup", "raw": raw})
    [processed] = list(Runner(Stages.default()).run([line]))
    assert before, "the record held no secret to name"
    unnamed, counts = before[0]
    assert unnamed.tokens == counts  # not written into after it was built
    assert processed.observation.tokens is not unnamed.tokens
    assert processed.observation.tokens["text"] > 0
