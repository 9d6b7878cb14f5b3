"""The adapt stage: one raw-result envelope -> an ``Adapted`` message (typed fragments).

Pure: no I/O and no clock. The raw bytes it returns beside the message are what the
artifact sink stores; the message only cites them by hash and reference.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from obsline.adapters import prescan
from obsline.adapters.error_codes import not_idempotent
from obsline.adapters.injection import injection_reasons, may_hold_injection
from obsline.adapters.internal import may_hold_internal
from obsline.adapters.kinds import infer_kind
from obsline.adapters.safety import may_hold_secrets, scrub_traces
from obsline.adapters.shapes import JSON, TEXT, Shaped, meaning, read_shape
from obsline.adapters.status import StatusResult, detect_status, runs_command, status_hints
from obsline.adapters.times import sort_key
from obsline.adapters.trust import ERROR_PATH, first_party, flagged_untrusted, outside_text, own_output
from obsline.adapters.typed import (
    DERIVED,
    DIRECT,
    FROM_CONTEXT,
    PARSE_FAILED,
    UNKNOWN_ENUM,
    WalkContext,
    type_in_place,
    walk,
)
from obsline.adapters.verbatim import holds_constant, holds_long_integer_bytes, rewrites_number, verbatim_json, writable
from obsline.core.errors import ErrorCode
from obsline.core.ids import artifact_ref
from obsline.core.memo import ContentKey, Memo, SizedMemo
from obsline.core.models import Adapted, Control, ErrorInfo, Fragment, Ids, RawEnvelope, Status, fast_new
from obsline.core.spec import FieldContract, ToolSpec, resolve
from obsline.core.tokens import count_tokens


@dataclass(frozen=True, slots=True)
class Limits:
    """Parse limits (1 MiB raw, nesting 32). How much of a result the model sees is the display
    budget's business (sinks/budget.py), not adapt's: no text is cut here."""

    max_raw_bytes: int = 1 << 20
    max_depth: int = 32


@fast_new  # (one a record: see core.models.fast_new)
@dataclass(frozen=True, slots=True)
class AdaptResult:
    adapted: Adapted
    raw_bytes: bytes  # exactly as received, for the artifact store
    # hidden values by digest, for the task's vault (sinks/vault.py); never in a message
    secrets: dict[str, str] = field(default_factory=dict)


def raw_as_bytes(raw: Any) -> tuple[bytes, str | None, bool, Any]:
    """The raw's bytes as received, its text as the model may see it (None for a non-string
    JSON value, which has no bytes of its own: it is stored as compact JSON), whether the
    bytes were not valid UTF-8 (the text then has replacement characters), and the raw to read:
    ``raw`` itself, or a JSON value with its integers past 64 bits as their text
    (verbatim.writable: orjson, which every later stage writes with, refuses them)."""
    if isinstance(raw, str):
        try:
            return raw.encode("utf-8"), raw, False, raw
        except UnicodeEncodeError:
            pass
        try:
            # surrogateescape keeps bytes that were not valid UTF-8 exactly as they came.
            data = raw.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:  # a lone surrogate sent as a JSON escape (\ud800): keep it
            data = raw.encode("utf-8", "surrogatepass")
        return data, data.decode("utf-8", "replace"), True, raw
    try:
        return orjson.dumps(raw), None, False, raw
    except orjson.JSONEncodeError:  # nested past orjson's limit (254), or an integer past 64 bits
        return _dumps_deep(raw).encode(), None, False, writable(raw)


def _received(envelope: RawEnvelope) -> tuple[RawEnvelope, bytes, str | None, bool]:
    """``raw_as_bytes`` of the envelope's raw, and the envelope holding the raw to read."""
    raw_bytes, text, invalid_utf8, raw = raw_as_bytes(envelope.raw)
    if raw is not envelope.raw:  # (rare: an integer past 64 bits in an in-process raw)
        envelope = envelope.model_copy(update={"raw": raw})
    return envelope, raw_bytes, text, invalid_utf8


def _dumps_deep(value: Any) -> str:
    """Compact JSON without recursion, for values nested deeper than orjson writes."""
    out: list[str] = []
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, _Literal):
            out.append(item.text)
        elif isinstance(item, dict):
            out.append("{")
            parts: list[Any] = []
            for i, (k, v) in enumerate(item.items()):
                parts += [_Literal("," if i else ""), _Literal(orjson.dumps(k).decode() + ":"), v]
            stack += [_Literal("}"), *reversed(parts)]
        elif isinstance(item, list):
            out.append("[")
            parts = []
            for i, v in enumerate(item):
                parts += [_Literal("," if i else ""), v]
            stack += [_Literal("]"), *reversed(parts)]
        elif type(item) is int:
            out.append(str(item))  # any size: the integer as written
        else:
            out.append(orjson.dumps(item).decode())
    return "".join(out)


@dataclass(frozen=True, slots=True)
class _Literal:
    text: str




def _parse(text: str, data: bytes) -> tuple[Any, bool]:
    """(value, is_json). Text that does not parse as JSON is left to the shapes (a Python
    literal, a file view, ...): it is never an error of its own. ``data``: the text's bytes as
    received (their digit runs are the text's: an invalid byte breaks a run in both)."""
    head = text.lstrip()[:1]
    if head in ("{", "[") or (head and (head.isdigit() or head == "-")):
        try:
            value = orjson.loads(text)
        except orjson.JSONDecodeError:
            return verbatim_json(text) if holds_constant(text) else (None, False)
        # numbers as written: a float that would not write back, an integer orjson rounds
        return verbatim_json(text) if rewrites_number(text) or holds_long_integer_bytes(data) else (value, True)
    return None, False




@fast_new  # (see core.models.fast_new)
@dataclass(frozen=True, slots=True)
class Content:
    """What adapt derives from a raw's bytes alone (given the tool's contract and the limits):
    the same bytes always give the same Content, so it is memoised by content key. Shared
    between messages, so it is never mutated."""

    data: Any
    parsed: Any  # the typed JSON tree the entity key is read from (None for text)
    status: Status
    error: ErrorInfo | None
    details: dict[str, Any]
    control: Control
    doubts: dict[str, float]
    truncated: bool
    has_more: bool
    next_cursor: str | None
    raw_tokens: int
    shape: str
    secrets: dict[str, str]  # what ``control.redactions`` hid, by digest (adapters/secrets.py)
    typed: dict[str, tuple[Any, str]] = field(default_factory=dict)  # dates kept as written: (value, format)
    # The fragments read from this content, by the entity they were read for: a memo that
    # lives as long as the content's own entry (at most MAX_ENTITIES_KEPT entities), so a
    # repeated raw costs one memo look-up, not two. The only thing in a Content written after
    # it is built; a fragment list in it is never changed.
    fragments: dict[str | None, list[Fragment]] = field(default_factory=dict)


MEMO_MAX_BYTES = 16_384  # raws up to this size are memoised by count (AdaptMemo.contents)
MAX_ENTITIES_KEPT = 8  # fragment lists one content keeps (one per entity it was read for; most: one)
# Larger raws by their total size: what both memos keep of one is ~1x its bytes for text, ~8x
# for JSON (tracemalloc, docs/design.md), so 4 MiB of raws keeps at most ~32 MiB.
LARGE_MEMO_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class AdaptMemo:
    """Content by content key (tool, raw sha256; status hints, flagged untrusted, first-party),
    with the fragments of that content by the entity they were read for (``Content.fragments``).
    Raws over ``MEMO_MAX_BYTES`` have their own memo, bounded by their raws' bytes."""

    contents: Memo[ContentKey, Content]
    large_contents: SizedMemo[ContentKey, Content]

    @classmethod
    def of(cls, entries: int) -> AdaptMemo:
        return cls(Memo(entries), SizedMemo(LARGE_MEMO_BYTES if entries > 0 else 0))


def adapt(envelope: RawEnvelope, contracts: Mapping[str, ToolSpec], limits: Limits = Limits(),
          memo: AdaptMemo | None = None, ref_key: bytes | None = None) -> AdaptResult:
    """``ref_key`` signs the artifact reference (obsline/ids.py): the capability to read the raw."""
    envelope, raw_bytes, text, invalid_utf8 = _received(envelope)
    spec = contracts.get(envelope.tool)
    sha = hashlib.sha256(raw_bytes).hexdigest()
    memo = memo if memo is not None else AdaptMemo.of(0)
    depends = (status_hints(envelope.http_status, envelope.error, envelope.args), flagged_untrusted(envelope.meta),
               envelope.meta.get("first_party") is True)
    key: ContentKey = (envelope.tool, sha, depends)  # ``content_key(envelope.tool, sha, *depends)``, without the call
    size = len(raw_bytes)
    small = size <= MEMO_MAX_BYTES  # (inline, not an AdaptMemo method: a frame fewer a record)
    content = memo.contents.get(key) if small else memo.large_contents.get(key)
    if content is None:
        content = read_content(envelope, spec, raw_bytes, text, invalid_utf8, limits)
        if small:
            memo.contents.put(key, content)
        else:
            memo.large_contents.put(key, content, size)
    entity_id = _entity_id(spec, content.parsed, envelope.args) if spec else None
    fragments = [] if content.status is Status.ERROR else _fragments_of(envelope, spec, content, entity_id)
    error = content.error
    if error is not None:
        error = _name_the_command(error, envelope.args)
        if error is not None and envelope.meta.get("idempotent") is False:  # (per call: not in the memo)
            error = not_idempotent(error)
    # Positional, in the fields' order: 24 keywords cost ~0.8 µs more a record (each name matched
    # in the call); tests/core/test_positional_builds.py checks the order.
    adapted = Adapted(
        Ids(envelope.task_id, envelope.step_id, envelope.action_id), envelope.tool,  # ids, tool
        spec.kind if spec else infer_kind(envelope.tool, envelope.args), entity_id, content.status,  # kind, entity, status
        error, content.data, fragments, envelope.ts, envelope.query_ts,  # error, data, fragments, retrieved_at, query_ts
        sha, size, content.raw_tokens,  # raw_sha256, raw_bytes, raw_tokens
        artifact_ref(envelope.task_id, envelope.step_id, envelope.action_id, ref_key),  # artifact
        content.truncated, content.has_more, content.next_cursor,  # truncated, has_more, next_cursor
        content.control, content.details, envelope.user_intent, envelope.args,  # control, details, user_intent, args
        content.shape, limits.max_raw_bytes if size > limits.max_raw_bytes else None,  # shape, parse_limit
    )
    return AdaptResult(adapted, raw_bytes, content.secrets)


def _fragments_of(envelope: RawEnvelope, spec: ToolSpec | None, content: Content,
                  entity_id: str | None) -> list[Fragment]:
    """A result's fragments for its entity (kept with the content for the next record of the
    same content and entity), and the key fields the call's arguments give."""
    known = content.fragments.get(entity_id)
    if known is None:
        known = _fragments(envelope.tool, spec, content.data, entity_id, content.doubts, content.typed)
        if len(content.fragments) < MAX_ENTITIES_KEPT:
            content.fragments[entity_id] = known
    if entity_id and spec and envelope.args:  # (``_context_fragments``' own test: most results have none)
        context = _context_fragments(envelope.tool, spec, entity_id, envelope.args)
        if context:
            return known + context
    return known


_COMMAND_ARGS = ("command", "cmd", "script", "code")
_TOP = re.compile(r"[.\[]")  # where a nested path leaves its top-level field


def _name_the_command(error: ErrorInfo | None, args: dict[str, Any] | None) -> ErrorInfo | None:
    """A timeout names the command (from the call's arguments, as the content memo does not
    know them) when its own text does not: which call to shorten or background. A failed
    command's output is shown in full, and the call is the agent's own, so it is not repeated."""
    if error is None or error.code is not ErrorCode.TIMEOUT or not args:
        return error
    command = next((v for k in _COMMAND_ARGS if isinstance(v := args.get(k), str) and v.strip()), None)
    if command is None or command in error.message:
        return error
    shown = command if len(command) <= 200 else command[:200] + "…"
    return dataclasses.replace(error, message=f"{error.message} (command: {shown})")


def read_content(envelope: RawEnvelope, spec: ToolSpec | None, raw_bytes: bytes, text: str | None,
                 invalid_utf8: bool, limits: Limits) -> Content:
    """Parse, type, scan and classify one raw result (the expensive, content-only part)."""
    visible_text = text if text is not None else raw_bytes.decode()
    too_large = len(raw_bytes) > limits.max_raw_bytes
    parsed, is_json, shaped = (None, text is None, None) if too_large else _read(envelope, spec, text, raw_bytes)
    shape, json_like = _shape_of(is_json, shaped)
    ctx = _walk_context(envelope, spec, shape, visible_text, invalid_utf8, limits)
    data = _typed(visible_text if too_large else None, text, parsed, is_json, json_like, shaped, spec, ctx, limits)
    verdict = _verdict(envelope, parsed if json_like else None, None if is_json else text, shaped, ctx)
    error = _scrubbed_error(verdict.error, ctx)
    has_more, cursor = _paging(parsed)
    # Positional, in the fields' order, as Adapted's (tests/core/test_positional_builds.py)
    control = Control(bool(ctx.suspicious), sorted(set(ctx.suspicious)), ctx.untrusted_paths,  # suspicious, its reasons
                      ctx.hidden.records, invalid_utf8)  # untrusted_paths, redactions, invalid_utf8
    return Content(
        data, parsed if json_like else None, verdict.status, error, verdict.details,  # data, parsed, status, error, details
        control, ctx.doubts, too_large or ctx.depth_cut, has_more, cursor,  # control, doubts, truncated, paging
        count_tokens(visible_text), shape, ctx.hidden.values, ctx.typed,  # raw_tokens, shape, secrets, typed
    )


def _shape_of(is_json: bool, shaped: Shaped | None) -> tuple[str, bool]:
    """The raw's shape name, and whether its tree is like JSON's (JSON itself, or a JSON-like shape)."""
    if is_json:
        return JSON, True
    if shaped is None:
        return TEXT, False
    return shaped.name, meaning(shaped.name).json_like


def _verdict(envelope: RawEnvelope, tree: Any, text: str | None, shaped: Shaped | None,
             ctx: WalkContext) -> StatusResult:
    """The result's status and error, from its JSON-like tree or its text and shape."""
    return detect_status(tree, text, http_status=envelope.http_status, error_hint=envelope.error,
                         shape=shaped.name if shaped else JSON, tree=shaped.tree if shaped else None,
                         own_output=ctx.own_output or runs_command(envelope.args))


def _read(envelope: RawEnvelope, spec: ToolSpec | None, text: str | None,
          raw_bytes: bytes) -> tuple[Any, bool, Shaped | None]:
    """The raw's tree (JSON, or the tree of a JSON-like shape), whether it was JSON, and the
    shape a text was read as."""
    if text is None:
        return envelope.raw, True, None
    parsed, is_json = _parse(text, raw_bytes)  # JSON first: no shape detector runs on a JSON raw
    if is_json:
        return parsed, True, None
    shaped = read_shape(text)
    if meaning(shaped.name).crash and (spec is not None or not own_output(envelope.tool, shaped.name)):
        # A contract tool's trace, or one from a tool that does not run the agent's
        # programs, is its own infrastructure's: it stays text, which is scrubbed.
        shaped = Shaped(TEXT, text, False)
    if meaning(shaped.name).json_like:
        parsed = shaped.tree  # an object like JSON's: status, paging and keys read it
    return parsed, False, shaped


def _walk_context(envelope: RawEnvelope, spec: ToolSpec | None, shape: str, scan_source: str,
                  invalid_utf8: bool, limits: Limits) -> WalkContext:
    """What typing and the safety scans need to know: the whole text is scanned, however
    large (every part of it may be shown)."""
    lowered = scan_source.lower()
    own = own_output(envelope.tool, shape)
    triggers = prescan.scan(scan_source, lowered)  # every safety check's trigger words, in one pass
    return WalkContext(
        fields=spec.fields if spec else {},
        # adapters/trust.py: a tool without a contract is outside text only by its shape or flag
        untrusted_tool=outside_text(bool(spec and spec.untrusted), shape, flagged_untrusted(envelope.meta)),
        scan_secrets=may_hold_secrets(scan_source, lowered, triggers),
        scan_injection=may_hold_injection(scan_source, lowered, triggers),
        max_depth=limits.max_depth,
        invalid_utf8=invalid_utf8,
        scan_internal=not own and may_hold_internal(lowered, scan_source, triggers),
        own_output=own,
        first_party=first_party(bool(spec and spec.first_party), envelope.meta),
    )


def _typed(over_limit: str | None, text: str | None, parsed: Any, is_json: bool, json_like: bool,
           shaped: Shaped | None, spec: ToolSpec | None, ctx: WalkContext, limits: Limits) -> Any:
    """The typed, scanned tree the model is shown."""
    if over_limit is not None:
        # Over the parse limit: kept as text, scanned and scrubbed whole like any text; the
        # display budget shows its head and tail.
        return walk(over_limit, "", ctx)
    if is_json and spec is not None and _in_place(text, ctx, limits):
        return type_in_place(parsed, spec.active, ctx)
    if json_like:
        return walk(parsed, "", ctx)
    if shaped is not None and shaped.name != TEXT:
        return walk(shaped.tree, "", ctx)
    return walk(text, "", ctx) if text else ""


def _scrubbed_error(error: ErrorInfo | None, ctx: WalkContext) -> ErrorInfo | None:
    """Error texts are where stack traces, tokens and internal hosts turn up: always scrubbed,
    and scanned like data since they are shown."""
    if error is None:
        return None
    message, _ = scrub_traces(error.message, own_output=ctx.own_output)
    error = dataclasses.replace(error, message=ctx.hidden.text(message, "error.message"))
    reasons = injection_reasons(error.message, first_party=ctx.first_party)
    if reasons:
        ctx.suspicious.extend(reasons)
        ctx.untrusted_paths.append(ERROR_PATH)
    return error


def _in_place(text: str | None, ctx: WalkContext, limits: Limits) -> bool:
    """A contract tool's JSON may be typed in place (``type_in_place``): nothing to scan, no
    display text to add, and too few brackets for the nesting limit to apply."""
    return ctx.plain and not ctx.has_display and _small(text, limits)


def _small(text: str | None, limits: Limits) -> bool:
    """True when the nesting limit cannot apply inside this JSON text: it has fewer brackets
    than the limit."""
    return text is not None and text.count("{") + text.count("[") <= limits.max_depth


def _entity_id(spec: ToolSpec, parsed: Any, args: dict[str, Any] | None) -> str | None:
    if not spec.key:
        return None
    parts = []
    for path in spec.key:
        value = resolve(args, path[5:]) if path.startswith("args.") else resolve(parsed, path)
        if value is None and not path.startswith("args."):
            value = resolve(args, path)  # a key the result omits is often the call's argument
        if value is None:
            return None
        parts.append(str(value))
    return f"{spec.entity}:{'/'.join(parts)}"


def _fragments(tool: str, spec: ToolSpec | None, data: Any, entity_id: str | None,
               doubts: dict[str, float], typed: dict[str, tuple[Any, str]] | None = None) -> list[Fragment]:
    """The fragments read from the result itself (a function of its content and entity). A
    field's confidence is the lowest of its own and of every value under it (a list whose one
    item failed to parse is not read directly)."""
    if not isinstance(data, dict):
        return [Fragment("result", _type_of(data, None), data, DIRECT, f"{tool}:$", entity_id)]
    return _field_fragments(tool, spec.fields if spec else {}, data, entity_id, doubts, typed or {})


def _field_fragments(tool: str, fields: dict[str, FieldContract], data: dict[str, Any], entity_id: str | None,
                     doubts: dict[str, float], typed: dict[str, tuple[Any, str]]) -> list[Fragment]:
    """One fragment a top-level field (and what its ``extract`` picks from a list)."""
    nested = _nested_doubts(doubts)
    out = []
    names = _TYPE_NAMES
    for name, value in data.items():
        field_spec = fields.get(name)
        ftype: str
        if field_spec:
            ftype = field_spec.type
        else:  # ``_type_of(value, None)``, by the value's exact type (a str by its length; others: the call)
            kind = type(value)
            ftype = ("text" if len(value) > 200 else "string") if kind is str else names.get(kind) or _type_of(value, None)
        if doubts or typed:
            value, confidence, source = _as_doubted(tool, name, value, doubts, nested, typed)
        else:  # (most results: nothing doubted, every field read directly)
            confidence, source = DIRECT, f"{tool}:{name}"
        out.append(Fragment(name, ftype, value, confidence, source, entity_id))
        if field_spec and field_spec.extract:
            out.extend(_extracted_of(tool, name, field_spec.extract, value, entity_id))
    return out


def _extracted_of(tool: str, name: str, extract: Any, value: Any, entity_id: str | None) -> list[Fragment]:
    """What a declared ``extract`` picks from the field's list (nothing from an empty list or a non-list)."""
    return [_extracted(tool, name, extract, value, entity_id)] if isinstance(value, list) and value else []


def _nested_doubts(doubts: dict[str, float]) -> dict[str, float]:
    """The lowest confidence of the values under each top-level field (``items[].price`` -> ``items``)."""
    nested: dict[str, float] = {}
    for path, doubt in doubts.items():
        top = _TOP.split(path, 1)[0]
        if top != path:
            nested[top] = min(doubt, nested.get(top, DIRECT))
    return nested


def _as_doubted(tool: str, name: str, value: Any, doubts: dict[str, float], nested: dict[str, float],
                typed: dict[str, tuple[Any, str]]) -> tuple[Any, float, str]:
    """A field's value, confidence and source when something in the result was doubted: an
    unknown enum value reads UNKNOWN, a failed parse None, a date kept as written its typed value."""
    own = doubts.get(name, DIRECT)
    confidence = min(own, nested.get(name, DIRECT))
    source = f"{tool}:{name}"
    if own == UNKNOWN_ENUM:
        return "UNKNOWN", confidence, source
    if own == PARSE_FAILED:
        return None, confidence, source
    if name in typed:
        value, fmt = typed[name]
        return value, confidence, source + f" (format {fmt})"
    return value, confidence, source


def _context_fragments(tool: str, spec: ToolSpec | None, entity_id: str | None,
                       args: dict[str, Any] | None) -> list[Fragment]:
    """Key fields taken from the call's arguments (``args.`` paths of the contract's key)."""
    if not (spec and entity_id and args):
        return []
    return [Fragment(path[5:], "id", resolve(args, path[5:]), FROM_CONTEXT, f"{tool}:{path}", entity_id)
            for path in spec.key if path.startswith("args.")]


def _extracted(tool: str, name: str, extract: Any, items: list[Any], entity_id: str | None) -> Fragment:
    """The item with the latest (earliest) time in ``extract.by``, compared as times (ISO 8601,
    epoch numbers, the common date forms); items whose time does not parse ("yesterday") are
    left out, and the fragment's source says how many and which."""
    rows: list[tuple[float, Any]] = []
    ignored: list[str] = []
    for item in items:
        if isinstance(item, dict) and item.get(extract.by) is not None:
            key = sort_key(item[extract.by])
            if key is None:
                ignored.append(str(item[extract.by]))
            else:
                rows.append((key, item))
    pick = max if extract.strategy == "latest_by" else min
    chosen = pick(rows, key=lambda row: row[0])[1] if rows else None
    source = f"{tool}:{name}[{extract.strategy}={extract.by}]"
    if ignored:
        source += f" (ignored {len(ignored)} unparseable {extract.by}: {', '.join(ignored[:3])})"
    return Fragment(extract.as_, "object", chosen, DERIVED, source, entity_id)


_TYPE_NAMES = {bool: "bool", int: "int", float: "number", list: "list", type(None): "null", dict: "object"}
"""``_type_of`` of a value of exactly these types (tests/adapters/test_adapt_twins.py)."""


def _type_of(value: Any, _spec: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "text" if len(value) > 200 else "string"
    if isinstance(value, list):
        return "list"
    if value is None:
        return "null"
    return "object"


def _paging(parsed: Any) -> tuple[bool, str | None]:
    if not isinstance(parsed, dict):
        return False, None
    cursor = parsed.get("next_cursor") or parsed.get("next_page_token") or parsed.get("cursor")
    has_more = bool(parsed.get("has_more") or parsed.get("hasMore") or cursor)
    return has_more, str(cursor) if cursor else None
