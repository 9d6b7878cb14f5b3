"""adapt's fast paths against their plain reference twins, on generated results:
``adapt._fragments`` (a field's type name by its exact type, no ``min`` when nothing is doubted)
against the loop it replaced, with ``_type_of`` per field; ``Content.fragments`` (the fragments
kept with their content) against fragments read afresh for every record."""

from __future__ import annotations

import datetime as dt
import enum
from decimal import Decimal
from typing import Any

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.adapters.adapt import _TOP, _TYPE_NAMES, AdaptMemo, _extracted, _fragments, _type_of, adapt
from obsline.adapters.contract import parse_contract
from obsline.adapters.envelope import decode
from obsline.adapters.typed import DIRECT, PARSE_FAILED, UNKNOWN_ENUM
from obsline.core.models import Fragment
from obsline.core.spec import ToolSpec


class Level(enum.IntEnum):
    LOW = 1


def _fragments_plain(tool: str, spec: ToolSpec | None, data: Any, entity_id: str | None,
                     doubts: dict[str, float], typed: dict[str, tuple[Any, str]] | None = None) -> list[Fragment]:
    """``adapt._fragments`` as it was written before its fast paths: its reference twin."""
    if not isinstance(data, dict):
        return [Fragment("result", _type_of(data, None), data, DIRECT, f"{tool}:$", entity_id)]
    fields = spec.fields if spec else {}
    nested: dict[str, float] = {}
    for path, doubt in doubts.items():
        top = _TOP.split(path, 1)[0]
        if top != path:
            nested[top] = min(doubt, nested.get(top, DIRECT))
    out = []
    for name, value in data.items():
        field_spec = fields.get(name)
        ftype = field_spec.type if field_spec else _type_of(value, None)
        own = doubts.get(name, DIRECT)
        confidence = min(own, nested.get(name, DIRECT))
        source = f"{tool}:{name}"
        if own == UNKNOWN_ENUM:
            value = "UNKNOWN"
        elif own == PARSE_FAILED:
            value = None
        elif typed and name in typed:
            value, fmt = typed[name]
            source += f" (format {fmt})"
        out.append(Fragment(name, ftype, value, confidence, source, entity_id))
        if field_spec and field_spec.extract and isinstance(value, list) and value:
            out.append(_extracted(tool, name, field_spec.extract, value, entity_id))
    return out


NAMES = st.sampled_from(["id", "status", "total", "items", "when", "note"])
SCALAR = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 5), st.floats(allow_nan=False), st.text(max_size=5),
    st.sampled_from(["x" * 200, "x" * 201, Decimal("9.90"), dt.date(2024, 5, 1), Level.LOW, b"raw", ("a", 1)]))
VALUE = st.one_of(SCALAR, st.lists(SCALAR, max_size=3), st.dictionaries(NAMES, SCALAR, max_size=3))
DOUBT = st.sampled_from([0.5, UNKNOWN_ENUM, PARSE_FAILED, 0.3])
PATHS = st.one_of(NAMES, NAMES.map(lambda n: f"{n}.x"), NAMES.map(lambda n: f"{n}[0]"))
SPEC = parse_contract({
    "name": "get_order", "kind": "read", "entity": "order", "key": ["args.id"],
    "fields": {"status": {"type": "enum", "values": ["open", "done"]}, "total": {"type": "money"},
               "items": {"type": "list", "extract": {"strategy": "latest_by", "by": "when", "as": "latest"}}},
}, "test").build()


@settings(max_examples=400)
@given(data=st.one_of(st.dictionaries(NAMES, VALUE, max_size=6), VALUE),
       spec=st.sampled_from([None, SPEC]), doubts=st.dictionaries(PATHS, DOUBT, max_size=3),
       typed=st.one_of(st.none(), st.dictionaries(NAMES, st.tuples(SCALAR, st.just("%d/%m/%Y")), max_size=2)))
def test_fragments_agree_with_their_plain_twin(data: Any, spec: ToolSpec | None, doubts: dict[str, float],
                                               typed: dict[str, tuple[Any, str]] | None) -> None:
    assert _fragments("get_order", spec, data, "order:1", doubts, typed) == \
        _fragments_plain("get_order", spec, data, "order:1", doubts, typed)


@given(value=VALUE)
def test_type_names_by_exact_type_are_type_of(value: Any) -> None:
    named = _TYPE_NAMES.get(type(value))
    if named is not None:
        assert named == _type_of(value, None)


def _line(raw: Any, entity: str, step: int) -> bytes:
    return orjson.dumps({"task_id": "t", "step_id": step, "action_id": f"a{step}", "tool": "get_order",
                         "args": {"id": entity}, "raw": raw})


@given(raws=st.lists(st.sampled_from([{"status": "open", "total": "9.90"}, {"status": "done"}, {"note": "x"}]),
                     min_size=1, max_size=12),
       entities=st.lists(st.sampled_from([str(i) for i in range(12)]), min_size=12, max_size=12))
def test_fragments_kept_with_their_content_are_the_fragments_read_afresh(
        raws: list[Any], entities: list[str]) -> None:
    """Many entities read from one content (past the number a content keeps): each record's
    fragments are those a memo-less adapt reads."""
    contracts = {"get_order": SPEC}
    memo = AdaptMemo.of(64)
    for step, raw in enumerate(raws):
        envelope = decode(_line(raw, entities[step], step))
        kept = adapt(envelope, contracts, memo=memo).adapted.fragments
        assert kept == adapt(envelope, contracts).adapted.fragments


def test_the_content_key_written_inline_is_content_keys() -> None:
    """adapt writes its memo's key as a tuple; it is the one ``content_key`` makes."""
    from obsline.adapters.status import status_hints
    from obsline.core.memo import content_key

    envelope = decode(_line({"status": "open"}, "1", 0))
    depends = (status_hints(envelope.http_status, envelope.error, envelope.args), False, False)
    memo = AdaptMemo.of(8)
    adapt(envelope, {"get_order": SPEC}, memo=memo)
    sha = adapt(envelope, {"get_order": SPEC}).adapted.raw_sha256
    assert memo.contents.get(content_key("get_order", sha, *depends)) is not None
