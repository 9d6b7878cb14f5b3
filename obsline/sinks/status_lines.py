"""The header line of a result that is neither a plain success nor an error: partial,
pending, cancelled, uncertain (what the protocol read, and what is known)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from obsline.core.models import Status


def wait_text(ms: int) -> str:
    """``20000`` -> ``20s``, ``1500`` -> ``1.5s``, ``250`` -> ``250ms``."""
    if ms < 1000:
        return f"{ms}ms"
    return f"{ms // 1000}s" if ms % 1000 == 0 else f"{ms / 1000:g}s"


def status_line(status: Status, details: dict[str, Any]) -> str:
    line = _LINES.get(status)
    return line(details) if line is not None else status.value


def _partial(details: dict[str, Any]) -> str:
    failed = details.get("failed") or []
    count = details.get("failed_count", len(failed))
    good = details.get("succeeded")
    head = f"partial: {good} succeeded, {count} failed" if good is not None else f"partial: {count} failed"
    return head + (": " + "; ".join(failed) if failed else "")


def _pending(details: dict[str, Any]) -> str:
    parts = [f"{k}={details[k]}" for k in ("handle", "poll_url") if details.get(k)]
    wait = details.get("retry_after_ms")
    if wait is not None:
        parts.append(f"retry_after={wait_text(wait)}")
    return "pending: " + ("poll " + " ".join(parts) if parts else "not done yet")


def _cancelled(details: dict[str, Any]) -> str:
    handle = details.get("handle")
    return "cancelled" + (f": handle={handle}" if handle else "")


def _uncertain(details: dict[str, Any]) -> str:
    if "cut_off" not in details:
        return f"uncertain: the result says it is incomplete ({details.get('incomplete', 'unknown')})"
    line = f"uncertain: the result is cut off ({details['cut_off']})"
    if details.get("known"):
        line += f"; complete: {details['known']}"
    if details.get("incomplete"):
        line += f"; incomplete: {details['incomplete']}"
    return line


_LINES: dict[Status, Callable[[dict[str, Any]], str]] = {
    Status.PARTIAL: _partial, Status.PENDING: _pending, Status.CANCELLED: _cancelled, Status.UNCERTAIN: _uncertain,
}
