"""LangChain v1 agent middleware: every tool result reaches the model as its observation.

    agent = create_agent(model, tools, middleware=[ObslineMiddleware()])  # contracts_dir=... optional

``wrap_tool_call`` (and ``awrap_tool_call``) runs the tool, then the same in-process stages as
``obsline replay`` (``obsline.pipeline.Runner``): ``ToolMessage.content`` becomes the
observation text and ``artifact`` the observation dict. Ids: the task is the LangGraph thread
(``configurable.thread_id``), else the conversation (its first message's id), so dedup and
references hold per thread; steps number the tool calls in the order the model made them
(parallel calls of one AI message in their list order); the action id is the tool call id.

Every tool call keeps exactly one result (an orphaned or missing ToolMessage breaks the
provider's next request): a tool that raises becomes an error observation; when obsline
itself fails (a stage raised), the model gets the typed error observation every path gives
for it (``MALFORMED``, ``stage_exception: <stage>: <error>``), never the raw; when its store
fails (the vault or the artifact store refuses a write), the retryable ``UPSTREAM_FAILURE``
observation (``pipeline.STORE_MESSAGE``). Either way the dead letter is kept under
``response_metadata["obsline"]["dead_letter"]`` (reason, stage, what failed) with the raw's
artifact reference, or the raw itself when no store took it. ``Command`` results (state
updates) pass through untouched.
Secrets in results become handles (``[secret:token-1]``); with a vault (given, or beside the
artifact store) a handle the model passes back in a later call reaches the tool as its value.
Put this middleware first in the list (outermost), so retries by other middleware happen
inside it and only the result the model will see becomes a step.

Loop signals (docs/signals.md): ``mask_superseded=True`` shows the model the history with each
superseded tool result masked to one line (``#4 get_order: superseded by #9``; the thread keeps
every result); a write whose version argument is older than the last one the thread observed
is flagged before it runs (``response_metadata["obsline"]["stale_write"]``), or with
``stale_writes="block"`` not run at all (a CONFLICT error observation instead).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import orjson
from langchain.agents.middleware import AgentMiddleware
from langchain.agents.middleware.types import ToolCallRequest
from langchain_core.messages import ToolMessage
from langgraph.errors import GraphBubbleUp
from langgraph.types import Command

from obsline.adapters.contract import ToolSpec, parse_contract
from obsline.adapters.envelope import Rejected
from obsline.adapters.kinds import infer_kind
from obsline.aligner.foldstate import for_reader
from obsline.core.errors import ObslineError
from obsline.core.models import Ids, Observation, Status, ToolKind
from obsline.integrations.contextview import STALE_WRITES, StaleWrite, flag_stale, mask_messages, stale_write
from obsline.integrations.described import described_kind
from obsline.integrations.langchain_messages import (
    as_dict,
    held_numbers,
    passthrough,
    sibling_call_ids,
    state_messages,
    text_of,
)
from obsline.integrations.otel import Telemetry, emit_tool_span
from obsline.pipeline import STAGE_EXCEPTION, Processed, Runner, Stages, Stores, failure_line, prepare_stages
from obsline.secrets import substitute
from obsline.stores.artifacts import ArtifactStore
from obsline.stores.objects import StoreError
from obsline.stores.vault import SecretVault

log = logging.getLogger("obsline.langchain")
Result = ToolMessage | Command[Any]
DEFAULT_MAX_TASKS = 10_000  # threads whose dedup state is kept; the least recently used go first


class ObslineMiddleware(AgentMiddleware):
    """Tool results -> observations, with per-thread dedup state held in this process."""

    def __init__(self, stages: Stages | None = None, *, contracts_dir: Path | list[Path] | None = None,
                 artifacts: ArtifactStore | None = None, vault: SecretVault | None = None,
                 telemetry: Telemetry | None = None, task_id: str | None = None,
                 max_tasks: int = DEFAULT_MAX_TASKS, mask_superseded: bool = False,
                 stale_writes: str = "flag") -> None:
        super().__init__()
        if stale_writes not in STALE_WRITES:
            raise ValueError(f"stale_writes must be one of {STALE_WRITES}: {stale_writes!r}")
        self.mask_superseded, self.stale_writes = mask_superseded, stale_writes
        stages = stages or Stages.default(contracts_dir=contracts_dir,
                                          artifact_key=artifacts.key if artifacts else None)
        # A contract of our own for each tool whose docstring takes "read" from its name
        # (``integrations/described.py``): kept in a copy, so the caller's Stages stay theirs.
        self._contracts: dict[str, ToolSpec] = dict(stages.contracts)
        self.stages = replace(stages, contracts=self._contracts)
        self._described: set[str] = set()
        self.artifacts = artifacts
        # Hidden secrets become handles in the text; with a vault, a handle the model passes
        # back is swapped for its value just before the tool runs (obsline.secrets).
        self.vault = vault if vault is not None else SecretVault.beside(artifacts.root) if artifacts else None
        self.telemetry = telemetry if telemetry is not None else Telemetry.from_env()
        self.task_id = task_id  # a fixed task for every call (one agent, one task)
        self.max_tasks = max_tasks
        prepare_stages()  # the readers' database at construction, not at the first long result (~1.1 s)
        self.runner = Runner(self.stages, stores=Stores(self.artifacts, self.vault))
        self._steps: OrderedDict[str, _Steps] = OrderedDict()
        self._lock = threading.Lock()  # parallel tool calls: state and step order are per task

    def wrap_model_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        return handler(self._view(request))

    async def awrap_model_call(self, request: Any, handler: Callable[[Any], Awaitable[Any]]) -> Any:
        return await handler(self._view(request))

    def _view(self, request: Any) -> Any:
        """The model request with superseded tool results masked (``mask_superseded``)."""
        if not self.mask_superseded:
            return request
        messages = mask_messages(request.messages)
        return request if messages is None else request.override(messages=messages)

    def wrap_tool_call(self, request: ToolCallRequest, handler: Callable[[ToolCallRequest], Result]) -> Result:
        started = time.time_ns()
        stale = self._stale(request)
        if stale is not None and self.stale_writes == "block":
            return self._raised(request, StaleWrite(stale), started)
        try:
            result = handler(self._with_secrets(request))
        except GraphBubbleUp:  # interrupts and other graph control flow are not tool errors
            raise
        except Exception as exc:
            return flag_stale(self._raised(request, exc, started), stale)
        return flag_stale(self._observed(request, result, started), stale)

    async def awrap_tool_call(self, request: ToolCallRequest,
                              handler: Callable[[ToolCallRequest], Awaitable[Result]]) -> Result:
        started = time.time_ns()
        stale = self._stale(request)
        if stale is not None and self.stale_writes == "block":
            return self._raised(request, StaleWrite(stale), started)
        try:
            result = await handler(self._with_secrets(request))
        except GraphBubbleUp:
            raise
        except Exception as exc:
            return flag_stale(self._raised(request, exc, started), stale)
        return flag_stale(self._observed(request, result, started), stale)

    def _stale(self, request: ToolCallRequest) -> dict[str, Any] | None:
        """Before the call runs: a version argument older than the last one the thread saw."""
        name = request.tool_call["name"]
        spec = self._contracts.get(name)
        write = (spec.kind if spec is not None else infer_kind(name, None)) is ToolKind.SIDE_EFFECT
        with self._lock:
            return stale_write(self.runner.fold_state.get(self._task_of(request)), request.tool_call.get("args"), write)

    def _with_secrets(self, request: ToolCallRequest) -> ToolCallRequest:
        """The request with the task's secret handles in its arguments replaced by their values
        (an unknown handle raises: the call becomes a NOT_FOUND error observation). The
        observation and spans keep the arguments as the model wrote them."""
        args = request.tool_call.get("args")
        if self.vault is None or not args or b"[secret:" not in orjson.dumps(args, default=str):
            return request
        values = substitute(self._task_of(request), args, vault=self.vault)
        return request.override(tool_call={**request.tool_call, "args": values})

    # -- results

    def _observed(self, request: ToolCallRequest, result: Result, started: int) -> Result:
        if not isinstance(result, ToolMessage):
            return result
        raw = text_of(result.content)
        if raw is None:
            return passthrough(result, "non-text content passes through unchanged")
        return self._message(request, result, raw, result.status == "error", started)

    def _message(self, request: ToolCallRequest, result: ToolMessage, raw: Any, error: bool,
                 started: int) -> ToolMessage:
        """``result`` with the observation of ``raw`` as its content and artifact."""
        observation, letter = self._observe(request, raw, error, started)
        update: dict[str, Any] = {"content": observation.text, "artifact": as_dict(observation),
                                  "status": "error" if observation.status is Status.ERROR else "success"}
        note: dict[str, Any] = {}
        if result.artifact is not None:  # the tool's own artifact stays beside the observation
            note["tool_artifact"] = result.artifact
        if letter is not None:
            note["dead_letter"] = letter
        if note:
            update["response_metadata"] = {**result.response_metadata,
                                           "obsline": {**result.response_metadata.get("obsline", {}), **note}}
        return result.model_copy(update=update)

    def _raised(self, request: ToolCallRequest, exc: Exception, started: int) -> ToolMessage:
        call = request.tool_call
        raw: dict[str, Any] = {"error": {"type": type(exc).__name__, "message": str(exc)}}
        if isinstance(exc, ObslineError):  # ours (an unknown secret handle): its code is known
            raw["error"]["code"] = exc.code.value
        failed = ToolMessage(content=f"Error: {type(exc).__name__}: {exc}", tool_call_id=call["id"] or "",
                             name=call["name"], status="error")
        return self._message(request, failed, raw, True, started)

    # -- the stages

    def _observe(self, request: ToolCallRequest, raw: Any, error: bool,
                 started: int) -> tuple[Observation, dict[str, Any] | None]:
        """The observation, and the dead letter of a record the stages did not observe: its
        typed error observation is what the model gets (never the raw), and the raw stays in
        the artifact store (``evidence.artifact``) or, when none took it, in the letter."""
        try:
            processed = self._process(request, raw, error)
        except Exception as exc:  # obsline's own glue failed (not a stage: process() catches those)
            processed = self._failed(request, raw, exc)
        observation = processed.observation
        if self.telemetry.enabled:
            emit_tool_span(observation, arguments=processed.envelope.args if processed.envelope else None,
                           telemetry=self.telemetry, start_time=started, end_time=time.time_ns())
        return observation, _dead_letter(processed, raw)

    def _process(self, request: ToolCallRequest, raw: Any, error: bool) -> Processed:
        call = request.tool_call
        args = call.get("args") if isinstance(call.get("args"), dict) else None
        task = self._task_of(request)
        with self._lock:
            self._describe(request)
            step = self._step_of(task, request)
            envelope = _envelope(task, step, call, raw, args, error)
            steps, siblings = self._steps[task], sibling_call_ids(request.state, call.get("id"))
            self._hold_branch(task, request.state, steps, siblings)
            processed = self.runner.process(encode(envelope))
            if processed.rejected is None:
                steps.remember(call.get("id"), processed.observation, siblings)
            self._flush(processed)
        return processed

    def _flush(self, processed: Processed) -> None:
        """Stored by the record path, flushed so other readers see it. A store that refuses the
        flush keeps what it staged (the next flush writes it): the observation stands, and the
        stages' state already holds it."""
        if self.artifacts is None or processed.observation.evidence.get("artifact") is None:
            return
        try:
            self.artifacts.flush()
        except StoreError as exc:
            log.error("obsline: the artifact store did not take a flush (kept staged): %r", exc)

    def _failed(self, request: ToolCallRequest, raw: Any, exc: Exception) -> Processed:
        """The typed error observation of a record obsline's glue failed on (no stage ran)."""
        call = request.tool_call
        ids = Ids(self._task_of(request), -1, call.get("id") or "unknown")
        rejected = Rejected(STAGE_EXCEPTION, [failure_line("middleware", exc)], ids, call.get("name"),
                            raw.encode("utf-8", "surrogateescape") if isinstance(raw, str) else b"")
        return Processed(self.stages.rejected(rejected, ids.action_id), None, None, rejected,
                         failed_stage="middleware")

    def _hold_branch(self, task: str, state: Any, steps: _Steps, siblings: list[str]) -> None:
        """Resumed or forked from an earlier checkpoint: refer only to what this branch holds
        (its messages, and the results of this AI message's other calls, which it gets too)."""
        held = held_numbers(state) | {n for c, n in steps.numbered.items() if c in siblings}
        if (restricted := for_reader(self.runner.fold_state.get(task), held)) is not None:
            self.runner.fold_state[task] = restricted

    def _describe(self, request: ToolCallRequest) -> None:
        """Without a contract a tool's kind comes from its name; its docstring may only take
        ``read`` away (a ``get_`` tool that says it deletes never folds)."""
        name = request.tool_call["name"]
        if name in self._described or name in self._contracts:
            return
        self._described.add(name)
        description = getattr(request.tool, "description", None)
        if infer_kind(name, None) is ToolKind.READ and described_kind(name, description) is not ToolKind.READ:
            self._contracts[name] = parse_contract({"name": name, "kind": "side_effect"}, f"langchain:{name}").build()

    def _task_of(self, request: ToolCallRequest) -> str:
        if self.task_id:
            return self.task_id
        config = getattr(request.runtime, "config", None) or {}
        thread = (config.get("configurable") or {}).get("thread_id")
        if thread:
            return str(thread)
        messages = state_messages(request.state)
        first = messages[0].id if messages and getattr(messages[0], "id", None) else None
        return f"conversation-{first}" if first else "langchain"

    def _step_of(self, task: str, request: ToolCallRequest) -> int:
        steps = self._steps.get(task)
        if steps is None:
            steps = self._new_steps(task)
        self._steps.move_to_end(task)
        call_id = request.tool_call.get("id")
        if call_id and call_id in steps.pending:
            return steps.pending.pop(call_id)
        siblings = sibling_call_ids(request.state, call_id)
        if call_id not in siblings:
            return steps.take()
        return steps.take_for(siblings, call_id)

    def _new_steps(self, task: str) -> _Steps:
        """A new thread's step counter; the least recently used thread forgotten past ``max_tasks``."""
        steps = self._steps[task] = _Steps()
        while len(self._steps) > self.max_tasks:
            old, _ = self._steps.popitem(last=False)
            self.runner.align_state.pop(old, None)
            self.runner.fold_state.pop(old, None)
        return steps


class _Steps:
    """One task's step counter and the steps reserved for calls still running."""

    __slots__ = ("next", "numbered", "pending")

    def __init__(self) -> None:
        self.next = 0
        self.pending: dict[str, int] = {}
        self.numbered: dict[str, int] = {}  # call id -> observation number, for the AI message's calls

    def take(self) -> int:
        self.next += 1
        return self.next - 1

    def take_for(self, siblings: list[str], call_id: str | None) -> int:
        """Number the whole AI message's calls now, in its order, whichever finishes first:
        ``call_id``'s step, the others' reserved."""
        mine: int | None = None
        for sibling in siblings:
            step = self.take()
            if sibling == call_id and mine is None:
                mine = step
            else:
                self.pending[sibling] = step
        return mine if mine is not None else self.take()

    def remember(self, call_id: str | None, observation: Observation, siblings: list[str]) -> None:
        """Keep the numbers of this AI message's calls only, with this call's own."""
        self.numbered = {c: n for c, n in self.numbered.items() if c in siblings}
        if observation.dedup.number is not None and call_id:
            self.numbered[call_id] = observation.dedup.number


def _dead_letter(processed: Processed, raw: Any) -> dict[str, Any] | None:
    """What the stages could not observe, for ``response_metadata["obsline"]["dead_letter"]``
    (the thread keeps it; the model is not shown it): the reason, the stage and what failed, and
    the raw's artifact reference, or the raw itself when no store took it."""
    rejected = processed.rejected
    if rejected is None:
        return None
    ref = processed.observation.evidence.get("artifact")
    letter: dict[str, Any] = {"reason": rejected.reason, "stage": processed.failed_stage, "problems": rejected.problems}
    if ref is not None:
        letter["artifact"] = ref
    else:
        letter["raw"] = raw
    return letter


def encode(envelope: dict[str, Any]) -> bytes:
    """The envelope as one JSON line; orjson refuses integers past 64 bits (in the arguments):
    the standard encoder takes them."""
    try:
        return orjson.dumps(envelope, default=str)
    except TypeError:
        return json.dumps(envelope, ensure_ascii=False, default=str).encode("utf-8", "surrogateescape")


def _envelope(task: str, step: int, call: Any, raw: Any, args: dict[str, Any] | None, error: bool) -> dict[str, Any]:
    return {"task_id": task, "step_id": step, "action_id": call.get("id") or f"step-{step}",
            "tool": call["name"], "raw": raw, "args": args, "ts": time.time(), "error": True if error else None}


__all__ = ["ObslineMiddleware"]
