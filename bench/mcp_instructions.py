"""python -m bench mcp_instructions --old TREE [--calls N]: the gateway's instructions per call,
old tree against this one, counted by callgrind (independent of the machine's load).

`bench mcp_pairs` times whole calls, whose wall clock on this shared 2-core machine moves by
tens of percent with the other sessions' load; a 0.3 ms change in the gateway's own work hides
in it. Here each side is the real `obsline mcp serve` process of its tree (stdio, in front of
@modelcontextprotocol/server-filesystem, the calls of `bench mcp`) under
`valgrind --tool=callgrind --instr-atstart=no`: the start and 10 warm-up calls run
uninstrumented, then `callgrind_control -i on` counts every instruction the gateway process
executes (interpreter and C extensions alike, not the client's nor the upstream's) over the
timed calls. Read beside the wall clock: cache misses and waits cost time without instructions.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from bench.instructions import KINDS, by_kind
from bench.mcp import FS, KINDS_OF_CALL, REPO, Call, workspace

WARMUP = 10


def _pid(pidfile: Path) -> int:
    for _ in range(600):
        if pidfile.exists() and pidfile.read_text().strip():
            return int(pidfile.read_text())
        time.sleep(0.1)
    raise SystemExit(f"{pidfile}: the gateway under valgrind never started")


def _toggle(pid: int, on: bool) -> None:
    subprocess.run(["callgrind_control", "-i", "on" if on else "off", str(pid)], capture_output=True, check=True)


async def _counted(tree: Path, root: Path, calls: list[Call], out: Path) -> None:
    pidfile = out.with_suffix(".pid")
    serve = [sys.executable, "-m", "obsline", "mcp", "serve", "--upstream", f"fs={FS} {root}",
             "--write-contracts", str(root / f"contracts-{out.stem}"), "--call-timeout", "600"]
    valgrind = ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}", *serve]
    script = f"echo $$ > {shlex.quote(str(pidfile))}; exec {shlex.join(valgrind)}"  # exec: the pid is valgrind's
    env = {k: v for k, v in os.environ.items() if not k.startswith("OBSLINE_")} | {"PYTHONPATH": str(tree)}
    server = StdioServerParameters(command="sh", args=["-c", script], cwd=str(tree), env=env)
    async with Client(server, read_timeout_seconds=600) as client:
        for name, args in calls[:WARMUP]:
            await client.call_tool(name, args)
        pid = _pid(pidfile)
        _toggle(pid, True)
        for name, args in calls:
            await client.call_tool(name, args)
        _toggle(pid, False)


def measure(tree: Path, root: Path, calls: list[Call], out: Path) -> dict[str, int]:
    """The gateway of ``tree``: instructions over ``calls``, by kind (and "total")."""
    anyio.run(_counted, tree, root, calls, out)
    for _ in range(100):  # valgrind writes its file as the process exits, after the client left
        if out.exists():
            break
        time.sleep(0.2)
    return by_kind(out)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench mcp_instructions")
    parser.add_argument("--old", type=Path, required=True, help="the checkout whose gateway is 'old'")
    parser.add_argument("--calls", type=int, default=150)
    parser.add_argument("--kind", choices=("all", *KINDS_OF_CALL), default="all",
                        help="only the calls of one kind (p50 is the small ones', p99 the big read's)")
    parser.add_argument("--keep", type=Path, help="keep the callgrind files here (callgrind_annotate them)")
    args = parser.parse_args(argv)
    _need_valgrind()
    root, calls = workspace("bench-mcpinstr-", args.calls, args.kind)
    keep = args.keep or Path(tempfile.mkdtemp(prefix="mcpinstr-"))
    keep.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(2) as pool:  # the counts do not depend on what runs beside them
        futures = {side: pool.submit(measure, tree.resolve(), root, calls, keep / f"{side}-{args.kind}.out")
                   for side, tree in (("old", args.old), ("new", REPO))}
        got = {side: f.result() for side, f in futures.items()}
    _print_counts(got, len(calls), args.kind, keep)


def _need_valgrind() -> None:
    for tool in ("valgrind", "callgrind_control", "callgrind_annotate"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} not found: apt install valgrind")


def _print_counts(got: dict[str, dict[str, int]], n: int, kind: str, keep: Path) -> None:
    """Thousands of instructions per call by kind, old and new, and their ratio."""
    kinds = [name for name, _ in KINDS] + ["other", "total"]
    what = "read_text_file 6 B and 20 kB, get_file_info" if kind == "all" else kind
    print(f"{n} calls ({what}), gateway process only, "
          f"thousands of instructions per call; files in {keep}\n")
    print("| side | " + " | ".join(kinds) + " |\n|---|" + "---:|" * len(kinds))
    for side, counts in got.items():
        print(f"| {side} | " + " | ".join(f"{counts[k] / n / 1000:,.0f}" for k in kinds) + " |")
    print(f"\nnew / old instructions: {got['new']['total'] / got['old']['total']:.3f}")
