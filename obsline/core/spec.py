"""The compiled tool spec: what a contract (obsline/adapters/contract.py, the YAML schema)
becomes once loaded, and the helpers that read a result by its paths. Every stage consults it
(adapt types fields, the fold keys entities and items, observe renders list keys), so it lives
in the ground package rather than in one stage's folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from obsline.core.models import ToolKind

FieldType = Literal[
    "id", "string", "text", "int", "number", "money", "bool",
    "date", "datetime", "enum", "list", "object", "map",
]


class Extract(BaseModel):
    """Derive one item from a list, e.g. the latest event by its time field."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    strategy: Literal["latest_by", "earliest_by"]
    by: str
    as_: Annotated[str, Field(alias="as")]


class FieldContract(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    type: FieldType
    values: list[str] | None = None  # enum: allowed values
    display: dict[str, str] | None = None  # enum: value -> text shown beside it
    key: list[str] | None = None  # list/map: item key for merges and deltas
    extract: Extract | None = None
    critical: bool = False
    sensitive: bool = False
    untrusted: bool = False
    description: str | None = None

    @model_validator(mode="after")
    def _enum_needs_values(self) -> FieldContract:
        for broken, problem in _FIELD_RULES:
            if broken(self):
                raise ValueError(problem)
        return self


def _enum_without_values(f: FieldContract) -> bool:
    return f.type == "enum" and not f.values


def _values_off_enum(f: FieldContract) -> bool:
    return f.type != "enum" and bool(f.values or f.display)


def _display_unknown(f: FieldContract) -> bool:
    return bool(f.display and set(f.display) - set(f.values or ()))


def _extract_off_list(f: FieldContract) -> bool:
    return bool(f.extract) and f.type != "list"


# A field contract's rules, in the order checked: (broken, what the error says).
_FIELD_RULES = (
    (_enum_without_values, "an enum field needs `values`"),
    (_values_off_enum, "`values` and `display` belong to enum fields"),
    (_display_unknown, "`display` maps values that are not in `values`"),
    (_extract_off_list, "`extract` applies to list fields"),
)


# Types whose values the walk changes or checks; other declared fields pass through as parsed.
_ACTIVE_TYPES = frozenset({"money", "date", "datetime", "int", "number", "enum"})

ActivePath = tuple[str, tuple[str, ...], FieldContract]  # (path, its steps, its field contract)


def active_paths(fields: dict[str, FieldContract]) -> tuple[ActivePath, ...]:
    """The declared paths a result's values must be typed or checked at, split into steps."""
    out = []
    for path, spec in fields.items():
        if spec.type in _ACTIVE_TYPES or spec.sensitive or spec.untrusted:
            steps = tuple(s for s in path.replace("[]", ".[]").split(".") if s) if path else ()
            out.append((path, steps, spec))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """A compiled contract: what the adapter and the folder consult per record."""

    name: str
    kind: ToolKind
    entity: str
    key: tuple[str, ...]
    item_key: tuple[str, ...]
    semantic_fields: frozenset[str] | None
    volatile_fields: frozenset[str]
    full_snapshot: bool
    untrusted: bool
    fields: dict[str, FieldContract]
    critical: frozenset[str]
    budget_tokens: int | None = None  # None: the global display budget applies
    active: tuple[ActivePath, ...] = ()  # see active_paths
    first_party: bool = False  # policy sentences are content, not injection (adapters/trust.py)

    def is_semantic(self, top_field: str) -> bool:
        if top_field in self.volatile_fields:
            return False
        return self.semantic_fields is None or top_field in self.semantic_fields


def resolve(obj: Any, path: str) -> Any:
    """The value at a dotted key path (``0.flight_number`` indexes lists), or None."""
    for part in path.split("."):
        if isinstance(obj, dict):
            obj = obj.get(part)
        elif isinstance(obj, list) and part.isdigit() and int(part) < len(obj):
            obj = obj[int(part)]
        else:
            return None
    return obj


def item_key(item: Any, key_paths: tuple[str, ...] | list[str]) -> str:
    """One list item's key as text, e.g. ``HAT136/2024-05-20``."""
    return "/".join(str(resolve(item, p)) for p in key_paths)
