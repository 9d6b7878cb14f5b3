"""Walk one parsed result under its contract: type every value, apply the safety rules.

The walk is the adapter's hot loop, so it is one recursive function over plain values with a
small mutable context, not a tree of objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from itertools import repeat
from operator import attrgetter
from typing import Any

from obsline.adapters.injection import injection_reasons
from obsline.adapters.internal import REQUEST_ID, is_request_id_key
from obsline.adapters.safety import scrub_traces
from obsline.adapters.secret_structure import named_value, shown_as_is
from obsline.adapters.secrets import Hidden, find_secrets, looks_secret_value, secret_key_kind, value_key_kind
from obsline.adapters.times import parse_date, parse_datetime
from obsline.core.spec import ActivePath, FieldContract

CUT = "[cut: nested too deep, see artifact]"

# Confidence by how a value was obtained (seed 001's decay rule: never 1.0).
FROM_CONTEXT = 0.99
DIRECT = 0.95
PARSED = 0.90
DERIVED = 0.85
UNKNOWN_ENUM = 0.6
PARSE_FAILED = 0.1


_DISPLAY = attrgetter("display")


@dataclass(slots=True)
class WalkContext:
    fields: dict[str, FieldContract]
    untrusted_tool: bool  # the whole result is outside text: fenced once, as "$"
    scan_secrets: bool
    scan_injection: bool
    max_depth: int
    scan_internal: bool = False  # service traces, paths, request ids (adapters/internal.py)
    own_output: bool = False  # the agent's own program output: internal details are content
    first_party: bool = False  # the operator's own policy text (adapters/trust.py)
    hidden: Hidden = field(default_factory=Hidden)  # what was hidden, and where (adapters/secrets.py)
    depth_cut: bool = False
    invalid_utf8: bool = False
    suspicious: list[str] = field(default_factory=list)
    untrusted_paths: list[str] = field(default_factory=list)
    doubts: dict[str, float] = field(default_factory=dict)  # path -> confidence below DIRECT
    # path -> (typed value, the format that matched) of a date kept as written in the data
    typed: dict[str, tuple[Any, str]] = field(default_factory=dict)
    plain: bool = False  # nothing to scan and nothing untrusted: strings pass through as they are
    has_display: bool = False  # an enum field maps its codes to display text (shipped -> 已发货)
    request_ids: bool = False  # request ids are hidden (scan_internal, not the agent's own output)

    def __post_init__(self) -> None:
        self.plain = not (self.scan_secrets or self.scan_injection or self.untrusted_tool or self.scan_internal)
        self.has_display = any(map(_DISPLAY, self.fields.values()))  # (in C: built for every raw adapted)
        self.request_ids = self.scan_internal and not self.own_output


def walk(value: Any, path: str, ctx: WalkContext, depth: int = 0) -> Any:
    spec = ctx.fields.get(path) if ctx.fields else None
    kind = type(value)
    if kind is dict:
        return _walk_object(value, path, spec, ctx, depth)
    if kind is list:
        if depth >= ctx.max_depth:
            return _cut(ctx)
        sub = path + "[]"
        return [walk(item, sub, ctx, depth + 1) for item in value]
    if spec is not None:
        return _walk_declared(value, spec, path, ctx)
    if kind is str and not ctx.plain:
        return _safe_text(value, path, ctx, untrusted=ctx.untrusted_tool)
    return value


def _walk_declared(value: Any, spec: FieldContract, path: str, ctx: WalkContext) -> Any:
    """A scalar the contract declares: hidden when sensitive, else typed, then made safe."""
    if spec.sensitive and value is not None:
        return _hide_sensitive(value, path, ctx)
    value = _typed(value, spec, path, ctx)
    if type(value) is str and (not ctx.plain or spec.untrusted):
        return _safe_text(value, path, ctx, untrusted=ctx.untrusted_tool or spec.untrusted)
    return value


def _cut(ctx: WalkContext) -> str:
    """What stands for a container below the nesting limit."""
    ctx.depth_cut = True
    return CUT


def _walk_object(value: dict[str, Any], path: str, spec: FieldContract | None, ctx: WalkContext,
                 depth: int) -> Any:
    """An object of the result: a map's entries, or each field by its own path."""
    if depth >= ctx.max_depth:
        return _cut(ctx)
    if spec is not None and spec.type == "map":
        return _walk_map(value, path, ctx, depth)
    prefix = path + "." if path else ""
    named = named_value(value, secret_key_kind) if ctx.scan_secrets else None
    if named is not None:  # {name: DB_PASSWORD, value: ...}: the name is a value (k8s env, ECS, SSM)
        out = _walk_named(value, prefix, named, ctx, depth)
    else:
        out = {k: _secret_or_walk(k, v, prefix + k, ctx, depth) for k, v in value.items()}
    return _with_display(out, prefix, ctx) if ctx.has_display else out


def _walk_map(value: dict[str, Any], path: str, ctx: WalkContext, depth: int) -> dict[str, Any]:
    """A field the contract declares a map: each entry under the one path ``<path>.*``."""
    sub = path + ".*" if path else "*"
    return {k: _secret_or_walk(k, v, sub, ctx, depth) for k, v in value.items()}


def _walk_named(value: dict[str, Any], prefix: str, named: tuple[str, str], ctx: WalkContext,
                depth: int) -> dict[str, Any]:
    """{name: DB_PASSWORD, value: ...}: the value the secret name names is hidden."""
    key, secret_kind = named
    return {k: _hide_all(v, prefix + k, secret_kind, ctx, depth + 1) if k == key and not _shown(v)
            else _secret_or_walk(k, v, prefix + k, ctx, depth) for k, v in value.items()}


def _with_display(record: dict[str, Any], prefix: str, ctx: WalkContext) -> dict[str, Any]:
    """Each enum code the contract gives display text for, with that text beside it
    (``status: shipped`` then ``status_display: 已发货``): the code stays as the tool wrote it."""
    out: dict[str, Any] = {}
    for key, value in record.items():
        out[key] = value
        spec = ctx.fields.get(prefix + key)
        if spec is not None and spec.display and isinstance(value, str) and value in spec.display:
            out.setdefault(f"{key}_display", spec.display[value])
    return out


def type_in_place(root: Any, actions: tuple[ActivePath, ...],
                  ctx: WalkContext) -> Any:
    """The fast path of ``walk`` for results with nothing to scan: type only the declared paths,
    in the freshly parsed tree itself. The caller has checked the nesting limit."""
    top = [root]  # the root's holder: a value is always set in its parent
    for path, steps, spec in actions:
        holders: list[tuple[Any, Any, Any]] = [(top, 0, top[0])]
        for step in steps:  # (inline, not a call a step: every declared path of every record)
            found: list[tuple[Any, Any, Any]] = []
            for _, _, node in holders:
                if step == "[]":
                    if type(node) is list:
                        found.extend(zip(repeat(node), range(len(node)), node))  # (node, i, item), in C
                elif step == "*":
                    if type(node) is dict:
                        found.extend(zip(repeat(node), node.keys(), node.values()))  # (node, k, item), in C
                elif type(node) is dict and step in node:
                    found.append((node, step, node[step]))
            holders = found
        for parent, key, value in holders:
            if type(value) is dict or type(value) is list:
                continue
            if spec.sensitive and value is not None:
                new: Any = _hide_sensitive(value, path, ctx)
            else:
                new = _typed(value, spec, path, ctx)
                if spec.untrusted and type(new) is str:
                    new = _safe_text(new, path, ctx, untrusted=True)
            parent[key] = new
    return top[0]


def _secret_or_walk(key: str, value: Any, path: str, ctx: WalkContext, depth: int) -> Any:
    if ctx.scan_secrets and value is not None and type(value) is not bool:
        kind = value_key_kind(key, value) if type(value) is str else secret_key_kind(key)
        if kind is not None and not (type(value) is str and shown_as_is(value)):  # (an example, a placeholder, a public key)
            return _hide_secret(value, path, kind, ctx, depth + 1)
    if ctx.request_ids and is_request_id_key(key) and type(value) in (str, int):
        return REQUEST_ID
    if ctx.scan_injection and len(key) > 12:
        _check_key(key, ctx)
    return walk(value, path, ctx, depth + 1)


def _hide_secret(value: Any, path: str, kind: str, ctx: WalkContext, depth: int) -> Any:
    """The value of a secret-named field: a container's children judged each (never hidden by
    its name alone), anything else hidden whole."""
    if type(value) in (dict, list):
        return _walk_secret_container(value, path, kind, ctx, depth)
    return _hide_all(value, path, _secret_kind(value, kind), ctx, depth)


def _check_key(key: str, ctx: WalkContext) -> None:
    """A long key read for injection (keys are shown too): a key has no fence of its own, so
    the body is fenced whole."""
    reasons = injection_reasons(key)
    if reasons:
        ctx.suspicious.extend(reasons)
        _fence(ctx, "$")


def _secret_kind(value: Any, kind: str) -> str:
    """The detector's kind when it knows the whole value (aws_key, jwt), else the name's."""
    if type(value) is str:
        spans = find_secrets(value)
        if len(spans) == 1 and spans[0].start == 0 and spans[0].end == len(value):
            return spans[0].kind
    return kind


def _shown(value: Any) -> bool:
    return type(value) is str and shown_as_is(value)


_VALUE_SLOTS = ("value", "Value", "VALUE")  # the slot that holds the named thing itself (``terraform output -json``)


def _walk_secret_container(value: Any, path: str, kind: str, ctx: WalkContext, depth: int) -> Any:
    """Under a secret-named field (``credentials``, ``secrets``): each child is judged by its own
    name and looks; a child string that looks like a secret is hidden, dates, counters, types
    and public values stay."""
    if depth >= ctx.max_depth:
        return _cut(ctx)
    if type(value) is list:
        return [_secret_item(v, path + "[]", kind, ctx, depth + 1) for v in value]
    return {k: _secret_child(k, v, f"{path}.{k}", kind, ctx, depth) for k, v in value.items()}


def _secret_item(v: Any, path: str, kind: str, ctx: WalkContext, depth: int) -> Any:
    """An item of a list under a secret-named field."""
    if type(v) in (dict, list):
        return _walk_secret_container(v, path, kind, ctx, depth)
    if type(v) is str and looks_secret_value("", v):
        return _hide_all(v, path, kind, ctx, depth)
    return walk(v, path, ctx, depth)


def _secret_child(k: str, v: Any, sub: str, kind: str, ctx: WalkContext, depth: int) -> Any:
    """A field of an object under a secret-named field."""
    if type(v) is str and secret_key_kind(k) is None and (looks_secret_value(k, v) or k in _VALUE_SLOTS and v and not shown_as_is(v)):
        return _hide_all(v, sub, kind, ctx, depth + 1)
    if type(v) in (dict, list) and secret_key_kind(k) is None:
        describes = not looks_secret_value(k, "?")  # (``scopes: [...]``: a list that describes the secret)
        return walk(v, sub, ctx, depth + 1) if describes else _walk_secret_container(v, sub, kind, ctx, depth + 1)
    return _secret_or_walk(k, v, sub, ctx, depth)


def _fence(ctx: WalkContext, where: str) -> None:
    if where not in ctx.untrusted_paths:
        ctx.untrusted_paths.append(where)


def _hide_all(value: Any, path: str, kind: str, ctx: WalkContext, depth: int) -> Any:
    """Everything under a secret-named field: each scalar becomes a placeholder."""
    if type(value) is dict:
        if depth >= ctx.max_depth:
            ctx.depth_cut = True
            return CUT
        prefix = path + "."
        return {k: _hide_all(v, prefix + k, kind, ctx, depth + 1) for k, v in value.items()}
    if type(value) is list:
        if depth >= ctx.max_depth:
            ctx.depth_cut = True
            return CUT
        return [_hide_all(v, path + "[]", kind, ctx, depth + 1) for v in value]
    if value is None or type(value) is bool:
        return value
    return ctx.hidden.add(path, kind, value if type(value) is str else str(value))


def _hide_sensitive(value: Any, path: str, ctx: WalkContext) -> Any:
    """A field the contract marks ``sensitive``: hidden whatever it holds."""
    name = path.rsplit(".", 1)[-1].replace("[]", "")
    return _hide_all(value, path, secret_key_kind(name) or "sensitive", ctx, 0)


FENCE_MIN_CHARS = 80  # shorter outside strings (names, ids) are not worth a fence


def _safe_text(value: str, path: str, ctx: WalkContext, *, untrusted: bool) -> str:
    long = len(value) >= FENCE_MIN_CHARS  # judged on the tool's text, not on our placeholders
    if ctx.scan_internal:  # the raw holds internal details somewhere (adapt's one pre-scan)
        value, _ = scrub_traces(value)
    if ctx.scan_secrets:
        value = ctx.hidden.text(value, path)
    if ctx.scan_injection:
        reasons = injection_reasons(value, first_party=ctx.first_party)
        if reasons:
            _suspect(ctx, reasons, path)
    if untrusted and (long or "\n" in value):
        _fence_outside(ctx, path)
    return value  # never cut here: the display budget (sinks/budget.py) decides what is shown


def _suspect(ctx: WalkContext, reasons: list[str], path: str) -> None:
    """A flagged passage: its reasons kept, and fenced whatever its source."""
    ctx.suspicious.extend(reasons)
    _fence(ctx, path or "$")


def _fence_outside(ctx: WalkContext, path: str) -> None:
    """Outside text: the whole result when the tool's output is outside text, else this field."""
    _fence(ctx, "$" if ctx.untrusted_tool else path or "$")


def _doubt(ctx: WalkContext, path: str, confidence: float) -> None:
    """The lowest confidence of the values at one path (list items share their path)."""
    known = ctx.doubts.get(path)
    if known is None or confidence < known:
        ctx.doubts[path] = confidence


def _time(value: str, kind: str, path: str, ctx: WalkContext) -> Any:
    """A date or datetime in any of the common formats (adapters/times.py). Where its ISO text
    is not what the tool wrote (``15 Jun 2024``, ``...Z``), the data keeps the tool's text and
    the fragment gets the typed value with the format that matched."""
    found = parse_date(value) if kind == "date" else parse_datetime(value)
    if found is None:
        raise ValueError(value)
    typed, fmt = found
    if typed.isoformat() == value:
        return typed
    _doubt(ctx, path, PARSED)
    ctx.typed[path] = (typed, fmt)
    return value


def _typed(value: Any, spec: FieldContract, path: str, ctx: WalkContext) -> Any:
    if value is None:
        return None
    kind = spec.type
    try:
        if kind == "money":
            if isinstance(value, bool):
                raise ValueError
            if isinstance(value, (int, float)):
                return Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
            _doubt(ctx, path, PARSED)
            return Decimal(str(value).strip().lstrip("$"))
        if kind in ("date", "datetime") and isinstance(value, str):
            return _time(value, kind, path, ctx)
        if kind == "int" and isinstance(value, str):
            _doubt(ctx, path, PARSED)
            return int(value)
        if kind == "number" and isinstance(value, str):
            _doubt(ctx, path, PARSED)
            return float(value)
        if kind == "enum":
            if value not in spec.values:  # type: ignore[operator]
                _doubt(ctx, path, UNKNOWN_ENUM)
            elif spec.display:
                ctx.doubts.setdefault(path, PARSED)
    except (ValueError, InvalidOperation, TypeError):
        _doubt(ctx, path, PARSE_FAILED)
    return value
