"""An MCP proxy on the same SDK and upstream connection as the gateway, with no pipeline:
``python -m bench.mcp_passthrough COMMAND ARGS``. The bench's floor for one more stdio hop."""

from __future__ import annotations

import sys

import anyio
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from obsline.integrations.mcp.upstream import Upstream, UpstreamConfig


async def main(command: str) -> None:
    upstream = Upstream(UpstreamConfig("up", command))
    tools = await upstream.list_tools()

    async def list_tools(ctx, params):  # type: ignore[no-untyped-def]
        import mcp_types as types

        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx, params):  # type: ignore[no-untyped-def]
        return await upstream.call(params.name, params.arguments)

    server = Server("passthrough", on_list_tools=list_tools, on_call_tool=call_tool)
    try:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())
    finally:
        await upstream.close()


if __name__ == "__main__":
    anyio.run(main, " ".join(sys.argv[1:]), backend="asyncio")
