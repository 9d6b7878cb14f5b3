"""Savings and fidelity on the dev traces (the acceptance measures of obsline.quality).

    python -m bench quality
"""

from __future__ import annotations

from collections import Counter

from bench.common import dev_lines, machine, write_section
from obsline.pipeline import Runner, Stages
from obsline.quality import load_records, measure


def run() -> str:
    lines = dev_lines()
    observations = [p.observation for p in Runner(Stages.default()).run(lines)]
    report = measure(load_records(lines), observations)
    kinds = Counter(o.dedup.kind.value for o in observations)
    tools: dict[str, list[int]] = {}
    for o in observations:
        t = tools.setdefault(o.tool, [0, 0])
        t[0] += o.tokens["raw"]
        t[1] += o.tokens["text"]
    top = sorted(tools.items(), key=lambda kv: -kv[1][0])[:8]
    tool_rows = "\n".join(f"| {name} | {raw:,} | {text:,} | {text / raw:.1%} |" for name, (raw, text) in top)
    return f"""\
Command: `python -m bench quality` ({machine()}).

| measure | value | target |
|---|---|---|
| records / observations | {report.records:,} / {len(observations):,} | equal |
| model-visible tokens / raw tokens (o200k_base) | {report.text_tokens:,} / {report.raw_tokens:,} = **{report.token_ratio:.1%}** | ≤ 45% |
| facts visible (non-null scalars of raw JSON) | {report.facts_visible:,} / {report.facts:,} = **{report.fact_visibility:.2%}** | ≥ 98% |
| decision facts visible (later call arguments seen in earlier raws) | {report.decision_visible:,} / {report.decision_facts:,} = **{report.decision_visibility:.2%}** | ≥ 99.5% |
| status agrees with the traces' `error` flag | {report.status_agree:,} / {report.status_checked:,} = **{report.status_agreement:.2%}** | ≥ 99% |
| values crossing tasks | {report.leaks} | 0 |

Dedup outcomes: {", ".join(f"{k} {v:,}" for k, v in sorted(kinds.items()))}.

| tool (largest by raw tokens) | raw tokens | text tokens | ratio |
|---|---|---|---|
{tool_rows}
{_injection_block()}"""


# Injection corpus (adapters/injection.py; tests/adapters/corpus): recall >= 95%, false alarms <= 3%.
def _injection_block() -> str:
    import json
    from pathlib import Path

    from obsline.adapters.injection import evaluate
    corpus = Path(__file__).resolve().parents[1] / "tests" / "adapters" / "corpus"
    entries = [json.loads(line) for name in ("injections.jsonl", "benign.jsonl")
               for line in (corpus / name).read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = "\n".join(f"| {lang} | {f.caught}/{f.injections} = {f.recall:.1%} | {f.false_alarms}/{f.benign} = "
                     f"{f.false_alarm_rate:.1%} |" for lang, f in sorted(evaluate(entries).items()))
    return f"\n| injection corpus (language) | recall (target >= 95%) | false alarms (<= 3%) |\n|---|---|---|\n{rows}\n"


def main(argv: list[str] | None = None) -> None:
    body = run()
    write_section("quality", body)
    print(body)
