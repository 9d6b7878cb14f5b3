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
factored when the parts save at least ``MIN_SAVED_TOKENS`` o200k tokens and ``MIN_SAVED_SHARE``
of them. The parts are found wherever they sit (not only on neighbouring lines) by hashing
each line's keys (``_shared_keys``): a text whose lines share no key is not searched at all.
``expand`` is the exact inverse (sinks.rebuild).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from obsline.core.tokens import count_tokens

MARK = "§"
MAX_PARTS = 9  # one digit per mark
MIN_PART_CHARS = 24  # about 5 tokens: a shorter part costs little more than its mark and legend line
MIN_LINES = 3  # a part in fewer lines is cheaper left where it is
MIN_SAVED_TOKENS = 30
MIN_TEXT_CHARS = 240  # a shorter text cannot save MIN_SAVED_TOKENS
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


_PIECE = re.compile(r"\s+|\S+")
KEY_WORD_CHARS = 11  # a part of 24+ characters of one or two words holds a word this long
KEY_WORDS = 3  # ... and a longer part holds this many words in a row
MAX_KEYS = 64  # keys followed per text, those in most lines first
MAX_PAIRS = 4  # occurrences of a key compared with its first one


def _keys(pieces: list[str]) -> dict[str, int]:
    """``_keys_reference``, read off the pieces' alternation: ``_PIECE`` cuts a line into runs
    of spaces and of non-spaces in turn, so its words are every other piece and a run of
    ``KEY_WORDS`` words spans ``RUN_PIECES`` pieces (no list of word positions, no search for
    the run's end). The same keys, set in the same order (the order ranks tied keys)."""
    keys: dict[str, int] = {}
    run = RUN_PIECES
    last = len(pieces) - run  # the last piece a run can start at
    for i in range(1 if pieces and pieces[0][0].isspace() else 0, len(pieces), 2):
        piece = pieces[i]
        if len(piece) >= KEY_WORD_CHARS:
            keys.setdefault(piece, i)
        if i <= last:
            keys.setdefault("".join(pieces[i:i + run]), i)
    return keys


RUN_PIECES = 2 * KEY_WORDS - 1  # KEY_WORDS words and the spaces between them


def _keys_reference(pieces: list[str]) -> dict[str, int]:
    """Where each key of a line starts (its piece index): its words of ``KEY_WORD_CHARS``+
    characters and its runs of ``KEY_WORDS`` words with the spaces between them. Every part of
    ``MIN_PART_CHARS``+ characters holds one (but for parts mostly made of spaces)."""
    keys: dict[str, int] = {}
    words = [i for i, piece in enumerate(pieces) if not piece[0].isspace()]
    for j, i in enumerate(words):
        if len(pieces[i]) >= KEY_WORD_CHARS:
            keys.setdefault(pieces[i], i)
        if j + KEY_WORDS <= len(words):
            keys.setdefault("".join(pieces[i:words[j + KEY_WORDS - 1] + 1]), i)
    return keys


def _common_run(a: list[str], i: int, b: list[str], k: int) -> str:
    """The longest run of pieces around ``a[i]`` == ``b[k]`` that both lines share; at each end a
    run of spaces may be shared in part (its common end)."""
    lo, kl = i, k
    while lo > 0 and kl > 0 and a[lo - 1] == b[kl - 1]:
        lo, kl = lo - 1, kl - 1
    hi, kh = i, k
    while hi + 1 < len(a) and kh + 1 < len(b) and a[hi + 1] == b[kh + 1]:
        hi, kh = hi + 1, kh + 1
    head = tail = ""
    if lo > 0 and kl > 0 and a[lo - 1][0].isspace() and b[kl - 1][0].isspace():
        head = _common_end(a[lo - 1], b[kl - 1])
    if hi + 1 < len(a) and kh + 1 < len(b) and a[hi + 1][0].isspace() and b[kh + 1][0].isspace():
        tail = _common_start(a[hi + 1], b[kh + 1])
    return head + "".join(a[lo:hi + 1]) + tail


def _common_start(a: str, b: str) -> str:
    n = 0
    while n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    return a[:n]


def _common_end(a: str, b: str) -> str:
    return _common_start(a[::-1], b[::-1])[::-1]


def _shared_keys(lines: list[str]) -> tuple[list[list[str]], list[list[tuple[int, int]]]]:
    """The lines cut in pieces, and the places (line, piece) of each key that 3+ lines hold,
    most lines first. The gate: a text whose lines share a part of ``MIN_PART_CHARS``+
    characters (of 3+ words, or with a word of ``KEY_WORD_CHARS``+) has such a key; one with
    none is not searched (hashing the keys costs far less than comparing lines)."""
    where: dict[str, list[tuple[int, int]]] = {}
    split: list[list[str]] = []
    for n, line in enumerate(lines[:MAX_LINES]):
        if not MIN_PART_CHARS <= len(line) <= MAX_LINE_CHARS:
            split.append([])
            continue
        pieces = _PIECE.findall(line)
        split.append(pieces)
        for key, i in _keys(pieces).items():
            where.setdefault(key, []).append((n, i))
    shared = sorted((places for places in where.values() if len(places) >= MIN_LINES), key=len, reverse=True)
    return split, shared


def _candidates(lines: list[str]) -> list[str]:
    """Parts of 24+ characters that 3+ lines share, the most frequent first: for a key in 3+
    lines (``_shared_keys``), each of a few of its lines is compared piece by piece with the
    first, around the key."""
    split, shared = _shared_keys(lines)
    found: Counter[str] = Counter()
    for places in shared[:MAX_KEYS]:
        (n0, i0), rest = places[0], places[1:MAX_PAIRS + 1]
        for n, i in rest:
            part = _common_run(split[n0], i0, split[n], i)
            if len(part) >= MIN_PART_CHARS and part.strip():
                found[part] += 1
    return [part for part, _ in found.most_common(MAX_CANDIDATES)]


MARK_TOKENS = 2  # ``§1`` in o200k; a legend line costs the part, the mark, ``=`` and a line end


def _best(body: str, candidates: list[str], mark: str) -> tuple[str, re.Pattern[str], int] | None:
    """The part that saves most o200k tokens in ``body`` (legend line included), if any saves:
    counted by tokens, not characters (a run of dashes or spaces is one or two tokens)."""
    best: tuple[str, re.Pattern[str], int] | None = None
    most = 0
    for part in candidates:
        pattern = _pattern(part)
        uses = len(pattern.findall(body))
        if uses < MIN_LINES:
            continue
        size = _part_tokens(part)
        saved = uses * (size - MARK_TOKENS) - size - MARK_TOKENS - 2
        if saved > most:
            best, most = (part, pattern, saved), saved
    return best


@lru_cache(maxsize=4096)
def _part_tokens(part: str) -> int:
    return count_tokens(part)


def factor(text: str) -> str | None:
    """The text with its repeated parts said once in a legend, or None when that saves too
    little (fewer than ``MIN_SAVED_TOKENS`` o200k tokens or ``MIN_SAVED_SHARE`` of them)."""
    if MARK in text or text.count("\n") + 1 < MIN_LINES or len(text) < MIN_TEXT_CHARS:
        return None
    candidates = _candidates(text.split("\n"))
    if not candidates:
        return None
    body, legend, estimate = text, [], 0
    for k in range(1, MAX_PARTS + 1):
        mark = f"{MARK}{k}"
        found = _best(body, candidates, mark)
        if found is None:
            break
        part, pattern, saved = found
        candidates.remove(part)
        body = pattern.sub(mark, body)
        legend.append(f"{mark}={part}")
        estimate += saved
    if estimate < MIN_SAVED_TOKENS:
        return None
    factored = "\n".join([*legend, body])
    before, after = count_tokens(text), count_tokens(factored)  # the estimate is per part: checked whole
    saved = before - after
    return factored if saved >= MIN_SAVED_TOKENS and saved >= MIN_SAVED_SHARE * before else None


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
