"""python -m bench middleware [--calls N] [--runs R]: what the LangChain middleware and the
OTel span add per tool call.

A create_agent loop driven by a scripted fake chat model calls a real file-reading tool N
times, with and without ObslineMiddleware (median of R runs); then emit_tool_span's own cost
with the SDK's batch processor (in-memory exporter), and its cost when spans are off.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson
from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage
from langchain_core.tools import tool

from obsline.integrations.langchain import ObslineMiddleware
from obsline.integrations.otel import Telemetry, emit_tool_span
from obsline.pipeline import Runner, Stages


class _Scripted(GenericFakeChatModel):
    def bind_tools(self, tools: Any, **kwargs: Any) -> _Scripted:
        return self


@tool
def read_file(path: str) -> str:
    """Read a text file."""
    return Path(path).read_text()


def _loop(path: Path, calls: int, middleware: list[Any]) -> float:
    script = [AIMessage(content="", tool_calls=[{"type": "tool_call", "id": f"c{i}", "name": "read_file",
                                                  "args": {"path": str(path)}}]) for i in range(calls)]
    agent = create_agent(_Scripted(messages=iter([*script, AIMessage(content="done")])), [read_file],
                         middleware=middleware)
    started = time.perf_counter()
    agent.invoke({"messages": [("user", "go")]}, {"configurable": {"thread_id": f"t{started}"}})
    return (time.perf_counter() - started) / calls


def _span_cost(n: int, telemetry: Telemetry) -> float:
    raw = {"task_id": "t", "step_id": 0, "action_id": "a", "tool": "x", "raw": {"a": 1}}
    observation = Runner(Stages.default()).process(orjson.dumps(raw)).observation
    started = time.perf_counter()
    for _ in range(n):
        emit_tool_span(observation, telemetry=telemetry)
    return (time.perf_counter() - started) / n


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench middleware")
    parser.add_argument("--calls", type=int, default=60)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "read_file.yaml").write_text("name: read_file\nkind: read\nentity: file\nkey: [args.path]\n")
        path = root / "README.md"
        path.write_text(Path(__file__).resolve().parents[1].joinpath("README.md").read_text()[:3000])
        plain, wrapped = [], []
        for _ in range(args.runs):
            plain.append(_loop(path, args.calls, []))
            wrapped.append(_loop(path, args.calls, [ObslineMiddleware(contracts_dir=root)]))
    base, with_mw = statistics.median(plain) * 1e3, statistics.median(wrapped) * 1e3
    print(f"per tool call    agent loop {base:.2f} ms, with ObslineMiddleware {with_mw:.2f} ms "
          f"(+{with_mw - base:.2f} ms; {args.calls} calls x {args.runs} runs, median)")

    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    provider = TracerProvider()
    provider.add_span_processor(BatchSpanProcessor(InMemorySpanExporter()))
    on = _span_cost(20_000, Telemetry(enabled=True, tracer=provider.get_tracer("bench")))
    off = _span_cost(200_000, Telemetry())
    provider.shutdown()
    print(f"emit_tool_span   {on * 1e6:.0f} us per span (batch processor), {off * 1e9:.0f} ns when off")
