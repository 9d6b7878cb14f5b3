"""``typed.type_in_place`` (the fast path for a contract tool's result with nothing to scan)
against its reference, ``typed.walk``: the same typed tree and the same doubts on any JSON."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.adapters.typed import WalkContext, type_in_place, walk
from obsline.contracts import load_contracts

CONTRACTS = load_contracts(None)
SPECS = [spec for spec in CONTRACTS.values() if spec.active]
KEYS = sorted({step for spec in SPECS for _, steps, _ in spec.active for step in steps if step not in ("[]", "*")}
              | {"id", "name", "note"})
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["2024-05-01", "2024-05-01T10:00:00", "05/01/2024", "12.50", "$1,204.00", "EUR 3", "gold",
                     "economy", "credit_card", "pending", "", "not a date", "1e3", "-4"]),
    st.text(max_size=8),
)
TREES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(KEYS), inner, max_size=5)), max_leaves=20)


def _plain(spec) -> WalkContext:  # what adapt builds when no scan applies (WalkContext.plain)
    ctx = WalkContext(fields=spec.fields, untrusted_tool=False, scan_secrets=False, scan_injection=False,
                      max_depth=64)
    assert ctx.plain
    return ctx


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SPECS), st.dictionaries(st.sampled_from(KEYS), TREES, max_size=6))
def test_type_in_place_agrees_with_walk(spec, tree):
    reference_ctx, fast_ctx = _plain(spec), _plain(spec)
    expected = walk(copy.deepcopy(tree), "", reference_ctx)
    got = type_in_place(copy.deepcopy(tree), spec.active, fast_ctx)
    assert got == expected
    assert fast_ctx.doubts == reference_ctx.doubts
    assert fast_ctx.hidden.records == reference_ctx.hidden.records
