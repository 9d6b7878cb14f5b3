"""Dead-letter records (``<prefix>dlq``): what failed, where, and the original bytes (or where they are).

Value (orjson)::

    {"schema_version": 1, "reason": "not_json|bad_envelope|too_large|stage_exception|store_unavailable",
     "stage": "adapt|align|observe", "problems": [...], "error": "ValueError(...)" | null,
     "ids": {"task_id", "step_id", "action_id"} | null, "tool": str | null,
     "source": {"topic", "partition", "offset", "timestamp"}, "timestamp": epoch seconds,
     "original_b64": base64 of the record value exactly as consumed   (up to EMBED_MAX bytes)
     | "original_ref": {"sha256", "bytes"}                              (larger: in the claim store)
     | "original_unstored": {"sha256", "bytes", "error"}               (the claim store failed: the
       bytes stay at their source offset on the raw topic; the letter is never dropped for it)}
    (+ "bare": true when the full letter could not be made: ``bare_letter``)

Key: the source record's key, else the task id when readable, else none. A huge original
embedded as base64 (4/3 of its size) would itself exceed the broker's limit: above
``EMBED_MAX`` it goes to the claim store (``streams/claimcheck.py``), and ``original_of``
reads either form back.
"""

from __future__ import annotations

import base64
import hashlib
import time
from dataclasses import asdict
from typing import Any

import orjson

from obsline.core.models import Ids
from obsline.stores.objects import StoreError
from obsline.streams.claimcheck import ClaimStore

SCHEMA_VERSION = 1
EMBED_MAX = 256 * 1024  # originals up to this are embedded (base64), larger ones referenced


def dead_letter_value(message: Any, stage: str, reason: str, problems: list[str], ids: Ids | None,
                      tool: str | None, error: str | None = None, claims: ClaimStore | None = None) -> bytes:
    original = message.value or b""
    letter: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "reason": reason,
        "stage": stage,
        "problems": [p[:2000] for p in problems[:50]],  # a problem may quote the input: bounded
        "error": error[:2000] if error else error,
        "ids": asdict(ids) if ids is not None else None,
        "tool": tool,
        "source": {"topic": message.topic, "partition": message.partition, "offset": message.offset,
                   "timestamp": message.timestamp},
        "timestamp": time.time(),
    }
    if len(original) > EMBED_MAX and claims is not None:
        try:
            letter["original_ref"] = claims.put(original)
        except StoreError as exc:  # the letter still goes out, else the record is a silent loss
            letter["original_unstored"] = _unstored(original, str(exc))
    else:
        letter["original_b64"] = base64.b64encode(original).decode("ascii")
    return orjson.dumps(letter)


def bare_letter(message: Any, stage: str, reason: str, error: str) -> bytes:
    """The letter when ``dead_letter_value`` itself failed (a bug on a strange input): only the
    source, what failed, and the original (embedded, or ``original_unstored`` when large: no
    store is asked). Built of values that always encode, so the record is never only logged."""
    original = message.value or b""
    letter: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION, "reason": reason, "stage": stage, "problems": [],
        "error": error.encode("utf-8", "backslashreplace").decode("utf-8")[:2000], "ids": None, "tool": None,
        "source": {"topic": str(message.topic), "partition": int(message.partition), "offset": int(message.offset),
                   "timestamp": float(message.timestamp or 0.0)},
        "timestamp": time.time(), "bare": True,
    }
    if len(original) > EMBED_MAX:
        letter["original_unstored"] = _unstored(original, "bare letter: not stored")
    else:
        letter["original_b64"] = base64.b64encode(original).decode("ascii")
    return orjson.dumps(letter)


def _unstored(original: bytes, why: str) -> dict[str, Any]:
    """What a letter says of an original it could not store: the bytes stay at their source offset."""
    return {"sha256": hashlib.sha256(original).hexdigest(), "bytes": len(original), "error": why[:2000]}


def original_of(dead_letter: dict[str, Any], claims: ClaimStore | None = None) -> bytes:
    if "original_unstored" in dead_letter:  # the claim store failed: the bytes are at their source offset only
        raise ValueError(f"this dead letter's original was not stored; read it at {dead_letter['source']}")
    if "original_ref" in dead_letter:
        if claims is None:
            raise ValueError("this dead letter references its original: pass the claim store")
        return claims.get(dead_letter["original_ref"])
    return base64.b64decode(dead_letter["original_b64"])


__all__ = ["EMBED_MAX", "SCHEMA_VERSION", "bare_letter", "dead_letter_value", "original_of"]
