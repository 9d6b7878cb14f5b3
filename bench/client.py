"""python -m bench client: what an ``ObservationConsumer`` holds and reads, on the local broker.

    memory   100,000 observations of one task (and three bad records) on the topic; the consumer
             only ``wait_for``s every 1,000th; RSS sampled as it goes (flat = bounded buffer)
    reads    history of other tasks, then 1, 100 and 1,000 agents' tasks among other traffic;
             records and bytes each consumer read per task, against the whole topic

Writes the "client" section of docs/benchmarks.md. Broker: OBSLINE_KAFKA_PORT (default 9092),
started with deploy/kafka/local.sh; topics get a fresh prefix per run.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import subprocess
import time
import types
import uuid
from collections.abc import Iterable, Iterator
from typing import Any

import orjson
from aiokafka import AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient, NewTopic

from bench.common import REPO, machine, write_section
from obsline.client import ObservationConsumer
from obsline.core import codec
from obsline.pipeline import Runner, Stages
from workload.generate import generate


def rss_mb() -> float:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def templates(n: int = 200) -> list[dict[str, Any]]:
    """Real observations (the generated fleet workload through the Runner), as JSON objects."""
    lines = [e.encode() for e in generate(20, 1, malformed=0.0, huge=False)][:n]
    return [orjson.loads(codec.encode(p.observation)) for p in Runner(Stages.default()).run(lines)]


def observation(template: dict[str, Any], task: str, step: int) -> bytes:
    return orjson.dumps({**template, "task_id": task, "step_id": step, "action_id": f"call-{step}"})


async def create_topic(bootstrap: str, topic: str, partitions: int) -> None:
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        await admin.create_topics([NewTopic(topic, partitions, 1)])
    finally:
        await admin.close()


async def fill(bootstrap: str, topic: str, records: Iterable[tuple[bytes | None, bytes | None]]) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=20, max_batch_size=1 << 20,
                                compression_type="lz4", acks=1)
    await producer.start()
    try:
        pending = []
        for k, v in records:
            pending.append(await producer.send(topic, value=v, key=k))
            if len(pending) >= 5000:  # bounded: the filler must not be what RSS measures
                await asyncio.gather(*pending)
                pending.clear()
        await asyncio.gather(*pending)
    finally:
        await producer.stop()


def main_consumer() -> type:
    """The ObservationConsumer of branch main (before issue 11), for the before/after figures."""
    source = subprocess.run(["git", "show", "main:obsline/client.py"], cwd=REPO, capture_output=True,
                            text=True, check=True).stdout
    module = types.ModuleType("obsline_client_main")
    exec(compile(source, "main:obsline/client.py", "exec"), module.__dict__)  # noqa: S102 - our own history
    return module.ObservationConsumer


def _memory_records(task: str, n: int, poison: bool = True) -> Iterator[tuple[bytes | None, bytes | None]]:
    tpl = templates()
    bad: dict[int, bytes | None] = {n // 4: None, n // 2: b"not json {", 3 * n // 4: b'{"task_id": "memory-task"}'}
    if not poison:
        bad = {}
    for i in range(n):
        if i in bad:
            yield task.encode(), bad[i]
        yield task.encode(), observation(tpl[i % len(tpl)], task, i)


async def _wait_every(consumer: Any, task: str, n: int, every: int) -> list[tuple[int, float]]:
    samples = []
    for i in range(every - 1, n, every):
        obs = await consumer.wait_for(task, f"call-{i}", timeout=60)
        assert obs.step_id == i
        samples.append((i + 1, rss_mb()))
    return samples


async def memory_run(bootstrap: str, prefix: str, n: int = 100_000, every: int = 1000,
                     compare_main: bool = False) -> dict[str, Any]:
    """n observations of one task; the consumer waits for every ``every``-th only."""
    topic, task = f"{prefix}observations", "memory-task"
    await create_topic(bootstrap, topic, 4)
    since = time.time() - 1
    t0 = time.perf_counter()
    await fill(bootstrap, topic, _memory_records(task, n))
    filled = time.perf_counter() - t0
    gc.collect()
    rss_start = rss_mb()
    t0 = time.perf_counter()
    async with ObservationConsumer(bootstrap, prefix, tasks={task}, since=since) as consumer:
        samples = await _wait_every(consumer, task, n, every)
        stats = {**vars(consumer.stats), "skipped": dict(consumer.stats.skipped)}
        held = consumer.buffered()
    out = {"observations": n, "fill_s": filled, "consume_s": time.perf_counter() - t0, "samples": samples,
           "rss_start_mb": rss_start, "rss_first_mb": samples[len(samples) // 10][1], "rss_last_mb": samples[-1][1],
           "rss_max_mb": max(r for _, r in samples), "buffered_at_end": held, **stats}
    if compare_main:  # on a topic without the bad records: the first one stops main's consumer
        await create_topic(bootstrap, f"{prefix}main.observations", 4)
        await fill(bootstrap, f"{prefix}main.observations", _memory_records(task, n, poison=False))
        gc.collect()
        before = rss_mb()
        old = main_consumer()(bootstrap, f"{prefix}main.", tasks={task})
        await old.start()
        try:
            old_samples = await _wait_every(old, task, n, every)
        except Exception as exc:  # main's consumer raises on the first bad record
            out["main_error"] = repr(exc)[:120]
            old_samples = [(0, rss_mb())]
        finally:
            await old.stop()
        out.update(main_rss_start_mb=before, main_rss_last_mb=old_samples[-1][1],
                   main_rss_max_mb=max(r for _, r in old_samples))
    return out


async def reads_run(bootstrap: str, prefix: str, sizes: tuple[int, ...] = (1, 100, 1000), steps: int = 5,
                    history: int = 20_000, background: int = 5_000, partitions: int = 8) -> list[dict[str, Any]]:
    """Bytes read per task for consumers of 1, 100, 1,000 tasks that start after a history."""
    topic = f"{prefix}observations"
    await create_topic(bootstrap, topic, partitions)
    tpl = templates()
    old = [(f"old-{i % 1000}".encode(), observation(tpl[i % len(tpl)], f"old-{i % 1000}", i // 1000))
           for i in range(history)]
    await fill(bootstrap, topic, old)
    await asyncio.sleep(0.05)
    since = time.time()
    live = _live_records(tpl, max(sizes), background, steps)
    await fill(bootstrap, topic, live)
    on_topic = {"topic_records": len(old) + len(live),
                "topic_bytes": sum(len(k or b"") + len(v or b"") for k, v in old + live)}
    return [await _read_tasks(bootstrap, prefix, [f"live-{t}" for t in range(size)], since, steps, on_topic)
            for size in sizes]


def _live_records(tpl: list[Any], live_tasks: int, background: int, steps: int) -> list[tuple[bytes | None, bytes | None]]:
    """Per step, one observation of each live task and a share of the other tasks' records."""
    live: list[tuple[bytes | None, bytes | None]] = []
    for s in range(steps):
        live += [(f"live-{t}".encode(), observation(tpl[(t + s) % len(tpl)], f"live-{t}", s)) for t in range(live_tasks)]
        live += [(f"bg-{i}".encode(), observation(tpl[i % len(tpl)], f"bg-{i}", s))
                 for i in range(background // steps)]
    return live


async def _read_tasks(bootstrap: str, prefix: str, tasks: list[str], since: float, steps: int,
                      on_topic: dict[str, int]) -> dict[str, Any]:
    """One consumer of ``tasks`` waiting for each one's ``steps`` observations: what it read
    (beside ``on_topic``: what the topic holds)."""
    rss0, t0 = rss_mb(), time.perf_counter()
    async with ObservationConsumer(bootstrap, prefix, tasks=tasks, since=since) as consumer:
        async def one(task: str, c: ObservationConsumer = consumer) -> int:
            return sum([1 for _ in [await c.wait_for(task, f"call-{s}", timeout=120) for s in range(steps)]])
        got = sum(await asyncio.gather(*(one(t) for t in tasks)))
        st = consumer.stats
        partitions_read = len({c for c in consumer._consumer.assignment()})
    size = len(tasks)
    return {"tasks": size, "observations": got, "partitions_read": partitions_read,
            "records_read": st.records_read, "bytes_read": st.bytes_read,
            "bytes_per_task": st.bytes_read / size, **on_topic, "seconds": time.perf_counter() - t0,
            "rss_delta_mb": rss_mb() - rss0, "rss_mb": rss_mb()}


def report(mem: dict[str, Any], reads: list[dict[str, Any]]) -> str:
    lines = [
        "## Client (`python -m bench client`)", "",
        f"{machine()}; local broker; `ObservationConsumer` defaults (max_buffered 4,096, drop_oldest).", "",
        f"**Memory, `wait_for` only**: {mem['observations']:,} observations of one task on the topic "
        f"(plus a tombstone, a non-JSON value and an incomplete observation), the consumer waits for every "
        f"1,000th. RSS {mem['rss_start_mb']:.0f} MB before reading (the process also built and sent the "
        f"workload), {mem['rss_first_mb']:.0f} MB at 10% read, {mem['rss_last_mb']:.0f} MB at the end "
        f"(max {mem['rss_max_mb']:.0f} MB): {mem['dropped']:,} unclaimed observations dropped oldest-first, "
        f"{mem['buffered_at_end']:,} held at the end; skipped {dict(mem['skipped'])}; "
        f"read in {mem['consume_s']:.1f} s.",
        "" if "main_rss_last_mb" not in mem else
        f"Main's consumer, same run without the bad records (the first one makes its `wait_for` raise): "
        f"RSS {mem['main_rss_start_mb']:.0f} MB before, {mem['main_rss_last_mb']:.0f} MB at the end "
        f"(+{mem['main_rss_last_mb'] - mem['main_rss_start_mb']:.0f} MB, never released).", "",
        "**Reads per task**: a history of 20,000 observations of 1,000 other tasks, then the agents' "
        "tasks (5 observations each) among 5,000 records of other tasks; each consumer starts its tasks at "
        "the time between the two (`since`). Main's consumer read every partition from the topic's beginning "
        "(all the topic's records and bytes below, for any number of tasks).", "",
        "| tasks | partitions read | records read | bytes read | bytes per task | topic records / bytes | s | RSS change |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in reads:
        lines.append(f"| {r['tasks']:,} | {r['partitions_read']} | {r['records_read']:,} | {r['bytes_read']:,} | "
                     f"{r['bytes_per_task']:,.0f} | {r['topic_records']:,} / {r['topic_bytes']:,} | "
                     f"{r['seconds']:.1f} | {r['rss_delta_mb']:+.0f} MB |")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench client")
    parser.add_argument("--observations", type=int, default=100_000)
    parser.add_argument("--no-write", action="store_true", help="print, do not update docs/benchmarks.md")
    parser.add_argument("--no-main", action="store_true", help="skip the run of main's consumer (before/after)")
    args = parser.parse_args(argv)
    bootstrap = f"127.0.0.1:{os.environ.get('OBSLINE_KAFKA_PORT', '9092')}"
    run = uuid.uuid4().hex[:8]
    mem = asyncio.run(memory_run(bootstrap, f"bc{run}m.", args.observations, compare_main=not args.no_main))
    reads = asyncio.run(reads_run(bootstrap, f"bc{run}r."))
    text = report(mem, reads)
    print(text)
    if not args.no_write:
        write_section("client", text)


__all__ = ["memory_run", "reads_run", "rss_mb"]
