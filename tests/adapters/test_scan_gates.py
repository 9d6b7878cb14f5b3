"""The cheap exact tests the secrets scan makes before a costly reader: each a necessary
condition of what the reader can find (hypothesis: whenever the reader finds something, the
test says yes)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.adapters import secrets

_PIECES = ["password", "api_key", "secret", "pwd", "contraseña", "PASSWD", "my_password", "'", '"', "`", "=", "==",
           "!=", "!!", "!==", ":", ":=", "=>", ";", "(", ")", "[0]", "@", " ", "\t", "\n", "hunter2", "s3cr3t!",
           "value", "x", "é"]
_LINE = st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=4)), max_size=16).map("".join)


@settings(max_examples=600, deadline=None)
@given(_LINE)
def test_the_keyword_plugin_finds_nothing_where_no_sign_stands(text: str) -> None:
    if list(secrets._KEYWORD.analyze_string(text)):
        assert secrets._KEYWORD_SIGNS.search(text), text


def test_the_keyword_plugin_still_reads_a_quoted_assignment() -> None:
    for line in ('password = "hunter2"', "api_key: 'abc123def'", 'my_password !! "s3cr3t"', 'pwd "x1y2z3";'):
        assert secrets._key_lines(line, line.lower(), []) == line
    assert secrets._key_lines("Never share your 'password' with anyone.", "never share your 'password' with anyone.",
                              []) == ""


# --- a literal read case-exactly (anchored.Anchor.exact) ----------------------------------------

_CASED = [r"AC[a-z0-9]{32}", r"(?:AC|SK)[a-z0-9]{4}|[0-9a-z]{4}-us[0-9]", r"\bAIza[0-9A-Za-z_-]{6}",
          r"(?i)\bac[a-z]{3}", r"x(?i:ac)[a-z]{2}", r"\bey[a-zA-Z0-9]{3}\.ey"]
_CASED_TEXT = st.lists(st.sampled_from(["AC", "ac", "Ac", "aC", "SK", "sk", "AIza", "aiza", "ey", "EY", "x", "-us1",
                                        "abcd", "0123", "abcdefghijklmnopqrstuvwxyz012345", " ", ".", "ſ", "İ", "K"]),
                       max_size=24).map("".join)


@settings(max_examples=400, deadline=None)
@given(_CASED_TEXT)
def test_a_case_exact_literal_gives_the_plain_matches(text: str) -> None:
    from obsline.adapters.anchored import Patterns, index_text, reference_finditer
    patterns = Patterns([re.compile(p) for p in _CASED])
    index = index_text(text, text.lower())
    if index is None:
        return
    at = patterns.at(index, text)
    for pattern in patterns.order:
        found = [m.span() for m in patterns.finditer(pattern, text, at)]
        assert found == [m.span() for m in reference_finditer(pattern, text)], (pattern.pattern, text)


def test_a_case_exact_literal_in_another_case_is_no_place_for_its_pattern() -> None:
    from obsline.adapters.anchored import Patterns
    twilio, caseless = re.compile(r"AC[a-z0-9]{32}"), re.compile(r"(?i)\bac[a-z]{3}")
    patterns = Patterns([twilio, caseless])
    text = "Contact your account manager."
    assert set(patterns.at(text.lower(), text)) == {1}  # (the caseless one is tried; Twilio's is not)
    assert set(patterns.at(text.lower())) == {0, 1}  # (without the text, every place in any case)
