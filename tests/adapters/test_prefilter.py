"""The Hyperscan prefilter (adapters/prefilter.py) never misses: wherever a pattern matches a text,
its superset reports a match ending inside that match, and a paragraph it rules out holds
nothing the secrets readers would find (secrets.py's ``_candidates``)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.adapters import prefilter, secret_blocks, secrets
from tests.adapters.test_secret_scan_twin import _PIECES, _PROSE

pytestmark = pytest.mark.skipif(prefilter.hyperscan is None, reason="hyperscan is not installed")

_MORE = ["İ", "K", "Å", "ſ", "ı", "Straße", "контраseña", "パスワード: ", "🔑", "\r\n", "  ", "\t|\t", "+--+", "==", "!!",
         "';", "password:", "token = '", "machine x login y password z", "AC0123456789abcdef0123456789abcdef"]
_TEXT = st.lists(st.one_of(st.sampled_from(_PIECES + _PROSE + _MORE), st.text(max_size=8)), max_size=30).map("".join)


def _byte_end(text: str, at: int) -> int:
    return len(text[:at].encode("utf-8"))


@settings(max_examples=300, deadline=None)
@given(_TEXT)
def test_every_match_of_a_reader_pattern_is_reported_by_its_superset(text: str) -> None:
    readers = secrets._READERS()
    if any("\ud800" <= c <= "\udfff" for c in text):
        return  # (a lone surrogate is no UTF-8: units_hit answers None for such a text)
    data = text.encode("utf-8")
    ends: dict[int, list[int]] = {}
    for end, number in readers.hits(data):
        ends.setdefault(number, []).append(end)
    for number, pattern in enumerate(readers.patterns):
        for m in pattern.finditer(text):
            if m.end() == m.start():
                continue
            low, high = _byte_end(text, m.start()), _byte_end(text, m.end())
            assert any(low < end <= high for end in ends.get(number, [])), (pattern.pattern[:80], m.group(0))


@settings(max_examples=200, deadline=None)
@given(st.lists(_TEXT, min_size=3, max_size=12).map("\n\n".join))
def test_a_paragraph_ruled_out_holds_nothing_to_hide(text: str) -> None:
    units = secret_blocks.blocks(text)
    if units is None:
        return
    chosen = secrets._candidates(text, [offset for offset, _ in units])
    if chosen is None:
        return
    for k, (_, unit) in enumerate(units):
        if k not in chosen:
            assert secrets._find_whole(unit, False) == [], unit


def test_no_other_character_matches_an_ascii_letter_case_blind() -> None:
    letters = re.compile("(?i)[a-z]")
    odd = [c for c in range(128, 0x110000) if letters.fullmatch(chr(c))]
    assert odd == list(prefilter.ODD_CASES)


def test_a_caseless_character_matches_only_itself_case_blind() -> None:
    """The non-ASCII literals the supersets write as themselves under (?i) (no case)."""
    chars = {chr(c) for c in range(128, 0x3100) if prefilter._uncased(c, c)} - {"\\", "]", "^", "-"}
    blind = re.compile("(?i)[" + "".join(sorted(chars)) + "]")
    assert [c for c in map(chr, range(0x110000)) if blind.fullmatch(c) and c not in chars] == []


def test_supersets_keep_line_edges_and_drop_the_rest() -> None:
    assert prefilter.superset(re.compile(r"^ab$")) == r"^[\x61][\x62]$"
    assert prefilter.superset(re.compile(r"\bab(?=c)")) == r"[\x61][\x62]"
    assert prefilter.superset(re.compile(r"(?i)k")) == r"(?:[\x4b\x6b]|\xe2\x84\xaa)"
    assert prefilter.superset(re.compile(r"[\w.-]{0,50}?key")) == r"[\x6b][\x65][\x79]"  # (the optional lead goes)


def test_every_reader_pattern_is_in_the_database() -> None:
    assert secrets._READERS().usable
    assert secrets._READERS().always == []


def test_for_ascii_texts_a_part_beyond_ascii_is_left_out() -> None:
    assert prefilter.superset(re.compile(r"(?:密码|pw)x?"), ascii_only=True) == r"(?:\x70\x77)"
    assert prefilter.superset(re.compile(r"(?i)ſ"), ascii_only=True) == r"[\x53\x73]"  # (long s matches s)
    with pytest.raises(prefilter.Never):
        prefilter.superset(re.compile(r"密码"), ascii_only=True)


def test_patterns_may_share_an_id_and_groups_need_all_their_ids() -> None:
    two = prefilter.Prefilter([re.compile("ab"), re.compile("cd"), re.compile("xy")], [(0,), (1, 2)])
    assert two.units_hit("ab\ncd\nxy cd\n", [0, 3, 6]) == {0, 2}
    shared = prefilter.Prefilter([re.compile("ab"), re.compile("cd")], [(0,)], ids=[0, 0])
    assert shared.units_hit("cd\nzz", [0, 3]) == {0}
