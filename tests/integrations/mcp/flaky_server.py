"""An MCP server (official SDK, stdio) whose process dies or hangs on request: the gateway's
crash and hang scenarios need a real process doing so, which the reference servers never do."""

from __future__ import annotations

import os

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

TOOLS = [types.Tool(name=n, input_schema={"type": "object"},
                    annotations=types.ToolAnnotations(read_only_hint=True)) for n in ("ok", "crash", "hang")]


async def list_tools(ctx, params):  # type: ignore[no-untyped-def]
    return types.ListToolsResult(tools=TOOLS)


async def call_tool(ctx, params):  # type: ignore[no-untyped-def]
    if params.name == "crash":
        os._exit(3)
    if params.name == "hang":
        await anyio.sleep(3600)
    return types.CallToolResult(content=[types.TextContent(type="text", text=f"ok from pid {os.getpid()}")])


async def main() -> None:
    server = Server("flaky", on_list_tools=list_tools, on_call_tool=call_tool)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
