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
    numbers = state["numbers"]
    top = max(held, default=0)
    state["numbers"] = {k: n for k, n in numbers.items() if k == "next" or n in held}
    state["numbers"]["next"] = max(numbers.get("next", 1), top + 1)
    return state
