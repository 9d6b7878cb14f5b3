"""Dead-letter records (``<prefix>dlq``): what failed, where, and the original bytes.

Value (orjson)::

    {"schema_version": 1, "reason": "not_json|bad_envelope|too_large|stage_exception",
     "stage": "adapt|align|observe", "problems": [...], "error": "ValueError(...)" | null,
     "ids": {"task_id", "step_id", "action_id"} | null, "tool": str | null,
     "source": {"topic", "partition", "offset", "timestamp"}, "timestamp": epoch seconds,
     "original_b64": base64 of the record value exactly as consumed}

Key: the source record's key, else the task id when readable, else none.
"""

from __future__ import annotations

import base64
import time
from dataclasses import asdict
from typing import Any

import orjson

from obsline.models import Ids

SCHEMA_VERSION = 1


def dead_letter_value(message: Any, stage: str, reason: str, problems: list[str], ids: Ids | None,
                      tool: str | None, error: str | None = None) -> bytes:
    original = message.value or b""
    return orjson.dumps({
        "schema_version": SCHEMA_VERSION,
        "reason": reason,
        "stage": stage,
        "problems": list(problems),
        "error": error,
        "ids": asdict(ids) if ids is not None else None,
        "tool": tool,
        "source": {"topic": message.topic, "partition": message.partition, "offset": message.offset,
                   "timestamp": message.timestamp},
        "timestamp": time.time(),
        "original_b64": base64.b64encode(original).decode("ascii"),
    })


def original_of(dead_letter: dict[str, Any]) -> bytes:
    return base64.b64decode(dead_letter["original_b64"])


def ids_of(value: bytes | None, role: str) -> tuple[Ids | None, str | None]:
    """Best-effort ids and tool of a fragments/snapshots record, for the error path."""
    try:
        d = orjson.loads(value or b"")
        adapted = d["adapted"] if role == "snapshots" else d
        i = adapted["ids"]
        task, step, action = i["task_id"], i.get("step_id", -1), i["action_id"]
        if not (isinstance(task, str) and task and isinstance(action, str) and action):
            return None, None
        tool = adapted.get("tool")
        return Ids(task, step if isinstance(step, int) else -1, action), tool if isinstance(tool, str) else None
    except Exception:
        return None, None


__all__ = ["SCHEMA_VERSION", "dead_letter_value", "ids_of", "original_of"]
