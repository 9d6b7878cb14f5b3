"""The batch engine: the three stages in one plain-aiokafka consume -> produce loop.

    obsline worker                       (the default engine; --engine faust for the other)

One consumer (group ``app_id``) reads ``<prefix>raw`` with ``getmany``; every record runs
adapt -> align -> observe in-process, in partition order (a task's records share a
partition), and its Adapted, Snapshot and Observation go to partition p of ``fragments``,
``snapshots`` and ``observations`` (p = the raw record's partition, key = task id), failures
to ``dlq`` (+ an error observation) as in ``streams/topology.py``. Task state is an
in-memory dict per partition (``streams/changelog.py``), its changed rows sent to the
compacted ``<prefix>state`` after each batch.

at_least_once (default): produce everything and go on with the next batch; once a batch's
sends are acked (awaited in batch order, off the loop), its raw offsets become committable,
and every ``commit_interval`` they are committed (a commit first waits for pending acks). A record replayed after a crash repeats its
stored observation (``task\\x1fo\\x1fstep/action`` row) instead of re-folding; its fragment
and snapshot are not re-sent.

exactly_once: consume-transform-produce with Kafka transactions, one transactional producer per
input partition (``transactional_id = <app_id>-<raw topic>-p<n>``, streams/transactions.py):
each partition's part of a batch is one transaction (its outputs + dlq + state rows +
``send_offsets_to_transaction`` of its raw offset), the partitions' transactions in flight
together. Raw and ``<prefix>state`` are read ``read_committed``. At every assignment each owned
partition's producer is started afresh *before* its committed offset is read: that aborts a
previous owner's open transaction and fences its producer (a worker paused past the session
timeout and resumed cannot commit what the new owner processes again; it drops the partition),
and waits for this worker's own last commit on a kept partition. Records a poll returns below
a partition's next offset (fetched from aiokafka's earlier read of the offset) are skipped. If
a transaction fails otherwise it is aborted, the partition is re-sought to the batch's first
offset and its state reloaded from the committed changelog. See docs/streaming.md.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import sys
import time
from typing import Any

import orjson
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, ConsumerRebalanceListener, TopicPartition
from aiokafka.errors import KafkaError

from obsline.adapters.envelope import Rejected, decode
from obsline.core.models import RawEnvelope
from obsline.integrations.otel import Telemetry
from obsline.pipeline import GcSettle, Stages, Stores, prepare_long_running, task_step_order
from obsline.sinks.metrics import PipelineMetrics
from obsline.stores.artifacts import ArtifactStore
from obsline.stores.objects import STORE_RETRY_FIRST, STORE_RETRY_MAX, Objects, StoreError
from obsline.stores.sweeper import Sweeper
from obsline.stores.vault import SecretVault
from obsline.streams.admin import ensure_topics
from obsline.streams.changelog import (
    Out,
    Sends,
    Store,
    Tally,
    end_offsets,
    ensure_state_topic,
    restore,
    rows_of,
    state_topic,
)
from obsline.streams.claimcheck import ClaimStore, check, resolve
from obsline.streams.endpoint import serve_metrics
from obsline.streams.keys import TaskPartitioner
from obsline.streams.record import EXPIRED_MARKER_TTLS, Consumed, RecordPath, Topics
from obsline.streams.settings import Settings
from obsline.streams.state import SEP, decode_part, row_key
from obsline.streams.transactions import Outcome, Transactions

log = logging.getLogger("obsline.streams.batch")

# Records per getmany. Outputs of a batch are sent when the batch is done, so the first
# record of a full batch waits for the whole batch (~0.4 ms a record): 100 keeps that under
# ~50 ms; 500 measured p99 173 ms at half load for a few % more throughput.
MAX_RECORDS = 100
POLL_MS = 50
BATCH_BYTES = 256 * 1024  # producer batch size (one batch per topic-partition per flush)
TXN_TIMEOUT_MS = 10_000  # exactly_once: a dead worker's open transaction is aborted by the broker after this


def _decoded(rec: Any) -> RawEnvelope | Rejected | None:
    """A record's envelope, to order its poll by; None if decoding raised (``handle`` decodes it
    again inside its error handling, which dead-letters it)."""
    try:
        return decode(rec.value if rec.value is not None else b"")
    except Exception:
        return None


def worker_id() -> str:
    """The identity of "this" worker across restarts: ``OBSLINE_WORKER_ID``, else hostname-pid
    (unique, but then a restarted worker does not fence its predecessor)."""
    return os.environ.get("OBSLINE_WORKER_ID", "").strip() or f"{socket.gethostname()}-{os.getpid()}"


class _Listener(ConsumerRebalanceListener):
    def __init__(self, engine: BatchEngine) -> None:
        self.engine = engine

    async def on_partitions_revoked(self, revoked: Any) -> None:
        async with self.engine.lock:  # the batch in progress finishes and is committed first (eos: in its txn)
            await self.engine.commit()

    async def on_partitions_assigned(self, assigned: Any) -> None:
        async with self.engine.lock:
            await self.engine.assigned({tp.partition for tp in assigned})


class BatchEngine:
    def __init__(self, settings: Settings, *, stages: Stages | None = None,
                 metrics: PipelineMetrics | None = None, worker: str | None = None) -> None:
        self.settings = s = settings
        self.eos = s.processing_guarantee == "exactly_once"
        self.worker = worker or worker_id()
        self.transactional_id = f"{s.app_id}-{s.topic('raw')}-p<n>" if self.eos else None  # one per partition
        self.stages = stages or s.stages()
        self.gc_settle = GcSettle(self.stages)
        self.metrics = metrics or PipelineMetrics(guarantee=s.processing_guarantee, store="memory")
        self.objects = Objects.open(s.store_url)  # one store of the fleet: folder or S3 (--store)
        retention = s.retention_policy
        self.artifacts = ArtifactStore(self.objects, key=self.stages.artifact_key, retention=retention)
        self.claims = ClaimStore(self.objects, retention, staged=True)  # written in store_durable
        self.partition_of = TaskPartitioner(s.partitions)
        self.vault = SecretVault.beside(self.objects, retention)  # hidden secrets, for the task's client
        self.sweeper = Sweeper(self.artifacts, self.vault, self.claims, self.metrics)
        self.telemetry = Telemetry.from_env()  # OBSLINE_OTEL=1: one execute_tool span per observation
        self.raw, self.state = s.topic("raw"), state_topic(s.topic_prefix)
        topics = Topics(self.raw, s.topic("fragments"), s.topic("snapshots"), s.topic("observations"), s.topic("dlq"),
                        s.audit)
        self.path = RecordPath(self.stages, Stores(self.artifacts, self.vault), self.claims, topics,
                               self.partition_of, self.metrics, self.telemetry)
        self.stores: dict[int, Store] = {}
        self.ends: dict[int, int] = {}  # changelog end offset per partition, as this worker left it
        self.seen: dict[int, dict[str, float]] = {}  # partition -> task -> last seen
        self.markers: dict[int, dict[str, float]] = {}  # partition -> task -> expired at
        self.touched: dict[str, float] = {}  # task -> when its "s" row was last written
        self.uncommitted: dict[TopicPartition, int] = {}
        self.committed: dict[TopicPartition, int] = {}
        self.next_offset: dict[int, int] = {}  # exactly_once: partition -> first offset not yet committed by us
        self.pending_acks: asyncio.Future[None] | None = None  # at_least_once: the last batch's acks
        self.lock = asyncio.Lock()
        self.stopping = asyncio.Event()
        self.ready = asyncio.Event()  # set once partitions are assigned and restored

    # --------------------------------------------------------------- lifecycle
    async def start(self) -> None:
        s = self.settings
        await ensure_topics(s, strict=True, wait=s.broker_wait)  # another partition count: refused (TopicMismatch)
        await ensure_state_topic(s.bootstrap, self.state, s.partitions, s.replication)
        isolation = "read_committed" if self.eos else "read_uncommitted"

        def producer(**txn: Any) -> AIOKafkaProducer:
            return AIOKafkaProducer(bootstrap_servers=s.bootstrap, acks="all", linger_ms=1,
                                    compression_type=s.compression_type,
                                    max_batch_size=BATCH_BYTES, max_request_size=4 * 1024 * 1024, **txn)

        if self.eos:  # the producers come with the partitions (assigned)
            self.txns = Transactions(s.app_id, self.raw, lambda tid: producer(
                transactional_id=tid, transaction_timeout_ms=TXN_TIMEOUT_MS), TXN_TIMEOUT_MS)
        else:
            self.producer = producer()
            await self.producer.start()
        self.restorer = AIOKafkaConsumer(bootstrap_servers=s.bootstrap, group_id=None, enable_auto_commit=False,
                                         auto_offset_reset="earliest", isolation_level=isolation)
        await self.restorer.start()
        self.consumer = AIOKafkaConsumer(
            bootstrap_servers=s.bootstrap, group_id=s.app_id, enable_auto_commit=False,
            auto_offset_reset="earliest", isolation_level=isolation, session_timeout_ms=int(s.session_timeout * 1000),
            heartbeat_interval_ms=int(max(1.0, s.session_timeout / 10) * 1000))
        self.consumer.subscribe([self.raw], listener=_Listener(self))
        await self.consumer.start()

    async def stop(self) -> None:
        try:
            async with self.lock:
                await self.commit()
        finally:
            for client in ("consumer", "restorer", "producer", "txns"):
                if hasattr(self, client):
                    await getattr(self, client).stop()

    async def run(self) -> None:
        """Process until ``stopping`` is set (then commit and stop the clients)."""
        await self.start()
        last_sweep = last_commit = last_gauges = time.monotonic()
        store_sweep: asyncio.Future[Any] | None = None
        try:
            while not self.stopping.is_set():
                batches = await self.consumer.getmany(timeout_ms=POLL_MS, max_records=MAX_RECORDS)
                async with self.lock:
                    if batches:
                        await self.process(batches)
                        self.gc_settle.maybe()
                    now = time.monotonic()
                    if now - last_sweep >= self.settings.expiry_interval:
                        last_sweep = now
                        await self.expire_idle()
                    if now - last_commit >= self.settings.commit_interval:
                        last_commit = now
                        await self.commit()
                if now - last_gauges >= 5.0:
                    last_gauges = now
                    self.gauges()
                if store_sweep is None or store_sweep.done():  # one at a time, off the loop
                    store_sweep = self.sweep_store(store_sweep)
        finally:
            await self.stop()

    def sweep_store(self, last: asyncio.Future[Any] | None) -> asyncio.Future[Any] | None:
        """Start the next store sweep in a thread when ``sweep_interval`` has passed since the last."""
        if last is not None and time.monotonic() - getattr(last, "started", 0.0) < self.settings.sweep_interval:
            return last
        future = asyncio.ensure_future(asyncio.to_thread(self.sweeper.tick))
        future.started = time.monotonic()  # type: ignore[attr-defined]
        future.add_done_callback(_log_failure)
        return future

    # -------------------------------------------------------- partitions/state
    async def assigned(self, partitions: set[int]) -> None:
        if self.eos:  # first: fences the partitions' previous owners, so the offsets read next are stable
            await self.from_committed(await self.txns.own(partitions))
        self.partition_of.resize(len(self.consumer.partitions_for_topic(self.raw) or ()))
        for p in set(self.stores) - partitions:  # revoked for good: forget its state
            self.forget(p)
        kept = sorted(partitions & set(self.stores))
        ends = await end_offsets(self.restorer, self.state, kept)
        if self.eos:  # the LSO: below our end only while our last commit's markers are being written
            stale = {p for p in kept if p not in self.ends or ends[p] > self.ends[p]}
        else:
            stale = {p for p in kept if ends[p] != self.ends.get(p)}  # another worker wrote meanwhile
        todo = sorted((partitions - set(self.stores)) | stale)
        await self.load(todo)
        self.metrics.rebalance()
        self.ready.set()

    async def from_committed(self, partitions: list[int]) -> None:
        """Start these partitions at their committed offset as read now, after the fence (the
        one aiokafka read before the callback may predate the last commit), and note it as the
        partition's next offset: records below it that a poll still returns (fetched from the
        stale position while the callback ran, or held from before the rebalance) are skipped."""
        for p in partitions:
            tp = TopicPartition(self.raw, p)
            offset = await self.consumer.committed(tp)
            if offset is None:
                await self.consumer.seek_to_beginning(tp)
            else:
                self.consumer.seek(tp, offset)
            self.next_offset[p] = offset or 0

    def forget(self, p: int) -> None:
        for d in (self.stores, self.ends, self.seen, self.markers, self.next_offset):
            d.pop(p, None)
        self.metrics.remove_lag(self.raw, p)

    async def load(self, partitions: list[int]) -> None:
        """(Re)read the state of these partitions from the changelog (eos: committed rows only)."""
        t0 = time.monotonic()
        for p, (store, end) in (await restore(self.restorer, self.state, partitions,
                                              resolve=lambda v: resolve(v, self.claims))).items():
            self.stores[p], self.ends[p] = store, end
            self.seen[p], self.markers[p] = {}, {}
            for key, value in store.items():
                parts = key.split(SEP)
                if len(parts) == 3 and parts[1] in (b"s", b"x"):
                    (self.seen if parts[1] == b"s" else self.markers)[p][decode_part(parts[0])] = orjson.loads(value)
        if partitions:
            log.info("restored %d partitions (%d rows) in %.2fs", len(partitions),
                     sum(len(self.stores[p]) for p in partitions), time.monotonic() - t0)

    async def commit(self) -> None:
        await self.drain()
        if not self.uncommitted:
            return
        offsets, self.uncommitted = self.uncommitted, {}
        mine = self.consumer.assignment()
        offsets = {tp: off for tp, off in offsets.items() if tp in mine}
        if offsets:
            try:
                await self.consumer.commit(offsets)
            except KafkaError as exc:  # e.g. a rebalance began: keep them for the next try
                log.warning("commit failed (%r); retried later", exc)
                self.uncommitted = {**offsets, **self.uncommitted}
                return
            self.committed.update(offsets)

    async def send(self, out: Out, producer: AIOKafkaProducer | None = None) -> Sends:
        """Hand the batch's messages (its state rows among them: ``stage_rows``) to the producer;
        what they name is stored (``store_durable``)."""
        return await out.send(producer or self.producer)

    def stage_rows(self, outs: dict[int, Out]) -> None:
        """The state rows the batch changed, claim-checked, into its messages (exactly_once:
        each partition's own; at_least_once: the one). Before ``store_durable``, so the claim of
        a row over the broker's limit (a baseline holding a ~1 MB string) is written, and retried
        while the store fails, with the artifacts; before, it was written in ``send``, and a
        failure there stopped the worker (its records replayed)."""
        for p, store in self.stores.items():
            rows = store.take_dirty()
            if rows:
                out = outs.setdefault(p if self.eos else 0, Out())
                for key, value in rows.items():
                    out.add(self.state, p, key, value if value is None else check(value, self.claims))

    async def durable(self, outs: dict[int, Out]) -> None:
        """The batch's state rows into ``outs`` and everything they and the records name stored."""
        self.stage_rows(outs)
        await self.store_durable()

    async def store_durable(self) -> None:
        """Write the batch's staged artifacts and claims, retrying a failing store (counted, logged)
        until it takes them: the worker neither exits nor produces or commits a batch whose blobs
        are not stored. Stopping meanwhile raises: the batch is not committed and is replayed."""
        delay = STORE_RETRY_FIRST
        while True:
            what = "artifact"
            try:
                await self.artifacts.flush_async()
                what = "claim"
                if self.claims.pending:  # most batches stage none: no thread hop for them
                    await asyncio.to_thread(self.claims.flush)
                return
            except StoreError as exc:
                self.metrics.store_error()
                log.warning("%s store failed (%s); retrying in %.1fs", what, exc, delay)
                if self.stopping.is_set():
                    raise
                await asyncio.sleep(delay)
                delay = min(delay * 2, STORE_RETRY_MAX)

    async def acked(self, futures: Sends) -> dict[int, int]:
        """Wait for every ack; return the changelog end offset per partition written."""
        ends: dict[int, int] = {}
        for (topic, p), futs in futures.items():
            done = await asyncio.gather(*(f for f, _ in futs))
            if topic == self.state and done:  # base offset of the last batch + its records
                ends[p] = done[-1].offset + futs[-1][1]
        return ends

    async def flush(self, out: Out, offsets: dict[TopicPartition, int]) -> None:
        """at_least_once: send now, and note the batch's raw offsets as committable once its
        sends are acked. The loop goes on meanwhile (the next batch is processed while this
        one's acks travel); acks are awaited in batch order, and ``commit`` waits for them."""
        futures = await self.send(out)
        self.pending_acks = asyncio.ensure_future(self._note_acked(self.pending_acks, futures, offsets))

    async def _note_acked(self, earlier: asyncio.Future[None] | None,
                          futures: Sends,
                          offsets: dict[TopicPartition, int]) -> None:
        if earlier is not None:
            await earlier
        for p, end in (await self.acked(futures)).items():
            self.ends[p] = max(self.ends.get(p, 0), end)
        self.uncommitted.update(offsets)

    async def drain(self) -> None:
        """Wait until everything sent so far is acked (and its offsets committable). A failed
        send raises here: the worker stops, and its records are replayed (at-least-once)."""
        pending, self.pending_acks = self.pending_acks, None
        if pending is not None:
            await pending

    async def transact(self, outs: dict[int, Out], offsets: dict[TopicPartition, int],
                       rewind: dict[TopicPartition, int]) -> bool:
        """exactly_once: each partition's messages, state rows and raw offset in one transaction
        on its own producer, all in flight together. A failed one is aborted, its partition
        sought back to ``rewind`` and its state reloaded from the committed changelog; a fenced
        one (the partition has a new owner) is forgotten. True when none was aborted."""
        dirty = {p for p, store in self.stores.items() if store.dirty or store.dirty_first}
        parts = sorted((set(outs) | {tp.partition for tp in offsets} | dirty) & set(self.stores))
        results = await asyncio.gather(*(self._transact_one(p, outs.get(p) or Out(), {
            tp: off for tp, off in offsets.items() if tp.partition == p}) for p in parts))
        failed = [p for p, outcome in zip(parts, results, strict=True) if outcome is Outcome.ABORTED]
        for p in (p for p, outcome in zip(parts, results, strict=True) if outcome is Outcome.FENCED):
            self.forget(p)
        if failed:
            mine = self.consumer.assignment()
            for tp, offset in rewind.items():
                if tp.partition in failed and tp in mine:
                    self.consumer.seek(tp, offset)
                    self.next_offset[tp.partition] = offset
            self.touched.clear()
            await self.load(failed)
        return not failed

    async def _transact_one(self, p: int, out: Out, offsets: dict[TopicPartition, int]) -> Outcome:
        async def send(producer: AIOKafkaProducer) -> dict[int, int]:
            return await self.acked(await self.send(out, producer))

        outcome, ends = await self.txns.commit(p, send, offsets)
        if outcome is Outcome.COMMITTED:
            for q, end in ends.items():  # + the commit marker
                self.ends[q] = max(self.ends.get(q, 0), end + 1)
            self.committed.update(offsets)
        return outcome

    # ------------------------------------------------------------------ stages
    async def process(self, batches: dict[TopicPartition, list[Any]]) -> None:
        outs: dict[int, Out] = {}
        tally, artifact_bytes = Tally(), self.artifacts.bytes_written
        done: dict[TopicPartition, int] = {}
        first: dict[TopicPartition, int] = {}
        for tp, records in batches.items():
            store = self.stores.get(tp.partition)
            if store is None or not records:  # revoked meanwhile: the new owner reads them
                continue
            if self.eos and records[0].offset < self.next_offset.get(tp.partition, 0):
                records = self.unseen(tp.partition, records)
                if not records:
                    continue
            out = outs.setdefault(tp.partition if self.eos else 0, Out())  # eos: a transaction per partition
            decoded = [_decoded(rec) for rec in records]
            keys = [(d.task_id, d.step_id, d.action_id) if isinstance(d, RawEnvelope) else None for d in decoded]
            rows = _Rows(self, tp.partition, store)
            for i in task_step_order(keys):  # a batch of parallel results: any arrival order, one output
                await self.path.take(consumed(records[i]), decoded[i], rows, out, tally)
            done[tp], first[tp] = records[-1].offset + 1, records[0].offset
            if self.eos:
                self.next_offset[tp.partition] = done[tp]
        await self.durable(outs)  # before a transaction opens: a slow store must not time it out
        if self.eos:
            if not await self.transact(outs, done, first):
                return
        else:
            await self.flush(outs.get(0) or Out(), done)
        tally.report(self.metrics)
        self.metrics.add_artifact_bytes(self.artifacts.bytes_written - artifact_bytes)

    def unseen(self, p: int, records: list[Any]) -> list[Any]:
        """exactly_once: the records at or past the partition's next offset. A poll can return
        records this worker has already taken (its committed offset read again after a
        rebalance, or fetched from a stale position before ``from_committed`` sought)."""
        start = self.next_offset[p]
        log.debug("partition %d: skipping records below offset %d, already taken", p, start)
        return [rec for rec in records if rec.offset >= start]

    def touch(self, task: str, p: int, store: Store) -> None:
        now = time.time()
        self.seen[p][task] = now
        if now - self.touched.get(task, 0.0) >= self.settings.state_ttl / 10:  # the row: rate limited
            self.touched[task] = now
            store[row_key(task, "s")] = orjson.dumps(now)

    # ------------------------------------------------------- expiry and gauges
    async def expire_idle(self, now: float | None = None) -> int:
        """Delete the rows of tasks idle longer than the TTL (tombstones), leave an expired marker."""
        now = time.time() if now is None else now
        ttl, n = self.settings.state_ttl, 0
        for p, seen in self.seen.items():
            store, markers = self.stores[p], self.markers[p]
            idle = {task for task, at in seen.items() if now - at > ttl}
            if idle:
                for key in rows_of(idle, store):
                    del store[key]
                for task in idle:
                    del seen[task]
                    self.touched.pop(task, None)
                    store[row_key(task, "x")] = orjson.dumps(now)
                    markers[task] = now
                n += len(idle)
            for task in [t for t, at in markers.items() if now - at > ttl * EXPIRED_MARKER_TTLS]:
                del markers[task]
                if row_key(task, "x") in store:
                    del store[row_key(task, "x")]
        if n:
            log.info("expired %d idle tasks", n)
        await self.write_rows()
        return n

    async def write_rows(self) -> None:
        """The state rows changed outside a batch (expiry) stored, sent and committed."""
        outs: dict[int, Out] = {}
        await self.durable(outs)
        if self.eos:
            await self.transact(outs, {}, {})  # aborted: the rows are back, the next sweep retries
        else:
            await self.flush(outs.get(0) or Out(), {})

    def gauges(self) -> None:
        try:
            m = self.metrics
            m.set_active_tasks(sum(len(s) for s in self.seen.values()))
            m.set_baselines_held(sum(s.baselines for s in self.stores.values()))
            for tp in self.consumer.assignment():
                highwater = self.consumer.highwater(tp)
                if highwater is not None:
                    m.set_lag(tp.topic, tp.partition, highwater - self.committed.get(tp, 0))
        except Exception:
            log.debug("gauges failed", exc_info=True)


class _Rows:
    """One partition's rows as the record path reads and writes them (``record.TaskRows``):
    one ``Store`` holds the stage sections, the observations and the activity rows."""

    __slots__ = ("align", "engine", "fold", "p")

    def __init__(self, engine: BatchEngine, p: int, store: Store) -> None:
        self.engine, self.p = engine, p
        self.align = self.fold = store

    def expired(self, task: str) -> bool:
        return row_key(task, "x") in self.fold

    def returned(self, task: str) -> None:
        del self.fold[row_key(task, "x")]
        self.engine.markers[self.p].pop(task, None)

    def touch(self, task: str, partition: int) -> None:
        self.engine.touch(task, self.p, self.fold)


def consumed(rec: Any) -> Consumed:
    """An aiokafka record as the record path reads it (timestamps in seconds)."""
    return Consumed(rec.topic, rec.partition, rec.offset, rec.timestamp / 1000 if rec.timestamp else None,
                    rec.key, rec.value, list(rec.headers or ()))



def _log_failure(future: asyncio.Future[Any]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("store sweep failed", exc_info=future.exception())


def run(settings: Settings) -> int:
    """``obsline worker --engine batch``: block until SIGTERM/SIGINT; return the exit code."""
    engine = BatchEngine(settings)
    serve_metrics(engine.metrics, settings)
    print(f"obsline worker: batch engine, group {settings.app_id} on {settings.bootstrap}, topics "
          f"{settings.topic('raw')}.., {settings.partitions} partitions, {settings.processing_guarantee}"
          + (f" (transactional ids {engine.transactional_id}, one per partition)" if engine.eos else "")
          + f", state in {state_topic(settings.topic_prefix)}", file=sys.stderr, flush=True)

    async def main() -> None:
        prepare_long_running()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, engine.stopping.set)
        await engine.run()

    asyncio.run(main())
    return 0


__all__ = ["BatchEngine", "Out", "run"]
