"""Old code against new by function: where the new code spends its extra time, under cProfile.

    python -m bench compare_profile [--old REV] [--files tau,foreign] [--memo on,off] [--limit N] [--passes N] [--top N]

`bench instructions` says how much more the new tree does and in which C layer (regex, dicts,
the interpreter); `bench opcodes` says which Python functions run more bytecodes. Neither says
which of the pipeline's own functions the extra *time* (C calls included) is spent under. Here
both trees (bench/compare_worker.py processes, the old one a worktree under var/compare/) replay
the same lines under cProfile, one after the other on the same core, warm, through fresh stages
with cold memos; per pass the old side goes first in even passes, the new in odd ones, and each
figure is the least over the passes (another process holding the core only ever adds time). Per module, a module's own time includes the C functions
it calls directly (a regex search is its caller's module's cost). The safety scans (scan's
modules, SCAN below) are shown as one line so their share is seen but they are not mixed in.

cProfile's per-call hook inflates many small Python calls more than long C calls, so the
figures are read as where (which functions and modules), not as the speed ratio: that is `bench
compare`'s and `bench instructions`'s.
"""

from __future__ import annotations

import re
import sys
from typing import Any

from bench.common import write_section
from bench.compare import MEMOS, TITLES, Side, resolve_files, running_sides, side_by_side_parser

# The safety scans' modules (the scan engineer's): one line in the tables, never a candidate here.
SCAN = re.compile(r"^(obsline/)?(adapters/(safety|scan|secret_\w+|secrets|injection\w*|prescan\w*|diacritics|trust"
                  r"|verbatim|anchored|internal|noise)\.py|obsline/secrets\.py)(:|$)")


def profiled(side: Side, file: str, memo: str) -> dict[str, Any]:
    fixed = MEMOS[memo]
    entries: int = side.loaded["memo_on_entries"] if fixed is None else fixed
    side.send(op="profile", file=file, memo_entries=entries)
    return side.answer()


def group(name: str) -> str:
    return "safety scans (scan's modules)" if SCAN.match(name) else name


def least(runs: list[dict[str, float]]) -> dict[str, float]:
    """Per name the least over the passes: another process holding the core (this machine is
    shared) only ever adds time, to whichever function was running."""
    names = set().union(*runs)
    return {n: min(r.get(n, 0.0) for r in runs) for n in names}


def by_module(runs: list[dict[str, Any]]) -> dict[str, float]:
    grouped = []
    for run in runs:
        sums: dict[str, float] = {}
        for module, seconds in run["modules"].items():
            sums[group(module)] = sums.get(group(module), 0.0) + seconds
        grouped.append(sums)
    return least(grouped)


def by_function(runs: list[dict[str, Any]], column: int) -> dict[str, float]:
    return least([{f: row[column] for f, row in run["functions"].items()} for run in runs])


def calls(runs: list[dict[str, Any]]) -> dict[str, float]:
    return by_function(runs, 0)


def rows(old: dict[str, float], new: dict[str, float], lines: int, top: int, scale: float = 1e6,
         skip_scan: bool = True, extra: dict[str, tuple[float, float]] | None = None) -> list[str]:
    """The ``top`` names by added time (new - old, µs a record), scan's modules left out."""
    names = [n for n in set(old) | set(new) if not (skip_scan and SCAN.match(n))]
    names.sort(key=lambda n: new.get(n, 0.0) - old.get(n, 0.0), reverse=True)
    out = []
    for n in names[:top]:
        o, w = old.get(n, 0.0) * scale / lines, new.get(n, 0.0) * scale / lines
        more = f" | {extra[n][0] / lines:,.1f} | {extra[n][1] / lines:,.1f}" if extra is not None else ""
        out.append(f"| `{n}` | {o:,.1f} | {w:,.1f} | {w - o:+,.1f}{more} |")
    return out


def report(file: str, memo: str, lines: int, runs: dict[str, list[dict[str, Any]]], top: int) -> str:
    mods = {side: by_module(runs[side]) for side in ("old", "new")}
    total = {side: sum(mods[side].values()) for side in mods}
    scan = "safety scans (scan's modules)"
    own = {side: by_function(runs[side], 1) for side in mods}
    cum = {side: by_function(runs[side], 2) for side in mods}
    count = {side: calls(runs[side]) for side in mods}
    extra = {n: (count["old"].get(n, 0.0), count["new"].get(n, 0.0)) for n in set(count["old"]) | set(count["new"])}
    module_rows = rows(mods["old"], mods["new"], lines, top, skip_scan=False)
    own_rows = rows(own["old"], own["new"], lines, top, extra=extra)
    cum_rows = rows(cum["old"], cum["new"], lines, top, extra=extra)
    us = {side: total[side] * 1e6 / lines for side in total}
    gc_us = {side: min(r["gc_seconds"] for r in runs[side]) * 1e6 / lines for side in mods}
    full = {side: min(r["gc_full"] for r in runs[side]) for side in mods}
    scan_us = {side: mods[side].get(scan, 0.0) * 1e6 / lines for side in mods}
    return f"""\
### {TITLES.get(file, file)}, memo {memo} ({lines:,} records)

Profiled µs a record: old {us['old']:,.0f}, new {us['new']:,.0f} ({us['new'] - us['old']:+,.0f}); of which the
safety scans old {scan_us['old']:,.0f}, new {scan_us['new']:,.0f} ({scan_us['new'] - scan_us['old']:+,.0f}); the rest
{us['new'] - scan_us['new'] - us['old'] + scan_us['old']:+,.0f}. The garbage collector's pauses (in the figures, charged to
whatever function allocated when a collection started): old {gc_us['old']:,.0f}, new {gc_us['new']:,.0f} µs a record
({full['old']} and {full['new']} full collections).

By module (own time, the C functions it calls included), most added first:

| module | old µs/rec | new µs/rec | added |
|---|---|---|---|
{chr(10).join(module_rows)}

By function, own time (tottime), scans left out:

| function | old µs/rec | new µs/rec | added | old calls/rec | new calls/rec |
|---|---|---|---|---|---|
{chr(10).join(own_rows)}

By function, with callees (cumtime), scans left out:

| function | old µs/rec | new µs/rec | added | old calls/rec | new calls/rec |
|---|---|---|---|---|---|
{chr(10).join(cum_rows)}
"""


def main(argv: list[str] | None = None) -> None:
    parser = side_by_side_parser("python -m bench compare_profile", __doc__, memo="on")
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args(argv)
    files = resolve_files(args.files.split(","))
    parts = []
    with running_sides(args.old, files, args.limit) as (old, new, info):
        for file in files:
            for memo in args.memo.split(","):
                runs: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
                for p in range(args.passes):
                    for side in (old, new) if p % 2 == 0 else (new, old):
                        runs[side.name].append(profiled(side, file, memo))
                    print(f"{file} memo {memo}: pass {p + 1}/{args.passes}", file=sys.stderr)
                parts.append(report(file, memo, info[file]["lines"], runs, args.top))
    command = "python -m bench compare_profile " + " ".join(argv if argv is not None else sys.argv[2:])
    body = f"Command: `{command.strip()}`; old {old.label}, new {new.label}. Least of the passes.\n\n" + "\n".join(parts)
    write_section("compare-profile", body)
    print(body)
