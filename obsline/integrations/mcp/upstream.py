"""Connections to the upstream MCP servers, each owned by its own task.

An upstream that crashes or hangs must not take the gateway with it: each connection lives in
a task of its own (the SDK's client task group fails there, not in the gateway's), every call
has a deadline, and a dead connection is reopened on the next call.
"""

from __future__ import annotations

import asyncio
import contextlib
import shlex
from dataclasses import dataclass
from typing import Any

import mcp_types as types
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp_types import CONNECTION_CLOSED

DEFAULT_CALL_TIMEOUT = 30.0
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
    """A call that got no result from the upstream (crash, hang, refused connection)."""


class Upstream:
    def __init__(self, config: UpstreamConfig, call_timeout: float = DEFAULT_CALL_TIMEOUT) -> None:
        self.config, self.call_timeout = config, call_timeout
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
                ready.set_exception(UpstreamError(f"{self.config.name}: {exc!r}"))
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
                raise UpstreamError(f"{self.config.name}: no answer to the handshake in {CONNECT_TIMEOUT:.0f}s") from exc
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

    async def call(self, tool: str, arguments: dict[str, Any] | None,
                   timeout: float | None = None) -> types.CallToolResult:
        """The upstream's result, or ``UpstreamError`` (timed out, crashed, unreachable)."""
        limit = self.call_timeout if timeout is None else timeout
        try:
            client = await self.connect()
            return await asyncio.wait_for(client.call_tool(tool, arguments), limit)
        except TimeoutError:
            await self.close()  # a hung upstream is restarted rather than left holding the call
            raise UpstreamError(f"upstream {self.config.name} timed out after {limit:g}s calling {tool}") from None
        except UpstreamError:
            raise
        except MCPError as exc:
            if exc.code == CONNECTION_CLOSED:  # the process died: reopen on the next call
                await self.close()
                raise UpstreamError(f"upstream {self.config.name} connection error: {exc.message}") from exc
            raise UpstreamError(f"upstream {self.config.name} refused {tool}: {exc.message}") from exc
        except Exception as exc:
            await self.close()
            raise UpstreamError(f"upstream {self.config.name} connection error: {exc!r}") from exc

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
