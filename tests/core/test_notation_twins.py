"""``notation.all_scalars`` (in C) and ``notation.is_plain_field`` (one call a field) against the
plain forms they replaced: ``all(is_scalar(v) ...)`` and ``is_scalar and not untrusted and is_short``."""

from __future__ import annotations

import datetime as dt
from collections import OrderedDict
from decimal import Decimal
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.core.notation import all_scalars, is_plain_field, is_scalar, is_short

SCALAR = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.just(Decimal("1.50")),
                   st.just(dt.date(2024, 5, 1)), st.text(max_size=90), st.sampled_from(["x" * 80, "x" * 81, "a\nb"]))
VALUE = st.one_of(SCALAR, st.lists(SCALAR, max_size=2), st.dictionaries(st.text(max_size=3), SCALAR, max_size=2),
                  st.just(OrderedDict(a=1)), st.just(()))


@settings(max_examples=400, deadline=None)
@given(values=st.lists(VALUE, max_size=6))
def test_all_scalars_is_all_of_is_scalar(values: list[Any]) -> None:
    assert all_scalars(values) == all(is_scalar(v) for v in values)
    assert all_scalars(dict(enumerate(values)).values()) == all(is_scalar(v) for v in values)


@settings(max_examples=400, deadline=None)
@given(key=st.sampled_from(["a", "b", "note"]), value=VALUE, untrusted=st.frozensets(st.sampled_from(["a", "note"])))
def test_a_plain_field_is_a_short_trusted_scalar(key: str, value: Any, untrusted: frozenset[str]) -> None:
    assert is_plain_field(key, value, untrusted) == (is_scalar(value) and key not in untrusted and is_short(value))
