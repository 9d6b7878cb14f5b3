"""A regex run only where its literal stands: the fast twin of ``pattern.finditer(text)``.

A long document full of the words "password", "token" and "key" used to cost ~2 ms a KB in the
safety scans, because ~60 patterns each read all of it (a pattern that starts with ``\\b`` or a
character class gets no literal prefix search from ``re``: ~16 us a KB even when it never
matches). Most patterns hold a literal that every match contains, a bounded number of characters
after the match's start (``\\bAIza[0-9A-Za-z_-]{35}``: "aiza" at 0; ``aws.{0,20}?...``: "aws" at
0; gitleaks' ``(?i)[\\w.-]{0,50}?(?:etsy)...``: "etsy" within 50). ``anchor_of`` finds it in the
pattern's parse tree; one Aho-Corasick pass over the lowered text finds every such literal of
every pattern (secrets.py); ``Anchored.finditer`` then tries ``pattern.match`` only at the
positions that can start a match, in order, as ``finditer`` would: the same matches, since a
match can start nowhere else and ``match(text, pos)`` sees the text before ``pos`` (``\\b``,
lookbehinds) as a search does. A pattern without such a literal gets None and is run whole.
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import dataclass, field
from re import _casefix, _compiler, _parser  # type: ignore[attr-defined]  # (sre_parse, without its warning)
from re import _constants as _c  # type: ignore[attr-defined]
from typing import Any

import ahocorasick_rs

_MIN_LITERAL = 2  # a one-letter literal stands everywhere: no use as an anchor
_MAX_BACK = 128  # a literal further from the start costs more match attempts than one search
_MAX_LITERALS = 64

Item = tuple[Any, Any]  # a node of re's parse tree: (opcode, argument)


@dataclass(frozen=True, slots=True)
class Anchor:
    """Every match holds one of ``literals`` (lowered), starting at most ``literals[w]``
    characters after the match's start; ``walk`` (``(?:C)*\\Z``, C the characters the part before
    the literal is made of) narrows that down. ``back < 0`` for a gate: the pattern runs whole,
    only on a text holding a literal."""

    literals: dict[str, int]
    walk: re.Pattern[str] | None = None
    # lowered literal -> the forms a match holds it in, where the pattern reads it case-exactly
    # (no (?i) anywhere: "AC" of Twilio's key; "ac" in "account" is no place for it)
    exact: dict[str, frozenset[str]] | None = field(default=None, compare=False)

    @classmethod
    def gate(cls, *literals: str) -> Anchor:
        return cls(dict.fromkeys(literals, -1))

    @classmethod
    def fixed(cls, *literals: str) -> Anchor:
        return cls(dict.fromkeys(literals, 0))


def anchor_of(pattern: re.Pattern[str]) -> Anchor | None:
    """The literal every match of ``pattern`` holds near its start, or None."""
    try:
        parsed = _parser.parse(pattern.pattern, pattern.flags)
    except (re.error, TypeError, ValueError):
        return None
    prefix: list[Item] = []
    written = _first_literal(list(parsed.data), parsed.state, 0, prefix)  # (as written: case kept)
    if not written:
        return None
    found: dict[str, int] = {}
    forms: dict[str, set[str]] = {}
    for literal, back in written.items():
        found[literal.lower()] = max(back, found.get(literal.lower(), 0))
        forms.setdefault(literal.lower(), set()).add(literal)
    if max(found.values()) > _MAX_BACK or len(found) > _MAX_LITERALS:
        return None
    exact = None if _CASELESS.search(pattern.pattern) or pattern.flags & re.IGNORECASE else {
        low: frozenset(ws) for low, ws in forms.items() if low.isascii() and all(w.isascii() for w in ws)}
    return Anchor(found, _walk(prefix, parsed.state) if max(found.values()) else None, exact or None)


_CASELESS = re.compile(r"\(\?[a-zA-Z-]*i[a-zA-Z-]*[:)]")  # a (?i) group, or (?-i:), read as caseless: the safe side


def _first_literal(items: list[Item], state: Any, back: int, prefix: list[Item]) -> dict[str, int] | None:
    """The first run of literal characters the sequence ``items`` requires, and how far from
    its start it can stand; groups are read through, each branch of an alternation must have one.
    ``prefix`` collects the items before it."""
    for i, (op, av) in enumerate(items):
        if op is _c.LITERAL:
            run = _literal_run(items, i)
            if len(run) >= _MIN_LITERAL:
                tails = _leading_literals(items[i + len(run):])
                return {run + tail: back for tail in tails}
            back += 1
            prefix.append((op, av))
        elif op is _c.SUBPATTERN:
            return _first_literal(list(av[-1].data) + items[i + 1:], state, back, prefix)
        elif op is _c.BRANCH:
            return _branches(av[1], items[i + 1:], state, back, prefix)
        else:
            width = _parser.SubPattern(state, [(op, av)]).getwidth()[1]
            if width >= _c.MAXREPEAT:
                return None
            back += width
            prefix.append((op, av))
        if back > _MAX_BACK:
            return None
    return None


def _branches(alternatives: list[Any], rest: list[Item], state: Any, back: int,
              prefix: list[Item]) -> dict[str, int] | None:
    literals: dict[str, int] = {}
    for alternative in alternatives:
        found = _first_literal(list(alternative.data) + rest, state, back, prefix)
        if not found:
            return None
        for literal, at in found.items():
            literals[literal] = max(at, literals.get(literal, 0))
    return literals


def _leading_literals(items: list[Item], depth: int = 0) -> set[str]:
    """The literal text each way through ``items`` starts with ({""} when one has none): "new"
    followed by ``(?:-relic|relic|_relic)`` is three longer, rarer literals."""
    if not items or depth > 2:
        return {""}
    op, av = items[0]
    if op is _c.LITERAL:
        run = _literal_run(items, 0)
        return {run + tail for tail in _leading_literals(items[len(run):], depth)}
    if op is _c.SUBPATTERN:
        return _leading_literals(list(av[-1].data) + items[1:], depth + 1)
    if op is _c.BRANCH:
        out: set[str] = set()
        for alternative in av[1]:
            out |= _leading_literals(list(alternative.data) + items[1:], depth + 1)
        return out if len(out) <= _MAX_LITERALS else {""}
    return {""}


_CLASS_OPS = (_c.LITERAL, _c.NOT_LITERAL, _c.IN, _c.ANY)


def _walk(prefix: list[Item], state: Any) -> re.Pattern[str] | None:
    """``(?:C)*\\Z`` for the characters C the items before the literal can match (compiled
    case-insensitive: a superset, whatever flags a group set), or None when one is no class."""
    classes: list[Item] = []
    for op, av in prefix:
        if op in (_c.MAX_REPEAT, _c.MIN_REPEAT) and len(av[2]) == 1 and av[2][0][0] in _CLASS_OPS:
            classes.append(av[2][0])
        elif op in _CLASS_OPS:
            classes.append((op, av))
        elif op not in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
            return None
    if not classes:
        return None
    one = _parser.SubPattern(state, [(_c.BRANCH, (None, [_parser.SubPattern(state, [c]) for c in classes]))])
    run = _parser.SubPattern(state, [(_c.MAX_REPEAT, (0, _c.MAXREPEAT, one)), (_c.AT, _c.AT_END_STRING)])
    try:
        return _compiler.compile(run, re.IGNORECASE)  # type: ignore[no-any-return]
    except (re.error, TypeError, ValueError, RecursionError):
        return None


def _literal_run(items: list[Item], i: int) -> str:
    chars = []
    while i < len(items) and items[i][0] is _c.LITERAL:
        chars.append(chr(items[i][1]))
        i += 1
    return "".join(chars)


def required_literals(pattern: re.Pattern[str]) -> tuple[frozenset[str], ...]:
    """Sets of lowered literals such that every match of ``pattern`` holds one literal of each
    set (a conjunction of alternations, read from the parse tree): the literal runs of the
    pattern's sequence, of its groups, of repeats that must occur, of positive lookarounds, and of
    alternations each of whose branches requires one. A literal holding a line break or ``APART``
    is left out (texts are read with line breaks as blanks); () when the pattern cannot be read."""
    try:
        parsed = _parser.parse(pattern.pattern, pattern.flags)
    except (re.error, TypeError, ValueError):
        return ()
    groups = _required(list(parsed.data))
    return tuple(dict.fromkeys(g for g in groups if not any("\n" in w or APART in w for w in g)))


def _required(items: list[Item]) -> list[frozenset[str]]:
    out: list[frozenset[str]] = []
    run: list[str] = []
    for op, av in [*items, (None, None)]:  # (a sentinel ends the last literal run)
        if op is _c.LITERAL:
            run.append(chr(av))
            continue
        if len(run) >= _MIN_LITERAL:
            out.append(frozenset({"".join(run).lower()}))
        run = []
        if op is _c.SUBPATTERN:
            out += _required(list(av[-1].data))
        elif op is _c.BRANCH:
            out += _one_of_each(av[1])
        elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT) and av[0] >= 1:
            out += _required(list(av[2].data))
        elif op is _c.ASSERT:  # (a positive lookahead or lookbehind: its text stands in the text)
            out += _required(list(av[1].data))
    return out


def _one_of_each(alternatives: list[Any]) -> list[frozenset[str]]:
    """An alternation's one required set: a set each branch requires, all joined; none when a
    branch requires no literal."""
    chosen: list[frozenset[str]] = []
    for alternative in alternatives:
        groups = _required(list(alternative.data))
        if not groups:
            return []
        chosen.append(min(groups, key=len))
    return [frozenset().union(*chosen)]


def anchored_finditer(pattern: re.Pattern[str], text: str, hits: list[tuple[int, int]],
                      walk: re.Pattern[str] | None) -> list[re.Match[str]]:
    """``pattern.finditer(text)``, given ``hits``: (where a literal starts, how far after the
    match's start it can stand). The positions that can start a match are tried in order, as
    finditer tries every position; after a match, from its end on."""
    ranges = sorted((_start_bound(walk, text, h, back), h) for h, back in hits)
    out: list[re.Match[str]] = []
    match = pattern.match
    tried = 0  # finditer's scan position: the positions before it are tried or inside a match
    for lo, h in ranges:
        p = max(tried, lo)
        while p <= h:
            m = match(text, p)
            if m is not None and m.end() > p:
                out.append(m)
                tried = m.end()
                break
            p += 1
        else:
            tried = max(tried, h + 1)
    return out


def _start_bound(walk: re.Pattern[str] | None, text: str, h: int, back: int) -> int:
    lo = max(0, h - back)
    if walk is None or lo == h:
        return lo
    m = walk.search(text, lo, h)  # (it matches the empty run at h at least)
    return m.start() if m is not None else lo


def reference_finditer(pattern: re.Pattern[str], text: str) -> list[re.Match[str]]:
    """The plain twin: every non-empty match, as ``finditer`` gives them (a literal-anchored
    pattern cannot match the empty string)."""
    return [m for m in pattern.finditer(text) if m.end() > m.start()]


def _usable(anchor: Anchor | None) -> Anchor | None:
    """The anchor, unless one of its literals holds a letter index_text cannot compare."""
    if anchor is None or not all(fold_case(w.lower()) for w in anchor.literals):
        return None
    return anchor


def _literal_ids(order: list[re.Pattern[str]], anchors: dict[re.Pattern[str], Anchor | None],
                 ) -> dict[str, list[tuple[int, int, frozenset[str] | None]]]:
    """Each literal (case folded) -> (pattern index, distance back, the case-exact forms or None)."""
    out: dict[str, list[tuple[int, int, frozenset[str] | None]]] = {}
    for i, pattern in enumerate(order):
        anchor = anchors[pattern]
        if anchor is not None:
            exact = anchor.exact or {}
            for literal, back in anchor.literals.items():
                out.setdefault(fold_case(literal.lower()) or literal, []).append((i, back, exact.get(literal)))
    return out


def _case_checked(literals: list[str], literal_ids: dict[str, list[tuple[int, int, frozenset[str] | None]]],
                  ) -> dict[int, list[tuple[int, int, frozenset[str] | None]]]:
    """The literals some pattern reads case-exactly (by index), with each pattern's forms (None: any case)."""
    return {k: literal_ids[w] for k, w in enumerate(literals) if any(forms is not None for _, _, forms in literal_ids[w])}


class Patterns:
    """Many patterns, one pass: the literals of all of them in one Aho-Corasick automaton.
    ``at(lowered)`` says where each pattern's literals stand; ``finditer(pattern, text, at)``
    gives that pattern's matches as ``pattern.finditer(text)`` would. A gate (``Anchor.gate``)
    runs whole, only on a text holding one of its literals; a pattern with no anchor runs whole."""

    def __init__(self, patterns: list[re.Pattern[str]], given: dict[re.Pattern[str], Anchor] | None = None) -> None:
        given = given or {}
        self.order = list(dict.fromkeys(patterns))
        self.anchors: dict[re.Pattern[str], Anchor | None] = {p: _usable(given.get(p) or anchor_of(p)) for p in self.order}
        literal_ids = _literal_ids(self.order, self.anchors)
        self.literals = list(literal_ids)
        self.ids = [[(i, back) for i, back, _ in literal_ids[w]] for w in self.literals]
        self._checked = _case_checked(self.literals, literal_ids)
        self.automaton = ahocorasick_rs.AhoCorasick(self.literals, implementation=ahocorasick_rs.Implementation.DFA)
        self.index = {p: i for i, p in enumerate(self.order)}
        # By the pattern object's id: a compiled pattern's hash is computed anew at every lookup
        # from its whole program (~10k instructions for a long rule; 12% of a help page's scan).
        self._by_id = {id(p): (self.anchors[p], i) for i, p in enumerate(self.order)}

    def entry(self, pattern: re.Pattern[str]) -> tuple[Anchor | None, int] | None:
        """The pattern's anchor and index, or None when it is none of ours."""
        found = self._by_id.get(id(pattern))
        if found is None and pattern in self.anchors:  # (an equal pattern compiled apart)
            return self.anchors[pattern], self.index[pattern]
        return found

    def at(self, lowered: str, text: str | None = None) -> dict[int, list[tuple[int, int]]]:
        """Pattern index -> (where one of its literals starts in ``lowered``, its distance back).
        ``text``: the text ``lowered`` indexes, where a case-exact literal must stand as written."""
        return self.by_pattern([(literal, start) for literal, start, _ in
                                self.automaton.find_matches_as_indexes(lowered, overlapping=True)], text)

    def by_pattern(self, hits: list[tuple[int, int]], text: str | None = None) -> dict[int, list[tuple[int, int]]]:
        """(literal, start) hits, in the automaton's order, as ``at`` gives them."""
        out: dict[int, list[tuple[int, int]]] = {}
        ids, checked, text = self.ids, self._checked if text is not None else {}, text or ""
        for literal, start in hits:
            entries = checked.get(literal)
            if entries is None:
                for i, back in ids[literal]:
                    out.setdefault(i, []).append((start, back))
                continue
            written = text[start:start + len(self.literals[literal])]  # (an index keeps the text's positions)
            for i, back, forms in entries:
                if forms is None or written in forms:
                    out.setdefault(i, []).append((start, back))
        return out

    def finditer(self, pattern: re.Pattern[str], text: str,
                 at: dict[int, list[tuple[int, int]]] | None) -> list[re.Match[str]]:
        """``pattern.finditer(text)`` (``at``: ``self.at`` of the text, or None for the plain twin)."""
        entry = self.entry(pattern)
        anchor = None if entry is None else entry[0]
        if at is None or entry is None or anchor is None:
            return reference_finditer(pattern, text)
        hits = at.get(entry[1])
        if not hits:
            return []
        if hits[0][1] < 0:
            return reference_finditer(pattern, text)
        return anchored_finditer(pattern, text, hits, anchor.walk)


def _case_traps() -> tuple[dict[str, str], re.Pattern[str]]:
    """The characters ``(?i)`` matches with a letter they do not lower to (``ſ`` with "s", ``ı``
    with "i", final sigma with sigma, ``ᲀ`` with "в"), mapped to that letter; and a pattern finding
    them and the ones with no one-letter stand-in (``ΐ``, ``İ``)."""
    chars = {chr(c) for k, v in _casefix._EXTRA_CASES.items() for c in (k, *v)} | {"\u0130"}
    table = {c: c.upper().lower() for c in chars if c.lower() != c.upper().lower() or len(c.lower()) > 1}
    return table, re.compile("[" + "".join(sorted(table)) + "]")


_TRAPS, _TRAP = _case_traps()


def has_case_trap(lowered: str) -> bool:
    """Whether a lowered text holds a character ``(?i)`` matches with a letter it does not lower to."""
    return _TRAP.search(lowered) is not None


def fold_case(lowered: str) -> str | None:
    """A lowered text with each case trap as the letter it stands for; None when one has no
    one-letter stand-in."""
    if _TRAP.search(lowered) is None:
        return lowered
    for c in set(_TRAP.findall(lowered)):
        if len(_TRAPS[c]) != 1:
            return None
        lowered = lowered.replace(c, _TRAPS[c])
    return lowered


def index_text(text: str, lowered: str) -> str | None:
    """``lowered`` (``text.lower()``) as the literal index reads it, or None when it cannot: its
    positions must be ``text``'s, and every character that ``(?i)`` matches with a literal's
    letter must be that letter (``fold_case``)."""
    if text.isascii():
        return lowered
    if len(lowered) != len(text):
        lowered = text.replace("\u0130", "I").lower()
        if len(lowered) != len(text):
            return None
    return fold_case(lowered)


APART = "\x00"  # what texts read in one pass are joined by (no literal of ours holds it)


def hits_in_each(automaton: ahocorasick_rs.AhoCorasick, texts: list[str],
                 overlapping: bool = False) -> list[list[tuple[int, int]]]:
    """(literal index, start) of each text's matches, in the automaton's order, from one pass
    over the texts joined by ``APART``: a call costs about as much as reading a KB, and a help
    page's paragraph is ~100 characters. No match spans ``APART`` (no literal holds it) and the
    automaton starts afresh after it, so each text gets the matches a pass over it alone gives."""
    out: list[list[tuple[int, int]]] = [[] for _ in texts]
    if not texts:
        return out
    offsets = list(itertools.accumulate((len(t) + 1 for t in texts[:-1]), initial=0))
    for index, start, _ in automaton.find_matches_as_indexes(APART.join(texts), overlapping=overlapping):
        k = bisect.bisect_right(offsets, start) - 1
        out[k].append((index, start - offsets[k]))
    return out


def none_holds_apart(words: list[str] | tuple[str, ...], what: str) -> None:
    """Raise at import when a literal holds ``APART`` (``hits_in_each`` would be wrong)."""
    if any(APART in word for word in words):
        raise ValueError(f"{what}: a literal holds the character texts are joined by in hits_in_each")
