"""The hot messages built positionally (adapt's Adapted, Content and Control, observe's Observation and Dedup,
align's Snapshot: a keyword costs a name match in the call, every record) get each value in
its own field: the fields' order the calls rely on, and a record whose every field is
told apart by its value, read back field by field."""

from __future__ import annotations

from dataclasses import fields

import orjson

from obsline.adapters.adapt import Content
from obsline.core.models import Adapted, Control, Dedup, DedupKind, Observation, Snapshot, Status
from obsline.pipeline import Runner, Stages


def _names(cls: type) -> list[str]:
    return [f.name for f in fields(cls)]  # type: ignore[arg-type]


def test_the_fields_are_in_the_order_the_positional_calls_pass_them() -> None:
    assert _names(Adapted)[:23] == [
        "ids", "tool", "kind", "entity_id", "status", "error", "data", "fragments", "retrieved_at", "query_ts",
        "raw_sha256", "raw_bytes", "raw_tokens", "artifact", "truncated", "has_more", "next_cursor", "control",
        "details", "user_intent", "args", "shape", "parse_limit"]
    assert _names(Observation)[:14] == [
        "task_id", "step_id", "action_id", "tool", "status", "error", "data", "metadata", "evidence", "dedup",
        "conflicts", "control", "text", "tokens"]
    assert _names(Dedup) == ["kind", "baseline_step", "baseline_action", "changed", "refs", "note", "number"]
    assert _names(Content)[:14] == [
        "data", "parsed", "status", "error", "details", "control", "doubts", "truncated", "has_more", "next_cursor",
        "raw_tokens", "shape", "secrets", "typed"]
    assert _names(Control)[:5] == ["suspicious", "suspicious_reasons", "untrusted_paths", "redactions", "invalid_utf8"]
    assert _names(Snapshot)[:3] == ["adapted", "conflicts", "age_seconds"]


def _line(step: int, action: str, raw: object) -> bytes:
    return orjson.dumps({"task_id": "t1", "step_id": step, "action_id": action, "tool": "search_orders",
                         "ts": 1_700_000_000.5, "query_ts": 1_700_000_003.25, "user_intent": "find my order",
                         "args": {"q": "blue"}, "raw": raw})


def test_each_value_lands_in_its_own_field() -> None:
    runner = Runner(Stages.default())
    first, second = runner.run([_line(3, "a7", {"items": [{"id": 1, "name": "blue mug"}], "next": "c2"}),
                                _line(4, "a8", {"items": [{"id": 1, "name": "blue mug"}], "next": "c2"})])
    for done, step, action in ((first, 3, "a7"), (second, 4, "a8")):
        a, s, o = done.adapted, done.snapshot, done.observation
        assert a is not None and s is not None and s.adapted is a
        assert (a.ids.task_id, a.ids.step_id, a.ids.action_id, a.tool) == ("t1", step, action, "search_orders")
        assert (a.retrieved_at, a.query_ts, a.user_intent, a.args) == (1_700_000_000.5, 1_700_000_003.25,
                                                                       "find my order", {"q": "blue"})
        assert a.status is Status.SUCCESS and isinstance(a.raw_sha256, str) and len(a.raw_sha256) == 64
        assert a.raw_bytes == len(orjson.dumps({"items": [{"id": 1, "name": "blue mug"}], "next": "c2"}))
        assert isinstance(a.raw_tokens, int) and a.raw_tokens > 0 and isinstance(a.artifact, str)
        assert isinstance(a.truncated, bool) and isinstance(a.has_more, bool) and a.parse_limit is None
        assert isinstance(a.details, dict) and a.shape == "json" and isinstance(a.fragments, list)
        assert s.age_seconds is None or isinstance(s.age_seconds, float)
        assert isinstance(s.conflicts, list)
        assert (o.task_id, o.step_id, o.action_id, o.tool, o.status) == ("t1", step, action, "search_orders",
                                                                        Status.SUCCESS)
        assert o.error is None and o.data == a.data and o.conflicts == s.conflicts
        assert o.evidence == {"source": "search_orders", "raw_sha256": a.raw_sha256, "artifact": a.artifact,
                              "raw_bytes": a.raw_bytes}
        assert o.tokens["raw"] == a.raw_tokens and isinstance(o.tokens["text"], int)
        assert isinstance(o.text, str) and o.metadata["retrieved_at"] is not None
    assert first.observation.control == first.adapted.control  # (the second is a repeat: the signals' control)
    assert second.observation.control.repeat_of is not None and second.observation.control.repeat_of["step"] == 3
    for done in (first, second):  # (the dev files' digest checks the values; here: each in its own field)
        d = done.observation.dedup
        assert isinstance(d.kind, DedupKind) and isinstance(d.changed, list) and isinstance(d.refs, list)
        assert d.baseline_step is None or type(d.baseline_step) is int
        assert all(v is None or type(v) is str for v in (d.baseline_action, d.note))
        assert d.number is None or type(d.number) is int
