"""An MCP test server on the official SDK (lowlevel ``Server``) for what the reference servers
never do: a 5 MB structured result with an outputSchema, progress over a long call, a call
that hangs beside a healthy one, in-memory state that a restart would lose, prompts,
resources (with a template, subscriptions and an MCP Apps ``ui://`` page) and list changes.

    python -m tests.integrations.mcp.feature_server            # stdio
    python -m tests.integrations.mcp.feature_server --http PORT
"""

from __future__ import annotations

import os
import sys

import anyio
import mcp_types as types
from mcp.server.lowlevel import NotificationOptions, Server
from mcp.server.subscriptions import InMemorySubscriptionBus, ListenHandler
from mcp.shared.subscriptions import ResourceUpdated, ToolsListChanged

ROW_SCHEMA = {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"},
                                                "body": {"type": "string"}}, "required": ["id", "name", "body"]}
REPORT_SCHEMA = {"type": "object", "properties": {"title": {"type": "string"}, "count": {"type": "integer"},
                                                  "rows": {"type": "array", "items": ROW_SCHEMA},
                                                  "log": {"type": "string"}},
                 "required": ["title", "count", "rows"]}
UI_URI = "ui://report/view.html"
UI_MIME = "text/html;profile=mcp-app"


def _tool(name: str, description: str, read_only: bool = True, **extra: object) -> types.Tool:
    return types.Tool(name=name, description=description, input_schema={"type": "object"},
                      annotations=types.ToolAnnotations(read_only_hint=read_only), **extra)  # type: ignore[arg-type]


TOOLS = [
    _tool("report", "A large report: 5 MB of rows", output_schema=REPORT_SCHEMA,
          _meta={"ui": {"resourceUri": UI_URI}}),
    _tool("loose_report", "The same report's structure without an outputSchema"),
    _tool("slow", "Reports progress each `interval` seconds for `seconds` seconds"),
    _tool("hang", "Never answers; when cancelled, writes `marker` (a path) if given"),
    _tool("stall", "Never answers, and is not read-only", read_only=False),
    _tool("bump", "Adds one to a counter kept in memory", read_only=False),
    _tool("grow", "Adds a tool named `late` and says so with tools/list_changed", read_only=False),
    _tool("linked", "A result that links a resource"),
    _tool("edit_note", "Sets note `id` to `text` and says so with resources/updated", read_only=False),
    # No annotations at all: the gateway must judge them by name and description.
    types.Tool(name="get_status", description="Returns the service status.", input_schema={"type": "object"}),
    types.Tool(name="get_and_reset", description="Reads the counter, then resets it to zero.",
               input_schema={"type": "object"}),
    # No annotations and no verb in the name: only their behaviour can tell (the gateway learns).
    types.Tool(name="forecast", description="Conditions for a city.", input_schema={"type": "object"}),
    types.Tool(name="ticket", description="The next ticket number.", input_schema={"type": "object"}),
]
LATE = _tool("late", "A tool added while the server runs")
state = {"counter": 0, "grown": False}
BUS = InMemorySubscriptionBus()  # 2026-07-28: changes go to subscriptions/listen streams


def report(rows: int = 5000) -> dict:
    return {"title": "weekly", "count": rows,
            "rows": [{"id": i, "name": f"row-{i}", "body": f"entry {i} " + "x" * 1000} for i in range(rows)],
            "log": "\n".join(f"line {i}" for i in range(2000))}


async def list_tools(ctx, params):  # type: ignore[no-untyped-def]
    return types.ListToolsResult(tools=TOOLS + ([LATE] if state["grown"] else []))


def _text(text: str) -> list[types.ContentBlock]:
    return [types.TextContent(type="text", text=text)]


async def call_tool(ctx, params):  # type: ignore[no-untyped-def]
    args = params.arguments or {}
    name = params.name
    if name in ("report", "loose_report"):
        import json

        data = report(int(args.get("rows", 5000)))
        return types.CallToolResult(content=_text(json.dumps(data)), structured_content=data)
    if name == "slow":
        seconds, interval = float(args.get("seconds", 3)), float(args.get("interval", 0.5))
        done = 0.0
        while done < seconds:
            await anyio.sleep(interval)
            done += interval
            await ctx.session.report_progress(done, seconds, f"{done:g}s of {seconds:g}s")
        return types.CallToolResult(content=_text(f"slow done after {seconds:g}s"))
    if name in ("hang", "stall"):
        try:
            await anyio.sleep(3600)
        except anyio.get_cancelled_exc_class():  # notifications/cancelled reached this call
            if args.get("marker"):
                with open(args["marker"], "w") as f:
                    f.write("cancelled")
            raise
    if name == "bump":
        state["counter"] += 1
        return types.CallToolResult(content=_text(f"counter {state['counter']} pid {os.getpid()}"))
    if name == "grow":
        state["grown"] = True
        await ctx.session.send_tool_list_changed()  # handshake era
        await BUS.publish(ToolsListChanged())  # 2026-07-28
        return types.CallToolResult(content=_text("added tool late"))
    if name in ("get_status", "get_and_reset"):
        return types.CallToolResult(content=_text("status: green, 3 workers"))
    if name == "edit_note":
        NOTES[str(args["id"])] = str(args["text"])
        uri = f"mem://notes/{args['id']}"
        await ctx.session.send_resource_updated(uri)  # handshake era
        await BUS.publish(ResourceUpdated(uri=uri))  # 2026-07-28
        return types.CallToolResult(content=_text(f"note {args['id']} edited"))
    if name == "forecast":
        import json

        return types.CallToolResult(content=_text(json.dumps({"city": args.get("city", "Oslo"), "sky": "clear",
                                                              "temp_c": 4, "wind_kmh": 12})))
    if name == "ticket":
        state["counter"] += 1
        return types.CallToolResult(content=_text(f'{{"ticket": {state["counter"]}, "queue": "main"}}'))
    if name == "late":
        return types.CallToolResult(content=_text("late tool answered"))
    if name == "linked":
        return types.CallToolResult(content=[*_text("see the linked note"), types.ResourceLink(
            type="resource_link", uri="mem://notes/1", name="note 1", mime_type="text/plain")])
    raise ValueError(f"unknown tool {name}")


NOTES = {"1": "first note: alpha", "2": "second note: beta"}


async def list_resources(ctx, params):  # type: ignore[no-untyped-def]
    return types.ListResourcesResult(resources=[
        *(types.Resource(uri=f"mem://notes/{k}", name=f"note {k}", mime_type="text/plain") for k in NOTES),
        types.Resource(uri=UI_URI, name="report view", mime_type=UI_MIME)])


async def list_templates(ctx, params):  # type: ignore[no-untyped-def]
    return types.ListResourceTemplatesResult(resource_templates=[
        types.ResourceTemplate(uri_template="mem://notes/{id}", name="note", mime_type="text/plain")])


async def read_resource(ctx, params):  # type: ignore[no-untyped-def]
    uri = str(params.uri)
    if uri == UI_URI:
        return types.ReadResourceResult(contents=[types.TextResourceContents(
            uri=uri, mime_type=UI_MIME, text="<html><body><div id=app>report</div></body></html>")])
    key = uri.rsplit("/", 1)[-1]
    if not uri.startswith("mem://notes/") or key not in NOTES:
        raise ValueError(f"no resource {uri}")
    return types.ReadResourceResult(contents=[types.TextResourceContents(uri=uri, mime_type="text/plain",
                                                                         text=NOTES[key])])


async def subscribe(ctx, params):  # type: ignore[no-untyped-def]
    return types.EmptyResult()


PROMPT = types.Prompt(name="summarize", description="Summarize a note",
                      arguments=[types.PromptArgument(name="note", required=True)])


async def list_prompts(ctx, params):  # type: ignore[no-untyped-def]
    return types.ListPromptsResult(prompts=[PROMPT])


async def get_prompt(ctx, params):  # type: ignore[no-untyped-def]
    note = (params.arguments or {}).get("note", "")
    return types.GetPromptResult(description="summary prompt", messages=[types.PromptMessage(
        role="user", content=types.TextContent(type="text", text=f"Summarize note {note} in one line."))])


def build() -> Server:  # type: ignore[type-arg]
    return Server("feature", on_list_tools=list_tools, on_call_tool=call_tool, on_list_resources=list_resources,
                  on_list_resource_templates=list_templates, on_read_resource=read_resource,
                  on_subscribe_resource=subscribe, on_unsubscribe_resource=subscribe,
                  on_list_prompts=list_prompts, on_get_prompt=get_prompt,
                  on_subscriptions_listen=ListenHandler(BUS))


OPTIONS = NotificationOptions(prompts_changed=True, resources_changed=True, tools_changed=True)


async def main() -> None:
    server = build()
    if "--http" in sys.argv:
        import uvicorn

        port = int(sys.argv[sys.argv.index("--http") + 1])
        app = server.streamable_http_app()
        await uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")).serve()
        return
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options(OPTIONS))


if __name__ == "__main__":
    anyio.run(main)
