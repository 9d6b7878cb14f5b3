"""Lossless line diffs between two views of a text, and runs of repeated lines (seed 003).

``diff(old, new)`` is a unified diff with no context lines and no old lines (``@@ -a,b +c,d @@``,
a count of 1 left out, then the new lines as ``+``): the reader has the old view in an earlier
observation, so context or the ``-`` lines would only repeat it; the header says which of its
lines the ``+`` lines replace (a hunk that only deletes shows its ``-`` lines, so where a diff
inside a text ends is never in doubt). ``patch(old, diff(old, new)) == new``; ``patch`` also
reads a diff that holds every ``-`` line.

Line-numbered views (a file viewer's ``12:text``, ``cat -n``) are compared by content, not by
number: an edit that inserts one line near the top shifts every number below it, and a plain
line diff would then show the whole rest of the window twice. In a numbered diff the lines
the two views share keep their content and take the numbers of the new view, which count on
from the previous numbered line (the hunk headers say where counts shift). ``diff`` checks
that ``patch`` gives the new view back before it returns a numbered diff, and falls back to
a plain one otherwise, so a diff is never lossy.

``fold_runs`` writes a line repeated 3+ times in a row once, with a count; ``unfold_runs``
restores it.
"""

from __future__ import annotations

import operator
import re
from difflib import SequenceMatcher

_NUMBERED = re.compile(r"^(\s*)(\d+)([:\t|] ?)(.*)$", re.DOTALL)
_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
NUMBERED_MARK = "(line numbers count on)"  # between hunks, from the previous numbered line
RUN_MIN = 3


def _number(line: str) -> tuple[int, str, str, str] | None:
    m = _NUMBERED.match(line)
    return (int(m.group(2)), m.group(1), m.group(3), m.group(4)) if m else None


def is_numbered(lines: list[str]) -> bool:
    """Most lines are ``N:text`` and their numbers count up by one."""
    found = list(filter(None, map(_NUMBERED.match, lines)))  # (in C: most texts stop at the count)
    if len(found) < max(3, len(lines) // 2):
        return False
    numbers = [int(m.group(2)) for m in found]
    return numbers == list(range(numbers[0], numbers[0] + len(numbers)))  # each one more than the last


def _key(line: str, numbered: bool) -> str:
    if numbered:
        m = _NUMBERED.match(line)
        if m is not None:
            return "\x00" + m.group(4)  # content only: the number is implied by the position
    return line


def diff(old: list[str], new: list[str]) -> list[str]:
    """The lines of a zero-context unified diff from ``old`` to ``new`` (empty when equal)."""
    if old == new:
        return []
    if is_numbered(new) and is_numbered(old):
        out = [NUMBERED_MARK, *_diff(old, new, numbered=True)]
        if patch(old, out) == new:
            return out
    return _diff(old, new, numbered=False)


def _diff(old: list[str], new: list[str], numbered: bool) -> list[str]:
    a = [_key(x, numbered) for x in old]
    b = [_key(x, numbered) for x in new]
    out: list[str] = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        # Unified-diff convention: an empty side names the line before it (start - 1, length 0).
        old_at = i1 + 1 if i2 > i1 else i1
        new_at = j1 + 1 if j2 > j1 else j1
        out.append(f"@@ -{_span(old_at, i2 - i1)} +{_span(new_at, j2 - j1)} @@")
        if j2 == j1:  # a deletion shows what it deletes: the diff's end is then never in doubt
            out.extend("-" + line for line in old[i1:i2])
        out.extend("+" + line for line in new[j1:j2])
    return out


def _span(at: int, count: int) -> str:
    """A hunk side: ``12`` for one line (unified diff leaves the count out), else ``12,3``."""
    return str(at) if count == 1 else f"{at},{count}"


def patch(old: list[str], lines: list[str]) -> list[str]:
    """Apply a diff made by ``diff`` to the view it was made against."""
    numbered = bool(lines) and lines[0] == NUMBERED_MARK
    body = lines[1:] if numbered else lines
    new: list[str] = []
    kept: list[bool] = []  # True: the line came from the old view (its number may move)
    pos = 0  # next old line (0-based) not yet copied
    i = 0
    while i < len(body):
        m = _HUNK.match(body[i])
        if m is None:
            raise ValueError(f"not a hunk header: {body[i]!r}")
        old_at, old_len = int(m.group(1)), int(m.group(2) or 1)
        start = old_at - 1 if old_len else old_at
        new.extend(old[pos:start])
        kept.extend([True] * (start - pos))
        i += 1
        end = i + old_len  # old lines, when the diff shows them, come first (the header has their count)
        while i < end and i < len(body) and body[i].startswith("-"):
            i += 1
        while i < len(body) and body[i].startswith("+"):
            new.append(body[i][1:])
            kept.append(False)
            i += 1
        pos = start + old_len
    new.extend(old[pos:])
    kept.extend([True] * (len(old) - pos))
    return _renumber(new, kept) if numbered else new


def _renumber(lines: list[str], kept: list[bool]) -> list[str]:
    """Lines kept from the old view count on from the previous numbered line."""
    out: list[str] = []
    last: int | None = None
    for line, from_old in zip(lines, kept, strict=True):
        n = _number(line)
        if n is None:
            out.append(line)
            continue
        if from_old and last is not None:
            line = f"{n[1]}{last + 1}{n[2]}{n[3]}"
            last += 1
        else:
            last = n[0]
        out.append(line)
    return out


def _run_marker(count: int) -> str:
    return f"(the line above {count} more times)"


_RUN_MARK = re.compile(r"^\(the line above (\d+) more times\)$")


def fold_runs(lines: list[str]) -> list[str]:
    """A line repeated ``RUN_MIN``+ times in a row, written once with a count (lossless)."""
    if any(_RUN_MARK.match(line) for line in lines):
        return list(lines)  # a literal marker line: folding could not be undone
    out: list[str] = []
    i = 0
    while i < len(lines):
        j = i + 1
        while j < len(lines) and lines[j] == lines[i]:
            j += 1
        out.append(lines[i])
        if j - i >= RUN_MIN and lines[i].strip():
            out.append(_run_marker(j - i - 1))
        else:
            out.extend(lines[i + 1:j])
        i = j
    return out


def unfold_runs(lines: list[str]) -> list[str]:
    out: list[str] = []
    for line in lines:
        m = _RUN_MARK.match(line)
        if m and out:
            out.extend([out[-1]] * int(m.group(1)))
        else:
            out.append(line)
    return out


def has_runs(text: str) -> bool:
    """Cheap pre-scan: any line equal to the next one (most texts have none)."""
    lines = text.split("\n")
    if not any(map(operator.eq, lines, lines[1:])):  # (in C: most texts have no two equal neighbours)
        return False
    return any(a == b and a.strip() for a, b in zip(lines, lines[1:], strict=False))
