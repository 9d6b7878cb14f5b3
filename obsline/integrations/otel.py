"""OpenTelemetry ``execute_tool {tool}`` spans for observations (GenAI semantic conventions).

Off by default: ``OBSLINE_OTEL=1`` (or ``Telemetry(enabled=True)``) turns it on, and spans go
to the standard OTLP exporter (OTLP/HTTP by default, ``OTEL_EXPORTER_OTLP_PROTOCOL=grpc`` for
gRPC; endpoint and headers from the usual ``OTEL_EXPORTER_OTLP_*`` variables), or to the
application's own tracer provider when it has set one up. A span carries what obsline did
(tokens, dedup, truncation, the artifact's unsigned reference); the tool's arguments and the
observation text are never recorded unless asked (``record_arguments`` / ``record_results``,
or ``OBSLINE_OTEL_CONTENT=arguments,results``): they may hold what the tool was trusted with.

``emit_tool_span`` is the one hook: the in-process runner, the LangChain middleware, the MCP
gateway and the stream workers (both engines, through ``worker_span``) all call it after an
observation is made.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

from obsline.core.ids import unsigned
from obsline.core.models import Observation, Status

if TYPE_CHECKING:  # opentelemetry is an optional extra: imported only when spans are on
    from opentelemetry.trace import Span, Tracer

ENABLE_ENV = "OBSLINE_OTEL"
CONTENT_ENV = "OBSLINE_OTEL_CONTENT"
SCOPE = "obsline"
_TRUE = frozenset({"1", "true", "yes", "on"})


@dataclass(frozen=True, slots=True)
class Telemetry:
    """Whether observations emit spans, and what sensitive content may go on them."""

    enabled: bool = False
    record_arguments: bool = False  # gen_ai.tool.call.arguments: the call's arguments as JSON
    record_results: bool = False  # gen_ai.tool.call.result: the observation text the model got
    tracer: Tracer | None = field(default=None, compare=False)  # None: default_tracer()

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> Telemetry:
        content = {part.strip() for part in env.get(CONTENT_ENV, "").lower().split(",")}
        return cls(enabled=env.get(ENABLE_ENV, "").strip().lower() in _TRUE,
                   record_arguments="arguments" in content, record_results="results" in content)


def span_attributes(observation: Observation, telemetry: Telemetry = Telemetry(),
                    arguments: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The span's attributes: GenAI semconv names, then obsline's own under ``obsline.*``."""
    o = observation
    attributes: dict[str, Any] = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": o.tool,
        "gen_ai.tool.call.id": o.action_id,
        "gen_ai.conversation.id": o.task_id,
        "obsline.step_id": o.step_id,
        "obsline.status": o.status.value,
        "obsline.core.tokens.raw": o.tokens.get("raw", 0),
        "obsline.core.tokens.text": o.tokens.get("text", 0),
        "obsline.dedup.kind": o.dedup.kind.value,
        "obsline.truncated": bool(o.metadata.get("truncated")),
    }
    attributes.update(_outcome_attributes(o))
    if telemetry.record_arguments and arguments is not None:
        attributes["gen_ai.tool.call.arguments"] = orjson.dumps(arguments, default=str).decode()
    if telemetry.record_results:
        attributes["gen_ai.tool.call.result"] = o.text
    return attributes


def _outcome_attributes(o: Observation) -> dict[str, Any]:
    """The attributes an observation has only sometimes: its error, baseline, artifact, flags."""
    attributes: dict[str, Any] = {}
    if o.error is not None:
        attributes["error.type"] = o.error.code.value
        attributes["obsline.error.retryable"] = o.error.retryable
    if o.dedup.baseline_step is not None:
        attributes["obsline.dedup.baseline_step"] = o.dedup.baseline_step
    artifact = o.evidence.get("artifact")
    if artifact:  # the signed reference is a capability to read the raw: never on a span
        attributes["obsline.artifact"] = unsigned(artifact)
    if o.control.suspicious:
        attributes["obsline.suspicious"] = True
    if o.control.redactions:
        attributes["obsline.redactions"] = o.control.redactions
    return attributes


def emit_tool_span(observation: Observation, *, arguments: Mapping[str, Any] | None = None,
                   telemetry: Telemetry | None = None, tracer: Tracer | None = None,
                   start_time: int | None = None, end_time: int | None = None) -> Span | None:
    """Record one ``execute_tool {tool}`` span for an observation (times in ns since the epoch;
    by default the span is instantaneous, now). Returns None when spans are off. Never raises:
    telemetry must not cost the observation."""
    telemetry = telemetry if telemetry is not None else Telemetry.from_env()
    if not telemetry.enabled:
        return None
    try:
        from opentelemetry.trace import SpanKind, StatusCode

        tracer = tracer or telemetry.tracer or default_tracer()
        span = tracer.start_span(f"execute_tool {observation.tool}", kind=SpanKind.INTERNAL,
                                 attributes=span_attributes(observation, telemetry, arguments),
                                 start_time=start_time)
        if observation.status is Status.ERROR and observation.error is not None:
            span.set_status(StatusCode.ERROR, observation.error.code.value)  # the code, never the message
        span.end(end_time=end_time)
        return span
    except Exception:  # a broken exporter or a missing extra loses a span, not a result
        return None


def worker_span(telemetry: Telemetry, observation: Observation, raw_ts: float | None) -> None:
    """A stream worker's span for an observation it emitted (batch and faust engines): from the
    raw record's broker timestamp, when it has one, to now, so the span shows the time the record
    spent in the fleet. An observation of a transaction that then aborts is emitted again on
    replay, and so is its span."""
    if not telemetry.enabled:
        return
    end = time.time_ns()
    start = int(raw_ts * 1e9) if raw_ts and raw_ts * 1e9 <= end else end
    emit_tool_span(observation, telemetry=telemetry, start_time=start, end_time=end)


_provider_lock = threading.Lock()
_tracer: Tracer | None = None


def default_tracer() -> Tracer:
    """The application's tracer provider when it configured one, else obsline's own with a
    batching OTLP exporter (flushed at exit)."""
    global _tracer
    with _provider_lock:
        if _tracer is None:
            from opentelemetry import trace
            from opentelemetry.sdk.trace import TracerProvider

            current = trace.get_tracer_provider()
            provider = current if isinstance(current, TracerProvider) else otlp_provider()
            _tracer = provider.get_tracer(SCOPE)
        return _tracer


def otlp_provider(endpoint: str | None = None) -> Any:
    """A TracerProvider exporting over OTLP (``service.name`` defaults to obsline)."""
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    provider = TracerProvider(resource=Resource.create({"service.name": os.environ.get("OTEL_SERVICE_NAME",
                                                                                       "obsline")}))
    provider.add_span_processor(BatchSpanProcessor(otlp_exporter(endpoint)))  # the SDK flushes it at exit
    return provider


def otlp_exporter(endpoint: str | None = None) -> Any:
    protocol = os.environ.get("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL") or os.environ.get(
        "OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf")
    if protocol == "grpc":
        from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcExporter

        url = endpoint or os.environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or os.environ.get(
            "OTEL_EXPORTER_OTLP_ENDPOINT") or "http://localhost:4317"
        return collector_checked(GrpcExporter(endpoint=endpoint), url)
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

    inner = OTLPSpanExporter(endpoint=endpoint)
    return collector_checked(inner, str(getattr(inner, "_endpoint", endpoint or "http://localhost:4318")))


def collector_checked(inner: Any, url: str) -> Any:
    """``inner`` behind a check that a collector listens at ``url``: without one, the OTLP
    exporters retry each batch with backoff for their whole timeout (seconds at every flush, and
    at exit) and log each attempt. One TCP connect (refused at once when nothing listens) decides;
    with no collector, one warning line names what was expected and the spans are dropped (checked
    again after ``RECHECK_SECONDS``)."""
    from obsline.integrations.otel_check import CheckedExporter

    return CheckedExporter(inner, url)


__all__ = ["Telemetry", "default_tracer", "emit_tool_span", "otlp_exporter", "otlp_provider", "span_attributes",
           "worker_span"]
