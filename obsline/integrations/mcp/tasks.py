"""Which task an MCP call belongs to, and its step and action ids.

The task is, in order of preference:
  1. a task *capability* the client passes in the request's ``_meta`` under ``obsline/task``:
     ``<task>#<sig>``, the HMAC of the task under the gateway's key. The gateway hands it out in
     every result's ``_meta.obsline.task_capability``, and the operator mints one for a task
     id of their own (``obsline mcp task-token``). A bare task id, or one signed for another
     task, is refused (PERMISSION_DENIED): a claim of another session's task read its
     artifacts and had its secrets sent upstream. ``--trust-task-claims`` accepts bare ids too,
     for a gateway whose every client is trusted.
  2. the MCP session: a handshake-era streamable-HTTP connection gets a random task id of its
     own on its first call (``mcp/s-<random>``): never derived from, nor showing, its
     ``Mcp-Session-Id``, which travels in headers and logs;
  3. on stdio, the gateway process (one client per process: the client launched it);
  4. a 2026-07-28 stateless HTTP request from an authenticated client: a task per principal
     (the bearer token's client id), ``mcp/p-<keyed hash>``, stable across gateway restarts;
  5. otherwise (stateless and anonymous: no session exists by design) a task of its own for
     this one call; the result's capability lets the client continue it.
Steps count the task's calls in arrival order (as ``obsline replay`` counts lines); the action
id is the JSON-RPC request id, made unique within the task by the step when a client reuses ids.
A task's counter is kept while the gateway keeps the task (bounds.py); a task served again after
it was forgotten (its capability used after its session closed, a principal's task after a
restart, one evicted by the LRU) counts from 0 again, as its state starts empty again, and its
action ids carry a tag of that incarnation (``rpc-1~<8 hex>``), so no artifact reference repeats
one of an earlier incarnation.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import uuid
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from obsline.core.errors import ArtifactError, ErrorCode

TASK_META_KEY = "obsline/task"
MAX_SESSIONS = 10_000  # session -> task entries kept (oldest first out; a closed session's goes at once)
MAX_STEP_COUNTERS = 10_000  # tasks whose step counter is kept (a forgotten task's next refs carry a new tag)
MAX_RECENT_ACTIONS = 2_048  # per task: the rpc ids seen lately, to tell a reused id (bounds.Limits.window < this)
_DOMAIN = b"obsline-task-capability-v1\n"
_PRINCIPAL = b"obsline-task-principal-v1\n"


class ClaimRefused(ArtifactError):
    """A ``_meta`` task claim without a capability this gateway issued for that task."""


@dataclass(frozen=True, slots=True)
class CallIds:
    task_id: str
    step_id: int
    action_id: str
    scope: str  # meta | session | process | principal | call: where the task id came from


def _session_id(ctx: Any) -> str | None:
    # The SDK keeps the connection on the per-request session; its session_id is the
    # Mcp-Session-Id header's value (None on stdio and stateless HTTP).
    connection = getattr(getattr(ctx, "session", None), "_connection", None)
    sid = getattr(connection, "session_id", None)
    return sid if isinstance(sid, str) and sid else None


def _principal() -> str | None:
    """The authenticated client of this request (the SDK's bearer middleware sets it)."""
    from mcp.server.auth.middleware.auth_context import get_access_token

    token = get_access_token()
    return token.client_id if token is not None else None


class TaskIds:
    def __init__(self, process_task: str | None = None, key: bytes = b"", trust_claims: bool = False) -> None:
        self.process_task = process_task or f"mcp/{uuid.uuid4().hex[:12]}"
        self.key = key or uuid.uuid4().bytes  # no store key: capabilities valid for this process only
        self.trust_claims = trust_claims
        self._sessions: OrderedDict[str, str] = OrderedDict()
        self._steps: OrderedDict[str, int] = OrderedDict({self.process_task: 0})  # task -> its next step
        self._tags: dict[str, str] = {}  # task -> the tag of its incarnation, when it was served before
        self._actions: dict[str, dict[str, None]] = {}  # task -> its recent action ids, oldest first
        self._sid_of: dict[str, str] = {}  # session task -> its session id
        self._capabilities: dict[str, str] = {}  # task -> its capability (an HMAC: one per task, not per call)

    def _mac(self, domain: bytes, text: str) -> str:
        digest = hmac.new(self.key, domain + text.encode("utf-8", "surrogatepass"), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:16]).rstrip(b"=").decode()

    def capability(self, task_id: str) -> str:
        """What a client passes as ``_meta["obsline/task"]`` to be served as ``task_id``."""
        known = self._capabilities.get(task_id)
        if known is None:
            if len(self._capabilities) >= MAX_STEP_COUNTERS:  # as many as the tasks counted
                self._capabilities.clear()
            known = self._capabilities[task_id] = f"{task_id}#{self._mac(_DOMAIN, task_id)}"
        return known

    def _claimed(self, claim: str) -> str:
        task, sep, _ = claim.rpartition("#")
        if sep and task and hmac.compare_digest(claim.encode("utf-8", "surrogatepass"),  # bytes: any text compares
                                                self.capability(task).encode("utf-8", "surrogatepass")):
            return task
        if self.trust_claims:
            return claim
        raise ClaimRefused(ErrorCode.PERMISSION_DENIED,
                           "obsline/task must be a task capability this gateway issued (a result's "
                           "_meta.obsline.task_capability, or `obsline mcp task-token`), not a task id")

    def _session_task(self, sid: str) -> str:
        task = self._sessions.get(sid)
        if task is None:
            task = self._sessions[sid] = f"mcp/s-{uuid.uuid4().hex[:16]}"
            self._sid_of[task] = sid
            self._steps[task] = 0  # a new task: no earlier refs to keep apart from
            if len(self._sessions) > MAX_SESSIONS:
                _, old = self._sessions.popitem(last=False)
                self._sid_of.pop(old, None)
        return task

    def forget(self, task: str, *, session_closed: bool = False) -> None:
        """Drop what is kept of ``task`` (if it is served again, ``next`` tags its new action ids);
        with ``session_closed``, its session's entry too."""
        self._actions.pop(task, None)
        self._steps.pop(task, None)
        self._tags.pop(task, None)
        self._capabilities.pop(task, None)
        if session_closed:
            sid = self._sid_of.pop(task, None)
            if sid is not None:
                self._sessions.pop(sid, None)

    def task_of(self, ctx: Any) -> tuple[str, str]:
        """(task, scope) of a request; raises ClaimRefused for a claim it may not make."""
        meta = getattr(ctx, "meta", None) or {}
        given = meta.get(TASK_META_KEY) if isinstance(meta, dict) else None
        if isinstance(given, str) and given.strip():
            return self._claimed(given.strip()), "meta"
        sid = _session_id(ctx)
        if sid:
            return self._session_task(sid), "session"
        if getattr(ctx, "request", None) is None:
            return self.process_task, "process"
        principal = _principal()
        if principal is not None:
            return f"mcp/p-{self._mac(_PRINCIPAL, principal)[:16]}", "principal"
        return f"mcp/call-{uuid.uuid4().hex[:12]}", "call"

    def next(self, ctx: Any) -> CallIds:
        task, scope = self.task_of(ctx)
        step = self._steps.pop(task, None)
        if step is None:  # no counter kept: the task was served before (forgotten since), or a
            step = 0      # claimed or per-call task new here; a stateless call's task is new
            if scope != "call":
                self._tags[task] = uuid.uuid4().hex[:8]
        self._steps[task] = step + 1  # most recently used last
        if len(self._steps) > MAX_STEP_COUNTERS:
            old, _ = self._steps.popitem(last=False)
            self._tags.pop(old, None)
            self._actions.pop(old, None)
        rpc = getattr(ctx, "request_id", None)
        action = f"rpc-{rpc}" if rpc is not None else f"call-{step}"
        tag = self._tags.get(task)
        if tag is not None:
            action = f"{action}~{tag}"
        seen = self._actions.setdefault(task, {})
        if action in seen:
            action = f"{action}@{step}"
        seen[action] = None
        if len(seen) > MAX_RECENT_ACTIONS:
            del seen[next(iter(seen))]
        return CallIds(task, step, action, scope)
