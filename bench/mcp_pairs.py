"""python -m bench mcp_pairs --old TREE [--pairs N] [--calls N]: the gateway's added latency,
old against new, in alternating pairs.

On this shared machine one ``bench mcp`` run moves by tens of percent with the load, so a single
old run beside a single new one says little. Here each pair runs, with the same calls and the
same SDK client (``bench/mcp.py``): the raw upstream call (the baseline of that moment), then
the gateway of TREE (``obsline mcp serve`` imported from it) and this checkout's, in alternating
order (old first in even pairs, new first in odd ones). Per pair: each side's added p50 (its p50
minus the pair's raw p50) and the ratios new/old of the gateways' p50s and p95s. What to read:
the medians over the pairs, their spread (quartiles) and in how many pairs new was faster; a
ratio at or under 1 with quartiles around it is "no worse beyond noise".
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

import anyio
from mcp.client.stdio import StdioServerParameters

from bench.mcp import FS, REPO, Call, _pct, _timed, workspace


def _gateway(tree: Path, root: Path, side: str) -> StdioServerParameters:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OBSLINE_")} | {"PYTHONPATH": str(tree)}
    serve = ["-m", "obsline", "mcp", "serve", "--upstream", f"fs={FS} {root}",
             "--write-contracts", str(root / f"contracts-{side}")]
    return StdioServerParameters(command=sys.executable, cwd=str(tree), env=env, args=serve)


def _quartiles(xs: list[float]) -> tuple[float, float, float]:
    if len(xs) < 2:
        return xs[0], xs[0], xs[0]
    q1, q2, q3 = statistics.quantiles(xs, n=4, method="inclusive")
    return q1, q2, q3


def _pair(pair: int, direct: StdioServerParameters, sides: dict[str, StdioServerParameters], calls: list[Call],
          ratios: dict[float, list[float]], added: dict[str, list[float]]) -> None:
    """One pair: the raw calls, then both gateways (old first in even pairs); its row printed,
    its added p50s and new/old ratios appended."""
    raw = anyio.run(_timed, direct, calls)
    got: dict[str, list[float]] = {}
    for side in (("old", "new") if pair % 2 == 0 else ("new", "old")):
        got[side] = anyio.run(_timed, sides[side], calls)
        added[side].append(_pct(got[side], .5) - _pct(raw, .5))
    for q, xs in ratios.items():
        xs.append(_pct(got["new"], q) / _pct(got["old"], q))
    cells = [f"{_pct(xs, .5):.2f} / {_pct(xs, .95):.2f}" for xs in (raw, got["old"], got["new"])]
    print(f"| {pair + 1} | " + " | ".join(cells) + f" | {added['old'][-1]:.2f} | {added['new'][-1]:.2f} | "
          f"{ratios[.5][-1]:.3f} | {ratios[.95][-1]:.3f} |", flush=True)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench mcp_pairs")
    parser.add_argument("--old", type=Path, required=True, help="the checkout whose gateway is 'old'")
    parser.add_argument("--pairs", type=int, default=8)
    parser.add_argument("--calls", type=int, default=150)
    args = parser.parse_args(argv)
    root, calls = workspace("bench-mcppairs-", args.calls)
    direct = StdioServerParameters(command=str(FS), args=[str(root)])
    sides = {"old": _gateway(args.old.resolve(), root, "old"), "new": _gateway(REPO, root, "new")}
    print(f"old {args.old.resolve()}, new {REPO}; {args.pairs} pairs of {args.calls} calls; ms p50 / p95\n")
    print("| pair | raw | old | new | old added p50 | new added p50 | new/old p50 | new/old p95 |\n"
          "|---:|---:|---:|---:|---:|---:|---:|---:|")
    ratios: dict[float, list[float]] = {.5: [], .95: []}
    added: dict[str, list[float]] = {"old": [], "new": []}
    for pair in range(args.pairs):
        _pair(pair, direct, sides, calls, ratios, added)
    for label, xs in (("old added p50 ms", added["old"]), ("new added p50 ms", added["new"]),
                      ("new/old gateway p50", ratios[.5]), ("new/old gateway p95", ratios[.95])):
        q1, q2, q3 = _quartiles(xs)
        print(f"\n{label}: median {q2:.3f} (quartiles {q1:.3f} - {q3:.3f})", end="")
    faster = {q: sum(r < 1 for r in xs) for q, xs in ratios.items()}
    print(f"\nnew faster (ratio < 1) in {faster[.5]} of {args.pairs} pairs at p50, {faster[.95]} at p95")
