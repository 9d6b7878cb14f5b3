"""python -m bench mcp [--calls N]: latency the MCP gateway adds per call.

The same calls (read_text_file on a small and a 20 kB file, get_file_info) go from the SDK's
client to @modelcontextprotocol/server-filesystem directly (the baseline) and through
``obsline mcp serve`` in front of it (in-process pipeline), both over stdio. Per-call wall time,
p50/p99; the added latency is the difference of the two distributions' percentiles.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
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


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench mcp")
    parser.add_argument("--calls", type=int, default=300)
    args = parser.parse_args(argv)
    if not FS.exists():
        sys.exit(f"{FS} missing: run `bash deploy/setup.sh` (step mcp)")
    root = Path(tempfile.mkdtemp(prefix="bench-mcp-"))
    (root / "small.txt").write_text("hello\n")
    (root / "big.txt").write_text("".join(f"row {i} " + "y" * 40 + "\n" for i in range(400)))
    kinds = [("read_text_file", {"path": str(root / "small.txt")}), ("read_text_file", {"path": str(root / "big.txt")}),
             ("get_file_info", {"path": str(root / "big.txt")})]
    calls = [kinds[i % len(kinds)] for i in range(args.calls)]
    direct = StdioServerParameters(command=str(FS), args=[str(root)])
    gateway = StdioServerParameters(command=sys.executable, cwd=str(REPO), args=[
        "-m", "obsline", "mcp", "serve", "--upstream", f"fs={FS} {root}"])
    raw = anyio.run(_timed, direct, calls)
    through = anyio.run(_timed, gateway, calls)
    rows = [("raw upstream call (baseline)", raw), ("through obsline mcp (in-process)", through)]
    print(f"{args.calls} calls each (read_text_file 6 B and 20 kB, get_file_info), SDK client over stdio\n")
    print("| path | p50 ms | p99 ms | mean ms |\n|---|---:|---:|---:|")
    for label, xs in rows:
        print(f"| {label} | {_pct(xs, .5):.2f} | {_pct(xs, .99):.2f} | {statistics.fmean(xs):.2f} |")
    print(f"| added by the gateway | {_pct(through, .5) - _pct(raw, .5):.2f} | "
          f"{_pct(through, .99) - _pct(raw, .99):.2f} | {statistics.fmean(through) - statistics.fmean(raw):.2f} |")
