"""python -m bench mcp [--calls N]: latency the MCP gateway adds per call.

The same calls (read_text_file on a small and a 20 kB file, get_file_info) go from the SDK's
client to @modelcontextprotocol/server-filesystem directly (the baseline) and through
``obsline mcp serve`` in front of it (in-process pipeline), both over stdio. Per-call wall time,
p50/p99; the added latency is the difference of the distributions' percentiles.

A pass-through proxy on the same SDK and upstream connection (``bench/mcp_passthrough.py``)
separates the cost of one more stdio hop from the pipeline's.
``--kafka BOOTSTRAP`` adds fleet mode: topics under a fresh prefix, one batch worker started
here (with the contracts the gateway derived), the gateway answering with its observations.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

REPO = Path(__file__).resolve().parents[1]
FS = REPO / "var" / "npm" / "node_modules" / ".bin" / "mcp-server-filesystem"


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


async def _timed(server: StdioServerParameters, calls: list[tuple[str, dict]], warmup: int = 10) -> list[float]:
    out: list[float] = []
    async with Client(server) as client:
        for name, args in calls[:warmup]:
            await client.call_tool(name, args)
        for name, args in calls:
            t0 = time.perf_counter()
            await client.call_tool(name, args)
            out.append((time.perf_counter() - t0) * 1000)
    return out


Call = tuple[str, dict[str, str]]


KINDS_OF_CALL = ("small", "big", "info")  # workspace()'s cycle: the small ones make p50, the big read p99


def workspace(prefix: str, n_calls: int, kind: str = "all") -> tuple[Path, list[Call]]:
    """A folder for the filesystem server (a small and a 400-line file) and ``n_calls`` calls
    cycling over three reads of them (or, with ``kind``, only the one of KINDS_OF_CALL); exits
    with a hint when the server is not installed."""
    if not FS.exists():
        sys.exit(f"{FS} missing: run `bash deploy/setup.sh` (step mcp)")
    root = Path(tempfile.mkdtemp(prefix=prefix))
    (root / "small.txt").write_text("hello\n")
    (root / "big.txt").write_text("".join(f"row {i} " + "y" * 40 + "\n" for i in range(400)))
    kinds: list[Call] = [("read_text_file", {"path": str(root / "small.txt")}),
                         ("read_text_file", {"path": str(root / "big.txt")}),
                         ("get_file_info", {"path": str(root / "big.txt")})]
    if kind != "all":
        kinds = [kinds[KINDS_OF_CALL.index(kind)]]
    return root, [kinds[i % len(kinds)] for i in range(n_calls)]


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench mcp")
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--kafka", metavar="BOOTSTRAP", help="also measure fleet mode against this broker")
    args = parser.parse_args(argv)
    root, calls = workspace("bench-mcp-", args.calls)
    direct = StdioServerParameters(command=str(FS), args=[str(root)])
    serve = ["-m", "obsline", "mcp", "serve", "--upstream", f"fs={FS} {root}",
             "--write-contracts", str(root / "contracts")]
    gateway = StdioServerParameters(command=sys.executable, cwd=str(REPO), args=serve)
    proxy = StdioServerParameters(command=sys.executable, cwd=str(REPO),
                                  args=["-m", "bench.mcp_passthrough", str(FS), str(root)])
    raw = anyio.run(_timed, direct, calls)
    hop = anyio.run(_timed, proxy, calls)
    through = anyio.run(_timed, gateway, calls)
    rows = [("raw upstream call (baseline)", raw), ("SDK pass-through proxy (no pipeline)", hop),
            ("through obsline mcp (in-process)", through)]
    if args.kafka:
        rows.append(("through obsline mcp (fleet, --kafka)", _fleet(args.kafka, root, serve, calls)))
    print(f"{args.calls} calls each (read_text_file 6 B and 20 kB, get_file_info), SDK client over stdio\n")
    print("| path | p50 ms | p99 ms | mean ms |\n|---|---:|---:|---:|")
    for label, xs in rows:
        print(f"| {label} | {_pct(xs, .5):.2f} | {_pct(xs, .99):.2f} | {statistics.fmean(xs):.2f} |")
    for label, xs in rows[1:]:
        print(f"| added: {label.split('(')[1].rstrip(')')} | {_pct(xs, .5) - _pct(raw, .5):.2f} | "
              f"{_pct(xs, .99) - _pct(raw, .99):.2f} | {statistics.fmean(xs) - statistics.fmean(raw):.2f} |")


def _fleet(bootstrap: str, root: Path, serve: list[str], calls: list[tuple[str, dict]]) -> list[float]:
    from obsline.streams.admin import ensure_topics
    from obsline.streams.settings import Settings

    prefix = f"bench{uuid.uuid4().hex[:6]}."
    env = {k: v for k, v in os.environ.items() if not k.startswith("OBSLINE_")} | {
        "OBSLINE_BROKER": f"kafka://{bootstrap}", "OBSLINE_TOPIC_PREFIX": prefix, "OBSLINE_APP_ID": prefix,
        "OBSLINE_ENGINE": "batch", "OBSLINE_DATA_DIR": str(root / "data"), "OBSLINE_METRICS_PORT": "0",
        "OBSLINE_ARTIFACT_DIR": str(root / "artifacts"), "OBSLINE_CONTRACTS_DIR": str(root / "contracts"),
        "OBSLINE_ARTIFACT_KEY": "bench-mcp", "OBSLINE_LOG_LEVEL": "warning"}
    asyncio.run(ensure_topics(Settings.from_env(env)))
    worker = subprocess.Popen([sys.executable, "-m", "obsline", "worker"], cwd=REPO, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        fleet = StdioServerParameters(command=sys.executable, cwd=str(REPO), env=env, args=[
            *serve[:-2], "--kafka", bootstrap, "--topic-prefix", prefix, "--fleet-timeout", "30"])
        return anyio.run(_timed, fleet, calls, 30)  # the warm-up covers the worker's start
    finally:
        worker.terminate()
        worker.wait(30)
