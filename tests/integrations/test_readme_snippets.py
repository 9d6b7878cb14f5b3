"""The README's MCP config and LangChain snippet, taken from README.md and run exactly as printed:
the MCP config's command through the SDK client (``npx``/``uvx`` resolve to the copies that
deploy/setup.sh installed under var/, as they would to the registry's on a user's machine), the
LangChain snippet's agent with a scripted model. Neither is given a contract."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path
from typing import Any

import orjson
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.integrations.mcp.reference import NPM_BIN, REPO, SERVERS, need

README = (REPO / "README.md").read_text(encoding="utf-8")


def snippet(section: str, language: str) -> str:
    body = README.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    found = re.search(rf"```{language}\n(.*?)```", body, re.S)
    assert found, f"no {language} block under '## {section}'"
    return found.group(1)


def _shims(bin_dir: Path) -> dict[str, str]:
    """``npx -y PKG ARGS`` and ``uvx NAME ARGS`` onto the installed servers (no download)."""
    bin_dir.mkdir()
    (bin_dir / "npx").write_text(f'#!/bin/sh\n[ "$1" = -y ] && shift\nname=$(basename "$1"); shift\n'
                                 f'[ -x "{NPM_BIN}/$name" ] || name="mcp-$name"\nexec "{NPM_BIN}/$name" "$@"\n')
    (bin_dir / "uvx").write_text(f'#!/bin/sh\nname="$1"; shift\nexec "{SERVERS}/$name" "$@"\n')
    for shim in ("npx", "uvx"):
        (bin_dir / shim).chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}:{os.environ.get('PATH', '')}"}


async def test_the_mcp_config_runs_as_printed_and_folds_a_repeated_read(tmp_path: Path) -> None:
    need(NPM_BIN / "mcp-server-filesystem"), need(SERVERS / "mcp-server-git")
    server = orjson.loads(snippet("In front of an MCP server", "json"))["mcpServers"]["files"]
    project = tmp_path / "project"
    project.mkdir()
    (project / "notes.txt").write_text("alpha\nbeta\n")
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    env = _shims(tmp_path / "bin")
    params = StdioServerParameters(command=server["command"], args=server["args"], cwd=str(project), env=env)
    async with Client(params) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        first = await client.call_tool("fs_read_text_file", {"path": str(project / "notes.txt")})
        second = await client.call_tool("fs_read_text_file", {"path": str(project / "notes.txt")})
        status = await client.call_tool("git_git_status", {"repo_path": str(project)})
    assert {"fs_read_text_file", "git_git_status", "obsline_read_artifact"} <= names
    assert "alpha" in first.content[0].text and not status.is_error
    assert second.meta["obsline"]["dedup"] == "unchanged"


def test_the_langchain_snippet_runs_as_printed_and_folds_without_contracts(tmp_path: Path) -> None:
    pytest.importorskip("langchain") if os.environ.get("CI") != "true" else None
    from tests.integrations.test_langchain_middleware import call, script

    namespace: dict[str, Any] = {}
    exec(compile(snippet("In a LangChain agent", "python"), "README.md", "exec"), namespace)  # noqa: S102
    notes = tmp_path / "notes.txt"
    notes.write_text("".join(f"note {i}: alpha beta gamma delta\n" for i in range(20)))  # long enough to fold
    agent = namespace["notes_agent"](script([call("c1", "read_notes", path=str(notes))],
                                            [call("c2", "read_notes", path=str(notes))]))
    messages = agent.invoke({"messages": [{"role": "user", "content": "read my notes twice"}]})["messages"]
    tool_messages = [m for m in messages if m.type == "tool"]
    assert "note 0: alpha" in tool_messages[0].content
    assert tool_messages[1].artifact["dedup"]["kind"] == "unchanged"
