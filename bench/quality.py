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
"""


# --- secrets (issue 10): the secret corpus, and BFCL calls that pass a hidden token back ---
def secrets_report() -> str:
    import tempfile
    from pathlib import Path

    from bench.common import REPO
    from tests.adapters.secret_corpus import measure as measure_corpus
    from tests.golden.token_reuse import measure_token_reuse

    corpus = measure_corpus()
    rows = [
        f"| secret forms hidden (tests/adapters/secret_corpus.py) | {corpus.hidden} / {corpus.secrets} = "
        f"**{corpus.hidden_rate:.0%}** | 100% |",
        f"| look-alikes shown (order ids, hashes, UUIDs, tau ids) | {corpus.shown} / {corpus.lookalikes} = "
        f"**{corpus.shown_rate:.0%}** | 100% |",
    ]
    foreign = REPO.parent / "shared" / "data" / "foreign-dev" / "foreign-dev.jsonl"
    if foreign.exists():
        lines = [line for line in foreign.read_bytes().splitlines() if line.strip()]
        with tempfile.TemporaryDirectory() as vault:
            reuse = measure_token_reuse(lines, Path(vault))
        rows.append(f"| foreign-dev calls reusing a hidden value, completed via `obsline.secrets.substitute` | "
                    f"{reuse.completed} / {reuse.reusing_calls} = **{reuse.completion:.0%}** | 100% |")
    missed = ", ".join(corpus.leaked + corpus.over_hidden) or "none"
    return "\n| secrets | value | target |\n|---|---|---|\n" + "\n".join(rows) + f"\n\nCorpus misses: {missed}.\n"


def main(argv: list[str] | None = None) -> None:
    body = run() + secrets_report()
    write_section("quality", body)
    print(body)
