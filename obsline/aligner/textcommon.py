"""Boilerplate repeated across the lines of one text, said once (issue 17 item 1).

Logs, installers, listings and decompiled code repeat long literal parts from line to line
(``Requirement already satisfied: `` ... `` in /opt/conda/lib/python3.9/site-packages (from ``).
Such a part, found in 3+ lines, is written once in a legend at the top of the text and each
occurrence becomes its mark:

    §1= in /opt/miniconda3/envs/testbed/lib/python3.9/site-packages (from
    §2=Requirement already satisfied:
    §2pytest§1marshmallow==3.13.0) (8.3.3)

The legend holds the part exactly (spaces included) up to the line end; a mark is ``§`` and
one digit (never followed by a digit), and a text that already holds ``§`` is never factored,
so every ``§`` of a factored text is a mark. A part starts and ends at a whitespace boundary, so every word of
the text stays whole, in its line or in the legend. Decided by content only: a text is
factored when the parts save at least ``MIN_SAVED_CHARS`` characters and ``MIN_SAVED_SHARE``
of it. ``expand`` is the exact inverse (sinks.rebuild).
"""

from __future__ import annotations

import re
from collections import Counter
from difflib import SequenceMatcher

MARK = "§"
MAX_PARTS = 9  # one digit per mark
MIN_PART_CHARS = 24  # about 5 tokens: a shorter part costs little more than its mark and legend line
MIN_LINES = 3  # a part in fewer lines is cheaper left where it is
MIN_SAVED_CHARS = 120
MIN_SAVED_SHARE = 0.05
MAX_LINE_CHARS = 400  # longer lines are not compared (the comparison is quadratic in a line)
MAX_LINES = 200  # lines compared per text (the rest is still factored by the parts found)
MAX_CANDIDATES = 48  # parts tried per text, the most frequent
_LEGEND = re.compile(rf"{MARK}(\d)=(.*)", re.DOTALL)


def _snapped(line: str, start: int, end: int) -> str:
    """``line[start:end]`` shrunk to whitespace boundaries (no word cut in two)."""
    while start < end and not (start == 0 or line[start - 1].isspace() or line[start].isspace()):
        start += 1
    while end > start and not (end == len(line) or line[end].isspace() or line[end - 1].isspace()):
        end -= 1
    return line[start:end]


def _pattern(part: str) -> re.Pattern[str]:
    """Occurrences of ``part`` that begin and end at whitespace boundaries, and that a digit does
    not follow (``§1`` then ``3`` would read as ``§13``)."""
    head = "" if part[0].isspace() else r"(?<!\S)"
    tail = r"(?!\d)" if part[-1].isspace() else r"(?!\S)"
    return re.compile(head + re.escape(part) + tail)


_GRAM = MIN_PART_CHARS // 3  # any MIN_PART_CHARS-long run of ``a`` holds a whole gram that starts at a multiple of it


def _may_share(a: str, b: str) -> bool:
    """False only when ``a`` and ``b`` share no run of ``MIN_PART_CHARS`` characters: such a run
    holds one of ``a``'s grams at positions 0, g, 2g, ... (g = a third of it), so when ``b`` holds
    none of them the comparison can be skipped (exact, and far cheaper than comparing)."""
    return any(a[i:i + _GRAM] in b for i in range(0, len(a) - _GRAM + 1, _GRAM))


def _candidates(lines: list[str]) -> list[str]:
    """The longest common part of neighbouring lines, most frequent first."""
    found: Counter[str] = Counter()
    for a, b in zip(lines[:MAX_LINES], lines[1:MAX_LINES], strict=False):
        if not MIN_PART_CHARS <= len(a) <= MAX_LINE_CHARS or not MIN_PART_CHARS <= len(b) <= MAX_LINE_CHARS:
            continue
        if not _may_share(a, b):
            continue
        m = SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
        if m.size >= MIN_PART_CHARS:
            part = _snapped(a, m.a, m.a + m.size)
            if len(part) >= MIN_PART_CHARS and part.strip():
                found[part] += 1
    return [part for part, _ in found.most_common(MAX_CANDIDATES)]


def _best(body: str, candidates: list[str], mark: str) -> tuple[str, re.Pattern[str]] | None:
    """The part that saves most characters in ``body`` (legend line included), if any saves."""
    best: tuple[str, re.Pattern[str]] | None = None
    most = 0
    for part in candidates:
        pattern = _pattern(part)
        uses = len(pattern.findall(body))
        saved = uses * (len(part) - len(mark)) - len(part) - len(mark) - 2
        if uses >= MIN_LINES and saved > most:
            best, most = (part, pattern), saved
    return best


def factor(text: str) -> str | None:
    """The text with its repeated parts said once in a legend, or None when that saves too little."""
    if MARK in text or text.count("\n") + 1 < MIN_LINES or len(text) < MIN_SAVED_CHARS * 2:
        return None
    candidates = _candidates(text.split("\n"))
    body, legend = text, []
    for k in range(1, MAX_PARTS + 1):
        mark = f"{MARK}{k}"
        found = _best(body, candidates, mark)
        if found is None:
            break
        part, pattern = found
        candidates.remove(part)
        body = pattern.sub(mark, body)
        legend.append(f"{mark}={part}")
    if not legend:
        return None
    factored = "\n".join([*legend, body])
    saved = len(text) - len(factored)
    return factored if saved >= MIN_SAVED_CHARS and saved >= MIN_SAVED_SHARE * len(text) else None


def _legend(lines: list[str]) -> list[tuple[str, str]]:
    parts: list[tuple[str, str]] = []
    while len(parts) < len(lines) and (m := _LEGEND.fullmatch(lines[len(parts)])) and \
            int(m.group(1)) == len(parts) + 1:
        parts.append((f"{MARK}{m.group(1)}", m.group(2)))
    return parts


def _put_back(line: str, parts: list[tuple[str, str]]) -> str:
    for mark, part in parts:  # parts come from the text before any mark: they hold none
        line = line.replace(mark, part)
    return line


def expand(lines: list[str]) -> list[str]:
    """The inverse of ``factor``: the legend dropped, its parts put back."""
    parts = _legend(lines)
    return [_put_back(line, parts) for line in lines[len(parts):]]


def as_read(lines: list[str]) -> list[str]:
    """The lines of a shown text as the model reads them: a legend's lines as they are (so line
    numbers stay those shown), its marks in the lines below put back (linerefs compares these)."""
    if not lines or not lines[0].startswith(f"{MARK}1="):
        return lines
    parts = _legend(lines)
    return lines[:len(parts)] + [_put_back(line, parts) for line in lines[len(parts):]]
