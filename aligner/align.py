"""Cross-source alignment (seed 001): group facts by entity, flag conflicts, age facts.

The aligner is a notary, not a detective: it never picks a winner and never infers a value.
Its state is a join-semilattice (sets merged by union), so ``merge`` is associative,
commutative and idempotent, and ``align(A+B) == merge(align(A), align(B))``.

State (JSON-native, so it can live in a Faust table unchanged):
    {"facts":   {entity: {fact: {value_text: [[tool, step], ...]}}},
     "effects": {entity: [step, ...]}}   # steps of side effects that changed the entity
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from typing import Any

from obsline.models import Adapted, Conflict, Snapshot, Status, ToolKind
from obsline.notation import cell

AlignState = dict[str, Any]


def empty_state() -> AlignState:
    return {"facts": {}, "effects": {}}


def facts_of(adapted: Adapted) -> AlignState:
    """The state one result contributes: its scalar facts, and the change it made if any."""
    state = empty_state()
    _add_facts(state, adapted)
    return state


def _add_facts(state: AlignState, adapted: Adapted) -> None:
    """Merge one result's facts into ``state`` in place: ``merge_into(state, facts_of(adapted))``
    without building the one-record state first."""
    entity = adapted.entity_id
    if adapted.status is not Status.SUCCESS or not entity:
        return
    tool, step = adapted.tool, adapted.ids.step_id
    if adapted.kind is ToolKind.SIDE_EFFECT:
        state["effects"][entity] = _union(state["effects"].get(entity, []), [step])
    mine = None
    for fragment in adapted.fragments:
        if fragment.entity_id is None or isinstance(fragment.value, (dict, list)):
            continue
        if mine is None:
            mine = state["facts"].setdefault(entity, {})
        slot = mine.setdefault(fragment.name, {})
        text = cell(fragment.value)
        seen = slot.get(text)
        slot[text] = [[tool, step]] if seen is None else _union(seen, [[tool, step]])


def _union(a: list[Any], b: list[Any]) -> list[Any]:
    """Sorted union of two sorted, duplicate-free lists of scalars or [tool, step] pairs."""
    if not a:
        return b
    if not b or a == b:
        return a
    if len(b) == 1:  # the common case: one more reading of a fact already known
        if b[0] in a:
            return a
        out = list(a)
        bisect.insort(out, b[0])
        return out
    items = {tuple(x) if isinstance(x, list) else x for x in a + b}
    return [list(x) if isinstance(x, tuple) else x for x in sorted(items)]


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
    return target


def merge(a: AlignState, b: AlignState) -> AlignState:
    """Union of two states; neither input is modified."""
    copy: AlignState = {
        "facts": {e: {f: dict(v) for f, v in fs.items()} for e, fs in a["facts"].items()},
        "effects": {e: list(s) for e, s in a["effects"].items()},
    }
    return merge_into(copy, b)


def align_all(results: Iterable[Adapted]) -> AlignState:
    state = empty_state()
    for adapted in results:
        state = merge(state, facts_of(adapted))
    return state


def conflicts(state: AlignState, entity: str, only: Iterable[str] | None = None) -> list[Conflict]:
    """Facts of ``entity`` read with different values by different tools, with no change
    (side effect) on the entity between the two reads."""
    found: list[Conflict] = []
    facts = state["facts"].get(entity, {})
    several = [n for n in (facts if only is None else only) if len(facts.get(n, ())) > 1]
    if not several:  # most records: no fact of theirs was ever read with two values
        return found
    effects = state["effects"].get(entity, [])
    for fact in sorted(several):
        values = facts[fact]
        readings = sorted((step, tool, value) for value, seen in values.items() for tool, step in seen)
        clash = [
            (x, y) for i, x in enumerate(readings) for y in readings[i + 1:]
            if x[2] != y[2] and x[1] != y[1] and not any(x[0] <= s <= y[0] for s in effects)
        ]
        if clash:
            involved = sorted({r for pair in clash for r in pair})
            found.append(Conflict(entity, fact, [
                {"value": value, "source": f"{tool}:{fact}", "step_id": step}
                for step, tool, value in involved
            ]))
    return found


def align(adapted: Adapted, state: AlignState | None) -> tuple[Snapshot, AlignState]:
    """The align stage for one result: merge it into its task's state, report its conflicts."""
    # The task's state is owned by this call and updated in place: copying it per record
    # would make a long task quadratic. ``merge`` stays the pure form of the same law.
    state = state if state is not None else empty_state()
    _add_facts(state, adapted)
    found: list[Conflict] = []
    if adapted.entity_id and adapted.kind is not ToolKind.SIDE_EFFECT:
        names = {f.name for f in adapted.fragments}
        found = conflicts(state, adapted.entity_id, names)
    age = None
    if adapted.retrieved_at is not None:
        # Without a query time the reference is the retrieval itself: age 0.0, as the formula
        # gives (it is 0.0 for nan and inf too), without its costly round().
        if adapted.query_ts is None:
            age = 0.0
        else:
            age = max(0.0, round(adapted.query_ts - adapted.retrieved_at, 3))
    return Snapshot(adapted=adapted, conflicts=found, age_seconds=age), state
