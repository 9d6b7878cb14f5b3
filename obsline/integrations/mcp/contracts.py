"""Tool contracts from what an upstream MCP server declares about its tools.

    annotations.readOnlyHint true        -> kind read
    readOnlyHint false or destructiveHint true -> kind side_effect
    no say either way (no annotations)   -> the name and description (``integrations/described.py``):
                                            read only when the name reads and the description names
                                            no write; else side_effect (never folded)
    annotations.openWorldHint true/unset -> untrusted content (outside text: fenced, scanned)
    outputSchema properties              -> field types (top level and nested objects)
A YAML contract for the same tool name (``--contracts``) overrides the derived one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Set
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mcp_types as types
import yaml

from obsline.adapters.contract import ToolSpec, parse_contract
from obsline.core.models import ToolKind
from obsline.integrations.described import described_kind

_SCHEMA_TYPES = {"string": "string", "integer": "int", "number": "number", "boolean": "bool",
                 "array": "list", "object": "object"}
_SCHEMA_FORMATS = {"date": "date", "date-time": "datetime"}
MAX_FIELD_DEPTH = 3


@dataclass(frozen=True, slots=True)
class Hints:
    """The annotations as obsline reads them, with MCP's defaults filled in."""

    read_only: bool
    destructive: bool
    idempotent: bool
    open_world: bool

    @classmethod
    def of(cls, tool: types.Tool) -> Hints:
        a = tool.annotations or types.ToolAnnotations()
        read_only = a.read_only_hint is True
        return cls(read_only=read_only,
                   destructive=not read_only and a.destructive_hint is not False,
                   idempotent=read_only or a.idempotent_hint is True,
                   open_world=a.open_world_hint is not False)

    def as_meta(self) -> dict[str, bool]:
        return {"read_only": self.read_only, "destructive": self.destructive,
                "idempotent": self.idempotent, "open_world": self.open_world}


def tool_kind(tool: types.Tool) -> str:
    """``read`` or ``side_effect``: the annotations when they say, else name and description."""
    a = tool.annotations
    if a is not None and a.read_only_hint is True:
        return "read"
    if a is not None and (a.read_only_hint is False or a.destructive_hint is True):
        return "side_effect"
    return "read" if described_kind(tool.name, tool.description) is ToolKind.READ else "side_effect"


def _field_type(schema: Mapping[str, Any]) -> str | None:
    kind = schema.get("type")
    if isinstance(kind, list):  # ["string", "null"]: the non-null type
        kind = next((k for k in kind if k != "null"), None)
    if kind == "string" and schema.get("format") in _SCHEMA_FORMATS:
        return _SCHEMA_FORMATS[schema["format"]]
    return _SCHEMA_TYPES.get(kind) if isinstance(kind, str) else None


def schema_fields(schema: Mapping[str, Any] | None, prefix: str = "", depth: int = 0) -> dict[str, dict[str, str]]:
    """Dotted field paths -> ``{"type": ...}`` from a JSON Schema's properties."""
    fields: dict[str, dict[str, str]] = {}
    props = schema.get("properties") if isinstance(schema, Mapping) else None
    if not isinstance(props, Mapping) or depth >= MAX_FIELD_DEPTH:
        return fields
    for name, sub in props.items():
        if not isinstance(sub, Mapping):
            continue
        kind = _field_type(sub)
        if kind is None:
            continue
        path = f"{prefix}{name}"
        fields[path] = {"type": kind}
        if kind == "object":
            fields |= schema_fields(sub, f"{path}.", depth + 1)
    return fields


def contract_data(name: str, tool: types.Tool) -> dict[str, Any]:
    """The contract (as its YAML would read) of ``tool`` exposed under ``name``."""
    hints = Hints.of(tool)
    data: dict[str, Any] = {"name": name, "kind": tool_kind(tool),
                            "untrusted": hints.open_world}
    if tool.description:
        data["description"] = tool.description[:500]
    fields = schema_fields(tool.output_schema)
    if fields:
        data["fields"] = fields
    return data


def spec_for_tool(name: str, tool: types.Tool) -> ToolSpec:
    return parse_contract(contract_data(name, tool), f"mcp:{name}").build()


def write_contracts(out_dir: Path, tools: Mapping[str, types.Tool], skip: Set[str] = frozenset()) -> list[Path]:
    """The derived contracts as YAML files, for workers that must fold as the gateway does
    (fleet mode: ``OBSLINE_CONTRACTS_DIR``). Tools in ``skip`` have a YAML contract already."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, tool in tools.items():
        if name in skip:
            continue
        path = out_dir / f"{re.sub(r'[^A-Za-z0-9_.-]', '_', name)}.yaml"
        path.write_text(yaml.safe_dump(contract_data(name, tool), sort_keys=False), encoding="utf-8")
        written.append(path)
    return written


def specs_for_tools(tools: Mapping[str, types.Tool], yaml_specs: Mapping[str, ToolSpec]) -> dict[str, ToolSpec]:
    """Derived contracts for every exposed tool; a YAML contract of the same name wins."""
    derived = {name: spec_for_tool(name, tool) for name, tool in tools.items()}
    return derived | {k: v for k, v in yaml_specs.items() if k in derived}
