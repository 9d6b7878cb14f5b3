"""CPU time by stage and by part of adapt's first reading, for ONE tree (docs/benchmarks.md,
"Session 25: where the wall clock goes").

    python -P bench/stage_cpu.py TREE FILE MEMO PASSES      (FILE: tau or foreign; MEMO: on or off)

Run it once per tree (var/compare/<sha12> for an old commit, `.` for this checkout) and read the
two lines side by side. Each wrapped function is charged its own ``time.process_time`` (CPU
time: what other processes hold of the core is left out), the least of PASSES passes, in µs a
record; the wrappers add ~0.5 µs a call, alike on both sides. Nested parts are charged to both
(``read_content`` includes ``detect_status``). A name the tree lacks is skipped. The tree is
imported alone and warmed as `bench compare` does (bench/compare_worker.py).
"""

from __future__ import annotations

import gc
import importlib
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # -P: this folder only, for compare_worker

import compare_worker  # noqa: E402

FILES = {"tau": "/work/shared/data/tau-traces/dev.jsonl", "foreign": "/work/shared/data/foreign-dev/foreign-dev.jsonl"}
ADAPT_PARTS = ("read_content", "_parse", "read_shape", "_walk_context", "may_hold_secrets", "may_hold_injection",
               "may_hold_internal", "_typed", "type_in_place", "walk", "detect_status", "count_tokens", "_fragments")
OBSERVE_PARTS = ("fold", "read_signals", "observe", "settle", "shown", "plain_body")


def charged(spent: dict[str, float], label: str, function: Callable[..., Any]) -> Callable[..., Any]:
    clock = time.process_time

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = clock()
        try:
            return function(*args, **kwargs)
        finally:
            spent[label] = spent.get(label, 0.0) + clock() - start

    return timed


def wrap_module(module: Any, names: tuple[str, ...], spent: dict[str, float], prefix: str) -> None:
    for name in names:
        function = getattr(module, name, None)
        if callable(function):
            setattr(module, name, charged(spent, prefix + name, function))


def wrap_stages(stages: Any, spent: dict[str, float]) -> None:
    for name in ("align", "observe"):
        setattr(stages, name, charged(spent, f"stage {name}", getattr(stages, name)))
    adapt = stages.adapt

    def adapt_split(self: Any, envelope: Any) -> Any:  # a memo hit and a first reading apart
        memo = self.adapt_memo
        hits = memo.contents.hits + getattr(getattr(memo, "large_contents", None), "hits", 0)
        start = time.process_time()
        result = adapt(self, envelope)
        seconds = time.process_time() - start
        hit = memo.contents.hits + getattr(getattr(memo, "large_contents", None), "hits", 0) > hits
        label = "stage adapt, memo hit" if hit else "stage adapt, first reading"
        spent[label] = spent.get(label, 0.0) + seconds
        spent["calls: " + label] = spent.get("calls: " + label, 0) + 1
        return result

    stages.adapt = adapt_split


def main() -> None:
    tree, file, memo, passes = Path(sys.argv[1]).resolve(), sys.argv[2], sys.argv[3], int(sys.argv[4])
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    compare_worker.import_from(tree)
    bench = compare_worker.Bench(tree)
    bench.load(FILES, None, 500)
    entries = compare_worker.ground_module("memo").DEFAULT_ENTRIES if memo == "on" else 0
    pipeline = importlib.import_module("obsline.pipeline")
    spent: dict[str, float] = {}
    wrap_stages(pipeline.Stages, spent)
    wrap_module(pipeline, ("decode", *OBSERVE_PARTS), spent, "")
    adapt_module = importlib.import_module("obsline.adapters.adapt")
    wrap_module(adapt_module, ADAPT_PARTS, spent, "adapt: ")
    wrap_module(adapt_module.prescan, ("scan",), spent, "adapt: prescan.")
    least: dict[str, float] = {}
    lines = bench.lines[file]
    for _ in range(passes):
        runner = pipeline.Runner(pipeline.Stages.default(memo_entries=entries))
        gc.collect()
        spent.clear()
        start = time.process_time()
        for processed in runner.run(lines):
            processed.observation.text  # noqa: B018 (as bench compare's pass reads each text)
        spent["total"] = time.process_time() - start
        for label, value in spent.items():
            least[label] = min(least.get(label, float("inf")), value)
    per_record = {label: round(value / len(lines) * 1e6, 1) for label, value in least.items()
                  if not label.startswith("calls: ")}
    for label in ("stage adapt, memo hit", "stage adapt, first reading"):
        calls = least.get("calls: " + label)
        if calls:
            per_record[label + " (µs a call)"] = round(least[label] / calls * 1e6, 1)
    print(json.dumps({"tree": str(tree), "file": file, "memo": memo, "µs a record": per_record}, ensure_ascii=False))


if __name__ == "__main__":
    main()
