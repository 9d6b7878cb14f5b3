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

from obsline.adapters.scan import top_level_fields
from obsline.adapters.verbatim import (
    holds_constant,
    holds_long_integer,
    holds_long_integer_bytes,
    rewrites_number,
    rewrites_number_bytes,
    verbatim_loads,
)
from obsline.core.errors import EnvelopeError
from obsline.core.models import Ids, RawEnvelope

MAX_ENVELOPE_BYTES = 64 << 20  # beyond this the record is not even parsed


@dataclass(frozen=True, slots=True)
class Rejected:
    reason: str  # not_json | bad_envelope | too_large
    problems: list[str]
    ids: Ids | None
    tool: str | None
    original: bytes


ID_FIELDS = ("task_id", "action_id")


def _loads(line: bytes) -> Any:
    try:
        data = orjson.loads(line)
    except orjson.JSONDecodeError:
        return _slow_loads(line)
    if type(data) is dict and type(data.get("raw")) in (dict, list) and (
            rewrites_number_bytes(line) or holds_long_integer_bytes(line)):
        data["raw"] = verbatim_loads(line.decode())["raw"]  # a raw sent as a JSON value: numbers as written
    return data


def _slow_loads(line: bytes) -> Any:
    """What orjson refuses: NaN/Infinity, invalid UTF-8 and lone surrogates anywhere. Such a raw
    is kept exactly (surrogateescape) so it is stored as received and flagged, instead of
    rejecting the whole record. Ids stay as they came (``_bad_ids`` rejects them: rewritten,
    two tasks would merge); the other fields are made valid text."""
    data = _with_verbatim_raw(line.decode("utf-8", "surrogateescape"))
    if isinstance(data, dict):
        bad = _bad_ids(data)
        if bad:
            raise _BadIds(bad, data) from None
        data = {k: v if k == "raw" else _valid_text(v) for k, v in data.items()}
    return data


def _with_verbatim_raw(text: str) -> Any:
    """The envelope, its raw (when a JSON value) with its numbers and constants as written:
    a raw ``{"a": NaN}`` is shown ``NaN`` by every engine, not a float each writes its own way
    (orjson, on the way to a stage topic, writes ``null``)."""
    data = json.loads(text)
    if isinstance(data, dict) and isinstance(data.get("raw"), dict | list) and (
            holds_constant(text) or rewrites_number(text) or holds_long_integer(text)):
        data["raw"] = verbatim_loads(text)["raw"]
    return data


class _BadIds(Exception):
    def __init__(self, problems: list[str], data: dict[str, Any]) -> None:
        super().__init__(problems)
        self.problems, self.data = problems, data


def _is_text(value: Any) -> bool:
    try:
        value.encode()
    except UnicodeEncodeError:
        return False
    return True


def _bad_ids(data: dict[str, Any]) -> list[str]:
    return [f"{name}: not valid UTF-8 (ids are never rewritten)" for name in ID_FIELDS
            if isinstance(data.get(name), str) and not _is_text(data[name])]


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
    if isinstance(task, str) and task and isinstance(action, str) and action and not _bad_ids(data):
        return Ids(task, step if isinstance(step, int) and not isinstance(step, bool) else -1, action)
    return None


def _unreadable(reason: str, problem: str, original: bytes) -> Rejected:
    """A record we could not parse whole: its ids may still be readable at its top level."""
    fields = top_level_fields(original)
    tool = fields.get("tool") if isinstance(fields.get("tool"), str) else None
    return Rejected(reason, [problem], _ids(fields), tool, original)


def decode(line: bytes | str, *, max_bytes: int = MAX_ENVELOPE_BYTES) -> RawEnvelope | Rejected:
    original = line.encode("utf-8", "surrogateescape") if isinstance(line, str) else line
    if len(original) > max_bytes:
        return _unreadable("too_large", f"record of {len(original)} bytes exceeds {max_bytes}", original)
    try:
        data = _loads(original)
    except _BadIds as exc:  # only on the slow path: orjson itself refuses such text
        tool = exc.data.get("tool")
        return Rejected("bad_envelope", exc.problems, None, _valid_text(tool) if isinstance(tool, str) else None,
                        original)
    except (ValueError, UnicodeDecodeError) as exc:
        return _unreadable("not_json", f"not JSON: {exc}", original)
    except RecursionError:
        return _unreadable("not_json", "not JSON we can read: nested deeper than 1,000 levels", original)
    if not isinstance(data, dict):
        return Rejected("bad_envelope", [f"envelope: expected an object, got {type(data).__name__}"],
                        None, None, original)
    try:
        return RawEnvelope.parse(data)
    except EnvelopeError as exc:
        tool = data.get("tool") if isinstance(data.get("tool"), str) else None
        return Rejected("bad_envelope", exc.problems, _ids(data), tool, original)
