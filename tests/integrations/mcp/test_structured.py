"""Units of the gateway's answer: structure within a budget and still schema-valid, MCP cut
hints, one retry advice, and failure reasons in one line."""

from __future__ import annotations

import jsonschema
import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.integrations.mcp.mapping import mcp_read_hints
from obsline.integrations.mcp.structured import _size, compact, valid, validator_of
from obsline.integrations.mcp.upstream import _reason

SCHEMA = {"type": "object", "required": ["ids", "code", "notes"], "properties": {
    "ids": {"type": "array", "minItems": 30, "items": {"type": "integer"}},
    "code": {"type": "string", "pattern": "^[A-Z]+-[0-9]+$"},
    "notes": {"type": "array", "items": {"type": "string", "minLength": 50}}}}


def test_cuts_keep_what_the_schema_asks_and_name_what_they_left_out() -> None:
    value = {"ids": list(range(5000)), "code": "ABC-" + "1" * 5000, "notes": ["n" * 3000] * 100}
    out = compact(value, SCHEMA, limit=8_000)
    assert len(orjson.dumps(out.value)) <= 8_000 or out.note
    jsonschema.validate(out.value, SCHEMA)
    assert len(out.value["ids"]) >= 30 and out.value["code"] == value["code"]  # pattern: never cut
    assert all(len(n) >= 50 for n in out.value["notes"])
    assert {"path": "ids", "items": f"{len(out.value['ids']) + 1}-5000", "kept": len(out.value["ids"]),
            "total": 5000} in out.cuts


def test_a_structure_that_fits_is_sent_as_it_came() -> None:
    value = {"ids": list(range(40)), "code": "A-1", "notes": []}
    assert compact(value, SCHEMA).value is value and compact(value, SCHEMA).cuts == []


def test_no_valid_cut_sends_the_whole_with_a_note() -> None:
    schema = {"type": "object", "properties": {"s": {"type": "string", "maxLength": 10}}}  # invalid already
    value = {"s": "x" * 100_000}
    out = compact(value, schema, limit=1_000)
    assert out.value is value and out.note


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.none() | st.integers() | st.text(max_size=400),
                    lambda kids: st.lists(kids, max_size=30) | st.dictionaries(st.text(max_size=5), kids, max_size=8),
                    max_leaves=200))
def test_any_json_without_a_schema_shrinks_towards_the_limit(value: object) -> None:
    out = compact(value, None, limit=2_000)
    assert out.note is None
    assert _size(out.value) <= max(2_000, _size(compact(value, None, limit=0).value))


def test_cut_hints_name_the_mcp_tool_and_its_arguments() -> None:
    text = ("cut: lines 85-2,917 of 3,000 not shown (256,870 bytes); read: obsline artifact get "
            "'artifact://t/0/a?sig=x' --task t --lines 85-2917 | python: ArtifactStore(root).read_range(...)\n"
            "cut: lines 1-9 of this text not shown (9 bytes); the result whole: obsline artifact get "
            "artifact://t/0/a --task t")
    hinted = mcp_read_hints(text).splitlines()
    assert hinted[0].endswith('read: obsline_read_artifact {"ref":"artifact://t/0/a?sig=x","lines":"85-2917"}')
    assert hinted[1].endswith('the result whole: obsline_read_artifact {"ref":"artifact://t/0/a"}')
    assert "obsline artifact get" not in mcp_read_hints(text) and mcp_read_hints("plain") == "plain"


def test_an_exception_group_is_reasoned_in_one_line() -> None:
    group = ExceptionGroup("unhandled errors in a TaskGroup", [ConnectionError("refused"),
                                                                ExceptionGroup("inner", [OSError("refused")])])
    assert _reason(group) == "ConnectionError: refused; OSError: refused"


@settings(max_examples=100, deadline=None)
@given(st.recursive(st.none() | st.integers() | st.text(max_size=60), lambda c: st.lists(c, max_size=40)
                    | st.dictionaries(st.sampled_from(["ids", "code", "notes", "x"]), c, max_size=4), max_leaves=60))
def test_the_cached_validator_judges_as_a_fresh_one(value: object) -> None:
    fresh = jsonschema.validators.validator_for(SCHEMA)(SCHEMA).is_valid(value)
    assert valid(value, SCHEMA) is fresh and validator_of(SCHEMA) is validator_of(SCHEMA)


def test_an_invalid_schema_validates_nothing() -> None:
    assert not valid({"a": 1}, {"type": "no-such-type"})


