"""Runs of lines a task has already been shown, as exact references (issue 17 item 1).

Whatever the tool, shape or agent, a text shown in full is compared line by line with the
texts of the task's earlier observations *as they were shown* (the final observation text,
after the display budget: a part the budget cut was never shown, so nothing points at it).
A run of consecutive lines equal to a run of one earlier observation becomes one line::

    [37 lines same as #3 from line 5]

(the 37 lines of observation #3's text from its line 5 on, 1-based, the ``#3`` label not
part of line 1; the range is said by count and start: ``5-41`` would read as a value). A run is replaced only when the
reference is shorter in o200k tokens than the lines it replaces, so a reference never costs
more than the repeat. Decided by content alone: hashes of lines find the candidates, equal
text confirms them (a hash collision can only miss a reference, never make a wrong one).

State (JSON-native, get/set only, so a stream engine's table view holds it too):
``texts``: {"<n>": the text of observation n as shown} and ``lineat``: {line hash: [n, index]},
the most recent observation that showed a line (anchors: lines of ``ANCHOR_CHARS``+
characters; runs grow from an anchor both ways, so short and blank lines join runs too),
built lazily up to ``lineat["@upto"]`` when a text is first compared.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from itertools import compress, count, repeat
from operator import is_not
from typing import Any

from obsline.aligner.textcommon import as_read
from obsline.core.tokens import count_tokens

ANCHOR_CHARS = 8  # shorter lines ("}", "", "---") are too common to start a run at
MIN_RUN_CHARS = 48  # below this a run is never worth a reference (checked before counting tokens)
MAX_TEXT_LINES = 20_000  # longer texts are neither remembered nor referred (bounds the state)
UPTO = "@upto"  # the index's own key (line hashes are hex): the last number whose text is indexed
REF = re.compile(r"^\[(\d+) lines? same as #(\d+) from line (\d+)\]$")


@lru_cache(maxsize=8192)  # the same lines are indexed and looked up again and again (a file read by many tasks)
def line_hash(line: str) -> str:
    return hashlib.blake2b(line.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def ref_line(count: int, number: int, src_at: int) -> str:
    return f"[{count} line{'s' if count != 1 else ''} same as #{number} from line {src_at}]"


def refer_lines(lines: list[str], texts: Any, index: Any, upto: int) -> tuple[list[str] | None, list[int]]:
    """``lines`` with every worthwhile run already shown (by observations #1..#``upto``)
    replaced by its reference, and the numbers referred to; (None, []) when nothing is
    referred. A text holding a line that reads as a reference is left as it is (the reference
    could not be told from it: lossless)."""
    if len(lines) > MAX_TEXT_LINES:
        return None, []
    if any(map(str.startswith, lines, repeat("["))) and any(line.startswith("[") and REF.match(line) for line in lines):
        return None, []
    _index_upto(texts, index, upto)
    # A run starts only at a line whose hash the index holds (``_run_at`` returns None at every
    # other): those lines are found in C, and most texts have none.
    at = list(compress(count(), map(is_not, map(index.get, map(line_hash, lines)), repeat(None))))
    if not at:
        return None, []
    out: list[str] = []
    refs: list[int] = []
    sources: dict[int, list[str] | None] = {}
    done = 0  # lines before ``done`` are in ``out``
    for i in at:
        if i < done:  # inside the run just referred
            continue
        found = _run_at(lines, i, done, texts, index, sources)
        if found is not None:
            done = _refer(out, refs, lines, done, found)
    if not refs:
        return None, []
    out.extend(lines[done:])
    return out, sorted(set(refs))


def refer_lines_reference(lines: list[str], texts: Any, index: Any, upto: int) -> tuple[list[str] | None, list[int]]:
    """The plain twin of ``refer_lines``: a run looked for at every line."""
    if len(lines) > MAX_TEXT_LINES:
        return None, []
    if any(line.startswith("[") and REF.match(line) for line in lines):
        return None, []
    _index_upto(texts, index, upto)
    out: list[str] = []
    refs: list[int] = []
    sources: dict[int, list[str] | None] = {}
    done = i = 0
    while i < len(lines):
        found = _run_at(lines, i, done, texts, index, sources)
        if found is None:
            i += 1
            continue
        done = i = _refer(out, refs, lines, done, found)
    if not refs:
        return None, []
    out.extend(lines[done:])
    return out, sorted(set(refs))


def _refer(out: list[str], refs: list[int], lines: list[str], done: int, found: tuple[int, int, int, int]) -> int:
    """Write the lines before a run found and its reference; where the next lines start."""
    a, e, n, b = found
    out.extend(lines[done:a])
    out.append(ref_line(e - a, n, b + 1))
    refs.append(n)
    return e


def _index_upto(texts: Any, index: Any, upto: int) -> None:
    """Index the lines of the texts not indexed yet (lazily: a task whose texts never refer
    pays for keeping its texts, not for hashing their lines)."""
    start = index.get(UPTO, 0) + 1
    for n in range(start, upto + 1):
        text = texts.get(str(n))
        if text is None:
            continue  # numbered, showed no text worth keeping
        for j, line in enumerate(shown_lines(n, text)):
            if len(line.strip()) >= ANCHOR_CHARS:
                index[line_hash(line)] = [n, j]
    if upto >= start:
        index[UPTO] = upto


def _run_at(lines: list[str], i: int, floor: int, texts: Any, index: Any,
            sources: dict[int, list[str] | None]) -> tuple[int, int, int, int] | None:
    """The run through line ``i`` that an earlier observation showed: (start, end, its number,
    its start), when worth a reference."""
    line = lines[i]
    if len(line.strip()) < ANCHOR_CHARS:
        return None
    hit = index.get(line_hash(line))
    if hit is None:
        return None
    n, j = hit
    if n not in sources:
        text = texts.get(str(n))
        sources[n] = shown_lines(n, text) if text is not None else None
    src = sources[n]
    if src is None or j >= len(src) or src[j] != line:
        return None  # a collision, or a text no longer kept
    a, b = i, j
    while a > floor and b > 0 and lines[a - 1] == src[b - 1]:
        a, b = a - 1, b - 1
    e, f = i + 1, j + 1
    while e < len(lines) and f < len(src) and lines[e] == src[f]:
        e, f = e + 1, f + 1
    run = lines[a:e]
    if sum(len(x) + 1 for x in run) < MIN_RUN_CHARS:
        return None
    ref = ref_line(e - a, n, b + 1)
    if count_tokens("\n".join(run)) <= count_tokens(ref):
        return None
    return a, e, n, b


def shown_lines(number: int, text: str) -> list[str]:
    """The lines of observation ``number``'s text, its ``#N`` label left out of the first, the
    marks of a legend (aligner.textcommon) put back."""
    lines = text.split("\n")
    label = f"#{number}"
    if lines[0].startswith(label):
        lines[0] = lines[0][len(label):].removeprefix(" ")
    return as_read(lines)


def remember_shown(texts: Any, number: int, text: str) -> None:
    """Keep the text of observation ``number`` as the model was shown it (its final text)."""
    if text.count("\n") < MAX_TEXT_LINES:
        texts[str(number)] = text


def expand_lines(lines: list[str], texts: Any) -> list[str]:
    """The inverse of ``refer_lines``: references replaced by the lines they name (``texts``:
    number -> the lines of that observation's text)."""
    out: list[str] = []
    for line in lines:
        m = REF.match(line) if line.startswith("[") else None
        if m is None:
            out.append(line)
            continue
        count, n, at = int(m.group(1)), int(m.group(2)), int(m.group(3))
        end = at + count - 1
        src = texts.get(str(n)) if isinstance(texts, dict) else texts(n)
        if src is None or end > len(src):
            raise KeyError(f"#{n} lines {at}-{end}: not held")
        out.extend(src[at - 1:end])
    return out
