"""One pass of literals over a new raw, for every safety check that has a pre-scan.

The secrets, internal-details and injection checks (adapters/secrets.py, safety.py,
internal.py, injection.py) each skip their patterns on a raw that holds none of their trigger
words. Run one by one, that was three Aho-Corasick passes and ten ``in`` scans of the whole raw
(~14 us on an 800-character tau raw); one automaton over all their words finds the same words in
one pass (~3 us). Its matches overlap, so each check sees every match its own automaton gave,
and perhaps more: a check can only run more often, never less.

Only ASCII text without ``\\u`` escapes is read this way (``scan`` returns None otherwise): the
injection check reads other text normalised or unescaped first, which is a pass of its own.

The same pass answers the regexes each check ran over every raw (session 26): the transport
encodings' words (injection.TRANSPORT_WORDS) and, as Hyperscan patterns reported once, a
necessary condition of each regex in prescan_result.GATES (a prefixed or segmented token, the
no-literal keys, a leetspeak run, escaped letters, a hyphen at a line break). A check runs such a
regex only where its gate fired; the words and gates are held against their plain twins (the
automaton, the regexes themselves) in tests/adapters/test_prescan_gates.py.
"""

from __future__ import annotations

import threading
from typing import Any

import ahocorasick_rs

from obsline.adapters import injection, internal, safety, secrets
from obsline.adapters.prescan_result import GATES
from obsline.adapters.prescan_result import Prescan as Prescan  # (the checks import it from there)

_U_ESCAPE = "\\u"


def _table() -> tuple[list[str], list[tuple[int | None, bool | str, bool, bool, bool]]]:
    """Each distinct word once, with its roles: (secrets index, anchor (True, or "word start" for
    injection.WORD_START_ANCHORS), internal, other word, transport word)."""
    roles: dict[str, list[object]] = {}

    def role(word: str) -> list[object]:
        return roles.setdefault(word, [None, False, False, False, False])

    for i, word in enumerate(secrets.TRIGGERS):
        role(word)[0] = i
    for word in injection.ASCII_ANCHORS:
        role(word)[1] = "word start" if word in injection.WORD_START_ANCHORS else True
    for word in internal.TRIGGERS:
        role(word)[2] = True
    for word in (*secrets.PRESCAN_WORDS, *safety.TRACE_TRIGGERS, _U_ESCAPE):
        role(word)[3] = True
    for word in injection.TRANSPORT_WORDS:
        role(word)[4] = True
    return list(roles), [tuple(r) for r in roles.values()]  # type: ignore[misc]


_WORDS, _ROLES = _table()
_AUTOMATON = ahocorasick_rs.AhoCorasick(_WORDS, implementation=ahocorasick_rs.Implementation.DFA)


# The same words as one Hyperscan database of literals (the plain twin: ``_AUTOMATON``). Inside
# the pipeline the automaton's DFA (2,000+ words, ~15 MB) is read cold at each raw: ~25 us a tau
# raw by CPU time where, warm, it takes ~5; Hyperscan's literal matcher (~0.3 MB) ~3 warm, and
# stays near it cold. Both report every occurrence of every word (overlapping); on ASCII text a
# byte offset is a character offset. Compiling it takes ~0.1 s: done at first use.
_LENGTHS = [len(word) for word in _WORDS]
_GATE_BITS = list(GATES)  # (a gate reports as its place after the words)
_database: Any = None


def _literal(word: str) -> bytes:
    return "".join(f"\\x{b:02x}" for b in word.encode("utf-8")).encode("ascii")


def _hyperscan() -> Any:
    """The words' database, or False when Hyperscan is not there (the automaton reads instead)."""
    global _database
    if _database is None:
        try:
            import hyperscan
        except ImportError:  # pragma: no cover - the dependency is declared
            _database = False
            return _database
        database = hyperscan.Database()
        gates = list(GATES.values())
        database.compile(expressions=[*(_literal(w) for w in _WORDS), *(g.encode("ascii") for g in gates)],
                         ids=list(range(len(_WORDS) + len(gates))), elements=len(_WORDS) + len(gates),
                         flags=[0] * len(_WORDS) + [hyperscan.HS_FLAG_SINGLEMATCH] * len(gates))
        _database = database
    return _database


def word_matches(lowered: str) -> tuple[list[tuple[int, int, int]], int]:
    """(word index, start, end) of every occurrence of every word in the ASCII text ``lowered``,
    and the gates that fired, by the Hyperscan database when there is one (the order of the
    occurrences is not kept: the checks read them as a set); else the automaton's, every gate on."""
    database = _hyperscan()
    if database is False or not lowered.isascii():
        return word_matches_reference(lowered)
    out: list[tuple[int, int, int]] = []
    gates = [0]
    add, lengths, words = out.append, _LENGTHS, len(_WORDS)

    def on_match(index: int, _start: int, end: int, _flags: int, _context: object) -> None:
        if index < words:
            add((index, end - lengths[index], end))
        else:
            gates[0] |= _GATE_BITS[index - words]

    database.scan(lowered.encode("ascii"), match_event_handler=on_match, scratch=_scratch(database))
    return out, gates[0]


_LOCAL = threading.local()


def _scratch(database: Any) -> Any:
    """This thread's Hyperscan scratch space: one scratch serves one scan at a time (two threads
    scanning with the database's own raise ScratchInUseError)."""
    scratch = getattr(_LOCAL, "scratch", None)
    if scratch is None:
        import hyperscan
        scratch = _LOCAL.scratch = hyperscan.Scratch(database)
    return scratch


def word_matches_reference(lowered: str) -> tuple[list[tuple[int, int, int]], int]:
    """The plain twin of ``word_matches``: the automaton's occurrences, every gate on."""
    return list(_AUTOMATON.find_matches_as_indexes(lowered, overlapping=True)), -1


def scan(raw_text: str, lowered: str) -> Prescan | None:
    """Every check's words in ``lowered`` (``raw_text.lower()``); None when the checks must
    read the raw themselves (non-ASCII text, ``\\u`` escapes)."""
    if not raw_text.isascii():
        return None
    matches: list[tuple[int, int, int]] = []
    words: set[str] = set()
    anchor = trigger = transport = False
    found, gates = word_matches(lowered)
    for index, start, end in found:
        secret, is_anchor, is_trigger, other, is_transport = _ROLES[index]
        if secret is not None:
            matches.append((secret, start, end))
        if is_anchor is True or is_anchor and (not start or not lowered[start - 1].isalnum()):
            anchor = True  # (a signal stem read only at a word's start counts only there)
        trigger |= is_trigger
        transport |= is_transport
        if other:
            words.add(_WORDS[index])
    if _U_ESCAPE in words:
        return None
    return Prescan(matches, frozenset(words), anchor, trigger, transport, gates)
