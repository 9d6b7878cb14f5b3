"""Secret handles: the names of the placeholders the adapt stage leaves, one value each for life.

Adapt is pure and memoised by content, so it marks a hidden value with a placeholder derived
from the value (``[secret:token#<digest>]``): the same bytes give the same placeholder whoever
fetched them. The handle the model sees is derived from the task and that digest by a keyed
hash (the artifact key, so nobody without it can tie a handle to a guessed value):
``[secret:token-<12 digits>]``. So a handle names exactly one value of one task, across
restarts, resumes and forks, with no counter to persist (a counter restarted at 1 after a
gateway restart and gave a second value a handle the task had already seen), and the same
value gets another handle in another task. The fold state's section ``secrets`` only caches
digest -> handle (and handle -> digest, to refuse the 1-in-10^12 collision within a task).
The model never sees a digest. Digits, not letters: 12 digits are ~5 o200k tokens, 8 base32
letters ~7.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
from collections.abc import MutableMapping
from functools import lru_cache
from typing import Any

from obsline.adapters.secrets import PLACEHOLDER, PLACEHOLDER_MARK
from obsline.core.models import Observation

Names = MutableMapping[str, Any]  # digest -> handle, and "@<handle>" -> digest (collision guard)

_DOMAIN = b"obsline-secret-handle-v1\n"
_UNKEYED = b"obsline-unkeyed"  # no artifact key (replay without a store): unique, not secret
DIGITS = 12


@lru_cache(maxsize=8)
def _keyed(key: bytes) -> hmac.HMAC:
    return hmac.new(key, _DOMAIN, hashlib.sha256)  # copied per handle: the key schedule is done once


def handle_number(task_id: str, digest: str, key: bytes | None, salt: int = 0) -> str:
    """The keyed hash of (task, digest) as 12 decimal digits."""
    mac = _keyed(key or _UNKEYED).copy()
    mac.update(task_id.encode("utf-8", "surrogatepass") + b"\n" + digest.encode() + b"\n%d" % salt)
    return str(int.from_bytes(mac.digest()[:8], "big") % 10**DIGITS).zfill(DIGITS)


def handle_for(names: Names, kind: str, digest: str, task_id: str = "", key: bytes | None = None) -> str:
    handle = names.get(digest)
    if handle is None:
        salt = 0
        while True:  # another digest of this task with the same number: the next salt (never in practice)
            handle = f"[secret:{kind}-{handle_number(task_id, digest, key, salt)}]"
            if names.setdefault("@" + handle, digest) == digest:
                break
            salt += 1
        names[digest] = handle
    return handle


def name_text(text: str, names: Names, task_id: str = "", key: bytes | None = None) -> str:
    if PLACEHOLDER_MARK not in text:
        return text
    return PLACEHOLDER.sub(lambda m: handle_for(names, m.group(1), m.group(2), task_id, key), text)


def name_values(value: Any, names: Names, task_id: str = "", key: bytes | None = None) -> Any:
    """``value`` with every placeholder in its strings named (containers copied, never mutated:
    the adapt memo shares them)."""
    kind = type(value)
    if kind is str:
        return name_text(value, names, task_id, key)
    if kind is dict:
        return {k: name_values(v, names, task_id, key) for k, v in value.items()}
    if kind is list:
        return [name_values(v, names, task_id, key) for v in value]
    return value


def needs_naming(observation: Observation, names: Names) -> bool:
    """A placeholder can be in the text only if this result hid a value, or an earlier one of
    its task did (deltas quote old values): then the task has names already."""
    return bool(observation.control.redactions) or bool(names) and PLACEHOLDER_MARK in observation.text


def name_observation(observation: Observation, names: Names, key: bytes | None = None) -> Observation:
    """The observation as the model may see it: handles instead of placeholders everywhere."""
    o, task = observation, observation.task_id
    records = [{**r, "handle": name_text(r["handle"], names, task, key)} for r in o.control.redactions]
    error = o.error
    if error is not None and PLACEHOLDER_MARK in error.message:
        error = dataclasses.replace(error, message=name_text(error.message, names, task, key))
    conflicts = [dataclasses.replace(c, values=name_values(c.values, names, task, key)) for c in o.conflicts]
    return dataclasses.replace(
        o, text=name_text(o.text, names, task, key), data=name_values(o.data, names, task, key), error=error,
        metadata=name_values(o.metadata, names, task, key), conflicts=conflicts,
        control=dataclasses.replace(o.control, redactions=records),
    )


def bindings(placeholders: list[dict[str, str]], named: list[dict[str, str]]) -> dict[str, str]:
    """handle -> digest for one observation: its adapt-stage records beside the named ones
    (same order), for the task's vault."""
    out = {}
    for before, after in zip(placeholders, named, strict=True):
        m = PLACEHOLDER.fullmatch(before["handle"])
        if m is not None:
            out[after["handle"]] = m.group(2)
    return out


def _forms(value: str) -> list[bytes]:
    """The ways a value can be spelled in a raw: as is, and JSON-escaped (with and without
    ``\\uXXXX`` for non-ASCII), so a secret inside a JSON string is found too."""
    plain = value.encode("utf-8", "surrogatepass")
    out = [plain]
    for escaped in (json.dumps(value, ensure_ascii=False)[1:-1], json.dumps(value)[1:-1]):
        form = escaped.encode("utf-8", "surrogatepass")
        if form not in out:
            out.append(form)
    return out


def scrub(data: bytes, handles: dict[str, str]) -> bytes:
    """``data`` with every value of ``handles`` (handle -> value) replaced by its handle: the
    raw as the model may read it, with the same handles as the observation. Longer values
    first, so a value inside a longer one does not leave the rest of the longer one behind."""
    if not handles:
        return data
    pairs = sorted(((form, h.encode()) for h, v in handles.items() if v for form in _forms(v)),
                   key=lambda p: -len(p[0]))
    for form, handle in pairs:
        if form in data:
            data = data.replace(form, handle)
    return data
