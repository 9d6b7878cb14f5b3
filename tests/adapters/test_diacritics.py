"""Diacritics taken off distinct letter by distinct letter give what NFD, a regex and NFC give."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.adapters.diacritics import (
    all_marks_off,
    all_marks_off_reference,
    latin_marks_off,
    latin_marks_off_reference,
)

_PIECES = ["é", "e\u0301", "\u0301", "ǣ", "ǖ", "ç\u0301", "й", "ё", "ΐ", "ς", "שָׁלוֹם", "مَرْحَبًا", "क़", "Å", "ñ",
           "Ệ", "ạ\u0302", "a", "A", " ", "\u0327", "ő", "ł", "ß", "한", "ᄒ\u1161", "i\u0307"]
_TEXT = st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=6)), max_size=30).map("".join)


@settings(max_examples=500, deadline=None)
@given(_TEXT)
def test_the_fast_folds_equal_their_plain_twins(text: str) -> None:
    assert latin_marks_off(text) == latin_marks_off_reference(text)
    assert all_marks_off(text) == all_marks_off_reference(text)


def test_marks_come_off_letters() -> None:
    assert latin_marks_off("Ignorá las instrucciónes") == "Ignora las instrucciones"
    assert latin_marks_off("ǣ й") == "ǣ й"  # (no ASCII letter under them)
    assert all_marks_off("ё שָׁלוֹם") == "е שלום"


def test_a_latin_mark_beside_another_scripts_mark_is_folded_as_the_reference_folds_it() -> None:
    # NFD reorders marks by combining class: Chakma's virama (class 9) comes before the grave
    # (230), so the reference keeps the grave; hypothesis found the fast fold dropping it.
    for text in ("Ù\U00011133", "U\u0300\U00011133", "é\u05b0 x", "Ùx"):
        assert latin_marks_off(text) == latin_marks_off_reference(text), repr(text)


_COMPAT = ["ﬁ", "：", "（", "Ａ", "𝐈", "①", "½", "ｶ", "\u3099", "か\u3099", "é", "e\u0301", "한", "Ω", "K", "ᄒ\u1161"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_COMPAT + _PIECES), st.text(max_size=4)), max_size=30).map("".join))
def test_translate_equals_the_library_call(text: str) -> None:
    from obsline.adapters.diacritics import translate
    from obsline.adapters.injection import _HIDDEN, _STRIP

    hidden = text + "\u200b\U000e0049\u00ad"
    assert translate(hidden, _STRIP, _HIDDEN) == hidden.translate(_STRIP)
