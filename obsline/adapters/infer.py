"""Draft tool contracts inferred from traffic (``obsline contracts infer``).

A fleet runs tools nobody wrote a contract for. Their traffic says most of what a contract
holds, so a draft is written from it for a person to review:

- kind: from the verb of the tool's name (``get_``, ``list``, ``check`` read; ``set``, ``book``,
  ``toggle`` change things), else from behaviour (identical calls that always return the same
  result read; anything else is a side effect, which is never folded: the safe default);
  results that are lists of records make a ``list`` tool with the item key found in them;
- key: an id-like result field whose value is the call's argument (``order_id``), else the
  id-like argument itself (``args.order_id``);
- field types from the values (int, number, money by name, bool, ISO date/datetime, id, enum
  for few short repeated values, text, list with item key, object, map);
- volatile fields: top-level fields whose value changed between identical calls of one task
  with no side effect in between (timestamps, request ids).

Pure: records in, contract data (the YAML's mapping) out; obsline.contracts writes the files.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import orjson

from obsline.adapters.kinds import infer_kind
from obsline.core.models import ToolKind

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$")
_ID_NAME = re.compile(r"(?:^|_)(?:id|ids|number|code|key|sku|uuid)$|[a-z]Id$|^id$", re.I)
_ID_VALUE = re.compile(r"^(?=.*\d)[A-Za-z0-9_#:.-]{3,40}$")
_MONEY_NAME = re.compile(r"price|amount|cost|balance|total|fee|refund|paid|charge|budget", re.I)
ENUM_MIN_SEEN = 20  # an enum needs this many readings ...
ENUM_MAX_VALUES = 8  # ... of at most this many distinct short values
ENUM_MAX_CHARS = 30
TEXT_CHARS = 200


def kind_by_name(tool: str) -> str | None:
    """``read`` / ``side_effect`` from the verb the tool's name starts with (adapters/kinds.py,
    the same rule adapt uses for tools without a contract), None if unknown."""
    kind = infer_kind(tool, None)
    return None if kind is ToolKind.GENERIC else kind.value


def parse_result(raw: Any) -> Any:
    """The result as a value: JSON, else a Python literal (BFCL prints dicts), else None."""
    if not isinstance(raw, str):
        return raw
    text = raw.strip()
    if text[:1] not in ("{", "["):
        return None
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        pass
    try:
        return ast.literal_eval(text) if len(text) < 100_000 else None
    except (ValueError, SyntaxError, MemoryError, RecursionError, TypeError):
        return None


@dataclass
class _FieldSeen:
    types: set[str] = field(default_factory=set)
    values: set[str] = field(default_factory=set)  # short strings, for enums
    strings: int = 0
    item_keys: list[list[str]] = field(default_factory=list)  # candidate keys per list reading


@dataclass
class _ToolSeen:
    calls: int = 0
    results: int = 0  # successful structured results
    list_results: int = 0
    fields: dict[str, _FieldSeen] = field(default_factory=lambda: defaultdict(_FieldSeen))
    key_hits: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # result field == an arg
    id_args: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    repeats_equal: int = 0
    repeats_changed: int = 0
    volatile: set[str] = field(default_factory=set)


def _scalar_type(name: str, value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        if _MONEY_NAME.search(name):
            return "money"
        return "int" if isinstance(value, int) else "number"
    if isinstance(value, str):
        return _string_type(name, value)
    return "string"


def _string_type(name: str, value: str) -> str:
    if _DATE.match(value):
        return "date"
    if _DATETIME.match(value):
        return "datetime"
    if _ID_NAME.search(name) or (_ID_VALUE.match(value) and not value.replace(".", "").isdigit()):
        return "id"
    return "text" if len(value) > TEXT_CHARS else "string"


def _candidate_keys(items: list[Any]) -> list[str]:
    """Fields present in every item with a distinct scalar value in each, id-like names first."""
    if not items or not all(isinstance(i, dict) for i in items):
        return []
    common = set(items[0]).intersection(*items[1:])
    keys = [k for k in common
            if all(isinstance(i[k], str | int) and not isinstance(i[k], bool) for i in items)
            and len({i[k] for i in items}) == len(items)]
    return sorted(keys, key=lambda k: (not _ID_NAME.search(k), k))


def _observe(seen: _ToolSeen, value: Any, path: str, name: str) -> None:
    f = seen.fields[path] if path else None
    if isinstance(value, dict):
        _observe_object(seen, f, value, path)
    elif isinstance(value, list):
        _observe_list(seen, f, value, path, name)
    elif value is not None and f is not None:
        _observe_scalar(f, name, value)


def _observe_object(seen: _ToolSeen, f: _FieldSeen | None, value: dict[str, Any], path: str) -> None:
    if f is not None:
        f.types.add("object")
    for key, item in value.items():
        _observe(seen, item, f"{path}.{key}" if path else key, key)


def _observe_list(seen: _ToolSeen, f: _FieldSeen | None, value: list[Any], path: str, name: str) -> None:
    if f is not None:
        f.types.add("list")
        if value and all(isinstance(i, dict) for i in value):
            f.item_keys.append(_candidate_keys(value))
    for item in value:
        _observe(seen, item, f"{path}[]", name)


def _observe_scalar(f: _FieldSeen, name: str, value: Any) -> None:
    f.types.add(_scalar_type(name, value))
    if isinstance(value, str):
        f.strings += 1
        if len(value) <= ENUM_MAX_CHARS and len(f.values) <= ENUM_MAX_VALUES:
            f.values.add(value)


def _canonical(args: Any) -> bytes:
    return orjson.dumps(args or {}, option=orjson.OPT_SORT_KEYS, default=str)


def infer_contracts(records: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Draft contract data per tool from envelopes (dicts) in task order."""
    tools: dict[str, _ToolSeen] = defaultdict(_ToolSeen)
    # per task: (tool, args) -> last result, cleared by any call of a tool named as a writer
    last: dict[str, dict[tuple[str, bytes], Any]] = defaultdict(dict)
    for rec in records:
        tool, task, args = str(rec.get("tool", "")), str(rec.get("task_id", "")), rec.get("args") or {}
        if not tool:
            continue
        seen = tools[tool]
        seen.calls += 1
        if kind_by_name(tool) == "side_effect":
            last[task].clear()
        parsed = parse_result(rec.get("raw"))
        if _failed(rec, parsed):
            continue
        _repeat(seen, last[task], (tool, _canonical(args)), parsed if parsed is not None else rec.get("raw"))
        _observe_result(seen, parsed, args)
    # A tool that only ever answered in text gets no draft: without a contract its results are
    # read by their shape and folded as text (aligner/textfold.py), which a contract would turn off.
    return {tool: _contract(tool, seen) for tool, seen in sorted(tools.items()) if seen.results}


def _failed(rec: dict[str, Any], parsed: Any) -> bool:
    """A failed call: flagged, an HTTP error, or a small object holding an ``error``."""
    if rec.get("error") is True or (rec.get("http_status") or 0) >= 400:
        return True
    return isinstance(parsed, dict) and "error" in parsed and len(parsed) <= 2


def _observe_result(seen: _ToolSeen, parsed: Any, args: dict[str, Any]) -> None:
    """A successful result's fields: a list of records, or one object."""
    if isinstance(parsed, list) and parsed and all(isinstance(i, dict) for i in parsed):
        seen.results += 1
        seen.list_results += 1
        seen.fields["[]"].item_keys.append(_candidate_keys(parsed))
        _observe(seen, parsed, "", "")  # item fields are `[].name`, as contracts write them
    elif isinstance(parsed, dict):
        seen.results += 1
        _observe(seen, parsed, "", "")
        _keys_from_args(seen, parsed, args)


def _repeat(seen: _ToolSeen, last: dict[tuple[str, bytes], Any], slot: tuple[str, bytes], result: Any) -> None:
    if slot in last:
        before = last[slot]
        if before == result:
            seen.repeats_equal += 1
        else:
            seen.repeats_changed += 1
            if isinstance(before, dict) and isinstance(result, dict):
                seen.volatile |= {k for k in before.keys() & result.keys() if before[k] != result[k]}
    last[slot] = result


def _keys_from_args(seen: _ToolSeen, parsed: dict[str, Any], args: dict[str, Any]) -> None:
    values = {str(v): k for k, v in args.items() if isinstance(v, str | int) and not isinstance(v, bool)}
    for key, value in parsed.items():
        if isinstance(value, str | int) and not isinstance(value, bool) and str(value) in values:
            seen.key_hits[key] += 1
    for name in args:
        if _ID_NAME.search(name):
            seen.id_args[name] += 1


def _kind(tool: str, seen: _ToolSeen) -> tuple[str, str]:
    by_name = kind_by_name(tool)
    if by_name == "side_effect":
        return by_name, "name"
    if seen.results and seen.list_results * 2 > seen.results and _best_key(seen.fields.get("[]")):
        return "list", "results are lists of records"
    if by_name == "read":
        return by_name, "name"
    if seen.repeats_equal and not seen.repeats_changed:
        return "read", "identical calls returned the same result"
    return "side_effect", "unknown verb: never folded until reviewed"


def _best_key(f: _FieldSeen | None) -> list[str]:
    if f is None or not f.item_keys:
        return []
    common = set(f.item_keys[0]).intersection(*f.item_keys[1:])
    ordered = [k for k in f.item_keys[0] if k in common]
    return ordered[:1]


def _field_type(path: str, f: _FieldSeen) -> dict[str, Any]:
    types = f.types
    if "object" in types:
        out: dict[str, Any] = {"type": "object"}
    elif "list" in types:
        out = {"type": "list"}
        key = _best_key(f)
        if key:
            out["key"] = key
    elif len(types) == 1:
        (kind,) = types
        out = {"type": kind}
        if kind == "string" and f.strings >= ENUM_MIN_SEEN and 1 < len(f.values) <= ENUM_MAX_VALUES:
            out = {"type": "enum", "values": sorted(f.values)}
    elif types <= {"int", "number"}:
        out = {"type": "number"}
    elif types <= {"int", "number", "money"}:
        out = {"type": "money"}
    else:
        out = {"type": "string"}  # mixed: left as read
    return out


def _contract(tool: str, seen: _ToolSeen) -> dict[str, Any]:
    kind, why = _kind(tool, seen)
    data: dict[str, Any] = {"name": tool, "kind": kind,
                            "description": f"draft inferred from {seen.calls} calls ({why}); review before use"}
    if kind == "list":
        data["item_key"] = _best_key(seen.fields["[]"])
    elif seen.results:
        data |= _entity_key(tool, seen)
    volatile = sorted(k for k in seen.volatile if "." not in k and "[" not in k)
    if kind == "read" and volatile:
        data["volatile_fields"] = volatile
    fields = _fields(seen, data.get("key", []))
    if fields:
        data["fields"] = fields
    return data


def _entity_key(tool: str, seen: _ToolSeen) -> dict[str, Any]:
    """``entity`` and ``key``: a result field equal to an argument in 4 of 5 results, else an
    id-like argument of every call; nothing when neither is found."""
    hits = [k for k, n in seen.key_hits.items() if n * 5 >= seen.results * 4 and _ID_NAME.search(k)]
    id_args = [k for k, n in seen.id_args.items() if n == seen.calls]
    key = sorted(hits)[:1] or [f"args.{a}" for a in sorted(id_args)[:1]]
    if not key:
        return {}
    return {"entity": re.sub(r"(?:_?id|Id)$", "", key[0].removeprefix("args.")) or tool, "key": key}


def _fields(seen: _ToolSeen, key: list[str]) -> dict[str, dict[str, Any]]:
    """Each field's type; the key's fields critical."""
    fields = {path: _field_type(path, f) for path, f in sorted(seen.fields.items())
              if f.types and path != "[]"}
    for path in key:
        if path in fields:
            fields[path]["critical"] = True
    return fields
