"""Strict envelopes: a wrong type is MALFORMED with its field named; readable ids always get
an error observation, whatever failed."""

from __future__ import annotations

import orjson
import pytest

from obsline.adapters.envelope import Rejected, decode
from obsline.adapters.scan import top_level_fields
from obsline.core.errors import ErrorCode
from obsline.core.models import Ids, Status
from obsline.pipeline import Runner, Stages

BASE = {"task_id": "shop/T", "step_id": 3, "action_id": "c1", "tool": "get_user_details", "raw": {"a": 1}}


@pytest.mark.parametrize(("field", "value"), [
    ("error", "yes"), ("error", 1), ("http_status", "500"), ("http_status", 500.0), ("http_status", True),
    ("args", [1]), ("tenant", 5), ("tool_version", 2), ("step_id", "3"), ("step_id", True), ("task_id", 7),
])
def test_a_wrong_type_is_malformed_with_the_field_named(field: str, value: object) -> None:
    got = decode(orjson.dumps({**BASE, field: value}))
    assert isinstance(got, Rejected) and got.reason == "bad_envelope"
    assert any(p.startswith(f"{field}:") for p in got.problems), got.problems


def test_documented_coercion_timestamps_take_iso_text() -> None:
    got = decode(orjson.dumps({**BASE, "ts": "2024-01-01T00:00:00Z", "query_ts": 1704067200}))
    assert not isinstance(got, Rejected) and got.ts == got.query_ts == 1704067200.0


def test_a_rejected_envelope_with_readable_ids_gives_the_task_an_error_observation() -> None:
    [p] = Runner(Stages.default()).run([orjson.dumps({**BASE, "http_status": "500"})])
    obs = p.observation
    assert (obs.task_id, obs.step_id, obs.action_id) == ("shop/T", 3, "c1")
    assert obs.status is Status.ERROR and obs.error.code is ErrorCode.MALFORMED and "http_status" in obs.text


@pytest.mark.parametrize("depth", [1_100, 20_000])
def test_a_raw_nested_past_the_parsers_limit_still_gives_its_task_an_error_observation(depth: int) -> None:
    line = (b'{"task_id": "shop/T", "step_id": 3, "tool": "t", "raw": ' + b"[" * depth + b"]" * depth
            + b', "action_id": "c\\u00e9"}')
    got = decode(line)
    assert isinstance(got, Rejected) and got.ids == Ids("shop/T", 3, "c\u00e9") and got.tool == "t"
    [p] = Runner(Stages.default()).run([line])
    assert (p.observation.task_id, p.observation.action_id) == ("shop/T", "c\u00e9")
    assert p.observation.error.code is ErrorCode.MALFORMED


def test_a_record_too_large_to_parse_still_names_its_task() -> None:
    line = b'{"task_id": "big", "step_id": 0, "action_id": "a", "tool": "t", "raw": "' + b"x" * 2000 + b'"}'
    got = decode(line, max_bytes=1000)
    assert isinstance(got, Rejected) and got.reason == "too_large" and got.ids == Ids("big", 0, "a")


@pytest.mark.parametrize(("text", "want"), [
    (b'{"raw": {"task_id": "inner"}, "task_id": "outer", "step_id": 2}', {"task_id": "outer", "step_id": 2}),
    (b'{"a": "task_id", "b": ["task_id", "x"], "tool": "t\\"q"', {"tool": 't"q'}),
    (b'[{"task_id": "x"}]', {}),
    (b'{"task_id": "t\xff", "action_id": "a"', {"action_id": "a"}),
    (b'not json', {}),
])
def test_top_level_fields_reads_only_the_outer_object(text: bytes, want: dict) -> None:
    assert top_level_fields(text) == want
