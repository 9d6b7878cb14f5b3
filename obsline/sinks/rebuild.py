"""Rebuild the exact text of a result from its observation and the observations it names
(issue 17 item 3): the proof that the text folds lose nothing.

What comes back is the text the fold compared: the raw text of a text result (as obsline
holds it: line ends as read, secrets already replaced), the rendered body of a JSON one.
Every text fold is undone from what the model was shown:

| the observation shows | rebuilt from |
|---|---|
| ``unchanged since #N`` / ``same text as #N`` / ``... (#N): same text`` | #N rebuilt (the window ``lines a-b`` of it) |
| ``changed since #N (diff):`` / ``differs from #N by this diff:`` + a diff | #N rebuilt, patched |
| ``[37 lines same as #3 from line 5]`` | lines 5-41 of #3's text as shown |
| ``(#3 lines a-b with this diff:)`` / ``(the view above with this diff:)`` | that view, patched |
| ``(the line above N more times)`` | the line, repeated |
| a legend ``§1=part`` and marks ``§1`` in the lines | the parts put back (aligner.textcommon) |
| ``Status Bar: ditto`` | the value of the nearest ``Status Bar: ...`` line in the task's earlier observations (aligner.textkeys) |

``metadata.head_lines`` says how many header lines come before the fold line or the body,
``metadata.text_fold`` which steps made the body (runs, views, lines), so a raw that happens
to hold a marker-like line is never misread. A part cut by the display budget was never
shown: it is read back from the raw store (``raw``: a function of the observation that
returns its whole raw text, e.g. through ``ArtifactStore``), or ``NotRebuildable`` is raised.
A ditto names no number: it is read from the task's observations before it (``task``: the
task's observations in order, as the model was shown them).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from obsline.aligner.linerefs import expand_lines, shown_lines
from obsline.aligner.textcommon import expand
from obsline.aligner.textdiff import NUMBERED_MARK, patch, unfold_runs
from obsline.aligner.textfold import _view_at, window_of
from obsline.aligner.textkeys import keep_shown, put_back
from obsline.core.models import Observation
from obsline.sinks.render import FENCE_CLOSE, FENCE_OPEN

RawReader = Callable[[Observation], str]


class NotRebuildable(ValueError):
    """The observation (or one it names) cannot give its text back from what is held."""


_BASE = r"#(\d+)(?: lines (\d+)-(\d+))?"
_SAME = re.compile(rf"(?:unchanged since|same text as) {_BASE}")
_CHANGED = re.compile(rf"changed since {_BASE} \(diff\):")
_DIFFERS = re.compile(r"differs from #(\d+) by this diff:")
_OLDER = re.compile(r"result of step -?\d+, older than step -?\d+ \(#(\d+)\)(: same text|; not a change, #\d+ is newer:)")
_VIEW_HEAD = re.compile(r"\((?:same as )?(?:the view above|#(\d+)(?: lines (\d+)-(\d+))?)(?: with this diff:)?\)")


def rebuild(obs: Observation, held: Mapping[int, Observation], raw: RawReader | None = None,
            task: Sequence[Observation] = ()) -> str:
    """The text of ``obs``'s result, from ``obs`` and the observations of its task that it
    names (``held``: number -> observation; ``task``: all of them in order, for dittos)."""
    return _Rebuilder(held, raw, task).text(obs)


class _Rebuilder:
    def __init__(self, held: Mapping[int, Observation], raw: RawReader | None,
                 task: Sequence[Observation]) -> None:
        self.held, self.raw, self.task = held, raw, task
        self.done: dict[int, str] = {}  # number -> rebuilt text

    def keys_before(self, obs: Observation) -> dict[str, str]:
        """The value each key was last shown with before ``obs`` (what its dittos name)."""
        keys: dict[str, str] = {}
        for earlier in self.task:
            if earlier is obs or (earlier.step_id, earlier.action_id) == (obs.step_id, obs.action_id):
                return keys
            keep_shown(keys, earlier.text, dittoed(earlier))
        raise NotRebuildable("its dittos name lines of the task's earlier observations: pass the task")

    def number(self, n: int) -> str:
        if n not in self.done:
            obs = self.held.get(n)
            if obs is None:
                raise NotRebuildable(f"#{n} is not held")
            self.done[n] = self.text(obs)
        return self.done[n]

    def shown(self, n: int) -> list[str]:
        obs = self.held.get(n)
        if obs is None:
            raise NotRebuildable(f"#{n} is not held")
        return shown_lines(n, obs.text)

    def text(self, obs: Observation) -> str:
        meta = obs.metadata or {}
        if meta.get("cut"):
            if self.raw is None:
                raise NotRebuildable("cut by the display budget: the cut part is read from the raw store")
            return self.raw(obs).replace("\r\n", "\n")
        lines = obs.text.split("\n")
        if obs.dedup.number is not None:
            lines[0] = lines[0][len(f"#{obs.dedup.number}"):].removeprefix(" ")
        lines = lines[int(meta.get("head_lines", 0)):]
        if not lines:
            return ""
        head = lines[0]
        if m := _SAME.fullmatch(head):
            return self._window(int(m.group(1)), m.group(2), m.group(3))
        if m := _CHANGED.fullmatch(head):
            old = self._window(int(m.group(1)), m.group(2), m.group(3)).split("\n")
            return "\n".join(patch(old, _unfenced(lines[1:])))
        if m := _DIFFERS.fullmatch(head):
            return "\n".join(patch(self.number(int(m.group(1))).split("\n"), _unfenced(lines[1:])))
        if m := _OLDER.fullmatch(head):
            if m.group(2) == ": same text":
                return self.number(int(m.group(1)))
            lines = lines[1:]
        return self._body(_unfenced(lines), meta.get("text_fold") or [], obs)

    def _window(self, n: int, first: str | None, last: str | None) -> str:
        text = self.number(n)
        if first is None:
            return text
        return "\n".join(window_of(text.split("\n"), (int(first), int(last or first)))[0])

    def _body(self, lines: list[str], steps: list[str], obs: Observation) -> str:
        """Undo the steps that made a body shown in full, last first."""
        for step in reversed(steps):
            if step == "lines":
                lines = expand_lines(lines, self.shown)
            elif step == "views":
                lines = self._views(lines)
            elif step == "runs":
                lines = unfold_runs(lines)
            elif step == "common":
                lines = expand(lines)
            elif step == "keys":
                try:
                    lines = put_back(lines, self.keys_before(obs))
                except KeyError as exc:
                    raise NotRebuildable(str(exc)) from None
        return "\n".join(lines)

    def _views(self, lines: list[str]) -> list[str]:
        """File views shown as diffs (textfold.refer_blocks), patched back: against a view
        shown before (``#3 lines a-b``) or the file view of the paragraph above."""
        out: list[str] = []
        above: list[str] | None = None
        start = 0  # where the current paragraph begins in ``out``
        i = 0
        while i < len(lines):
            m = _VIEW_HEAD.fullmatch(lines[i])
            if m is None:
                if not lines[i].strip():  # a paragraph ends: its file view is the view above the next
                    at = _view_at(out[start:])
                    above, start = (out[start + at[0]:start + at[1]] if at else above), len(out) + 1
                out.append(lines[i])
                i += 1
                continue
            if m.group(1):
                old = self._window(int(m.group(1)), m.group(2), m.group(3)).split("\n")
            elif above is not None:
                old = above
            else:
                raise NotRebuildable("a view diff of the view above, with no view above")
            j = _diff_end(lines, i + 1)
            above = patch(old, lines[i + 1:j])
            out.extend(above)
            i = j
        return out


def _diff_end(lines: list[str], j: int) -> int:
    """The line after a diff that starts at ``j`` (hunk headers carry the old lines' count)."""
    j += lines[j:j + 1] == [NUMBERED_MARK]
    while j < len(lines) and lines[j].startswith("@@"):
        m = re.match(r"@@ -\d+(?:,(\d+))?", lines[j])
        end = j + 1 + int((m.group(1) if m else None) or 1)
        j += 1
        while j < end and j < len(lines) and lines[j].startswith("-"):  # old lines, when shown
            j += 1
        while j < len(lines) and lines[j].startswith("+"):
            j += 1
    return j


def _unfenced(lines: list[str]) -> list[str]:
    if len(lines) >= 2 and lines[0] == FENCE_OPEN and lines[-1] == FENCE_CLOSE:
        return lines[1:-1]
    return lines


def dittoed(obs: Observation) -> bool:
    """The observation's ``: ditto`` lines are the fold's (aligner.textkeys), not the tool's."""
    return "keys" in ((obs.metadata or {}).get("text_fold") or ())


def held_by_number(observations: list[Observation] | list[Any]) -> dict[int, Observation]:
    """A task's observations by their numbers (the ones that have one)."""
    return {o.dedup.number: o for o in observations if o.dedup.number is not None}
