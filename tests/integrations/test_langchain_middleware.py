"""The middleware in a real ``create_agent`` loop: a scripted fake chat model, real tools that
read and write files under tmp_path, real LangGraph state and checkpointer."""

from __future__ import annotations

import asyncio
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

if os.environ.get("CI") != "true":  # CI installs the extra (deploy/setup.sh): never skip there
    pytest.importorskip("langchain", reason="the langchain extra is not installed")

from langchain.agents import create_agent  # noqa: E402
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel  # noqa: E402
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage  # noqa: E402
from langchain_core.tools import tool  # noqa: E402
from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402

from obsline.integrations.langchain import ObslineMiddleware  # noqa: E402
from obsline.stores.artifacts import ArtifactStore  # noqa: E402

CONTRACTS = {
    "read_file": "name: read_file\nkind: read\nentity: file\nkey: [args.path]\n",
    "write_file": "name: write_file\nkind: side_effect\n",
}


class ScriptedModel(GenericFakeChatModel):
    """LangChain's fake chat model, answering with the scripted AI messages in turn; binding
    tools is a no-op (the script already names them)."""

    seen: list[list[BaseMessage]] = []

    def bind_tools(self, tools: Any, **kwargs: Any) -> ScriptedModel:
        return self

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> Any:
        self.seen.append(list(messages))
        return super()._generate(messages, *args, **kwargs)


def script(*turns: list[dict[str, Any]]) -> ScriptedModel:
    """One AI message per turn of tool calls, then a final answer."""
    messages: Iterator[AIMessage] = iter(
        [AIMessage(content="", tool_calls=[{"type": "tool_call", **call} for call in turn]) for turn in turns]
        + [AIMessage(content="done")])
    return ScriptedModel(messages=messages, seen=[])


def call(call_id: str, name: str, **args: Any) -> dict[str, Any]:
    return {"id": call_id, "name": name, "args": args}


@tool
def read_file(path: str, delay: float = 0.0) -> str:
    """Read a text file (after ``delay`` seconds: a slow disk finishes after later calls)."""
    time.sleep(delay)
    return Path(path).read_text()


@tool
def write_file(path: str, text: str) -> str:
    """Write a text file."""
    Path(path).write_text(text)
    return f"wrote {len(text)} characters to {path}"


@tool
def describe_image(path: str) -> list[dict[str, Any]]:
    """Return an image content block (not text)."""
    return [{"type": "image", "base64": "aGVsbG8=", "mime_type": "image/png"}]


TOOLS = [read_file, write_file, describe_image]


@pytest.fixture
def middleware(tmp_path: Path) -> ObslineMiddleware:
    contracts = tmp_path / "contracts"
    contracts.mkdir()
    for name, text in CONTRACTS.items():
        (contracts / f"{name}.yaml").write_text(text)
    return ObslineMiddleware(contracts_dir=contracts)


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    path = tmp_path / "notes.txt"
    path.write_text("alpha: 1\nbeta: 2\ngamma: 3\n")
    return path


def run(model: ScriptedModel, middleware: ObslineMiddleware, thread: str = "thread-1", **kwargs: Any) -> list[Any]:
    agent = create_agent(model, TOOLS, middleware=[middleware], **kwargs)
    state = agent.invoke({"messages": [("user", "go")]}, {"configurable": {"thread_id": thread}})
    return state["messages"]


def tool_messages(messages: list[Any]) -> list[ToolMessage]:
    return [m for m in messages if isinstance(m, ToolMessage)]


def assert_paired(messages: list[Any]) -> None:
    """Every tool call has exactly one ToolMessage, right after its AI message, and no other."""
    for i, message in enumerate(messages):
        if isinstance(message, AIMessage) and message.tool_calls:
            ids = [c["id"] for c in message.tool_calls]
            following = messages[i + 1:i + 1 + len(ids)]
            assert all(isinstance(m, ToolMessage) for m in following)
            assert sorted(m.tool_call_id for m in following) == sorted(ids)
    answered = [m.tool_call_id for m in tool_messages(messages)]
    asked = [c["id"] for m in messages if isinstance(m, AIMessage) for c in m.tool_calls]
    assert sorted(answered) == sorted(asked)


def test_a_second_read_of_the_same_file_is_unchanged_and_a_read_after_a_write_is_a_delta(
        middleware: ObslineMiddleware, notes: Path) -> None:
    model = script([call("c1", "read_file", path=str(notes))], [call("c2", "read_file", path=str(notes))],
                   [call("c3", "write_file", path=str(notes), text="alpha: 1\nbeta: 20\ngamma: 3\n")],
                   [call("c4", "read_file", path=str(notes))])
    messages = run(model, middleware)
    assert_paired(messages)
    first, second, write, third = tool_messages(messages)
    assert first.artifact["dedup"]["kind"] == "new" and "beta: 2" in first.content
    assert second.content == "unchanged since #1"
    assert second.artifact["dedup"] == {**second.artifact["dedup"], "kind": "unchanged", "baseline_step": 0}
    assert write.artifact["status"] == "success"
    assert third.artifact["dedup"]["kind"] == "delta"
    assert third.content.startswith("#2 changed since #1") and "20" in third.content
    assert [m.artifact["step_id"] for m in (first, second, write, third)] == [0, 1, 2, 3]
    assert [m.artifact["action_id"] for m in (first, second, write, third)] == ["c1", "c2", "c3", "c4"]
    assert {m.artifact["task_id"] for m in (first, second, write, third)} == {"thread-1"}
    # the model's next request carried the observation text, not the raw file
    assert model.seen[2][-1].content == "unchanged since #1"


def test_a_raising_tool_becomes_an_error_observation_with_a_stable_code(
        middleware: ObslineMiddleware, tmp_path: Path) -> None:
    model = script([call("c1", "read_file", path=str(tmp_path / "missing.txt"))])
    messages = run(model, middleware)
    assert_paired(messages)
    (result,) = tool_messages(messages)
    assert result.status == "error"
    assert result.artifact["error"]["code"] == "NOT_FOUND"
    assert result.content.startswith("error NOT_FOUND (tool: FileNotFoundError) retryable=no:")  # the exception kept
    assert messages[-1].content == "done"  # the agent went on


def test_parallel_calls_in_one_ai_message_stay_paired_and_number_steps_in_call_order(
        middleware: ObslineMiddleware, notes: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.txt"
    other.write_text("x: 1\n")
    model = script([call("p1", "read_file", path=str(notes), delay=0.5),
                    call("p2", "read_file", path=str(tmp_path / "nope")),
                    call("p3", "read_file", path=str(other)), call("p4", "read_file", path=str(notes))])
    messages = run(model, middleware)
    assert_paired(messages)
    by_id = {m.tool_call_id: m for m in tool_messages(messages)}
    assert [by_id[i].artifact["step_id"] for i in ("p1", "p2", "p3", "p4")] == [0, 1, 2, 3]
    assert by_id["p2"].artifact["error"]["code"] == "NOT_FOUND"
    assert by_id["p3"].artifact["status"] == "success"
    # p1 finished last, yet it is step 0: steps follow the model's order, not completion
    assert by_id["p1"].artifact["metadata"]["retrieved_at"] > by_id["p4"].artifact["metadata"]["retrieved_at"]
    # two reads of one file in one batch: one is shown in full, the other points at it
    shown, pointing = sorted((by_id["p1"], by_id["p4"]), key=lambda m: m.artifact["dedup"]["kind"] != "new")
    assert shown.artifact["dedup"]["kind"] == "new"
    if pointing.artifact["dedup"]["kind"] == "unchanged":
        assert pointing.artifact["dedup"]["baseline_step"] == shown.artifact["step_id"]


def test_the_async_agent_loop_gives_the_same_observations(middleware: ObslineMiddleware, notes: Path) -> None:
    model = script([call("a1", "read_file", path=str(notes)), call("a2", "read_file", path=str(notes.with_suffix(".none")))], [call("a3", "read_file", path=str(notes))])
    agent = create_agent(model, TOOLS, middleware=[middleware])
    state = asyncio.run(agent.ainvoke({"messages": [("user", "go")]}, {"configurable": {"thread_id": "t-async"}}))
    assert_paired(state["messages"])
    results = {m.tool_call_id: m for m in tool_messages(state["messages"])}
    assert results["a2"].artifact["error"]["code"] == "NOT_FOUND"
    assert results["a3"].content == "unchanged since #1"


def test_dedup_state_is_per_thread_and_survives_turns_of_a_checkpointed_thread(
        middleware: ObslineMiddleware, notes: Path) -> None:
    saver = InMemorySaver()
    read = [call("r1", "read_file", path=str(notes))]
    first = run(script(read), middleware, thread="A", checkpointer=saver)
    other_thread = run(script([call("r2", "read_file", path=str(notes))]), middleware, thread="B",
                       checkpointer=saver)
    assert tool_messages(first)[-1].artifact["dedup"]["kind"] == "new"
    assert tool_messages(other_thread)[-1].artifact["dedup"]["kind"] == "new"  # B never saw A's read
    again = run(script([call("r3", "read_file", path=str(notes))]), middleware, thread="A", checkpointer=saver)
    assert tool_messages(again)[-1].content == "unchanged since #1"
    assert tool_messages(again)[-1].artifact["step_id"] == 1


def test_without_a_thread_id_each_conversation_is_its_own_task(middleware: ObslineMiddleware, notes: Path) -> None:
    tasks = set()
    for n in range(2):
        agent = create_agent(script([call(f"c{n}", "read_file", path=str(notes))]), TOOLS, middleware=[middleware])
        (result,) = tool_messages(agent.invoke({"messages": [("user", "go")]})["messages"])
        assert result.artifact["dedup"]["kind"] == "new"
        tasks.add(result.artifact["task_id"])
    assert len(tasks) == 2


def test_non_text_content_passes_through_unchanged_with_a_note(middleware: ObslineMiddleware, notes: Path) -> None:
    messages = run(script([call("i1", "describe_image", path=str(notes))]), middleware)
    assert_paired(messages)
    (result,) = tool_messages(messages)
    assert result.content[0]["type"] == "image"
    assert "non-text" in result.response_metadata["obsline"]["passthrough"]


def test_a_failure_inside_obsline_gives_its_error_observation_and_keeps_the_raw(
        middleware: ObslineMiddleware, notes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(line: Any, position: int = 0) -> Any:
        raise RuntimeError("stage bug")

    monkeypatch.setattr(middleware.runner, "process", broken)
    messages = run(script([call("f1", "read_file", path=str(notes)), call("f2", "read_file", path="/nope")]),
                   middleware)
    assert_paired(messages)
    ok, failed = tool_messages(messages)  # the raw is never shown: tests/integrations/test_stage_failure_paths.py
    assert ok.content.startswith("error MALFORMED retryable=no: stage_exception: middleware: RuntimeError('stage bug')")
    assert ok.response_metadata["obsline"]["dead_letter"]["raw"] == notes.read_text()
    assert failed.status == "error" and "stage bug" in failed.content


def test_each_tool_call_emits_an_execute_tool_span_covering_the_call(tmp_path: Path, notes: Path) -> None:
    if os.environ.get("CI") != "true":
        pytest.importorskip("opentelemetry.sdk")
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    from obsline.integrations.otel import Telemetry

    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    contracts = tmp_path / "c"
    contracts.mkdir()
    (contracts / "read_file.yaml").write_text(CONTRACTS["read_file"])
    middleware = ObslineMiddleware(contracts_dir=contracts,
                                   telemetry=Telemetry(enabled=True, tracer=provider.get_tracer("t")))
    run(script([call("s1", "read_file", path=str(notes), delay=0.2)], [call("s2", "read_file", path="/nope")]),
        middleware)
    first, second = exporter.get_finished_spans()
    assert first.name == "execute_tool read_file" and first.attributes["gen_ai.tool.call.id"] == "s1"
    assert first.end_time - first.start_time >= 200_000_000  # the span covers the tool's own run
    assert second.attributes["error.type"] == "NOT_FOUND"
    assert "gen_ai.tool.call.arguments" not in first.attributes


def test_with_an_artifact_store_each_raw_is_readable_through_the_observations_reference(
        tmp_path: Path, notes: Path) -> None:
    store = ArtifactStore(tmp_path / "artifacts")
    contracts = tmp_path / "c"
    contracts.mkdir()
    (contracts / "read_file.yaml").write_text(CONTRACTS["read_file"])
    middleware = ObslineMiddleware(contracts_dir=contracts, artifacts=store)
    (result,) = tool_messages(run(script([call("r1", "read_file", path=str(notes))]), middleware))
    ref = result.artifact["evidence"]["artifact"]
    assert "sig=" in ref
    assert ArtifactStore(tmp_path / "artifacts").get(ref, task_id="thread-1") == notes.read_bytes()


TOKEN = "tok_9f8e7d6c5b4a39281706"


@tool
def login(user: str) -> dict[str, Any]:
    """Log in and return a session."""
    return {"user": user, "access_token": TOKEN, "expires_in": 3600}


@tool
def whoami(access_token: str) -> dict[str, Any]:
    """Who holds this token."""
    if access_token != TOKEN:
        raise PermissionError("access denied: unknown token")
    return {"user": "ann", "verified": True}


def test_a_secret_handle_the_model_passes_back_reaches_the_tool_as_its_value(tmp_path: Path) -> None:
    middleware = ObslineMiddleware(artifacts=ArtifactStore(tmp_path / "artifacts"))
    first = script([call("l1", "login", user="ann")])
    agent = create_agent(first, [login, whoami], middleware=[middleware])
    (shown,) = tool_messages(agent.invoke({"messages": [("user", "go")]}, {"configurable": {"thread_id": "s"}})
                             ["messages"])
    assert TOKEN not in shown.content and TOKEN not in orjson.dumps(shown.artifact).decode()
    handle = re.search(r"\[secret:[a-z0-9_]+-\d+\]", shown.content).group(0)
    model = script([call("w1", "whoami", access_token=handle)], [call("w2", "whoami", access_token="[secret:token-99]")])
    agent = create_agent(model, [login, whoami], middleware=[middleware])
    ok, unknown = tool_messages(agent.invoke({"messages": [("user", "again")]}, {"configurable": {"thread_id": "s"}})
                                ["messages"])
    assert ok.artifact["status"] == "success" and "verified" in ok.content
    assert ok.artifact["task_id"] == "s" and TOKEN not in orjson.dumps(ok.artifact).decode()
    assert unknown.status == "error" and unknown.artifact["error"]["code"] == "NOT_FOUND"


@tool
def get_and_clear(path: str) -> str:
    """Read a text file, then delete it."""
    return "".join(f"job {i}: waiting in the queue\n" for i in range(20))


def test_without_contracts_a_read_name_folds_but_a_docstring_that_writes_never_does(tmp_path: Path) -> None:
    notes = tmp_path / "n.txt"
    notes.write_text("".join(f"line {i}: alpha beta gamma\n" for i in range(20)))  # long enough to fold
    agent = create_agent(script([call("a", "read_file", path=str(notes))], [call("b", "read_file", path=str(notes))],
                                [call("c", "get_and_clear", path="q")], [call("d", "get_and_clear", path="q")]),
                         [read_file, get_and_clear], middleware=[ObslineMiddleware()])
    messages = agent.invoke({"messages": [{"role": "user", "content": "go"}]})["messages"]
    kinds = [m.artifact["dedup"]["kind"] for m in messages if isinstance(m, ToolMessage)]
    assert kinds[1] == "unchanged" and kinds[3] != "unchanged"
