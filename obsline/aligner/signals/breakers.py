"""Breakers and retry advice (seed 002): the same error class again and again stops the loop;
only transient errors (timeouts, rate limits, a failing upstream) are worth retrying, and then
with exponential backoff and jitter.

The error class is the stable ``ErrorCode``, never the message: two NOT_FOUND errors worded
differently are the same class. Any success ends a run; a pending result neither ends nor
extends it. Pure: the jitter is drawn from the call's identity, so the same records give the
same advice in-process and on Kafka.
"""

from __future__ import annotations

import hashlib
from typing import Any

from obsline.aligner.signals.limits import SignalLimits
from obsline.core.errors import ErrorCode
from obsline.core.models import Adapted, Status

TRANSIENT = frozenset({ErrorCode.TIMEOUT, ErrorCode.RATE_LIMITED, ErrorCode.UPSTREAM_FAILURE})


def error_run(loop: Any, adapted: Adapted, limits: SignalLimits) -> dict[str, Any] | None:
    """Update the task's run of consecutive errors; the breaker this record trips or keeps
    tripped, if any: {kind, class, count, limit, first}."""
    run = loop.get("run")
    if adapted.status is Status.SUCCESS or adapted.status is Status.PARTIAL:
        if run is not None:
            loop["run"] = None
        return None
    if adapted.status is not Status.ERROR or adapted.error is None:
        return None
    code = adapted.error.code.value
    count, timeouts = _run_after(run, code, adapted.tool, adapted.error.code is ErrorCode.TIMEOUT)
    loop["run"] = {"class": code, "count": count, "tool": adapted.tool, "timeouts": timeouts}
    tool_limit = limits.timeouts_for(adapted.tool)
    if timeouts >= tool_limit:
        return {"kind": "tool_timeouts", "class": code, "tool": adapted.tool, "count": timeouts,
                "limit": tool_limit, "first": timeouts == tool_limit}
    if count >= limits.max_consecutive_errors:
        return {"kind": "consecutive_errors", "class": code, "count": count,
                "limit": limits.max_consecutive_errors, "first": count == limits.max_consecutive_errors}
    return None


def _run_after(run: dict[str, Any] | None, code: str, tool: str, timeout: bool) -> tuple[int, int]:
    """The run's error count and the tool's timeouts in a row once this error of class ``code`` joins it."""
    same = bool(run) and run is not None and run["class"] == code
    count = run["count"] + 1 if same and run is not None else 1
    timeouts = run.get("timeouts", 0) if same and run is not None and run.get("tool") == tool else 0
    return count, timeouts + 1 if timeout else 0


def budget_breaker(loop: Any, step: int, limits: SignalLimits) -> dict[str, Any] | None:
    """The step and token limits of the whole task. Steps are the highest step seen plus one,
    so results arriving out of order count the same."""
    steps = loop.get("steps")
    if steps is None or step >= steps:  # (most records: a step seen already, nothing to write)
        steps = loop["steps"] = max(steps or 0, step + 1)
    if steps > limits.max_steps:
        return {"kind": "max_steps", "count": steps, "limit": limits.max_steps, "first": _once(loop, "max_steps")}
    tokens = loop.get("tokens", 0)
    if tokens >= limits.max_tokens:
        return {"kind": "token_budget", "count": tokens, "limit": limits.max_tokens,
                "first": _once(loop, "token_budget")}
    return None


def _once(loop: Any, kind: str) -> bool:
    """True the first time this task trips ``kind`` (for the trip counter)."""
    tripped = loop.get("tripped") or []
    if kind in tripped:
        return False
    loop["tripped"] = [*tripped, kind]
    return True


def retry_advice(adapted: Adapted, attempt: int, call: str, limits: SignalLimits) -> dict[str, Any] | None:
    """For a transient error: wait before retry ``attempt`` (1, 2, ...): the exponential
    backoff (capped, never below the server's retry-after) with "equal jitter", half fixed and
    half drawn; None once retries are exhausted or for an error that retrying will not fix."""
    e = adapted.error
    if e is None or not e.retryable or e.code not in TRANSIENT:
        return None
    if attempt > limits.max_retries:
        return {"attempt": attempt, "retry": False, "limit": limits.max_retries}
    backoff = min(limits.backoff_cap_ms, limits.backoff_base_ms * 2 ** (attempt - 1))
    backoff = max(backoff, e.retry_after_ms or 0)
    draw = int.from_bytes(hashlib.blake2b(f"{call}/{attempt}".encode(), digest_size=4).digest()) / 2**32
    wait = backoff // 2 + int(draw * (backoff - backoff // 2))
    return {"attempt": attempt, "retry": True, "wait_ms": max(wait, e.retry_after_ms or 0), "backoff_ms": backoff}


def breaker_text(b: dict[str, Any]) -> str:
    kind = b["kind"]
    if kind == "consecutive_errors":
        return (f"breaker: {b['count']} {b['class']} errors in a row (limit {b['limit']}); stop repeating, "
                "change the arguments or the plan")
    if kind == "tool_timeouts":
        return f"breaker: {b['tool']} timed out {b['count']} times in a row (limit {b['limit']}); stop calling it"
    if kind == "max_steps":
        return f"breaker: step {b['count']} past the task's limit of {b['limit']} steps; finish or stop"
    return f"breaker: {b['count']:,} tokens read, past the task's budget of {b['limit']:,}; finish or stop"


def retry_text(r: dict[str, Any]) -> str:
    if not r["retry"]:
        return f"retries exhausted ({r['attempt'] - 1} of {r['limit']}); do not retry unchanged"
    return f"retry {r['attempt']}: wait {r['wait_ms'] / 1000:.1f} s (backoff {r['backoff_ms'] / 1000:g} s, jittered)"
