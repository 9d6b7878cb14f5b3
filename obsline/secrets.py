"""Secret handles for a client that holds a task's scope (an agent runtime, the MCP gateway).

The model sees ``[secret:token-1]`` where a tool returned a token. When the agent passes that
handle back in a later call, the runtime swaps it for the value just before the call:

    from obsline import secrets
    args = secrets.substitute(task_id, {"access_token": "[secret:token-1]", "booking_id": "3426812"})
    # -> {"access_token": "251675", "booking_id": "3426812"}

Values live in the task-scoped vault beside the artifact store (``sinks/vault.py``; the
default directory is ``$OBSLINE_ARTIFACT_DIR`` or ``var/artifacts``, as for the workers).
A handle resolves only in the task that was shown it: another task's handle is NOT_FOUND.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from obsline.core.errors import ErrorCode
from obsline.stores.vault import SecretError, SecretVault

HANDLE = re.compile(r"\[secret:[a-z0-9_]+-\d+\]")

VaultLike = SecretVault | str | Path | None


def _vault(vault: VaultLike) -> SecretVault:
    if isinstance(vault, SecretVault):
        return vault
    root = vault if vault is not None else os.environ.get("OBSLINE_ARTIFACT_DIR", "var/artifacts")
    return SecretVault.beside(root)


def resolve(task: str, handle: str, *, vault: VaultLike = None) -> str:
    """The value behind one handle of ``task`` (``[secret:token-1]`` or ``token-1``).
    Raises SecretError (NOT_FOUND) for a handle the task was never shown."""
    return _vault(vault).resolve(task, handle)


def substitute(task: str, args: Any, *, vault: VaultLike = None) -> Any:
    """``args`` with every handle of ``task`` in its strings replaced by the value (a new
    structure; the input is not changed). An unknown handle raises SecretError: a call must not
    go out with a handle in place of its credential."""
    store = _vault(vault)
    known: dict[str, str] | None = None

    def swap(text: str) -> str:
        nonlocal known
        if "[secret:" not in text:
            return text
        if known is None:
            known = store.handles(task)

        def one(m: re.Match[str]) -> str:
            value = known.get(m.group(0))  # type: ignore[union-attr]
            if value is None:
                raise SecretError(ErrorCode.NOT_FOUND, f"no secret {m.group(0)} in task {task!r}")
            return value

        return HANDLE.sub(one, text)

    def walk(value: Any) -> Any:
        if isinstance(value, str):
            return swap(value)
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return type(value)(walk(v) for v in value)
        return value

    return walk(args)


__all__ = ["HANDLE", "SecretError", "resolve", "substitute"]
