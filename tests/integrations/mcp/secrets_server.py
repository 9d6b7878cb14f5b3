"""An MCP server (official SDK, stdio) whose results carry secrets where the reference servers
put none: in an embedded resource (text and blob) and in a structured field that the tool's
outputSchema constrains with a pattern. The token is fixed, or OBSLINE_TEST_TOKEN."""

from __future__ import annotations

import base64
import os

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

TOKEN = os.environ.get("OBSLINE_TEST_TOKEN", "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8")
PATTERN = "^ghp_[A-Za-z0-9]{36}$"
READ_ONLY = types.ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)
TOOLS = [
    types.Tool(name="attach_config", input_schema={"type": "object"}, annotations=READ_ONLY),
    types.Tool(name="whoami", input_schema={"type": "object"}, annotations=READ_ONLY, output_schema={
        "type": "object",
        "properties": {"user": {"type": "string"}, "token": {"type": "string", "pattern": PATTERN},
                       "backup_token": {"type": "string", "pattern": PATTERN},
                       "tokens": {"type": "array", "items": {"type": "string", "pattern": PATTERN}}},
        "required": ["user", "token"]}),
    # a pattern no masked form meets (the last character a non-zero digit): the handle must stay
    types.Tool(name="strict_whoami", input_schema={"type": "object"}, annotations=READ_ONLY, output_schema={
        "type": "object", "properties": {"token": {"type": "string", "pattern": "^ghp_[A-Za-z0-9]{35}[1-9]$"}},
        "required": ["token"]}),
    types.Tool(name="use_token", input_schema={"type": "object", "properties": {"token": {"type": "string"}}},
               annotations=READ_ONLY),
]


async def list_tools(ctx, params):  # type: ignore[no-untyped-def]
    return types.ListToolsResult(tools=TOOLS)


def _attach() -> types.CallToolResult:
    env = f"GITHUB_TOKEN={TOKEN}\nREGION=eu-west-1\n"
    return types.CallToolResult(content=[
        types.TextContent(type="text", text="the deploy config is attached"),
        types.EmbeddedResource(type="resource", resource=types.TextResourceContents(
            uri="file:///srv/deploy.env", mime_type="text/plain", text=env)),
        types.EmbeddedResource(type="resource", resource=types.BlobResourceContents(
            uri="file:///srv/deploy.env.bak", mime_type="text/plain", blob=base64.b64encode(env.encode()).decode())),
    ])


async def call_tool(ctx, params):  # type: ignore[no-untyped-def]
    if params.name == "attach_config":
        return _attach()
    if params.name == "strict_whoami":
        return types.CallToolResult(content=[types.TextContent(type="text", text=f"token {TOKEN}")],
                                    structured_content={"token": TOKEN})
    if params.name == "use_token":
        ok = (params.arguments or {}).get("token") == TOKEN
        return types.CallToolResult(content=[types.TextContent(type="text", text="token accepted" if ok else
                                                               "token refused")], is_error=not ok)
    data = {"user": "ann", "token": TOKEN, "backup_token": TOKEN, "tokens": [TOKEN]}
    return types.CallToolResult(content=[types.TextContent(type="text", text=f"user ann token {TOKEN}")],
                                structured_content=data)


async def main() -> None:
    server = Server("secrets", on_list_tools=list_tools, on_call_tool=call_tool)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
