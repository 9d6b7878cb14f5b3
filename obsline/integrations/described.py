"""The kind of a tool from what it says about itself: its name and its description (an MCP
tool's ``description``, a LangChain tool's docstring), for drop-ins that run without contracts.

Folding a repeat is safe only for a tool that changes nothing, so the rule is one-sided: the
name decides as it does for any tool without a contract (``adapters.kinds``: the first word is
the verb), and the description can only take ``read`` away, never grant it to a name that is
not a read. A read-looking name whose description says it writes, sends, deletes ... is
``generic`` (never folded); a write name stays ``side_effect``. Anything unclear is ``generic``.
"""

from __future__ import annotations

import re

from obsline.adapters.kinds import WRITE_VERBS, infer_kind
from obsline.core.models import ToolKind

# Write verbs as a description says them ("Creates a file", "will delete", "sends mail").
_WRITE_FORMS = frozenset(
    {v for v in WRITE_VERBS if len(v) > 2} | {f"{v}s" for v in WRITE_VERBS if len(v) > 2}
    | {f"{v}es" for v in WRITE_VERBS if v.endswith(("sh", "ch", "s", "x"))}
    | {f"{v[:-1]}ies" for v in WRITE_VERBS if v.endswith("y")}
    | {f"{v[:-1]}ing" if v.endswith("e") else f"{v}ing" for v in WRITE_VERBS if len(v) > 2}
    | {"writes", "deletes", "modifies", "overwrites", "creates", "updates", "sends", "executes", "runs",
       "mutates", "changes", "persists", "stores", "appends", "drops", "kills", "terminates"}
) - {"return", "returns", "lock", "order", "comment", "mention", "close", "place", "fill", "make", "start", "stop"}
_WORD = re.compile(r"[a-z]+")


def says_it_writes(description: str | None) -> bool:
    """Whether a description names a write among its words (``Creates``, ``deletes``, ...)."""
    if not description:
        return False
    return not _WRITE_FORMS.isdisjoint(_WORD.findall(description.lower()))


def described_kind(name: str, description: str | None) -> ToolKind:
    """``read`` only when the name reads and the description names no write."""
    kind = infer_kind(name, None)
    if kind is ToolKind.READ and says_it_writes(description):
        return ToolKind.GENERIC
    return kind


__all__ = ["described_kind", "says_it_writes"]
