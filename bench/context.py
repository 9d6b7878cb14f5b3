"""python -m bench context [FILE ...]: the tokens a model reads over a task, and whether the
values its later calls use are still visible when used.

Each step reads the whole history of tool results so far (each step is one result; the tokens
are o200k). Four histories:
  raw         the raw tool results
  obs         obsline's observations
  masked      observations with the superseded ones masked (obsline.aligner.signals.context)
  langchain   raw results through LangChain's ClearToolUsesEdit with its defaults (the real class:
              past 100,000 tokens, every tool result but the last 3 becomes "[cleared]"),
              applied before each model call to the whole history, as its middleware does
Visible: of the values a later call passes as arguments (strings of 3+ characters, numbers of
3+ digits) that an earlier raw result contains, the share still in the history's text at the
step the call is made. Masking must keep every value the observations keep.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import orjson
from langchain.agents.middleware import ClearToolUsesEdit
from langchain_core.messages import AIMessage, ToolMessage

from bench.common import machine, write_section
from obsline.aligner.signals.context import context_view
from obsline.core.memo import Memo
from obsline.core.models import Observation
from obsline.core.tokens import count_tokens
from obsline.pipeline import Runner, Stages

DEV_FILES = (Path("/work/shared/data/tau-traces/dev.jsonl"), Path("/work/shared/data/foreign-dev/foreign-dev.jsonl"))
STRATEGIES = ("raw", "obs", "masked", "langchain")
_counts: Memo[str, int] = Memo(200_000)


def tokens(text: str) -> int:
    return count_tokens(text, _counts)


def _values(args: Any) -> set[str]:
    found: set[str] = set()
    stack = [args]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, str) and len(v.strip()) >= 3:
            found.add(v.strip())
        elif isinstance(v, int | float) and not isinstance(v, bool) and len(str(v)) >= 3:
            found.add(str(v))
    return found


def _langchain_views(raws: list[str], names: list[str]) -> list[list[str]]:
    """The tool-result texts LangChain's edit leaves at each step (its own code decides)."""
    edit = ClearToolUsesEdit()
    views = []
    messages: list[Any] = []
    for i, (raw, tool) in enumerate(zip(raws, names, strict=True)):
        messages.append(AIMessage(content="", tool_calls=[{"name": tool, "args": {}, "id": f"c{i}"}]))
        messages.append(ToolMessage(content=raw, tool_call_id=f"c{i}", name=tool))
        request = list(messages)  # the middleware edits a copy of the history before each call
        edit.apply(request, count_tokens=lambda ms: sum(tokens(m.content) for m in ms if isinstance(m, ToolMessage)))
        views.append([m.content for m in request if isinstance(m, ToolMessage)])
    return views


def measure_task(records: list[dict[str, Any]], observations: list[Observation]) -> dict[str, Any]:
    raws = [r["raw"] if isinstance(r["raw"], str) else orjson.dumps(r["raw"]).decode() for r in records]
    views = _views(records, raws, observations)
    out: dict[str, Any] = {s: sum(tokens(t) for view in views[s] for t in view) for s in STRATEGIES}
    out["wanted"], out["visible"] = _visible(records, raws, views)
    return out


def _views(records: list[dict[str, Any]], raws: list[str],
           observations: list[Observation]) -> dict[str, list[list[str]]]:
    """Per strategy, the tool-result texts the model reads at each step."""
    return {
        "raw": [raws[: k + 1] for k in range(len(raws))],
        "obs": [[o.text for o in observations[: k + 1]] for k in range(len(observations))],
        "masked": [[e.text for e in context_view(observations, k)] for k in range(len(observations))],
        "langchain": _langchain_views(raws, [r["tool"] for r in records]),
    }


def _visible(records: list[dict[str, Any]], raws: list[str],
             views: dict[str, list[list[str]]]) -> tuple[int, dict[str, int]]:
    """The values later calls use that an earlier raw holds, and per strategy how many of them
    the model had read before making the call."""
    used = {s: 0 for s in STRATEGIES}
    wanted = 0
    for k in range(1, len(records)):
        earlier_raw = "\n".join(raws[:k])
        for value in _values(records[k].get("args")):
            if value not in earlier_raw:
                continue
            wanted += 1
            for s in STRATEGIES:  # what the model had read before making call k
                used[s] += any(value in t for t in views[s][k - 1])
    return wanted, used


def measure_file(path: Path) -> dict[str, Any]:
    lines = [line for line in path.read_bytes().splitlines() if line.strip()]
    records = [orjson.loads(line) for line in lines]
    observations = [p.observation for p in Runner(Stages.default()).run(lines)]
    tasks = _task_indices(records)
    total: dict[str, Any] = {s: 0 for s in STRATEGIES} | {"wanted": 0, "visible": {s: 0 for s in STRATEGIES}}
    for idx in tasks.values():
        _add(total, measure_task([records[i] for i in idx], [observations[i] for i in idx]))
    total["tasks"], total["records"] = len(tasks), len(records)
    return total


def _task_indices(records: list[dict[str, Any]]) -> dict[str, list[int]]:
    """Each task's records (their indices, in file order)."""
    tasks: dict[str, list[int]] = defaultdict(list)
    for i, r in enumerate(records):
        tasks[r["task_id"]].append(i)
    return tasks


def _add(total: dict[str, Any], task: dict[str, Any]) -> None:
    for s in STRATEGIES:
        total[s] += task[s]
        total["visible"][s] += task["visible"][s]
    total["wanted"] += task["wanted"]


def table(results: dict[str, dict[str, Any]]) -> str:
    rows = ["| file | tasks | raw | obs | obs + masking | LangChain clear (defaults) | visible: raw / obs / masked / LangChain |",
            "| --- | ---: | ---: | ---: | ---: | ---: | --- |"]
    for name, t in results.items():
        share = {s: t["visible"][s] / t["wanted"] if t["wanted"] else 1.0 for s in STRATEGIES}
        cells = [f"{t[s]:,} ({t[s] / t['raw']:.3f})" for s in STRATEGIES]
        rows.append(f"| {name} | {t['tasks']} | " + " | ".join(cells) + " | "
                    + " / ".join(f"{share[s]:.2%}" for s in STRATEGIES) + f" (of {t['wanted']:,}) |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench context", description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, default=list(DEV_FILES))
    parser.add_argument("--write", action="store_true", help="write the table into docs/benchmarks.md")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    results = {p.name: measure_file(p) for p in args.files}
    lost = "; ".join(f"{name}: {t['visible']['obs'] - t['visible']['masked']}" for name, t in results.items())
    body = (f"Command: `python -m bench context` ({machine()}). Tokens read over every task, each step reading "
            "the whole history of tool results so far (o200k); in brackets, the share of raw.\n\n"
            f"{table(results)}\n\nValues visible with observations but hidden by masking: {lost}.")
    print(body)
    if args.write:
        write_section("context", body)
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
