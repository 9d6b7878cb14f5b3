"""Tool contracts: one declarative YAML file per tool, compiled once into a ``ToolSpec``
(obsline/core/spec.py).

A contract says what kind of tool it is (which decides how repeated results fold), where the
business entity's key is, which fields matter for dedup and how each field is typed. Field
paths are dotted; ``[]`` steps into list items and ``*`` into the values of a map
(``flights[].price``, ``payment_methods.*.amount``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from obsline.core.errors import ContractError
from obsline.core.models import ToolKind
from obsline.core.spec import Extract as Extract  # the spec's parts, re-exported for contract authors
from obsline.core.spec import FieldContract as FieldContract
from obsline.core.spec import FieldType as FieldType
from obsline.core.spec import ToolSpec as ToolSpec
from obsline.core.spec import active_paths
from obsline.core.spec import item_key as item_key
from obsline.core.spec import resolve as resolve
from obsline.core.tokens import budget_tokens as checked_budget


class ToolContract(BaseModel):
    """One tool's contract, as written in YAML."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    kind: Literal["read", "list", "side_effect", "time_series"]
    entity: str | None = None  # entity type, e.g. "reservation"
    key: list[str] = Field(default_factory=list)  # result paths, or args.X, naming the entity
    item_key: list[str] = Field(default_factory=list)  # list tools: key of one item
    semantic_fields: list[str] | None = None  # default: every field but the volatile ones
    volatile_fields: list[str] = Field(default_factory=list)
    full_snapshot: bool = False
    untrusted: bool = False  # the whole result is outside text
    first_party: bool = False  # the operator's own knowledge base or policy (adapters/trust.py)
    budget_tokens: int | None = None  # display budget of this tool's observations (default: global)
    description: str | None = None
    fields: dict[str, FieldContract] = Field(default_factory=dict)

    @field_validator("budget_tokens", mode="before")
    @classmethod
    def _budget(cls, value: Any) -> int | None:
        return None if value is None else checked_budget(value)

    @model_validator(mode="after")
    def _consistent(self) -> ToolContract:
        if self.kind in ("read", "side_effect") and self.entity and not self.key:
            raise ValueError("an entity needs a `key`")
        if self.kind == "list" and not self.item_key:
            raise ValueError("a list tool needs `item_key` to merge results by item")
        if self.full_snapshot and self.kind != "list":
            raise ValueError("`full_snapshot` applies to list tools")
        overlap = set(self.volatile_fields) & set(self.semantic_fields or ())
        if overlap:
            raise ValueError(f"fields both semantic and volatile: {sorted(overlap)}")
        return self

    def build(self) -> ToolSpec:
        return ToolSpec(
            name=self.name,
            kind=ToolKind(self.kind),
            entity=self.entity or self.name,
            key=tuple(self.key),
            item_key=tuple(self.item_key),
            semantic_fields=frozenset(self.semantic_fields) if self.semantic_fields else None,
            volatile_fields=frozenset(self.volatile_fields),
            full_snapshot=self.full_snapshot,
            untrusted=self.untrusted,
            first_party=self.first_party,
            fields=dict(self.fields),
            budget_tokens=self.budget_tokens,
            critical=frozenset(p for p, f in self.fields.items() if f.critical),
            active=active_paths(dict(self.fields)),
        )


def parse_contract(data: Any, source: str) -> ToolContract:
    """Validate one contract's data; errors name the file, the field and the problem."""
    if not isinstance(data, dict):
        raise ContractError(source, "<root>", "a contract is a mapping")
    try:
        return ToolContract.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"]) or "<root>"
        raise ContractError(source, where, first["msg"]) from None

