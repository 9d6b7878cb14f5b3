"""The gateway's prompt and resource handlers: its own artifacts beside the upstreams' prompts,
resources and templates (``catalog.py`` routes them).

A resource read is an observation like a tool result: its text goes through the same stages
(tool ``resources/read``, a read keyed by the URI, so a second read of an unchanged resource
says so), the raw is kept as an artifact, and the text the client gets is the observation's,
with ``_meta.obsline`` as on a tool result. Two kinds pass unchanged, because a host renders
them rather than a model reading them: MCP Apps UI resources (``ui://``, ``text/html;profile=mcp-app``)
and binary (blob) contents.
"""

from __future__ import annotations

import base64
import time
from typing import Any, Protocol

import mcp_types as types
from mcp.shared.exceptions import MCPError

from obsline.adapters.contract import ToolSpec, parse_contract
from obsline.core.errors import ArtifactError
from obsline.core.models import Observation
from obsline.integrations.mcp import mapping
from obsline.integrations.mcp.artifacts import ArtifactIndex
from obsline.integrations.mcp.bounds import Kept
from obsline.integrations.mcp.catalog import Catalog
from obsline.integrations.mcp.sessions import Sessions
from obsline.integrations.mcp.tasks import ClaimRefused, TaskIds
from obsline.integrations.mcp.upstream import Upstream, UpstreamError
from obsline.stores.artifacts import ArtifactStore


class Gateway(Protocol):
    """What the proxy uses of the gateway (integrations/mcp/gateway.py), named here so that
    the gateway imports this module and not the other way round."""

    tasks: TaskIds
    index: ArtifactIndex
    store: ArtifactStore
    upstreams: list[Upstream]
    sessions: Sessions
    kept: Kept

    def _observe(self, line: bytes, started: int | None = None) -> Observation: ...


READ_RESOURCE_TOOL = "resources/read"
READ_RESOURCE_CONTRACT = {"name": READ_RESOURCE_TOOL, "kind": "read", "untrusted": True,
                          "description": "an MCP resource read through the gateway"}
APP_MIME = "text/html;profile=mcp-app"


def resource_spec() -> ToolSpec:
    return parse_contract(READ_RESOURCE_CONTRACT, f"mcp:{READ_RESOURCE_TOOL}").build()


def rendered_by_host(contents: types.TextResourceContents | types.BlobResourceContents) -> bool:
    return str(contents.uri).startswith("ui://") or (contents.mime_type or "").startswith(APP_MIME) or \
        isinstance(contents, types.BlobResourceContents)


def _refused(exc: ClaimRefused) -> MCPError:
    return MCPError(types.INVALID_PARAMS, f"{exc.code.value}: {exc}", {"error_code": exc.code.value})


def _task(gw: Gateway, ctx: Any) -> str:
    try:
        task, _ = gw.tasks.task_of(ctx)
    except ClaimRefused as exc:  # another session's task, or a bare id
        raise _refused(exc) from None
    return task


def _failure(exc: Exception) -> MCPError:
    code = getattr(exc, "code", "UPSTREAM_FAILURE")
    return MCPError(types.INTERNAL_ERROR, f"{code}: {exc}", {"error_code": str(code)})


class Proxied:
    def __init__(self, gateway: Gateway) -> None:
        self.gw = gateway
        self.catalog = Catalog(gateway.upstreams)

    # ------------------------------------------------------------------ prompts
    async def list_prompts(self, ctx: Any, params: Any) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=await self.catalog.list_prompts())

    async def get_prompt(self, ctx: Any, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        try:
            return await self.catalog.get_prompt(params.name, params.arguments)
        except KeyError:
            raise MCPError(types.INVALID_PARAMS, f"unknown prompt {params.name!r}") from None
        except UpstreamError as exc:
            raise _failure(exc) from None

    # ---------------------------------------------------------------- resources
    async def list_resources(self, ctx: Any, params: Any) -> types.ListResourcesResult:
        task = _task(self.gw, ctx)
        return types.ListResourcesResult(resources=self.gw.index.resources(task) + await self.catalog.list_resources())

    async def list_templates(self, ctx: Any, params: Any) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(resource_templates=await self.catalog.list_templates())

    async def read_resource(self, ctx: Any, params: types.ReadResourceRequestParams) -> types.ReadResourceResult:
        uri = str(params.uri)
        if uri.startswith("artifact://"):
            return self._artifact(ctx, uri)
        try:
            result = await self.catalog.read(uri)
        except KeyError:
            raise MCPError(types.INVALID_PARAMS, f"no upstream has resource {uri!r}") from None
        except UpstreamError as exc:
            raise _failure(exc) from None
        contents, meta = self._observed_contents(ctx, uri, result.contents)
        return types.ReadResourceResult(contents=contents, _meta={mapping.META_KEY: meta} if meta else None)

    def _observed_contents(self, ctx: Any, uri: str, items: list[Any]) -> tuple[
            list[types.TextResourceContents | types.BlobResourceContents], dict[str, Any]]:
        """The contents with each text the host does not render itself observed (its text the
        observation's), and the last observation's ``_meta``."""
        contents: list[types.TextResourceContents | types.BlobResourceContents] = []
        meta: dict[str, Any] = {}
        for item in items:
            if rendered_by_host(item) or not isinstance(item, types.TextResourceContents):
                contents.append(item)
                continue
            meta, text = self._observe(ctx, uri, item.text)
            contents.append(item.model_copy(update={"text": text}))
        return contents, meta

    def _observe(self, ctx: Any, uri: str, text: str) -> tuple[dict[str, Any], str]:
        try:
            ids = self.gw.tasks.next(ctx)
        except ClaimRefused as exc:
            raise _refused(exc) from None
        envelope = {"task_id": ids.task_id, "step_id": ids.step_id, "action_id": ids.action_id,
                    "tool": READ_RESOURCE_TOOL, "raw": text, "args": {"uri": uri}, "ts": time.time()}
        self.gw.kept.serving(ctx, ids)  # bounded like a tool call's (bounds.py)
        obs = self.gw._observe(mapping.encode(envelope))
        self.gw.kept.served(ids.task_id, ids.step_id)
        shown = mapping.mcp_read_hints(obs.text)
        return mapping.obsline_meta(obs, shown, ids, passed=[], hints=None), shown

    async def subscribe(self, ctx: Any, params: types.SubscribeRequestParams) -> types.EmptyResult:
        return await self._subscription(ctx, str(params.uri), True)

    async def unsubscribe(self, ctx: Any, params: types.UnsubscribeRequestParams) -> types.EmptyResult:
        return await self._subscription(ctx, str(params.uri), False)

    async def _subscription(self, ctx: Any, uri: str, on: bool) -> types.EmptyResult:
        """The upstream subscribed once for all the connections that subscribed (an update goes
        to those only, sessions.py), and unsubscribed when the last of them unsubscribes."""
        if uri.startswith("artifact://"):
            return types.EmptyResult()  # an artifact never changes
        try:
            if not self.gw.sessions.subscribe(ctx, uri, on):
                return types.EmptyResult()
        except OverflowError as exc:
            raise MCPError(types.INVALID_PARAMS, str(exc)) from None
        try:
            await self.catalog.subscribe(uri, on)
        except (KeyError, UpstreamError) as exc:
            if on:  # not subscribed after all
                self.gw.sessions.subscribe(ctx, uri, False)
            if isinstance(exc, KeyError):
                raise MCPError(types.INVALID_PARAMS, f"no upstream has resource {uri!r}") from None
            raise _failure(exc) from None
        return types.EmptyResult()

    def _artifact(self, ctx: Any, uri: str) -> types.ReadResourceResult:
        task = _task(self.gw, ctx)
        try:
            data = self.gw.store.get(uri, task_id=task)
        except ArtifactError as exc:
            raise MCPError(types.INVALID_PARAMS, f"{exc.code.value}: {exc}", {"error_code": exc.code.value}) from None
        try:
            return types.ReadResourceResult(contents=[types.TextResourceContents(
                uri=uri, mime_type="text/plain", text=data.decode("utf-8"))])
        except UnicodeDecodeError:
            return types.ReadResourceResult(contents=[types.BlobResourceContents(
                uri=uri, mime_type="application/octet-stream", blob=base64.b64encode(data).decode())])
