"""OBSLINE_OTEL=1 on a stream worker (both engines): one execute_tool span per observation it
emits, with the SDK's in-memory exporter for the span itself, then real workers against a real
broker exporting over OTLP/HTTP to a receiver on 127.0.0.1; with no collector, one warning line
and a prompt exit."""

from __future__ import annotations

import asyncio
import time

import pytest
from conftest import Stream, WorkerProc, read_record  # tests/streams/conftest.py
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from obsline.integrations.otel import Telemetry, worker_span
from tests.integrations.mcp.reference import free_port
from tests.integrations.test_otel_spans import Receiver, attributes_of, observe, receiver, spans_received

__all__ = ["receiver"]  # the fixture, imported for these tests


def test_a_worker_span_runs_from_the_raw_s_broker_time_to_its_observation() -> None:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    on = Telemetry(enabled=True, tracer=provider.get_tracer("test"))
    (obs,) = observe(("get_user_details", {"user_id": "mia", "name": "Mia"}, {"user_id": "mia"}))
    queued = time.time() - 2.0
    worker_span(on, obs, queued)
    worker_span(Telemetry(enabled=False), obs, queued)  # off: nothing
    worker_span(on, obs, None)  # no broker time: an instant
    timed, instant = exporter.get_finished_spans()
    assert timed.name == "execute_tool get_user_details" and timed.attributes["gen_ai.conversation.id"] == "T1"
    assert 1.9 < (timed.end_time - timed.start_time) / 1e9 < 10
    assert instant.start_time == instant.end_time


def _worker(stream: Stream, engine: str, **env: str) -> WorkerProc:
    settings = stream.settings.with_(engine=engine)
    w = WorkerProc(stream.env(settings) | env, stream.tmp / f"worker{len(stream.workers)}.log").start()
    stream.workers.append(w)
    return w


@pytest.mark.integration
@pytest.mark.parametrize("engine", ["batch", "faust"])
async def test_a_real_worker_exports_a_span_per_observation(stream: Stream, receiver: Receiver, engine: str) -> None:
    await stream.create_topics()
    worker = _worker(stream, engine, OBSLINE_OTEL="1", OTEL_EXPORTER_OTLP_PROTOCOL="http/protobuf",
                     OTEL_EXPORTER_OTLP_ENDPOINT=f"http://127.0.0.1:{receiver.server_port}")
    await stream.publish([read_record("SPAN-T", step) for step in range(3)])
    got = await stream.observations(3, timeout=90)
    assert len(got) == 3, stream.logs()
    worker.stop()  # the span processor flushes at exit
    for _ in range(100):
        if len(spans_received(receiver)) >= 3:
            break
        await asyncio.sleep(0.1)
    spans = spans_received(receiver)
    assert [s.name for s in spans] == ["execute_tool get_user_details"] * 3, stream.logs()
    kinds = sorted((attributes_of(s)["obsline.step_id"], attributes_of(s)["obsline.dedup.kind"]) for s in spans)
    assert kinds == [(0, "new"), (1, "unchanged"), (2, "unchanged")]
    assert {attributes_of(s)["gen_ai.conversation.id"] for s in spans} == {"SPAN-T"}
    assert all(s.start_time_unix_nano <= s.end_time_unix_nano for s in spans)


@pytest.mark.integration
async def test_a_worker_without_a_collector_says_so_once_and_exits_promptly(stream: Stream) -> None:
    await stream.create_topics()
    closed = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    worker = _worker(stream, "batch", OBSLINE_OTEL="1", OTEL_EXPORTER_OTLP_ENDPOINT=closed)
    await stream.publish([read_record("SPAN-N", step) for step in range(2)])
    assert len(await stream.observations(2, timeout=90)) == 2, stream.logs()
    t0 = time.monotonic()
    worker.stop()
    stopped = time.monotonic() - t0
    telemetry = [line for line in worker.output().splitlines()
                 if any(w in line.lower() for w in ("collector", "otlp", "urllib3", "retry", "traceback", "export"))]
    assert len(telemetry) == 1 and "no OpenTelemetry collector" in telemetry[0] and closed in telemetry[0], \
        worker.output()[-3000:]
    assert stopped < 15 and worker.proc is not None and worker.proc.returncode is not None
