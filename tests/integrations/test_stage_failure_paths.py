"""A record whose stage raises reaches the model as its typed error observation on every
in-process path, never as the raw, and the raw is kept: in the artifact store under the
record's own reference (``pipeline.kept_raw``), else in the middleware's dead letter
(``response_metadata["obsline"]["dead_letter"]``), with the reason and the stage. Before, the
LangChain middleware passed the raw through to the model unchanged, and the gateway and
``Runner`` kept the raw nowhere. Real LangChain agent loop, real MCP SDK upstream."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import mcp_types as types
import orjson
import pytest

from obsline.pipeline import Runner, Stages, Stores
from obsline.stores.artifacts import ArtifactStore

if os.environ.get("CI") != "true":
    pytest.importorskip("langchain", reason="the langchain extra is not installed")

from langchain.agents import create_agent  # noqa: E402
from langchain_core.messages import ToolMessage  # noqa: E402
from langchain_core.tools import tool  # noqa: E402

from obsline.integrations.langchain import ObslineMiddleware  # noqa: E402
from tests.integrations.test_langchain_middleware import call, script  # noqa: E402

SECRETISH = "order 77 for ann@example.com, card 4111 1111 1111 1111"
HEAD = "error MALFORMED retryable=no: stage_exception: adapt: RuntimeError('adapt bug')"


@tool
def get_order(order_id: str) -> str:
    """Read one order."""
    return SECRETISH


def _broken_adapt(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: Stages, envelope: Any) -> Any:
        raise RuntimeError("adapt bug")

    monkeypatch.setattr(Stages, "adapt", broken)


def _shown(middleware: ObslineMiddleware) -> ToolMessage:
    agent = create_agent(script([call("c1", "get_order", order_id="77")]), [get_order], middleware=[middleware])
    messages = agent.invoke({"messages": [("user", "go")]}, {"configurable": {"thread_id": "t"}})["messages"]
    (shown,) = [m for m in messages if isinstance(m, ToolMessage)]
    return shown


def test_a_stage_that_raises_gives_the_model_the_error_observation_and_keeps_the_raw_in_the_store(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = ArtifactStore(tmp_path / "a")
    middleware = ObslineMiddleware(artifacts=store)
    _broken_adapt(monkeypatch)
    shown = _shown(middleware)
    assert shown.content.split("\n")[0] == HEAD and SECRETISH not in shown.content
    assert shown.status == "error" and shown.artifact["error"]["code"] == "MALFORMED"
    letter = shown.response_metadata["obsline"]["dead_letter"]
    assert letter["reason"] == "stage_exception" and letter["stage"] == "adapt" and "raw" not in letter
    assert letter["artifact"] == shown.artifact["evidence"]["artifact"]
    assert ArtifactStore(tmp_path / "a").get(letter["artifact"], task_id="t") == SECRETISH.encode()


def test_without_a_store_the_raw_stays_in_the_dead_letter_not_in_the_text(monkeypatch: pytest.MonkeyPatch) -> None:
    _broken_adapt(monkeypatch)
    shown = _shown(ObslineMiddleware())
    assert shown.content.split("\n")[0] == HEAD and SECRETISH not in shown.content
    letter = shown.response_metadata["obsline"]["dead_letter"]
    assert letter["raw"] == SECRETISH and letter["reason"] == "stage_exception"


def test_the_middlewares_own_failure_is_an_error_observation_too(monkeypatch: pytest.MonkeyPatch) -> None:
    middleware = ObslineMiddleware()

    def broken(line: Any, position: int = 0) -> Any:
        raise RuntimeError("glue bug")

    monkeypatch.setattr(middleware.runner, "process", broken)
    shown = _shown(middleware)
    assert shown.content.split("\n")[0] == ("error MALFORMED retryable=no: stage_exception: middleware: "
                                            "RuntimeError('glue bug')")
    assert SECRETISH not in shown.content and shown.response_metadata["obsline"]["dead_letter"]["raw"] == SECRETISH


def test_in_process_the_raw_of_a_failed_stage_is_kept_under_its_reference(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stages = Stages.default(artifact_key=b"k" * 32)
    store = ArtifactStore(tmp_path / "a", key=stages.artifact_key)
    runner = Runner(stages, stores=Stores(store))
    _broken_adapt(monkeypatch)
    line = orjson.dumps({"task_id": "t", "step_id": 3, "action_id": "a", "tool": "get_order", "raw": {"id": 77}})
    processed = runner.process(line)
    store.flush()
    ref = processed.observation.evidence["artifact"]
    assert processed.rejected is not None and processed.observation.text.startswith(HEAD)
    assert ref.startswith("artifact://t/3/a") and ArtifactStore(tmp_path / "a", key=stages.artifact_key).get(ref, task_id="t") == b'{"id":77}'


async def test_the_gateway_gives_the_error_observation_and_keeps_the_raw(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    from obsline.integrations.mcp.gateway import Gateway
    from obsline.integrations.mcp.upstream import UpstreamConfig

    gw = await Gateway([UpstreamConfig("orders", f"{sys.executable} -m bench.mcp_memory_server")],
                       tmp_path / "store").start()
    try:
        _broken_adapt(monkeypatch)
        ctx = SimpleNamespace(meta=None, request_id=1, request=object(),
                              session=SimpleNamespace(_connection=object(), report_progress=None))
        with caplog.at_level(logging.ERROR, logger="obsline.mcp"):
            result = await gw.call_tool(ctx, types.CallToolRequestParams(name="lookup", arguments={"id": 7}))
    finally:
        await gw.close()
    text = result.content[0].text
    assert result.is_error and text.startswith(HEAD)
    ref = result.meta["obsline"]["artifact"]
    task = result.meta["obsline"]["task_id"]
    assert ref is not None and b"7" in ArtifactStore(tmp_path / "store").get(ref, task_id=task)
    assert any("dead letter: stage_exception at adapt" in r.getMessage() for r in caplog.records)
