"""Overfitting check (issue 17 item 4): each family of a dev file measured with the tool-specific
rules learned only from the other families.

The rules obsline learns per tool are the draft contracts ``obsline contracts infer`` writes
from traffic (kind, entity key, item keys, field types); everything else is generic code. So
per family this replays the family three times, beside each other:

- ``built-in``: the built-in contracts only (what ``bench quality`` measures);
- ``all rules``: plus drafts inferred from every family;
- ``left out``: plus drafts inferred from the other families only.

The target: ``left out`` no more than 5 points above ``all rules`` (text / raw tokens). A family
is the file's own ``kind`` label (tau2-exec, bfcl-exec, sweagent-traj), a partition of the data,
not a rule.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import orjson

from obsline.contracts import BUILTIN_CONTRACTS, load_contracts, write_inferred
from obsline.pipeline import Runner, Stages
from obsline.quality import Tally, load_records, measure

MAX_GAP_POINTS = 5.0


def family(line: bytes) -> str:
    try:
        rec = orjson.loads(line)
    except orjson.JSONDecodeError:
        return "-"
    return str(rec.get("kind") or "-") if isinstance(rec, dict) else "-"


def _drafts(lines: Iterable[bytes], root: Path, name: str) -> Path:
    traces, out = root / f"{name}.jsonl", root / name
    traces.write_bytes(b"\n".join(lines) + b"\n")
    out.mkdir()
    write_inferred(traces, out)
    return out


def _tally(lines: list[bytes], contracts: list[Path], budget: int) -> Tally:
    stages = Stages(contracts=load_contracts(contracts), budget_tokens=budget)
    observations = [p.observation for p in Runner(stages).run(lines)]
    return measure(load_records(lines), observations, budget).overall


@dataclass(frozen=True)
class LeftOut:
    family: str
    built_in: Tally
    all_rules: Tally
    left_out: Tally

    @property
    def gap_points(self) -> float:
        return 100 * (self.left_out.token_ratio - self.all_rules.token_ratio)


def leave_out(lines: list[bytes], families: list[str], budget: int) -> list[LeftOut]:
    by_family = {f: [x for x in lines if family(x) == f] for f in families}
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        every = _drafts(lines, root, "all")
        for name in families:
            others = _drafts((x for x in lines if family(x) != name), root, f"without-{name}")
            own = by_family[name]
            out.append(LeftOut(name, _tally(own, [BUILTIN_CONTRACTS], budget),
                               _tally(own, [BUILTIN_CONTRACTS, every], budget),
                               _tally(own, [BUILTIN_CONTRACTS, others], budget)))
    return out


def table(results: list[LeftOut]) -> str:
    rows = ["| family | records | built-in rules: text / raw | all rules | left out | left out − all | "
            "words (left out) | facts (left out) | within 5 points |",
            "|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        rows.append(f"| `{r.family}` | {r.left_out.records:,} | {r.built_in.token_ratio:.1%} | "
                    f"{r.all_rules.token_ratio:.1%} | {r.left_out.token_ratio:.1%} | {r.gap_points:+.1f} | "
                    f"{r.left_out.word_visibility:.2%} | {r.left_out.fact_visibility:.2%} | "
                    f"{'met' if r.gap_points <= MAX_GAP_POINTS else '**missed**'} |")
    return "\n".join(rows)
