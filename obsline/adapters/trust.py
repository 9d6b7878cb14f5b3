"""Where a result's text comes from, which decides what is fenced and what is scrubbed.

- **Outside text** (fenced once per observation): a contract that says ``untrusted: true`` (the
  whole result) or a field marked ``untrusted``; an envelope flagged ``untrusted: true`` (what the
  MCP gateway sets for tools annotated ``openWorldHint``); the shapes that carry other people's
  words (``html``, ``markdown``, ``documents``). A tool without a contract is not outside text
  by default: its short status lines (``Airplane Mode: ON``) are the tool speaking.
- **The agent's own workspace** (never fenced for trust, internal details kept): shell output,
  file views, diffs, search hits, and the output of an exec tool (shell, python, tests), whose
  traceback is the program the agent is debugging.

Instruction-like text is fenced and flagged whatever its source (adapters/injection.py).

Trust levels of a tool's text, for injection: **outside** (the default, every tool) and
**first-party**: the operator's own knowledge base or policy documents, marked by a contract
(``first_party: true``) or by the envelope (``"first_party": true``, which a gateway sets from its
configuration). There a policy sentence ("do not tell the customer the code", "use the
lock_card tool immediately") is content; role tags, fake turns and overrides are still flagged.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from obsline.adapters.shapes import meaning

ERROR_PATH = "$error"  # in control.untrusted_paths: the error message holds flagged text (fenced)

# The last segment of the name (``mcp__server__run_command`` -> ``run_command``), whole.
_EXEC_TOOL = re.compile(
    r"(?:bash|sh|zsh|shell|terminal|cmd|powershell|python\d?(?:\.\d+)?|ipython|jupyter|node|deno|ruby|perl|exec"
    r"|execute|run|repl|pytest|jest|tox|nox|make|cargo|npm|pip|go|code_interpreter|interpreter"
    r"|(?:run|exec|execute)_(?:code|command|cmd|script|shell|python|bash|tests?|pytest|program)"
    r"|(?:shell|bash|terminal|python|code|command)_(?:exec|execute|run|tool))",
    re.IGNORECASE,
)


def _base_name(tool: str) -> str:
    for sep in ("__", ".", "/"):
        tool = tool.rsplit(sep, 1)[-1]
    return tool


@lru_cache(maxsize=4096)  # a fleet has a bounded set of tool names; the pattern is a long alternation
def is_exec_tool(tool: str) -> bool:
    """A tool that runs the agent's own commands or code."""
    return _EXEC_TOOL.fullmatch(_base_name(tool)) is not None


def flagged_untrusted(meta: Mapping[str, Any]) -> bool:
    """The envelope says its result is outside text (``"untrusted": true``, set by a gateway)."""
    return meta.get("untrusted") is True


def first_party(contract_first_party: bool, meta: Mapping[str, Any]) -> bool:
    """The tool's text is the operator's own (policy sentences are content): never by default."""
    return contract_first_party or meta.get("first_party") is True


def outside_text(contract_untrusted: bool, shape: str, flagged: bool) -> bool:
    """The whole result is someone else's words."""
    return contract_untrusted or flagged or meaning(shape).origin == "outside"


def own_output(tool: str, shape: str) -> bool:
    """The result is the agent's own program output: its frames, paths and ids are content."""
    return meaning(shape).origin == "workspace" or is_exec_tool(tool)
