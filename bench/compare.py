"""Old code against new, side by side: in-process records/s on the same lines, interleaved.

    python -m bench compare [--old REV] [--passes N] [--files tau,foreign] [--memo on,off] [--limit N]

Absolute records/s do not carry over between machines (nor between hours on a shared one), so
a speed target "within 10% of the old code" is measured in one run: REV is checked out into a
git worktree under var/compare/ (re-used when present, refused when it is not REV or has local
changes; the working tree is never touched), and two worker processes, one importing the old
tree's `obsline` and one this checkout's, run the same harness (bench/compare_worker.py, the
timed part of bench/inprocess.py) on the same core with the same interpreter and libraries.
For each pass, each file and each memo setting the two sides replay the same lines one right
after the other, old first in even passes and new first in odd ones (ABBA, so neither side
always runs on a core the other just warmed); the ratio new/old is taken per adjacent pair.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from bench.common import DEV_TRACES, FOREIGN_DEV, REPO, machine, median, write_section

DEFAULT_OLD = "3bedabd"  # main before the layout change (issue 20) and the issues after it: the code they must keep pace with
FILES = {"tau": DEV_TRACES, "foreign": FOREIGN_DEV}
TITLES = {"tau": "tau dev", "foreign": "foreign-dev"}
MEMOS = {"on": None, "off": 0}  # None: the tree's own DEFAULT_ENTRIES
WORKER = Path(__file__).with_name("compare_worker.py")
WORKTREES = REPO / "var" / "compare"
WARM_LINES = 500  # as bench/inprocess.py


def git(*args: str, cwd: Path = REPO) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout.strip()


def old_worktree(rev: str, root: Path = WORKTREES) -> tuple[Path, str]:
    """A clean detached worktree of REV under ROOT: (its folder, the full commit)."""
    sha = git("rev-parse", "--verify", f"{rev}^{{commit}}")
    tree = root / sha[:12]
    if not tree.exists():
        root.mkdir(parents=True, exist_ok=True)
        git("worktree", "prune")  # a folder removed by hand leaves its registration behind
        git("worktree", "add", "--detach", str(tree), sha)
    head = git("rev-parse", "HEAD", cwd=tree)
    changed = git("status", "--porcelain", cwd=tree)
    if head != sha or changed:
        raise SystemExit(f"{tree} is not a clean checkout of {sha[:12]} (HEAD {head[:12]}; changes: {changed[:200]!r});"
                         f" remove it (git worktree remove --force {tree}) and run again")
    return tree, sha


def worker_env() -> dict[str, str]:
    """The same environment for both sides: nothing on PYTHONPATH, no OBSLINE_* settings (the new
    code may read some the old does not), and a fixed hash seed (set and dict orders alike)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("OBSLINE_") and k not in ("PYTHONPATH", "PYTHONSTARTUP", "PYTHONHASHSEED")}
    return env | {"PYTHONHASHSEED": "0"}


@dataclass
class Side:
    name: str  # "old" or "new"
    label: str  # commit, as the report shows it
    tree: Path
    process: subprocess.Popen[str] | None = None
    loaded: dict[str, Any] = field(default_factory=dict)

    def start(self, core: int) -> None:
        self.process = subprocess.Popen([sys.executable, "-P", str(WORKER), str(self.tree), str(core)],
                                        cwd=self.tree, env=worker_env(), text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(self, **command: Any) -> None:
        stdin: IO[str] = self.process.stdin  # type: ignore[union-attr,assignment]
        stdin.write(json.dumps(command) + "\n")
        stdin.flush()

    def answer(self) -> dict[str, Any]:
        line = self.process.stdout.readline()  # type: ignore[union-attr]
        if not line:
            raise SystemExit(f"the {self.name} worker ({self.tree}) exited (code {self.process.wait()})")  # type: ignore[union-attr]
        reply = json.loads(line)
        if "error" in reply:
            raise SystemExit(f"the {self.name} worker ({self.tree}) failed:\n{reply['error']}")
        if reply.get("outside"):
            raise SystemExit(f"the {self.name} worker imported obsline code from outside {self.tree}: {reply['outside']}")
        return reply

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        for pipe in (self.process.stdin, self.process.stdout):  # (else a ResourceWarning each)
            if pipe is not None:
                pipe.close()


@dataclass
class Comparison:
    old: Side
    new: Side
    files: dict[str, dict[str, Any]]  # name -> lines, sha256 (the same on both sides)
    memos: list[str]
    passes: int
    core: int
    load: tuple[float, float]  # 1-minute load average before and after
    rates: dict[tuple[str, str, str], list[float]] = field(default_factory=dict)  # (side, file, memo) -> records/s
    cpu_rates: dict[tuple[str, str, str], list[float]] = field(default_factory=dict)  # the same by CPU time
    limit: int | None = None  # only the first N lines of each file
    digests: dict[tuple[str, str, str], list[str]] = field(default_factory=dict)  # of each text, first pass

    def differing(self, a: tuple[str, str, str], b: tuple[str, str, str]) -> int:
        return sum(x != y for x, y in zip(self.digests[a], self.digests[b], strict=True))

    def ratios(self, file: str, memo: str, cpu: bool = False) -> list[float]:
        rates = self.cpu_rates if cpu else self.rates
        return [n / o for o, n in zip(rates["old", file, memo], rates["new", file, memo], strict=True)]


def side_by_side_parser(prog: str, doc: str, memo: str) -> argparse.ArgumentParser:
    """The options of the benches that run both trees' workers side by side (opcodes, compare_profile)."""
    parser = argparse.ArgumentParser(prog=prog, description=doc.split("\n\n")[0])
    parser.add_argument("--old", default=DEFAULT_OLD)
    parser.add_argument("--files", default="tau,foreign")
    parser.add_argument("--memo", default=memo)
    parser.add_argument("--limit", type=int, default=None)
    return parser


@contextmanager
def running_sides(old_rev: str, files: dict[str, Path], limit: int | None,
                  ) -> Iterator[tuple[Side, Side, dict[str, dict[str, Any]]]]:
    """The old tree's worker (a worktree under var/compare/) and this checkout's, both on core 0
    with FILES loaded: (old, new, the files' lines and digests); stopped on leaving."""
    tree, sha = old_worktree(old_rev)
    old, new = Side("old", sha[:7], tree), Side("new", git("rev-parse", "--short=7", "HEAD"), REPO.resolve())
    try:
        for side in (old, new):
            side.start(0)
        yield old, new, load_both(old, new, files, limit)
    finally:
        for side in (old, new):
            side.stop()


def resolve_files(names: list[str]) -> dict[str, Path]:
    files = {name: FILES.get(name, Path(name)) for name in names}
    for name, path in files.items():
        if not path.exists():
            raise SystemExit(f"{name}: {path} not found (the shared traces live beside the checkout)")
    return files


def load_both(old: Side, new: Side, files: dict[str, Path], limit: int | None) -> dict[str, dict[str, Any]]:
    for side in (old, new):  # both load at once: nothing is timed yet
        side.send(op="load", files={k: str(v) for k, v in files.items()}, limit=limit, warm=WARM_LINES)
    for side in (old, new):
        side.loaded = side.answer()
    if old.loaded["files"] != new.loaded["files"]:
        raise SystemExit(f"the sides read different lines: {old.loaded['files']} vs {new.loaded['files']}")
    check_apart(old, new)
    return new.loaded["files"]


def check_apart(old: Side, new: Side) -> None:
    """Each worker checks its modules lie in its own tree; the old tree lies inside this checkout
    (var/compare/), so the new side must also show none of the old tree's files."""
    leaked = [f"{name}: {file}" for name, file in new.loaded["modules"].items()
              if Path(file).resolve().is_relative_to(old.tree.resolve())]
    if leaked:
        raise SystemExit(f"the new worker imported the old tree's code: {leaked}")


def timed(c: Comparison, side: Side, file: str, memo: str, first: bool) -> None:
    """One pass: records/s by the wall clock (what bench/inprocess.py reports) and by the
    worker's CPU time (which leaves out the time other processes held the core); on the first
    pass also a digest per observation text, to say how far the two trees' outputs agree."""
    entries = side.loaded["memo_on_entries"] if MEMOS[memo] is None else MEMOS[memo]
    side.send(op="pass", file=file, memo_entries=entries, digests=first)
    reply, lines, key = side.answer(), c.files[file]["lines"], (side.name, file, memo)
    if reply["observations"] != lines:
        raise SystemExit(f"{side.name} on {file}: {reply['observations']} observations for {lines} records")
    c.rates.setdefault(key, []).append(lines / reply["seconds"])
    c.cpu_rates.setdefault(key, []).append(lines / reply["cpu_seconds"])
    if first:
        c.digests[key] = reply["digests"]


def compare(old_rev: str, passes: int, names: list[str], memos: list[str], limit: int | None = None,
            worktrees: Path = WORKTREES, core: int | None = None) -> Comparison:
    files = resolve_files(names)
    tree, sha = old_worktree(old_rev, worktrees)
    changed = git("status", "--porcelain", "--", ".", ":(exclude)docs").splitlines()  # docs: this report itself
    dirty = f" + uncommitted changes in {len(changed)} files" if changed else ""
    old = Side("old", f"{sha[:7]} ({git('log', '-1', '--format=%s', sha)[:70].rstrip()})", tree)
    new = Side("new", f"{git('rev-parse', '--short=7', 'HEAD')}{dirty} (this checkout)", REPO.resolve())
    if core is None:
        core = min(os.sched_getaffinity(0))  # both sides on the same core, the one bench/inprocess.py pins
    load_before = os.getloadavg()[0]
    try:
        for side in (old, new):
            side.start(core)
        info = load_both(old, new, files, limit)
        c = Comparison(old, new, info, memos, passes, core, (load_before, 0.0), limit=limit)
        for p in range(passes):
            for file in files:
                for memo in memos:
                    for side in (old, new) if p % 2 == 0 else (new, old):
                        timed(c, side, file, memo, first=p == 0)
                    print(f"pass {p + 1}/{passes} {file} memo {memo}: old {c.rates['old', file, memo][-1]:,.0f}"
                          f" new {c.rates['new', file, memo][-1]:,.0f} records/s", file=sys.stderr)
        for side in (old, new):
            side.send(op="quit")
            side.loaded["modules"] = side.answer()["modules"]  # lazily imported modules too, all checked
        check_apart(old, new)
    finally:
        for side in (old, new):
            side.stop()
    c.load = (load_before, os.getloadavg()[0])
    return c


def _spread(values: list[float], digits: int = 0) -> str:
    return f"{min(values):,.{digits}f} – {max(values):,.{digits}f}"


def _imports(side: Side) -> str:
    modules = side.loaded["modules"]
    where = {name: Path(modules[name]).parent for name in ("obsline", "obsline.adapters") if name in modules}
    shown = ", ".join(f"`{name}` from `{_short(folder)}/`" for name, folder in where.items())
    return f"{shown} ({len(modules)} obsline modules, every one inside `{_short(side.tree)}`)"


def _short(path: Path) -> str:
    path = Path(path)
    if path == REPO:
        return "./"
    return str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path)


def _texts(c: Comparison) -> str:
    """How far the outputs agree: old against new (the old code may well differ: it only has
    to run), and memo on against off within each tree (memos must not change a text)."""
    parts = []
    for file in c.files:
        first = c.memos[0]
        part = (f"{TITLES.get(file, file)}: old and new texts differ on {c.differing(('old', file, first), ('new', file, first)):,}"
                f" of {c.files[file]['lines']:,} records")
        if len(c.memos) > 1:
            on_off = [c.differing((side, file, c.memos[0]), (side, file, c.memos[1])) for side in ("old", "new")]
            part += f", memo {c.memos[0]} against {c.memos[1]} on {on_off[0]:,} (old) and {on_off[1]:,} (new)"
        parts.append(part)
    return "; ".join(parts)


def _verdict(c: Comparison) -> str:
    """The target on the tau dev traces, by the median paired ratio; a run whose paired ratios
    fall on both sides of 0.90 says so rather than deciding it."""
    lines = []
    for memo in c.memos:
        ratios = c.ratios("tau", memo)
        met = "met" if median(ratios) >= 0.90 else "NOT met"
        doubt = " (paired ratios on both sides of 0.90: this run does not decide it)" if min(ratios) < 0.90 <= max(ratios) else ""
        lines.append(f"memo {memo} {met}{doubt}")
    return f"Target (issues 9, 10): new/old ≥ 0.90 on the tau dev traces, by the wall clock: {'; '.join(lines)}.\n\n"


def section(c: Comparison, command: str) -> str:
    rows = []
    for file in c.files:
        for memo in c.memos:
            old, new, ratios = c.rates["old", file, memo], c.rates["new", file, memo], c.ratios(file, memo)
            by_cpu = c.ratios(file, memo, cpu=True)
            rows.append(f"| {TITLES.get(file, file)} | {memo} | {median(old):,.0f} ({_spread(old)}) "
                        f"| {median(new):,.0f} ({_spread(new)}) | **{median(ratios):.2f}** ({_spread(ratios, 2)}) "
                        f"| {median(by_cpu):.2f} ({_spread(by_cpu, 2)}) |")
    inputs = "; ".join(f"{TITLES.get(k, k)} {v['lines']:,} lines, sha256 `{v['sha256'][:12]}`" for k, v in c.files.items())
    verdict = (f"Only the first {c.limit} lines of each file: not the target's measure (whole files).\n\n"
               if c.limit else _verdict(c) if "tau" in c.files else "")
    busy = (f"Other work was running (load average {c.load[0]:.1f} before the run, which itself adds ~1): "
            "the figures are noisy. " if c.load[0] > 0.5 else "")
    return f"""\
Command: `{command}` (both sides pinned to core {c.core}; {machine()}; 1-minute load average
{c.load[0]:.1f} before, {c.load[1]:.1f} after).

- **old**: {c.old.label}, a worktree at `{_short(c.old.tree)}`; imported {_imports(c.old)}.
- **new**: {c.new.label}; imported {_imports(c.new)}.
- Same input bytes on both sides (checked): {inputs}. Same interpreter, libraries,
  environment (no `OBSLINE_*`, `PYTHONHASHSEED=0`) and harness (`bench/compare_worker.py`).
- Outputs (first pass): {_texts(c)}.

Each pass replays each file through fresh stages and cold memos (memo on: each tree's
`DEFAULT_ENTRIES`, {c.old.loaded['memo_on_entries']} old and {c.new.loaded['memo_on_entries']} new; off:
`memo_entries=0`), old and new one right after the other (ABBA order over the passes); only the
replay loop is timed, by the wall clock as bench/inprocess.py (the target's measure) and by the
worker's CPU time, which leaves out time other processes held the core. Medians of {c.passes}
pass{"es" if c.passes > 1 else ""}, the range in brackets; a ratio is the median of the per-pass
ratios of adjacent runs.

| file | memo | old records/s | new records/s | new / old | new / old by CPU time |
|---|---|---|---|---|---|
{chr(10).join(rows)}

{verdict}{busy}Absolute records/s depend on the machine and its load and do not carry over; the paired
ratio is the figure to read, and a quiet machine with more passes narrows its range.
"""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench compare", description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", default=DEFAULT_OLD, help=f"the old code's commit (default {DEFAULT_OLD})")
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--files", default="tau,foreign", help="tau, foreign, or paths of JSONL envelopes")
    parser.add_argument("--memo", default="on,off", help="on (each tree's default memo size), off (memo_entries=0)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N lines of each file")
    parser.add_argument("--core", type=int, default=None, help="the core both sides run on (default: the first allowed)")
    args = parser.parse_args(argv)
    memos = args.memo.split(",")
    if unknown := set(memos) - set(MEMOS):
        parser.error(f"--memo: unknown {sorted(unknown)}")
    c = compare(args.old, args.passes, args.files.split(","), memos, args.limit, core=args.core)
    command = "python -m bench compare " + " ".join(argv if argv is not None else sys.argv[2:])
    body = section(c, command.strip())
    write_section("compare", body)
    print(body)
