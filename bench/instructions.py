"""Old code against new by the instructions the CPU executes: callgrind's count, C included.

    python -m bench instructions [--old REV] [--files tau,foreign] [--memo on,off] [--limit N]

`bench compare`'s wall-clock ratio moves by ±15% on this shared 2-core machine, and `bench
opcodes` counts Python bytecodes only: a regex scan, the tokenizer or a dict resize is one
bytecode however long it runs. Callgrind (valgrind, in Debian: `apt install valgrind`) counts
every instruction the process executes, in the interpreter and in C extensions alike, and the
count does not move with the machine's load. It leaves out what costs time without
instructions (cache misses, page faults), so it is read beside the paired wall-clock ratio.

Each side is bench/instructions_worker.py under `valgrind --tool=callgrind --instr-atstart=no`:
its import and warm-up run uninstrumented (fast), then this driver switches instrumentation on
(`callgrind_control -i on`) for the one timed replay of fresh stages, as `bench compare` times
it. A few hundred lines are enough (callgrind runs ~50x slower than the plain interpreter).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO

from bench.common import REPO, machine, write_section
from bench.compare import DEFAULT_OLD, git, old_worktree, resolve_files

WORKER = Path(__file__).resolve().parent / "instructions_worker.py"
# Where the instructions go, by the C function callgrind charges them to (first match wins).
KINDS = (("regex", ("sre_", "_sre")), ("tokenizer", ("bpe_openai",)), ("gc", ("gcmodule",)),
         ("interpreter", ("ceval.c",)), ("dicts", ("dictobject.c",)), ("memory", ("obmalloc.c", "malloc")))


def measure(tree: Path, file: Path, limit: int, memo: str, out: Path,
            options: tuple[str, ...] = ()) -> dict[str, int]:
    """Run one side under callgrind (with ``options``: bench/cachesim.py's cache simulation);
    its instructions by kind (and "total")."""
    with tempfile.TemporaryDirectory() as tmp:
        marker = Path(tmp) / "marker"
        cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no", *options, f"--callgrind-out-file={out}",
               sys.executable, "-P", str(WORKER), str(tree), str(file), str(limit), memo, str(marker)]
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        assert proc.stdin is not None
        _wait_for(marker, "ready", proc)
        subprocess.run(["callgrind_control", "-i", "on", str(proc.pid)], capture_output=True, check=True)
        _tell(proc.stdin, "go")
        _wait_for(marker, "done", proc)
        subprocess.run(["callgrind_control", "-i", "off", str(proc.pid)], capture_output=True, check=True)
        _tell(proc.stdin, "off")  # only now may the worker exit: its teardown is not the replay's
        if proc.wait() != 0:
            raise SystemExit(f"{tree}: the worker under valgrind exited {proc.returncode}")
    return by_kind(out)


def _tell(stdin: IO[bytes], word: str) -> None:
    stdin.write(word.encode() + b"\n")
    stdin.flush()


def _wait_for(marker: Path, word: str, proc: subprocess.Popen) -> None:
    while not (marker.exists() and marker.read_text().strip() == word):
        if proc.poll() is not None:
            raise SystemExit(f"the worker under valgrind exited {proc.returncode} before '{word}'")
        time.sleep(0.5)


def by_kind(out: Path) -> dict[str, int]:
    report = subprocess.run(["callgrind_annotate", "--inclusive=no", "--threshold=100", str(out)],
                            capture_output=True, text=True, check=True).stdout
    counts = {name: 0 for name, _ in KINDS} | {"other": 0, "total": 0}
    for line in report.splitlines():
        found = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(\S.*)", line)
        if not found or "PROGRAM TOTALS" in line:
            continue
        n, where = int(found.group(1).replace(",", "")), found.group(2)
        kind = next((name for name, marks in KINDS if any(m in where for m in marks)), "other")
        counts[kind] += n
        counts["total"] += n
    return counts


def table(rows: list[tuple[str, str, int, dict[str, int], dict[str, int]]]) -> str:
    kinds = [name for name, _ in KINDS] + ["other"]
    head = "| file | memo | old / record | new / record | speed new / old (old ÷ new instructions) | " + \
           " | ".join(f"{k}: old → new" for k in kinds) + " |"
    lines = [head, "|" + "---|" * (5 + len(kinds))]
    for file, memo, n, old, new in rows:
        cells = " | ".join(f"{old[k] / n / 1000:,.0f}k → {new[k] / n / 1000:,.0f}k" for k in kinds)
        lines.append(f"| {file} | {memo} | {old['total'] / n:,.0f} | {new['total'] / n:,.0f} | "
                     f"**{old['total'] / new['total']:.2f}** | {cells} |")
    return "\n".join(lines)


def parser(prog: str, doc: str, memo: str) -> argparse.ArgumentParser:
    """The options of a callgrind run old against new (here, and bench/cachesim.py)."""
    parsed = argparse.ArgumentParser(prog=prog, description=doc.split("\n\n")[0])
    parsed.add_argument("--old", default=DEFAULT_OLD)
    parsed.add_argument("--files", default="tau,foreign")
    parsed.add_argument("--memo", default=memo)
    parsed.add_argument("--limit", type=int, default=600)
    return parsed


Run = Callable[[Path, Path, int, str, Path], dict[str, int]]


def old_and_new(args: argparse.Namespace, run: Run) -> Iterator[tuple[str, str, dict[str, int], dict[str, int]]]:
    """(file, memo, old, new) for each file and memo setting of ``args``: ``run`` on the old tree
    and on this checkout, side by side (callgrind's counts do not depend on what runs beside them)."""
    for tool in ("valgrind", "callgrind_control", "callgrind_annotate"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} not found: apt install valgrind")
    files = resolve_files(args.files.split(","))
    old_tree, _ = old_worktree(args.old)
    with tempfile.TemporaryDirectory() as tmp:
        for name, path in files.items():
            for memo in args.memo.split(","):
                with ThreadPoolExecutor(2) as pool:
                    sides = [pool.submit(run, tree, path, args.limit, memo, Path(tmp) / f"{side}.out")
                             for side, tree in (("old", old_tree), ("new", REPO.resolve()))]
                    old, new = (side.result() for side in sides)
                yield name, memo, old, new


def main(argv: list[str] | None = None) -> None:
    args = parser("python -m bench instructions", __doc__, "on,off").parse_args(argv)
    rows = []
    for name, memo, old, new in old_and_new(args, measure):
        print(f"{name} memo {memo}: old {old['total']:,} new {new['total']:,} instructions "
              f"({old['total'] / new['total']:.2f})", flush=True)
        rows.append((name, memo, args.limit, old, new))
    sha = old_worktree(args.old)[1]
    new_rev = git("rev-parse", "--short=7", "HEAD")
    body = (f"Command: `python -m bench instructions --limit {args.limit}` (old {sha[:7]}, new {new_rev}; {machine()}).\n\n"
            f"Instructions executed per record over the first {args.limit} lines of each file, counted by callgrind "
            "(the interpreter and every C extension; independent of the machine's load), old against new, "
            "and where they go (thousands a record). The speed ratio is old ÷ new instructions, read like `bench compare`'s "
            "new / old records/s (the speed target: >= 0.90).\n\n"
            + table(rows))
    print(body)
    write_section("instructions", body)


if __name__ == "__main__":
    main()
