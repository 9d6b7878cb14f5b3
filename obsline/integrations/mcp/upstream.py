"""Connections to the upstream MCP servers, each owned by its own task.

An upstream that crashes or hangs must not take the gateway with it: each connection lives in
a task of its own (the SDK's client task group fails there, not in the gateway's), every call
has a deadline, and a dead connection is reopened on the next call.
"""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import mcp_types as types
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp_types import CONNECTION_CLOSED

from obsline.core.errors import ErrorCode

DEFAULT_CALL_TIMEOUT = 30.0  # seconds without a result or progress
DEFAULT_MAX_CALL_SECONDS = 600.0  # however much progress arrives
CANCELLED = "CANCELLED"  # an MCP outcome, not an error code: the observation's status is cancelled
ProgressFn = Callable[[float, float | None, str | None], Awaitable[None]]
CONNECT_TIMEOUT = 30.0


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


class _IdleClock:
    """An idle deadline that progress pushes back, under a fixed maximum."""

    def __init__(self, idle: float, maximum: float) -> None:
        self.idle, self.maximum = idle, maximum
        self.start = self.last = time.monotonic()

    def touch(self) -> None:
        self.last = time.monotonic()

    def remaining(self) -> float:
        now = time.monotonic()
        return min(self.last + self.idle, self.start + self.maximum) - now

    def why(self) -> str:
        if time.monotonic() >= self.start + self.maximum:
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

    async def _own(self, ready: asyncio.Future[Client]) -> None:
        try:
            async with Client(self.config.server(), cache=None) as client:
                ready.set_result(client)
                await self._stop.wait()
        except BaseException as exc:  # the upstream died: only this task ends
            if not ready.done():
                ready.set_exception(UpstreamError(f"upstream {self.config.name} unavailable: {_reason(exc)}"))
        finally:
            self._client = None

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

    async def list_tools(self) -> list[types.Tool]:
        client = await self.connect()
        tools: list[types.Tool] = []
        cursor: str | None = None
        while True:
            page = await asyncio.wait_for(client.list_tools(cursor=cursor), self.call_timeout)
            tools.extend(page.tools)
            cursor = page.next_cursor
            if not cursor:
                break
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

        call = asyncio.ensure_future(client.call_tool(tool, arguments, progress_callback=progressed))
        try:
            while not call.done():
                wait = clock.remaining()
                if wait <= 0:
                    break
                await asyncio.wait({call}, timeout=wait)
        except asyncio.CancelledError:  # our own caller went away: cancel the upstream call too
            call.cancel()
            raise
        if not call.done():
            call.cancel()
            with contextlib.suppress(BaseException):
                await call
            raise UpstreamError(f"upstream {self.config.name} timed out after {clock.why()} calling {tool}; "
                                "the call was cancelled", ErrorCode.TIMEOUT)
        try:
            return call.result()
        except asyncio.CancelledError:
            raise UpstreamError(f"upstream {self.config.name}: the call to {tool} was cancelled",
                                CANCELLED) from None
        except MCPError as exc:
            if exc.code == CONNECTION_CLOSED:  # the process died: reopen on the next call
                await self.close()
                raise UpstreamError(f"upstream {self.config.name} closed the connection: {exc.message}") from None
            code = CANCELLED if "cancel" in exc.message.lower() else ErrorCode.UPSTREAM_FAILURE
            raise UpstreamError(f"upstream {self.config.name} refused {tool}: {exc.message}", code) from None
        except Exception as exc:
            await self.close()
            raise UpstreamError(f"upstream {self.config.name} connection error: {_reason(exc)}") from None

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
