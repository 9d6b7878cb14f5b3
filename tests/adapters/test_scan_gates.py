"""The cheap exact tests the secrets scan makes before a costly reader: each a necessary
condition of what the reader can find (hypothesis: whenever the reader finds something, the
test says yes)."""

from __future__ import annotations

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
