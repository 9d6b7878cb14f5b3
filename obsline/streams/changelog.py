"""Plumbing of the batch engine (``streams/batch.py``): state rows and their compacted
changelog, output batches, the per-batch metrics tally.

Each assigned partition p of ``<prefix>raw`` has one ``Store``: a dict of row key -> row
bytes with the layout of ``streams/state.py`` (``task\\x1fsection\\x1fkey``), so
``TaskState``/``TableView`` work on it unchanged. Every write and delete is also noted in
``dirty``; after each batch the engine sends the dirty rows to partition p of the compacted
topic ``<prefix>state`` (value None = tombstone) before it commits the raw offsets. A worker
that gets partition p reads ``<prefix>state`` partition p from the beginning to its end
offset and has the rows back.

Rows besides the stage sections (see ``streams/state.py`` for ``row_key``)::

    task\\x1fo\\x1fstep/action   the observation emitted for that record (replayed, not re-folded)
    task\\x1fs\\x1f              last seen, epoch seconds (rewritten at most every TTL/10)
    task\\x1fx\\x1f              the task's state was expired at this epoch (marker)
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import TopicAlreadyExistsError

from obsline.core.models import Observation
from obsline.sinks.metrics import ERROR_CODES, OTHER, STAGES, STATUSES, PipelineMetrics
from obsline.streams.claimcheck import CLAIM_PREFIX
from obsline.streams.state import SEP, task_prefix

log = logging.getLogger("obsline.streams.changelog")

_BASELINE = SEP + b"baselines" + SEP
_OBSERVATION = SEP + b"o" + SEP
Sends = dict[tuple[str, int], list[tuple[Any, int]]]  # (topic, partition) -> (ack future, records) per batch


class Store(dict[bytes, bytes]):
    """Rows of one partition; writes and deletes are remembered until ``take_dirty``.
    Baseline rows are counted as they come and go: scanning every row for the gauge stalled
    the loop ~100 ms every 5 s once a worker held a few hundred thousand rows.

    ``take_dirty`` hands out the observation rows (``o``) of the batch before every other row:
    a partition's changelog is written in order (one request in flight per broker), so any
    prefix of it that a crash leaves holds the observation of every record whose baselines it
    holds, and a replayed record is never folded against itself."""

    def __init__(self) -> None:
        super().__init__()
        self.dirty: dict[bytes, bytes | None] = {}
        self.dirty_first: dict[bytes, bytes | None] = {}
        self.baselines = 0

    def __setitem__(self, key: bytes, value: bytes) -> None:
        if _BASELINE in key and key not in self:
            self.baselines += 1
        dict.__setitem__(self, key, value)
        (self.dirty_first if _OBSERVATION in key else self.dirty)[key] = value

    def __delitem__(self, key: bytes) -> None:
        dict.__delitem__(self, key)
        self.dirty[key] = None
        if _BASELINE in key:
            self.baselines -= 1

    def load(self, key: bytes, value: bytes | None) -> None:
        """Apply a changelog record (restore): not dirty."""
        had = key in self
        if value is None:
            dict.pop(self, key, None)
        else:
            dict.__setitem__(self, key, value)
        if _BASELINE in key and had != (value is not None):
            self.baselines += 1 if value is not None else -1

    def take_dirty(self) -> dict[bytes, bytes | None]:
        """The rows changed since the last call, observation rows first (see the class)."""
        first, dirty, self.dirty_first, self.dirty = self.dirty_first, self.dirty, {}, {}
        if not first:
            return dirty
        first.update(dirty)
        return first


@dataclasses.dataclass
class Source:
    """What ``dead_letter_value`` reads of a consumed record (timestamp in seconds, as faust's)."""

    topic: str
    partition: int
    offset: int
    timestamp: float
    value: bytes | None


class Tally:
    """The metrics of one batch, handed to ``PipelineMetrics`` once per batch: a dozen metric
    calls per record cost as much as half the stage logic."""

    def __init__(self) -> None:
        self.stages = {stage: [0.0, 0] for stage in STAGES}
        self.obs: Counter[tuple[str, str | None, str]] = Counter()
        self.raw_tokens = self.text_tokens = self.conflicts = self.suspicious = 0
        self.latencies: list[float] = []
        self.loop: list[Any] = []  # the controls that carry loop signals (few records do)

    def stage(self, stage: str, seconds: float) -> None:
        t = self.stages[stage]
        t[0] += seconds
        t[1] += 1

    def observation(self, obs: Observation, raw_ts: float | None) -> None:
        self.obs[(obs.status.value, obs.error.code.value if obs.error else None, obs.dedup.kind.value)] += 1
        self.raw_tokens += obs.tokens.get("raw", 0)
        self.text_tokens += obs.tokens.get("text", 0)
        self.conflicts += len(obs.conflicts)
        self.suspicious += int(bool(obs.control.suspicious))
        c = obs.control
        if c.breaker is not None or c.repeat_of is not None or c.retry is not None:
            self.loop.append(c)
        if raw_ts:
            self.latencies.append(time.time() - raw_ts)

    def report(self, m: PipelineMetrics) -> None:
        for stage, (seconds, n) in self.stages.items():
            if n:  # the duration histogram observes one batch of n records
                m.stage_done(stage, seconds, n_in=int(n), n_out=int(n))
        for (status, code, kind), n in self.obs.items():
            m.observations.labels(status=status if status in STATUSES else OTHER).inc(n)
            if code:
                m.observation_errors.labels(code=code if code in ERROR_CODES else "UNKNOWN").inc(n)
            m.dedup_outcome(kind, n)
        m.raw_tokens.inc(self.raw_tokens)
        m.observation_tokens.inc(self.text_tokens)
        m.conflict(self.conflicts)
        for control in self.loop:
            m.loop_signals(control)
        m.suspicious(self.suspicious)
        for seconds in self.latencies:
            m.end_to_end(seconds)


class Out:
    """Messages of one batch (outputs and state rows) per (topic, partition), sent as producer batches."""

    def __init__(self) -> None:
        self.messages: dict[tuple[str, int], list[tuple[bytes | None, bytes | None, list]]] = {}

    def add(self, topic: str, partition: int, key: bytes | None, value: bytes | None, headers: list | None = None):
        self.messages.setdefault((topic, partition), []).append((key, value, headers or []))

    async def send(self, producer: AIOKafkaProducer) -> Sends:
        """Hand everything to the producer; return (future, records) of the sends per (topic, partition)."""
        futures: Sends = {}
        for (topic, partition), msgs in self.messages.items():
            futs = futures.setdefault((topic, partition), [])
            batch = producer.create_batch()
            for key, value, headers in msgs:
                if batch.append(key=key, value=value, timestamp=None, headers=headers) is not None:
                    continue
                if batch.record_count():
                    futs.append((await producer.send_batch(batch, topic, partition=partition), batch.record_count()))
                    batch = producer.create_batch()
                if batch.append(key=key, value=value, timestamp=None, headers=headers) is None:  # too big
                    futs.append((await producer.send(topic, value, key=key, partition=partition, headers=headers), 1))
            if batch.record_count():
                futs.append((await producer.send_batch(batch, topic, partition=partition), batch.record_count()))
        self.messages = {}
        return futures


def state_topic(prefix: str) -> str:
    return f"{prefix}state"


async def ensure_state_topic(bootstrap: str, topic: str, partitions: int, replication: int,
                             timeout: float = 30.0) -> int:
    """Create the compacted changelog topic if missing; return its partition count."""
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap, request_timeout_ms=int(timeout * 1000))
    await admin.start()
    try:
        if topic not in set(await admin.list_topics()):
            try:
                await admin.create_topics([NewTopic(topic, partitions, replication,
                                                    topic_configs={"cleanup.policy": "compact"})],
                                          timeout_ms=int(timeout * 1000))
            except TopicAlreadyExistsError:
                pass
        deadline = time.monotonic() + timeout
        while True:
            described = await admin.describe_topics([topic])
            n = len(described[0].get("partitions") or []) if described else 0
            if n or time.monotonic() > deadline:
                return n
            await asyncio.sleep(0.2)
    finally:
        await admin.close()


async def restore(consumer: AIOKafkaConsumer, topic: str, partitions: list[int], timeout: float = 120.0,
                  resolve: Callable[[bytes], bytes] | None = None) -> dict[int, tuple[Store, int]]:
    """Read partitions of the changelog from the beginning to their end offsets (at call time);
    return {partition: (store, end offset)}. ``consumer`` has no group (manual assignment);
    ``resolve`` turns a claim-checked row back into its value (``streams/claimcheck.py``)."""
    if not partitions:
        return {}
    tps = [TopicPartition(topic, p) for p in partitions]
    consumer.assign(tps)
    await consumer.seek_to_beginning(*tps)
    ends = await consumer.end_offsets(tps)
    stores = {tp.partition: Store() for tp in tps}
    pending = {tp for tp in tps if ends[tp] > 0}
    deadline = time.monotonic() + timeout
    while pending:
        if time.monotonic() > deadline:
            raise TimeoutError(f"state restore of {sorted(tp.partition for tp in pending)} timed out")
        batches = await consumer.getmany(*pending, timeout_ms=200, max_records=10_000)
        for tp, records in batches.items():
            store = stores[tp.partition]
            for rec in records:
                if rec.offset < ends[tp]:
                    value = rec.value
                    if value is not None and resolve is not None and value.startswith(CLAIM_PREFIX):
                        value = _resolved(resolve, value, rec.key)
                    store.load(rec.key, value)
        for tp in list(pending):
            if await consumer.position(tp) >= ends[tp]:
                pending.discard(tp)
    consumer.unsubscribe()
    return {tp.partition: (stores[tp.partition], ends[tp]) for tp in tps}


def _resolved(resolve: Callable[[bytes], bytes], value: bytes, key: bytes) -> bytes | None:
    """A claim-checked row's value; None (the row dropped: that part of the task's state starts
    afresh, as after its expiry) when its claim was swept, instead of a worker that cannot start."""
    try:
        return resolve(value)
    except FileNotFoundError as exc:
        log.warning("state row %r dropped: %s", key[:80], exc)
        return None


async def end_offsets(consumer: AIOKafkaConsumer, topic: str, partitions: list[int]) -> dict[int, int]:
    if not partitions:
        return {}
    ends = await consumer.end_offsets([TopicPartition(topic, p) for p in partitions])
    return {tp.partition: off for tp, off in ends.items()}


def rows_of(tasks: set[str], store: Any) -> list[bytes]:
    prefixes = tuple(task_prefix(t) for t in tasks)
    return [k for k in store if k.startswith(prefixes)]


__all__ = ["Out", "Source", "Store", "Tally", "end_offsets", "ensure_state_topic", "restore", "rows_of", "state_topic"]
