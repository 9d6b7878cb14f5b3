"""Decoding one input record (a JSONL line or a Kafka value) into a ``RawEnvelope``.

Bad input is data, not an exception: anything that is not a valid envelope comes back as a
``Rejected`` with its reason, its problems, the ids when they can be read, and the original
bytes, so the caller can emit an error observation and a dead letter and lose nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import orjson

from obsline.errors import EnvelopeError
from obsline.models import Ids, RawEnvelope

MAX_ENVELOPE_BYTES = 64 << 20  # beyond this the record is not even parsed


@dataclass(frozen=True, slots=True)
class Rejected:
    reason: str  # not_json | bad_envelope | too_large
    problems: list[str]
    ids: Ids | None
    tool: str | None
    original: bytes


def _loads(line: bytes) -> Any:
    try:
        return orjson.loads(line)
    except orjson.JSONDecodeError:
        # orjson refuses invalid UTF-8 and lone surrogates anywhere; keep such a raw exactly
        # (surrogateescape) so it is stored as received and flagged, instead of rejecting the
        # whole record. The other fields are made valid text: they are ids and arguments.
        data = json.loads(line.decode("utf-8", "surrogateescape"))
        if isinstance(data, dict):
            data = {k: v if k == "raw" else _valid_text(v) for k, v in data.items()}
        return data


def _valid_text(value: Any) -> Any:
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8")
    if isinstance(value, dict):
        return {_valid_text(k): _valid_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_valid_text(v) for v in value]
    return value


def _ids(data: dict[str, Any]) -> Ids | None:
    task, step, action = data.get("task_id"), data.get("step_id"), data.get("action_id")
    if isinstance(task, str) and task and isinstance(action, str) and action:
        return Ids(task, step if isinstance(step, int) and not isinstance(step, bool) else -1, action)
    return None


def decode(line: bytes | str, *, max_bytes: int = MAX_ENVELOPE_BYTES) -> RawEnvelope | Rejected:
    original = line.encode("utf-8", "surrogateescape") if isinstance(line, str) else line
    if len(original) > max_bytes:
        return Rejected("too_large", [f"record of {len(original)} bytes exceeds {max_bytes}"], None, None, original)
    try:
        data = _loads(original)
    except (ValueError, UnicodeDecodeError) as exc:
        return Rejected("not_json", [f"not JSON: {exc}"], None, None, original)
    except RecursionError:
        return Rejected("not_json", ["not JSON we can read: nested deeper than 1,000 levels"], None, None, original)
    if not isinstance(data, dict):
        return Rejected("bad_envelope", [f"envelope: expected an object, got {type(data).__name__}"],
                        None, None, original)
    try:
        return RawEnvelope.parse(data)
    except EnvelopeError as exc:
        tool = data.get("tool") if isinstance(data.get("tool"), str) else None
        return Rejected("bad_envelope", exc.problems, _ids(data), tool, original)
