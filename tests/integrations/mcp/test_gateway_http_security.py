"""#18 item 6 and #21 item 3 on the real thing: ``obsline mcp serve --http`` with the official SDK
client in front of server-filesystem. Traffic goes to 127.0.0.1 only (a 0.0.0.0 bind is tested by
sending to loopback with the Host/Origin an attacker's page would send)."""

from __future__ import annotations

import os
import re
import subprocess
import time
from pathlib import Path

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from bench.common import free_port, wait_for_port
from tests.integrations.mcp.reference import PYTHON, REPO, filesystem_server, gateway_argv

TOKEN_A, TOKEN_B = "tok-A-" + "a" * 24, "tok-B-" + "b" * 24
SECRET_A = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
SECRET_B = "ghp_" + "Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2"
HANDLE = re.compile(r"\[secret:[a-z0-9_]+-\d+\]")
INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


class Gateway:
    """``obsline mcp serve --http BIND:PORT`` as a subprocess (stopped by its pid)."""

    def __init__(self, root: Path, *extra: str, bind: str = "127.0.0.1", env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        argv = gateway_argv(f"fs={filesystem_server(root)}", extra=("--http", f"{bind}:{self.port}", *extra))
        self.proc = subprocess.Popen([PYTHON, *argv], cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     env={**os.environ, **(env or {})})

    def __enter__(self) -> Gateway:
        wait_for_port(self.port)
        return self

    def _stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def __exit__(self, *exc: object) -> None:
        self._stop()
        if self.proc.stderr is not None and not self.proc.stderr.closed:
            self.proc.stderr.close()  # (else a ResourceWarning, an error under filterwarnings)

    def stderr(self) -> str:
        self._stop()
        assert self.proc.stderr is not None
        text = self.proc.stderr.read().decode()
        self.proc.stderr.close()
        return text


def client(url: str, token: str | None = None, mode: str = "legacy", seen: set[str] | None = None) -> Client:
    """The SDK's client over streamable HTTP (with a bearer token); ``seen`` collects the
    Mcp-Session-Id headers the server sent."""
    headers = {"Authorization": f"Bearer {token}"} if token else None
    http = create_mcp_http_client(headers=headers)
    if seen is not None:
        async def note(response: httpx2.Response) -> None:
            if sid := response.headers.get("mcp-session-id"):
                seen.add(sid)
        http.event_hooks["response"].append(note)
    return Client(streamable_http_client(url, http_client=http), mode=mode)


def handle_of(result) -> str:  # type: ignore[no-untyped-def]
    (handle,) = set(HANDLE.findall(result.content[0].text))
    return handle


async def test_a_foreign_session_s_claim_is_refused_and_the_task_never_shows_the_session_id(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(f"token {SECRET_A}\n")
    path = str(tmp_path / "a.txt")
    with Gateway(tmp_path) as gw:
        sessions: set[str] = set()
        async with client(gw.url, seen=sessions) as one, client(gw.url) as two:
            a1 = await one.call_tool("read_text_file", {"path": path})
            task, cap, ref = (a1.meta["obsline"][k] for k in ("task_id", "task_capability", "artifact"))
            bare = await two.call_tool("read_text_file", {"path": path}, meta={"obsline/task": task})
            forged = await two.call_tool("read_text_file", {"path": path}, meta={"obsline/task": task + "#AAAA"})
            stolen = await two.call_tool("obsline_read_artifact", {"ref": ref}, meta={"obsline/task": task})
            used = await two.call_tool("write_file", {"path": str(tmp_path / "out.txt"), "content": handle_of(a1)},
                                       meta={"obsline/task": task})
            own = await one.call_tool("read_text_file", {"path": path}, meta={"obsline/task": cap})
    for refused in (bare, forged, stolen, used):
        assert refused.is_error and refused.meta["obsline"]["error_code"] == "PERMISSION_DENIED"
        assert SECRET_A not in refused.content[0].text
    assert not (tmp_path / "out.txt").exists()  # the other session's token never went upstream
    assert own.meta["obsline"]["task_id"] == task and own.meta["obsline"]["dedup"] == "unchanged"
    (session_id,) = sessions
    assert task.startswith("mcp/s-") and session_id not in task and session_id not in cap
    assert task not in a1.content[0].text


async def test_bearer_auth_and_host_origin_checks_on_a_wildcard_bind(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("hello\n")
    with Gateway(tmp_path, bind="0.0.0.0", env={"OBSLINE_MCP_TOKEN": TOKEN_A}) as gw:
        good = {**HEADERS, "Authorization": f"Bearer {TOKEN_A}"}
        with httpx2.Client(timeout=30) as http:
            def post(**headers: str) -> int:
                return http.post(gw.url, json=INIT, headers={**good, **headers}).status_code
            codes = {"ok": post(), "evil host": post(Host="evil.example"),
                     "evil host, port": post(Host=f"evil.example:{gw.port}"),
                     "evil origin": post(Origin="http://evil.example"),
                     "local origin": post(Origin=f"http://localhost:{gw.port}"),
                     "no token": post(Authorization=""), "wrong token": post(Authorization=f"Bearer {TOKEN_B}")}
        async with client(gw.url, TOKEN_A) as sdk:
            listed = await sdk.list_tools()
        stderr = gw.stderr()
    assert codes == {"ok": 200, "evil host": 421, "evil host, port": 421, "evil origin": 403, "local origin": 200,
                     "no token": 401, "wrong token": 401}
    assert any(t.name == "read_text_file" for t in listed.tools)
    assert "WITHOUT AUTHENTICATION" not in stderr


async def test_a_non_loopback_bind_without_auth_warns_loudly(tmp_path: Path) -> None:
    with Gateway(tmp_path, bind="0.0.0.0") as gw:
        with httpx2.Client(timeout=30) as http:
            evil = http.post(gw.url, json=INIT, headers={**HEADERS, "Origin": "http://evil.example"}).status_code
        time.sleep(0.2)
        stderr = gw.stderr()
    assert evil == 403 and "WARNING" in stderr and "WITHOUT AUTHENTICATION" in stderr


async def test_stateless_clients_get_a_stable_task_by_principal_or_by_the_capability(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("hello\n")
    path = str(tmp_path / "a.txt")
    tokens = tmp_path / "tokens"
    tokens.write_text(f"# name token\nann {TOKEN_A}\nbob {TOKEN_B}\n")
    with Gateway(tmp_path, "--auth-token-file", str(tokens)) as gw:
        async with client(gw.url, TOKEN_A, mode="auto") as ann, client(gw.url, TOKEN_B, mode="auto") as bob:
            a1 = await ann.call_tool("read_text_file", {"path": path})
            a2 = await ann.call_tool("read_text_file", {"path": path})
            b1 = await bob.call_tool("read_text_file", {"path": path})
            own = await ann.call_tool("obsline_read_artifact", {"ref": a1.meta["obsline"]["artifact"]})
            other = await bob.call_tool("obsline_read_artifact", {"ref": a1.meta["obsline"]["artifact"]})
    assert a1.meta["obsline"]["task_scope"] == "principal" and a2.meta["obsline"]["dedup"] == "unchanged"
    assert b1.meta["obsline"]["task_id"] != a1.meta["obsline"]["task_id"] and b1.meta["obsline"]["dedup"] == "new"
    assert not own.is_error and "hello" in own.content[0].text
    assert other.is_error and other.meta["obsline"]["error_code"] == "PERMISSION_DENIED"
    with Gateway(tmp_path) as gw:  # anonymous and stateless: the capability continues the task
        async with Client(gw.url) as anon:
            c1 = await anon.call_tool("read_text_file", {"path": path})
            cap = c1.meta["obsline"]["task_capability"]
            c2 = await anon.call_tool("read_text_file", {"path": path}, meta={"obsline/task": cap})
            read = await anon.call_tool("obsline_read_artifact", {"ref": c1.meta["obsline"]["artifact"]},
                                        meta={"obsline/task": cap})
    assert c1.meta["obsline"]["task_scope"] == "call" and "task_capability" in c1.meta["obsline"]["note"]
    assert c2.meta["obsline"]["dedup"] == "unchanged" and not read.is_error


async def test_two_users_across_a_restart_on_a_persistent_store_get_different_handles(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(f"token {SECRET_A}\n")
    (tmp_path / "b.txt").write_text(f"token {SECRET_B}\n")
    store = ("--artifacts", str(tmp_path / "store"))
    with Gateway(tmp_path, *store) as gw:
        async with client(gw.url) as ann:
            a = await ann.call_tool("read_text_file", {"path": str(tmp_path / "a.txt")})
    with Gateway(tmp_path, *store) as gw:  # restarted: a fresh process on the same store
        async with client(gw.url) as bob, client(gw.url) as ann_again:
            b = await bob.call_tool("read_text_file", {"path": str(tmp_path / "b.txt")})
            bob_uses_ann = await bob.call_tool("write_file", {"path": str(tmp_path / "x.txt"),
                                                              "content": handle_of(a)})
            cap = a.meta["obsline"]["task_capability"]
            ann_uses_own = await ann_again.call_tool("write_file", {"path": str(tmp_path / "ann.txt"),
                                                                    "content": handle_of(a)},
                                                     meta={"obsline/task": cap})
            bob_uses_own = await bob.call_tool("write_file", {"path": str(tmp_path / "bob.txt"),
                                                              "content": handle_of(b)})
    assert handle_of(a) != handle_of(b)
    assert bob_uses_ann.is_error and bob_uses_ann.meta["obsline"]["error_code"] == "NOT_FOUND"
    assert not (tmp_path / "x.txt").exists()
    assert not ann_uses_own.is_error and (tmp_path / "ann.txt").read_text() == SECRET_A
    assert not bob_uses_own.is_error and (tmp_path / "bob.txt").read_text() == SECRET_B
