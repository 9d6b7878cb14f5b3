"""The loop signals where the agent framework calls the tools: the context view by supersession
applied to a message history, and the optimistic-concurrency check of a write before it runs.
Shared by the LangChain middleware and the MCP gateway (both keep the task's in-process state
in a ``Runner``), so the two say the same thing.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from obsline.aligner.signals.context import Entry, context_view
from obsline.aligner.signals.freshness import check_write, write_text
from obsline.core import codec
from obsline.core.errors import ErrorCode, ObslineError
from obsline.core.models import Observation

STALE_WRITES = ("flag", "block")  # flag: the call runs, the check goes beside it; block: it never runs


class StaleWrite(ObslineError):
    """A write based on a version older than the last one the task observed (not sent)."""

    code = ErrorCode.CONFLICT

    def __init__(self, stale: dict[str, Any]) -> None:
        super().__init__(write_text(stale) + " (not sent)")
        self.stale = stale


def stale_write(fold_state: Any, args: Any, write: bool) -> dict[str, Any] | None:
    """Before a call runs: the version its arguments are based on, when the task has since
    observed another one for the entity they name (``freshness.check_write``); None otherwise."""
    versions = fold_state.get("versions") if isinstance(fold_state, dict) else None
    if not versions or not isinstance(args, dict):
        return None
    return check_write(versions, args, None, write)


def flag_stale(message: Any, stale: dict[str, Any] | None) -> Any:
    """A LangChain tool message with the check made before its call ran, when it found a stale
    write (``response_metadata["obsline"]["stale_write"]``); anything else unchanged."""
    if stale is None or getattr(message, "type", None) != "tool":
        return message
    meta = message.response_metadata
    return message.model_copy(update={"response_metadata": {**meta, "obsline": {**meta.get("obsline", {}),
                                                                                 "stale_write": stale}}})


def observation_of(artifact: Any) -> Observation | None:
    """The observation a tool message carries as its artifact (the middleware's), if any."""
    if not isinstance(artifact, dict) or "dedup" not in artifact or "task_id" not in artifact:
        return None
    try:
        return codec.observation_from(artifact)
    except Exception:  # another middleware's artifact: not ours to read
        return None


def masked_contents(observations: Sequence[Observation]) -> list[str | None]:
    """For each observation, its one mask line when superseded (None: shown as it is)."""
    return [e.text if e.superseded_by is not None else None for e in context_view(observations)]


def mask_messages(messages: Sequence[Any]) -> list[Any] | None:
    """The history with each superseded tool result's content masked to one line
    (``#4 get_order: superseded by #9``); None when nothing is masked. Messages other than
    obsline's tool results pass unchanged; the history itself is not changed (the model is
    shown the view, the thread keeps every result)."""
    found = _tool_results(messages)
    if len(found) < 2:
        return None
    masks = masked_contents([obs for _, _, obs in found])
    if not any(masks):
        return None
    out = list(messages)
    for (i, message, _), mask in zip(found, masks, strict=True):
        if mask is not None:
            out[i] = message.model_copy(update={"content": mask})
    return out


def _tool_results(messages: Sequence[Any]) -> list[tuple[int, Any, Observation]]:
    """The messages that are obsline's tool results: (index, message, its observation)."""
    found: list[tuple[int, Any, Observation]] = []
    for i, message in enumerate(messages):
        obs = observation_of(getattr(message, "artifact", None)) if getattr(message, "type", None) == "tool" else None
        if obs is not None:
            found.append((i, message, obs))
    return found


class History:
    """The observations of each task, in order, for the context view (the gateway's; bounded:
    the least recently used tasks go first, and a task keeps its last ``per_task``)."""

    def __init__(self, max_tasks: int = 1_000, per_task: int = 500) -> None:
        self.max_tasks, self.per_task = max_tasks, per_task
        self._tasks: OrderedDict[str, list[Observation]] = OrderedDict()

    def add(self, obs: Observation) -> None:
        seen = self._tasks.setdefault(obs.task_id, [])
        self._tasks.move_to_end(obs.task_id)
        seen.append(obs)
        if len(seen) > self.per_task:
            del seen[: len(seen) - self.per_task]
        while len(self._tasks) > self.max_tasks:
            self._tasks.popitem(last=False)

    def view(self, task: str) -> list[Entry]:
        return context_view(self._tasks.get(task, []))

    def forget(self, task: str) -> None:
        """``task``'s observations dropped (its session closed, or its state was forgotten)."""
        self._tasks.pop(task, None)


__all__ = ["STALE_WRITES", "History", "StaleWrite", "flag_stale", "mask_messages", "masked_contents", "observation_of",
           "stale_write"]
