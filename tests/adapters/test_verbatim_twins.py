"""``verbatim.rewrites_number`` (three patterns, each led by one literal character) against its
reference twin ``REWRITTEN_NUMBER.search`` (one pattern led by a digit class), on generated texts
of numbers, dots and exponents, and on real JSON texts."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from obsline.adapters.verbatim import (
    CONSTANT,
    REWRITTEN_NUMBER,
    REWRITTEN_NUMBER_BYTES,
    holds_constant,
    rewrites_number,
    rewrites_number_bytes,
    verbatim_loads,
)

_NUMBERISH = st.text(alphabet="0123456789.eE+-x \":,[]{}é", max_size=60)
_JSONISH = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4))


@given(_NUMBERISH | st.text(max_size=60))
def test_rewrites_number_agrees_with_its_reference(text):
    assert rewrites_number(text) == bool(REWRITTEN_NUMBER.search(text))
    data = text.encode("utf-8", "surrogatepass")
    assert rewrites_number_bytes(data) == bool(REWRITTEN_NUMBER_BYTES.search(data))


@given(_JSONISH, st.sampled_from(["", "0", "00", "e5", "E-7", "1234567890123456"]))
def test_rewrites_number_agrees_on_json_texts(value, tail):
    import json

    text = json.dumps(value).replace("5", "5" + tail, 1)
    assert rewrites_number(text) == bool(REWRITTEN_NUMBER.search(text))


def test_each_form_is_found():
    for text in ("9.990", "1e3", "2E+5", "0.12345678901234567", "[1.00]", "[2.50]", "[9007199254740993.0]",
                 "[10000000000000000.0]"):
        assert rewrites_number(text) and rewrites_number_bytes(text.encode()), text
    for text in ("9.99", "e3", "x.0", "1.5", "version", "[1.0]", "[-2.0, 100.0]", "[123456789012345.0]"):
        assert not rewrites_number(text) and not rewrites_number_bytes(text.encode()), text


@given(st.integers(min_value=-(10**15) + 1, max_value=10**15 - 1))
def test_a_lone_zero_after_at_most_15_digits_writes_back(n):
    """What lets ``rewrites_number`` pass ``X.0`` by: a float gives back such a text as it came,
    so the verbatim read would keep the float orjson reads (verbatim._number)."""
    text = f"{n}.0"
    assert repr(float(text)) == text
    assert verbatim_loads(f"[{text}]") == [float(text)] and type(verbatim_loads(f"[{text}]")[0]) is float


@given(st.text(alphabet="NaInfity-\"x0 [],", max_size=30) | st.text(max_size=30))
def test_holds_constant_agrees_with_its_reference(text):
    assert holds_constant(text) == bool(CONSTANT.search(text))
