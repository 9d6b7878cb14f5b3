"""The fold's fast paths against their plain reference twins, on generated results:
``fold._top_fields`` (one pass over a result's top-level fields) against the same five
dicts built one comprehension at a time, as ``fingerprint`` did before; ``fold.NO_PRINT``, what
a result without a contract whose data is not a record is compared by, against its fingerprint."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.aligner.fold import (
    NO_PRINT,
    FoldDecision,
    _is_text,
    _nested_refs,
    _Number,
    _top_fields,
    digest,
    fingerprint,
    uncontracted_fingerprint,
)
from obsline.core.models import DedupKind, ToolKind
from obsline.core.notation import cell, scalar_group
from obsline.core.spec import ToolSpec


def _top_fields_plain(data: dict[str, Any], spec: ToolSpec | None) -> tuple[
        dict[str, str], dict[str, str], dict[str, str], dict[str, Any], dict[str, str]]:
    """``fold._top_fields``, a dict at a time: its reference twin."""
    records = {k: digest(v) for k, v in data.items() if isinstance(v, (dict, list))}
    fields = {k: records[k] if k in records else f"{type(v).__name__}:{v}"
              for k, v in data.items() if spec is None or spec.is_semantic(k)}
    texts = {k: cell(v) for k, v in data.items() if k not in records}
    return records, fields, texts, scalar_group(data), {k: v for k, v in data.items() if _is_text(v)}


def _spec(semantic: frozenset[str] | None, volatile: frozenset[str]) -> ToolSpec:
    return ToolSpec(name="get_order", kind=ToolKind.READ, entity="order", key=("order_id",), item_key=(),
                    semantic_fields=semantic, volatile_fields=volatile, full_snapshot=False, untrusted=False,
                    fields={}, critical=frozenset())


NAMES = st.sampled_from(["id", "status", "name", "total", "items", "note", "ts", "body"])
SCALAR = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 5), st.floats(allow_nan=True), st.sampled_from([Decimal("9.90")]),
    st.sampled_from([dt.date(2024, 5, 1), "", "-", "a b", "x" * 81, "x" * 80, "one\ntwo", "1\n2\n3", "\n\n" + "y" * 90]),
    st.text(max_size=20))
VALUE = st.one_of(SCALAR, st.lists(SCALAR, max_size=3), st.dictionaries(NAMES, SCALAR, max_size=3))
SPEC = st.one_of(st.none(), st.builds(_spec, st.one_of(st.none(), st.frozensets(NAMES)), st.frozensets(NAMES)))


@settings(max_examples=400, deadline=None)
@given(data=st.dictionaries(NAMES, VALUE, max_size=8), spec=SPEC)
def test_top_fields_in_one_pass_agree_with_their_plain_twin(data: dict[str, Any], spec: ToolSpec | None) -> None:
    fast, plain = _top_fields(data, spec), _top_fields_plain(data, spec)
    assert [list(d.items()) for d in fast] == [list(d.items()) for d in plain]  # values and order


NOT_A_RECORD = st.one_of(SCALAR, st.text(), st.lists(VALUE, max_size=4),
                         st.lists(st.text(alphabet="ab \n", max_size=30), max_size=5).map("\n".join))


@settings(max_examples=300, deadline=None)
@given(data=NOT_A_RECORD, kind=st.sampled_from(list(DedupKind)), shown_fields=st.none() | st.lists(NAMES, max_size=3))
def test_no_print_does_what_the_fingerprint_of_data_that_is_no_record_does(
        data: Any, kind: DedupKind, shown_fields: list[str] | None) -> None:
    """Without a contract, the fold of data that is not a dict skips its fingerprint: the only
    use left for it (``_nested_refs``) changes nothing, with the fingerprint as with NO_PRINT."""
    outcomes = []
    for print_ in (fingerprint(data, None), NO_PRINT):
        decision = FoldDecision(kind, shown_fields=shown_fields)
        state: dict[str, Any] = {"shown": {"x": 1}}
        number = _Number({"next": 4})
        _nested_refs(print_, number, state, decision)
        outcomes.append((decision, state, number.value))
    assert outcomes[0] == outcomes[1] == (FoldDecision(kind, shown_fields=shown_fields), {"shown": {"x": 1}}, None)


BIG = st.sampled_from([{"log": "x" * 210, "a": 1, "b": 2, "c": 3}, ["y" * 50] * 5, {"k": list(range(80))},
                      {"a": 1, "b": 2, "c": 3, "d": 4}, [1, 2, 3, 4, 5]])  # big records, small ones with scalars enough


@settings(max_examples=400, deadline=None)
@given(data=st.dictionaries(NAMES, st.one_of(VALUE, BIG), max_size=8)
       | st.dictionaries(st.text(max_size=3), st.one_of(SCALAR, BIG), min_size=4, max_size=12))
def test_uncontracted_fingerprint_is_what_the_fold_reads_of_the_fingerprint(data: dict[str, Any]) -> None:
    """The group and the nested records (all that ``_nested_refs`` reads), alike."""
    fast, plain = uncontracted_fingerprint(data), fingerprint(data, None)
    assert (fast.group, list(fast.nested.items())) == (plain.group, list(plain.nested.items()))
