"""execute_tool spans: attributes with the SDK's in-memory exporter, then the real OTLP/HTTP
exporter against a small OTLP receiver on 127.0.0.1 decoding what arrives with the
opentelemetry-proto messages."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import orjson
import pytest

if os.environ.get("CI") != "true":  # CI installs the extra (deploy/setup.sh): never skip there
    pytest.importorskip("opentelemetry.sdk", reason="the otel extra is not installed")

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (  # noqa: E402
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)
from opentelemetry.sdk.trace import TracerProvider  # noqa: E402
from opentelemetry.sdk.trace.export import SimpleSpanProcessor  # noqa: E402
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter  # noqa: E402
from opentelemetry.trace import SpanKind, StatusCode  # noqa: E402

from obsline.integrations.otel import Telemetry, emit_tool_span, otlp_provider  # noqa: E402
from obsline.pipeline import Runner, Stages  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def exporter() -> InMemorySpanExporter:
    return InMemorySpanExporter()


@pytest.fixture
def telemetry(exporter: InMemorySpanExporter) -> Telemetry:
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    return Telemetry(enabled=True, tracer=provider.get_tracer("test"))


def observe(*results: tuple[str, Any, dict[str, Any]], error: bool = False) -> list[Any]:
    stages = Stages.default(artifact_key=b"k" * 32)
    runner = Runner(stages)
    return [runner.process(orjson.dumps({"task_id": "T1", "step_id": i, "action_id": f"call_{i}", "tool": tool,
                                         "raw": raw, "args": args, **({"error": True} if error else {})})).observation
            for i, (tool, raw, args) in enumerate(results)]


RESERVATION = {"reservation_id": "ZFA04Y", "user_id": "u_1", "origin": "SFO", "destination": "JFK",
               "flight_type": "one_way", "cabin": "economy", "flights": [], "passengers": [],
               "payment_history": [], "created_at": "2024-05-01T10:00:00", "total_baggages": 0,
               "nonfree_baggages": 0, "insurance": "no", "status": None}
ARGS = {"reservation_id": "ZFA04Y", "api_key": "sk-not-for-spans"}


def test_a_span_follows_the_genai_conventions_and_carries_what_obsline_did(
        telemetry: Telemetry, exporter: InMemorySpanExporter) -> None:
    first, second = observe(("get_reservation_details", RESERVATION, ARGS), ("get_reservation_details", RESERVATION, ARGS))
    for observation in (first, second):
        emit_tool_span(observation, arguments=ARGS, telemetry=telemetry)
    a, b = exporter.get_finished_spans()
    assert a.name == "execute_tool get_reservation_details" and a.kind is SpanKind.INTERNAL
    assert a.attributes["gen_ai.operation.name"] == "execute_tool"
    assert a.attributes["gen_ai.tool.name"] == "get_reservation_details"
    assert a.attributes["gen_ai.tool.call.id"] == "call_0"
    assert a.attributes["gen_ai.conversation.id"] == "T1"
    assert a.attributes["obsline.core.tokens.raw"] == first.tokens["raw"] > 0
    assert a.attributes["obsline.core.tokens.text"] == first.tokens["text"] > 0
    assert a.attributes["obsline.dedup.kind"] == "new" and b.attributes["obsline.dedup.kind"] == "unchanged"
    assert b.attributes["obsline.dedup.baseline_step"] == 0
    assert a.attributes["obsline.truncated"] is False
    assert "error.type" not in a.attributes and a.status.status_code is StatusCode.UNSET


def test_arguments_results_and_the_signed_artifact_ref_stay_off_spans_unless_asked(
        telemetry: Telemetry, exporter: InMemorySpanExporter) -> None:
    (observation,) = observe(("get_reservation_details", RESERVATION, ARGS))
    emit_tool_span(observation, arguments=ARGS, telemetry=telemetry)
    asked = Telemetry(enabled=True, record_arguments=True, record_results=True, tracer=telemetry.tracer)
    emit_tool_span(observation, arguments=ARGS, telemetry=asked)
    quiet, loud = exporter.get_finished_spans()
    everything = repr(dict(quiet.attributes))
    assert "sk-not-for-spans" not in everything and "ZFA04Y" not in everything
    assert "gen_ai.tool.call.arguments" not in quiet.attributes and "gen_ai.tool.call.result" not in quiet.attributes
    assert "sig=" in observation.evidence["artifact"] and "sig=" not in quiet.attributes["obsline.artifact"]
    assert orjson.loads(loud.attributes["gen_ai.tool.call.arguments"]) == ARGS
    assert loud.attributes["gen_ai.tool.call.result"] == observation.text


def test_an_error_observation_sets_error_type_to_the_obsline_code(
        telemetry: Telemetry, exporter: InMemorySpanExporter) -> None:
    (observation,) = observe(("get_order_details", {"error": "Order #W0000000 not found"}, {}), error=True)
    emit_tool_span(observation, telemetry=telemetry)
    (span,) = exporter.get_finished_spans()
    assert span.attributes["error.type"] == "NOT_FOUND"
    assert span.status.status_code is StatusCode.ERROR and span.status.description == "NOT_FOUND"
    assert "W0000000" not in repr(dict(span.attributes))


def test_spans_are_off_by_default_and_opt_in_through_the_environment(exporter: InMemorySpanExporter) -> None:
    (observation,) = observe(("think", "ok", {}))
    assert Telemetry.from_env({}) == Telemetry()
    assert emit_tool_span(observation, telemetry=Telemetry.from_env({})) is None
    on = Telemetry.from_env({"OBSLINE_OTEL": "1", "OBSLINE_OTEL_CONTENT": "arguments"})
    assert on.enabled and on.record_arguments and not on.record_results


# -- the real OTLP/HTTP exporter against a receiver on 127.0.0.1


class Receiver(ThreadingHTTPServer):
    requests: list[ExportTraceServiceRequest]


class _Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        body = self.rfile.read(int(self.headers["Content-Length"]))
        request = ExportTraceServiceRequest()
        request.ParseFromString(body)
        if self.path == "/v1/traces" and self.headers["Content-Type"] == "application/x-protobuf":
            self.server.requests.append(request)  # type: ignore[attr-defined]
        reply = ExportTraceServiceResponse().SerializeToString()
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    server = Receiver(("127.0.0.1", 0), _Handler)
    server.requests = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def spans_received(receiver: Receiver) -> list[Any]:
    return [span for request in receiver.requests for resource in request.resource_spans
            for scope in resource.scope_spans for span in scope.spans]


def attributes_of(span: Any) -> dict[str, Any]:
    def value(v: Any) -> Any:
        return getattr(v, v.WhichOneof("value"))

    return {a.key: value(a.value) for a in span.attributes}


def test_the_otlp_exporter_delivers_spans_to_a_real_receiver(receiver: Receiver) -> None:
    provider = otlp_provider(endpoint=f"http://127.0.0.1:{receiver.server_port}/v1/traces")
    observation, error = observe(("get_reservation_details", RESERVATION, ARGS),
                                 ("get_reservation_details", {"error": "Reservation ZZZ not found"}, ARGS))
    for o in (observation, error):
        emit_tool_span(o, arguments=ARGS, telemetry=Telemetry(enabled=True, tracer=provider.get_tracer("obsline")))
    assert provider.force_flush(10_000)
    provider.shutdown()
    ok, failed = spans_received(receiver)
    assert ok.name == "execute_tool get_reservation_details"
    attributes = attributes_of(ok)
    assert attributes["gen_ai.operation.name"] == "execute_tool"
    assert attributes["gen_ai.tool.call.id"] == "call_0"
    assert attributes["obsline.core.tokens.raw"] == observation.tokens["raw"]
    assert "gen_ai.tool.call.arguments" not in attributes
    assert "error.type" not in attributes
    assert attributes_of(failed)["error.type"] == error.error.code.value
    service = {a.key: a.value.string_value for a in receiver.requests[0].resource_spans[0].resource.attributes}
    assert service["service.name"] == "obsline"


def test_obsline_replay_emits_one_span_per_observation_when_asked(receiver: Receiver, tmp_path: Path) -> None:
    lines = [orjson.dumps({"task_id": "R", "step_id": i, "action_id": f"a{i}", "tool": "get_reservation_details",
                           "raw": RESERVATION, "args": {"reservation_id": "ZFA04Y"}}) for i in range(3)]
    (tmp_path / "in.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    env = {**os.environ, "OBSLINE_OTEL": "1", "OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{receiver.server_port}",
           "OTEL_EXPORTER_OTLP_PROTOCOL": "http/protobuf"}
    subprocess.run([sys.executable, "-m", "obsline", "replay", str(tmp_path / "in.jsonl"), "--out",
                    str(tmp_path / "out.jsonl")], cwd=ROOT, env=env, check=True, capture_output=True, timeout=120)
    spans = spans_received(receiver)
    assert [attributes_of(s)["obsline.dedup.kind"] for s in spans] == ["new", "unchanged", "unchanged"]
    assert {attributes_of(s)["gen_ai.conversation.id"] for s in spans} == {"R"}


async def test_the_mcp_gateway_emits_a_span_per_tool_call(receiver: Receiver, tmp_path: Path) -> None:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    from tests.integrations.mcp.reference import filesystem_server, gateway_argv

    (tmp_path / "n.txt").write_text("hello spans\n")
    env = {**os.environ, "OBSLINE_OTEL": "1", "OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{receiver.server_port}",
           "OTEL_EXPORTER_OTLP_PROTOCOL": "http/protobuf"}
    server = StdioServerParameters(command=sys.executable, cwd=str(ROOT), env=env,
                                   args=gateway_argv(f"fs={filesystem_server(tmp_path)}"))
    async with Client(server) as client:
        for _ in range(2):
            await client.call_tool("read_text_file", {"path": str(tmp_path / "n.txt")})
    for _ in range(100):  # the gateway flushes its spans as it exits, after the client has gone
        if len(spans_received(receiver)) >= 2:
            break
        await asyncio.sleep(0.1)
    spans = spans_received(receiver)
    assert [s.name for s in spans] == ["execute_tool read_text_file"] * 2
    assert [attributes_of(s)["obsline.dedup.kind"] for s in spans] == ["new", "unchanged"]


def test_without_a_collector_one_warning_line_and_no_retries(tmp_path: Path) -> None:
    from tests.integrations.mcp.reference import free_port

    (tmp_path / "in.jsonl").write_bytes(orjson.dumps({"task_id": "R", "step_id": 0, "action_id": "a0",
                                                      "tool": "get_reservation_details", "raw": RESERVATION}) + b"\n")
    closed = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    env = {**os.environ, "OBSLINE_OTEL": "1", "OTEL_EXPORTER_OTLP_ENDPOINT": closed}
    done = subprocess.run([sys.executable, "-m", "obsline", "replay", str(tmp_path / "in.jsonl"), "--out",
                           str(tmp_path / "out.jsonl")], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    telemetry = [line for line in done.stderr.splitlines()  # replay's own summary lines aside
                 if any(w in line.lower() for w in ("collector", "otlp", "urllib3", "retry", "traceback", "export"))]
    assert len(telemetry) == 1 and "no OpenTelemetry collector" in telemetry[0] and closed in telemetry[0], done.stderr
