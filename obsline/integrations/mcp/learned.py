"""Kinds learned from the traffic so far, for tools that say nothing about themselves.

A tool with no contract gets its kind from its MCP annotations, else from its name and
description (``contracts.py``); one whose name has no known verb, with no annotations and a
description that names no write, is left ``side_effect`` (never folded). The gateway watches
such a tool's results: once identical calls (same arguments, same task, no write between them)
have returned the same result ``MIN_EQUAL_REPEATS`` times and never a different one, it behaves
as a read, and its contract becomes the draft ``obsline contracts infer`` writes from the calls
seen so far (key, fields, list item key), with kind ``read`` (or ``list``). One different result
for identical calls makes it a side effect again, for good: a tool is never folded on a guess
that the traffic contradicted. A tool that declares anything (``readOnlyHint`` false,
``destructiveHint`` true), whose name is a write verb or whose description names a write, or
that has a YAML contract, is never a candidate.

Bounded: per candidate tool, the last ``MAX_RECORDS`` calls (results over ``MAX_RAW_CHARS`` are
kept as their digest: equal or not is all that counts of them) and one result digest per
(task, arguments) for ``MAX_SLOTS`` of them.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any

import mcp_types as types
import orjson

from obsline.adapters.contract import ToolSpec, parse_contract
from obsline.adapters.infer import infer_contracts
from obsline.adapters.kinds import infer_kind
from obsline.core.models import ToolKind
from obsline.integrations.described import says_it_writes

MIN_EQUAL_REPEATS = 2
MAX_RECORDS = 50
MAX_RAW_CHARS = 65_536
MAX_SLOTS = 1_024


def candidate(tool: types.Tool) -> bool:
    """Whether nothing the tool says decides its kind (so its behaviour may)."""
    a = tool.annotations
    if a is not None and (a.read_only_hint is not None or a.destructive_hint is not None
                          or a.idempotent_hint is not None):
        return False
    return infer_kind(tool.name, None) is ToolKind.GENERIC and not says_it_writes(tool.description)


@dataclass
class _Watched:
    records: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=MAX_RECORDS))
    last: OrderedDict[tuple[str, bytes], bytes] = field(default_factory=OrderedDict)  # (task, args) -> digest
    equal: int = 0
    changed: int = 0

    def compare(self, slot: tuple[str, bytes], digest: bytes) -> None:
        """Count the result as equal or changed against the last one of the same (task,
        arguments), and keep it as that slot's last (the oldest slot out past ``MAX_SLOTS``)."""
        if slot in self.last:
            if self.last.pop(slot) == digest:
                self.equal += 1
            else:
                self.changed += 1
        self.last[slot] = digest
        if len(self.last) > MAX_SLOTS:
            self.last.popitem(last=False)


class Learned:
    """Watches the candidate tools' calls; ``spec`` is the learned contract once they read."""

    def __init__(self) -> None:
        self._watched: dict[str, _Watched] = {}

    def __contains__(self, name: str) -> bool:
        return name in self._watched

    def watch(self, name: str, tool: types.Tool) -> None:
        if candidate(tool) and name not in self._watched:
            self._watched[name] = _Watched()

    def saw(self, name: str, task: str, args: dict[str, Any] | None, raw: Any, error: bool,
            spec_of: Any) -> ToolSpec | None:
        """Note one call's result; a new contract for the tool when its kind changed, else None.
        ``spec_of(data)`` completes the draft (what the gateway derives from the tool itself)."""
        w = self._watched.get(name)
        if w is None or error:
            return None
        before = self.reads(name)
        text = raw if isinstance(raw, str) else orjson.dumps(raw, option=orjson.OPT_SORT_KEYS, default=str).decode()
        digest = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
        slot = (task, orjson.dumps(args or {}, option=orjson.OPT_SORT_KEYS, default=str))
        w.compare(slot, digest)
        w.records.append({"tool": name, "task_id": task, "args": args or {},
                          "raw": raw if len(text) <= MAX_RAW_CHARS else digest.hex()})
        if self.reads(name) == before:
            return None
        return spec_of(self.draft(name) if self.reads(name) else {"name": name, "kind": "side_effect"})

    def wrote(self, task: str) -> None:
        """A tool that may change things ran in ``task``: what its reads returned before says
        nothing of what they return next."""
        for w in self._watched.values():
            for slot in [s for s in w.last if s[0] == task]:
                del w.last[slot]

    def reads(self, name: str) -> bool:
        w = self._watched.get(name)
        return w is not None and w.changed == 0 and w.equal >= MIN_EQUAL_REPEATS

    def draft(self, name: str) -> dict[str, Any]:
        """``obsline contracts infer``'s draft from the calls kept, its kind a read."""
        w = self._watched[name]
        data = infer_contracts(w.records).get(name) or {"name": name}
        data["kind"] = "list" if data.get("kind") == "list" else "read"
        data.pop("description", None)
        return data


def learned_spec(data: dict[str, Any], tool: types.Tool, open_world: bool) -> ToolSpec:
    """The contract of a learned tool: the draft, trusted as the tool's hints say."""
    full = {**data, "untrusted": open_world}
    if tool.description:
        full["description"] = tool.description[:500]
    return parse_contract(full, f"mcp-learned:{data['name']}").build()
