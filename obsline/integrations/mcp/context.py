"""The gateway's ``obsline_context`` tool: the calling task's history as the model should read
it now, each superseded observation masked to one line (aligner/signals/context.py)."""

from __future__ import annotations

import mcp_types as types

from obsline.aligner.signals.context import Entry, as_dict

CONTEXT_TOOL = "obsline_context"
CONTEXT_TOOL_DEF = types.Tool(
    name=CONTEXT_TOOL,
    description=("This task's tool results so far as they are still current: each one a later result "
                 "superseded (the same file or record read again in full, the result of a pending job) is "
                 "masked to one line, e.g. '#4 get_order: superseded by #9'. Read it instead of the whole "
                 "history when the context is long."),
    input_schema={"type": "object", "properties": {}},
    annotations=types.ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False),
)


def context_result(entries: list[Entry]) -> types.CallToolResult:
    text = "\n\n".join(e.text for e in entries) or "no tool results yet in this task"
    masked = sum(e.superseded_by is not None for e in entries)
    listed = [{k: v for k, v in as_dict(e).items() if k != "text"} for e in entries]
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)],
                                _meta={"obsline": {"status": "success", "observations": len(entries),
                                                   "masked": masked, "entries": listed}})


__all__ = ["CONTEXT_TOOL", "CONTEXT_TOOL_DEF", "context_result"]
