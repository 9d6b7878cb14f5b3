"""One side of `python -m bench instructions`, run under valgrind by bench/instructions.py.

    valgrind --tool=callgrind --instr-atstart=no python -P bench/instructions_worker.py TREE FILE LIMIT MEMO MARKER

Imports TREE's `obsline` (bench/compare_worker.import_from), warms it on the file's first lines
(caches that live across replays), builds fresh stages, then writes "ready" into MARKER and waits
until the driver, having switched callgrind's instrumentation on, writes "go" on its stdin; it
replays LIMIT lines, writes "done" and exits only when the driver, having switched instrumentation
off, writes "off". Only that replay is counted (before the "off" handshake, the interpreter's
teardown at exit was counted whenever the driver was slow to switch off: a flaky 20M+ extra).
"""

from __future__ import annotations

import sys
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
    _await(b"go")  # one blocking read: no polling inside the counted window
    texts = [p.observation.text for p in runner.run(lines)]
    marker.write_text("done")
    _await(b"off")  # exiting frees every module and object; keep that teardown out of the count
    print(len(texts))


def _await(word: bytes) -> None:
    line = sys.stdin.buffer.readline().strip()
    if line != word:
        raise SystemExit(f"expected {word!r} from the driver, got {line!r}")


if __name__ == "__main__":
    main()
