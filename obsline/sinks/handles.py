"""Secret handles: the per-task names of the placeholders the adapt stage leaves.

Adapt is pure and memoised by content, so it marks a hidden value with a placeholder derived
from the value (``[secret:token#<digest>]``): the same bytes give the same placeholder whoever
fetched them. Naming is the task's business: the observe stage keeps, in the task's fold state
(section ``secrets``), which digest got which handle, and numbers handles per kind in the
order the task first showed them (``[secret:token-1]``, ``[secret:token-2]``, ...). So a handle
is stable within its task, means nothing in another task, and the model never sees a digest.
"""

from __future__ import annotations

import dataclasses
from collections.abc import MutableMapping
from typing import Any

from obsline.adapters.secrets import PLACEHOLDER, PLACEHOLDER_MARK
from obsline.core.models import Conflict, Observation

Names = MutableMapping[str, Any]  # digest -> handle, and "#<kind>" -> handles of that kind so far


def handle_for(names: Names, kind: str, digest: str) -> str:
    handle = names.get(digest)
    if handle is None:
        count = names.get("#" + kind, 0) + 1
        names["#" + kind] = count
        handle = names[digest] = f"[secret:{kind}-{count}]"
    return handle


def name_text(text: str, names: Names) -> str:
    if PLACEHOLDER_MARK not in text:
        return text
    return PLACEHOLDER.sub(lambda m: handle_for(names, m.group(1), m.group(2)), text)


def name_values(value: Any, names: Names) -> Any:
    """``value`` with every placeholder in its strings named (containers copied, never mutated:
    the adapt memo shares them)."""
    kind = type(value)
    if kind is str:
        return name_text(value, names)
    if kind is dict:
        return {k: name_values(v, names) for k, v in value.items()}
    if kind is list:
        return [name_values(v, names) for v in value]
    return value


def needs_naming(observation: Observation, names: Names) -> bool:
    """A placeholder can be in the text only if this result hid a value, or an earlier one of
    its task did (deltas quote old values): then the task has names already."""
    return bool(observation.control.redactions) or bool(names) and PLACEHOLDER_MARK in observation.text


def name_observation(observation: Observation, names: Names) -> Observation:
    """The observation as the model may see it: handles instead of placeholders everywhere.
    Records are named first, in their order, so numbering follows the result's own order."""
    o = observation
    records = [{**r, "handle": name_text(r["handle"], names)} for r in o.control.redactions]
    error = o.error
    if error is not None and PLACEHOLDER_MARK in error.message:
        error = dataclasses.replace(error, message=name_text(error.message, names))
    conflicts = [Conflict(c.entity_id, c.fact, name_values(c.values, names)) for c in o.conflicts]
    return dataclasses.replace(
        o, text=name_text(o.text, names), data=name_values(o.data, names), error=error,
        metadata=name_values(o.metadata, names), conflicts=conflicts,
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
