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
