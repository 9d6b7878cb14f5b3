"""Where a worker's CPU goes: py-spy attached to its process during a max-rate run.

    python -m bench kafka --workload unique --engines batch --profile

py-spy samples the running process from outside (no tracing overhead in the worker, unlike
cProfile, whose per-call hooks would double the cost of the many small stage functions and
move the picture). ``summarise`` reads py-spy's collapsed stacks ("frame;frame;frame count")
and reports, per function, the share of samples it is on the stack (inclusive) and on top of
it (self), the worker's own functions named by module.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

_PROCESS = re.compile(r"process \d+")  # py-spy's frame naming the process (not a function named ``process``)
RATE = 200  # samples per second: enough for a 20 s window, little load on a 2-core machine


def available() -> bool:
    return shutil.which("py-spy") is not None


def attach(pid: int, seconds: float, out: Path) -> subprocess.Popen[bytes]:
    """Start sampling ``pid`` for ``seconds`` into ``out`` (collapsed stacks)."""
    argv = ["py-spy", "record", "--pid", str(pid), "--duration", str(max(1, int(seconds))), "--rate", str(RATE),
            "--format", "raw", "--nonblocking", "--output", str(out)]
    return subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)


def _frame_name(frame: str) -> str:
    """``handle (obsline/streams/batch.py:301)`` -> ``obsline/streams/batch.py:handle``."""
    name, _, where = frame.partition(" (")
    path = where.rsplit(":", 1)[0].rstrip(")")
    for root in ("obsline/", "aiokafka/", "orjson", "asyncio/", "bench/"):
        i = path.find(root)
        if i >= 0:
            path = path[i:]
            break
    else:
        path = Path(path).name
    return f"{path}:{name}"


def _stacks(raw: Path) -> Iterator[tuple[list[str], int]]:
    """Each sampled stack of a collapsed profile (``frame;frame;... count``) and its count."""
    for line in raw.read_text(errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if stack and count.isdigit():
            yield [_frame_name(f) for f in stack.split(";") if f and not _PROCESS.match(f)], int(count)


def _counts(raw: Path) -> tuple[int, Counter[str], Counter[str]]:
    """Samples in all, and per function those with it on the stack and those with it on top."""
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for frames, n in _stacks(raw):
        total += n
        for name in set(frames):
            inclusive[name] += n
        if frames:
            own[frames[-1]] += n
    return total, inclusive, own


def summarise(raw: Path, top: int = 25) -> tuple[int, list[tuple[str, float, float]]]:
    """(samples, [(function, inclusive share, self share)]), the ``top`` by inclusive share."""
    total, inclusive, own = _counts(raw)
    if not total:
        return 0, []
    # The worker's own functions by inclusive share (what a stage costs with all it calls), then
    # the functions that are on top most (where the time is spent, whoever called them).
    ours = [n for n, _ in inclusive.most_common() if n.startswith("obsline/")][:top]
    hot = [n for n, _ in own.most_common(top) if n not in ours]
    return total, [(name, inclusive[name] / total, own[name] / total) for name in ours + hot]


#: where a worker's samples are: the first part one of whose frames is on a sample's stack
PARTS = (
    ("the stages (`pipeline.process`: adapt, align, observe and their store puts)", ("obsline/pipeline.py:process",)),
    ("the record path around them (decode, state rows, encoding, claims, dead letters)",
     ("obsline/streams/record.py:", "obsline/streams/batch.py:BatchEngine.handle", "obsline/streams/batch.py:BatchEngine.emit",
      "obsline/streams/batch.py:BatchEngine.fail", "obsline/streams/state.py:")),
    ("the Kafka client (aiokafka: fetch, produce, lz4)", ("aiokafka/",)),
    ("waiting (the event loop's select)", ("selectors.py:",)),
)


def split(raw: Path) -> list[tuple[str, float]]:
    """The share of samples in each of ``PARTS`` (and the rest: the engine's loop, store flushes,
    gc), so a profile says how much of the worker is outside the stages."""
    counts: Counter[str] = Counter()
    total = 0
    for frames, n in _stacks(raw):
        total += n
        part = next((name for name, marks in PARTS if any(f.startswith(marks) for f in frames)),
                    "the rest (the engine's loop, store flushes, gc, threads)")
        counts[part] += n
    return [(name, counts[name] / total) for name, _ in [*PARTS, ("the rest (the engine's loop, store flushes, gc, threads)", ())]
            if total]


def table(total: int, rows: list[tuple[str, float, float]]) -> str:
    lines = [f"{total:,} samples at {RATE}/s.", "", "| function | on the stack | on top |", "|---|---|---|"]
    lines += [f"| `{name}` | {inc:.1%} | {own:.1%} |" for name, inc, own in rows]
    return "\n".join(lines)


__all__ = ["PARTS", "attach", "available", "split", "summarise", "table"]
