"""The scalar fields at the top level of a JSON object we could not parse whole.

A record nested deeper than the parsers go, cut off, or too large to parse can still carry
readable ids (``{"task_id": ..., "raw": [[[[...``): read them without recursion so the task
gets its error observation instead of waiting for a timeout. Only rejected records pay this.
"""

from __future__ import annotations

import json
import re
from typing import Any

SCAN_BYTES = 1 << 20  # ids sit near the start; a huge record is not scanned to its end
WANTED = frozenset({"task_id", "step_id", "action_id", "tool"})
# Strings (escapes included) and brackets: everything else is skipped in C.
_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|[{}\[\]]')
_AFTER_KEY = re.compile(rb'\s*:\s*(-?\d+(?=[\s,}])|")?')


def _text(token: bytes) -> str | None:
    try:
        value = json.loads(token.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return value if isinstance(value, str) else None


def top_level_fields(data: bytes, limit: int = SCAN_BYTES) -> dict[str, Any]:
    """``task_id``/``step_id``/``action_id``/``tool`` of a top-level object, as far as readable."""
    head = data[:limit]
    found: dict[str, Any] = {}
    depth, want_value = 0, None
    for match in _TOKEN.finditer(head):
        token = match.group()
        first = token[:1]
        if first in b"{[":
            if depth == 0 and first != b"{":
                return {}
            depth += 1
            want_value = None
        elif first in b"}]":
            depth -= 1
            if depth <= 0:
                break
        elif depth == 1:
            if want_value is not None:  # the string value of a wanted key
                found[want_value], want_value = _text(token), None
                continue
            after = _AFTER_KEY.match(head, match.end())
            if after is None or after.end() == match.end():
                continue  # a string value, not a key
            key = _text(token)
            if key in WANTED:
                value = after.group(1)
                if value == b'"':
                    want_value = key
                elif value is not None:
                    found[key] = int(value)
    return {k: v for k, v in found.items() if v is not None}


__all__ = ["SCAN_BYTES", "top_level_fields"]
