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

    def ok(n: Any, refs: Any = ()) -> bool:
        return n in held and all(r in held for r in refs or ())

    state["baselines"] = {k: b for k, b in state["baselines"].items() if ok(b.get("n"), b.get("refs"))}
    state["shown"] = {k: n for k, n in state["shown"].items()
                      if (ok(n[0], n[1:]) if isinstance(n, list) else ok(n))}
    state["views"] = {k: kept for k, views in state["views"].items()
                      if (kept := [v for v in views if ok(v["n"], v.get("refs"))])}
    state["texts"] = {k: t for k, t in state["texts"].items() if int(k) in held}
    state["lineat"] = {}  # indexed again, lazily, from the texts kept
    state["keys"] = {}  # a ditto names the nearest line above, which the reader may lack
    numbers = state["numbers"]
    top = max(held, default=0)
    state["numbers"] = {k: n for k, n in numbers.items() if k == "next" or n in held}
    state["numbers"]["next"] = max(numbers.get("next", 1), top + 1)
    return state


def referenced(state: FoldState) -> set[int]:
    """Every observation number the state could point a later observation at."""
    found: set[int] = {int(k) for k in state.get("texts") or {}}
    for b in (state.get("baselines") or {}).values():
        found.update([b.get("n"), *(b.get("refs") or ())])
    for n in (state.get("shown") or {}).values():
        found.update(n if isinstance(n, list) else [n])
    for views in (state.get("views") or {}).values():
        for v in views:
            found.update([v.get("n"), *(v.get("refs") or ())])
    found.update(n for k, n in (state.get("numbers") or {}).items() if k != "next")
    return {n for n in found if isinstance(n, int)}


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
