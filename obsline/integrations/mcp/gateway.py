"""The gateway's request handlers: tools from the upstreams, each call answered with its
observation, artifacts as a tool and as resources.

One ``Runner`` holds the stages' per-task state, exactly as in ``obsline replay``: each call
becomes one envelope line (task, step, action from ``tasks.TaskIds``) processed in-process.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import mcp_types as types
from mcp.shared.exceptions import MCPError

from obsline.contracts import load_contracts
from obsline.core.errors import ArtifactError, ErrorCode, ObslineError
from obsline.core.models import Observation, ToolKind
from obsline.integrations.contextview import STALE_WRITES, History, StaleWrite, stale_write
from obsline.integrations.mcp import mapping
from obsline.integrations.mcp.artifacts import (
    DEFAULT_LIMIT,
    READ_TOOL,
    READ_TOOL_DEF,
    ArtifactIndex,
    error_result,
    page_result,
    read_range,
)
from obsline.integrations.mcp.bounds import Kept, Limits
from obsline.integrations.mcp.context import CONTEXT_TOOL, CONTEXT_TOOL_DEF, context_result
from obsline.integrations.mcp.contracts import Hints, specs_for_tools, tool_kind, write_contracts
from obsline.integrations.mcp.delivery import UNDELIVERABLE_NOTE, Checkpoint, constrains_content, deliverable
from obsline.integrations.mcp.fleet import Fleet
from obsline.integrations.mcp.learned import Learned, learned_spec
from obsline.integrations.mcp.resources import READ_RESOURCE_TOOL, Proxied, resource_spec
from obsline.integrations.mcp.scrub import scrub_items
from obsline.integrations.mcp.secretfields import hide_in_structure
from obsline.integrations.mcp.sessions import Sessions
from obsline.integrations.mcp.structured import fit_beside_text
from obsline.integrations.mcp.tasks import ClaimRefused, TaskIds
from obsline.integrations.mcp.upstream import (
    CANCELLED,
    DEFAULT_MAX_CALL_SECONDS,
    Upstream,
    UpstreamConfig,
    UpstreamError,
)
from obsline.integrations.otel import Telemetry, emit_tool_span
from obsline.pipeline import Runner, Stages, Stores, prepare_stages
from obsline.stores.artifacts import ArtifactStore
from obsline.stores.vault import SecretVault

log = logging.getLogger("obsline.mcp")


@dataclass(frozen=True, slots=True)
class _Called:
    """What one upstream call gave: the raw for the stages, and what goes beside the text."""

    raw: Any
    error: bool
    structured: Any = None
    passthrough: list[types.ContentBlock] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Route:
    upstream: Upstream
    tool: types.Tool  # as the upstream lists it
    exposed: types.Tool  # as the gateway lists it (prefixed name)
    hints: Hints
    # What every call of the tool asks of its listing, read once when it is listed:
    writes: bool = False  # tool_kind is side_effect: a stale write is looked for before it runs
    constrained: bool = False  # its outputSchema constrains strings by content (delivery.py)

    @classmethod
    def of(cls, upstream: Upstream, tool: types.Tool, name: str) -> Route:
        return cls(upstream, tool, tool.model_copy(update={"name": name}), Hints.of(tool),
                   writes=tool_kind(tool) == "side_effect", constrained=constrains_content(tool.output_schema))


def _check_options(upstreams: list[UpstreamConfig], stale_writes: str) -> None:
    """``ValueError`` for options no gateway can serve with: no upstream, two of one name, an
    unknown stale-write policy."""
    if not upstreams:
        raise ValueError("at least one --upstream")
    names = [u.name for u in upstreams]
    if len(set(names)) != len(names):
        raise ValueError(f"upstream names must differ: {names}")
    if stale_writes not in STALE_WRITES:
        raise ValueError(f"stale_writes must be one of {STALE_WRITES}: {stale_writes!r}")


class Gateway:
    def __init__(self, upstreams: list[UpstreamConfig], artifacts: str | Path, *,
                 contracts_dirs: list[Path] | None = None, call_timeout: float = 30.0,
                 max_call_seconds: float = DEFAULT_MAX_CALL_SECONDS,
                 fleet: Fleet | None = None, template: str = "concise", process_task: str | None = None,
                 write_contracts: Path | None = None, trust_task_claims: bool = False,
                 stale_writes: str = "flag", limits: Limits | None = None) -> None:
        _check_options(upstreams, stale_writes)
        self.upstreams = [Upstream(u, call_timeout, max_call_seconds) for u in upstreams]
        self.store = ArtifactStore(artifacts)
        self.vault = SecretVault.beside(self.store.root)  # the values behind the handles the model sees
        self.contracts_dirs, self.template, self.fleet = contracts_dirs, template, fleet
        self.write_contracts = write_contracts
        self.tasks = TaskIds(process_task, key=self.store.key, trust_claims=trust_task_claims)
        self.index = ArtifactIndex()
        self.routes: dict[str, Route] = {}
        self.runner: Runner | None = None
        self.contracts: dict[str, Any] = {}
        self.yaml_specs: dict[str, Any] = {}
        self.sessions = Sessions()
        self.learned = Learned()  # kinds from the traffic, for tools that say nothing (learned.py)
        for up in self.upstreams:
            up.on_change = self.changed
        self.proxied = Proxied(self)
        self.telemetry = Telemetry.from_env()  # OBSLINE_OTEL=1: one execute_tool span per observation
        self.stale_writes, self.history = stale_writes, History()  # loop signals (integrations/contextview.py)
        self.kept = Kept(limits or Limits(), self.tasks, self.index, self.store,  # bounds.py: what is kept per task
                         self.history)
        self._own_tools: dict[str, Callable[[Any, dict[str, Any]], types.CallToolResult]] = {
            READ_TOOL: self.read_artifact, CONTEXT_TOOL: lambda ctx, _args: self.context(ctx)}

    # ---------------------------------------------------------------- lifecycle
    async def start(self) -> Gateway:
        await self._route_tools()
        if not self.routes:
            raise UpstreamError("no upstream answered tools/list: nothing to serve")
        yaml_specs = load_contracts(self.contracts_dirs) if self.contracts_dirs else load_contracts()
        self.yaml_specs = yaml_specs
        tools = {n: r.tool for n, r in self.routes.items()}
        self.contracts = specs_for_tools(tools, yaml_specs) | {READ_RESOURCE_TOOL: resource_spec()}
        if self.write_contracts is not None:
            write_contracts(self.write_contracts, tools, skip=set(yaml_specs))
        # Refs signed with the store's key: the capability the model reads them back with.
        self.runner = Runner(Stages(contracts=self.contracts, template=self.template,  # type: ignore[arg-type]
                                    artifact_key=self.store.key), stores=Stores(self.store, self.vault))
        self.kept.runner = self.runner
        prepare_stages()  # the readers' database at start, not at the first long result (~1.1 s)
        if self.fleet is not None:
            await self.fleet.start()
        return self

    async def _route_tools(self) -> None:
        """(Re)build the tool routes from every upstream's tools/list (at start, and when an
        upstream's list changed or a client names a tool not listed yet)."""
        prefix = len(self.upstreams) > 1
        routes: dict[str, Route] = {}
        for up in self.upstreams:
            for tool in await self._listed(up):
                name = f"{up.config.name}_{tool.name}" if prefix else tool.name
                if name in routes or name == READ_TOOL:
                    raise ValueError(f"two tools would be exposed as {name!r}")
                routes[name] = Route.of(up, tool, name)
                if name not in self.yaml_specs:
                    self.learned.watch(name, tool)
        self.routes = routes
        if self.runner is not None:  # the stages' contracts dict is shared: new tools get theirs in place
            tools = {n: r.tool for n, r in routes.items() if n not in self.contracts}
            self.contracts.update(specs_for_tools(tools, self.yaml_specs))

    async def _listed(self, up: Upstream) -> list[types.Tool]:
        """The upstream's tools/list; if it is down, the tools it had (one upstream down must
        not keep the others' tools away)."""
        try:
            return await up.list_tools()
        except Exception as exc:
            log.error("upstream %s unavailable, its tools are not listed: %r", up.config.name, exc)
            await up.close()
            return [r.tool for r in self.routes.values() if r.upstream is up]

    async def changed(self, notification: Any) -> None:
        """An upstream said its tools, prompts or resources changed: re-list, tell the clients."""
        if isinstance(notification, types.ToolListChangedNotification):
            await self._route_tools()
        await self.sessions.notify(notification)

    async def close(self) -> None:
        self.store.flush()
        if self.fleet is not None:
            await self.fleet.stop()
        for up in self.upstreams:
            await up.close()

    # ----------------------------------------------------------------- handlers
    async def list_tools(self, ctx: Any, params: Any) -> types.ListToolsResult:
        self.sessions.seen(ctx)
        return types.ListToolsResult(tools=[r.exposed for r in self.routes.values()] + [READ_TOOL_DEF,
                                                                                       CONTEXT_TOOL_DEF])

    async def call_tool(self, ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        own = self._own_tools.get(params.name)  # obsline's own tools: no upstream, no observation
        if own is not None:
            return own(ctx, params.arguments or {})
        route = self.routes.get(params.name)
        if route is None:  # perhaps added since: an upstream need not say so (or its notice is in flight)
            await self._route_tools()
            route = self.routes.get(params.name)
        if route is None:
            raise MCPError(types.INVALID_PARAMS, f"unknown tool {params.name!r}")
        try:
            ids = self.tasks.next(ctx)
        except ClaimRefused as exc:  # another session's task, or a bare id: nothing runs
            return error_result(exc, None)
        started = time.time_ns()
        self.sessions.seen(ctx)
        self.kept.serving(ctx, ids)
        assert self.runner is not None
        stale = stale_write(self.runner.fold_state.get(ids.task_id), params.arguments,
                            route.writes)  # before it runs: optimistic concurrency
        try:
            if stale is not None and self.stale_writes == "block":
                called = _Called({"error": {"code": ErrorCode.CONFLICT.value, "message": str(StaleWrite(stale))}}, True)
            else:
                called = await self._call_upstream(ctx, route, ids, params.arguments)
        except asyncio.CancelledError:  # the client cancelled: no answer goes out, the step is kept
            self._observe(self._line(ids, params, route, mapping.failure_raw(
                "cancelled by the client", CANCELLED, ids.action_id), True))
            raise
        return await self._answer(ctx, params, route, ids, called, stale, started)

    async def _answer(self, ctx: Any, params: types.CallToolRequestParams, route: Route, ids: Any,
                      called: _Called, stale: dict[str, Any] | None, started: int) -> types.CallToolResult:
        """The call's observation (in-process, or the fleet's), and the result the client gets."""
        line = self._line(ids, params, route, called.raw, called.error)
        assert self.runner is not None
        checkpoint = Checkpoint(self.runner, ids.task_id, called.structured is not None and route.constrained)
        obs = self._observe(line, started)
        self.kept.served(ids.task_id, ids.step_id)
        self._learn(params.name, route, ids.task_id, params.arguments, called)
        note: str | None = None
        extra: dict[str, Any] = {"source": "in-process", "task_capability": self.tasks.capability(ids.task_id)}
        if stale is not None:
            extra["stale_write"] = {**stale, "sent": self.stale_writes != "block"}
        if self.fleet is not None:
            obs, extra, note = await self._from_fleet(self.fleet, line, ids, obs, extra)
        secrets = mapping.shown_secrets(self.vault, obs)
        hidden = hide_in_structure(called.structured, route.tool.output_schema, secrets)  # #18: stays valid
        if hidden.fields:
            extra["structured_secrets"] = hidden.fields
        structured, line_note = fit_beside_text(route.tool.output_schema, obs, hidden.value, called.raw,
                                                getattr(ctx, "meta", None), extra)
        note = "; ".join(filter(None, [note, hidden.note(), line_note])) or None
        result = mapping.call_result(obs, ids, structured=structured, passthrough=called.passthrough,
                                     secrets=secrets, hints=route.hints.as_meta(),
                                     note=note, extra=extra)
        if checkpoint.needed and not deliverable(result, route.tool.output_schema):  # refused: not seen
            checkpoint.restore()
            result.meta[mapping.META_KEY]["undelivered"] = UNDELIVERABLE_NOTE  # type: ignore[index]
        return result

    @staticmethod
    async def _from_fleet(fleet: Fleet, line: bytes, ids: Any, obs: Observation,
                          extra: dict[str, Any]) -> tuple[Observation, dict[str, Any], str | None]:
        """The fleet's observation of the call, or the in-process one with a note why not."""
        from_fleet = await fleet.observe(line, ids.task_id, ids.step_id, ids.action_id)
        if from_fleet is None:
            return obs, extra, f"fleet gave no observation within {fleet.timeout:g}s; this one is in-process"
        return from_fleet, {**extra, "source": "fleet"}, None

    def _learn(self, name: str, route: Route, task: str, args: Any, called: _Called) -> None:
        """A tool that says nothing about itself is a read once its results say so (learned.py)."""
        if name not in self.learned:  # not watched: at most a write that resets what was learned
            if getattr(self.contracts.get(name), "kind", None) is ToolKind.SIDE_EFFECT:
                self.learned.wrote(task)
            return
        spec = self.learned.saw(name, task, args, called.raw, called.error,
                                lambda data: learned_spec(data, route.tool, route.hints.open_world))
        if spec is not None:
            self.contracts[name] = spec  # the stages' dict: the next call folds (or no longer does)
            reads = self.learned.reads(name)
            self.routes[name] = replace(route, hints=replace(route.hints, read_only=reads, idempotent=reads))

    async def _call_upstream(self, ctx: Any, route: Route, ids: Any, arguments: dict[str, Any] | None) -> _Called:
        async def relay(progress: float, total: float | None, message: str | None) -> None:
            await ctx.session.report_progress(progress, total, message)

        try:
            args = mapping.substitute_args(ids.task_id, arguments, self.vault)
            result = await route.upstream.call(route.tool.name, args, on_progress=relay)
        except UpstreamError as exc:
            log.warning("%s", exc)
            return _Called(mapping.failure_raw(str(exc), exc.code, ids.action_id), True)
        except ObslineError as exc:  # an unknown secret handle: the call does not go out
            return _Called({"error": {"code": exc.code.value, "message": str(exc)}}, True)
        passthrough = scrub_items(mapping.passthrough_of(result.content), ids.task_id, self.store.key, self.vault)
        for item in passthrough:  # a linked resource is read back through the gateway: route it here
            if isinstance(item, types.ResourceLink):
                self.proxied.catalog.remember(str(item.uri), route.upstream)
        return _Called(mapping.raw_of(result), result.is_error, result.structured_content, passthrough)

    @staticmethod
    def _line(ids: Any, params: types.CallToolRequestParams, route: Route, raw: Any, error: bool) -> bytes:
        return mapping.encode(mapping.envelope(ids, params.name, params.arguments, raw, error=error,
                                               upstream=route.upstream.config.name,
                                               idempotent=route.hints.idempotent))

    def _observe(self, line: bytes, started: int | None = None) -> Observation:
        assert self.runner is not None, "Gateway.start() first"
        processed = self.runner.process(line)
        if self.telemetry.enabled:
            envelope = processed.envelope
            emit_tool_span(processed.observation, arguments=envelope.args if envelope else None,
                           telemetry=self.telemetry, start_time=started, end_time=time.time_ns())
        obs = processed.observation
        if processed.rejected is not None:  # the dead letter: the raw is in the store (kept_raw) or named lost
            log.error("dead letter: %s at %s: %s; raw %s", processed.rejected.reason, processed.failed_stage,
                      "; ".join(processed.rejected.problems),
                      obs.evidence.get("artifact") or "not stored (the store refused it)")
        self.history.add(obs)
        ref = obs.evidence["artifact"]
        if processed.raw_bytes is not None and ref is not None:  # stored by the record path (pipeline.process)
            self.index.add(obs.task_id, ref, len(processed.raw_bytes))
        return obs

    def context(self, ctx: Any) -> types.CallToolResult:
        """``obsline_context``: the calling task's observations, the superseded ones masked."""
        try:
            task, _ = self.tasks.task_of(ctx)
        except ClaimRefused as exc:
            return error_result(exc, None)
        return context_result(self.history.view(task))

    def read_artifact(self, ctx: Any, args: dict[str, Any]) -> types.CallToolResult:
        ref = args.get("ref")
        try:
            task, _ = self.tasks.task_of(ctx)
            if not isinstance(ref, str):
                raise ArtifactError(ErrorCode.INVALID_ARGUMENT, "ref (an artifact:// reference) is required")
            text_args = {k: str(args[k]) for k in ("path", "lines", "items", "chars") if args.get(k)}
            page = read_range(self.store, ref, task, offset=int(args.get("offset") or 0),
                              limit=int(args.get("limit") or DEFAULT_LIMIT), **text_args)
        except (ArtifactError, ValueError) as exc:  # ValueError: offset/limit that are not numbers
            return error_result(exc if isinstance(exc, ArtifactError) else
                                ArtifactError(ErrorCode.INVALID_ARGUMENT, str(exc)), ref)
        return page_result(page)
