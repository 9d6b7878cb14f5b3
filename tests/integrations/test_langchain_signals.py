"""The loop signals in the LangChain middleware, in a real ``create_agent`` loop (scripted fake
chat model, real tools and LangGraph state): the history the model reads with superseded results
masked, and a write on an older version flagged before it runs, or blocked."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

if os.environ.get("CI") != "true":  # CI installs the extra (deploy/setup.sh): never skip there
    pytest.importorskip("langchain", reason="the langchain extra is not installed")

from langchain.agents import create_agent  # noqa: E402
from langchain_core.messages import ToolMessage  # noqa: E402
from langchain_core.tools import tool  # noqa: E402

from obsline.integrations.langchain import ObslineMiddleware  # noqa: E402
from tests.integrations.test_langchain_middleware import call, script  # noqa: E402

WRITES: list[dict[str, Any]] = []
DOC = {"id": "D1", "version": 5, "title": "plan"}


@tool
def start_export(q: str) -> str:
    """Start an export job."""
    return json.dumps({"job_id": "J-17", "status": "running"})


@tool
def export_status(job_id: str) -> str:
    """The status and rows of an export job."""
    return json.dumps({"job_id": job_id, "status": "done", "rows": [{"id": i} for i in range(3)]})


@tool
def get_doc(id: str) -> str:  # noqa: A002 - the tool's argument name
    """Read a document."""
    return json.dumps(DOC)


@tool
def update_doc(id: str, title: str, expected_version: int) -> str:  # noqa: A002
    """Change a document's title if it is still at expected_version."""
    WRITES.append({"id": id, "title": title})
    return json.dumps({"id": id, "version": DOC["version"] + 1, "title": title})


TOOLS = [start_export, export_status, get_doc, update_doc]


def run(model: Any, middleware: ObslineMiddleware) -> list[Any]:
    agent = create_agent(model, TOOLS, middleware=[middleware])
    return agent.invoke({"messages": [("user", "go")]}, {"configurable": {"thread_id": "t-1"}})["messages"]


def test_the_model_reads_superseded_results_masked_and_the_thread_keeps_them_whole() -> None:
    model = script([call("c1", "start_export", q="all")], [call("c2", "export_status", job_id="J-17")])
    messages = run(model, ObslineMiddleware(mask_superseded=True))
    started, done = [m for m in messages if isinstance(m, ToolMessage)]
    assert "result of pending" in done.content
    shown = [m for m in model.seen[2] if isinstance(m, ToolMessage)]  # the request after both results
    assert shown[0].content in ("step 0 start_export: superseded by #1", "step 0 start_export: superseded by step 1")
    assert shown[1].content == done.content
    assert "J-17" in started.content and started.content != shown[0].content  # the thread is unchanged
    assert [m for m in model.seen[1] if isinstance(m, ToolMessage)][0].content == started.content  # not yet


def test_without_the_option_the_model_reads_every_result_as_it_came() -> None:
    model = script([call("c1", "start_export", q="all")], [call("c2", "export_status", job_id="J-17")])
    messages = run(model, ObslineMiddleware())
    assert [m.content for m in model.seen[2] if isinstance(m, ToolMessage)] == \
        [m.content for m in messages if isinstance(m, ToolMessage)]


def test_a_write_on_an_older_version_is_flagged_before_it_runs() -> None:
    WRITES.clear()
    model = script([call("c1", "get_doc", id="D1")], [call("c2", "update_doc", id="D1", title="x", expected_version=3)])
    messages = run(model, ObslineMiddleware())
    write = [m for m in messages if isinstance(m, ToolMessage)][1]
    assert write.response_metadata["obsline"]["stale_write"]["last"] == 5
    assert "write based on expected_version=3" in write.content and len(WRITES) == 1


def test_with_block_a_stale_write_is_not_run() -> None:
    WRITES.clear()
    model = script([call("c1", "get_doc", id="D1")], [call("c2", "update_doc", id="D1", title="x", expected_version=3)],
                   [call("c3", "update_doc", id="D1", title="y", expected_version=5)])
    messages = run(model, ObslineMiddleware(stale_writes="block"))
    _, blocked, ok = [m for m in messages if isinstance(m, ToolMessage)]
    assert blocked.status == "error" and blocked.artifact["error"]["code"] == "CONFLICT"
    assert "(not sent)" in blocked.content
    assert ok.status == "success" and WRITES == [{"id": "D1", "title": "y"}]
    with pytest.raises(ValueError, match="stale_writes"):
        ObslineMiddleware(stale_writes="maybe")
