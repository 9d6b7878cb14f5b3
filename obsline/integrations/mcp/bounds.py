"""What the gateway keeps per task, and the limits that keep a long-lived gateway's memory flat.

Per task (one per MCP session, stdio process, principal or task capability) the gateway keeps the
stages' state (align and fold: what dedup and conflicts compare against), the task's recent action
ids and the list of its artifacts for ``resources/list``. Raws never stay in memory: they go to
the artifact store (a folder or S3) at once and are read back from it.

Raws are staged by the store and written at least once a second (``FLUSH_SECONDS``).
Defaults (``Limits``):
  - ``window`` = 500: a task's fold state remembers its last 500 numbered observations; an older
    one is no longer pointed at ("same as #N"), a read of what it showed is shown in full again,
    and the align state forgets readings older than the window's first step;
  - ``max_tasks`` = 128 task states, least recently used out first;
  - ``idle_seconds`` = 1800: a task idle for 30 minutes is forgotten;
  - a closed HTTP session's task is forgotten as soon as its connection goes.
A forgotten task loses nothing it was given: its artifacts stay readable with their references
(the store keeps them for its TTL) and its step counter goes on (``TaskIds``), so no reference is
ever reused. Its next call starts from empty state: its reads are "new" again, which is the safe
side (nothing folds against an observation the client may no longer hold).
"""

from __future__ import annotations

import contextlib
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from obsline.aligner.foldstate import restrict


@dataclass(frozen=True, slots=True)
class Limits:
    window: int = 500
    max_tasks: int = 128
    idle_seconds: float = 1800.0


def trim_fold(state: dict[str, Any], window: int, low: int) -> int | None:
    """Cut a fold state to its last ``window`` numbered observations once it spans half a window
    more than that since ``low`` (its first number kept; amortized: one cut per ``window // 2``
    numbers). The new first number when it cut, else None."""
    top = int((state.get("numbers") or {}).get("next", 1)) - 1
    if top - low + 1 <= window + window // 2:
        return None
    first = top - window + 1
    restrict(state, set(range(first, top + 1)))
    calls = state.get("calls") or {}  # signals: a repeated call names its earlier #N
    for call in [c for c, r in calls.items() if (_call_record(r).get("n") or first) < first]:
        del calls[call]
    return first


def trim_calls(state: dict[str, Any], first_step: int) -> None:
    """The signals' call records (fold state ``calls``) older than ``first_step`` forgotten."""
    calls = state.get("calls") or {}
    for call in [c for c, r in calls.items() if _call_record(r).get("step", first_step) < first_step]:
        del calls[call]


def _call_record(row: Any) -> dict[str, Any]:
    """A signals call record, stamped (``{"v": record, "by": ...}``, replay-safe) or plain."""
    record = row.get("v", row) if isinstance(row, dict) else {}
    return record if isinstance(record, dict) else {}


def trim_align(state: dict[str, Any], first_step: int) -> None:
    """Forget readings older than ``first_step`` (a reading is [tool, step, action, confidence]),
    and entities left with none; side effects older than it likewise."""
    facts = state.get("facts") or {}
    for entity in list(facts):
        if not _trim_names(facts[entity], first_step):
            del facts[entity]
            (state.get("reported") or {}).pop(entity, None)
    _trim_effects(state.get("effects") or {}, first_step)


def _trim_effects(effects: dict[str, list[int]], first_step: int) -> None:
    """Each entity's side-effect steps from ``first_step`` on; entities left with none out."""
    for entity in list(effects):
        kept = [s for s in effects[entity] if s >= first_step]
        if kept:
            effects[entity] = kept
        else:
            del effects[entity]


def _trim_names(names: dict[str, Any], first_step: int) -> dict[str, Any]:
    """One entity's facts without the readings older than ``first_step`` (in place), and
    without the names left with none."""
    for name in list(names):
        values = {text: kept for text, readings in names[name].items()
                  if (kept := [r for r in readings if r[1] >= first_step])}
        if values:
            names[name] = values
        else:
            del names[name]
    return names


class TaskStates:
    """Least-recently-used tasks with their last use; ``forget`` is told which to drop."""

    def __init__(self, limits: Limits, forget: Callable[[str, bool], None], clock: Callable[[], float] = time.monotonic):
        self.limits, self._forget, self._clock = limits, forget, clock
        self._used: OrderedDict[str, float] = OrderedDict()
        self._closed: list[str] = []  # tasks of connections gone (appended from a weakref finalizer)

    def __len__(self) -> int:
        return len(self._used)

    def __contains__(self, task: str) -> bool:
        return task in self._used

    def closed(self, task: str) -> None:
        """The connection behind ``task`` went: forget it at the next ``used``. Safe to call from
        a garbage-collector callback (it only appends)."""
        self._closed.append(task)

    def used(self, task: str) -> None:
        """``task`` is being served now; drop what is closed, idle or beyond the cap."""
        now = self._clock()
        while self._closed:
            gone = self._closed.pop()
            if gone != task:
                self._used.pop(gone, None)
                self._forget(gone, True)
        self._used.pop(task, None)
        self._used[task] = now
        while self._used:  # oldest first: once one is kept, the rest are newer (no copy of the whole LRU)
            old, last = next(iter(self._used.items()))
            if len(self._used) <= self.limits.max_tasks and now - last <= self.limits.idle_seconds:
                break
            del self._used[old]
            self._forget(old, False)


FLUSH_SECONDS = 1.0  # raws staged in memory at most this long before the store writes them


class Kept:
    """The gateway's per-task state under ``limits``: the stages' (``runner``, set once the
    gateway started), the task ids' and the artifact index's; the store's staged raws written
    at least every ``FLUSH_SECONDS`` (its own flush thresholds are 4,096 entries or 8 MB)."""

    def __init__(self, limits: Limits, tasks: Any, index: Any, store: Any = None, history: Any = None) -> None:
        self.limits, self.tasks, self.index, self.store, self.history = limits, tasks, index, store, history
        self._flushed = time.monotonic()
        self.runner: Any = None
        self.states = TaskStates(limits, self.forget)
        self._first: dict[str, tuple[int, int]] = {}  # task -> (first number, first step) its state keeps
        self._watched: weakref.WeakSet[Any] = weakref.WeakSet()  # connections whose going forgets their task

    def serving(self, ctx: Any, ids: Any) -> None:
        """Before a call of ``ids.task_id``: the task is the most recently used; a session's task
        is forgotten when its connection goes."""
        self.states.used(ids.task_id)
        connection = getattr(getattr(ctx, "session", None), "_connection", None)
        if ids.scope == "session" and connection is not None:
            with contextlib.suppress(TypeError):  # not weak-referenceable: the LRU and TTL bound it
                if connection not in self._watched:
                    self._watched.add(connection)
                    weakref.finalize(connection, self.states.closed, ids.task_id)

    def forget(self, task: str, closed: bool = False) -> None:
        if self.runner is not None:
            self.runner.align_state.pop(task, None)
            self.runner.fold_state.pop(task, None)
        self.index.forget(task)
        if self.history is not None:  # the context view: what obsline_context shows of the task
            self.history.forget(task)
        self.tasks.forget(task, session_closed=closed)
        self._first.pop(task, None)

    def served(self, task: str, step: int) -> None:
        """After a call: the task's fold and align state cut to the window."""
        window = self.limits.window
        first_n, first_step = self._first.get(task, (1, 0))
        fold = self.runner.fold_state.get(task)
        if fold is not None:
            first_n = trim_fold(fold, window, first_n) or first_n
        if step - first_step + 1 > window + window // 2:
            first_step = step - window + 1
            trim_align(self.runner.align_state.get(task) or {}, first_step)
            trim_calls(fold or {}, first_step)
        self._first[task] = (first_n, first_step)
        now = time.monotonic()
        if self.store is not None and now - self._flushed >= FLUSH_SECONDS:
            self._flushed = now
            self.store.flush()
