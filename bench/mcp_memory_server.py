"""An MCP server on the official SDK whose one read-only tool answers every call with a result
of its own: ``python -m bench.mcp_memory_server``. The memory bench's upstream (bench/mcp_memory.py):
distinct results are what a gateway that remembers them would grow on."""

from __future__ import annotations

import json

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

TOOL = types.Tool(name="lookup", description="Looks up one order by id.", input_schema={
    "type": "object", "properties": {"id": {"type": "integer"}}},
    annotations=types.ToolAnnotations(read_only_hint=True, idempotent_hint=True))


def order(n: int) -> dict:
    """A record with a field set of its own per call: ids, amounts and lines all differ."""
    return {"order_id": f"#W{n:07d}", "status": ("pending", "shipped", "delivered")[n % 3],
            "total": round(n * 1.37 % 997, 2), "email": f"user{n}@example.com",
            "items": [{"sku": f"{n}-{i}", "qty": (n + i) % 5 + 1, "price": (n * 7 + i) % 300}
                      for i in range(4)],
            "note": f"order {n} " + "abcdefgh" * (n % 16)}


async def list_tools(ctx, params):  # type: ignore[no-untyped-def]
    return types.ListToolsResult(tools=[TOOL])


async def call_tool(ctx, params):  # type: ignore[no-untyped-def]
    n = int((params.arguments or {}).get("id", 0))
    return types.CallToolResult(content=[types.TextContent(type="text", text=json.dumps(order(n)))])


async def main() -> None:
    server = Server("orders", on_list_tools=list_tools, on_call_tool=call_tool)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
