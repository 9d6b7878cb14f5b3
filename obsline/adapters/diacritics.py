"""Diacritics off a long text (and a character table), one distinct character at a time.

The injection scan folds "ignorá" to "ignora" and the signals fold every script's marks off. Done
plainly, that is NFD of the whole text, a regex over every character, and NFC back (~60 us a KB):
most of a multilingual help page's normalisation. A text holds few distinct accented letters, so
each is replaced by its bare form with one ``str.replace`` (C speed), a mark left on its own is
removed by one regex, and NFC runs only if the text is not NFC already. ``*_reference`` are the
plain twins; tests/adapters/test_diacritics.py holds each pair equal. ``str.translate`` is done
the same way. (``unicodedata.normalize`` is called without ``is_normalized`` first: it makes the
same quick check itself, and on Indic or Hangul text the check alone is a full normalisation.)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from functools import lru_cache

_LATIN_MARK = "\u0300-\u036f"
_ALL_MARKS = "\u0300-\u036f\u064b-\u065f\u0591-\u05c7"
_AFTER_ASCII = re.compile(rf"(?<=[A-Za-z])[{_LATIN_MARK}]+")
_ANY_MARK = re.compile(f"[{_ALL_MARKS}]")
_LATIN_MARKS = re.compile(f"[{_LATIN_MARK}]+")
_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def latin_marks_off_reference(text: str) -> str:
    """Combining marks after an ASCII letter removed (``é`` -> ``e``), other letters kept."""
    return unicodedata.normalize("NFC", _AFTER_ASCII.sub("", unicodedata.normalize("NFD", text)))


def all_marks_off_reference(text: str) -> str:
    """Every combining mark of Latin, Greek, Cyrillic, and Hebrew and Arabic vowel points removed."""
    return unicodedata.normalize("NFC", _ANY_MARK.sub("", unicodedata.normalize("NFD", text)))


def _decomposing(marks: str) -> re.Pattern[str]:
    """The characters whose canonical decomposition holds one of ``marks`` (all in the BMP: the
    decompositions beyond it are of other scripts' own marks)."""
    holds = re.compile(f"[{marks}]")
    chars = [chr(c) for c in range(0x80, 0x10000)
             if unicodedata.decomposition(chr(c)) and holds.search(unicodedata.normalize("NFD", chr(c)))]
    return re.compile("[" + "".join(re.escape(c) for c in chars) + "]")


_LATIN_DECOMPOSING = _decomposing(_LATIN_MARK)
_ALL_DECOMPOSING = _decomposing(_ALL_MARKS)


@lru_cache(maxsize=1)
def _latin_beside_other() -> re.Pattern[str]:
    """A Latin mark (on its own or inside a letter) next to a mark of another script: NFD puts
    marks in canonical order, which can move the Latin one away from its letter (``Ù`` + U+11133
    keeps its grave in the reference), so such a text takes the reference's way. Built on first
    use: the scan of every code point costs ~0.1 s, which no process should pay at import."""
    other = "".join(re.escape(chr(c)) for c in range(0x80, 0x110000)
                    if unicodedata.combining(chr(c)) and not 0x300 <= c <= 0x36F)
    return re.compile(f"(?:{_LATIN_DECOMPOSING.pattern}|[{_LATIN_MARK}])[{other}]")


@lru_cache(maxsize=4096)
def _bare_latin(c: str) -> str:
    return latin_marks_off_reference(c)


@lru_cache(maxsize=4096)
def _bare(c: str) -> str:
    return all_marks_off_reference(c)


def latin_marks_off(text: str) -> str:
    """``latin_marks_off_reference``, distinct letter by distinct letter."""
    if not text.isascii() and _latin_beside_other().search(text):
        return latin_marks_off_reference(text)
    for c in set(_LATIN_DECOMPOSING.findall(text)):
        text = text.replace(c, _bare_latin(c))
    if _LATIN_MARKS.search(text):  # (a mark written on its own, after a letter)
        text = _free_marks_off(text)
    return _nfc(text)


def _free_marks_off(text: str) -> str:
    parts, at = [], 0
    for m in _LATIN_MARKS.finditer(text):
        if m.start() and text[m.start() - 1] in _ASCII_LETTERS:
            parts.append(text[at:m.start()])
            at = m.end()
    return "".join(parts) + text[at:] if parts else text


def all_marks_off(text: str) -> str:
    """``all_marks_off_reference``, distinct letter by distinct letter."""
    for c in set(_ALL_DECOMPOSING.findall(text)):
        text = text.replace(c, _bare(c))
    if _ANY_MARK.search(text):
        text = _ANY_MARK.sub("", text)
    return _nfc(text)


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)  # (it returns the text itself when its quick check says so)



def translate(text: str, table: Mapping[int, str | None], found: re.Pattern[str]) -> str:
    """``text.translate(table)`` for a table of the characters ``found`` finds (a translate() of a
    long text costs ~0.3 us a character; a replace per distinct character, C speed)."""
    for c in set(found.findall(text)):
        text = text.replace(c, table.get(ord(c)) or "")
    return text
