"""The task's context view by supersession (seed 003): which observation superseded which,
and the history a model should read with the superseded ones masked to one line.

An observation A is superseded by a later B of the same task when B shows A's subject again in
full (a re-read of the same entity or the same call: file, record, query; or a write whose
result shows the entity as it now is), or B completed A (a pending's result). Never
superseded: writes and time series (each is its own event), a result
a still-visible observation points at (``unchanged since #A``, ``same as #A``), and anything
B shows only in part (a fold, a cut, an error). Unlike clearing the *oldest* tool results past a
token trigger (Anthropic's context editing, LangChain's ContextEditingMiddleware), this masks
only what is no longer current, so nothing still true is lost.

Pure: a function of the task's observations in order (``obsline context TASK`` and the
LangChain middleware call it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from obsline.core.models import DedupKind, Observation, Status

_WHOLE = frozenset({DedupKind.NEW, DedupKind.NEVER})
_EVENTS = frozenset({"side_effect", "time_series"})


@dataclass(frozen=True, slots=True)
class Entry:
    observation: Observation
    superseded_by: int | None  # the index (in the task's list) of the observation that superseded it
    text: str  # the text the model reads: the observation's, or its one mask line


def name(obs: Observation) -> str:
    return f"#{obs.dedup.number}" if obs.dedup.number is not None else f"step {obs.step_id}"


def _subject(obs: Observation) -> str | None:
    """What a result shows: its entity (whatever tool read or wrote it), else its call."""
    m = obs.metadata
    if obs.status is not Status.SUCCESS:
        return None
    entity = m.get("entity_id")
    return f"entity\x1f{entity}" if entity else f"{obs.tool}\x1f{m.get('call')}" if m.get("call") else None


def _whole(obs: Observation) -> bool:
    return (obs.dedup.kind in _WHOLE and not obs.metadata.get("truncated") and obs.status is Status.SUCCESS
            and "back" not in (obs.metadata.get("version") or {}))


def supersession(observations: Sequence[Observation]) -> list[int | None]:
    """For each observation, the index of the one that superseded it (None: still current)."""
    by: list[int | None] = [None] * len(observations)
    latest: dict[str, int] = {}
    index_of: dict[tuple[Any, Any], int] = {(o.step_id, o.action_id): i for i, o in enumerate(observations)}
    for i, obs in enumerate(observations):
        _completes(obs, i, index_of, by)
        subject = _subject(obs)
        if subject is not None:
            _supersede(obs, i, subject, latest, by)
    _keep_what_is_pointed_at(observations, by)
    return by


def _completes(obs: Observation, i: int, index_of: dict[tuple[Any, Any], int], by: list[int | None]) -> None:
    """A result that completes an earlier pending supersedes it."""
    done = obs.metadata.get("completes")
    if done:
        j = index_of.get((done.get("step"), done.get("action")))
        if j is not None and j < i:
            by[j] = i


def _supersede(obs: Observation, i: int, subject: str, latest: dict[str, int], by: list[int | None]) -> None:
    """Observation ``i`` of ``subject``: what it supersedes, and whether it is now the subject's latest."""
    j = latest.get(subject)
    whole = _whole(obs)
    if j is not None and whole and by[j] is None:
        by[j] = i  # a write's full result supersedes the reads before it; it is never superseded itself
    event = obs.metadata.get("kind") in _EVENTS
    if not event and (whole or j is None):
        latest[subject] = i
    elif event and whole:
        latest.pop(subject, None)


def _keep_what_is_pointed_at(observations: Sequence[Observation], by: list[int | None]) -> None:
    """An observation a visible one points at stays visible (repeated until nothing changes:
    unmasking one may make what it points at needed too)."""
    number_at = {o.dedup.number: i for i, o in enumerate(observations) if o.dedup.number is not None}
    changed = True
    while changed:
        changed = False
        for obs, sup in zip(observations, by, strict=True):
            if sup is not None:
                continue
            for n in _points_at(obs):
                j = number_at.get(n)
                if j is not None and by[j] is not None:
                    by[j] = None
                    changed = True


def _points_at(obs: Observation) -> list[int]:
    refs = list(obs.dedup.refs)
    repeat = obs.control.repeat_of
    if repeat and repeat.get("n") is not None:
        refs.append(repeat["n"])
    return refs


def context_view(observations: Sequence[Observation], upto: int | None = None) -> list[Entry]:
    """The history as read at observation ``upto`` (default: after the last): superseded ones
    masked to ``#4 superseded by #9``."""
    seen = list(observations if upto is None else observations[: upto + 1])
    by = supersession(seen)
    entries = []
    for obs, sup in zip(seen, by, strict=True):
        text = obs.text if sup is None else f"{name(obs)} {obs.tool}: superseded by {name(seen[sup])}"
        entries.append(Entry(obs, sup, text))
    return entries


def context_of_task(observations: Sequence[Observation], task_id: str) -> list[Entry]:
    return context_view([o for o in observations if o.task_id == task_id])


def as_dict(entry: Entry) -> dict[str, Any]:
    o = entry.observation
    return {"step_id": o.step_id, "action_id": o.action_id, "tool": o.tool, "number": o.dedup.number,
            "superseded_by": None if entry.superseded_by is None else name_at(entry), "text": entry.text}


def name_at(entry: Entry) -> str:
    return entry.text.rsplit("superseded by ", 1)[-1]
