"""Old code against new by simulated cache misses: where time goes that instructions do not show.

    python -m bench cachesim [--old REV] [--files tau,foreign] [--memo on,off] [--limit N]

`bench instructions` counts what the CPU executes; `bench compare`'s wall clock has fallen further
than that count (session 30: foreign-dev memo off, 0.72 by the clock where the instructions give
0.86). The difference is time without instructions, mostly cache misses, which this machine's
`perf` cannot count (no hardware counters here). Callgrind can simulate the caches: the same
worker and the same replay as `bench instructions`, with `--cache-sim=yes` and the caches of
this machine's cores (AMD EPYC: 32 KiB L1 instruction and data caches; the last level set to one
core's 1 MiB L2, since a miss there is what costs: the L3 is 32 MiB, shared). Per record:
instructions (Ir), L1 instruction misses (I1mr), L1 data misses (D1mr + D1mw) and L2 misses
(ILmr + DLmr + DLmw). Like the instruction count, these do not move with the machine's load.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from bench.common import machine, write_section
from bench.compare import git, old_worktree
from bench.instructions import measure, old_and_new, parser

CACHES = ("--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=1048576,16,64")
COLUMNS = (("instructions", ("Ir",)), ("L1i misses", ("I1mr",)), ("L1d misses", ("D1mr", "D1mw")),
           ("L2 misses", ("ILmr", "DLmr", "DLmw")))


def events(out: Path) -> dict[str, int]:
    """The program's totals of every event callgrind recorded, by event name."""
    report = subprocess.run(["callgrind_annotate", "--inclusive=no", "--threshold=100", str(out)],
                            capture_output=True, text=True, check=True).stdout
    names = next(line.split(":", 1)[1].split() for line in report.splitlines() if line.startswith("Events recorded:"))
    totals = next(line for line in report.splitlines() if "PROGRAM TOTALS" in line)
    counts = [int(n.replace(",", "")) for n in re.findall(r"([\d,]+) \(", totals)]
    return dict(zip(names, counts, strict=True))


def columns(counts: dict[str, int]) -> dict[str, int]:
    return {name: sum(counts.get(e, 0) for e in kinds) for name, kinds in COLUMNS}


def simulated(tree: Path, file: Path, limit: int, memo: str, out: Path) -> dict[str, int]:
    measure(tree, file, limit, memo, out, CACHES)
    return columns(events(out))


def table(rows: list[tuple[str, str, int, dict[str, int], dict[str, int]]]) -> str:
    head = "| file | memo | " + " | ".join(f"{name} a record: old → new" for name, _ in COLUMNS) + " |"
    lines = [head, "|" + "---|" * (2 + len(COLUMNS))]
    for file, memo, n, old, new in rows:
        cells = " | ".join(f"{old[k] / n:,.0f} → {new[k] / n:,.0f} (×{new[k] / max(old[k], 1):.2f})"
                           for k, _ in COLUMNS)
        lines.append(f"| {file} | {memo} | {cells} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    args = parser("python -m bench cachesim", __doc__, "off").parse_args(argv)
    rows = []
    for name, memo, old, new in old_and_new(args, simulated):
        print(f"{name} memo {memo}: old {old} new {new}", flush=True)
        rows.append((name, memo, args.limit, old, new))
    sha = old_worktree(args.old)[1]
    new_rev = git("rev-parse", "--short=7", "HEAD")
    body = (f"Command: `python -m bench cachesim --limit {args.limit} --memo {args.memo}` (old {sha[:7]}, new {new_rev}; "
            f"{machine()}).\n\nSimulated by callgrind over the first {args.limit} lines of each file: the replay of "
            "`bench instructions`, with 32 KiB L1 caches and a 1 MiB last level (one core's L2).\n\n" + table(rows))
    print(body)
    write_section("cachesim", body)


if __name__ == "__main__":
    main()
