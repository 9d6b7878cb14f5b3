"""The LangChain middleware with a text ``read`` contract: a file re-read after a one-line edit
is a line diff of the last view (issue 17 item 2), in a real ``create_agent`` loop."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

if os.environ.get("CI") != "true":  # CI installs the extra (deploy/setup.sh): never skip there
    pytest.importorskip("langchain", reason="the langchain extra is not installed")

from tests.integrations.test_langchain_middleware import call, middleware, run, script, tool_messages  # noqa: E402

__all__ = ["middleware"]  # the fixture, used by name

LINES = [f"line {k:03d}: the quick brown fox jumps over the lazy dog, value={k * 7}" for k in range(400)]


def test_a_text_read_after_a_one_line_edit_is_a_line_diff(middleware, tmp_path: Path) -> None:  # noqa: F811
    path = tmp_path / "big.txt"
    path.write_text("\n".join(LINES) + "\n")
    edited = "\n".join(LINES[:200] + ["line 200: an edited line"] + LINES[201:]) + "\n"
    model = script([call("r1", "read_file", path=str(path))], [call("w1", "write_file", path=str(path), text=edited)],
                   [call("r2", "read_file", path=str(path))])
    first, _, second = tool_messages(run(model, middleware))
    assert second.artifact["dedup"]["kind"] == "delta"
    assert "+line 200: an edited line" in second.content and "->" not in second.content
    assert len(second.content) < 0.05 * len(path.read_text()), (len(second.content), second.content[:300])


def test_a_new_middleware_on_a_resumed_thread_numbers_on_after_what_the_thread_holds(tmp_path: Path) -> None:
    from langgraph.checkpoint.memory import InMemorySaver

    from obsline.integrations.langchain import ObslineMiddleware

    path = tmp_path / "big.txt"
    path.write_text("\n".join(LINES) + "\n")
    other = tmp_path / "other.txt"
    other.write_text("\n".join(reversed(LINES)) + "\n")
    saver = InMemorySaver()
    before = run(script([call("r1", "read_file", path=str(path))]), ObslineMiddleware(), thread="A", checkpointer=saver)
    held = tool_messages(before)[-1].artifact["dedup"]["number"]
    after = run(script([call("r2", "read_file", path=str(other))]), ObslineMiddleware(), thread="A", checkpointer=saver)
    fresh = tool_messages(after)[-1]
    assert fresh.artifact["dedup"]["number"] > held  # never a second #1 in one thread
    assert not fresh.content.startswith(f"#{held} ")


def test_a_branch_replayed_from_an_earlier_checkpoint_never_refers_to_what_it_does_not_hold(
        middleware, tmp_path: Path) -> None:  # noqa: F811
    from langchain.agents import create_agent
    from langgraph.checkpoint.memory import InMemorySaver

    from tests.integrations.test_langchain_middleware import TOOLS

    path = tmp_path / "big.txt"
    path.write_text("\n".join(LINES) + "\n")
    saver = InMemorySaver()
    config = {"configurable": {"thread_id": "A"}}
    read = [call("r1", "read_file", path=str(path))]
    first = tool_messages(run(script(read), middleware, thread="A", checkpointer=saver))[-1]
    assert first.artifact["dedup"]["number"] is not None
    agent = create_agent(script([call("r2", "read_file", path=str(path))]), TOOLS, middleware=[middleware],
                         checkpointer=saver)
    start = list(agent.get_state_history(config))[-1].config  # the thread's first checkpoint: no messages yet
    branch = agent.invoke({"messages": [("user", "go again")]}, start)
    again = tool_messages(branch["messages"])
    assert len(again) == 1 and again[0].tool_call_id == "r2"  # the branch holds no earlier observation
    assert again[0].artifact["dedup"]["kind"] != "unchanged" and "#" + str(first.artifact["dedup"]["number"]) \
        not in again[0].content.split("\n", 1)[-1]
    assert again[0].artifact["dedup"]["refs"] == [] and "line 399" in again[0].content
    assert again[0].artifact["dedup"]["number"] > first.artifact["dedup"]["number"]  # numbers never repeat
    # and the main line, resumed at its head, still folds against what it holds
    head = tool_messages(run(script([call("r3", "read_file", path=str(path))]), middleware, thread="A",
                             checkpointer=saver))
    assert head[-1].tool_call_id == "r3"
