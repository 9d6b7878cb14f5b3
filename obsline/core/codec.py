"""The one place messages become bytes and back (orjson)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import orjson

from obsline.core.errors import ErrorCode
from obsline.core.models import (
    Adapted,
    Conflict,
    Control,
    Dedup,
    DedupKind,
    ErrorInfo,
    Fragment,
    Ids,
    Observation,
    Snapshot,
    Status,
    ToolKind,
)


def _default(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, set | frozenset | tuple):
        return sorted(value) if isinstance(value, set | frozenset) else list(value)
    raise TypeError(f"cannot encode {type(value).__name__}")


def encode(message: Any) -> bytes:
    return orjson.dumps(message, default=_default)


def encode_snapshot(snapshot: Snapshot, adapted_bytes: bytes) -> bytes:
    """``encode(snapshot)`` reusing its Adapted's bytes (already encoded for the fragments
    topic) instead of serialising the same data twice. Same bytes, field order included."""
    return orjson.dumps({
        "adapted": orjson.Fragment(adapted_bytes), "conflicts": snapshot.conflicts,
        "age_seconds": snapshot.age_seconds, "schema_version": snapshot.schema_version,
    }, default=_default)


def encode_line(message: Any) -> bytes:
    return orjson.dumps(message, default=_default, option=orjson.OPT_APPEND_NEWLINE)


def decode(data: bytes) -> Any:
    return orjson.loads(data)


def _error(d: dict[str, Any] | None) -> ErrorInfo | None:
    return None if d is None else ErrorInfo(**{**d, "code": ErrorCode(d["code"])})


def adapted_from(d: dict[str, Any]) -> Adapted:
    return Adapted(**{
        **d, "ids": Ids(**d["ids"]), "kind": ToolKind(d["kind"]), "status": Status(d["status"]),
        "error": _error(d["error"]), "fragments": [Fragment(**f) for f in d["fragments"]],
        "control": Control(**d["control"]),
    })


def _conflicts(items: list[dict[str, Any]]) -> list[Conflict]:
    return [Conflict(**c) for c in items]


def snapshot_from(d: dict[str, Any]) -> Snapshot:
    return Snapshot(**{**d, "adapted": adapted_from(d["adapted"]), "conflicts": _conflicts(d["conflicts"])})


def observation_from(d: dict[str, Any]) -> Observation:
    return Observation(**{
        **d, "status": Status(d["status"]), "error": _error(d["error"]),
        "dedup": Dedup(**{**d["dedup"], "kind": DedupKind(d["dedup"]["kind"])}),
        "conflicts": _conflicts(d["conflicts"]), "control": Control(**d["control"]),
    })
