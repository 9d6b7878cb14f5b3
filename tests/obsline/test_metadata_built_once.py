"""``Stages.observe`` hands on the observation the sinks built, never writing into its
metadata afterwards (the loop signals' call hash and pendings are passed in, not added)."""

from __future__ import annotations

import copy

import orjson

import obsline.pipeline as pipeline
from obsline.pipeline import Runner, Stages


def test_the_loop_signals_metadata_is_built_in_not_written_after(monkeypatch):
    built: list[tuple[object, dict]] = []
    real = pipeline.observe

    def spy(*args, **kwargs):
        obs = real(*args, **kwargs)
        built.append((obs, copy.deepcopy(obs.metadata)))
        return obs

    monkeypatch.setattr(pipeline, "observe", spy)
    lines = [orjson.dumps({"task_id": "t", "step_id": i, "action_id": f"a{i}", "tool": "get_order",
                           "args": {"id": "o1"}, "raw": {"id": "o1", "status": "pending"}}) for i in range(3)]
    processed = list(Runner(Stages.default()).run(lines))
    assert len(built) == 3
    for (obs, metadata), p in zip(built, processed, strict=True):
        assert obs.metadata == metadata  # nobody wrote into it after observe built it
        assert p.observation.metadata["call"]  # the signals' call hash is there, built in
