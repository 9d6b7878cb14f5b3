"""Load side of ``bench.kafka``: the records, the feeders, and the observations sink.

The dev traces are replayed in loops; each loop rewrites ``task_id`` to ``<task>#<tag><loop>``
(everything else kept) so replayed tasks are new tasks, not duplicates folded by dedup. A
record is identified by (task_id, step_id, action_id): action ids repeat within a task.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import orjson
from aiokafka import AIOKafkaConsumer

from obsline.client import ObslineProducer

Triple = tuple[str, int, str]


class Records:
    def __init__(self, lines: list[bytes], *, unique: bool = False) -> None:
        self.parsed = [orjson.loads(line) for line in lines]
        self.unique = unique

    def stream(self, tag: str) -> Iterator[dict[str, Any]]:
        """Endless: loop 0, 1, 2... of the traces, task ids suffixed ``#<tag><loop>``; with
        ``unique``, every raw also made unlike any other (``unique_raw``)."""
        loop, n = 0, 0
        while True:
            for d in self.parsed:
                out = {**d, "task_id": f"{d['task_id']}#{tag}{loop}"}
                if self.unique:
                    n += 1
                    out["raw"] = unique_raw(d["raw"], f"{tag}{n}")
                yield out
            loop += 1


def unique_raw(raw: Any, nonce: str) -> Any:
    """The raw with a request id in its first JSON object (or appended to plain text), so no
    two records share content: every record misses the content memos, as a fleet whose results
    never repeat would."""
    if not isinstance(raw, str):
        return {"request_id": nonce, "result": raw}
    i = raw.find('{"')
    if i >= 0:
        return f'{raw[:i + 1]}"request_id": "{nonce}", {raw[i + 1:]}'
    return f"{raw} (request {nonce})"


class Sink:
    """Reads ``<prefix>observations`` from the beginning; counts (and times) the records of one tag."""

    def __init__(self, bootstrap: str, topic: str) -> None:
        self.consumer = AIOKafkaConsumer(topic, bootstrap_servers=bootstrap, group_id=None,
                                         auto_offset_reset="earliest", enable_auto_commit=False,
                                         isolation_level="read_committed")
        self.tag = b""
        self.published: dict[Triple, float] = {}  # only when latencies are wanted
        self.reset("")
        self._task: asyncio.Task[None] | None = None
        self.changed = asyncio.Event()

    def reset(self, tag: str, *, latencies: bool = False) -> None:
        self.tag = f"#{tag}".encode()
        self.count, self.first, self.last = 0, 0.0, 0.0
        self.latencies: list[tuple[float, float]] | None = [] if latencies else None  # (published, latency)
        self.published = {}
        self.seen: set[Triple] = set()

    async def __aenter__(self) -> Sink:
        await self.consumer.start()
        self._task = asyncio.create_task(self._run())
        return self

    async def __aexit__(self, *exc: Any) -> None:
        if self._task:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        await self.consumer.stop()

    async def _run(self) -> None:
        while True:
            batches = await self.consumer.getmany(timeout_ms=20)
            now = time.time()
            for records in batches.values():
                for rec in records:
                    if not rec.key or self.tag not in rec.key:
                        continue
                    if self.latencies is not None:
                        d = orjson.loads(rec.value)
                        triple = (d["task_id"], d["step_id"], d["action_id"])
                        if triple in self.seen:  # a replay (at-least-once): count the first only
                            continue
                        self.seen.add(triple)
                        sent = self.published.get(triple)
                        if sent is not None:
                            self.latencies.append((sent, now - sent))
                    self.count += 1
                    self.last = now
            if batches:
                self.changed.set()

    async def wait_count(self, n: int, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while self.count < n:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), min(left, 1.0))
            except TimeoutError:
                pass
        return True


async def probe(producer: ObslineProducer, sink: Sink, records: Records, tag: str, timeout: float) -> float:
    """Publish a few records and wait for their observations: the pipeline is up and assigned."""
    sink.reset(tag)
    start = time.monotonic()
    stream = records.stream(tag)
    n = 16  # enough distinct tasks to touch several partitions
    for _ in range(n):
        d = next(stream)
        await producer.publish_bytes(orjson.dumps(d), key=d["task_id"])
    await producer.flush()
    if not await sink.wait_count(n, timeout):
        raise RuntimeError(f"probe: {sink.count}/{n} observations after {timeout:.0f}s")
    return time.monotonic() - start


async def max_rate(producer: ObslineProducer, sink: Sink, records: Records, tag: str, seconds: float,
                   window: int, drain: float) -> dict[str, float]:
    """Publish as fast as the pipeline takes it (at most ``window`` records in flight) for
    ``seconds``; rate = observations / (first publish -> last observation)."""
    sink.reset(tag)
    stream = records.stream(tag)
    sent = 0
    start = time.time()
    while time.time() - start < seconds:
        if sent - sink.count >= window:
            sink.changed.clear()
            try:
                await asyncio.wait_for(sink.changed.wait(), 0.05)
            except TimeoutError:
                pass
            continue
        for _ in range(100):
            d = next(stream)
            d["ts"] = time.time()
            await producer.publish_bytes(orjson.dumps(d), key=d["task_id"])
        sent += 100
    await producer.flush()
    complete = await sink.wait_count(sent, drain)
    elapsed = sink.last - start
    return {"sent": sent, "received": sink.count, "seconds": elapsed, "rate": sink.count / elapsed,
            "complete": float(complete)}


async def paced(producer: ObslineProducer, sink: Sink, records: Records, tag: str, rate: float,
                seconds: float, warmup: float, drain: float) -> dict[str, float]:
    """Publish at ``rate`` records/s for ``seconds``; latency publish -> observation per record,
    percentiles over the records published after ``warmup`` seconds."""
    sink.reset(tag, latencies=True)
    stream = records.stream(tag)
    sent = 0
    start = time.time()
    while (elapsed := time.time() - start) < seconds:
        due = int(elapsed * rate) + 1
        while sent < due:
            d = next(stream)
            d["ts"] = now = time.time()
            sink.published[(d["task_id"], d["step_id"], d["action_id"])] = now
            await producer.publish_bytes(orjson.dumps(d), key=d["task_id"])
            sent += 1
        await asyncio.sleep(0.002)
    publish_seconds = time.time() - start
    await producer.flush()
    await sink.wait_count(sent, drain)
    lat = sorted(ms * 1000 for t, ms in (sink.latencies or []) if t - start >= warmup)
    steady = sum(1 for t in sink.published.values() if t - start >= warmup)

    def pct(q: float) -> float:
        return lat[min(len(lat) - 1, max(0, round(q * len(lat)) - 1))] if lat else float("nan")

    return {"sent": sent, "offered": sent / publish_seconds, "received": sink.count, "steady": steady,
            "measured": len(lat), "p50": pct(0.50), "p90": pct(0.90), "p99": pct(0.99),
            "max": lat[-1] if lat else float("nan")}
