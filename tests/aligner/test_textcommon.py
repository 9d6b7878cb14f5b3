"""aligner.textcommon: boilerplate said once is exactly undone, keeps every word whole, and
only pays when it saves."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.aligner import textcommon
from obsline.aligner.textcommon import MARK, expand, factor
from obsline.core.tokens import count_tokens

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


def _whole_word_runs(line: str) -> set[str]:
    """The reference: every run of whole pieces (words and the spaces between them) of a line
    that is 24+ characters long and holds a key (a word of 11+ characters or 3 words)."""
    pieces = textcommon._PIECE.findall(line)
    runs = set()
    for i in range(len(pieces)):
        for j in range(i + 1, len(pieces) + 1):
            run = pieces[i:j]
            words = [p for p in run if not p[0].isspace()]
            text = "".join(run)
            if len(text) >= textcommon.MIN_PART_CHARS and (len(words) >= 3 or any(len(w) >= 11 for w in words)):
                runs.add(text)
    return runs


@settings(max_examples=200, deadline=None)
@given(_lines())
def test_the_key_gate_passes_every_text_whose_lines_share_a_part(lines: list[str]) -> None:
    """A text is searched for parts only when a key is in 3+ of its lines (``_shared_keys``):
    checked against every run of whole words that 3+ lines hold."""
    from collections import Counter

    kept = [line for line in lines[:textcommon.MAX_LINES]
            if textcommon.MIN_PART_CHARS <= len(line) <= textcommon.MAX_LINE_CHARS]
    counts = Counter(run for line in kept for run in _whole_word_runs(line))
    if any(n >= textcommon.MIN_LINES for n in counts.values()):
        assert textcommon._shared_keys(lines)[1], counts.most_common(1)


def test_lines_repeated_far_apart_are_said_once() -> None:
    """Decompiled code repeats its long calls every few lines, never on neighbouring lines."""
    block = ["  pbVar2 = std::operator<<((basic_ostream *)std::cout,\"{}\");",
             "  std::basic_ostream<char,std::char_traits<char>>::operator<<",
             "            ((basic_ostream<char,std::char_traits<char>> *)pbVar2,",
             "             std::endl<char,std::char_traits<char>>);"]
    quotes = ["Quote from people's champ", "-----", "My goal was never to be the loudest", "Wrestling", "hard times"]
    text = "\n".join(line.format(q) for q in quotes for line in block)
    factored = factor(text)
    assert factored is not None and factored.startswith(f"{MARK}1=")
    assert count_tokens(factored) < 0.7 * count_tokens(text)
    assert "\n".join(expand(factored.split("\n"))) == text


def test_a_part_that_saves_characters_but_no_tokens_is_left_alone() -> None:
    """A rule of dashes is one or two o200k tokens: its mark would cost as much."""
    text = "\n".join(f"{'-' * 60}\nsection {k}: {k * 13} items" for k in range(12))
    assert factor(text) is None


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(PARTS) | st.text(max_size=14), max_size=12).map("".join))
def test_the_keys_read_off_the_alternation_are_the_reference_keys_in_order(line: str) -> None:
    pieces = textcommon._PIECE.findall(line)
    assert list(textcommon._keys(pieces).items()) == list(textcommon._keys_reference(pieces).items())


@settings(max_examples=200, deadline=None)
@given(st.lists(_lines(), min_size=1, max_size=4))
def test_factored_text_from_its_memo_is_factor_of_the_text(texts: list[list[str]]) -> None:
    """The fold keeps ``factor`` by text (aligner.fold.factored_text): a text seen again, factored
    or left alone, is answered from the memo with what ``factor`` says of it."""
    from obsline.aligner.fold import factored_text
    from obsline.core.memo import Memo

    memo: Memo[str, str] = Memo(8)
    joined = ["\n".join(lines) for lines in texts]
    for text in joined + joined:
        assert factored_text(text, memo) == factor(text)
    assert memo.hits >= len(joined)
    assert factored_text(joined[0], None) == factor(joined[0]) and factored_text(joined[0], Memo(0)) == factor(joined[0])
