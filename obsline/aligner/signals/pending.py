"""Pending results that resolve (seed 000): a ``pending`` carries its polling handle and a
suggested wait; a later result that names the handle (as an argument or a field: a job id, a
task id, the handle itself) completes it, and its observation says which pending it completes
and after how long. A pending never resolved is reported once its TTL passes, and by
``unresolved`` when the task ends. Pure: ``now`` is the record's own time.

State section ``pending``: {handle: {n, step, action, tool, at, polls, reported}, "$open": [handle, ...]}
"""

from __future__ import annotations

from typing import Any

from obsline.aligner.signals.limits import SignalLimits
from obsline.aligner.signals.replay import Latest
from obsline.core.models import Adapted, Status

OPEN = "$open"  # the open handles, one row: looked at only while the task has some
MAX_OPEN = 64  # a task polling more jobs at once is not tracked further (bounded state)


def _name(p: dict[str, Any]) -> str:
    return f"#{p['n']}" if p.get("n") is not None else f"step {p['step']}"


def track(adapted: Adapted, pending: Any, number: int | None, now: float | None,
          limits: SignalLimits) -> tuple[list[str], dict[str, Any] | None]:
    """This record's pending lines and metadata (``pending``, ``completes`` or ``expired``)."""
    handle = adapted.details.get("handle") if adapted.status is Status.PENDING else None
    opened = pending.get(OPEN) or []
    if handle is not None:
        return _poll(adapted, pending, opened, str(handle), number, now, limits)
    if not opened:
        return [], None
    lines: list[str] = []
    meta: dict[str, Any] = {}
    done = _completed(adapted, opened)
    if done is not None and adapted.status is not Status.PENDING:
        opened = _complete(pending, opened, done, now, lines, meta)
    expired = _expired(pending, opened, now, limits.pending_ttl_s)
    if expired:
        _say_expired(expired, lines, meta)
    return lines, meta or None


def _say_expired(expired: list[tuple[str, dict[str, Any]]], lines: list[str], meta: dict[str, Any]) -> None:
    lines.append("unresolved past the TTL: " + ", ".join(f"pending {_name(p)} {h}" for h, p in expired))
    meta["expired"] = [h for h, _ in expired]


def _complete(pending: Any, opened: list[str], done: str, now: float | None, lines: list[str],
              meta: dict[str, Any]) -> list[str]:
    """The pending ``done`` resolved by this result: its line and ``completes``; the handles still open."""
    p = pending.get(done) or {}
    after = f", after {now - p['at']:.0f} s" if now is not None and p.get("at") is not None else ""
    lines.append(f"result of pending {_name(p)}, job {done}{after}")
    meta["completes"] = {"handle": done, "n": p.get("n"), "step": p.get("step"), "action": p.get("action"),
                         "after_s": None if not after else round(now - p["at"], 3)}
    pending[OPEN] = still = [h for h in opened if h != done]
    return still


def _poll(adapted: Adapted, pending: Any, opened: list[str], handle: str, number: int | None,
          now: float | None, limits: SignalLimits) -> tuple[list[str], dict[str, Any]]:
    p = pending.get(handle)
    if p is None or handle not in opened:
        if len(opened) >= MAX_OPEN:
            return [], {"pending": {"handle": handle, "tracked": False}}
        p = {"n": number, "step": adapted.ids.step_id, "action": adapted.ids.action_id, "tool": adapted.tool,
             "at": now, "polls": 0}
        pending[OPEN] = sorted([*opened, handle])
    p = {**p, "polls": p["polls"] + 1}
    pending[handle] = p
    server = adapted.details.get("retry_after_ms")
    wait = server if server is not None else min(limits.backoff_cap_ms, limits.backoff_base_ms * 2 ** p["polls"])
    meta = {"pending": {"handle": handle, "wait_ms": wait, "polls": p["polls"]}}
    if p["polls"] == 1:
        return [f"poll {handle} again in {wait / 1000:g} s"], meta
    so_far = f", {now - p['at']:.0f} s so far" if now is not None and p.get("at") is not None else ""
    return [f"still pending since {_name(p)}{so_far} (poll {p['polls']}); poll again in {wait / 1000:g} s"], meta


def _completed(adapted: Adapted, opened: list[str]) -> str | None:
    """The open handle this result names: in its arguments or its top-level fields."""
    wanted = set(opened)
    for source in (adapted.args, adapted.data):
        if isinstance(source, dict):
            for value in source.values():
                if isinstance(value, str | int) and not isinstance(value, bool) and str(value) in wanted:
                    return str(value)
    return None


def _expired(pending: Any, opened: list[str], now: float | None, ttl: float) -> list[tuple[str, dict[str, Any]]]:
    if now is None:
        return []
    found = []
    for h in opened:
        p = pending.get(h)
        if p and p.get("at") is not None and not p.get("reported") and now - p["at"] > ttl:
            pending[h] = {**p, "reported": True}
            found.append((h, p))
    return found


def unresolved(pending: Any) -> list[dict[str, Any]]:
    """The task's pendings that never resolved (call when the task ends)."""
    pending = Latest(pending)
    return [{"handle": h, **(pending.get(h) or {})} for h in pending.get(OPEN) or []]
