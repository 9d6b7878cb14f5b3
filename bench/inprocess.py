"""In-process speed on the dev traces: records/s on one core, and microseconds per stage.

    python -m bench inprocess [--repeat 7]

Each repetition replays all 4,313 records through fresh task state and cold memos, once with
the content memos and once without. Reported: the medians of the repetitions (the machine is
noisy), per-stage microseconds per record, the memo hit rate, the share of the tokenizer
(o200k_base counts of raw and text), and peak memory.
"""

from __future__ import annotations

import argparse
import resource
import time

from bench.common import dev_lines, machine, median, pin_to_one_core, write_section
from obsline.core import tokens
from obsline.core.memo import DEFAULT_ENTRIES
from obsline.pipeline import Runner, Stages, tune_gc


def _tokenizer_seconds(lines: list[bytes], texts: list[str]) -> float:
    import orjson

    raws = [r if isinstance(r := orjson.loads(line)["raw"], str) else orjson.dumps(r).decode() for line in lines]
    start = time.perf_counter()
    for text in raws + texts:
        tokens.exact_count(text)
    return time.perf_counter() - start


def _one_pass(lines: list[bytes], memo_entries: int) -> tuple[float, Runner, list[str], Stages]:
    stages = Stages.default(memo_entries=memo_entries)  # cold memos: only repeats within the pass hit
    runner = Runner(stages)
    start = time.perf_counter()
    texts = [p.observation.text for p in runner.run(lines)]
    return time.perf_counter() - start, runner, texts, stages


def _passes(lines: list[bytes], repeat: int) -> tuple[dict[str, list[float]], dict[str, list[float]],
                                                     list[float], list[float]]:
    """``repeat`` passes with the memos on and off: records/s per setting, µs per record per
    stage (memos on), the tokenizer's share of the time (memos off), the adapt memo's hit rate."""
    rates: dict[str, list[float]] = {"on": [], "off": []}
    per_stage: dict[str, list[float]] = {k: [] for k in ("decode", "adapt", "align", "observe")}
    token_share, hit_rate = [], []
    for _ in range(repeat):  # both settings in every repetition, so their ratio is like for like
        for setting, entries in (("on", DEFAULT_ENTRIES), ("off", 0)):
            seconds, runner, texts, stages = _one_pass(lines, entries)
            rates[setting].append(len(lines) / seconds)
            if setting == "on":
                for stage, total in runner.times.seconds.items():
                    per_stage[stage].append(total / len(lines) * 1e6)
                hit_rate.append(stages.adapt_memo.contents.hit_rate)
            else:
                token_share.append(_tokenizer_seconds(lines, texts) / seconds)
    return rates, per_stage, token_share, hit_rate


def run(repeat: int) -> str:
    pinned = pin_to_one_core()
    lines = dev_lines()
    list(Runner(Stages.default()).run(lines[:500]))  # warm caches (contracts, tokenizer, regexes)
    tune_gc()  # as `obsline replay` and the workers run
    rates, per_stage, token_share, hit_rate = _passes(lines, repeat)
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    on, off = median(rates["on"]), median(rates["off"])
    us = {k: median(v) for k, v in per_stage.items()}
    rows = "\n".join(f"| {k} | {v:.1f} |" for k, v in us.items())
    return f"""\
Command: `python -m bench inprocess --repeat {repeat}` ({pinned}; {machine()}).

Each pass replays the 4,313 dev records through fresh task state and **cold** content memos
(`obsline/memo.py`), so a memo hit is a raw that repeats within the file: {median(hit_rate):.0%} of
records hit the adapt memo. "Memo off" (`memo_entries=0`) adapts, folds, renders and counts
every record afresh: the speed on a workload where no two raws are alike.

| measure | median of {repeat} runs |
|---|---|
| records/s, whole pipeline (decode, adapt, align, fold, render, exact token counts) | **{on:,.0f}** |
| range over the runs | {min(rates["on"]):,.0f} – {max(rates["on"]):,.0f} |
| records/s with the memos off (same runs) | {off:,.0f} (range {min(rates["off"]):,.0f} – {max(rates["off"]):,.0f}) |
| ratio memo on / off | {on / off:.2f} |
| share of the memo-off time in the tokenizer (exact o200k_base counts of raw and text) | {median(token_share):.0%} |
| peak resident memory of the process | {peak_mib:,.0f} MiB |

| stage (memo on) | µs per record (median) |
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
