"""An MCP test server on the official SDK (lowlevel ``Server``) with versioned documents and a
job that finishes later: what the loop signals need (a write based on an old version, a pending
resolved by a later call, a document read again in full).

    python -m tests.integrations.mcp.versioned_server   # stdio
"""

from __future__ import annotations

import json

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server

DOCS = {"D1": {"id": "D1", "version": 5, "title": "Quarterly plan", "owner": "ana",
               "body": " ".join(f"paragraph {i} of the quarterly plan." for i in range(30))}}
WRITES: list[dict] = []  # the writes that reached the server


def _tool(name: str, description: str, read_only: bool) -> types.Tool:
    return types.Tool(name=name, description=description, input_schema={"type": "object"},
                      annotations=types.ToolAnnotations(read_only_hint=read_only, destructive_hint=not read_only))


TOOLS = [_tool("get_doc", "Read a document by id", True),
         _tool("update_doc", "Change a document's title if it is still at expected_version", False),
         _tool("writes", "How many writes reached the server", True),
         _tool("start_export", "Start an export job", False),
         _tool("export_status", "The status and rows of an export job", True)]


async def list_tools(ctx, params):  # type: ignore[no-untyped-def]
    return types.ListToolsResult(tools=TOOLS)


def _json(value: object, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=json.dumps(value))], is_error=error)


async def call_tool(ctx, params):  # type: ignore[no-untyped-def]
    args, name = params.arguments or {}, params.name
    if name == "get_doc":
        return _json(DOCS[args["id"]])
    if name == "update_doc":
        WRITES.append(args)
        doc = DOCS[args["id"]]
        doc.update(title=args.get("title", doc["title"]), version=doc["version"] + 1)
        return _json({"id": doc["id"], "version": doc["version"], "title": doc["title"]})
    if name == "writes":
        return _json({"writes": len(WRITES)})
    if name == "start_export":
        return _json({"job_id": "J-17", "status": "running"})
    if name == "export_status":
        return _json({"job_id": args["job_id"], "status": "done", "rows": [{"id": i} for i in range(3)]})
    raise ValueError(f"unknown tool {name}")


async def main() -> None:
    server = Server("versioned", on_list_tools=list_tools, on_call_tool=call_tool)
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
