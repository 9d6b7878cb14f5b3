"""Digests of everything the in-process pipeline produces on both dev files, to show a refactor
changed no output.

    python -m bench digest [--files tau,foreign] [--memo on,off] [--templates concise,debug] [--out FILE]

For each file, memo setting and template it replays every line through a fresh ``Runner`` and
hashes each observation as encoded for Kafka (every field: text, data, metadata, evidence,
tokens, ...) and, at the end, every task's align and fold state. It prints one JSON object:
per run the number of observations, one digest over all observations, one over the final
states, and the first few line positions whose observation digest differs from ``--against``
(a JSON file an earlier run wrote with ``--out``). Compare a branch with the main it is rebased
on: run this file with PYTHONPATH set to each tree (`python -P bench/digest.py`, so the tree on
PYTHONPATH is the one imported), the first with --out, the second with --against.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import orjson


def _shared() -> Path:
    """shared/ beside the checkout (as bench/common.py), or beside a worktree's parent folder."""
    for folder in Path(__file__).resolve().parents:
        if (folder / "shared" / "data").is_dir():
            return folder / "shared" / "data"
    raise SystemExit("no shared/data beside this checkout")


FILES = {"tau": ("tau-traces", "dev.jsonl"), "foreign": ("foreign-dev", "foreign-dev.jsonl")}
MEMOS = {"on": None, "off": 0}  # None: the tree's DEFAULT_ENTRIES


def _fallback(value: Any) -> Any:
    """What orjson cannot encode by itself (sets, tuples as keys' values, Decimals, objects)."""
    if isinstance(value, set | frozenset):
        return sorted(map(repr, value))
    if isinstance(value, tuple):
        return list(value)
    if hasattr(value, "__dict__"):
        return vars(value)
    return repr(value)


def encoded(value: Any) -> bytes:
    return orjson.dumps(value, default=_fallback, option=orjson.OPT_NON_STR_KEYS | orjson.OPT_SORT_KEYS)


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=12).hexdigest()


def replay(lines: list[bytes], memo: int | None, template: str) -> dict[str, Any]:
    from obsline.pipeline import Runner, Stages

    kwargs: dict[str, Any] = {"template": template}
    if memo is not None:
        kwargs["memo_entries"] = memo
    runner = Runner(Stages.default(**kwargs))
    each = [_digest(encoded(p.observation)) for p in runner.run(lines)]
    states = encoded({"align": runner.align_state, "fold": runner.fold_state})
    return {"observations": len(each), "all": _digest("".join(each).encode()), "states": _digest(states),
            "each": each}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench digest")
    parser.add_argument("--files", default="tau,foreign")
    parser.add_argument("--memo", default="on,off")
    parser.add_argument("--templates", default="concise,debug")
    parser.add_argument("--out", type=Path, help="write the full digests (per observation) here")
    parser.add_argument("--against", type=Path, help="an earlier --out file: list where outputs differ")
    args = parser.parse_args(argv)
    runs = all_runs(args.files.split(","), args.memo.split(","), args.templates.split(","))
    if args.out:
        args.out.write_text(json.dumps(runs))
    old = json.loads(args.against.read_text()) if args.against else {}
    json.dump(summary(runs, old), sys.stdout, indent=1)
    print()


def all_runs(files: list[str], memos: list[str], templates: list[str]) -> dict[str, Any]:
    """One replay per file, memo setting and template, by ``file/memo-X/template``."""
    runs: dict[str, Any] = {}
    for name in files:
        lines = [line for line in _shared().joinpath(*FILES[name]).read_bytes().splitlines() if line.strip()]
        for memo in memos:
            for template in templates:
                runs[f"{name}/memo-{memo}/{template}"] = replay(lines, MEMOS[memo], template)
    return runs


def summary(runs: dict[str, Any], old: dict[str, Any]) -> dict[str, Any]:
    """Each run without its per-observation digests, and where it differs from ``old``'s."""
    out = {}
    for key, run in runs.items():
        out[key] = {k: v for k, v in run.items() if k != "each"}
        if key in old:
            differ = [i for i, (a, b) in enumerate(zip(old[key]["each"], run["each"], strict=False)) if a != b]
            out[key]["differ"] = {"count": len(differ), "first": differ[:10],
                                  "states_equal": old[key]["states"] == run["states"]}
    return out


if __name__ == "__main__":
    main()
