"""Naming handles rewrites placeholders only: every other field of the observation stays."""

from __future__ import annotations

from obsline.core.models import (
    Conflict,
    Control,
    Dedup,
    DedupKind,
    Observation,
    Status,
)
from obsline.sinks.handles import name_observation


def test_a_conflicts_confidence_is_kept() -> None:
    conflict = Conflict("u1", "email", [{"value": "a", "source": "s1"}, {"value": "b", "source": "s2"}], 0.7)
    obs = Observation("t", 0, "a0", "lookup", Status.SUCCESS, None, {}, {}, {"source": "lookup",
                      "raw_sha256": None, "artifact": None, "raw_bytes": 0}, Dedup(DedupKind.NEW), [conflict],
                      Control(), "text", {"raw": 0, "text": 1})
    [named] = name_observation(obs, {}).conflicts
    assert named == conflict
    assert named.confidence == 0.7
