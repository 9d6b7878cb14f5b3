"""Cross-source alignment (seed 001): group facts by entity, flag conflicts, age facts.

The aligner is a notary, not a detective: it never picks a winner and never infers a value.
Its state is a join-semilattice (sets merged by union), so ``merge`` is associative,
commutative and idempotent, and ``align(A+B) == merge(align(A), align(B))``.

Volatile fields (the contract's ``volatile_fields``, and names that look volatile: serving
timestamps, request and trace ids, see ``looks_volatile``) are not facts: two reads that differ
only there agree. A conflict is reported once, on the record that makes it appear, and again
only when its set of values changes; ``reported`` remembers the value sets reported so far, a
set too, so the state stays a semilattice.

State (JSON-native, so it can live in a Faust table unchanged):
    {"facts":    {entity: {fact: {value_text: [[tool, step, action, confidence], ...]}}},
     "effects":  {entity: [step, ...]},    # steps of side effects that changed the entity
     "reported": {entity: {fact: [value set, ...]}}}   # conflicts already shown
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from decimal import Decimal
from functools import lru_cache
from itertools import repeat
from operator import attrgetter
from typing import Any

from obsline.core.models import Adapted, Conflict, Snapshot, Status, ToolKind
from obsline.core.notation import cell

AlignState = dict[str, Any]
SECTIONS = ("facts", "effects", "reported")  # the state's sections (streams keep one row per key)

# Names of fields that change on every call without saying anything about the entity.
_VOLATILE = re.compile(
    r"(^|_)(served|fetched|generated|retrieved|responded|rendered|computed|checked|polled|queried|sent|server)"
    r"_?(at|on|time|ts|timestamp)$"
    r"|^(ts|timestamp|now|server_time|current_time|response_time|as_of|nonce|etag|latency|latency_ms|elapsed"
    r"|elapsed_ms|duration_ms|took|took_ms|cache_age)$"
    r"|(^|_)(request|req|trace|span|correlation|response|transaction_trace)_?id$", re.IGNORECASE)


@lru_cache(maxsize=4096)
def looks_volatile(name: str) -> bool:
    """``served_at``, ``request_id``, ``traceId``, ``timestamp``: not facts about the entity.
    (``created_at``, ``updated_at`` are: they say when the entity itself changed.)"""
    return _VOLATILE.search(name.replace("-", "_")) is not None or _VOLATILE.search(_snake(name)) is not None


# Whether a name is skipped (looks volatile, or is one of the contract's volatile fields), by
# the contract's set: one dict look-up per fragment. Bounded: names come from outside.
_skipped: dict[frozenset[str], dict[str, bool]] = {}
MAX_REMEMBERED_NAMES = 65536


_CONTAINERS = (dict, list)  # values that are not facts themselves (their scalars are)
_NAME = attrgetter("name")


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def empty_state() -> AlignState:
    return {section: {} for section in SECTIONS}


def facts_of(adapted: Adapted, volatile: frozenset[str] = frozenset()) -> AlignState:
    """The state one result contributes: its scalar facts, and the change it made if any."""
    state = empty_state()
    _add_facts(state, adapted, volatile)
    return state


def _add_facts(state: AlignState, adapted: Adapted, volatile: frozenset[str] = frozenset()) -> None:
    """Merge one result's facts into ``state`` in place: ``merge_into(state, facts_of(adapted))``
    without building the one-record state first."""
    entity = adapted.entity_id
    if adapted.status is not Status.SUCCESS or not entity:
        return
    tool, step, action = adapted.tool, adapted.ids.step_id, adapted.ids.action_id
    if adapted.kind is ToolKind.SIDE_EFFECT:
        state["effects"][entity] = _union(state["effects"].get(entity, []), [step])
    mine = None
    skipped = _skipped.get(volatile)
    if skipped is None:
        skipped = {}
        if len(_skipped) < 1024:  # one set per contract: more are not kept
            _skipped[volatile] = skipped
    last_confidence, reading = None, None
    for fragment in adapted.fragments:
        value = fragment.value
        if fragment.entity_id is None or isinstance(value, _CONTAINERS):
            continue
        name = fragment.name
        if skipped.get(name) is not False and _skips(skipped, name, volatile):  # (most names: known facts)
            continue
        if mine is None:
            mine = state["facts"].setdefault(entity, {})
        kind = type(value)  # ``cell(value)``, its two usual cases inline (tests/aligner/test_align_properties.py)
        text = value if kind is str and value.isalnum() else str(value) if kind is int else cell(value)
        if fragment.confidence != last_confidence:  # one reading for the facts read alike: never mutated
            last_confidence = fragment.confidence
            reading = [tool, step, action, last_confidence]
        slot = mine.get(name)
        if slot is None:  # the task's first reading of this fact (most records: a new task's first read)
            mine[name] = {text: [reading]}
            continue
        seen = slot.get(text)
        if seen is None:
            slot[text] = [reading]
        elif reading not in seen:  # (a repeat of a reading leaves the state as it is)
            slot[text] = _inserted(seen, reading)


def _skips(skipped: dict[str, bool], name: str, volatile: frozenset[str]) -> bool:
    """Whether a fact called ``name`` is left out (volatile), remembered in ``skipped``."""
    skip = skipped.get(name)
    if skip is None:
        skip = looks_volatile(name) or name in volatile
        if len(skipped) < MAX_REMEMBERED_NAMES:
            skipped[name] = skip
    return skip


def _union(a: list[Any], b: list[Any]) -> list[Any]:
    """Sorted union of two sorted, duplicate-free lists of scalars or [tool, step] pairs."""
    if not a:
        return b
    if not b or a == b:
        return a
    if len(b) == 1:  # the common case: one more reading of a fact already known
        return a if b[0] in a else _inserted(a, b[0])
    items = {tuple(x) if isinstance(x, list) else x for x in a + b}
    return [list(x) if isinstance(x, tuple) else x for x in sorted(items)]


def _inserted(a: list[Any], item: Any) -> list[Any]:
    """``a`` with ``item`` in its sorted place, as a new list: states merged by ``merge`` share
    their lists, so a list in a state is never changed in place."""
    out = list(a)
    bisect.insort(out, item)
    return out


def merge_into(target: AlignState, other: AlignState) -> AlignState:
    """Union ``other`` into ``target`` in place (the stage owns its task's state)."""
    facts = target["facts"]
    for entity, fs in other["facts"].items():
        mine = facts.setdefault(entity, {})
        for fact, values in fs.items():
            slot = mine.setdefault(fact, {})
            for value, seen in values.items():
                slot[value] = _union(slot.get(value, []), seen)
    effects = target["effects"]
    for entity, steps in other["effects"].items():
        effects[entity] = _union(effects.get(entity, []), steps)
    reported = target.setdefault("reported", {})
    for entity, fs in other.get("reported", {}).items():
        mine = reported.setdefault(entity, {})
        for fact, sets in fs.items():
            mine[fact] = _union(mine.get(fact, []), sets)
    return target


def merge(a: AlignState, b: AlignState) -> AlignState:
    """Union of two states; neither input is modified."""
    copy: AlignState = {
        "facts": {e: {f: dict(v) for f, v in fs.items()} for e, fs in a["facts"].items()},
        "effects": {e: list(s) for e, s in a["effects"].items()},
        "reported": {e: dict(fs) for e, fs in a.get("reported", {}).items()},
    }
    return merge_into(copy, b)


def align_all(results: Iterable[Adapted]) -> AlignState:
    state = empty_state()
    for adapted in results:
        state = merge(state, facts_of(adapted))
    return state


_NUMBER = re.compile(r"-?\d+(\.\d+)?([eE][-+]?\d+)?")


def same_number(a: str, b: str) -> bool:
    """Two value texts that are one number (``9.99`` and ``9.990``, ``1e3`` and ``1000``)."""
    if _NUMBER.fullmatch(a) is None or _NUMBER.fullmatch(b) is None:
        return False
    return Decimal(a) == Decimal(b)


def conflicts(state: AlignState, entity: str, only: Iterable[str] | None = None) -> list[Conflict]:
    """Facts of ``entity`` read with different values by different tools, with no change
    (side effect) on the entity between the two reads."""
    found: list[Conflict] = []
    facts = state["facts"].get(entity, {})
    names = list(facts if only is None else only)
    # Most records: no fact of theirs was ever read with two values (found in C, name by name).
    if max(map(len, map(facts.get, names, repeat(()))), default=0) <= 1:
        return found
    several = [n for n in names if len(facts.get(n, ())) > 1]
    effects = state["effects"].get(entity, [])
    for fact in sorted(several):
        values = facts[fact]
        readings = sorted((r[1], r[0], value, r[2], r[3]) for value, seen in values.items() for r in seen)
        clash = [
            (x, y) for i, x in enumerate(readings) for y in readings[i + 1:]
            if x[2] != y[2] and x[1] != y[1] and not same_number(x[2], y[2])
            and not any(x[0] <= s <= y[0] for s in effects)
        ]
        if clash:
            involved = sorted({r for pair in clash for r in pair})
            found.append(Conflict(entity, fact, [
                {"value": value, "source": f"{tool}:{fact}", "step_id": step, "action_id": action,
                 "confidence": confidence}
                for step, tool, value, action, confidence in involved
            ], round(sum(r[4] for r in involved) / len(involved), 4)))
    return found


def value_set(conflict: Conflict) -> str:
    """What makes a conflict new: its set of values (not who read them, nor how often)."""
    return "\x1f".join(sorted({v["value"] for v in conflict.values}))


def align(adapted: Adapted, state: AlignState | None,
          volatile: frozenset[str] = frozenset()) -> tuple[Snapshot, AlignState]:
    """The align stage for one result: merge it into its task's state, report the conflicts
    it makes appear (or whose values it changes). ``volatile``: the contract's volatile fields."""
    # The task's state is owned by this call and updated in place: copying it per record
    # would make a long task quadratic. ``merge`` stays the pure form of the same law.
    state = state if state is not None else empty_state()
    if "reported" not in state:  # a state written before conflicts were reported once
        state["reported"] = {}
    _add_facts(state, adapted, volatile)
    found: list[Conflict] = []
    entity = adapted.entity_id
    if entity and adapted.kind is not ToolKind.SIDE_EFFECT:
        found = conflicts(state, entity, set(map(_NAME, adapted.fragments)))
        if found:
            reported = state["reported"]
            known = reported.get(entity) or {}
            fresh = [c for c in found if value_set(c) not in known.get(c.fact, ())]
            if fresh:
                mine = dict(known)
                for c in fresh:
                    mine[c.fact] = _union(mine.get(c.fact, []), [value_set(c)])
                reported[entity] = mine  # written back whole: a Faust table row per entity
            found = fresh
    age = None
    if adapted.retrieved_at is not None:
        # Without a query time the reference is the retrieval itself: age 0.0, as the formula
        # gives (it is 0.0 for nan and inf too), without its costly round().
        if adapted.query_ts is None:
            age = 0.0
        else:
            age = max(0.0, round(adapted.query_ts - adapted.retrieved_at, 3))
    return Snapshot(adapted, found, age), state  # (positional: no name matching, every record)
