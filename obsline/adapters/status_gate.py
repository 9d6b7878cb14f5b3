"""Word families tried only on a text that holds one of their literals: the fast twin of
trying each family's regex in turn.

The status readers ask of a short text "which error phrase does it hold?" (``error_codes``:
12 families in 16 languages), "does it ask to retry?", "does it count successes and
failures?". Each family is one large case-insensitive alternation, and ``re`` gets no literal
prefix search from an alternation: a 300-character message cost ~250 us in the 12 code
families, though most texts hold none of their words. Every branch of each family holds a
literal (``anchored.anchor_of`` reads it from the pattern's parse tree), so one Aho-Corasick
pass over the lowered text says which families can match at all, and only those run, in
their order. A text the literal index cannot read (``anchored.index_text``: a case trap with
no one-letter stand-in) runs every family, as the plain twin does.
"""

from __future__ import annotations

import re
from itertools import chain
from operator import itemgetter

from obsline.adapters.anchored import Patterns, index_text

_LITERAL = itemgetter(0)

ALL: list[Families] = []  # every gate made, for the twin test (tests/adapters/test_status_twins.py)


class Families:
    """Ordered patterns; ``first(text)`` is the index of the first that matches (as ``first_plain``)."""

    def __init__(self, patterns: list[re.Pattern[str]]) -> None:
        ALL.append(self)
        self.patterns = patterns
        self._index = Patterns(patterns)
        missing = [p.pattern[:40] for p in patterns if self._index.anchors.get(p) is None]
        if missing or len(self._index.order) != len(patterns):
            raise ValueError(f"a family with no literal (or twice): {missing}")
        # literal -> the families it anchors: which families a text can match, found in C
        self._families_of = [tuple(i for i, _ in ids) for ids in self._index.ids]

    def first(self, text: str) -> int | None:
        """The first family that matches, each tried only where its literals stand (``match`` at
        the positions that can start a match, ``anchored.anchored_finditer``)."""
        lowered = index_text(text, text.lower())
        if lowered is None:
            return self.first_plain(text)
        found = self._index.automaton.find_matches_as_indexes(lowered, overlapping=True)  # (literal, start, end)
        if not found:
            return None
        # Only the families tried are given their hits (the first that matches ends the search):
        # most texts try one, and the literals' hits are sorted out for it alone.
        ids, patterns, finditer = self._index.ids, self.patterns, self._index.finditer
        for i in sorted(set(chain.from_iterable(map(self._families_of.__getitem__, map(_LITERAL, found))))):
            hits = [(start, back) for literal, start, _ in found for j, back in ids[literal] if j == i]
            if finditer(patterns[i], text, {i: hits}):
                return i
        return None

    def present(self, text: str) -> set[int] | None:
        """The families whose literal stands in ``text`` (a superset of those that match); None
        when the text cannot be indexed."""
        lowered = index_text(text, text.lower())
        if lowered is None:
            return None
        found = self._index.automaton.find_matches_as_indexes(lowered, overlapping=True)
        return set(chain.from_iterable(map(self._families_of.__getitem__, map(_LITERAL, found))))

    def first_plain(self, text: str) -> int | None:
        """The plain twin: every family, in order."""
        return next((i for i, p in enumerate(self.patterns) if p.search(text)), None)

    def any(self, text: str) -> bool:
        return self.first(text) is not None


def gated(pattern: re.Pattern[str]) -> Families:
    """One family: ``gated(p).any(text)`` is ``p.search(text) is not None``, cheaper."""
    return Families([pattern])
