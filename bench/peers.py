"""Peers on the same records (issue 17): obsline beside Headroom, TOON and minified JSON.

    python -m bench peers --setup      # var/peers: a venv with headroom-ai 0.42.x and toon-format
    python -m bench peers              # both dev files; writes docs/benchmarks.md
    python -m bench peers --file PATH  # any JSONL of envelopes (e.g. a corpus kept outside the repo)

Every figure is o200k tokens of what the model would read for the tool results, as a share of
the raw results' tokens, on the same records:

- obsline: the observations' texts (``Stages.default()``, the display budget 8,000);
- Headroom: ``headroom.compress`` on one conversation per task (a user turn, then each call
  and its tool message), the tool messages it returns (offline; its documented aggressive
  settings, ``target_ratio=0.2``, and ``protect_recent=0`` so that every tool message counts);
- TOON: each raw that parses as JSON in TOON (``toon_format.encode``), other raws as they are;
- minified: each raw that parses as JSON minified, other raws as they are.

Headroom and TOON run in their own venv (``var/peers``, made by ``--setup``): headroom-ai pins
litellm and many packages the project does not use, which must not move the project's Python.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import orjson

from bench.common import DEV_TRACES, FOREIGN_DEV, REPO, machine, read_lines, write_section
from obsline.core.tokens import count_tokens
from obsline.pipeline import Runner, Stages
from obsline.quality import _NOT_JSON, load_records, parse_json, raw_text

VENV = REPO / "var" / "peers"
PYTHON = VENV / "bin" / "python"
PINS = ("headroom-ai==0.42.*", "toon-format==1.2.*")
FILES = {"tau": DEV_TRACES, "foreign": FOREIGN_DEV}

_TOON = """
import json, sys
from toon_format import encode
for line in sys.stdin:
    value = json.loads(line)
    print(json.dumps(encode(value["data"]) if value["json"] else value["text"]), flush=True)
"""


def setup() -> None:
    subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    subprocess.run([str(PYTHON), "-m", "pip", "install", "-q", *PINS], check=True)


@dataclass
class Figures:
    records: int = 0
    raw: int = 0
    obsline: int = 0
    headroom: int = 0
    toon: int = 0
    minified: int = 0


def _tasks(records: list[dict]) -> dict[str, list[int]]:
    by_task: dict[str, list[int]] = defaultdict(list)
    for i, rec in enumerate(records):
        by_task[str(rec.get("task_id"))].append(i)
    return by_task


def _headroom(records: list[dict], by_task: dict[str, list[int]]) -> list[str]:
    tasks = [{"task": t, "tools": [[str(records[i].get("tool")), orjson.dumps(records[i].get("args") or {}).decode(),
                                    raw_text(records[i]["raw"])] for i in idx]} for t, idx in by_task.items()]
    worker = [str(PYTHON), str(REPO / "bench" / "peers_headroom.py")]
    out = subprocess.run(worker, input="\n".join(json.dumps(t) for t in tasks) + "\n", capture_output=True,
                         text=True, check=True).stdout
    texts = [""] * len(records)
    for line, (_, idx) in zip(out.splitlines(), by_task.items(), strict=True):
        for i, text in zip(idx, json.loads(line)["texts"], strict=True):
            texts[i] = text
    return texts


def _json(raw: object) -> tuple[bool, object]:
    data = parse_json(raw)
    return data is not _NOT_JSON, data if data is not _NOT_JSON else None


def _toon(records: list[dict]) -> list[str]:
    lines = []
    for rec in records:
        is_json, data = _json(rec["raw"])
        lines.append(json.dumps({"json": is_json, "data": data, "text": raw_text(rec["raw"])}))
    out = subprocess.run([str(PYTHON), "-c", _TOON], input="\n".join(lines) + "\n", capture_output=True,
                         text=True, check=True).stdout
    return [json.loads(x) for x in out.splitlines()]


def _minified(rec: dict) -> str:
    is_json, data = _json(rec["raw"])
    return orjson.dumps(data).decode() if is_json else raw_text(rec["raw"])


def measure(lines: list[bytes]) -> Figures:
    records = load_records(lines)
    observations = [p.observation for p in Runner(Stages.default()).run(lines)]
    headroom, toon = _headroom(records, _tasks(records)), _toon(records)
    f = Figures(records=len(records))
    for i, rec in enumerate(records):
        f.raw += count_tokens(raw_text(rec["raw"]))
        f.obsline += observations[i].tokens["text"]
        f.headroom += count_tokens(headroom[i])
        f.toon += count_tokens(toon[i])
        f.minified += count_tokens(_minified(rec))
    return f


def table(figures: dict[str, Figures]) -> str:
    rows = ["| records | raw tokens | obsline | Headroom 0.42 (aggressive) | TOON | minified JSON |",
            "|---|---|---|---|---|---|"]
    rows = ["| file " + rows[0], "|---" + rows[1]]
    for name, f in figures.items():
        share = [f"{x / f.raw:.1%}" for x in (f.obsline, f.headroom, f.toon, f.minified)]
        rows.append(f"| {name} | {f.records:,} | {f.raw:,} | **{share[0]}** | " + " | ".join(share[1:]) + " |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench peers", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--setup", action="store_true", help="make var/peers (headroom-ai, toon-format)")
    parser.add_argument("--file", type=Path, action="append", default=[], help="a JSONL of envelopes (repeatable)")
    args = parser.parse_args(argv)
    if args.setup:
        setup()
        return
    if not PYTHON.exists():
        raise SystemExit(f"{VENV} is missing: run `python -m bench peers --setup` first")
    files = {p.name: p for p in args.file} or {n: p for n, p in FILES.items()}
    figures = {name: measure(read_lines(path)) for name, path in files.items()}
    body = (f"Command: `python -m bench peers` ({machine()}). Tokens the model reads for the tool results, "
            f"as a share of the raw results' tokens (o200k), same records.\n\n{table(figures)}\n")
    if not args.file:
        write_section("peers", body)
    print(body)
