"""Dedup for results without a contract, on their text (seed 003, issue 9 item 5).

Whatever the shape (shell output, file view, search hits, a JSON record rendered), the fold
compares what the model would read: the body text. Per task, keyed by the file path of a
file view (``[File: path (N lines total)]`` first line, or the entity a shape gives) or else
by tool + canonical args, it keeps the last few views and decides:

| result | shown as | ``dedup.kind`` |
|---|---|---|
| read tool, same text as the last view of the same lines | ``unchanged since #N`` | unchanged |
| read tool, other text (or an edit's file view) | a zero-context unified diff against that view, when it is shorter than the text | delta |
| read tool, text shown in full earlier under another key | ``same text as #N`` | unchanged |
| older than the view it would fold against (step 2 arriving after step 3) | ``result of step 2, older than step 3 (#N)``, then the same-or-full rule; never a baseline | older |
| side effect | never ``unchanged``: an edit's file view may be a diff; anything else in full | never |
| tool neither read nor write by its name (adapters.kinds) | in full | never |

A window of a file (``open f 1474``, ``goto``, the view an ``edit`` prints) is compared with
the most recent view of that file whose line range overlaps it; numbered views diff by line
content (see aligner.textdiff), so an inserted line does not re-show the rest of the window.
A view that overlaps no earlier one is shown in full. A rejected edit's preview ("Your
proposed edit has introduced new syntax error(s) ... This is how your edit would have looked")
is not the file as it is: it never becomes the file's view (``_PREVIEW``).
Lines repeated 3+ times in a row inside one text are written once with a count; a file
view inside a paragraph (a rejected edit's two windows) becomes a diff of the view above it or
of the file's last view (``diff_views``); runs of lines shown before, by any observation of the
task, become line references (aligner.linerefs); long parts repeated across the lines of one
text (an installer's ``Requirement already satisfied: ... in /opt/...``) are said once in a
legend (aligner.textcommon). A write's or generic tool's text may be a diff of the
tool's last text (``like_last``): shown as a diff, never folded.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any

from obsline.adapters.shapes import meaning
from obsline.aligner.textdiff import diff, fold_runs, has_runs, is_numbered
from obsline.core.models import Adapted, DedupKind, ToolKind

FILE_VIEW = re.compile(r"\[File: (.+?) \(\d+ lines total\)\]")
_LINE_NO = re.compile(r"\s*(\d+)[:\t|]")
VIEWS_KEPT = 4  # windows remembered per key (a file is often read at several places)
MIN_TEXT_REF_CHARS = 200  # shorter texts cost less to repeat than to point at
MIN_VIEW_CHARS = 200  # shorter texts are shown again rather than numbered and folded (#N costs 2 tokens)
DIFF_AT_MOST = 0.8  # a diff longer than this share of the text: the text in full is clearer


@dataclass(slots=True)
class TextFold:
    """The text part of a fold decision."""

    kind: DedupKind
    head: str | None = None  # the fold line (``unchanged since #3``, ``changed since #3:``)
    body: str | None = None  # the text to show instead of the plain body (diff, runs folded)
    base: dict[str, Any] | None = None  # the view folded against
    remember: bool = False  # keep this text as the key's latest view


def text_digest(text: str) -> str:
    return "t:" + hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


# Words before a file view that say it is not the file as it is (SWE-agent shows how a
# rejected edit "would have looked"): such a view never becomes the file's last view.
_PREVIEW = re.compile(r"would have looked|proposed edit|not (?:been )?applied|was reverted", re.IGNORECASE)


def view_key(adapted: Adapted, text: str, args_digest: str) -> str | None:
    path = None
    if meaning(adapted.shape).names_file:  # the shape names the file (as entity, or in its data)
        path = adapted.entity_id or (adapted.data.get("file") if isinstance(adapted.data, dict) else None)
    elif text.startswith("[File: "):
        m = FILE_VIEW.match(text)
        path = m.group(1) if m else None
    if path:
        at = text.find("[File: ")
        if not _PREVIEW.search(text[:at] if at > 0 else ""):
            return file_key(path)
    if adapted.kind is ToolKind.READ:
        return f"{adapted.tool}|{args_digest}"
    return None


def file_key(path: str) -> str:
    """Agents name one file by several paths (``src/m/fields.py``, ``/testbed/src/m/fields.py``):
    the key is its last two parts. Safe when two files share them: a view folds to "unchanged"
    only when its whole text, header path included, is equal."""
    return "file:" + "/".join(path.rstrip("/").split("/")[-2:])


def line_range(lines: list[str]) -> tuple[int, int] | None:
    numbers = [int(m.group(1)) for m in map(_LINE_NO.match, lines) if m]
    return (numbers[0], numbers[-1]) if numbers else None


def _pick(views: list[dict[str, Any]], span: tuple[int, int] | None) -> dict[str, Any] | None:
    """The most recent view of the same lines: overlapping ranges for numbered views."""
    view: dict[str, Any]  # (mypy reads reversed() of a list as Any)
    for view in reversed(views):
        other = view.get("span")
        if span is None or other is None or (other[0] <= span[1] and span[0] <= other[1]):
            return view
    return None


def fold_text(adapted: Adapted, text: str, views: list[dict[str, Any]], shown_at: int | None,
              diffable: bool) -> TextFold:
    """The decision for one text against the views of its key (oldest first) and the number of
    an earlier observation that showed this exact text (``shown_at``)."""
    kind = adapted.kind
    step = adapted.ids.step_id
    lines = text.split("\n")
    numbered = is_numbered(lines)
    base = _pick(views, line_range(lines) if numbered else None)
    full = DedupKind.NEW if kind is ToolKind.READ else DedupKind.NEVER
    if base is not None and step < base["step"]:
        head = f"result of step {step}, older than step {base['step']} (#{base['n']})"
        if base["text"] == text:
            return TextFold(DedupKind.OLDER, f"{head}: same text", base=base)
        return TextFold(DedupKind.OLDER, f"{head}; not a change, #{base['n']} is newer:", _runs(text), base=base)
    if base is not None and base["text"] == text:
        if kind is ToolKind.READ:
            return TextFold(DedupKind.UNCHANGED, f"unchanged since #{base['n']}", base=base)
        return TextFold(full, body=_runs(text), remember=True)  # a write never folds to unchanged
    if shown_at is not None and kind is ToolKind.READ and len(text) >= MIN_TEXT_REF_CHARS:
        # Remembered as the key's view under the number that shows it: later diffs point there.
        return TextFold(DedupKind.UNCHANGED, f"same text as #{shown_at}",
                        base={"n": shown_at, "step": step, "action": None, "refs": []}, remember=True)
    if base is not None and diffable:
        old, span = window_of(base["text"].split("\n"), line_range(lines) if numbered else None)
        delta = diff(old, lines)
        shown = "\n".join(delta)
        part = f" lines {span[0]}-{span[1]}" if span else ""
        if not delta:  # a window inside an earlier, longer one (no diff: an empty one is not a hunk)
            if kind is ToolKind.READ:
                return TextFold(DedupKind.UNCHANGED, f"unchanged since #{base['n']}{part}", base=base)
        elif len(shown) <= DIFF_AT_MOST * len(text):
            return TextFold(DedupKind.DELTA, f"changed since #{base['n']}{part} (diff):", shown, base=base,
                            remember=True)
    return TextFold(full, body=_runs(text), remember=True)


def like_last(text: str, last: list[dict[str, Any]]) -> tuple[str, str, list[int]] | None:
    """A write's text (shown in full: never folded) as a diff against the last text of the
    same tool, when the diff is under ``DIFF_AT_MOST`` of the text (curl re-posting a form
    prints the same page): (the line naming it, the diff, the numbers it needs)."""
    if not last:
        return None
    base = last[-1]
    old, new = base["text"].split("\n"), text.split("\n")
    common = set(old).intersection(new)
    if sum(len(line) + 1 for line in new if line in common) < (1 - DIFF_AT_MOST) * len(text):
        return None  # too few lines in common for a short diff: not worth the matcher
    delta = diff(old, new)
    shown = "\n".join(delta)
    if not delta or len(shown) > DIFF_AT_MOST * len(text):
        return None
    return f"differs from #{base['n']} by this diff:", shown, [base["n"], *base["refs"]]


def window_of(old: list[str], span: tuple[int, int] | None) -> tuple[list[str], tuple[int, int] | None]:
    """The part of an earlier numbered view a new window is compared with: its unnumbered lines
    (header, notices) and its numbered lines inside the new window's range. Lines outside the
    window are not shown as removed: they were only scrolled out of view. The range comes back
    when the view was cut (the fold line names it: ``changed since #3 lines 1425-1524``)."""
    if span is None:
        return old, None
    kept, cut = [], False
    for line in old:
        m = _LINE_NO.match(line)
        if m and not span[0] <= int(m.group(1)) <= span[1]:
            cut = True
            continue
        kept.append(line)
    return (kept, span) if cut else (old, None)


def _runs(text: str) -> str | None:
    """The text with runs of repeated lines folded, or None when it has none."""
    if not has_runs(text):
        return None
    return "\n".join(fold_runs(text.split("\n")))


_PARAGRAPH = re.compile(r"\n[ \t]*\n")
BLOCK_MIN_LINES = 3


def blocks(text: str) -> list[str]:
    """A text's blocks: its paragraphs (runs of lines between blank lines), kept with the
    blank lines that end them so that joining them gives the text back."""
    out, start = [], 0
    for m in _PARAGRAPH.finditer(text):
        out.append(text[start:m.end()])
        start = m.end()
    out.append(text[start:])
    return out


def _worth_a_reference(block: str) -> bool:
    return len(block) >= MIN_TEXT_REF_CHARS and block.count("\n") >= BLOCK_MIN_LINES - 1


def diff_views(text: str, views: dict[str, list[dict[str, Any]]] | None = None) -> tuple[str | None, list[int]]:
    """In a block (paragraph of 3+ lines, 200+ characters) that holds a file view (a rejected
    edit's preview, then the original window), the view becomes a diff against the view above
    it in this text or the file's last view, whichever is shorter. (None, []) when no view is
    a diff. (Blocks shown before as they are: aligner.linerefs refers to them by lines.)"""
    if "[File: " not in text:  # no file view (most texts): not cut into blocks at all
        return None, []
    parts = blocks(text)
    if len(parts) < 2:  # a single block is the whole text: see ``same text as``
        return None, []
    out: list[str] = []
    refs: list[int] = []
    above: list[str] | None = None  # the file view of the last block of this text that had one
    for part in parts:
        core = part.rstrip()
        if not _worth_a_reference(core) or "[File: " not in core:
            out.append(part)
            continue
        lines = core.split("\n")
        where = _view_at(lines)
        if where is not None and lines[where[1]:where[1] + 1] and lines[where[1]][:1] in "+@":
            where = None  # the line after a diff must not read as one of its lines
        if where is not None and (found := _view_diff(lines[where[0]:where[1]], above, views)) is not None:
            head, delta, via = found
            out.append("\n".join([*lines[:where[0]], f"({head} with this diff:)", *delta, *lines[where[1]:]])
                       + part[len(core):])
            refs.extend(via)
        else:
            out.append(part)
        if where is not None:
            above = lines[where[0]:where[1]]
    return ("".join(out), sorted(set(refs))) if out != parts else (None, [])


_VIEW_EDGE = re.compile(r"\(\d+ more lines? (?:above|below)\)$")


def _view_at(lines: list[str]) -> tuple[int, int] | None:
    """Where a block's file view is: from its ``[File:`` line to its last numbered line or
    ``(N more lines below)`` (the words around it, such as SWE-agent's, stay as they are)."""
    start = next((i for i, line in enumerate(lines) if FILE_VIEW.match(line)), None)
    if start is None:
        return None
    end = start + 1
    for i in range(start + 1, len(lines)):
        if _LINE_NO.match(lines[i]) or _VIEW_EDGE.match(lines[i]):
            end = i + 1
    return (start, end) if end - start >= BLOCK_MIN_LINES else None


def _view_diff(view: list[str], above: list[str] | None,
               views: dict[str, list[dict[str, Any]]] | None) -> tuple[str, list[str], list[int]] | None:
    """A file view as (what it is made from, the diff, the numbers it needs), when the diff
    is shorter than the view."""
    m = FILE_VIEW.match(view[0])
    span = line_range(view) if is_numbered(view) else None
    options: list[tuple[str, list[str], list[int]]] = [("the view above", above, [])] if above else []
    base = _pick((views or {}).get(file_key(m.group(1))) or [], span) if m else None
    if base is not None:
        old, cut = window_of(base["text"].split("\n"), span)
        options.append((f"#{base['n']}" + (f" lines {cut[0]}-{cut[1]}" if cut else ""), old, [base["n"], *base["refs"]]))
    best: tuple[int, str, list[str], list[int]] | None = None
    limit = DIFF_AT_MOST * len("\n".join(view))
    for head, old, via in options:
        delta = diff(old, view)
        size = len("\n".join(delta))
        if size <= limit and (best is None or size < best[0]):
            best = (size, head if delta else f"same as {head}", delta, via)
    return best[1:] if best is not None else None


def remembered(views: list[dict[str, Any]], adapted: Adapted, text: str, number: int,
               refs: list[int]) -> list[dict[str, Any]]:
    """The key's views with this one added as the latest (at most ``VIEWS_KEPT``)."""
    lines = text.split("\n")
    view = {"n": number, "step": adapted.ids.step_id, "action": adapted.ids.action_id, "text": text,
            "span": line_range(lines) if is_numbered(lines) else None, "refs": refs}
    return [*views, view][-VIEWS_KEPT:]
