"""The messages that travel between stages, one Kafka topic each.

    RawEnvelope   obsline.raw           what an agent publishes (validated with pydantic)
    Adapted       obsline.fragments     typed fragments + status of one raw result
    Snapshot      obsline.snapshots     an Adapted aligned with the task's earlier facts
    Observation   obsline.observations  what the model sees, plus its evidence

Every message carries task_id, step_id and action_id and is keyed by task_id on Kafka.
The hot messages are slotted dataclasses (orjson serialises them natively); see
docs/design.md for why pydantic is kept for the envelope only.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import MISSING, dataclass, field, fields
from enum import StrEnum
from typing import Any, TypedDict, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from obsline.core.errors import EnvelopeError, ErrorCode

SCHEMA_VERSION = 1


class Status(StrEnum):
    SUCCESS = "success"
    PARTIAL = "partial"
    PENDING = "pending"
    ERROR = "error"
    CANCELLED = "cancelled"
    UNCERTAIN = "uncertain"  # cut off or incomplete: neither a success nor an error (seed 000)


class ToolKind(StrEnum):
    READ = "read"
    LIST = "list"
    SIDE_EFFECT = "side_effect"
    TIME_SERIES = "time_series"
    GENERIC = "generic"  # no contract and neither read nor write by its name: never folded


class DedupKind(StrEnum):
    NEW = "new"
    UNCHANGED = "unchanged"
    DELTA = "delta"
    MERGED = "merged"
    NEVER = "never"
    PENDING_REVIEW = "pending_review"
    OLDER = "older"  # a result of an earlier step that arrived after a newer one: never a change


def to_epoch(value: Any) -> float | None:
    """Epoch seconds from a number or an ISO 8601 string (naive means UTC)."""
    if value is None or isinstance(value, bool):
        return None if value is None else float(value)
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        parsed = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
        if parsed.tzinfo is None:
            parsed = parsed.replace(tzinfo=dt.UTC)
        return parsed.timestamp()
    raise ValueError(f"not a timestamp: {value!r}")


class RawEnvelope(BaseModel):
    """One tool result as an agent publishes it. Unknown fields are kept in ``meta``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    task_id: str = Field(min_length=1)
    step_id: int = Field(strict=True, ge=0)
    action_id: str = Field(min_length=1)
    tool: str = Field(min_length=1)
    raw: Any
    args: dict[str, Any] | None = None
    ts: float | None = None
    query_ts: float | None = None
    tenant: str | None = None
    user_intent: str | None = None
    # Strict: "yes" or "500" is a producer bug to report, not a value to guess (MALFORMED, field named).
    # ts/query_ts take epoch numbers or ISO 8601 text (``to_epoch``); every other field takes its type only.
    error: bool | None = Field(default=None, strict=True)
    http_status: int | None = Field(default=None, strict=True)
    tool_version: str | None = None
    meta: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _unknown_fields_to_meta(cls, data: Any) -> Any:
        if isinstance(data, dict):
            extra = {k: v for k, v in data.items() if k not in _ENVELOPE_FIELDS}
            if extra:
                data = {k: v for k, v in data.items() if k in _ENVELOPE_FIELDS}
                data["meta"] = {**data.get("meta", {}), **extra}
        return data

    @field_validator("ts", "query_ts", mode="before")
    @classmethod
    def _epoch(cls, value: Any) -> float | None:
        return to_epoch(value)

    @classmethod
    def parse(cls, data: Any) -> RawEnvelope:
        """Validate, raising EnvelopeError whose problems name each bad field."""
        fast = _already_valid(data)
        if fast is not None:
            return fast
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            problems = [
                f"{'.'.join(str(p) for p in e['loc']) or 'envelope'}: {e['msg']}"
                for e in exc.errors(include_url=False)
            ]
            raise EnvelopeError(problems) from None


_FIELD_ORDER = tuple(RawEnvelope.model_fields)
_ENVELOPE_FIELDS = frozenset(_FIELD_ORDER)


def _already_valid(data: Any) -> RawEnvelope | None:
    """The common case, checked by hand and built without re-validation (a third of the
    decode time); anything unusual returns None and goes through full validation."""
    if type(data) is not dict or "raw" not in data:
        return None
    # every field's value (None when absent), in field order, in C
    task, step, action, tool, raw, args, ts, query_ts, tenant, intent, error, http_status, version, meta = map(
        data.get, _FIELD_ORDER)
    if not (type(task) is str and task and type(step) is int and step >= 0 and type(action) is str and action
            and type(tool) is str and tool):
        return None
    if meta is None:
        if "meta" in data:
            return None  # an explicit null: full validation says what is wrong with it
        meta = {}
    if not ((args is None or type(args) is dict) and (ts is None or type(ts) in _NUMBER)
            and (query_ts is None or type(query_ts) in _NUMBER) and (error is None or type(error) is bool)
            and (http_status is None or type(http_status) is int) and (tenant is None or type(tenant) is str)
            and (intent is None or type(intent) is str) and (version is None or type(version) is str)
            and type(meta) is dict):
        return None
    fields_set = data.keys() & _ENVELOPE_FIELDS  # a new set: looks up the 14 names, not the record's keys
    if len(fields_set) < len(data):  # unknown keys (agents add many): the record less the fields
        extra = data.copy()
        for name in fields_set:  # (a loop of ``del``: ~0.25 µs less than ``list(map(extra.pop, ...))``)
            del extra[name]
        meta = {**meta, **extra} if meta else extra  # (``extra`` is a fresh dict: no second copy)
        fields_set.add("meta")  # as the validator that moves unknown fields there
    # In the model's field order, as pydantic keeps them. A dict display (one opcode building
    # a 14-key dict from constant keys) costs ~1 µs less than ``dict(zip(_FIELD_ORDER, values))``;
    # a float is kept as it is (float() of one is itself).
    fields = {"task_id": task, "step_id": step, "action_id": action, "tool": tool, "raw": raw, "args": args,
              "ts": float(ts) if type(ts) is int else ts,
              "query_ts": float(query_ts) if type(query_ts) is int else query_ts,
              "tenant": tenant, "user_intent": intent, "error": error, "http_status": http_status,
              "tool_version": version, "meta": meta}
    # What ``model_construct`` does, minus its per-field default resolution (every field is
    # set above): the envelope is the hottest object of the pipeline.
    envelope = RawEnvelope.__new__(RawEnvelope)
    object.__setattr__(envelope, "__dict__", fields)
    object.__setattr__(envelope, "__pydantic_fields_set__", fields_set)
    object.__setattr__(envelope, "__pydantic_extra__", None)
    object.__setattr__(envelope, "__pydantic_private__", None)
    return envelope


_NUMBER = (int, float)


T = TypeVar("T")
_FACTORY: Any = object()  # a factory field's parameter default: "not passed", so a fresh value is made


def fast_new(cls: type[T]) -> type[T]:
    """Build the hottest messages (~60 fields set per record) without a call per field.

    A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` (~80 ns a
    field), because the class's own ``__setattr__`` refuses. This gives the class a ``__new__``
    that fills a plain slotted twin of the same layout with ordinary stores (specialised to a
    slot write, ~10 ns a field), then makes it an instance of the class (``__class__``
    assignment, allowed between classes of the same slots): ~3x faster for Adapted's 24 fields.
    The instance is the dataclass's in every way (type, fields, equality, frozen: a later
    ``setattr`` raises FrozenInstanceError). ``__new__`` takes the parameters, defaults and
    default factories of the dataclass's ``__init__`` (which is removed: mypy and IDEs read that
    signature from the dataclass); tests/core/test_fast_init.py checks it against that
    reference twin. ``__reduce__`` rebuilds by the constructor, for copy and pickle."""
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    layout = type(f"_{cls.__name__}Layout", (), {"__slots__": cls.__slots__})  # type: ignore[attr-defined]
    scope: dict[str, Any] = {"_layout": layout, "_new": object.__new__, "_FACTORY": _FACTORY}
    params, body = [], []
    for f in fields(cls):  # type: ignore[arg-type]
        if f.default is not MISSING:
            scope[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
            body.append(f"    self.{f.name} = {f.name}")
        elif f.default_factory is not MISSING:
            scope[f"_factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_FACTORY")
            body.append(f"    self.{f.name} = _factory_{f.name}() if {f.name} is _FACTORY else {f.name}")
        else:
            params.append(f.name)
            body.append(f"    self.{f.name} = {f.name}")
    source = (f"def __new__(cls, {', '.join(params)}):\n    self = _new(_layout)\n" + "\n".join(body)
              + "\n    self.__class__ = cls\n    return self\n")
    exec(source, scope)  # (as dataclasses writes its __init__)
    new = scope["__new__"]
    new.__qualname__ = f"{cls.__qualname__}.__new__"
    cls.__new__ = staticmethod(new)  # type: ignore[method-assign]
    del cls.__init__  # object.__init__ accepts the arguments once __new__ is overridden

    def __reduce__(self: Any) -> tuple[type, tuple[Any, ...]]:
        return cls, tuple(map(self.__getattribute__, names))

    cls.__reduce__ = __reduce__  # type: ignore[method-assign]
    return cls


@fast_new
@dataclass(frozen=True, slots=True)
class Ids:
    """Where a message belongs: the Kafka key is task_id."""

    task_id: str
    step_id: int
    action_id: str


@fast_new
@dataclass(frozen=True, slots=True)
class Fragment:
    """One typed fact read from a raw result.

    ``value`` is typed by ``type`` (money is Decimal, dates are dates); ``confidence`` follows
    seed 001's decay rule and is never 1.0.
    """

    name: str
    type: str
    value: Any
    confidence: float
    source: str
    entity_id: str | None


@fast_new
@dataclass(frozen=True, slots=True)
class ErrorInfo:
    code: ErrorCode
    message: str
    retryable: bool
    retry_after_ms: int | None = None
    field_errors: list[dict[str, str]] = field(default_factory=list)
    suggested_actions: list[str] = field(default_factory=list)
    tool_code: str | None = None  # the tool's own code, verbatim (ThrottlingException, 40001, card_declined)


@fast_new
@dataclass(frozen=True, slots=True)
class Control:
    """Safety flags of one result: what was fenced, redacted, replaced or cut."""

    suspicious: bool = False
    suspicious_reasons: list[str] = field(default_factory=list)
    untrusted_paths: list[str] = field(default_factory=list)
    # one record per hidden value: {path, handle ("[secret:token-177815906355]"), kind} (docs/design.md, Secrets)
    redactions: list[dict[str, str]] = field(default_factory=list)
    invalid_utf8: bool = False
    noise: list[dict[str, Any]] = field(default_factory=list)
    # Loop signals (obsline/aligner/signals): the earlier call this one repeats, the breaker it
    # trips, the retry advice of a transient error
    repeat_of: dict[str, Any] | None = None
    breaker: dict[str, Any] | None = None
    retry: dict[str, Any] | None = None


@fast_new
@dataclass(frozen=True, slots=True)
class Adapted:
    """The fragments-stage message: one raw result, typed and normalised."""

    ids: Ids
    tool: str
    kind: ToolKind
    entity_id: str | None
    status: Status
    error: ErrorInfo | None
    data: Any  # projected typed tree, redacted; a preview when truncated
    fragments: list[Fragment]
    retrieved_at: float | None
    query_ts: float | None
    raw_sha256: str
    raw_bytes: int
    raw_tokens: int
    artifact: str
    truncated: bool
    has_more: bool
    next_cursor: str | None
    control: Control
    details: dict[str, Any]  # status extras: partial succeeded/failed, pending handle
    user_intent: str | None = None
    args: dict[str, Any] | None = None
    shape: str = "json"  # how the raw was read: a name from adapters.shapes (json, text, shell, ...)
    parse_limit: int | None = None  # bytes: set when the raw was over adapt's parse limit (kept as text)
    schema_version: int = SCHEMA_VERSION


@fast_new
@dataclass(frozen=True, slots=True)
class Conflict:
    """The same fact of one entity read with different values from different sources."""

    entity_id: str
    fact: str
    values: list[dict[str, Any]]  # [{value, source, step_id, action_id, confidence}], in order of steps
    confidence: float = 0.0  # the mean of the sources' confidences (seed 001)


@fast_new
@dataclass(frozen=True, slots=True)
class Snapshot:
    """The snapshots-stage message: one Adapted result plus what alignment found."""

    adapted: Adapted
    conflicts: list[Conflict]
    age_seconds: float | None
    schema_version: int = SCHEMA_VERSION


@fast_new
@dataclass(frozen=True, slots=True)
class Dedup:
    kind: DedupKind
    baseline_step: int | None = None
    baseline_action: str | None = None
    changed: list[str] = field(default_factory=list)
    refs: list[int] = field(default_factory=list)  # numbers (#N) of earlier observations this one points to
    note: str | None = None
    number: int | None = None  # this observation's number in its task (#N, first in its text)


class Tokens(TypedDict):
    """o200k_base counts: of the raw as received and of the observation's text."""

    raw: int
    text: int


class Evidence(TypedDict):
    """Where the observation came from: the tool (or ``envelope`` for a rejected line), the raw's
    digest and size, and the artifact reference that reads it back."""

    source: str
    raw_sha256: str | None
    artifact: str | None
    raw_bytes: int


class Metadata(TypedDict, total=False):
    """What an observation says about its result besides the data. The first five are always
    there; the rest when they apply (engines add ``state``, a rejected line ``rejected``)."""

    retrieved_at: str | None
    age_seconds: float | None
    truncated: bool
    has_more: bool
    next_cursor: str | None
    entity_id: str | None
    kind: str
    shape: str
    details: dict[str, Any]  # status extras (partial: succeeded/failed; pending: handle, retry_after_ms)
    cut: list[dict[str, Any]]  # the display budget's cuts (sinks/budget.Cut.as_dict)
    rejected: str  # why the input was not a valid envelope
    state: str  # a note from the engine (a task whose state expired)
    head_lines: int  # text folds: the header's line count before the folded body (sinks/rebuild.py)
    text_fold: list[Any]  # text folds: the steps that made the body (sinks/rebuild.py)
    call: str  # the loop signals: the hash of the call's tool and normalised arguments
    version: dict[str, Any]  # the loop signals: the data's version field, and whether it went back
    stale: dict[str, Any]  # the loop signals: the age past the tool's freshness limit
    pending: dict[str, Any]  # the loop signals: a pending result's handle and suggested wait
    completes: dict[str, Any]  # the loop signals: the pending result this one completes
    expired: list[str]  # the loop signals: pendings whose TTL passed unresolved


@fast_new
@dataclass(frozen=True, slots=True)
class Observation:
    """What the model sees (``text``) and everything needed to trust and audit it."""

    task_id: str
    step_id: int
    action_id: str
    tool: str
    status: Status
    error: ErrorInfo | None
    data: Any
    metadata: Metadata
    evidence: Evidence
    dedup: Dedup
    conflicts: list[Conflict]
    control: Control
    text: str
    tokens: Tokens
    schema_version: int = SCHEMA_VERSION
