"""One side of `python -m bench instructions`, run under valgrind by bench/instructions.py.

    valgrind --tool=callgrind --instr-atstart=no python -P bench/instructions_worker.py TREE FILE LIMIT MEMO MARKER

Imports TREE's `obsline` (bench/compare_worker.import_from), warms it on the file's first lines
(caches that live across replays), builds fresh stages, then writes "ready" into MARKER and waits
until the driver, having switched callgrind's instrumentation on, writes "go"; it replays LIMIT
lines and writes "done". Only that replay is counted.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # -P: this folder only, for compare_worker

import compare_worker  # noqa: E402


def main() -> None:
    tree, file, limit, memo, marker = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]), sys.argv[4], Path(sys.argv[5])
    compare_worker.import_from(tree.resolve())
    from obsline.pipeline import Runner, Stages, tune_gc

    lines = [line for line in file.read_bytes().splitlines() if line.strip()][:limit]
    list(Runner(Stages.default()).run(lines))
    tune_gc()
    runner = Runner(Stages.default(**({} if memo == "on" else {"memo_entries": 0})))
    marker.write_text("ready")
    while marker.read_text().strip() != "go":
        time.sleep(0.1)
    texts = [p.observation.text for p in runner.run(lines)]
    marker.write_text("done")
    print(len(texts))


if __name__ == "__main__":
    main()
