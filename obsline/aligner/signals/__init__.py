"""Signals for the agent loop (seeds 000, 002): what a controller needs besides the result's
own content. Pure stage logic over the task's state, run by the observe stage after the fold
(so this record's ``#N`` is known) and before rendering (so its line is in the text).

    calls.py      executed calls by normalised-argument hash: "same call as #4, same result"
    breakers.py   consecutive errors of one class, per-tool timeouts, steps, tokens; retry advice
    pending.py    pendings with a handle and a wait, completed by a later result, or past their TTL
    freshness.py  the version a result carries, versions going back, writes based on an old version
    context.py    the task's context view: superseded observations masked to one line
    audit.py      one audit record per observation (hashes and decisions, never a value)

State (JSON-native sections, one Kafka table row per key, like the fold's; every row stamped
with the record that last wrote it, so a replayed record reads what it read the first time,
see replay.py):
    {"calls": {call hash: {n, step, action, sha, ok, attempts}},
     "loop":  {"t": {"run": {class, count, tool, timeouts}, "steps": int, "tokens": int, "tripped": [kind]}},
     "pending": see pending.py, "versions": see freshness.py}
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from obsline.aligner.signals import freshness, pending
from obsline.aligner.signals.breakers import breaker_text, budget_breaker, error_run, retry_advice, retry_text
from obsline.aligner.signals.calls import args_hash, where
from obsline.aligner.signals.limits import SignalLimits, ToolLimits
from obsline.aligner.signals.replay import ActionRows, action_key, put, seen
from obsline.core.models import Adapted, Control, Status, ToolKind

STALE_AFTER_SECONDS = 60.0  # the observe stage's own "as of ... re-read" line (sinks/observe.py)

SECTIONS = ("calls", "loop", "pending", "versions")
LOOP_ROW = "t"  # the loop section's one row: {run, steps, tokens, tripped}
DEFAULT_LIMITS = SignalLimits()
_ABSENT = object()


@dataclass(slots=True)
class Signals:
    """What one record's signals add to its observation: one text line, control entries."""

    call: str  # the call's normalised-argument hash
    parts: list[str] = field(default_factory=list)  # joined into the one text line
    repeat_of: dict[str, Any] | None = None
    breaker: dict[str, Any] | None = None
    retry: dict[str, Any] | None = None
    metadata: dict[str, Any] = field(default_factory=dict)  # call, pending, completes, version, stale
    by: str = ""  # the record's key in the state (replay.action_key)
    loop: dict[str, Any] = field(default_factory=dict)  # the task's loop row, written by ``settle``

    @property
    def line(self) -> str | None:
        return "; ".join(self.parts) if self.parts else None

    @property
    def has_control(self) -> bool:
        return self.repeat_of is not None or self.breaker is not None or self.retry is not None

    @property
    def control(self) -> dict[str, Any]:
        """The Control fields to set (only those with something to say)."""
        found = {"repeat_of": self.repeat_of, "breaker": self.breaker, "retry": self.retry}
        return {k: v for k, v in found.items() if v is not None}

    def completed(self, control: Control) -> Control | None:
        """``control`` with this record's signals set in it; None when they add nothing. Built
        field by field: ``dataclasses.replace`` walks the fields in Python (~290 bytecodes, once
        a record whose signals fire; ``completed_reference`` is its plain twin)."""
        repeat_of, breaker, retry = self.repeat_of, self.breaker, self.retry
        if repeat_of is None and breaker is None and retry is None:
            return None
        c = control
        return Control(c.suspicious, c.suspicious_reasons, c.untrusted_paths, c.redactions, c.invalid_utf8, c.noise,
                       c.repeat_of if repeat_of is None else repeat_of, c.breaker if breaker is None else breaker,
                       c.retry if retry is None else retry)

    def completed_reference(self, control: Control) -> Control | None:
        """The plain twin of ``completed`` (tests/aligner/signals/test_signals_control.py)."""
        return dataclasses.replace(control, **self.control) if self.has_control else None


def sections(state: Any) -> None:
    """Add the signal sections to a state written before they existed."""
    for name in SECTIONS:
        if name not in state:
            state[name] = {}


def read_signals(adapted: Adapted, state: Any, number: int | None,
                 limits: SignalLimits = DEFAULT_LIMITS) -> Signals:
    """The signals of one record, updating the task's ``state`` (its calls and loop sections).
    ``number``: this observation's ``#N``, when it has one.

    Most records are a success with nothing around them to read: no pending open, no version
    seen in the task or carried by the result, no query time to be stale against. Those skip
    the error run, pending, freshness and staleness readings (each would find nothing) behind
    the one test below; the step and token limits are a comparison unless one is reached. Any
    other record is read by ``read_signals_reference``, this function's plain twin."""
    if (adapted.status is not Status.SUCCESS or adapted.query_ts is not None or state["versions"]
            or state["pending"].get(pending.OPEN) or freshness.may_carry_version(adapted.data)):
        return read_signals_reference(adapted, state, number, limits)
    ids = adapted.ids
    step, action, sha = ids.step_id, ids.action_id, adapted.raw_sha256
    by = f"{step}/{action}/{(sha or '')[:12]}"  # (replay.action_key, inlined: every record)
    row = state["loop"].get(LOOP_ROW)  # (replay.seen, inlined)
    if row.__class__ is dict and "by" in row:
        row = row.get("p") if row["by"] == by else row["v"]
    loop = dict(row) if row else {}  # a copy: settle writes it back
    call = args_hash(adapted.tool, adapted.args)
    found = Signals(call, [], None, None, None, {}, by, loop)  # (positional: no factories)
    if loop.get("run") is not None:  # a success ends the task's run of errors (breakers.error_run)
        loop["run"] = None
    steps = loop.get("steps")
    if steps is None or step >= steps:  # (breakers.budget_breaker's own update)
        steps = loop["steps"] = max(steps or 0, step + 1)
    calls = state["calls"]
    record = calls.get(call, _ABSENT)  # (replay.seen, inlined)
    if record is _ABSENT:  # (most records: a call not made before in the task; _remember's first write)
        calls[call] = {"v": {"n": number, "step": step, "action": action, "sha": sha, "ok": True}, "by": by}
    else:
        if record.__class__ is dict and "by" in record:
            record = record.get("p") if record["by"] == by else record["v"]
        if record is None:  # this record's own first write, read again (a replay): written as then
            put(calls, call, {"n": number, "step": step, "action": action, "sha": sha, "ok": True}, by)
        else:
            _repeat(found, adapted, record)
            _remember(calls, call, record, adapted, number, by)
    if steps > limits.max_steps or loop.get("tokens", 0) >= limits.max_tokens:  # a limit reached: said
        breaker = budget_breaker(loop, step, limits)  # (the steps are written already: it writes none)
        if breaker is not None:
            found.breaker = breaker
            if breaker["first"]:
                found.parts.append(breaker_text(breaker))
    return found


def read_signals_reference(adapted: Adapted, state: Any, number: int | None,
                           limits: SignalLimits = DEFAULT_LIMITS) -> Signals:
    """The signals of any record, every reading in turn: ``read_signals`` for the records that
    need them all, and its plain twin (tests/aligner/signals/test_signals_fast.py)."""
    ids = adapted.ids
    status = adapted.status
    by = action_key(ids.step_id, ids.action_id, adapted.raw_sha256)
    calls = state["calls"]
    row = seen(state["loop"], LOOP_ROW, by)
    loop = dict(row) if row else {}  # a copy: settle writes it back
    found = Signals(args_hash(adapted.tool, adapted.args), [], None, None, None, {}, by, loop)  # (positional: no factories)
    record = seen(calls, found.call, by)
    if record is not None:  # (most records: a call not made before in the task)
        _repeat(found, adapted, record)
    # A success, partial or pending result outside a run of errors leaves the run as it is.
    run = error_run(loop, adapted, limits) if status is Status.ERROR or loop.get("run") is not None else None
    breaker = run or budget_breaker(loop, ids.step_id, limits)
    attempt = _remember(calls, found.call, record, adapted, number, by)
    if status is Status.ERROR:
        found.retry = retry_advice(adapted, attempt, f"{ids.task_id}/{found.call}", limits)
        if found.retry is not None:
            found.parts.append(retry_text(found.retry))
    _pending_and_fresh(found, adapted, state, by, number, limits)
    if breaker is not None:
        found.breaker = breaker
        if breaker["first"] or breaker["kind"] == "consecutive_errors":  # a limit is said once, a run each time
            found.parts.append(breaker_text(breaker))
    return found


def _pending_and_fresh(found: Signals, adapted: Adapted, state: Any, by: str, number: int | None,
                      limits: SignalLimits) -> None:
    opened = state["pending"]
    if adapted.status is Status.PENDING or opened.get(pending.OPEN):  # else pending.track has nothing to do
        now = adapted.query_ts if adapted.query_ts is not None else adapted.retrieved_at
        lines, meta = pending.track(adapted, ActionRows(opened, by), number, now, limits)
        if meta:
            found.metadata.update(meta)
        found.parts.extend(lines)
    versions = state["versions"]
    # Nothing to track without a version seen before or one in this result (most records: neither).
    if versions or adapted.status is Status.SUCCESS and freshness.may_carry_version(adapted.data):
        lines, version = freshness.track(adapted, ActionRows(versions, by), number)
        if version:
            found.metadata["version"] = version
            found.parts.extend(lines)
    if adapted.query_ts is not None and adapted.retrieved_at is not None:
        age, limit = adapted.query_ts - adapted.retrieved_at, limits.stale_for(adapted.tool)
        if age >= limit:
            found.metadata["stale"] = {"age_s": round(age, 3), "limit_s": limit}
            if age < STALE_AFTER_SECONDS:  # older ones are said by the observe stage's "as of" line
                found.parts.append(f"stale: {age:.0f} s old, past this tool's {limit:g} s; re-read before acting on it")


def _repeat(found: Signals, adapted: Adapted, record: dict[str, Any]) -> None:
    """A repeat of a call that already succeeded at an earlier step (or earlier in its batch)."""
    if not record.get("ok") or adapted.status is not Status.SUCCESS:
        return
    ids = adapted.ids
    if (record["step"], record["action"]) >= (ids.step_id, ids.action_id):
        return  # the original arriving after its repeat: not a repeat (a replay reads its own rows as before)
    same = record.get("sha") == adapted.raw_sha256
    found.repeat_of = {"n": record.get("n"), "step": record["step"], "action": record["action"], "same_result": same}
    # A read is said by the fold (``unchanged since #4``, a delta) or is too small to point at:
    # its repeat is in control only. A repeated write may have done its effect twice: said.
    if adapted.kind is ToolKind.SIDE_EFFECT:
        found.parts.append(f"same call as {where(record)} (done twice)")  # short: writes answer short


def _remember(calls: Any, call: str, record: dict[str, Any] | None, adapted: Adapted, number: int | None,
              by: str) -> int:
    """Record this execution; return its attempt number among the call's consecutive errors."""
    ids = adapted.ids
    if adapted.status is Status.SUCCESS:
        later = record is not None and (record["step"], record["action"]) < (ids.step_id, ids.action_id)
        if record is None or not record.get("ok") or later and number is not None:
            put(calls, call, {"n": number if number is not None else (record or {}).get("n"),
                              "step": ids.step_id, "action": ids.action_id, "sha": adapted.raw_sha256, "ok": True}, by)
        elif record.get("attempts"):  # a success ends the call's run of errors
            put(calls, call, {**record, "attempts": 0}, by)
        return 0
    if adapted.status is not Status.ERROR:
        return 0
    attempts: int = (record or {}).get("attempts", 0) + 1
    kept = dict(record) if record else {"n": None, "step": ids.step_id, "action": ids.action_id, "ok": False}
    kept["attempts"] = attempts
    put(calls, call, kept, by)
    return attempts


def settle(state: Any, found: Signals, text_tokens: int) -> None:
    """After rendering: the tokens the model was shown count toward the task's budget, and the
    task's loop row (run, steps, tokens, limits tripped) is written, once per record."""
    loop = found.loop
    loop["tokens"] = loop.get("tokens", 0) + text_tokens
    put(state["loop"], LOOP_ROW, loop, found.by)


__all__ = ["SECTIONS", "SignalLimits", "Signals", "ToolLimits", "args_hash", "read_signals", "read_signals_reference",
           "sections", "settle"]
