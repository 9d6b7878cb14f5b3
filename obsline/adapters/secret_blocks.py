"""A long document's secrets found paragraph by paragraph, each distinct paragraph once.

The secrets scan of a 10 KB help page costs ~120 us a KB even when it finds nothing: its
literals ("password", "token", "key") stand in every paragraph, and the assignment, keyword,
table and wrapped-line readers visit each. What the scan finds never spans a blank line (an
assignment or a header is one line, a table or a wrapped token ends at an empty line), except a
PEM block or a PuTTY key file, which keep the text whole, and a value written after a blank line
below its name (``password:`` + blank line + value), for which a paragraph that ends in a
separator is read with the next one. So a long text is cut at its blank lines, each paragraph's
spans come from a cache when the paragraph was read before (search results repeat articles and
boilerplate), and every other place a found value stands is hidden too, as the keyword reader
does within one text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from obsline.core.memo import Memo

BLOCK_FROM = 1200
_BLANK = re.compile(r"\n[ \t]*\n")
_OPEN_END = frozenset(":=,([{\\|&\"'`")  # the last character of a paragraph whose last line waits for a value
_JOIN_UP_TO = 4000
_WHOLE = re.compile(r"-----BEGIN|putty-user", re.IGNORECASE)  # (a key block runs on over blank lines)
_MIN_SWEPT = 6  # a found value shorter than this is not looked for elsewhere


def blocks(text: str) -> list[tuple[int, str]] | None:
    """(offset, paragraph) of a long text, or None when it is read whole."""
    if len(text) < BLOCK_FROM or "\n" not in text:
        return None
    if _WHOLE.search(text):
        return None
    out: list[tuple[int, str]] = []
    start = 0
    for m in _BLANK.finditer(text):
        if text[max(start, m.start() - 4):m.start()].rstrip()[-1:] in _OPEN_END and m.start() - start < _JOIN_UP_TO:
            continue
        out.append((start, text[start:m.start()]))
        start = m.end()
    out.append((start, text[start:]))
    return out if len(out) > 1 else None


Candidates = Callable[[str, list[int]], "set[int] | None"]


def by_blocks(text: str, find: Callable[[list[str]], list[list[Any]]], cached: bool,
              span: Callable[[int, int, str], Any], candidates: Candidates | None = None) -> list[Any] | None:
    """``find`` (the spans of each of some texts) run on the paragraphs of ``text`` (those read
    before from the cache when ``cached``), their spans moved to their place in ``text``, plus
    every other place a found value stands; None when the text is read whole. ``candidates``
    (text, where each paragraph starts): the paragraphs that can hold a span, the others proven
    to hold none (adapters/prefilter.py), or None when it cannot tell."""
    units = blocks(text)
    if units is None:
        return None
    read = _chosen(text, units, candidates)
    found = _found(find, [unit for _, unit in read], cached)
    out: list[Any] = []
    values: dict[str, str] = {}
    for offset, unit in read:
        for s in found[unit]:
            out.append(span(offset + s.start, offset + s.end, s.kind))
            if s.end - s.start >= _MIN_SWEPT:
                values.setdefault(unit[s.start:s.end], s.kind)
    for value, kind in values.items():
        at = text.find(value)
        while at >= 0:
            out.append(span(at, at + len(value), kind))
            at = text.find(value, at + len(value))
    return out


def _chosen(text: str, units: list[tuple[int, str]], candidates: Candidates | None) -> list[tuple[int, str]]:
    """The paragraphs to read: the candidates, when they are known; else all."""
    chosen = candidates(text, [offset for offset, _ in units]) if candidates is not None else None
    return units if chosen is None else [units[k] for k in sorted(chosen)]


# Paragraphs already read, with their spans (the same articles come back in search after search).
_READ: Memo[str, tuple[Any, ...]] = Memo(4096)


def _found(find: Callable[[list[str]], list[list[Any]]], units: list[str], cached: bool) -> dict[str, tuple[Any, ...]]:
    """Each distinct paragraph's spans: from ``_READ`` when ``cached``; the others found together."""
    known = {unit: _READ.get(unit) if cached else None for unit in units}
    fresh = [unit for unit, spans in known.items() if spans is None]
    out = {unit: spans for unit, spans in known.items() if spans is not None}
    for unit, found in zip(fresh, find(fresh), strict=True):
        out[unit] = tuple(found)
        if cached:
            _READ.put(unit, out[unit])
    return out


def cache_clear() -> None:
    """Forget every paragraph read (bench scancost: no pass reads a text another pass read)."""
    _READ.clear()
