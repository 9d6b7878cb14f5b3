"""One walk of a JSON result for every status detector: which keys stand where.

The detectors of ``status._status_of_json`` (incomplete, still running, error envelope, exit
code, job at any depth, partial batch) each used to read the result on its own, the job reader
with a breadth-first walk of its own. ``survey`` walks the objects once, breadth first to the
job reader's depth (objects inside objects; lists are items, read by the batch reader only),
and notes the keys of the top object's direct objects (where wrappers are looked into) and the objects that hold a
job's keys (a state word or a ``done`` flag). Each detector is then tried only when the keys it
starts from stand where it reads them: an ordinary record (an order, a user) pays the walk and
a few set tests in C. ``plain=True`` (the reference twin) tries every detector.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from obsline.adapters.status_incomplete import flag_keys
from obsline.adapters.status_shapes import JOB_DEPTH, JOB_KEYS, an_operation, only_items, state_key


@dataclass(slots=True)  # (not frozen: a frozen dataclass' __init__ costs a setattr call a field)
class Survey:
    inner: frozenset[str]  # the keys of the objects directly inside the top one (wrappers)
    job_nodes: list[tuple[dict[str, Any], dict[str, Any] | None]]  # (object, parent), breadth first


# The walk's tests run in C (no bytecode per value): ``isinstance(v, dict)`` and "holds a job key".
_IS_OBJECT = partial(type.__instancecheck__, dict)


@lru_cache(maxsize=8192)  # objects of one tool repeat their keys: each set of keys is read once
def holds_state_key(keys: tuple[str, ...]) -> bool:
    """A job's keys: a state word's or a ``done`` flag, in any style (``JobRunState``); or a flag
    that says the result is not whole, at any depth (Sourcegraph's ``results.limitHit``)."""
    return not JOB_KEYS.isdisjoint(keys) or any(map(state_key, keys)) or flag_keys(keys)


def survey(obj: dict[str, Any], keys: tuple[str, ...] | None = None) -> Survey:
    """``keys``: the top object's keys to read (status: those whose value is not null)."""
    inner: set[str] = set()
    job_nodes: list[tuple[dict[str, Any], dict[str, Any] | None]] = [(obj, None)] if holds_state_key(
        tuple(obj) if keys is None else keys) or "metadata" in obj and an_operation(obj) else []
    level: list[dict[str, Any]] = [obj]
    if len(obj) <= 2:  # a describe call's one item, read as if it stood at the top
        items = only_items(obj)
        job_nodes.extend((item, obj) for item in items if holds_state_key(tuple(item)))
        level += items
    for depth in range(1, JOB_DEPTH + 1):
        # One level at a time, in C: the objects below every object of this level (in the order a
        # walk parent by parent meets them), and the parents looked for only where a job's keys stand.
        below = [v for parent in level for v in parent.values() if type(v) is dict or isinstance(v, dict)]
        if not below:
            break
        if depth == 1:  # (a describe call's item's objects too: more readers tried, none missed)
            inner.update(*below)
        if any(map(holds_state_key, map(tuple, below))):  # (in C: a cache hit an object)
            job_nodes.extend((node, parent) for parent in level for node in filter(_IS_OBJECT, parent.values())
                             if holds_state_key(tuple(node)))
        level = below
    return Survey(frozenset(inner), job_nodes)
