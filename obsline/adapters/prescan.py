"""One pass of literals over a new raw, for every safety check that has a pre-scan.

The secrets, internal-details and injection checks (adapters/secrets.py, safety.py,
internal.py, injection.py) each skip their patterns on a raw that holds none of their trigger
words. Run one by one, that was three Aho-Corasick passes and ten ``in`` scans of the whole raw
(~14 us on an 800-character tau raw); one automaton over all their words finds the same words in
one pass (~3 us). Its matches overlap, so each check sees every match its own automaton gave,
and perhaps more: a check can only run more often, never less.

Only ASCII text without ``\\u`` escapes is read this way (``scan`` returns None otherwise): the
injection check reads other text normalised or unescaped first, which is a pass of its own.
"""

from __future__ import annotations

import ahocorasick_rs

from obsline.adapters import injection, internal, safety, secrets
from obsline.adapters.prescan_result import Prescan as Prescan  # (the checks import it from there)

_U_ESCAPE = "\\u"


def _table() -> tuple[list[str], list[tuple[int | None, bool, bool, bool]]]:
    """Each distinct word once, with its roles: (secrets index, anchor, internal, other word)."""
    roles: dict[str, list[object]] = {}

    def role(word: str) -> list[object]:
        return roles.setdefault(word, [None, False, False, False])

    for i, word in enumerate(secrets.TRIGGERS):
        role(word)[0] = i
    for word in injection.ASCII_ANCHORS:
        role(word)[1] = True
    for word in internal.TRIGGERS:
        role(word)[2] = True
    for word in (*secrets.PRESCAN_WORDS, *safety.TRACE_TRIGGERS, _U_ESCAPE):
        role(word)[3] = True
    return list(roles), [tuple(r) for r in roles.values()]  # type: ignore[misc]


_WORDS, _ROLES = _table()
_AUTOMATON = ahocorasick_rs.AhoCorasick(_WORDS, implementation=ahocorasick_rs.Implementation.DFA)


def scan(raw_text: str, lowered: str) -> Prescan | None:
    """Every check's words in ``lowered`` (``raw_text.lower()``); None when the checks must
    read the raw themselves (non-ASCII text, ``\\u`` escapes)."""
    if not raw_text.isascii():
        return None
    matches: list[tuple[int, int, int]] = []
    words: set[str] = set()
    anchor = trigger = False
    for index, start, end in _AUTOMATON.find_matches_as_indexes(lowered, overlapping=True):
        secret, is_anchor, is_trigger, other = _ROLES[index]
        if secret is not None:
            matches.append((secret, start, end))
        anchor |= is_anchor
        trigger |= is_trigger
        if other:
            words.add(_WORDS[index])
    if _U_ESCAPE in words:
        return None
    return Prescan(matches, frozenset(words), anchor, trigger)
