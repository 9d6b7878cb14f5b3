"""In-process speed on the dev traces: records/s on one core, and microseconds per stage.

    python -m bench inprocess [--repeat 7] [--stores none,local,s3] [--no-write]

Each repetition replays all 4,313 records through fresh task state and cold memos, once with
the content memos and once without. Reported: the medians of the repetitions (the machine is
noisy), per-stage microseconds per record, the memo hit rate, the share of the tokenizer
(o200k_base counts of raw and text), and peak memory.

``--stores``: memo off, the replay with each store side by side in every repetition (``none``:
no artifact store, as above; ``local``: a local folder; ``s3``: a SeaweedFS S3 server the bench
starts, bench/s3_server.py), as ``obsline replay --artifacts`` runs: every raw put, the vault
beside it, flushed at the end. Reported: wall records/s, the replay's own CPU ms a record
(``time.process_time``: what a loaded machine does not move), and the S3 server's CPU beside it.
"""

from __future__ import annotations

import argparse
import os
import resource
import secrets
import shutil
import tempfile
import time
from pathlib import Path

from bench.common import dev_lines, machine, median, pin_to_one_core, write_section
from obsline.core import tokens
from obsline.core.memo import DEFAULT_ENTRIES
from obsline.pipeline import Runner, Stages, Stores, tune_gc


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


def _proc_cpu(pid: int) -> float:
    """CPU seconds (user + system) of another process so far, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _store_pass(lines: list[bytes], where: str | None, server_pid: int | None) -> tuple[float, float, float]:
    """One memo-off replay with the artifact store at ``where`` (None: no store): wall seconds,
    this process's CPU seconds, the S3 server's CPU seconds (0 without one)."""
    from obsline.stores.artifacts import ArtifactStore
    from obsline.stores.vault import SecretVault

    store = ArtifactStore(where) if where else None
    stages = Stages.default(memo_entries=0, artifact_key=store.key if store else None)
    runner = Runner(stages, stores=Stores(store, SecretVault.beside(store) if store else None))
    server0 = _proc_cpu(server_pid) if server_pid else 0.0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for _ in runner.run(lines):
        pass
    if store is not None:
        store.flush()
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return wall, cpu, (_proc_cpu(server_pid) - server0) if server_pid else 0.0


Passes = dict[str, list[tuple[float, float, float]]]  # store -> (wall, CPU, S3 server CPU) seconds a pass


def run_stores(repeat: int, kinds: list[str]) -> str:
    """Memo off, each store in every repetition (alternating, so load hits them alike)."""
    lines = dev_lines()
    list(Runner(Stages.default()).run(lines[:500]))  # warm caches
    tune_gc()
    tmp = Path(tempfile.mkdtemp(prefix="inprocess-stores-"))
    try:
        got = _store_passes(lines, repeat, kinds, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return _stores_table(got, len(lines), repeat, kinds)


def _store_passes(lines: list[bytes], repeat: int, kinds: list[str], tmp: Path) -> Passes:
    from bench import s3_server

    server = None
    saved = dict(os.environ)
    try:
        if "s3" in kinds:
            (tmp / "s3").mkdir()
            server = s3_server.start(tmp / "s3")
            os.environ.update(server.env() | {"OBSLINE_VAULT_KEY": saved.get("OBSLINE_VAULT_KEY") or secrets.token_hex(32)})
        got: Passes = {k: [] for k in kinds}
        for i in range(repeat):
            for kind in kinds:
                where = {"none": None, "local": str(tmp / f"local-{i}"),
                         "s3": server.url(f"replay-{i}") if server else None}[kind]
                got[kind].append(_store_pass(lines, where, server.proc.pid if kind == "s3" and server else None))
        return got
    finally:
        os.environ.clear()
        os.environ.update(saved)
        if server is not None:
            s3_server.stop(server)


def _stores_table(got: Passes, n: int, repeat: int, kinds: list[str]) -> str:
    rows = []
    for kind in kinds:
        wall = median([n / w for w, _, _ in got[kind]])
        cpu = [c / n * 1e3 for _, c, _ in got[kind]]
        server = f"{median([s / n * 1e3 for _, _, s in got[kind]]):.3f}" if kind == "s3" else "-"
        rows.append(f"| {kind} | {wall:,.0f} | **{median(cpu):.3f}** (least {min(cpu):.3f}) | {server} |")
    return (f"Command: `python -m bench inprocess --repeat {repeat} --stores {','.join(kinds)}` ({machine()}; load "
            f"{os.getloadavg()[0]:.1f} at the end). Memo off, the 4,313 dev records a pass, the stores alternating in "
            "each of the repetitions; wall clock is the machine's load as much as ours, CPU is this process's.\n\n"
            "| store | records/s (wall, median) | replay CPU ms a record (median) | S3 server CPU ms a record |\n"
            "|---|---|---|---|\n" + "\n".join(rows) + "\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench inprocess")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--stores", type=lambda v: [k for k in v.split(",") if k], default=None,
                        help="memo off with each artifact store side by side: none, local, s3")
    parser.add_argument("--no-write", action="store_true", help="print, leave docs/benchmarks.md alone")
    args = parser.parse_args(argv)
    if args.stores:
        body = run_stores(args.repeat, args.stores)
        name = "inprocess-stores"
    else:
        body, name = run(args.repeat), "inprocess"
    if not args.no_write:
        write_section(name, body)
    print(body)
