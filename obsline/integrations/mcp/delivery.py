"""Dedup state advances only for results the client can receive.

The SDK's client validates ``structuredContent`` against the tool's ``outputSchema`` and raises
on a mismatch: that result never reaches the agent. Had the fold state kept it, the next
identical call would answer ``unchanged since #1`` for a result nobody saw. So for a tool with
an ``outputSchema`` the gateway keeps a copy of the task's align and fold state from before
the call and puts it back when the answer it made would not validate. The upstream's own
structure has passed the gateway's SDK client's check, and the compaction keeps it valid, so only a
secret in a field the schema constrains by content can break it: the copy is taken only for
tools whose schema has such a constraint (fleet mode's workers keep their own state).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import mcp_types as types
import orjson

from obsline.integrations.mcp.structured import valid
from obsline.pipeline import Runner

_CONTENT = (b'"pattern"', b'"format"', b'"enum"', b'"const"', b'"maxLength"')
_constrained: dict[bytes, bool] = {}


def constrains_content(schema: Mapping[str, Any] | None) -> bool:
    """Whether ``schema`` constrains any string by content (memoised per schema text)."""
    if schema is None:
        return False
    text = orjson.dumps(schema, option=orjson.OPT_SORT_KEYS)
    found = _constrained.get(text)
    if found is None:
        if len(_constrained) > 1024:  # tool lists are small; a churning upstream must not grow this
            _constrained.clear()
        found = _constrained[text] = any(k in text for k in _CONTENT)
    return found


class Checkpoint:
    def __init__(self, runner: Runner, task_id: str, needed: bool) -> None:
        self.runner, self.task_id = runner, task_id
        self.saved = copy.deepcopy((runner.align_state.get(task_id), runner.fold_state.get(task_id))) \
            if needed else None
        self.needed = needed

    def restore(self) -> None:
        if not self.needed:
            return
        for states, saved in zip((self.runner.align_state, self.runner.fold_state), self.saved or (None, None),
                                 strict=True):
            if saved is None:
                states.pop(self.task_id, None)  # type: ignore[attr-defined]
            else:
                states[self.task_id] = saved  # type: ignore[index]


def deliverable(result: types.CallToolResult, schema: Mapping[str, Any] | None) -> bool:
    """Whether the SDK's client would accept ``result`` (it checks no error result)."""
    # An invalid schema validates nothing: the client refuses every result of the tool.
    return schema is None or result.is_error or valid(result.structured_content, schema)


UNDELIVERABLE_NOTE = ("structuredContent does not validate against the tool's outputSchema (the client will "
                      "refuse it): not counted as seen, so the next identical call is answered in full")
