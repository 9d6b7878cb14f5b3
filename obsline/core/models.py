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
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, TypedDict

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
    values = tuple(map(data.get, _FIELD_ORDER))  # every field's value (None when absent), in field order, in C
    task, step, action, tool, _, args, ts, query_ts, tenant, intent, error, http_status, version, meta = values
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
    fields = dict(zip(_FIELD_ORDER, values, strict=True))  # in the model's field order, as pydantic keeps them
    if type(ts) is int:
        fields["ts"] = float(ts)  # (a float is kept as it is: float() of one is itself)
    if type(query_ts) is int:
        fields["query_ts"] = float(query_ts)
    fields["meta"] = meta
    if len(fields_set) < len(data):  # unknown keys (agents add many): the record less the fields
        extra = data.copy()
        list(map(extra.pop, fields_set))  # (removed in C: a loop of ``del`` ran ~50 bytecodes a record)
        fields["meta"] = {**meta, **extra}
        fields_set.add("meta")  # as the validator that moves unknown fields there
    # What ``model_construct`` does, minus its per-field default resolution (every field is
    # set above): the envelope is the hottest object of the pipeline.
    envelope = RawEnvelope.__new__(RawEnvelope)
    object.__setattr__(envelope, "__dict__", fields)
    object.__setattr__(envelope, "__pydantic_fields_set__", fields_set)
    object.__setattr__(envelope, "__pydantic_extra__", None)
    object.__setattr__(envelope, "__pydantic_private__", None)
    return envelope


_NUMBER = (int, float)


def slot_setters(cls: type) -> tuple[Callable[[Any, Any], None], ...]:
    """The slots' own setters of a frozen slotted dataclass, in field order, for the hand-written
    ``__init__`` of the hottest messages (~75 fields set per record).

    The ``__init__`` that ``dataclass(frozen=True)`` writes sets each field through
    ``object.__setattr__``, ~90 ns a field; the slot's descriptor (``cls.name.__set__``) does
    the same in about half, a few per cent of the pipeline. Setting an attribute afterwards
    still raises FrozenInstanceError (the class's ``__setattr__`` is untouched). The dataclass's
    own ``__init__`` is the reference twin: tests/obsline/test_fast_init.py checks that each
    hand-written one agrees with it (signature, defaults, every field set).
    """
    return tuple(getattr(cls, f.name).__set__ for f in fields(cls))


@dataclass(frozen=True, slots=True, init=False)  # __init__: see slot_setters
class Ids:
    """Where a message belongs: the Kafka key is task_id."""

    task_id: str
    step_id: int
    action_id: str

    def __init__(self, task_id: str, step_id: int, action_id: str) -> None:
        _ids_task_id(self, task_id)
        _ids_step_id(self, step_id)
        _ids_action_id(self, action_id)


(_ids_task_id, _ids_step_id, _ids_action_id) = slot_setters(Ids)


@dataclass(frozen=True, slots=True, init=False)  # __init__: see slot_setters
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

    def __init__(self, name: str, type: str, value: Any, confidence: float, source: str,
                 entity_id: str | None) -> None:
        _fragment_name(self, name)
        _fragment_type(self, type)
        _fragment_value(self, value)
        _fragment_confidence(self, confidence)
        _fragment_source(self, source)
        _fragment_entity_id(self, entity_id)


(_fragment_name, _fragment_type, _fragment_value, _fragment_confidence, _fragment_source,
 _fragment_entity_id) = slot_setters(Fragment)


@dataclass(frozen=True, slots=True)
class ErrorInfo:
    code: ErrorCode
    message: str
    retryable: bool
    retry_after_ms: int | None = None
    field_errors: list[dict[str, str]] = field(default_factory=list)
    suggested_actions: list[str] = field(default_factory=list)
    tool_code: str | None = None  # the tool's own code, verbatim (ThrottlingException, 40001, card_declined)


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


@dataclass(frozen=True, slots=True, init=False)  # __init__: see slot_setters
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

    def __init__(self, ids: Ids, tool: str, kind: ToolKind, entity_id: str | None, status: Status,
                 error: ErrorInfo | None, data: Any, fragments: list[Fragment], retrieved_at: float | None,
                 query_ts: float | None, raw_sha256: str, raw_bytes: int, raw_tokens: int, artifact: str,
                 truncated: bool, has_more: bool, next_cursor: str | None, control: Control,
                 details: dict[str, Any], user_intent: str | None = None, args: dict[str, Any] | None = None,
                 shape: str = "json", parse_limit: int | None = None, schema_version: int = SCHEMA_VERSION) -> None:
        _adapted_ids(self, ids)
        _adapted_tool(self, tool)
        _adapted_kind(self, kind)
        _adapted_entity_id(self, entity_id)
        _adapted_status(self, status)
        _adapted_error(self, error)
        _adapted_data(self, data)
        _adapted_fragments(self, fragments)
        _adapted_retrieved_at(self, retrieved_at)
        _adapted_query_ts(self, query_ts)
        _adapted_raw_sha256(self, raw_sha256)
        _adapted_raw_bytes(self, raw_bytes)
        _adapted_raw_tokens(self, raw_tokens)
        _adapted_artifact(self, artifact)
        _adapted_truncated(self, truncated)
        _adapted_has_more(self, has_more)
        _adapted_next_cursor(self, next_cursor)
        _adapted_control(self, control)
        _adapted_details(self, details)
        _adapted_user_intent(self, user_intent)
        _adapted_args(self, args)
        _adapted_shape(self, shape)
        _adapted_parse_limit(self, parse_limit)
        _adapted_schema_version(self, schema_version)


(_adapted_ids, _adapted_tool, _adapted_kind, _adapted_entity_id, _adapted_status, _adapted_error,
 _adapted_data, _adapted_fragments, _adapted_retrieved_at, _adapted_query_ts, _adapted_raw_sha256,
 _adapted_raw_bytes, _adapted_raw_tokens, _adapted_artifact, _adapted_truncated, _adapted_has_more,
 _adapted_next_cursor, _adapted_control, _adapted_details, _adapted_user_intent, _adapted_args,
 _adapted_shape, _adapted_parse_limit, _adapted_schema_version) = slot_setters(Adapted)


@dataclass(frozen=True, slots=True)
class Conflict:
    """The same fact of one entity read with different values from different sources."""

    entity_id: str
    fact: str
    values: list[dict[str, Any]]  # [{value, source, step_id, action_id, confidence}], in order of steps
    confidence: float = 0.0  # the mean of the sources' confidences (seed 001)


@dataclass(frozen=True, slots=True, init=False)  # __init__: see slot_setters
class Snapshot:
    """The snapshots-stage message: one Adapted result plus what alignment found."""

    adapted: Adapted
    conflicts: list[Conflict]
    age_seconds: float | None
    schema_version: int = SCHEMA_VERSION

    def __init__(self, adapted: Adapted, conflicts: list[Conflict], age_seconds: float | None,
                 schema_version: int = SCHEMA_VERSION) -> None:
        _snapshot_adapted(self, adapted)
        _snapshot_conflicts(self, conflicts)
        _snapshot_age_seconds(self, age_seconds)
        _snapshot_schema_version(self, schema_version)


(_snapshot_adapted, _snapshot_conflicts, _snapshot_age_seconds, _snapshot_schema_version) = slot_setters(Snapshot)


@dataclass(frozen=True, slots=True, init=False)  # __init__: see slot_setters
class Dedup:
    kind: DedupKind
    baseline_step: int | None = None
    baseline_action: str | None = None
    changed: list[str] = field(default_factory=list)
    refs: list[int] = field(default_factory=list)  # numbers (#N) of earlier observations this one points to
    note: str | None = None
    number: int | None = None  # this observation's number in its task (#N, first in its text)

    def __init__(self, kind: DedupKind, baseline_step: int | None = None, baseline_action: str | None = None,
                 changed: list[str] | None = None, refs: list[int] | None = None, note: str | None = None,
                 number: int | None = None) -> None:
        _dedup_kind(self, kind)
        _dedup_baseline_step(self, baseline_step)
        _dedup_baseline_action(self, baseline_action)
        _dedup_changed(self, [] if changed is None else changed)
        _dedup_refs(self, [] if refs is None else refs)
        _dedup_note(self, note)
        _dedup_number(self, number)


(_dedup_kind, _dedup_baseline_step, _dedup_baseline_action, _dedup_changed, _dedup_refs, _dedup_note,
 _dedup_number) = slot_setters(Dedup)


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


@dataclass(frozen=True, slots=True, init=False)  # __init__: see slot_setters
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

    def __init__(self, task_id: str, step_id: int, action_id: str, tool: str, status: Status,
                 error: ErrorInfo | None, data: Any, metadata: Metadata, evidence: Evidence, dedup: Dedup,
                 conflicts: list[Conflict], control: Control, text: str, tokens: Tokens,
                 schema_version: int = SCHEMA_VERSION) -> None:
        _obs_task_id(self, task_id)
        _obs_step_id(self, step_id)
        _obs_action_id(self, action_id)
        _obs_tool(self, tool)
        _obs_status(self, status)
        _obs_error(self, error)
        _obs_data(self, data)
        _obs_metadata(self, metadata)
        _obs_evidence(self, evidence)
        _obs_dedup(self, dedup)
        _obs_conflicts(self, conflicts)
        _obs_control(self, control)
        _obs_text(self, text)
        _obs_tokens(self, tokens)
        _obs_schema_version(self, schema_version)


(_obs_task_id, _obs_step_id, _obs_action_id, _obs_tool, _obs_status, _obs_error, _obs_data, _obs_metadata,
 _obs_evidence, _obs_dedup, _obs_conflicts, _obs_control, _obs_text, _obs_tokens, _obs_schema_version) = slot_setters(Observation)
