"""How the secrets scan reads one text: each pattern only where it can match.

``Scan(text, lowered, fast, patterns)`` is made once per text; its ``finditer(pattern)`` gives
``pattern.finditer(text)``'s matches. Fast, the literals of every pattern (detect-secrets' and our
own, gitleaks' rules, the credential formats) are found in one Aho-Corasick pass over the lowered
text and each pattern is tried only where its literal stands (adapters/anchored.py); a pattern
whose literal is absent costs nothing. The plain twin (``fast=False``) runs every pattern over
the whole text; tests/adapters/test_secret_scan_twin.py holds the two equal.

``assignments`` is the key=value pattern, which has no literal (any name can stand before the
separator): a match never spans a line and always holds ":" or "=", so only the lines holding
one are read, from the name before their first separator on.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from obsline.adapters import secret_structure
from obsline.adapters.anchored import Patterns, index_text, reference_finditer

_SEPARATOR = re.compile(r"[:=]")


class Scan:
    """One text as the secret patterns read it."""

    __slots__ = ("at", "patterns", "text")

    def __init__(self, text: str, lowered: str, fast: bool, patterns: Patterns,
                 found: tuple[dict[int, list[tuple[int, int]]] | None] | None = None) -> None:
        """``found``: ``(patterns.at(index_text(text, lowered), text),)`` when a pass over several
        texts at once has found it (or ``(None,)`` when the text cannot be indexed)."""
        self.text = text
        self.patterns = patterns
        if found is not None:
            self.at = found[0]
            return
        index = index_text(text, lowered) if fast else None
        self.at = None if index is None else patterns.at(index, text)

    def finditer(self, pattern: re.Pattern[str]) -> list[re.Match[str]]:
        return self.patterns.finditer(pattern, self.text, self.at)  # (a pattern none of ours: run whole)

    def present(self, entries: Sequence[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        """The entries (a pattern first) whose pattern can match here, in their order: all for
        the plain twin; fast, those whose literal stands in the text, or that have none (a long
        page's paragraph holds the literals of few of them: the others are not even looked at)."""
        if self.at is None:
            return list(entries)
        always, by_index = _plan(self.patterns, entries)
        at = self.at
        chosen = always + [k for i in at if i in by_index for k in by_index[i]]
        chosen.sort()
        return [entries[k] for k in chosen]

    def assignments(self, pattern: re.Pattern[str]) -> list[re.Match[str]]:
        """``pattern.finditer(text)`` for a pattern whose matches hold a separator and no line break."""
        text = self.text
        if self.at is None:
            return reference_finditer(pattern, text)
        out: list[re.Match[str]] = []
        for sep in _separators(text):
            line_start = text.rfind("\n", 0, sep) + 1
            line_end = text.find("\n", sep)
            line_end = len(text) if line_end < 0 else line_end
            out.extend(pattern.finditer(text, _name_start(text, line_start, sep), line_end))
        return out


def _separators(text: str) -> list[int]:
    """The first separator of each line that has one."""
    out: list[int] = []
    at = 0
    while True:
        m = _SEPARATOR.search(text, at)
        if m is None:
            return out
        out.append(m.start())
        line_end = text.find("\n", m.start())
        if line_end < 0:
            return out
        at = line_end + 1


def _name_start(text: str, line_start: int, sep: int) -> int:
    """Where the name before a separator may start: back over name characters, quotes and
    blanks (further back than the name is harmless; no match starts before it)."""
    i = sep
    while i > line_start and _before_separator(text[i - 1]):
        i -= 1
    return i


def _before_separator(c: str) -> bool:
    return c.isalnum() or c in "_.-\"' \t" or secret_structure.is_name_mark(c)


_PLANS: dict[int, tuple[Sequence[tuple[Any, ...]], list[int], dict[int, list[int]]]] = {}


def _plan(patterns: Patterns, entries: Sequence[tuple[Any, ...]]) -> tuple[list[int], dict[int, list[int]]]:
    """For a fixed list of entries: the ones always tried (no literal), and the rest by the index
    of their pattern in ``patterns`` (made once per list; the list is kept, so its id stays its own)."""
    plan = _PLANS.get(id(entries))
    if plan is None or plan[0] is not entries:
        always: list[int] = []
        by_index: dict[int, list[int]] = {}
        for k, entry in enumerate(entries):
            pattern = entry[0]
            if patterns.anchors.get(pattern) is None:
                always.append(k)
            else:
                by_index.setdefault(patterns.index[pattern], []).append(k)
        plan = _PLANS[id(entries)] = (entries, always, by_index)
    return plan[1], plan[2]
