"""End to end on the real local broker: obsline worker vs. a plain aiokafka pass-through.

    python -m bench kafka [--seconds 20] [--partitions 8] [--guarantee at_least_once] [--repeat 1]
                          [--engines faust,batch] [--workload looped|unique]

One run measures each engine against the pass-through that does its Kafka I/O, every system
on fresh topics (unique prefix), as one separate Python process:

1. the pass-through, records forwarded unchanged: ``bench.batch_passthrough`` (one consume of
   raw, a produce to every stage topic and the state topic, the batch engine's acks,
   compression and batching: the I/O of both engines), and for faust the bare-faust floor
   (``bench.faust_passthrough``);
2. ``obsline worker`` (memory store, metrics off): the real stages, once per engine in
   ``--engines`` (default ``faust,batch``).

All are fed the dev traces (looped, task ids rewritten per loop; ``--workload unique`` also
makes every raw unlike any other, so nothing is a content-memo hit) through ``obsline.client``'s
producer as fast as they take them (a bounded number in flight), for ``--seconds``; the rate is
observations / (first publish -> last observation). Then each engine gets a constant offered load of
half its own measured rate for ``--seconds``, and the latency publish -> observation is measured per
record (the first 2 s dropped); its pass-through gets the same load, as a floor.
The broker is started with ``deploy/kafka/local.sh start`` if needed, and stopped only then.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from aiokafka.admin import AIOKafkaAdminClient

from bench import profile, s3_server
from bench.common import REPO, dev_lines, machine, median, terminate, write_section
from bench.kafka_load import Records, Sink, max_rate, paced, probe
from obsline.client import ObslineProducer
from obsline.streams.admin import ensure_topics
from obsline.streams.changelog import ensure_state_topic, state_topic
from obsline.streams.settings import Settings

LOCAL_SH = REPO / "deploy" / "kafka" / "local.sh"
WORKER_ENV: dict[str, str] = {}  # set for every process the bench starts (the S3 store's keys)
WINDOW = 2000  # records in flight at most while measuring the max rate
WARMUP = 2.0  # seconds of the latency run left out of the percentiles


class Proc:
    """A subprocess logging to a file; ``stop`` terminates, then kills."""

    def __init__(self, name: str, argv: list[str], log: Path) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("OBSLINE_")} | WORKER_ENV
        self.name, self.log = name, log
        with log.open("ab") as fh:
            self.proc = subprocess.Popen(argv, cwd=REPO, env=env, stdout=fh, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL)

    def check(self) -> None:
        if self.proc.poll() is not None:
            raise RuntimeError(f"{self.name} exited with {self.proc.returncode}:\n{self.tail()}")

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""

    def cpu(self) -> float:
        """CPU seconds (user + system) the process used so far."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return float("nan")

    def stop(self) -> None:
        terminate(self.proc, 15)


def broker_up() -> bool:
    return subprocess.run(["bash", str(LOCAL_SH), "status"], capture_output=True).returncode == 0


@contextlib.contextmanager
def local_broker() -> Iterator[str]:
    """The local broker's bootstrap address; started for the bench if it is not running, and
    then stopped again (one that was already running is left running)."""
    started = not broker_up()
    if started:
        subprocess.run(["bash", str(LOCAL_SH), "start"], check=True, stdout=subprocess.DEVNULL)
    try:
        yield "127.0.0.1:" + os.environ.get("OBSLINE_KAFKA_PORT", "9092")
    finally:
        if started:
            subprocess.run(["bash", str(LOCAL_SH), "stop"], check=False)


@contextlib.contextmanager
def s3_store(args: argparse.Namespace, tmp: Path) -> Iterator[None]:
    """With ``--store s3``: a SeaweedFS server for the run, its credentials in the workers' env."""
    args.s3 = None
    if args.store != "s3":
        yield
        return
    (tmp / "s3").mkdir(parents=True, exist_ok=True)
    args.s3 = s3_server.start(tmp / "s3")
    WORKER_ENV.update(args.s3.env() | {"OBSLINE_VAULT_KEY": secrets.token_hex(32)})
    try:
        yield
    finally:
        s3_server.stop(args.s3)


async def delete_topics(bootstrap: str, tag: str) -> None:
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        ours = [t for t in await admin.list_topics() if t.startswith(tag)]
        if ours:
            await admin.delete_topics(ours)
    finally:
        await admin.close()


class System:
    """One pipeline under test: its process, its topics, a producer and an observations sink."""

    def __init__(self, name: str, bootstrap: str, prefix: str, partitions: int, argv: list[str], tmp: Path):
        self.name, self.bootstrap, self.argv, self.tmp = name, bootstrap, argv, tmp
        self.settings = Settings(broker=f"kafka://{bootstrap}", topic_prefix=prefix, partitions=partitions)
        self.proc: Proc | None = None

    async def __aenter__(self) -> System:
        await ensure_topics(self.settings)
        await ensure_state_topic(self.bootstrap, state_topic(self.settings.topic_prefix), self.settings.partitions, 1)
        self.proc = Proc(self.name, self.argv, self.tmp / f"{self.name}.log")
        self.producer = await ObslineProducer(self.bootstrap, self.settings.topic_prefix).start()
        self.sink = await Sink(self.bootstrap, self.settings.topic("observations")).__aenter__()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        try:
            if getattr(self, "sink", None):
                await self.sink.__aexit__()
            if getattr(self, "producer", None):
                await self.producer.stop()
        finally:
            if self.proc:
                self.proc.stop()

    async def max_rate(self, records: Records, tag: str, args: argparse.Namespace) -> dict[str, float]:
        cpu0, own0 = self.proc.cpu(), time.process_time()  # type: ignore[union-attr]
        r = await max_rate(self.producer, self.sink, records, tag, args.seconds, WINDOW, 60.0 + args.seconds)
        self.proc.check()  # type: ignore[union-attr]
        r["cpu_ms"] = (self.proc.cpu() - cpu0) * 1000 / max(1, r["received"])  # type: ignore[union-attr]
        r["load_cpu_ms"] = (time.process_time() - own0) * 1000 / max(1, r["received"])
        r["cpu_share"] = (self.proc.cpu() - cpu0) / r["seconds"]  # type: ignore[union-attr]
        print(f"{self.name} {tag}: {r}", file=sys.stderr, flush=True)
        return r

    async def ready(self, records: Records, timeout: float) -> float:
        task = asyncio.create_task(probe(self.producer, self.sink, records, "p", timeout))
        while not task.done():
            await asyncio.sleep(0.5)
            if self.proc and self.proc.proc.poll() is not None:
                task.cancel()
        try:
            return await task
        except (asyncio.CancelledError, RuntimeError) as exc:
            raise RuntimeError(f"{self.name} not ready: {exc}\n{self.proc.tail() if self.proc else ''}") from exc


ENGINE_NAMES = {"faust": "obsline worker (faust)", "batch": "obsline worker --engine batch",
                "batch-nomemo": "obsline worker --engine batch --memo-entries 0"}
# Variants: the dev traces are looped, so after the first loop every raw is a content-memo hit;
# "-nomemo" measures the same engine adapting and rendering every record afresh.
ENGINE_ARGS = {"batch-nomemo": ["--engine=batch", "--memo-entries=0"]}


# The pass-through that does each engine's Kafka I/O (see the module docstring).
BOUND_OF = {"faust": "fused", "batch": "fused", "batch-nomemo": "fused"}
BOUND_NAMES = {"fused": "fused pass-through (the engines' I/O)"}
BOUND_MODULES = {"fused": "bench.batch_passthrough"}


def store_url(args: argparse.Namespace, tmp: Path, engine: str) -> str:
    """Where the worker keeps artifacts: a local folder, or the bench's S3 server (``--store s3``)."""
    return f"s3://{args.s3.bucket}/{tmp.name}-{engine}" if args.store == "s3" else str(tmp / f"artifacts-{engine}")


async def measure(args: argparse.Namespace, bootstrap: str, tag: str, tmp: Path) -> dict[str, Any]:
    records = Records(dev_lines(), unique=args.workload == "unique")
    out: dict[str, Any] = {"bounds": {}, "engines": {}}
    drain = 60.0 + args.seconds

    def bound_argv(kind: str, prefix: str, group: str) -> list[str]:
        return [sys.executable, "-m", BOUND_MODULES[kind], bootstrap, prefix, group]

    for kind in dict.fromkeys(BOUND_OF.get(e, "fused") for e in args.engines):
        prefix = f"{tag}.{kind}."
        async with System(f"passthrough-{kind}", bootstrap, prefix, args.partitions,
                          bound_argv(kind, prefix, f"{tag}-{kind}"), tmp) as pt:
            b = out["bounds"][kind] = {"ready": await pt.ready(records, 60)}
            b["runs"] = [await pt.max_rate(records, f"t{i}.", args) for i in range(args.repeat)]
    if "faust" in args.engines:  # the floor of a faust agent with the worker's writes (bench/faust_passthrough.py)
        ff_prefix = f"{tag}.ff."
        ff_argv = [sys.executable, "-m", "bench.faust_passthrough", bootstrap, ff_prefix, f"{tag}-ff"]
        async with System("faust-passthrough", bootstrap, ff_prefix, args.partitions, ff_argv, tmp) as ff:
            out["ff_ready"] = await ff.ready(records, 120)
            out["ff"] = [await ff.max_rate(records, f"t{i}.", args) for i in range(args.repeat)]
    for engine in args.engines:
        e = out["engines"][engine] = {"bound": BOUND_OF.get(engine, "fused")}
        ob_prefix, app_id = f"{tag}.{engine}.", f"{tag}-{engine}"
        engine_args = ENGINE_ARGS.get(engine, [f"--engine={engine}"])
        ob_argv = [sys.executable, "-m", "obsline", "worker", *engine_args, f"--broker=kafka://{bootstrap}",
                   f"--topic-prefix={ob_prefix}", f"--app-id={app_id}", f"--partitions={args.partitions}",
                   f"--processing-guarantee={args.guarantee}", "--table-store=memory://", "--metrics-port=-1",
                   f"--store={store_url(args, tmp, engine)}",
                   f"--data-dir={tmp / 'faust'}", f"--artifact-dir={tmp / 'artifacts'}", "--loglevel=warning"]
        async with System(f"obsline-{engine}", bootstrap, ob_prefix, args.partitions, ob_argv, tmp) as ob:
            e["ready"] = await ob.ready(records, 180)
            spy = profile.attach(ob.proc.proc.pid, args.seconds, tmp / f"{engine}.spy") if args.profile else None
            e["runs"] = [await ob.max_rate(records, f"t{i}.", args) for i in range(args.repeat)]
            if spy is not None:
                spy.wait(timeout=60 + args.seconds)
                e["profile"] = profile.summarise(tmp / f"{engine}.spy")
                e["split"] = profile.split(tmp / f"{engine}.spy")
            e["rate"] = rate = median([r["rate"] for r in e["runs"]]) / 2
            e["lat"] = await paced(ob.producer, ob.sink, records, "l.", rate, args.seconds, WARMUP, drain)
            print(f"obsline-{engine} latency: {e['lat']}", file=sys.stderr, flush=True)
        pl_prefix = f"{tag}.pl{engine}."
        async with System(f"passthrough-{e['bound']}", bootstrap, pl_prefix, args.partitions,
                          bound_argv(e["bound"], pl_prefix, f"{tag}-pl{engine}"), tmp) as pl:
            await pl.ready(records, 60)
            e["floor"] = await paced(pl.producer, pl.sink, records, "l.", rate, args.seconds, WARMUP, drain)
            print(f"passthrough latency at {rate:.0f}/s: {e['floor']}", file=sys.stderr, flush=True)
    return out


def report(args: argparse.Namespace, m: dict[str, Any], n_lines: int) -> str:
    bound = {kind: median([r["rate"] for r in b["runs"]]) for kind, b in m["bounds"].items()}
    runs = f"median of {args.repeat} runs" if args.repeat > 1 else "1 run"

    def ok(good: bool) -> str:
        return "met" if good else "**missed**"

    def ranges(rs: list[dict[str, float]]) -> str:
        return " / ".join(f"{r['rate']:,.0f}" for r in rs)

    def cpu(rs: list[dict[str, float]]) -> str:
        return (f"{median([r['cpu_ms'] for r in rs]):.2f} ms ({median([r['cpu_share'] for r in rs]):.0%} of a core); "
                f"load generator {median([r['load_cpu_ms'] for r in rs]):.2f} ms")

    rows, incomplete, ready = [], [], []
    for kind, b in m["bounds"].items():
        rows += [f"| {BOUND_NAMES[kind]}, records/s ({runs}) | **{bound[kind]:,.0f}** ({ranges(b['runs'])}) | |",
                 f"| {BOUND_NAMES[kind]}: CPU per record at max rate | {cpu(b['runs'])} | |"]
        incomplete += [f"{kind} pass-through run {i}: {r['received']:,}/{r['sent']:,}"
                       for i, r in enumerate(b["runs"]) if not r["complete"]]
        ready.append(f"{kind} pass-through {b['ready']:.1f} s")
    if m.get("ff") and "fused" in bound:
        ff = median([r["rate"] for r in m["ff"]])
        rows.append(f"| bare faust pass-through (one agent on raw forwarding to 3 topics, no stages, no tables), "
                    f"records/s | **{ff:,.0f}** ({ranges(m['ff'])}) = {ff / bound['fused']:.0%} of the fused "
                    f"pass-through | |")
    for engine, e in m["engines"].items():
        name = ENGINE_NAMES.get(engine, engine)
        pt = bound[e["bound"]]
        ob = median([r["rate"] for r in e["runs"]])
        lat, floor = e["lat"], e["floor"]
        lost = lat["steady"] - lat["measured"]
        rows += [
            f"| {name}, records/s ({runs}) | **{ob:,.0f}** ({ranges(e['runs'])}) | |",
            f"| {name} / {BOUND_NAMES[e['bound']]} | **{ob / pt:.0%}** | ≥ 50%: {ok(ob / pt >= 0.5)} |",
            f"| {name}: offered load for latency (half of its rate) | {lat['offered']:,.0f} records/s for "
            f"{args.seconds:g} s | |",
            f"| {name}: latency publish -> observation, p50 / p90 / p99 / max | **{lat['p50']:.0f}** / "
            f"{lat['p90']:.0f} / **{lat['p99']:.0f}** / {lat['max']:.0f} ms | p99 < 100 ms: {ok(lat['p99'] < 100)} |",
            f"| pass-through latency at the same load (floor), p50 / p99 / max | {floor['p50']:.0f} / "
            f"{floor['p99']:.0f} / {floor['max']:.0f} ms | |",
            f"| {name}: CPU per record at max rate | {cpu(e['runs'])} | |",
            f"| {name}: records in the latency percentiles (first {WARMUP:g} s dropped) | {lat['measured']:,} of "
            f"{lat['steady']:,} published{f', **{lost:,} missing**' if lost else ''} | |",
        ]
        incomplete += [f"{engine} run {i}: {r['received']:,}/{r['sent']:,}" for i, r in enumerate(e["runs"])
                       if not r["complete"]]
        ready.append(f"{engine} {e['ready']:.1f} s")
    table = "\n".join(rows)
    spied = "".join(f"\n\nProfile of {ENGINE_NAMES.get(engine, engine)} during its first max-rate run "
                    f"(`--profile`, py-spy, bench/profile.py):\n\n"
                    + "".join(f"- {name}: {share:.1%} of the samples\n" for name, share in e.get("split", []))
                    + f"\n{profile.table(*e['profile'])}"
                    for engine, e in m["engines"].items() if e.get("profile"))
    workload = ("; `--workload unique`: every raw also carries a request id of its own (in its first JSON "
                "object, else appended), so no raw repeats and nothing is a content-memo hit"
                if args.workload == "unique" else "; after the first loop every raw is a content-memo hit")
    cmd = (f"python -m bench kafka --seconds {args.seconds:g} --partitions {args.partitions} "
           f"--guarantee {args.guarantee} --engines {','.join(args.engines)} --workload {args.workload}"
           + (f" --repeat {args.repeat}" if args.repeat > 1 else "") + (" --profile" if args.profile else "")
           + (" --store s3" if args.store == "s3" else ""))
    return f"""\
Command: `{cmd}` ({machine()}; local single-node broker, `deploy/kafka/local.sh`).

Every system runs as one separate Python process on fresh topics (unique prefix), {args.partitions} partitions,
chain raw -> fragments -> snapshots -> observations; the load generator (`obsline.client` producer,
acks=all, idempotent, linger 5 ms; one observations consumer) runs in the bench process. The dev traces
({n_lines:,} records) are replayed in loops with `task_id` rewritten per loop{workload}. The obsline workers run with
`{args.guarantee}`, metrics off: the faust engine (one agent on raw running the stages per record, a take
of records at a time, memory store, changelogged tables) and the batch engine (`--engine batch`: one aiokafka consumer on raw, the three stages in-process
per record, every stage topic still written, state rows to a compacted changelog, commit after the acks).
Both engines are compared with the fused pass-through (`bench/batch_passthrough.py`, values forwarded
unchanged: one consume of raw, each record produced to fragments, snapshots, observations and the state
topic, lz4, acks=all, linger 1 ms, the batch engine's producer batches, commit after the acks every 1 s),
the Kafka I/O both now do (the faust engine's writes are uncompressed; until it was one agent on raw it
was compared with a three-hop pass-through, removed since).

| measure | value | target |
|---|---|---|
{table}

Max rate = observations / (first publish -> last observation), publishing as fast as the
pipeline takes records (at most {WINDOW:,} in flight) for {args.seconds:g} s, then draining. Latency
= arrival at the bench consumer - `ts` set at publish, per (task_id, step_id, action_id); each engine
is loaded at half of its own max rate, the pass-through floor at the same rate.
Readiness (first observations after start, partitions assigned): {', '.join(ready)}.\
{' Incomplete drains: ' + '; '.join(incomplete) + '.' if incomplete else ''}{spied}
"""


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="python -m bench kafka", description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=20.0, help="seconds of load per measurement")
    p.add_argument("--partitions", type=int, default=8)
    p.add_argument("--guarantee", choices=("at_least_once", "exactly_once"), default="at_least_once")
    p.add_argument("--repeat", type=int, default=1, help="max-rate runs per system (median reported)")
    p.add_argument("--engines", type=lambda v: [e for e in v.split(",") if e], default=["faust", "batch"],
                   help="obsline engines to measure, comma-separated (default faust,batch)")
    p.add_argument("--workload", choices=("looped", "unique"), default="looped",
                   help="looped: the dev traces again and again (every raw a memo hit after the first loop); "
                        "unique: every raw made unlike any other (no memo hits)")
    p.add_argument("--profile", action="store_true",
                   help="sample each obsline worker with py-spy during its first max-rate run (bench/profile.py)")
    p.add_argument("--store", choices=("local", "s3"), default="local",
                   help="the workers' artifact store: a local folder, or a SeaweedFS S3 server the bench starts "
                        "(bench/s3_server.py)")
    p.add_argument("--no-write", action="store_true", help="print the section, leave docs/benchmarks.md alone")
    args = p.parse_args(argv)
    tag = f"bench-{uuid.uuid4().hex[:8]}"
    tmp = Path(tempfile.mkdtemp(prefix=f"{tag}-"))
    with local_broker() as bootstrap, s3_store(args, tmp):
        try:
            _run(args, bootstrap, tag, tmp)
        finally:
            try:
                asyncio.run(delete_topics(bootstrap, tag))
            except Exception as exc:  # cleanup only
                print(f"could not delete the {tag}* topics: {exc}", file=sys.stderr)
            shutil.rmtree(tmp, ignore_errors=True)


def _run(args: argparse.Namespace, bootstrap: str, tag: str, tmp: Path) -> None:
    t0 = time.monotonic()
    m = asyncio.run(measure(args, bootstrap, tag, tmp))
    body = report(args, m, len(dev_lines()))
    print(body)
    print(f"(bench took {time.monotonic() - t0:.0f} s)", file=sys.stderr)
    if not args.no_write:
        section = "kafka" if args.workload == "looped" else "kafka-unique"
        write_section(section + ("-s3" if args.store == "s3" else ""), body)
