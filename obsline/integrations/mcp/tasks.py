"""Which task an MCP call belongs to, and its step and action ids.

The task is, in order of preference:
  1. the id the client passes in the request's ``_meta`` under ``obsline/task``;
  2. the MCP session: the streamable-HTTP ``Mcp-Session-Id`` of a handshake-era connection;
  3. on stdio, the gateway process (one client per process: the client launched it);
  4. otherwise (a 2026-07-28 stateless HTTP request, no session exists by design) a task of
     its own for this one call: nothing is shared with any other client, at the price of no
     dedup; the result's ``_meta`` says to pass ``obsline/task`` for that.
Steps count the task's calls in arrival order (as ``obsline replay`` counts lines); the action
id is the JSON-RPC request id, made unique within the task by the step when a client reuses ids.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

TASK_META_KEY = "obsline/task"


@dataclass(frozen=True, slots=True)
class CallIds:
    task_id: str
    step_id: int
    action_id: str
    scope: str  # meta | session | process | call: where the task id came from


def _session_id(ctx: Any) -> str | None:
    # The SDK keeps the connection on the per-request session; its session_id is the
    # Mcp-Session-Id header's value (None on stdio and stateless HTTP).
    connection = getattr(getattr(ctx, "session", None), "_connection", None)
    sid = getattr(connection, "session_id", None)
    return sid if isinstance(sid, str) and sid else None


class TaskIds:
    def __init__(self, process_task: str | None = None) -> None:
        self.process_task = process_task or f"mcp/{uuid.uuid4().hex[:12]}"
        self._steps: defaultdict[str, int] = defaultdict(int)
        self._actions: defaultdict[str, set[str]] = defaultdict(set)

    def task_of(self, ctx: Any) -> tuple[str, str]:
        meta = getattr(ctx, "meta", None) or {}
        given = meta.get(TASK_META_KEY) if isinstance(meta, dict) else None
        if isinstance(given, str) and given.strip():
            return given.strip(), "meta"
        sid = _session_id(ctx)
        if sid:
            return f"mcp/{sid}", "session"
        if getattr(ctx, "request", None) is None:
            return self.process_task, "process"
        return f"mcp/call-{uuid.uuid4().hex[:12]}", "call"

    def next(self, ctx: Any) -> CallIds:
        task, scope = self.task_of(ctx)
        step = self._steps[task]
        self._steps[task] = step + 1
        rpc = getattr(ctx, "request_id", None)
        action = f"rpc-{rpc}" if rpc is not None else f"call-{step}"
        seen = self._actions[task]
        if action in seen:
            action = f"{action}@{step}"
        seen.add(action)
        return CallIds(task, step, action, scope)
