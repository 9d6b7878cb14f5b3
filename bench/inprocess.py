"""In-process speed on the dev traces: records/s on one core, and microseconds per stage.

    python -m bench inprocess [--repeat 7]

Each repetition replays all 4,313 records through fresh task state. Reported: the median of
the repetitions (the machine is noisy), per-stage microseconds per record, the share of the
tokenizer (o200k_base counts of raw and text), and peak memory.
"""

from __future__ import annotations

import argparse
import resource
import time

from bench.common import dev_lines, machine, median, pin_to_one_core, write_section
from obsline import tokens
from obsline.pipeline import Runner, Stages, tune_gc


def _tokenizer_seconds(lines: list[bytes], texts: list[str]) -> float:
    import orjson

    raws = [r if isinstance(r := orjson.loads(line)["raw"], str) else orjson.dumps(r).decode() for line in lines]
    start = time.perf_counter()
    for text in raws + texts:
        tokens.exact_count(text)
    return time.perf_counter() - start


def run(repeat: int) -> str:
    pinned = pin_to_one_core()
    lines = dev_lines()
    stages = Stages.default()
    list(Runner(stages).run(lines[:500]))  # warm caches (contracts, tokenizer, regexes)
    tune_gc()  # as `obsline replay` and the workers run
    rates, per_stage, token_share = [], {k: [] for k in ("decode", "adapt", "align", "observe")}, []
    for _ in range(repeat):
        stages = Stages.default()  # cold memos: only repeats within one pass of the file hit
        tokens.memo.clear()
        runner = Runner(stages)
        start = time.perf_counter()
        observations = [p.observation for p in runner.run(lines)]
        seconds = time.perf_counter() - start
        rates.append(len(lines) / seconds)
        for stage, total in runner.times.seconds.items():
            per_stage[stage].append(total / len(lines) * 1e6)
        token_share.append(_tokenizer_seconds(lines, [o.text for o in observations]) / seconds)
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    rate = median(rates)
    us = {k: median(v) for k, v in per_stage.items()}
    share = median(token_share)
    without_tokens = rate / (1 - share)
    rows = "\n".join(f"| {k} | {v:.1f} |" for k, v in us.items())
    return f"""\
Command: `python -m bench inprocess --repeat {repeat}` ({pinned}; {machine()}).

| measure | median of {repeat} runs |
|---|---|
| records/s, whole pipeline (decode, adapt, align, fold, render, token counts) | **{rate:,.0f}** |
| range over the runs | {min(rates):,.0f} – {max(rates):,.0f} |
| share of time in the tokenizer (exact o200k_base counts of raw and text) | {share:.0%} |
| records/s of the stage logic alone (same run, tokenizer time taken out) | {without_tokens:,.0f} |
| peak resident memory of the process | {peak_mib:,.0f} MiB |

| stage | µs per record (median) |
|---|---|
{rows}
"""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench inprocess")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)
    body = run(args.repeat)
    write_section("inprocess", body)
    print(body)
