"""Secrets out of the content items the gateway passes through (embedded resources, resource
links, images' and audio's text fields): scanned like text, each secret becoming the handle the
observation would give it (sinks/handles.py: a keyed hash of task and value, so no state is
needed to agree), its value kept in the task's vault so the handle resolves when passed back.

A blob that decodes as UTF-8 is scanned as text and re-encoded; image and audio bytes are
binary and left alone (their ``data``), but every string beside them is scanned.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

import mcp_types as types
from pydantic import TypeAdapter

from obsline.adapters.secrets import PLACEHOLDER, Hidden
from obsline.sinks.handles import name_text, scrub
from obsline.stores.vault import SecretVault

_KEEP = {"type", "mimeType", "blob", "data"}  # data: base64 of images and audio, not text
_BLOCK: TypeAdapter[types.ContentBlock] = TypeAdapter(types.ContentBlock)


def _decoded(blob: str) -> str | None:
    try:
        return base64.b64decode(blob, validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return None


class ItemScrubber:
    """Scrubs one result's items for one task; ``bindings`` are what it hid, for the vault."""

    def __init__(self, task_id: str, key: bytes | None, known: dict[str, str]) -> None:
        self.task_id, self.key, self.known = task_id, key, known
        self.hidden = Hidden()
        self.names: dict[str, Any] = {}

    def text(self, text: str, path: str) -> str:
        named = name_text(self.hidden.text(text, path), self.names, self.task_id, self.key)
        return scrub(named.encode("utf-8", "surrogatepass"), self.known).decode("utf-8", "surrogatepass")

    def walk(self, value: Any, path: str) -> Any:
        if isinstance(value, str):
            return self.text(value, path)
        if isinstance(value, list):
            return [self.walk(v, f"{path}[{i}]") for i, v in enumerate(value)]
        if isinstance(value, dict):
            out = {}
            for k, v in value.items():
                if k == "blob" and isinstance(v, str) and (text := _decoded(v)) is not None:
                    out[k] = base64.b64encode(self.text(text, f"{path}.{k}").encode()).decode()
                else:
                    out[k] = v if k in _KEEP else self.walk(v, f"{path}.{k}")
            return out
        return value

    def bindings(self) -> dict[str, str]:
        out = {}
        for record in self.hidden.records:
            m = PLACEHOLDER.fullmatch(record["handle"])
            if m is not None:
                out[self.names[m.group(2)]] = m.group(2)
        return out


def scrub_items(items: list[types.ContentBlock], task_id: str, key: bytes | None,
                vault: SecretVault) -> list[types.ContentBlock]:
    """``items`` with every secret in their strings as a handle of ``task_id``."""
    if not items:
        return items
    scrubber = ItemScrubber(task_id, key, vault.handles(task_id))
    out = []
    for i, item in enumerate(items):
        dumped = item.model_dump(mode="json", by_alias=True, exclude_none=True)
        walked = scrubber.walk(dumped, f"content[{i}]")
        out.append(item if walked == dumped else _BLOCK.validate_python(walked))
    if scrubber.hidden.values:
        vault.keep(task_id, scrubber.hidden.values)
        vault.name(task_id, scrubber.bindings())
    return out
