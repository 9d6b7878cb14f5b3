"""Status detection's cost per result, on both dev files: what ``detect_status`` adds to a record.

    PYTHONPATH=TREE python -P bench/statuscost.py [--passes N]

Replays both dev files through the tree's pipeline once (memo off) to collect each result's
``detect_status`` inputs as adapt gives them, then calls ``detect_status`` on all of them: the
Python bytecodes a result (``sys.settrace`` opcode events: the same whatever the machine's load)
and the best of N passes in process CPU time (moves with the load: read old and new side by
side, interleaved). JSON results and text results apart. Run it with PYTHONPATH set to each tree
(as ``bench/digest.py``), so the tree on PYTHONPATH is the one measured.
"""

from __future__ import annotations

import argparse
import copy
import importlib
import sys
import time
from pathlib import Path
from typing import Any

FILES = (("tau-traces", "dev.jsonl"), ("foreign-dev", "foreign-dev.jsonl"))


def _shared() -> Path:
    for folder in Path(__file__).resolve().parents:
        if (folder / "shared" / "data").is_dir():
            return folder / "shared" / "data"
    raise SystemExit("no shared/data beside this checkout")


def collect() -> list[tuple[Any, Any, dict[str, Any]]]:
    """Every detect_status call of a replay of both dev files, with its arguments."""
    from obsline.pipeline import Runner, Stages

    adapt = importlib.import_module("obsline.adapters.adapt")  # (the package exports a function of that name)
    calls: list[tuple[Any, Any, dict[str, Any]]] = []
    real = adapt.detect_status

    def spy(parsed: Any, text: Any, **kw: Any) -> Any:
        calls.append((copy.deepcopy(parsed), text, kw))
        return real(parsed, text, **kw)

    adapt.detect_status = spy
    try:
        for folder, name in FILES:
            lines = (_shared() / folder / name).read_bytes().splitlines()
            list(Runner(Stages.default(memo_entries=0)).run(lines))
    finally:
        adapt.detect_status = real
    return calls


def bytecodes(calls: list[tuple[Any, Any, dict[str, Any]]]) -> int:
    from obsline.adapters.status import detect_status

    count = 0

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        nonlocal count
        frame.f_trace_opcodes = True
        if event == "opcode":
            count += 1
        return tracer

    sys.settrace(tracer)
    try:
        for parsed, text, kw in calls:
            detect_status(parsed, text, **kw)
    finally:
        sys.settrace(None)
    return count


def best_us(calls: list[tuple[Any, Any, dict[str, Any]]], passes: int) -> float:
    from obsline.adapters.status import detect_status

    best = float("inf")
    for _ in range(passes):
        start = time.process_time()
        for parsed, text, kw in calls:
            detect_status(parsed, text, **kw)
        best = min(best, (time.process_time() - start) / len(calls) * 1e6)
    return best


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench/statuscost.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--passes", type=int, default=7)
    args = parser.parse_args(argv)
    calls = collect()
    best_us(calls, 1)  # warm the caches that outlive a result (lru caches of keys)
    for kind in ("json", "text"):
        chosen = [c for c in calls if (c[0] is not None) == (kind == "json")]
        print(f"{kind}: {len(chosen)} results, {bytecodes(chosen) / len(chosen):,.0f} bytecodes a result, "
              f"best of {args.passes}: {best_us(chosen, args.passes):.1f} us a result")


if __name__ == "__main__":
    main()
