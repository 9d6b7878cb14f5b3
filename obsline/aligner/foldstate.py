"""A task's fold state cut to what its reader holds (issue 17: forked and resumed threads)."""

from __future__ import annotations

from typing import Any

from obsline.aligner.fold import SECTIONS, FoldState


def restrict(state: FoldState, held: set[int]) -> FoldState:
    """The fold state of a task whose reader holds only the observations ``held`` (a LangGraph
    thread resumed or forked from an earlier checkpoint, a new process on an old thread): what
    points at an observation not held is forgotten, so no later observation can refer to one the
    reader lacks, and numbering goes on after the highest held (never reusing a number). For an
    in-process (plain dict) state."""
    for section in SECTIONS:
        state.setdefault(section, {})
    state["baselines"] = {k: b for k, b in state["baselines"].items() if _held(held, b.get("n"), b.get("refs"))}
    state["shown"] = {k: n for k, n in state["shown"].items() if _held_shown(held, n)}
    state["views"] = _held_views(state["views"], held)
    state["texts"] = {k: t for k, t in state["texts"].items() if int(k) in held}
    state["lineat"] = {}  # indexed again, lazily, from the texts kept
    state["keys"] = {}  # a ditto names the nearest line above, which the reader may lack
    state["numbers"] = _held_numbers(state["numbers"], held)
    return state


def _held(held: set[int], n: Any, refs: Any = ()) -> bool:
    """Whether observation ``n`` and every one in ``refs`` are held."""
    return n in held and all(r in held for r in refs or ())


def _held_shown(held: set[int], n: Any) -> bool:
    """A ``shown`` entry: a number, or [number, *refs]."""
    return _held(held, n[0], n[1:]) if isinstance(n, list) else _held(held, n)


def _held_views(views: dict[str, list[dict[str, Any]]], held: set[int]) -> dict[str, list[dict[str, Any]]]:
    """Each key's views that are held (with all they refer to); a key left with none is dropped."""
    return {k: kept for k, key_views in views.items()
            if (kept := [v for v in key_views if _held(held, v["n"], v.get("refs"))])}


def _held_numbers(numbers: dict[str, Any], held: set[int]) -> dict[str, Any]:
    """The numbers section: entries naming a held observation, and the counter past the highest held."""
    kept = {k: n for k, n in numbers.items() if k == "next" or n in held}
    kept["next"] = max(numbers.get("next", 1), max(held, default=0) + 1)
    return kept


def referenced(state: FoldState) -> set[int]:
    """Every observation number the state could point a later observation at."""
    found: set[int] = {int(k) for k in state.get("texts") or {}}
    for b in _section(state, "baselines").values():
        found.update(_with_refs(b))
    for n in _section(state, "shown").values():
        found.update(n if isinstance(n, list) else [n])
    found.update(_viewed(_section(state, "views")))
    found.update(n for k, n in _section(state, "numbers").items() if k != "next")
    return {n for n in found if isinstance(n, int)}


def _viewed(views: dict[str, list[dict[str, Any]]]) -> list[Any]:
    """The numbers the views name: each view's, and those it refers to."""
    return [n for key_views in views.values() for v in key_views for n in _with_refs(v)]


def _section(state: FoldState, name: str) -> dict[str, Any]:
    return state.get(name) or {}


def _with_refs(entry: dict[str, Any]) -> list[Any]:
    """A baseline's or view's number and the numbers it refers to."""
    return [entry.get("n"), *(entry.get("refs") or ())]


def for_reader(state: FoldState | None, held: set[int]) -> FoldState | None:
    """The task's state fit for a reader holding ``held``: ``None`` stays ``None`` when the reader
    holds nothing (a new thread numbers from #1); a state that points at an observation the reader
    lacks (a branch replayed from an earlier checkpoint, a thread whose history was cut, a new
    process on an old thread) is restricted to what it holds."""
    if state is None:
        return restrict({}, held) if held else None
    if not referenced(state) <= held:
        restrict(state, held)
    return state
