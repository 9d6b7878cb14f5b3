"""The MCP Inspector CLI (npm, node 22 from var/) calling tools/list and tools/call through the gateway."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from tests.integrations.mcp.reference import NODE22_BIN, NPM_BIN, PYTHON, REPO, filesystem_server, gateway_argv, need


def inspector(*args: str) -> dict:
    node = need(NODE22_BIN / "node")
    env = {**os.environ, "PATH": f"{node.parent}:{os.environ.get('PATH', '')}"}
    # The Inspector gives a server 30 s to connect; the gateway's start (Python imports, then its
    # upstream's) takes longer than that on a loaded 2-core CI machine, so it gets 150 s.
    argv = [str(need(NPM_BIN / "mcp-inspector")), "--cli", "--connect-timeout", "150000", *args]
    out = subprocess.run(argv, cwd=REPO, env=env, capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, f"inspector exit {out.returncode}:\n{out.stderr[-2000:]}"
    return json.loads(out.stdout)


def test_the_inspector_lists_and_calls_tools_through_the_gateway(tmp_path: Path) -> None:
    (tmp_path / "n.txt").write_text("hello inspector\n")
    server = [PYTHON, *gateway_argv(f"fs={filesystem_server(tmp_path)}")]
    listed = inspector("--method", "tools/list", *server)
    called = inspector("--method", "tools/call", "--tool-name", "read_text_file",
                       "--tool-arg", f"path={tmp_path / 'n.txt'}", "--", *server)
    names = {t["name"] for t in listed["tools"]}
    assert {"read_text_file", "obsline_read_artifact"} <= names
    assert called["content"][0]["type"] == "text" and "hello inspector" in called["content"][0]["text"]
    assert called["_meta"]["obsline"]["status"] == "success" and called.get("isError") in (False, None)
