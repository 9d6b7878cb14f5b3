"""Artifacts readable by the model: the ``obsline_read_artifact`` tool and one MCP resource per
artifact of the task (session). A reference is the signed capability the observation carried
(``obsline/ids.py``); one of another task, or not signed by this store, is PERMISSION_DENIED:
the store's own check (``ArtifactStore.get(ref, task_id=...)``) decides.
The store returns the raw scrubbed (the task's secrets as their handles); this module never
holds the operator capability that reads it unscrubbed.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import mcp_types as types

from obsline.core.errors import ArtifactError, ErrorCode, error_line
from obsline.core.ids import parse_ref, unsigned
from obsline.sinks.ranges import parse_range
from obsline.stores.artifacts import ArtifactStore

READ_TOOL = "obsline_read_artifact"
DEFAULT_LIMIT = 16_000  # bytes per page: a page stays a modest observation
MAX_LIMIT = 200_000

_RANGE = {"type": "string", "pattern": r"^\d+(-\d+)?$"}
READ_TOOL_DEF = types.Tool(
    name=READ_TOOL,
    description=("Read the raw result an observation stored as an artifact (its evidence.artifact, "
                 "artifact://...), as the tool returned it, each hidden secret shown as the same [secret:...] "
                 "handle as in the observation (pass the handle in a later call's arguments). A `cut:` line of an observation names "
                 "what it left out: pass its --path/--lines/--items/--chars here as path/lines/items/chars "
                 "('A-B', 1-based, inclusive). Long answers come a page at a time: bytes from `offset` "
                 "(default 0), at most `limit` (default 16000); the result says the next offset."),
    input_schema={
        "type": "object",
        "properties": {
            "ref": {"type": "string", "description": "artifact://<task>/<step>/<action>?sig=..."},
            "path": {"type": "string", "description": "a field of a JSON result (dotted)"},
            "lines": {**_RANGE, "description": "lines A-B of the text"},
            "items": {**_RANGE, "description": "items A-B of the JSON list"},
            "chars": {**_RANGE, "description": "characters A-B of the lines chosen"},
            "offset": {"type": "integer", "minimum": 0},
            "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT},
        },
        "required": ["ref"],
    },
    annotations=types.ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False),
)


@dataclass(frozen=True, slots=True)
class Page:
    ref: str
    text: str
    offset: int
    size: int  # the whole artifact's bytes
    next_offset: int | None


def read_range(store: ArtifactStore, ref: str, task_id: str, *, offset: int = 0, limit: int = DEFAULT_LIMIT,
               path: str | None = None, lines: str | None = None, items: str | None = None,
               chars: str | None = None) -> Page:
    """One page of an artifact, or of the range of it a cut statement names (the store's
    ``read_range``, which checks the capability as ``get`` does)."""
    ranges = {k: parse_range(v, k) for k, v in (("lines", lines), ("items", items), ("chars", chars)) if v}
    data = store.read_range(ref, task_id=task_id, path=path, lines=ranges.get("lines"), items=ranges.get("items"),
                            chars=ranges.get("chars")) if path or ranges else \
        store.get(ref, task_id=task_id)
    if offset < 0 or limit < 1:
        raise ArtifactError(ErrorCode.INVALID_ARGUMENT, "offset must be >= 0 and limit >= 1")
    chunk = data[offset:offset + min(limit, MAX_LIMIT)]
    end = offset + len(chunk)
    return Page(ref, chunk.decode("utf-8", "replace"), offset, len(data), end if end < len(data) else None)


MAX_LISTED = 1_000  # per task: the newest artifacts resources/list names (older ones stay readable by ref)


class ArtifactIndex:
    """The artifact references of each task, in the order they were stored (for resources/list)."""

    def __init__(self) -> None:
        self._refs: defaultdict[str, dict[str, int]] = defaultdict(dict)

    def add(self, task_id: str, ref: str, size: int) -> None:
        refs = self._refs[task_id]
        refs[ref] = size
        if len(refs) > MAX_LISTED:
            del refs[next(iter(refs))]

    def forget(self, task_id: str) -> None:
        self._refs.pop(task_id, None)

    def resources(self, task_id: str) -> list[types.Resource]:
        out = []
        for ref, size in self._refs.get(task_id, {}).items():
            _, step, action = parse_ref(unsigned(ref))
            out.append(types.Resource(uri=ref, name=f"step {step} {action}", size=size,
                                      description="raw tool result stored by obsline",
                                      mime_type="application/octet-stream"))
        return out


def page_result(page: Page) -> types.CallToolResult:
    more = f"\n[bytes {page.offset}-{page.offset + len(page.text.encode())} of {page.size}; " \
           f"next offset {page.next_offset}]" if page.next_offset is not None else ""
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=page.text + more)],
        _meta={"obsline": {"status": "success", "artifact": page.ref, "offset": page.offset, "size": page.size,
                           "next_offset": page.next_offset}})


def error_result(exc: ArtifactError, ref: Any) -> types.CallToolResult:
    """A read that failed: its code's line (``error_line``); a store outage (``StoreError``,
    UPSTREAM_FAILURE) is retryable, a missing or refused artifact is not."""
    code = exc.code.value
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=error_line(code, exc.retryable, str(exc)))], is_error=True,
        _meta={"obsline": {"status": "error", "error_code": code, "retryable": exc.retryable, "artifact": ref}})
