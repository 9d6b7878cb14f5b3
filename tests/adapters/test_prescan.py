"""The one-pass pre-scan (adapters/prescan.py) decides as each check's own scan does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from obsline.adapters import injection, internal, prescan, safety, secrets
from tests.adapters.secret_corpus import LOOKALIKES, SECRETS
from tests.conftest import DEV_TRACES, FOREIGN_DEV, shared_or_skip

CORPUS = Path(__file__).parent / "corpus"


def _alone(raw: str) -> tuple[bool, bool, bool]:
    lowered = raw.lower()
    return (safety.may_hold_secrets(raw, lowered), injection.may_hold_injection(raw, lowered),
            internal.may_hold_internal(lowered, raw))


def _together(raw: str) -> tuple[bool, bool, bool]:
    lowered = raw.lower()
    found = prescan.scan(raw, lowered)
    return (safety.may_hold_secrets(raw, lowered, found), injection.may_hold_injection(raw, lowered, found),
            internal.may_hold_internal(lowered, raw, found))


def _corpus_texts() -> list[str]:
    texts = [c.raw for c in SECRETS + LOOKALIKES]
    for name in ("injections.jsonl", "benign.jsonl"):
        texts += [json.loads(line)["text"] for line in (CORPUS / name).read_text().splitlines() if line.strip()]
    return texts


def test_the_corpora_get_the_same_decisions() -> None:
    texts = _corpus_texts()
    assert [_together(t) for t in texts] == [_alone(t) for t in texts]
    assert any(_alone(t)[0] for t in texts) and any(_alone(t)[1] for t in texts)  # the test can fail


@pytest.mark.parametrize("path", [DEV_TRACES, FOREIGN_DEV], ids=["tau", "foreign"])
def test_the_dev_traces_get_the_same_decisions(path: Path) -> None:
    raws = {r["raw"] if isinstance(r["raw"], str) else json.dumps(r["raw"])
            for r in map(json.loads, shared_or_skip(path).read_text().splitlines()) if r.get("raw") is not None}
    assert [_together(r) for r in sorted(raws)] == [_alone(r) for r in sorted(raws)]


WORDS = [*secrets.TRIGGERS, *internal.TRIGGERS, *injection.ASCII_ANCHORS[:40], *sorted(injection.WORD_START_ANCHORS)[::25],
         "philadelphia.", "x", "7", *secrets.PRESCAN_WORDS,
         *safety.TRACE_TRIGGERS, "password=hunter22", "AC" + "a" * 32, "fe80::1", "10.0.0.7", " at x.y(",
         "ignore all previous instructions", "Traceback (most recent call last):", "db.internal", "\u00e9"]


@given(st.lists(st.one_of(st.sampled_from(WORDS), st.text(alphabet="abc XYZ:=\"'.-_\n", max_size=8)), max_size=12))
def test_any_mix_of_trigger_words_gets_the_same_decisions(parts: list[str]) -> None:
    raw = "".join(parts)
    assert _together(raw) == _alone(raw)


def test_a_signal_stem_inside_a_word_is_no_anchor_at_a_words_start_it_is() -> None:
    stem = "ia."
    assert stem in injection.WORD_START_ANCHORS
    assert not prescan.scan("flights to philadelphia.", "flights to philadelphia.").injection
    assert prescan.scan("la ia. dice", "la ia. dice").injection


def test_text_the_checks_read_otherwise_is_left_to_them() -> None:
    assert prescan.scan("caf\u00e9 token", "caf\u00e9 token") is None  # non-ASCII: normalised first
    assert prescan.scan('{"a": "\\u0069gnore"}', '{"a": "\\u0069gnore"}') is None  # escapes: undone first
    found = prescan.scan('{"password": "x", "mac": "fe80"}', '{"password": "x", "mac": "fe80"}')
    assert found is not None and found.secret_matches and "fe80" in found.words
    assert found.injection and not found.internal  # ("passw": an anchor of "reveal the password")
    plain = prescan.scan('{"flight": "HAT069", "seats": 3}', '{"flight": "hat069", "seats": 3}')
    assert plain == prescan.Prescan([], frozenset(), False, False, False, plain.gates)
    assert plain.gates in (0, -1)  # (no gate's condition there: 0 by Hyperscan, -1 by the automaton)
