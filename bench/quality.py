"""Savings and fidelity on the dev files (the acceptance measures of obsline.quality).

    python -m bench quality                          # both files; writes docs/benchmarks.md
    python -m bench quality --file foreign --worst 10 [--measure words] [--budget 8000]

``--worst N`` prints, per measure, the N worst records (task, step, tool, shape, what is
missing) and writes nothing: the aid for finding what to fix.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench.common import DEV_TRACES, FOREIGN_DEV, machine, read_lines, write_section
from obsline.pipeline import Runner, Stages
from obsline.quality import DEFAULT_BUDGET_TOKENS, QualityReport, RecordMeasure, Tally, load_records, measure

FILES: dict[str, Path] = {"tau": DEV_TRACES, "foreign": FOREIGN_DEV}


@dataclass(frozen=True)
class CorpusFigure:
    """One figure of a test corpus (issue 10: secrets hidden, look-alikes shown, injection recall)."""

    corpus: str
    measure: str
    hits: int
    total: int
    target: str
    met: bool


def injection_figures() -> list[CorpusFigure]:
    """Recall and false alarms of adapters/injection.py on tests/adapters/corpus, per language."""
    import json

    from obsline.adapters.injection import evaluate
    corpus = Path(__file__).resolve().parents[1] / "tests" / "adapters" / "corpus"
    entries = [json.loads(line) for name in ("injections.jsonl", "benign.jsonl")
               for line in (corpus / name).read_text(encoding="utf-8").splitlines() if line.strip()]
    return [fig for lang, f in sorted(evaluate(entries).items()) for fig in (
        CorpusFigure(f"injection ({lang})", "injections flagged", f.caught, f.injections, "≥ 95%", f.recall >= 0.95),
        CorpusFigure(f"injection ({lang})", "look-alikes flagged", f.false_alarms, f.benign, "≤ 3%",
                     f.false_alarm_rate <= 0.03))]


# The corpus checks of issue 10 go here (each returns its figures; the report adds a table).
CORPUS_CHECKS: tuple[Callable[[], list[CorpusFigure]], ...] = (injection_figures,)


@dataclass(frozen=True)
class Column:
    title: str
    cell: Callable[[Tally], str]
    targets: dict[str, str]  # file -> target, "" where the issue sets none


def _pct(x: float, digits: int = 1) -> str:
    return f"{x:.{digits}%}"


COLUMNS = (
    Column("records", lambda t: f"{t.records:,}", {}),
    Column("MALFORMED", lambda t: f"{t.malformed:,}", {"tau": "0", "foreign": "0"}),
    Column("JSON facts visible", lambda t: f"{_pct(t.fact_visibility, 2)} of {t.facts:,}" if t.facts else "-",
           {"tau": "100%", "foreign": "≥ 99.5%"}),
    Column("text words visible", lambda t: f"{_pct(t.word_visibility, 2)} of {t.words:,}" if t.words else "-",
           {"tau": "≥ 99%", "foreign": "≥ 99%"}),
    Column("secrets hidden (apart)", lambda t: f"{t.secrets:,}", {}),
    Column("hard errors are error", lambda t: f"{t.status_hard_ok:,} / {t.status_hard:,}" if t.status_hard else "-",
           {"tau": "all", "foreign": "all"}),
    Column("status agrees", lambda t: _pct(t.status_agreement, 2), {"tau": "≥ 99%", "foreign": "≥ 99%"}),
    Column("> 12 tokens over raw", lambda t: _pct(t.longer_share), {"tau": "≤ 1%", "foreign": "≤ 1%"}),
    Column("text / raw tokens", lambda t: _pct(t.token_ratio), {"tau": "≤ 45%"}),
    Column("text / baseline tokens", lambda t: _pct(t.baseline_ratio), {"foreign": "≤ 80%"}),
    Column("decision facts visible",
           lambda t: f"{_pct(t.decision_visibility, 2)} of {t.decision_facts:,}" if t.decision_facts else "-",
           {"tau": "≥ 99.5%", "foreign": "≥ 99.5%"}),
    Column("values crossing tasks", lambda t: f"{t.leaks:,}", {"tau": "0", "foreign": "0"}),
)


def replay(name: str, budget_tokens: int) -> QualityReport:
    lines = read_lines(FILES[name])
    observations = [p.observation for p in Runner(Stages.default(budget_tokens=budget_tokens)).run(lines)]
    return measure(load_records(lines), observations, budget_tokens)


def table(name: str, report: QualityReport) -> str:
    head = "| group | " + " | ".join(c.title for c in COLUMNS) + " |"
    rule = "|---" * (len(COLUMNS) + 1) + "|"
    target = "| *target* | " + " | ".join(c.targets.get(name, "") for c in COLUMNS) + " |"
    groups = [("**all**", report.overall)]
    groups += [(f"kind `{k}`", t) for k, t in sorted(report.by_kind.items()) if len(report.by_kind) > 1]
    groups += [(f"shape `{k}`", t) for k, t in sorted(report.by_shape.items())]
    rows = ["| " + label + " | " + " | ".join(c.cell(t) for c in COLUMNS) + " |" for label, t in groups]
    return "\n".join([head, rule, target, *rows])


def corpus_table() -> str:
    figures = [f for check in CORPUS_CHECKS for f in check()]
    if not figures:
        return "Corpora (issue 10: secrets, injection): not measured yet."
    rows = [f"| {f.corpus} | {f.measure} | {f.hits:,} / {f.total:,} = {f.hits / f.total if f.total else 1:.1%} "
            f"| {f.target} | {'met' if f.met else '**missed**'} |" for f in figures]
    return "\n".join(["| corpus | measure | value | target | status |", "|---|---|---|---|---|", *rows])


def section(reports: dict[str, QualityReport]) -> str:
    budget = next(iter(reports.values())).budget_tokens
    parts = [f"Command: `python -m bench quality` ({machine()}); display budget {budget:,} tokens.",
             "Definitions: `obsline/quality.py` (module docstring). Baseline tokens: the raw as minified JSON "
             "where it parses, the raw text otherwise; hard errors: the source's error flag, a non-zero exit "
             "code, a text starting with `Error`."]
    titles = {"tau": "tau dev traces (`tau-traces/dev.jsonl`)", "foreign": "foreign-dev (`foreign-dev/foreign-dev.jsonl`)"}
    for name, report in reports.items():
        parts.append(f"**{titles.get(name, f'`{name}` (`--corpus`)')}**\n\n{table(name, report)}")
    if set(reports) <= set(titles):
        parts.append(corpus_table())
    return "\n\n".join(parts) + "\n"


# -- the debugging aid --------------------------------------------------------------------

def _first_line(text: str) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line[:100]


WORST: dict[str, tuple[Callable[[RecordMeasure], float], Callable[[RecordMeasure], str]]] = {
    "malformed": (lambda m: m.malformed, lambda m: "MALFORMED"),
    "words": (lambda m: m.words - m.words_visible,
              lambda m: f"{m.words - m.words_visible} of {m.words} words missing: {m.missing}"),
    "facts": (lambda m: m.facts - m.facts_visible,
              lambda m: f"{m.facts - m.facts_visible} of {m.facts} facts missing: {m.missing}"),
    "status": (lambda m: (1 - m.status_agree) * (2 if m.status_hard else 1),
               lambda m: f"expected {'error (' + m.expected + ')' if m.expected else 'success'}, got {m.status}"),
    "longer": (lambda m: (m.text_tokens - m.baseline_tokens) * m.longer,
               lambda m: f"text {m.text_tokens} tokens, baseline {m.baseline_tokens}"),
    "tokens": (lambda m: m.text_tokens - 0.8 * m.baseline_tokens,
               lambda m: f"text {m.text_tokens} tokens, baseline {m.baseline_tokens}"),
    "decisions": (lambda m: len(m.missing_decisions) and m.decision_facts - m.decision_visible,
                  lambda m: f"decision values not shown earlier: {m.missing_decisions}"),
    "leaks": (lambda m: m.leaks, lambda m: f"words of other tasks: {m.leak_words}"),
}


def worst(report: QualityReport, records: list[dict], n: int, only: str | None) -> str:
    out = []
    for name, (score, describe) in WORST.items():
        if only and name != only:
            continue
        ranked = sorted((m for m in report.measures if score(m) > 0), key=lambda m: -score(m))[:n]
        out.append(f"== {name}: {sum(1 for m in report.measures if score(m) > 0):,} records")
        for m in ranked:
            raw = records[m.index]["raw"]
            out.append(f"  #{m.index} {m.task_id} step {m.step_id} {m.tool} [{m.kind}/{m.shape}]: {describe(m)}"
                       f"\n      raw: {_first_line(raw if isinstance(raw, str) else str(raw))!r}")
    return "\n".join(out)


# --- secrets (issue 10): the secret corpus, and BFCL calls that pass a hidden token back ---
def secret_figures() -> list[CorpusFigure]:
    import tempfile

    from tests.adapters.secret_corpus import measure as measure_corpus
    from tests.golden.token_reuse import measure_token_reuse

    corpus = measure_corpus()
    figures = [
        CorpusFigure("secrets (tests/adapters/secret_corpus.py)", "secret forms hidden", corpus.hidden,
                     corpus.secrets, "100%", corpus.hidden == corpus.secrets),
        CorpusFigure("secrets (tests/adapters/secret_corpus.py)", "look-alikes shown (order ids, hashes, UUIDs, tau ids)",
                     corpus.shown, corpus.lookalikes, "100%", corpus.shown == corpus.lookalikes),
    ]
    if FOREIGN_DEV.exists():
        with tempfile.TemporaryDirectory() as vault:
            reuse = measure_token_reuse(read_lines(FOREIGN_DEV), Path(vault))
        figures.append(CorpusFigure("secrets (foreign-dev)", "calls reusing a hidden token, completed via substitute",
                                    reuse.completed, reuse.reusing_calls, "100%",
                                    reuse.completed == reuse.reusing_calls))
    return figures


def _generated_figures() -> list[CorpusFigure]:
    from bench.safety import safety_figures  # the generated corpora of issue 18, both parts
    return safety_figures()


CORPUS_CHECKS = (*CORPUS_CHECKS, secret_figures, _generated_figures)


# --- the protocol corpus (issue 23): status, the tool's own code, partial values, retry advice ---
def protocol_figures() -> list[CorpusFigure]:
    from obsline.protocol_quality import TARGETS, evaluate

    report = evaluate()
    figures = []
    for part, measures in report.figures.items():
        name = f"protocol ({part}, {report.cases[part]} results)"
        for what, fig in measures.items():
            target = TARGETS[what]
            figures.append(CorpusFigure(name, what, fig.hits, fig.total, f"≥ {target:.0%}" if target < 1 else "100%",
                                        fig.share >= target))
    return figures


CORPUS_CHECKS = (*CORPUS_CHECKS, protocol_figures)


def _leave_out(which: str, budget: int) -> None:
    from bench.leaveout import family, leave_out
    from bench.leaveout import table as leave_out_table

    lines = read_lines(FILES["foreign"])
    families = sorted({family(x) for x in lines} - {"-"}) if which == "all" else [which]
    body = (f"Command: `python -m bench quality --leave-out {which}` ({machine()}); display budget {budget:,} "
            f"tokens.\n\n{leave_out_table(leave_out(lines, families, budget))}\n")
    if which == "all" and budget == DEFAULT_BUDGET_TOKENS:
        write_section("leaveout", body)
    print(body)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bench quality", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", choices=[*FILES, "all"], default="all")
    parser.add_argument("--worst", type=int, default=0, metavar="N", help="print the N worst records per measure")
    parser.add_argument("--measure", choices=list(WORST), help="with --worst: only this measure")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET_TOKENS, help="display budget in tokens")
    parser.add_argument("--leave-out", metavar="FAMILY",
                        help="foreign-dev: measure FAMILY (a `kind`: tau2-exec, bfcl-exec, sweagent-traj, or all) "
                             "with the tool-specific rules (drafted contracts) of the other families only")
    parser.add_argument("--corpus", type=Path, action="append", default=[], metavar="JSONL",
                        help="another dev corpus of envelopes (kept outside the repo), reported beside the others")
    return parser


def _print_worst(reports: dict[str, QualityReport], count: int, measure: str | None) -> None:
    for name, report in reports.items():
        print(f"##### {name}\n{worst(report, load_records(read_lines(FILES[name])), count, measure)}")


def _write_sections(args: argparse.Namespace, reports: dict[str, QualityReport], body: str) -> None:
    """The dev files' section on a default run; the other corpora's beside it."""
    if args.budget != DEFAULT_BUDGET_TOKENS:
        return
    if args.file == "all" and not args.corpus:
        write_section("quality", body)
    elif args.corpus:
        extra = {p.stem: reports[p.stem] for p in args.corpus}
        write_section("quality-corpus", section(extra).replace(
            "`python -m bench quality`", f"`python -m bench quality --file {args.file} "
            + " ".join(f"--corpus {p}" for p in args.corpus) + "`", 1))


def main(argv: list[str] | None = None) -> None:
    args = _parser().parse_args(argv)
    if args.leave_out:
        return _leave_out(args.leave_out, args.budget)
    for path in args.corpus:
        FILES[path.stem] = path
    names = list(FILES) if args.file == "all" else [args.file, *(p.stem for p in args.corpus)]
    reports = {name: replay(name, args.budget) for name in names}
    if args.worst:
        return _print_worst(reports, args.worst, args.measure)
    body = section(reports)
    _write_sections(args, reports, body)
    print(body)
