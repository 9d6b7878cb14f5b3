"""Executed calls by a hash of their normalised arguments (seed 002): a repeat of a call that
already succeeded is named, so the agent reuses the result instead of paying for it again.

Normalised: key order never matters (at any depth), types do (``"123"`` is not ``123``,
``1`` is not ``1.0``, ``True`` is not ``1``): each scalar is hashed with a type tag, as
Vector's dedupe cache keys do. Pure: no clock, no I/O.
"""

from __future__ import annotations

import hashlib
from typing import Any

import orjson


def _tagged(value: Any) -> Any:
    """The value with every scalar tagged by its type, so JSON text cannot merge two types."""
    if isinstance(value, dict):
        return {str(k): _tagged(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_tagged(v) for v in value]
    if value is None or isinstance(value, str):
        return value  # JSON keeps null and strings apart from every other type already
    return [type(value).__name__, str(value)]  # (text: an int past 64 bits has no JSON number here)


def _plain(value: Any) -> bool:
    """Strings and nulls only, at any depth: their JSON text needs no tags (most tool args)."""
    if value is None or isinstance(value, str):
        return True
    if isinstance(value, dict):
        return all(_plain(v) for v in value.values())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return False


def args_hash(tool: str, args: dict[str, Any] | None) -> str:
    """The call's identity: tool name and normalised arguments, 16 hex digits."""
    body = args if args is None or _plain(args) else _tagged(args)
    data = orjson.dumps([tool, body], option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS, default=str)
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def args_hash_reference(tool: str, args: dict[str, Any] | None) -> str:
    """The plain twin of ``args_hash`` (always tags): the fast path must agree with it."""
    data = orjson.dumps([tool, None if args is None else _tagged(args)],
                        option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS, default=str)
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def where(record: dict[str, Any]) -> str:
    """How an earlier call is named: its ``#N`` when it has one, else its step."""
    n = record.get("n")
    return f"#{n}" if n is not None else f"step {record['step']}"
