"""python -m bench mcp_memory [--calls N] [--sessions M] [--tree PATH]: the gateway's memory.

The real gateway (``obsline mcp serve``) in front of an SDK server whose one read-only tool
answers each call with a record of its own (``bench/mcp_memory_server.py``), driven by the SDK's
client:
  - calls: N calls with distinct results over stdio (8 in flight on one session), the gateway
    process's RSS (/proc/PID/status VmRSS) sampled as it goes: flat means the same at 10% and
    at 100% of N;
  - sessions: M streamable-HTTP sessions opened, one call each, and closed (4 at a time):
    the RSS after them minus the RSS after a warm-up (``--warm``, default ``full_caches()``).
    Each session is a task of its own with a result of its own, so it takes one entry of every
    bounded cache the record path keys by task, ref or raw (the task-id quoting cache, the artifact
    store's entry and blob caches, the stages' memos); until they are full the RSS grows by
    their fill, which the next sessions do not add to. The default warm-up fills the largest of
    them first (its size read from the code), so the figure is what closed sessions leave.
``--tree PATH`` runs the gateway from another checkout (e.g. the code before bounds.py) with this
same driver, for an old/new comparison.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from bench.common import free_port, wait_for_port

REPO = Path(__file__).resolve().parents[1]
IN_FLIGHT = 8
WARM_SESSIONS = 200
SESSION_LANES = 4


def full_caches() -> int:
    """Sessions that fill the largest bounded cache a session's call adds an entry to, plus
    ``WARM_SESSIONS``: the task-id quoting cache (core/ids.py), the artifact store's caches
    (stores/artifacts.py), the stages' memos (core/memo.py)."""
    from obsline.core import ids, memo
    from obsline.stores import artifacts

    sizes = [getattr(artifacts, "MAX_CACHED", 0), memo.DEFAULT_ENTRIES]
    quoted = getattr(ids, "_quoted_task", None)  # private: the bench reads its bound, no more
    if quoted is not None:
        sizes.append(quoted.cache_info().maxsize or 0)
    return max(sizes) + WARM_SESSIONS


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for {pid}")


def _gateway_pid(marker: str) -> int:
    """The gateway the client started (its command line carries this run's artifact folder)."""
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                cmd = (proc / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if marker.encode() in cmd and b"serve" in cmd:
                return int(proc.name)
    raise RuntimeError("gateway process not found")


def _serve_args(store: str, tree: Path) -> list[str]:
    upstream = f"orders={sys.executable} -m bench.mcp_memory_server"
    return ["-m", "obsline", "mcp", "serve", "--upstream", upstream, "--artifacts", store]


def _env(tree: Path) -> dict[str, str]:
    # The upstream server is this repo's bench module; the gateway is the tree's.
    return {**os.environ, "PYTHONPATH": f"{tree}{os.pathsep}{REPO}"}


async def _calls(n: int, tree: Path, marks: list[int]) -> list[tuple[int, float]]:
    store = tempfile.mkdtemp(prefix="bench-mcpmem-")
    server = StdioServerParameters(command=sys.executable, cwd=str(tree), env=_env(tree),
                                   args=_serve_args(store, tree))
    samples: list[tuple[int, float]] = []
    async with Client(server) as client:
        pid = _gateway_pid(store)
        done = 0
        for mark in marks:
            async with anyio.create_task_group() as tg:
                for lane in range(IN_FLIGHT):
                    tg.start_soon(_lane, client, range(done + lane, mark, IN_FLIGHT))
            done = mark
            samples.append((mark, rss_mb(pid)))
            print(f"  {mark} calls: {samples[-1][1]:.1f} MB", file=sys.stderr, flush=True)
    return samples


async def _lane(client: Client, ids: range) -> None:
    for i in ids:
        result = await client.call_tool("lookup", {"id": i})
        if result.is_error:
            raise RuntimeError(f"call {i} failed: {result.content}")


async def _sessions(m: int, warm: int, tree: Path) -> tuple[float, float, float]:
    store = tempfile.mkdtemp(prefix="bench-mcpmem-")
    port = free_port()
    proc = subprocess.Popen([sys.executable, *_serve_args(store, tree), "--http", f"127.0.0.1:{port}"],
                            cwd=tree, env=_env(tree), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, 60.0)
        url = f"http://127.0.0.1:{port}/mcp"
        for start in range(0, warm, 1000):
            await _session_lanes(url, range(start, min(start + 1000, warm)))
            print(f"  warm-up {min(start + 1000, warm)}: {rss_mb(proc.pid):.1f} MB", file=sys.stderr, flush=True)
        before = rss_mb(proc.pid)
        for start in range(warm, warm + m, 1000):
            await _session_lanes(url, range(start, min(start + 1000, warm + m)))
            print(f"  {min(start + 1000, warm + m) - warm} sessions: {rss_mb(proc.pid):.1f} MB", file=sys.stderr, flush=True)
        await anyio.sleep(1)  # the last sessions' tasks end
        return before, rss_mb(proc.pid), rss_mb(proc.pid) - before
    finally:
        proc.terminate()
        proc.wait(30)


async def _session_lanes(url: str, ids: range) -> None:
    """Sessions ``ids``, ``SESSION_LANES`` open at a time, each closed before its lane's next."""
    async with anyio.create_task_group() as tg:
        for lane in range(SESSION_LANES):
            tg.start_soon(_sessions_in_lane, url, ids[lane::SESSION_LANES])


async def _sessions_in_lane(url: str, ids: range) -> None:
    for i in ids:
        await _one_session(url, i)


async def _one_session(url: str, i: int) -> None:
    async with Client(url, mode="legacy") as client:
        result = await client.call_tool("lookup", {"id": i})
        if result.is_error:
            raise RuntimeError(f"session {i} failed: {result.content}")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench mcp_memory")
    parser.add_argument("--calls", type=int, default=100_000)
    parser.add_argument("--sessions", type=int, default=10_000)
    parser.add_argument("--warm", type=int, default=None,
                        help="sessions before the first RSS reading (default: full_caches(), the caches' fill)")
    parser.add_argument("--tree", type=Path, default=REPO, help="the checkout whose gateway runs")
    args = parser.parse_args(argv)
    tree = args.tree.resolve()
    print(f"gateway from {tree}")
    if args.calls:
        marks = sorted({max(1, args.calls * k // 10) for k in range(1, 11)})
        t0 = time.perf_counter()
        samples = anyio.run(_calls, args.calls, tree, marks)
        print(f"\n{args.calls} calls with distinct results, SDK client over stdio, {IN_FLIGHT} in flight "
              f"({time.perf_counter() - t0:.0f} s)\n\n| calls | gateway RSS MB |\n|---:|---:|")
        for mark, mb in samples:
            print(f"| {mark} | {mb:.1f} |")
        first, last = samples[0][1], samples[-1][1]
        print(f"\nRSS at {samples[-1][0]} / at {samples[0][0]}: {last / first:.3f} (flat: within 1.10)")
    if args.sessions:
        warm = full_caches() if args.warm is None else args.warm
        t0 = time.perf_counter()
        before, after, grown = anyio.run(_sessions, args.sessions, warm, tree)
        print(f"\n{args.sessions} HTTP sessions opened, one call each, closed, {SESSION_LANES} at a time "
              f"(after {warm} warm-up; {time.perf_counter() - t0:.0f} s): "
              f"RSS {before:.1f} -> {after:.1f} MB, left {grown:+.1f} MB (target < 5)")
