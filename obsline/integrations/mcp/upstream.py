"""Connections to the upstream MCP servers, each owned by its own task.

An upstream that crashes or hangs must not take the gateway with it: each connection lives in
a task of its own (the SDK's client task group fails there, not in the gateway's), every call
has a deadline, and a dead connection is reopened on the next call.
"""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import warnings
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import mcp_types as types
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp.shared.subscriptions import event_to_notification
from mcp_types import CONNECTION_CLOSED
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from obsline.core.errors import ErrorCode

DEFAULT_CALL_TIMEOUT = 30.0  # seconds without a result or progress
DEFAULT_MAX_CALL_SECONDS = 600.0  # however much progress arrives
CANCELLED = "CANCELLED"  # an MCP outcome, not an error code: the observation's status is cancelled
ProgressFn = Callable[[float, float | None, str | None], Awaitable[None]]
CONNECT_TIMEOUT = 30.0
PING_TIMEOUT = 5.0
_CHANGES = (types.ToolListChangedNotification, types.PromptListChangedNotification,
            types.ResourceListChangedNotification, types.ResourceUpdatedNotification)
T = TypeVar("T")
P = TypeVar("P", bound="Page")


class Page(Protocol):
    """One page of a paginated MCP list result."""

    @property
    def next_cursor(self) -> str | None: ...


async def all_pages(fetch: Callable[[str | None], Awaitable[P]], items: Callable[[P], list[T]]) -> list[T]:
    """Every item of a paginated MCP list (``cursor`` in, ``next_cursor`` out), in order."""
    out: list[T] = []
    cursor: str | None = None
    while True:
        page = await fetch(cursor)
        out.extend(items(page))
        cursor = page.next_cursor
        if not cursor:
            return out


@dataclass(frozen=True, slots=True)
class UpstreamConfig:
    name: str
    target: str  # a command line, or an http(s):// URL (streamable HTTP)
    env: dict[str, str] | None = None

    @classmethod
    def parse(cls, spec: str) -> UpstreamConfig:
        """``NAME=command args`` or ``NAME=http://host:port/mcp``."""
        name, sep, target = spec.partition("=")
        if not sep or not name.strip() or not target.strip():
            raise ValueError(f"--upstream wants NAME=COMMAND or NAME=URL, got {spec!r}")
        return cls(name.strip(), target.strip())

    @property
    def is_http(self) -> bool:
        return self.target.startswith(("http://", "https://"))

    def server(self) -> StdioServerParameters | str:
        if self.is_http:
            return self.target
        argv = shlex.split(self.target)
        return StdioServerParameters(command=argv[0], args=argv[1:], env=self.env)


class UpstreamError(Exception):
    """A call that got no result from the upstream (crash, hang, refused connection, cancel);
    ``code`` is UPSTREAM_FAILURE, TIMEOUT or CANCELLED."""

    def __init__(self, message: str, code: ErrorCode | str = ErrorCode.UPSTREAM_FAILURE) -> None:
        super().__init__(message)
        self.code = str(code)


def _reason(exc: BaseException) -> str:
    """What went wrong, in one line: the innermost causes of an ExceptionGroup, never its dump."""
    if isinstance(exc, BaseExceptionGroup):
        return "; ".join(dict.fromkeys(_reason(e) for e in exc.exceptions))
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text}"[:300] if text else type(exc).__name__


def _cancelling(task: asyncio.Task[Any] | None) -> bool:
    """Whether ``task`` itself is being cancelled (not only a future it awaited)."""
    return task is not None and task.cancelling() > 0


class _IdleClock:
    """An idle deadline that progress pushes back, under a fixed maximum (loop time)."""

    def __init__(self, idle: float, maximum: float) -> None:
        self.loop = asyncio.get_running_loop()
        self.idle, self.maximum = idle, maximum
        self.start = self.last = self.loop.time()
        self.scope: asyncio.Timeout | None = None  # the call's timeout, moved by each progress

    def deadline(self) -> float:
        return min(self.last + self.idle, self.start + self.maximum)

    def touch(self) -> None:
        self.last = self.loop.time()
        if self.scope is not None:
            self.scope.reschedule(self.deadline())

    def why(self) -> str:
        if self.loop.time() >= self.start + self.maximum:
            return f"{self.maximum:g}s (the maximum, whatever the progress)"
        return f"{self.idle:g}s without progress"


class Upstream:
    def __init__(self, config: UpstreamConfig, call_timeout: float = DEFAULT_CALL_TIMEOUT,
                 max_call_seconds: float = DEFAULT_MAX_CALL_SECONDS) -> None:
        self.config, self.call_timeout, self.max_call_seconds = config, call_timeout, max_call_seconds
        self._client: Client | None = None
        self._owner: asyncio.Task[None] | None = None
        self._stop = asyncio.Event()
        self._lock = asyncio.Lock()
        self.tools: list[types.Tool] = []
        self.on_change: Callable[[Any], Coroutine[Any, Any, None]] | None = None  # the gateway's: list changes
        self._pending: set[asyncio.Task[None]] = set()
        self._listens: dict[str, asyncio.Task[None]] = {}

    async def _message(self, message: Any) -> None:
        """Notices of change, handed to the gateway in a task of their own: the SDK calls this
        from its read loop, where a request back to the upstream (the re-list) would deadlock."""
        if self.on_change is not None and isinstance(message, _CHANGES):
            task: asyncio.Task[None] = asyncio.create_task(self.on_change(message))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)

    async def _own(self, ready: asyncio.Future[Client]) -> None:
        try:
            async with Client(self.config.server(), cache=None, message_handler=self._message) as client:
                ready.set_result(client)
                if client.protocol_version in MODERN_PROTOCOL_VERSIONS:  # 2026-07-28 delivers list changes only to a subscriptions/listen stream
                    self._watch(client, tools_list_changed=True, prompts_list_changed=True,
                                resources_list_changed=True)
                await self._stop.wait()
        except BaseException as exc:  # the upstream died: only this task ends
            if not ready.done():
                ready.set_exception(UpstreamError(f"upstream {self.config.name} unavailable: {_reason(exc)}"))
        finally:
            self._client = None
            for task in list(self._listens.values()):
                task.cancel()
            self._listens.clear()

    @property
    def modern(self) -> bool:
        return self._client is not None and self._client.protocol_version in MODERN_PROTOCOL_VERSIONS

    def _watch(self, client: Client, key: str = "lists", **filters: Any) -> None:
        """A ``subscriptions/listen`` stream whose events reach ``_message`` as notifications."""
        async def listen() -> None:
            with contextlib.suppress(Exception):  # a server without listen: changes are seen at the next list
                async with client.listen(**filters) as subscription:
                    async for event in subscription:
                        await self._message(event_to_notification(event, {}))

        self._listens[key] = asyncio.create_task(listen(), name=f"listen:{self.config.name}:{key}")

    async def subscribe(self, uri: str, on: bool) -> None:
        """Resource updates for ``uri``: ``resources/subscribe`` on a handshake-era upstream, a
        listen stream on a 2026-07-28 one (where subscribe no longer exists)."""
        client = await self.connect()
        if self.modern:
            task = self._listens.pop(f"uri:{uri}", None)
            if task is not None:
                task.cancel()
            if on:
                self._watch(client, f"uri:{uri}", resource_subscriptions=[uri])
            return
        with warnings.catch_warnings():  # deprecated for 2026-07-28 servers, handled above
            warnings.simplefilter("ignore")
            call = client.subscribe_resource(uri) if on else client.unsubscribe_resource(uri)
            await self.run("resources/subscribe", lambda _: call)

    async def connect(self) -> Client:
        async with self._lock:
            if self._client is not None and self._owner is not None and not self._owner.done():
                return self._client
            self._stop = asyncio.Event()
            ready: asyncio.Future[Client] = asyncio.get_running_loop().create_future()
            self._owner = asyncio.create_task(self._own(ready), name=f"upstream:{self.config.name}")
            try:
                self._client = await asyncio.wait_for(ready, CONNECT_TIMEOUT)
            except TimeoutError as exc:
                await self.close()
                raise UpstreamError(f"upstream {self.config.name}: no answer to the handshake in {CONNECT_TIMEOUT:.0f}s",
                                    ErrorCode.TIMEOUT) from exc
            return self._client

    @property
    def client(self) -> Client | None:
        return self._client

    async def run(self, what: str, call: Callable[[Client], Awaitable[T]]) -> T:
        """One request other than a tool call (prompts, resources), with the same error mapping."""
        client = await self.connect()
        try:
            return await asyncio.wait_for(call(client), self.call_timeout)
        except TimeoutError:
            raise UpstreamError(f"upstream {self.config.name} timed out after {self.call_timeout:g}s on {what}",
                                ErrorCode.TIMEOUT) from None
        except MCPError as exc:
            raise UpstreamError(f"upstream {self.config.name} refused {what}: {exc.message}") from None
        except Exception as exc:
            await self.close()
            raise UpstreamError(f"upstream {self.config.name} connection error: {_reason(exc)}") from None

    async def _alive(self, client: Client) -> bool:
        """Whether the upstream still answers (tools/list: ping is gone in 2026-07-28): a timed-out
        call leaves a live process alone."""
        try:
            await asyncio.wait_for(client.list_tools(), PING_TIMEOUT)
            return True
        except Exception:
            return False

    async def list_tools(self) -> list[types.Tool]:
        client = await self.connect()
        tools = await all_pages(lambda cursor: asyncio.wait_for(client.list_tools(cursor=cursor), self.call_timeout),
                                lambda page: page.tools)
        self.tools = tools
        return tools

    async def call(self, tool: str, arguments: dict[str, Any] | None, timeout: float | None = None, *,
                   on_progress: ProgressFn | None = None, max_seconds: float | None = None) -> types.CallToolResult:
        """The upstream's result, or ``UpstreamError`` (timed out, crashed, unreachable, cancelled).

        ``timeout`` is an idle limit: each progress notification of the call restarts it (and is
        relayed to ``on_progress``); ``max_seconds`` bounds the call however much progress comes.
        A call that runs out is cancelled alone (the SDK sends ``notifications/cancelled``
        upstream): the process and the neighbour calls on it keep running."""
        idle = self.call_timeout if timeout is None else timeout
        limit = self.max_call_seconds if max_seconds is None else max_seconds
        try:
            client = await self.connect()
        except UpstreamError:
            raise
        except Exception as exc:
            raise UpstreamError(f"upstream {self.config.name} unreachable: {_reason(exc)}") from None
        clock = _IdleClock(idle, limit)

        async def progressed(progress: float, total: float | None, message: str | None) -> None:
            clock.touch()
            if on_progress is not None:
                with contextlib.suppress(Exception):  # a client gone away must not fail the call
                    await on_progress(progress, total, message)

        # One timer in the caller's own task (no task and wait loop per call): when it fires the
        # SDK's call is cancelled, which sends notifications/cancelled upstream for this call
        # alone; the caller's own cancellation goes the same way and stays a CancelledError.
        scope = clock.scope = asyncio.timeout_at(clock.deadline())
        try:
            async with scope:
                return await client.call_tool(tool, arguments, progress_callback=progressed)
        except TimeoutError as exc:
            raise await self._timed_out(exc, scope, client, clock, tool) from None
        except asyncio.CancelledError:
            if _cancelling(asyncio.current_task()):  # our caller went away (the SDK cancelled the call)
                raise
            raise UpstreamError(f"upstream {self.config.name}: the call to {tool} was cancelled",
                                CANCELLED) from None
        except MCPError as exc:
            raise await self._refused(exc, tool) from None
        except Exception as exc:
            await self.close()
            raise UpstreamError(f"upstream {self.config.name} connection error: {_reason(exc)}") from None

    async def _timed_out(self, exc: TimeoutError, scope: asyncio.Timeout, client: Client, clock: _IdleClock,
                         tool: str) -> UpstreamError:
        """The error of a call that timed out: our deadline (the call was cancelled; the process
        is closed if it no longer answers), or a timeout inside the SDK (a connection error)."""
        if not scope.expired():
            await self.close()
            return UpstreamError(f"upstream {self.config.name} connection error: {_reason(exc)}")
        if not await self._alive(client):  # a dead or wedged process: reopen on the next call
            await self.close()
        return UpstreamError(f"upstream {self.config.name} timed out after {clock.why()} calling {tool}; "
                             "the call was cancelled", ErrorCode.TIMEOUT)

    async def _refused(self, exc: MCPError, tool: str) -> UpstreamError:
        """The error of a call the upstream answered with an MCP error (the connection closed:
        the process died, it is reopened on the next call)."""
        if exc.code == CONNECTION_CLOSED:
            await self.close()
            return UpstreamError(f"upstream {self.config.name} closed the connection: {exc.message}")
        code = CANCELLED if "cancel" in exc.message.lower() else ErrorCode.UPSTREAM_FAILURE
        return UpstreamError(f"upstream {self.config.name} refused {tool}: {exc.message}", code)

    async def close(self) -> None:
        self._stop.set()
        owner, self._owner = self._owner, None
        if owner is not None:
            try:
                await asyncio.wait_for(asyncio.shield(owner), 5)
            except (TimeoutError, Exception):
                owner.cancel()
                with contextlib.suppress(BaseException):
                    await owner
        self._client = None
