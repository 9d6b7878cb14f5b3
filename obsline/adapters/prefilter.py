"""Many regexes in one pass over a whole document, as a proof of where none of them can match.

A long help page holds "password", "token" and "key" in every paragraph, so the literal anchors
of adapters/anchored.py let every paragraph through to the scans' readers (~25 us a paragraph
in Python, for nothing: no paragraph of such a page holds a secret). Hyperscan (Intel's
multi-regex engine, ``hyperscan`` on PyPI) runs hundreds of regexes over a document in one pass,
in C, and says where each one's matches end. Its dialect is not Python's, so each pattern is
run as a *superset* of itself (``superset``): every assertion dropped (``\\b``, lookarounds:
a match without them is still a match of the rest), a back-reference replaced by
the group it repeats, and every character set written out exactly for ASCII (each of the 128
characters tried with ``re`` itself under the node's flags) and, beyond ASCII, as the character
itself where it has no case, else as any non-ASCII character. A superset without assertions
matches every string the pattern matches, wherever it stands (a text's or a line's start and end
are kept as a line's: a paragraph starts and ends where a line of its document does), so a
paragraph where it reports no match cannot hold a match of the pattern: that paragraph is proven
to need no reading.
A pattern that cannot be so written, or whose superset can match the empty string, is left out
of the database and marks every text (``Prefilter.always``).
"""

from __future__ import annotations

import bisect
import re
import threading
from collections.abc import Callable, Sequence
from functools import cache
from re import _casefix, _compiler, _parser  # type: ignore[attr-defined]  # (sre_parse, without its warning)
from re import _constants as _c  # type: ignore[attr-defined]
from typing import Any

try:
    import hyperscan
except ImportError:  # pragma: no cover - the dependency is declared; without it every text is read
    hyperscan = None  # type: ignore[assignment]

Item = tuple[Any, Any]
_NON_ASCII = (0x80, 0x10FFFF)
_ANY_NON_ASCII = "[\\x80-\\xff]+"  # (one non-ASCII character is 2-4 such bytes)
_MAX_FORMS = 64  # a set of more non-ASCII characters is written as any of them
# Non-ASCII characters that ``(?i)`` matches with an ASCII letter (U+0130 I with dot, dotless i,
# long s, the Kelvin sign); tests/adapters/test_prefilter.py checks there are no others.
ODD_CASES = (0x130, 0x131, 0x17F, 0x212A)
_CHAR_OPS = (_c.LITERAL, _c.NOT_LITERAL, _c.ANY, _c.IN, _c.CATEGORY)
_DROPPED = (_c.AT, _c.ASSERT, _c.ASSERT_NOT)
# A text's start and end and a line's, when the pattern starts or ends with one, are written as a
# line's (multiline ``^`` and ``$``; Hyperscan takes them nowhere else): a unit read apart starts
# and ends where a line of the whole text does, so a match of it that starts or ends at one still
# does there. Every other one is dropped, and so is a word boundary (Python's reads letters
# beyond ASCII as word characters; Hyperscan's, on bytes, does not).
_LINE_EDGES = {_c.AT_BEGINNING: "^", _c.AT_BEGINNING_STRING: "^", _c.AT_BEGINNING_LINE: "^",
               _c.AT_END: "$", _c.AT_END_STRING: "$", _c.AT_END_LINE: "$"}
_REPEATS = (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT)
_MAX_COUNT = 24  # a repeat of more is written unbounded, at least _MIN_COUNT times
_MIN_COUNT = 12


class Unsupported(ValueError):
    """A pattern whose superset this module cannot write."""


class Never(Unsupported):
    """A pattern (or part) that matches no text of ASCII characters (``ascii_only``)."""


def superset(pattern: re.Pattern[str], ascii_only: bool = False) -> str:
    """A Hyperscan expression over UTF-8 bytes matching every string ``pattern`` matches, assertions
    dropped: wherever ``pattern`` matches a text, this matches the same characters. ``ascii_only``:
    for texts of ASCII characters only (a non-ASCII part left out; ``Never`` when nothing is left)."""
    try:
        parsed = _parser.parse(pattern.pattern, pattern.flags)
    except (re.error, TypeError, ValueError) as e:
        raise Unsupported(str(e)) from e
    items = list(parsed.data)
    first = _LINE_EDGES.get(items[0][1], "") if items and items[0][0] is _c.AT else ""
    last = _LINE_EDGES.get(items[-1][1], "") if len(items) > 1 and items[-1][0] is _c.AT else ""
    items = items[1 if first else 0:-1 if last else None]
    body = _Writer(ascii_only).sequence(_required_part(items, parsed.state, not first, not last), parsed.state.flags)
    return ("^" if first == "^" else "") + body + ("$" if last == "$" else "")


def _required_part(items: list[Item], state: Any, head: bool, tail: bool) -> list[Item]:
    """The sequence less the items at its ends (``head``, ``tail``: at which) that can match
    nothing (``[\\w.-]{0,50}?`` before gitleaks' keywords): every match holds a match of the rest,
    inside it. A group a later back-reference names may go: the reference is then any bytes."""
    def optional(item: Item) -> bool:
        return bool(_parser.SubPattern(state, [item]).getwidth()[0] == 0)
    start, end = 0, len(items)
    while head and start < end and optional(items[start]):
        start += 1
    while tail and end > start and optional(items[end - 1]):
        end -= 1
    return items[start:end]


class _Writer:
    """Writes one parse tree; ``groups`` keeps each group's expression for its back-references."""

    def __init__(self, ascii_only: bool = False) -> None:
        self.groups: dict[int, str] = {}
        self.ascii_only = ascii_only

    def sequence(self, items: list[Item], flags: int) -> str:
        return "".join(self.item(op, av, flags) for op, av in items)

    def item(self, op: Any, av: Any, flags: int) -> str:
        if op in _CHAR_OPS:
            return ascii_set(op, _key(av), flags) if self.ascii_only else char_set(op, _key(av), flags)
        if op in _DROPPED:
            return ""
        if op in _REPEATS:
            return self.repeat(av, flags)
        if op is _c.SUBPATTERN:
            return self.group(av, flags)
        if op is _c.BRANCH:
            return self.branch(av[1], flags)
        if op is _c.ATOMIC_GROUP:
            return "(?:" + self.sequence(list(av.data), flags) + ")"
        if op is _c.GROUPREF:
            return "(?:" + self.groups.get(av, "[\\x00-\\xff]*") + ")"
        if op is _c.GROUPREF_EXISTS:
            return self.either(av, flags)
        raise Unsupported(f"no superset for {op}")

    def branch(self, alternatives: list[Any], flags: int) -> str:
        written = []
        for alternative in alternatives:
            try:
                written.append(self.sequence(list(alternative.data), flags))
            except Never:
                continue  # (an alternative no ASCII text matches)
        if not written:
            raise Never("no alternative")
        return "(?:" + "|".join(written) + ")"

    def repeat(self, av: Any, flags: int) -> str:
        """A repeat; a long one loosened (fewer at least, no most: a superset Hyperscan compiles
        fast, where ``{0,200}`` of a wide set took it seconds)."""
        low, high, inner = av
        try:
            return self.loosened(low, high, inner, flags)
        except Never:
            if low:
                raise
            return ""  # (none of it: the empty repeat)

    def loosened(self, low: int, high: int, inner: Any, flags: int) -> str:
        wide = None if self.ascii_only else _wide_class(list(inner.data), flags)
        if wide is not None:  # (k characters of it are k to 4k bytes of one class: fast to compile)
            body, high = wide, high if high == _c.MAXREPEAT else 4 * high
        else:
            body = "(?:" + self.sequence(list(inner.data), flags) + ")"
        if high > _MAX_COUNT:
            return f"{body}{{{min(low, _MIN_COUNT)},}}"
        return f"{body}{{{low}}}" if low == high else f"{body}{{{low},{high}}}"

    def group(self, av: Any, flags: int) -> str:
        number, add, remove, inner = av
        body = self.sequence(list(inner.data), (flags | add) & ~remove)
        if number is not None:
            self.groups[number] = body
        return "(?:" + body + ")"

    def either(self, av: Any, flags: int) -> str:
        _, yes, no = av
        no_text = self.sequence(list(no.data), flags) if no is not None else ""
        return "(?:" + self.sequence(list(yes.data), flags) + "|" + no_text + ")"


def _key(av: Any) -> Any:
    """A hashable form of a node's argument (a set's items are a list)."""
    return tuple(av) if isinstance(av, list) else av


@cache
def char_set(op: Any, av: Any, flags: int) -> str:
    """One character node as a Hyperscan expression over UTF-8 bytes: exact over ASCII (each
    character tried with ``re`` under the node's flags); beyond it, the character's own bytes
    where it has no case, else any run of non-ASCII bytes (a superset: Hyperscan compiles
    byte classes fast, where its UTF-8 mode's wide classes took it seconds)."""
    ascii_codes = _ascii_members(op, av, flags)
    others = list(_non_ascii(op, av, flags))
    parts = ["[" + "".join(_range(a, b) for a, b in _ranges(ascii_codes)) + "]"] if ascii_codes else []
    if others == [_NON_ASCII] or len(others) > _MAX_FORMS:
        parts.append(_ANY_NON_ASCII)
    else:
        parts += ["".join(f"\\x{b:02x}" for b in chr(c).encode()) for low, high in others for c in range(low, high + 1)]
    if not parts:
        raise Unsupported("a set that matches nothing")
    return parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"


@cache
def ascii_set(op: Any, av: Any, flags: int) -> str:
    """One character node over a text of ASCII characters: its ASCII members (``Never`` if none)."""
    codes = _ascii_members(op, av, flags)
    if not codes:
        raise Never("no ASCII character")
    return f"\\x{codes[0]:02x}" if len(codes) == 1 else "[" + "".join(_range(a, b) for a, b in _ranges(codes)) + "]"


def _wide_class(items: list[Item], flags: int) -> str | None:
    """A lone character node that may match any non-ASCII character, as one byte class (its
    ASCII members and every non-ASCII byte), or None."""
    if len(items) != 1 or items[0][0] not in _CHAR_OPS:
        return None
    op, av = items[0]
    others = _non_ascii(op, _key(av), flags)
    if others != [_NON_ASCII] and len(others) <= _MAX_FORMS:
        return None
    return "[" + "".join(_range(a, b) for a, b in _ranges(_ascii_members(op, _key(av), flags))) + "\\x80-\\xff]"


def _compiled(op: Any, av: Any, flags: int) -> re.Pattern[str]:
    state = _parser.State()
    state.flags = flags
    node = list(av) if op is _c.IN else av
    return _compiler.compile(_parser.SubPattern(state, [(op, node)]), 0)  # type: ignore[no-any-return]


@cache
def _ascii_members(op: Any, av: Any, flags: int) -> list[int]:
    compiled = _compiled(op, av, flags)
    return [c for c in range(128) if compiled.fullmatch(chr(c))]


def _non_ascii(op: Any, av: Any, flags: int) -> list[tuple[int, int]]:
    """The non-ASCII characters the node may match: exact for caseless ones, else all of them."""
    return _non_ascii_cached(op, av, flags)


@cache
def _non_ascii_cached(op: Any, av: Any, flags: int) -> list[tuple[int, int]]:
    caseless = flags & re.IGNORECASE
    if op is _c.LITERAL and av < 128:
        compiled = _compiled(op, av, flags)
        return [(c, c) for c in ODD_CASES if caseless and compiled.fullmatch(chr(c))]
    if op is _c.LITERAL:
        return [(av, av)] if not caseless or _uncased(av, av) else [_NON_ASCII]
    if op is _c.IN:
        return _set_members(av, flags)
    return [_NON_ASCII]


def _set_members(items: tuple[Item, ...], flags: int) -> list[tuple[int, int]]:
    """A ``[...]`` set's non-ASCII members: its literals and ranges beyond ASCII where none has
    a case (or no ``(?i)``), plus the odd cases of its ASCII letters; else any non-ASCII."""
    out: list[tuple[int, int]] = []
    for op, av in items:
        if op is _c.LITERAL:
            low = high = av
        elif op is _c.RANGE:
            low, high = av
        else:  # (a negation, a category: \w, \s, \d beyond ASCII)
            return [_NON_ASCII]
        if high < 128:
            continue
        low = max(low, 128)
        if flags & re.IGNORECASE and not _uncased(low, high):
            return [_NON_ASCII]
        out.append((low, high))
    if flags & re.IGNORECASE:
        compiled = _compiled(_c.IN, items, flags)
        out += [(c, c) for c in ODD_CASES if compiled.fullmatch(chr(c))]
    return out


@cache
def _uncased(low: int, high: int) -> bool:
    """Whether no character of the range has a case: ``(?i)`` matches each only with itself."""
    for code in range(low, high + 1):
        char = chr(code)
        if char.lower() != char or char.upper() != char or code in _casefix._EXTRA_CASES:
            return False
    return True


def _ranges(codes: list[int]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for c in codes:
        if out and out[-1][1] == c - 1:
            out[-1] = (out[-1][0], c)
        else:
            out.append((c, c))
    return out


def _range(a: int, b: int) -> str:
    return f"\\x{a:02x}" if a == b else f"\\x{a:02x}-\\x{b:02x}"


class Prefilter:
    """Some patterns in one Hyperscan database: ``units_hit(text, starts)`` says which units of a
    text (given by where each starts) hold a match of one of them. ``groups``: each a tuple of
    pattern numbers that must all be hit in a unit (one number for one pattern)."""

    def __init__(self, patterns: Sequence[re.Pattern[str]], groups: Sequence[tuple[int, ...]] | None = None,
                 ids: Sequence[int] | None = None, ascii_only: bool = False) -> None:
        """``ids``: the number each pattern reports as (several may share one: a long alternation
        cut in pieces); ``ascii_only``: the texts scanned hold ASCII characters only."""
        self.patterns = list(patterns)
        self.ids = list(ids) if ids is not None else list(range(len(self.patterns)))
        groups = [(k,) for k in sorted(set(self.ids))] if groups is None else groups
        self.singles = frozenset(g[0] for g in groups if len(g) == 1)
        self.conjunctions = [frozenset(g) for g in groups if len(g) > 1]
        self.expressions, self.always = _supersets(self.patterns, ascii_only)  # (always: left out, every unit is theirs)
        database = _compiled_database(self.expressions, self.always, self.ids) if hyperscan is not None else None
        self.database: Any = None if self.always else database
        self._local = threading.local()

    @property
    def usable(self) -> bool:
        return self.database is not None

    def hits(self, data: bytes) -> list[tuple[int, int]]:
        """(end byte offset, pattern id) of every match of every pattern's superset."""
        out: list[tuple[int, int]] = []
        add = out.append

        def on_match(number: int, _start: int, end: int, _flags: int, _context: object) -> None:
            add((end, number))

        self.database.scan(data, match_event_handler=on_match, scratch=self._scratch())
        return out

    def _scratch(self) -> Any:
        """This thread's scratch space for the database: one scratch serves one scan at a time (two
        threads scanning with the database's own raise ScratchInUseError)."""
        scratch = getattr(self._local, "scratch", None)
        if scratch is None:
            scratch = self._local.scratch = hyperscan.Scratch(self.database)
        return scratch

    def units_hit(self, text: str, starts: list[int]) -> set[int] | None:
        """The indexes of the units (``text[starts[k]:starts[k + 1]]``) where a group is hit, or
        None when the text cannot be scanned (a lone surrogate is no UTF-8). Each unit must start
        at a line's start and end at a line's end (before a line break or at the text's end): a
        unit's matches are then matches of the supersets in the whole text, ending inside it."""
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:
            return None
        byte_starts = starts if len(data) == len(text) else _byte_offsets(text, starts)
        seen: dict[int, set[int]] = {}
        for end, number in self.hits(data):
            seen.setdefault(bisect.bisect_right(byte_starts, end - 1) - 1, set()).add(number)
        singles, conjunctions = self.singles, self.conjunctions
        return {unit for unit, numbers in seen.items()
                if not singles.isdisjoint(numbers) or any(g <= numbers for g in conjunctions)}


def _supersets(patterns: list[re.Pattern[str]], ascii_only: bool) -> tuple[dict[int, str], list[int]]:
    """Each pattern's superset by its place, and the places of those that have none (a pattern
    no ASCII text matches is in neither, when ``ascii_only``: it can hit nothing)."""
    expressions: dict[int, str] = {}
    left_out: list[int] = []
    for k, pattern in enumerate(patterns):
        try:
            expressions[k] = superset(pattern, ascii_only)
        except Never:
            continue
        except (Unsupported, RecursionError):
            left_out.append(k)
    return expressions, left_out


def _byte_offsets(text: str, starts: list[int]) -> list[int]:
    out, at, last = [], 0, 0
    for start in starts:
        at += len(text[last:start].encode("utf-8"))
        out.append(at)
        last = start
    return out


def _compiled_database(expressions: dict[int, str], always: list[int], ids: list[int]) -> Any:
    """All of them in one database; when Hyperscan refuses one (a superset that matches the empty
    string, or too large), each is tried alone and the ones it refuses go to ``always``."""
    try:
        return _database(expressions, ids)
    except hyperscan.error:
        pass
    for k, expression in list(expressions.items()):
        try:
            _database({k: expression}, ids)
        except hyperscan.error:
            del expressions[k]
            always.append(k)
    return _database(expressions, ids) if expressions else None


_FLAGS = 0 if hyperscan is None else hyperscan.HS_FLAG_PREFILTER | hyperscan.HS_FLAG_MULTILINE


def _database(expressions: dict[int, str], ids: list[int] | None = None) -> Any:
    database = hyperscan.Database()
    database.compile(expressions=[e.encode() for e in expressions.values()],
                     ids=[k if ids is None else ids[k] for k in expressions],
                     elements=len(expressions), flags=[_FLAGS] * len(expressions))
    return database


def lazily(build: Callable[[], Prefilter]) -> Callable[[], Prefilter]:
    """``build`` run once, at first use (compiling a database takes a while: not at import)."""
    return cache(build)
