"""Executed calls by a hash of their normalised arguments (seed 002): a repeat of a call that
already succeeded is named, so the agent reuses the result instead of paying for it again.

Normalised: key order never matters (at any depth), types do (``"123"`` is not ``123``,
``1`` is not ``1.0``, ``True`` is not ``1``): JSON text keeps its own types apart, and any
other value is tagged with its type, as Vector's dedupe cache keys do. Pure: no clock, no I/O.
"""

from __future__ import annotations

import hashlib
from typing import Any
from uuid import UUID

import orjson


def _tagged(value: Any) -> Any:
    """The value with every scalar tagged by its type, so JSON text cannot merge two types."""
    if isinstance(value, dict):
        return {k if type(k) is str else f"{type(k).__name__}:{k}": _tagged(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_tagged(v) for v in value]
    if _native(value):
        return value  # JSON keeps these apart from each other already
    return [type(value).__name__, str(value)]  # an int past 64 bits, a Decimal, a date: text with its type


def _native(value: Any) -> bool:
    """JSON-native at any depth, by exact type (str keys; ints within 64 bits): JSON text
    already keeps every such type apart ("123", 123, 123.0 and true differ), so it needs no
    tags. (A UUID is its text, as orjson writes it.)"""
    kind = type(value)
    if value is None or kind in (str, bool, float, UUID):
        return True
    if kind is int:
        return bool(-(2**63) <= value < 2**64)
    if kind is dict:
        return all(type(k) is str and _native(v) for k, v in value.items())
    if kind is list:
        return all(_native(v) for v in value)
    return False


_SORTED = orjson.OPT_SORT_KEYS
# Without these orjson would write a date, a dataclass or a str subclass as plain JSON text.
_FAST = _SORTED | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_SUBCLASS


def args_hash(tool: str, args: dict[str, Any] | None) -> str:
    """The call's identity: tool name and normalised arguments, 16 hex digits. JSON-native
    arguments (nearly all) are serialised as they are, in C; anything else (a Decimal, a date,
    a non-string key, a tuple) is tagged with its type first, so it cannot pass for a string."""
    try:
        data = orjson.dumps([tool, args], option=_FAST)
    except TypeError:
        data = orjson.dumps([tool, _tagged(args)], option=_SORTED)
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def args_hash_reference(tool: str, args: dict[str, Any] | None) -> str:
    """The plain twin of ``args_hash``: decides native or tagged by walking the arguments."""
    if _native(args):
        data = orjson.dumps([tool, args], option=_SORTED)
    else:
        data = orjson.dumps([tool, _tagged(args)], option=_SORTED)
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def where(record: dict[str, Any]) -> str:
    """How an earlier call is named: its ``#N`` when it has one, else its step."""
    n = record.get("n")
    return f"#{n}" if n is not None else f"step {record['step']}"
