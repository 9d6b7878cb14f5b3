"""The fast secrets scan (each pattern tried only where its literal stands, adapters/anchored.py
and secret_scan.py) finds exactly what its plain twin finds (every pattern over the whole text)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.adapters import secrets
from obsline.adapters.anchored import Anchor, Patterns, anchor_of, anchored_finditer, reference_finditer
from obsline.adapters.secrets import find_secrets, find_secrets_reference
from tests.adapters.corpora.secrets import cases

# Pieces that trip the literals, the separators and the structure rules, mixed with noise.
_PIECES = [
    "password", "Passwort", "api_key", "token", "secret", "key", "auth", "AKIA", "ASIA", "AIza", "ghp_", "gho_",
    "glpat-", "xoxb-", "sk-", "sk_live_", "rk_test_", "SK", "AC", "-us1", "eyJ", "ya29.", "://", "user:pa55@",
    "Bearer ", "basic ", "Basic ", "10.", "127.0.", "192.168.", "172.16.", "169.254.", "fe80:", "fd00:", "::1",
    "localhost", ".internal", ".local", ".svc", "new-relic", "newrelic", "asana", "etsy", "hvs.", "s.", "ey",
    "name: DB_PASSWORD\n  value: ", "<add key=\"ApiKey\" value=\"", "</", "define('DB_PASSWORD', '", "machine ",
    "sqlplus scott/", "=", ":", ": ", "\"", "'", "\n", " ", "\t", ",", ";", "|", "&", "?", "İ", "ı", "ſ", "ς", "é",
    "пароль", "密码", "K", "ABCDEF0123456789", "abcdefghijklmnopqrstuvwxyz012345", "Zx9Qw8Er7Ty6Ui5Op4As3Df2",
    "%3D", "%40", "\\n", "\\\"",
]
_TEXT = st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=12)), max_size=40).map("".join)


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_the_fast_scan_finds_what_the_plain_one_finds(text: str) -> None:
    assert find_secrets(text) == find_secrets_reference(text)


def test_the_twins_agree_on_the_whole_secret_corpus() -> None:
    for case in cases():
        assert find_secrets(case.raw) == find_secrets_reference(case.raw), case.name


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["ab", "abc", "xab", "b", "a", "-", " ", "\n", "abab", "AB"]), max_size=30).map("".join))
def test_anchored_matches_are_finditer_matches(text: str) -> None:
    for regex in (r"\bab[c-]*", r"(?i)[\w-]{0,5}?ab", r"(?:x|-)?abc?", r"(?<![a-z])ab"):
        pattern = re.compile(regex)
        anchor = anchor_of(pattern)
        assert anchor is not None, regex
        hits = [(m.start(), back) for literal, back in anchor.literals.items()
                for m in re.finditer(f"(?={re.escape(literal)})", text.lower())]
        got = [m.span() for m in anchored_finditer(pattern, text, hits, anchor.walk)]
        assert got == [m.span() for m in reference_finditer(pattern, text)], regex


def test_anchors_are_found_in_the_parse_tree() -> None:
    assert anchor_of(re.compile(r"\bAIza[0-9A-Za-z_-]{35}")) == Anchor({"aiza": 0})
    assert set(anchor_of(re.compile(r"(?i)[\w.-]{0,50}?(?:new-relic|newrelic)x")).literals) == {"new-relicx", "newrelicx"}
    assert anchor_of(re.compile(r"[a-z]+://")) is None  # (a match can start anywhere before its literal)


def test_most_patterns_are_anchored() -> None:
    patterns: Patterns = secrets._PATTERNS
    unanchored = [p for p, a in patterns.anchors.items() if a is None]
    assert len(unanchored) <= 10, [p.pattern[:40] for p in unanchored]


# --- a long text, read paragraph by paragraph (adapters/secret_blocks.py) ------------------------

_PROSE = [
    "To reset your password, open Settings and choose Reset password.",
    "API keys are created under Developer > API keys; a key is shown once.",
    "Access tokens expire after 60 minutes; use the refresh token to get a new one.",
    "Rotate service account keys every 90 days.",
]
_PARAGRAPH = st.lists(st.one_of(st.sampled_from(_PIECES + _PROSE), st.text(max_size=12)), min_size=1, max_size=12).map("".join)
_LONG_TEXT = st.lists(_PARAGRAPH, min_size=8, max_size=40).map("\n\n".join)


@settings(max_examples=150, deadline=None)
@given(_LONG_TEXT)
def test_a_long_text_read_by_paragraph_and_from_the_cache_finds_what_the_plain_scan_finds(text: str) -> None:
    plain = find_secrets_reference(text)
    assert find_secrets(text) == plain
    assert find_secrets(text) == plain  # (now every paragraph from the cache)


def test_every_corpus_secret_inside_a_long_page_is_found_as_on_its_own() -> None:
    """Read by paragraph, a secret in a long page of prose full of key words is hidden where it
    stands, as when the raw is scanned alone."""
    around = "\n\n".join(_PROSE * 8)
    for case in cases():
        alone = [case.raw[s.start:s.end] for s in find_secrets(case.raw)]
        page = f"{around}\n\n{case.raw}\n\n{around}"
        offset = len(around) + 2
        inside = [page[s.start:s.end] for s in find_secrets(page) if offset <= s.start < offset + len(case.raw)]
        assert inside == alone, case.name
