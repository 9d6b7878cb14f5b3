"""``structuredContent`` within a byte budget, still valid against the tool's ``outputSchema``.

The text of an observation is fitted to its token budget; a client that shows the structure to
the model must not get the whole raw back through ``structuredContent``. So the structure is
cut the same way: lists keep their first items, long strings their first characters, at the
loosest of a few levels that fits ``limit`` bytes. Each cut is named as the arguments of
``obsline_read_artifact`` that read what was left out (the stored raw *is* this structure, so
a dotted path into it is a path into the artifact).

A cut never goes below what the schema asks of that node (``minItems``, ``minLength``) and never
touches a string the schema constrains by content (``pattern``, ``enum``, ``const``, ``format``):
a cut prefix of those could be invalid. The result is checked with ``jsonschema`` (the same
validator the SDK's client runs); if it still fails, the structure goes out whole, with a note.
A tool without an ``outputSchema`` needs no structure (the text carries the observation), so
it is dropped unless the client asked for it (``_meta`` ``obsline/structured: true``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from obsline.integrations.mcp.artifacts import READ_TOOL

STRUCTURED_META_KEY = "obsline/structured"
DEFAULT_LIMIT_BYTES = 24_000  # well under 64 KB with the text beside it
UNCHANGED_LIMIT_BYTES = 2_000  # a repeat the model has seen: the text says so, the structure stays small
# (items, characters) kept per list and string, loosest first.
LEVELS = ((200, 4000), (100, 2000), (50, 1000), (20, 400), (10, 200), (5, 100), (2, 60), (1, 40), (0, 20))
MAX_META_CUTS = 50  # cuts listed in _meta (the count says how many there were)
_CONTENT_CONSTRAINTS = ("pattern", "enum", "const", "format")


@dataclass(slots=True)
class Compacted:
    value: Any
    cuts: list[dict[str, Any]] = field(default_factory=list)  # obsline_read_artifact arguments per cut
    note: str | None = None


def subschema(schema: Any, key: str | int) -> Mapping[str, Any]:
    """The subschema of a property or an item (only the plain keywords: a combinator is not
    followed, so its node counts as unconstrained and the final validation decides)."""
    if not isinstance(schema, Mapping):
        return {}
    if isinstance(key, int):
        items = schema.get("items")
        return items if isinstance(items, Mapping) else {}
    props = schema.get("properties")
    if isinstance(props, Mapping) and isinstance(props.get(key), Mapping):
        return props[key]
    extra = schema.get("additionalProperties")
    return extra if isinstance(extra, Mapping) else {}


def _cut(value: Any, schema: Mapping[str, Any], path: str, items: int, chars: int, cuts: list[dict[str, Any]]) -> Any:
    if isinstance(value, dict):
        return {k: _cut(v, subschema(schema, k), f"{path}.{k}" if path else str(k), items, chars, cuts)
                for k, v in value.items()}
    if isinstance(value, list):
        return _cut_list(value, schema, path, items, chars, cuts)
    if isinstance(value, str) and len(value) > chars:  # (checked here: most strings are short)
        return _cut_str(value, schema, path, chars, cuts)
    return value


def _cut_record(path: str, unit: str, keep: int, total: int) -> dict[str, Any]:
    """A cut as the arguments of ``obsline_read_artifact`` that read what it left out."""
    return {"path": path or None, unit: f"{keep + 1}-{total}", "kept": keep, "total": total}


def _cut_list(value: list[Any], schema: Mapping[str, Any], path: str, items: int, chars: int,
              cuts: list[dict[str, Any]]) -> list[Any]:
    keep = max(items, int(schema.get("minItems", 0) or 0))
    if len(value) > keep:
        cuts.append(_cut_record(path, "items", keep, len(value)))
        value = value[:keep]
    return [_cut(v, subschema(schema, i), f"{path}.{i}" if path else str(i), items, chars, cuts)
            for i, v in enumerate(value)]


def _cut_str(value: str, schema: Mapping[str, Any], path: str, chars: int, cuts: list[dict[str, Any]]) -> str:
    """A string longer than ``chars``, cut unless its schema constrains its content."""
    if any(k in schema for k in _CONTENT_CONSTRAINTS):
        return value
    keep = max(chars, int(schema.get("minLength", 0) or 0))
    if len(value) > keep:
        cuts.append(_cut_record(path, "chars", keep, len(value)))
        return value[:keep]
    return value


def _size(value: Any) -> int:
    """Bytes of ``value`` as JSON (integers past 64 bits, which JSON allows, by the standard encoder)."""
    try:
        return len(orjson.dumps(value))
    except TypeError:
        import json

        return len(json.dumps(value, ensure_ascii=False, default=str).encode("utf-8", "surrogatepass"))


_validators: dict[int, tuple[Mapping[str, Any], Any]] = {}  # id(schema) -> (schema, its validator)
MAX_VALIDATORS = 1_024  # tool lists are small; a churning upstream must not grow this


def validator_of(schema: Mapping[str, Any]) -> Any:
    """The compiled ``jsonschema`` validator of ``schema``, built once per schema object (the
    tools' ``outputSchema`` dicts live as long as their routes; building one costs ~60 checks)."""
    kept = _validators.get(id(schema))
    if kept is not None and kept[0] is schema:
        return kept[1]
    from jsonschema.validators import validator_for

    validator = validator_for(schema)(schema)
    if len(_validators) >= MAX_VALIDATORS:
        _validators.clear()
    _validators[id(schema)] = (schema, validator)  # the schema held: its id is not reused meanwhile
    return validator


def valid(value: Any, schema: Mapping[str, Any]) -> bool:
    """Whether ``value`` validates against ``schema``; an invalid or unresolvable schema
    validates nothing."""
    try:
        return bool(validator_of(schema).is_valid(value))
    except Exception:
        return False


def compact(value: Any, schema: Mapping[str, Any] | None, limit: int = DEFAULT_LIMIT_BYTES) -> Compacted:
    """``value`` within ``limit`` bytes of JSON (or as sent when it fits or no cut stays valid)."""
    if _size(value) <= limit:
        return Compacted(value)
    schema = schema or {}
    for items, chars in LEVELS:
        cuts: list[dict[str, Any]] = []
        cut = _cut(value, schema, "", items, chars, cuts)
        if _size(cut) <= limit or (items, chars) == LEVELS[-1]:
            if schema and not valid(cut, schema):
                return Compacted(value, note="structuredContent sent whole: no cut of it stays valid "
                                             "against the tool's outputSchema")
            return Compacted(cut, cuts)
    raise AssertionError("unreachable: the last level always returns")


def cut_line(cuts: list[dict[str, Any]], shown: int = 3) -> str:
    """One line telling the model what the structure left out and how to read it."""
    def call(c: dict[str, Any]) -> str:
        unit = "items" if "items" in c else "chars"
        where = f" path={c['path']}" if c["path"] else ""
        return f"{where} {unit}={c[unit]}".strip()

    more = f"; +{len(cuts) - shown} more in _meta" if len(cuts) > shown else ""
    return (f"structuredContent cut in {len(cuts)} places; {READ_TOOL} with this artifact reads them: "
            + "; ".join(call(c) for c in cuts[:shown]) + more)


def wanted(meta: Any) -> bool:
    """Whether the client asked for the structure of a tool that declares no outputSchema."""
    return isinstance(meta, Mapping) and meta.get(STRUCTURED_META_KEY) is True


def fit_beside_text(schema: Mapping[str, Any] | None, obs: Any, value: Any, raw: Any, meta: Any,
                    extra: dict[str, Any]) -> tuple[Any, str | None]:
    """The structure to send beside the observation's text (``value``: the tool's, secrets
    hidden), notes for ``_meta`` put into ``extra``, and a line for the text when it was cut."""
    if value is None:
        return None, None
    if schema is None and not wanted(meta):
        extra["structured"] = {"dropped": True, "why": "the tool declares no outputSchema: the text carries "
                               f"the observation (pass _meta {STRUCTURED_META_KEY}=true to keep it)"}
        return None, None
    limit = UNCHANGED_LIMIT_BYTES if obs.dedup.kind.value == "unchanged" else DEFAULT_LIMIT_BYTES
    fitted = compact(value, schema, limit)
    if isinstance(raw, str):  # the structure only mirrors the text (mapping.mirrors): the artifact
        for cut in fitted.cuts:  # is that text, so a cut names no field
            cut["path"] = None
    if fitted.note:
        extra["structured"] = {"note": fitted.note}
        return fitted.value, None
    if not fitted.cuts:
        return fitted.value, None
    extra["structured"] = {"cut": fitted.cuts[:MAX_META_CUTS], "cuts": len(fitted.cuts),
                           "artifact": obs.evidence.get("artifact")}
    return fitted.value, cut_line(fitted.cuts)
