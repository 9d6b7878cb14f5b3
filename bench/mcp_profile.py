"""python -m bench mcp_profile [--old TREE] [--calls N] [--rounds N] [--cprofile]: where the
gateway's time per call goes, old tree against this one, without the stdio hops' noise.

Each side runs in a process of its own with that tree's ``obsline`` first on the path: the
tree's ``Gateway`` in front of @modelcontextprotocol/server-filesystem (stdio, as ``bench mcp``),
its ``build_server`` reached by the SDK's ``Client`` in memory (no client-side stdio hop), the
same calls as ``bench mcp``. Per call, wall time split three ways by wrapping the gateway's own
objects:

- ``upstream``: the gateway's ``Upstream.call`` (the stdio round trip to the server);
- ``pipeline``: ``Runner.process`` (the three stages and the record's stores);
- ``handler``: the rest of the in-memory round trip (the SDK's server and client sessions and
  the gateway's ``call_tool`` around the two above: ids, envelope, result, #21's bookkeeping).

Rounds alternate old/new; medians per part are what to read. ``--cprofile`` adds one profiled
round per side: the top functions by own time inside ``call_tool`` minus the pipeline.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
PARTS = ("total", "upstream", "pipeline", "handler", "gc")  # ms per call, medians
PROCESS = ("cpu", "switches", "threads")  # per call over the round (CPU ms, context switches), threads at the end

# Run in the measured tree's process: this file is loaded by path, so that its `bench` package
# (the old tree's may lack this module) and this tree's `obsline` stay out of the way.
_LAUNCH = ("import importlib.util as u, sys; s = u.spec_from_file_location('mcp_profile_side', sys.argv[1]); "
           "m = u.module_from_spec(s); s.loader.exec_module(m); m.side(sys.argv[2:])")


def _median_ms(xs: list[float]) -> float:
    return statistics.median(xs) * 1000


async def _run_side(fs: str, root: Path, calls: list[list], profile: str | None) -> dict[str, float]:
    import gc
    import time

    from mcp import Client

    from obsline.integrations.mcp.gateway import Gateway
    from obsline.integrations.mcp.server import build_server
    from obsline.integrations.mcp.upstream import UpstreamConfig

    gateway = Gateway([UpstreamConfig.parse(f"fs={fs} {root}")], tempfile.mkdtemp(prefix="mcpprof-art-"),
                      write_contracts=Path(tempfile.mkdtemp(prefix="mcpprof-contracts-")))
    await gateway.start()
    spent = {"upstream": 0.0, "pipeline": 0.0, "gc": 0.0}
    gc_started = [0.0]

    def gc_clock(phase: str, info: dict) -> None:  # collections land in any part: counted apart too
        if phase == "start":
            gc_started[0] = time.perf_counter()
        else:
            spent["gc"] += time.perf_counter() - gc_started[0]

    gc.callbacks.append(gc_clock)

    def timed(part: str, fn):  # type: ignore[no-untyped-def]
        def sync(*a, **k):  # type: ignore[no-untyped-def]
            t0 = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                spent[part] += time.perf_counter() - t0

        async def coro(*a, **k):  # type: ignore[no-untyped-def]
            t0 = time.perf_counter()
            try:
                return await fn(*a, **k)
            finally:
                spent[part] += time.perf_counter() - t0
        return coro if part == "upstream" else sync

    assert gateway.runner is not None
    gateway.runner.process = timed("pipeline", gateway.runner.process)  # type: ignore[method-assign]
    for up in gateway.upstreams:
        up.call = timed("upstream", up.call)  # type: ignore[method-assign]
    per: dict[str, list[float]] = {p: [] for p in PARTS}
    try:
        async with Client(build_server(gateway)) as client:
            for name, args in calls[:10]:  # warm-up: caches, first reads
                await client.call_tool(name, args)
            stop = _start_profile(profile)
            cpu0, switches0 = time.process_time(), _switches()
            for name, args in calls:
                spent.update(upstream=0.0, pipeline=0.0, gc=0.0)
                t0 = time.perf_counter()
                await client.call_tool(name, args)
                total = time.perf_counter() - t0
                per["total"].append(total)
                per["upstream"].append(spent["upstream"])
                per["pipeline"].append(spent["pipeline"])
                per["handler"].append(total - spent["upstream"] - spent["pipeline"])
                per["gc"].append(spent["gc"])
            stop()
            cpu, switches = time.process_time() - cpu0, _switches() - switches0
    finally:
        await gateway.close()
    import threading

    return {p: _median_ms(xs) for p, xs in per.items()} | {
        "cpu": cpu / len(calls) * 1000, "switches": switches / len(calls), "threads": threading.active_count()}


def _switches() -> int:
    """Context switches of this process so far (voluntary and not): each is a wait for a core."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_nvcsw + usage.ru_nivcsw


def _start_profile(profile: str | None) -> Callable[[], None]:
    """``cprofile:PATH`` (pstats) or ``opcodes:PATH`` (bytecodes executed per function, JSON;
    deterministic, unlike time); returns what stops it and writes PATH."""
    if not profile:
        return lambda: None
    how, _, path = profile.partition(":")
    if how == "cprofile":
        import cProfile

        prof = cProfile.Profile()
        prof.enable()
        return lambda: (prof.disable(), prof.dump_stats(path)) and None
    counts: Counter[Any] = Counter()

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            counts[frame.f_code] += 1
        return tracer

    sys.settrace(tracer)

    def stop() -> None:
        sys.settrace(None)
        named: Counter[str] = Counter()
        for code, n in counts.items():
            named[f"{_short(code.co_filename)}:{code.co_name}"] += n
        Path(path).write_text(json.dumps(named.most_common()))
    return stop


def _short(path: str) -> str:
    for root in ("/obsline/", "site-packages/", "/lib/python3"):
        if root in path:
            return path.split(root, 1)[1] if root != "/obsline/" else "obsline/" + path.split(root, 1)[1]
    return path


def side(argv: list[str]) -> None:
    """One measured process: ``FS ROOT CALLS_JSON [PROFILE_OUT]``; prints its medians as JSON."""
    import anyio

    fs, root, calls_json, *rest = argv
    calls = json.loads(Path(calls_json).read_text())
    print(json.dumps(anyio.run(_run_side, fs, Path(root), calls, rest[0] if rest else None)))


def _measure(tree: Path, root: Path, calls_file: Path, profile: str | None = None) -> dict[str, float]:
    from bench.mcp import FS

    env = {k: v for k, v in os.environ.items() if not k.startswith("OBSLINE_")} | {"PYTHONPATH": str(tree)}
    argv = [sys.executable, "-c", _LAUNCH, str(Path(__file__).resolve()), str(FS), str(root), str(calls_file)]
    out = subprocess.run([*argv, *([profile] if profile else [])], cwd=tempfile.gettempdir(), env=env,
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        sys.exit(f"{tree}: side failed\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def _top(profile: Path, n: int = 25) -> list[str]:
    """The functions with the most own time in a profiled round (obsline's and the SDK's)."""
    import pstats

    stats = pstats.Stats(str(profile))
    rows = sorted(stats.stats.items(), key=lambda kv: kv[1][2], reverse=True)  # type: ignore[attr-defined]
    out = []
    for (path, line, fn), (_cc, ncalls, tottime, cumtime, _callers) in rows[:n]:
        out.append(f"{tottime * 1000:9.1f} ms own {cumtime * 1000:9.1f} cum {ncalls:7d}x  {_short(path)}:{line}:{fn}")
    return out


def _opcodes_table(files: dict[str, Path], calls: int, n: int = 30) -> list[str]:
    """Bytecodes per call, old against new: by module, then the functions that gained most."""
    by = {s: Counter(dict(json.loads(f.read_text()))) for s, f in files.items()}
    out = ["total bytecodes per call: " + ", ".join(f"{s} {sum(c.values()) / calls:,.0f}" for s, c in by.items()),
           "", *_module_rows(by, calls, n)]
    if set(by) == {"old", "new"}:
        out += ["", *_most_added_rows(by["old"], by["new"], calls, n)]
    return out


def _module_rows(by: dict[str, Counter[str]], calls: int, n: int) -> list[str]:
    """The ``n`` modules with most bytecodes per call (on either side), as table rows."""
    modules: dict[str, Counter[str]] = {s: Counter() for s in by}
    for s, counts in by.items():
        for name, c in counts.items():
            modules[s][name.rsplit(":", 1)[0]] += c
    mods = sorted(set().union(*modules.values()), key=lambda m: -max(modules[s][m] for s in by))
    return ["| module | " + " | ".join(by) + " |", "|---|" + "---:|" * len(by),
            *[f"| {m} | " + " | ".join(f"{modules[s][m] / calls:,.0f}" for s in by) + " |" for m in mods[:n]]]


def _most_added_rows(old: Counter[str], new: Counter[str], calls: int, n: int) -> list[str]:
    """The ``n`` functions that gained most bytecodes per call from old to new, as table rows."""
    added = new.copy()
    added.subtract(old)
    return ["| function (most added) | old | new |", "|---|---:|---:|",
            *[f"| {f} | {old[f] / calls:,.0f} | {new[f] / calls:,.0f} |" for f, _ in added.most_common(n)]]


def main(argv: list[str]) -> None:
    from bench.mcp import KINDS_OF_CALL, workspace

    parser = argparse.ArgumentParser(prog="python -m bench mcp_profile")
    parser.add_argument("--old", type=Path, help="the checkout whose gateway is 'old' (default: new only)")
    parser.add_argument("--calls", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--kind", choices=("all", *KINDS_OF_CALL), default="all",
                        help="only the calls of one kind (p50 is the small ones', p99 the big read's)")
    parser.add_argument("--cprofile", action="store_true", help="one cProfile round per side, top functions")
    parser.add_argument("--opcodes", action="store_true", help="one round per side counting bytecodes by function")
    args = parser.parse_args(argv)
    root, calls = workspace("bench-mcpprof-", args.calls, args.kind)
    calls_file = root / "calls.json"
    calls_file.write_text(json.dumps(calls))
    trees = {"new": REPO} | ({"old": args.old.resolve()} if args.old else {})
    print(f"{args.rounds} rounds of {len(calls)} calls ({args.kind}), in-memory client, ms per call (median)\n")
    _rounds(trees, root, calls_file, args.rounds)
    if args.cprofile:
        for s, tree in trees.items():
            out = root / f"{s}.prof"
            _measure(tree, root, calls_file, f"cprofile:{out}")
            print(f"\n{s}: top own time over {len(calls)} calls (cProfile, {out})\n" + "\n".join(_top(out)))
    if args.opcodes:
        files = {s: root / f"{s}.opcodes.json" for s in trees}
        for s, tree in trees.items():
            _measure(tree, root, calls_file, f"opcodes:{files[s]}")
        print(f"\nbytecodes per call over {len(calls)} calls ({files})\n" + "\n".join(_opcodes_table(files, len(calls))))


def _rounds(trees: dict[str, Path], root: Path, calls_file: Path, rounds: int) -> None:
    """Print each round's parts per side (the sides alternate first), then their medians."""
    cols = PARTS + PROCESS
    print("| round | side | " + " | ".join(cols) + " |\n|---:|---|" + "---:|" * len(cols))
    got: dict[str, list[dict[str, float]]] = {s: [] for s in trees}
    for r in range(rounds):
        order = list(trees) if r % 2 else list(reversed(trees))
        for s in order:
            got[s].append(_measure(trees[s], root, calls_file))
            print(f"| {r + 1} | {s} | " + " | ".join(f"{got[s][-1][p]:.3f}" for p in cols) + " |", flush=True)
    print()
    _print_medians(got, cols)


def _print_medians(got: dict[str, list[dict[str, float]]], cols: tuple[str, ...]) -> None:
    for s, rows in got.items():
        if rows:
            print(f"| median | {s} | " + " | ".join(f"{statistics.median(x[p] for x in rows):.3f}" for p in cols) + " |")
