"""Old code against new by the work done: Python bytecodes executed per record.

    python -m bench opcodes [--old REV] [--files tau,foreign] [--memo on,off] [--limit N] [--top N]

On this shared 2-core machine the wall-clock ratio of `bench compare` moves by ±10% from one
run to the next; the bytecodes a replay executes do not move at all (same lines, same code).
The count is the interpreter's work only: time spent in C (the tokenizer, orjson, regexes,
Aho-Corasick), in cache misses and in the garbage collector is not in it. So it is read beside
the paired wall-clock ratio, never instead of it: it says where the new code does more, and
whether a change cut work, without waiting for a quiet machine.

Both sides are bench/compare_worker.py processes, each importing its own tree (the old one a
worktree under var/compare/), replaying the same lines once warm, through fresh stages with
cold memos, with ``sys.settrace`` opcode events on. A first replay of a file warms what lives
across replays (lru caches of ids and names), as the timed passes of `bench compare` find it.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from bench.common import write_section
from bench.compare import MEMOS, TITLES, Side, resolve_files, running_sides, side_by_side_parser


def count(side: Side, file: str, entries: int) -> dict[str, Any]:
    side.send(op="opcodes", file=file, memo_entries=entries)
    return side.answer()


def warm_count(side: Side, file: str, memo: str) -> dict[str, Any]:
    fixed = MEMOS[memo]
    entries: int = side.loaded["memo_on_entries"] if fixed is None else fixed
    count(side, file, entries)  # warms the caches that outlive a replay
    return count(side, file, entries)


def top_added(result: dict[str, Any], lines: int, top: int) -> list[str]:
    """Table rows of the functions the new side runs most bytecodes more in."""
    by = {name: Counter({f: c for f, c in result[name]["functions"]}) for name in ("old", "new")}
    added = by["new"].copy()
    added.subtract(by["old"])
    return [f"| `{f}` | {by['old'][f] / lines:,.1f} | {by['new'][f] / lines:,.1f} |" for f, _ in added.most_common(top)]


def main(argv: list[str] | None = None) -> None:
    parser = side_by_side_parser("python -m bench opcodes", __doc__, memo="on,off")
    parser.add_argument("--top", type=int, default=12, help="functions shown by their added bytecodes")
    args = parser.parse_args(argv)
    files = resolve_files(args.files.split(","))
    rows, tops, where = [], [], ""
    with running_sides(args.old, files, args.limit) as (old, new, info):
        for file in files:
            for memo in args.memo.split(","):
                result = {side.name: warm_count(side, file, memo) for side in (old, new)}
                lines = info[file]["lines"]
                o, n = result["old"]["total"], result["new"]["total"]
                rows.append(f"| {TITLES.get(file, file)} | {memo} | {o / lines:,.0f} | {n / lines:,.0f} | **{o / n:.3f}** |")
                if not tops:  # (the first file and memo asked for: tau, memo on by default)
                    tops, where = top_added(result, lines, args.top), f"{TITLES.get(file, file)}, memo {memo}"
    command = "python -m bench opcodes " + " ".join(argv if argv is not None else sys.argv[2:])
    body = f"""\
Command: `{command.strip()}`; old {old.label}, new {new.label}. Deterministic: the same figures on any
machine and any run (bench/opcodes.py says what they leave out).

| file | memo | old bytecodes / record | new bytecodes / record | old / new |
|---|---|---|---|---|
{chr(10).join(rows)}

Where the new code runs more, {where} (bytecodes per record, by function):

| function | old | new |
|---|---|---|
{chr(10).join(tops)}
"""
    write_section("opcodes", body)
    print(body)
