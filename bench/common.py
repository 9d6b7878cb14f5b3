"""Shared helpers: the workload, medians, local ports, and writing a section of docs/benchmarks.md."""

from __future__ import annotations

import os
import platform
import re
import signal
import socket
import statistics
import subprocess
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEV_TRACES = REPO.parent / "shared" / "data" / "tau-traces" / "dev.jsonl"
FOREIGN_DEV = REPO.parent / "shared" / "data" / "foreign-dev" / "foreign-dev.jsonl"
REPORT = REPO / "docs" / "benchmarks.md"


def read_lines(path: Path) -> list[bytes]:
    if not path.exists():
        raise SystemExit(f"{path} not found: the shared traces live beside the checkout")
    return [line for line in path.read_bytes().splitlines() if line.strip()]


def dev_lines() -> list[bytes]:
    return read_lines(DEV_TRACES)


def pin_to_one_core() -> str:
    """Run on one core, as the targets say; returns which."""
    try:
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
        return f"pinned to core {core}"
    except (AttributeError, OSError):
        return "not pinned (no sched_setaffinity)"


def median(values: list[float]) -> float:
    return statistics.median(values)


def machine() -> str:
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True,
                            text=True).stdout.strip() or "?"
    return (f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores, "
            f"{platform.machine()}, commit {commit}")


def write_section(name: str, body: str) -> None:
    """Replace the text between <!-- NAME:start --> and <!-- NAME:end --> in the report."""
    text = REPORT.read_text() if REPORT.exists() else "# Benchmarks\n"
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    block = f"{start}\n{body.rstrip()}\n{end}"
    if start in text:
        text = re.sub(re.escape(start) + r".*?" + re.escape(end), lambda _: block, text, flags=re.S)
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    REPORT.write_text(text)


def terminate(proc: subprocess.Popen, grace: float) -> None:
    """Ask a child to stop (SIGTERM); kill it if it has not within ``grace`` seconds."""
    if proc.poll() is not None:
        return
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on (for a server the bench or a test starts)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, timeout: float = 30.0) -> None:
    """Until something listens on 127.0.0.1:``port``; RuntimeError after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port} after {timeout:.0f} s")
