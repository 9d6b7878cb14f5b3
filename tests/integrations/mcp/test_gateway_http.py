"""The gateway over streamable HTTP: SDK client sessions, kept apart from each other."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from mcp import Client
from mcp.client.stdio import StdioServerParameters

from bench.common import free_port, wait_for_port
from tests.integrations.mcp.reference import (
    PYTHON,
    REPO,
    HttpGateway,
    everything_server,
    filesystem_server,
    gateway_argv,
)


async def test_two_sessions_never_see_each_other_s_artifacts_or_state(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("shared file\n")
    path = str(tmp_path / "a.txt")
    store = tmp_path / "store"
    with HttpGateway(f"fs={filesystem_server(tmp_path)}", extra=("--artifacts", str(store))) as gw:
        async with Client(gw.url, mode="legacy") as one, Client(gw.url, mode="legacy") as two:
            a1 = await one.call_tool("read_text_file", {"path": path})
            b1 = await two.call_tool("read_text_file", {"path": path})
            a2 = await one.call_tool("read_text_file", {"path": path})
            ref = a1.meta["obsline"]["artifact"]
            stolen = await two.call_tool("obsline_read_artifact", {"ref": ref})
            own = await one.call_tool("obsline_read_artifact", {"ref": ref})
            two_resources = {str(r.uri) for r in (await two.list_resources()).resources}
        # 2026-07-28: stateless, the task comes in _meta, as a capability the operator minted for it
        agent_7 = subprocess.run([PYTHON, "-m", "obsline", "mcp", "task-token", "agent-7", "--artifacts", str(store)],
                                 cwd=REPO, capture_output=True, text=True, check=True).stdout.strip()
        async with Client(gw.url) as modern:
            m1 = await modern.call_tool("read_text_file", {"path": path}, meta={"obsline/task": agent_7})
            m2 = await modern.call_tool("read_text_file", {"path": path}, meta={"obsline/task": agent_7})
    assert a1.meta["obsline"]["task_id"] != b1.meta["obsline"]["task_id"]
    assert (a1.meta["obsline"]["dedup"], b1.meta["obsline"]["dedup"], a2.meta["obsline"]["dedup"]) == (
        "new", "new", "unchanged")
    assert stolen.is_error and stolen.meta["obsline"]["error_code"] == "PERMISSION_DENIED"
    assert not own.is_error and "shared file" in own.content[0].text
    assert ref not in two_resources and len(two_resources) == 1
    assert m1.meta["obsline"]["task_id"] == "agent-7" and m2.meta["obsline"]["dedup"] == "unchanged"


async def test_an_http_upstream_beside_a_stdio_one(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("local\n")
    port = free_port()
    everything = subprocess.Popen([everything_server(), "streamableHttp"], env={**os.environ, "PORT": str(port)},
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port)
        server = StdioServerParameters(command=PYTHON, cwd=str(REPO), args=gateway_argv(
            f"every=http://127.0.0.1:{port}/mcp", f"fs={filesystem_server(tmp_path)}"))
        async with Client(server) as client:
            echoed = await client.call_tool("every_echo", {"message": "over streamable http"})
            local = await client.call_tool("fs_read_text_file", {"path": str(tmp_path / "a.txt")})
    finally:
        everything.terminate()
        everything.wait(10)
    assert not echoed.is_error and "over streamable http" in echoed.content[0].text
    assert echoed.meta["obsline"]["hints"]["read_only"] is True
    assert not local.is_error and "local" in local.content[0].text
