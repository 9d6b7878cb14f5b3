"""One side of `python -m bench compare`: times the in-process pipeline of ONE source tree.

    python -P bench/compare_worker.py TREE CORE      (started by bench/compare.py, never by hand)

It imports `obsline` (the standard layout, or an older tree's pyproject `package-dir` mapping,
where obsline.adapters lived in adapters/) from TREE only, whatever editable install the interpreter has: the
setuptools editable finders (which point at some other checkout) are taken off `sys.meta_path`
and a finder for TREE's own mapping goes first. `-P` keeps this script's folder off `sys.path`,
so nothing of the driver's checkout is importable here; the driver checks the module files we
report. Both sides run this same harness file, so what differs between them is the tree alone.

Protocol: one JSON command per stdin line, one JSON answer per stdout line (the real stdout;
`print` of the code under test goes to stderr). Commands: `load` (read and warm the files),
`pass` (one timed replay), `opcodes` (one replay counting the bytecodes it runs, for
bench/opcodes.py), `profile` (one replay under cProfile, for bench/compare_profile.py), `quit` (report every obsline module loaded, then exit).
The timed part is bench/inprocess.py's `_one_pass`: fresh Stages and Runner built before the
clock starts, cold memos, `[p.observation.text for p in runner.run(lines)]` timed, nothing else.
"""

from __future__ import annotations

import gc
import hashlib
import importlib.abc
import importlib.util
import json
import os
import sys
import time
import tomllib
import traceback
from pathlib import Path
from typing import Any


class TreeFinder(importlib.abc.MetaPathFinder):
    """Finds the packages of TREE's `package-dir` mapping; their submodules then resolve
    through each package's `__path__` by the ordinary path finder."""

    def __init__(self, mapping: dict[str, Path]) -> None:
        self.mapping = mapping

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        folder = self.mapping.get(fullname)
        if folder is None:
            return None
        return importlib.util.spec_from_file_location(fullname, folder / "__init__.py",
                                                      submodule_search_locations=[str(folder)])


def package_mapping(tree: Path) -> dict[str, Path]:
    setuptools = tomllib.loads((tree / "pyproject.toml").read_text())["tool"].get("setuptools", {})
    if "package-dir" not in setuptools:  # the standard layout: a top-level package is its own folder
        return {name: (tree / name).resolve() for name in ("obsline", "workload") if (tree / name).is_dir()}
    folders = setuptools["package-dir"]
    return {name: (tree / folders.get(name, name.replace(".", "/"))).resolve() for name in setuptools["packages"]}


def ground_module(name: str) -> Any:
    """A ground module of either layout: ``obsline.core.NAME`` now, ``obsline.NAME`` before it."""
    try:
        return importlib.import_module(f"obsline.core.{name}")
    except ModuleNotFoundError:
        return importlib.import_module(f"obsline.{name}")


def import_from(tree: Path) -> None:
    sys.meta_path[:] = [f for f in sys.meta_path if not getattr(f, "__module__", "").startswith("__editable__")]
    sys.meta_path.insert(0, TreeFinder(package_mapping(tree)))
    for name in [m for m in sys.modules if m == "obsline" or m.startswith("obsline.")]:
        del sys.modules[name]  # none expected: nothing imported obsline yet


def loaded_modules() -> dict[str, str]:
    return {name: str(getattr(m, "__file__", None)) for name, m in sorted(sys.modules.items())
            if name == "obsline" or name.startswith("obsline.")}


def outside(tree: Path, modules: dict[str, str]) -> list[str]:
    return [f"{name}: {file}" for name, file in modules.items()
            if file == "None" or not Path(file).resolve().is_relative_to(tree)]


class Bench:
    def __init__(self, tree: Path) -> None:
        self.tree = tree
        self.lines: dict[str, list[bytes]] = {}

    def load(self, files: dict[str, str], limit: int | None, warm: int) -> dict[str, Any]:
        import obsline.pipeline as pipeline
        from obsline.pipeline import Runner, Stages

        # As `obsline replay` and the workers start (since 5195d7c: the secret readers' database built
        # before the first record, then the collector's settings); a tree from before, as it started.
        prepare = getattr(pipeline, "prepare_long_running", None) or pipeline.tune_gc

        DEFAULT_ENTRIES = ground_module("memo").DEFAULT_ENTRIES

        info = {}
        for name, path in files.items():
            lines = [line for line in Path(path).read_bytes().splitlines() if line.strip()][:limit]
            self.lines[name] = lines
            info[name] = {"lines": len(lines), "sha256": hashlib.sha256(b"\n".join(lines)).hexdigest()}
            list(Runner(Stages.default()).run(lines[:warm]))  # warm caches (contracts, tokenizer, regexes)
        prepare()
        modules = loaded_modules()
        shown = ", ".join(f"{name} from {modules.get(name)}" for name in ("obsline", "obsline.adapters", "obsline.pipeline"))
        print(f"worker {self.tree}: {shown}", file=sys.stderr)
        return {"files": info, "memo_on_entries": DEFAULT_ENTRIES, "modules": modules,
                "outside": outside(self.tree, modules), "python": sys.version.split()[0]}

    def one_pass(self, file: str, memo_entries: int, digests: bool) -> dict[str, Any]:
        from obsline.pipeline import Runner, Stages

        lines = self.lines[file]
        stages = Stages.default(memo_entries=memo_entries)  # cold memos: only repeats within the pass hit
        runner = Runner(stages)
        gc.collect()  # the last pass's garbage is not this pass's cost
        start, cpu = time.perf_counter(), time.process_time()
        texts = [p.observation.text for p in runner.run(lines)]
        seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu
        answer: dict[str, Any] = {"seconds": seconds, "cpu_seconds": cpu_seconds, "observations": len(texts)}
        if digests:  # after the clock: which texts the two trees (and memo settings) agree on
            answer["digests"] = [hashlib.blake2b(t.encode(), digest_size=8).hexdigest() for t in texts]
        return answer


    def profile(self, file: str, memo_entries: int) -> dict[str, Any]:
        """One replay as ``one_pass`` under cProfile, for bench/compare_profile.py: per function
        (named as in both layouts) its calls, own seconds and seconds with its callees; and per
        module its own seconds with the C functions it calls directly (a regex search, a dict
        copy) charged to it, so C time lands in the module that asked for it."""
        import cProfile
        import pstats

        from obsline.pipeline import Runner, Stages

        lines = self.lines[file]
        runner = Runner(Stages.default(memo_entries=memo_entries))
        gc.collect()
        collecting = {"seconds": 0.0, "start": 0.0, "full": 0}

        def timed_gc(phase: str, info: dict[str, int]) -> None:  # the collector's pauses, charged apart
            now = time.perf_counter()
            if phase == "start":
                collecting["start"] = now
            else:
                collecting["seconds"] += now - collecting["start"]
                collecting["full"] += info["generation"] == 2

        gc.callbacks.append(timed_gc)
        profiler = cProfile.Profile()
        profiler.enable()
        try:
            texts = [p.observation.text for p in runner.run(lines)]
        finally:
            profiler.disable()
            gc.callbacks.remove(timed_gc)
        stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
        functions: dict[str, list[float]] = {}
        modules: dict[str, float] = {}
        for (filename, _, name), (_, calls, own, cumulative, callers) in stats.items():
            where = self._where(filename)
            row = functions.setdefault(f"{where}:{name}", [0, 0.0, 0.0])
            row[0], row[1], row[2] = row[0] + calls, row[1] + own, row[2] + cumulative
            if filename != "~":
                modules[where] = modules.get(where, 0.0) + own
                continue
            for (caller_file, _, _), (_, _, edge_own, _) in callers.items():  # a C function: its callers pay
                caller = self._where(caller_file)
                modules[caller] = modules.get(caller, 0.0) + edge_own
        return {"observations": len(texts), "functions": functions, "modules": modules,
                "gc_seconds": collecting["seconds"], "gc_full": collecting["full"]}

    def _where(self, filename: str) -> str:
        root = f"{self.tree}/"
        if filename.startswith(root):
            return same_name_in_both_layouts(filename.removeprefix(root))
        for marker, named in (("site-packages/", ""), ("lib/python3.11/", ""), ("/bench/", "bench/")):
            if marker in filename:  # (this harness file lies in the new tree only: one name for both sides)
                return named + filename.split(marker, 1)[1]
        return filename

    def opcodes(self, file: str, memo_entries: int) -> dict[str, Any]:
        """One replay as ``one_pass``, with every bytecode it executes counted, by function."""
        from obsline.pipeline import Runner, Stages

        lines = self.lines[file]
        runner = Runner(Stages.default(memo_entries=memo_entries))
        counts: dict[tuple[str, str], int] = {}
        root = f"{self.tree}/"

        def trace(frame: Any, event: str, _arg: Any) -> Any:
            if event == "call":
                frame.f_trace_opcodes, frame.f_trace_lines = True, False
            elif event == "opcode":
                code = frame.f_code
                key = (same_name_in_both_layouts(code.co_filename.removeprefix(root)), code.co_name)
                counts[key] = counts.get(key, 0) + 1
            return trace

        sys.settrace(trace)
        try:
            texts = [p.observation.text for p in runner.run(lines)]
        finally:
            sys.settrace(None)
        return {"observations": len(texts), "total": sum(counts.values()),
                "functions": [[f"{file}:{name}", n] for (file, name), n in counts.items()]}


def same_name_in_both_layouts(path: str) -> str:
    """``obsline/aligner/fold.py`` and ``obsline/core/models.py`` (now) name their files as an older
    tree did (``aligner/fold.py``, ``obsline/models.py``), so the two sides' functions pair up."""
    if path.startswith("obsline/core/"):
        return "obsline/" + path.removeprefix("obsline/core/")
    for stage in ("adapters/", "aligner/", "sinks/", "streams/", "integrations/", "stores/"):
        if path.startswith("obsline/" + stage):
            return path.removeprefix("obsline/")
    return path


def serve(tree: Path, out: Any) -> None:
    bench = Bench(tree)
    for line in sys.stdin:
        command = json.loads(line)
        try:
            if command["op"] == "load":
                answer = bench.load(command["files"], command["limit"], command["warm"])
            elif command["op"] == "pass":
                answer = bench.one_pass(command["file"], command["memo_entries"], command["digests"])
            elif command["op"] == "opcodes":
                answer = bench.opcodes(command["file"], command["memo_entries"])
            elif command["op"] == "profile":
                answer = bench.profile(command["file"], command["memo_entries"])
            else:
                modules = loaded_modules()
                answer = {"modules": modules, "outside": outside(tree, modules)}
        except Exception:  # the driver shows it and stops: a side that cannot run is not measured
            answer = {"error": traceback.format_exc()}
        out.write(json.dumps(answer) + "\n")
        out.flush()
        if command["op"] == "quit":
            return


def main() -> None:
    tree, core = Path(sys.argv[1]).resolve(), int(sys.argv[2])
    os.sched_setaffinity(0, {core})
    out, sys.stdout = sys.stdout, sys.stderr  # the protocol owns the real stdout
    import_from(tree)
    serve(tree, out)


if __name__ == "__main__":
    main()
