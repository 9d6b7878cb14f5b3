"""aligner.textcommon: boilerplate said once is exactly undone, keeps every word whole, and
only pays when it saves."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.aligner.textcommon import MARK, expand, factor

PARTS = ["Requirement already satisfied: ", "3.10", "Programming Language :: Python :: ", " in /opt/conda/envs/testbed/lib/python3.9/site-packages (from ",
         "  Checking if build backend supports build_editable: ", " done", "x", "pytest", "1.2.3", " ", "\t", "=", ""]
WORD = re.compile(r"\S+")


def _lines() -> st.SearchStrategy[list[str]]:
    return st.lists(st.lists(st.sampled_from(PARTS) | st.text(max_size=12), max_size=6).map("".join), min_size=1,
                    max_size=60)


@settings(max_examples=300, deadline=None)
@given(_lines())
def test_expand_undoes_factor_and_every_word_stays_whole(lines: list[str]) -> None:
    text = "\n".join(lines)
    factored = factor(text)
    if factored is None:
        return
    assert MARK not in text and len(factored) < len(text)
    assert "\n".join(expand(factored.split("\n"))) == text
    assert not re.search(r"§\d\d", factored)  # a mark never reads as a longer one
    shown = set(WORD.findall(factored))
    for word in WORD.findall(text):  # in its line, or in the legend (a part ends at whitespace)
        assert word in shown or any(word in w for w in shown), word


def test_an_installer_log_says_its_repeated_parts_once() -> None:
    lines = [f"Requirement already satisfied: {pkg} in /opt/conda/envs/testbed/lib/python3.9/site-packages "
             f"(from marshmallow==3.13.0) ({v})" for pkg, v in [("pytest", "8.3.3"), ("pytz", "2024.2"),
                                                                ("simplejson", "3.19.3"), ("tox", "4.23.2")]]
    text = "\n".join(lines)
    factored = factor(text)
    assert factored is not None and len(factored) < 0.6 * len(text)
    assert factored.startswith(f"{MARK}1=") and "pytest" in factored and "2024.2" in factored
    assert "\n".join(expand(factored.split("\n"))) == text


def test_a_text_holding_the_mark_or_with_nothing_repeated_is_left_alone() -> None:
    assert factor("§ 1\n" * 20) is None
    words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
    assert factor("\n".join(f"{words[k % 8]} {k * 7} {words[(k * 3) % 8]}" for k in range(40))) is None


@settings(max_examples=200, deadline=None)
@given(_lines())
def test_the_gram_gate_only_skips_lines_that_share_no_part(lines: list[str]) -> None:
    from obsline.aligner import textcommon

    text = "\n".join(lines)
    gated = factor(text)
    original = textcommon._may_share
    textcommon._may_share = lambda a, b: True  # the reference: every neighbouring pair compared
    try:
        assert factor(text) == gated
    finally:
        textcommon._may_share = original
    for a, b in zip(lines, lines[1:], strict=False):
        if not textcommon._may_share(a, b):
            assert all(a[i:i + textcommon.MIN_PART_CHARS] not in b for i in range(len(a) - textcommon.MIN_PART_CHARS + 1))
