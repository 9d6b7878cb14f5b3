"""The obsline Faust app: one agent over raw runs the one record path, task state in changelogged tables.

    <prefix>raw -> [raw agent: take_bursts -> task_step_order -> pipeline.process per record]
                   -> <prefix>fragments, <prefix>snapshots, <prefix>observations (+ <prefix>audit)
    anything that fails -> <prefix>dlq (+ an error observation when the ids are readable)
    <prefix>control -> [control agent: expire idle task state] (fed by the expiry timer)

Every topic has the same partition count and every record is keyed by ``task_id`` (raw
bytes key, orjson value), so partition p of every topic and table changelog holds the
same tasks and one worker owns all the state of a task; a raw keyed otherwise is forwarded
to its task's partition first, as the batch engine does. The raw agent takes records a burst
at a time (``faust_app.take_bursts``) and runs each take as the batch engine runs a poll: the
parallel results of a step in action order, then the take's blobs stored, its table rows
written, its messages sent, and only then its offsets acked. Agents run with concurrency=1
(faust-streaming issue #606: concurrency > 1 reorders and breaks table semantics).
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import faust
import orjson
from faust.streams import _current_event

from obsline.adapters.envelope import Rejected, decode
from obsline.core.models import RawEnvelope
from obsline.integrations.otel import Telemetry
from obsline.pipeline import GcSettle, Stages, Stores, task_step_order
from obsline.sinks.metrics import PipelineMetrics
from obsline.stores.artifacts import ArtifactStore
from obsline.stores.objects import STORE_RETRY_FIRST, STORE_RETRY_MAX, Objects, StoreError
from obsline.stores.sweeper import Sweeper
from obsline.stores.vault import SecretVault
from obsline.streams.changelog import Out, Tally
from obsline.streams.claimcheck import ClaimedTable, ClaimStore
from obsline.streams.faust_app import DropWatch, ObslineApp, take_bursts
from obsline.streams.keys import TaskPartitioner
from obsline.streams.record import EXPIRED_MARKER_TTLS, EXPIRED_NOTE, HDR_RAW_TS, Consumed, RecordPath, Topics
from obsline.streams.settings import Settings
from obsline.streams.state import SEP, count_rows, delete_tasks

log = logging.getLogger("obsline.streams")

#: seconds between two looks for fetched-and-dropped records (streams/faust_app.py DropWatch).
DROP_CHECK_INTERVAL = 3.0


#: a take of raw records (``faust_app.take_bursts``): at most this many records, ending at a
#: pause in arrivals this long, or this long after its first record (docs/streaming.md)
TAKE_MAX = 100
TAKE_PAUSE = 0.005
TAKE_WITHIN = 0.025


def _headers(message: Any) -> list[tuple[str, bytes]]:
    headers = getattr(message, "headers", None) or ()
    return list(headers.items() if hasattr(headers, "items") else headers)


def _decoded(value: bytes | None) -> RawEnvelope | Rejected | None:
    """A record's envelope, to order its take by; None if decoding raised (``handle`` decodes
    it again inside its error handling, which dead-letters it)."""
    try:
        return decode(value if value is not None else b"")
    except Exception:
        return None


def consumed(message: Any) -> Consumed:
    """A faust message as the record path reads it."""
    return Consumed(message.topic, message.partition, message.offset, message.timestamp, message.key, message.value,
                    _headers(message))


class _TakeRows:
    """The rows of a take as the record path reads and writes them (``record.TaskRows``): the
    staged align and fold tables, the ``expired`` marker table, ``touch`` for ``seen``."""

    def __init__(self, staged: Staged, expired: Any, touch: Any) -> None:
        self.align, self.fold, self._expired, self._touch = staged.align, staged.fold, expired, touch

    def expired(self, task: str) -> bool:
        return self._expired.get(task.encode()) is not None

    def returned(self, task: str) -> None:
        del self._expired[task.encode()]

    def touch(self, task: str, partition: int) -> None:
        self._touch(task, partition)


def with_event(event: Any) -> None:
    """Make ``event`` the current event of this task: faust writes a table row to the changelog
    partition of the current event (and reads a partitioned store there). The agent runs a
    take's records in its own order, outside the stream's iteration, so it says which."""
    _current_event.set(weakref.ref(event))


_OBSERVATION_ROW = SEP + b"o" + SEP


class StagedTable:
    """A table's rows as one take changes them: reads see the take's writes, which reach the
    table (and so its changelog) only in ``write``, after the take's blobs are stored, each
    under the event it was made for. Observation rows go first, as the batch engine's
    ``Store.take_dirty``: a prefix of the changelog that holds a record's baselines holds its
    observation, so a replayed record is never folded against itself."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.rows: dict[bytes, tuple[Any, bytes | None]] = {}  # key -> (event, value; None: deleted)

    def get(self, key: bytes, default: Any = None) -> Any:
        if key in self.rows:
            value = self.rows[key][1]
            return default if value is None else value
        return self.table.get(key, default)

    def __getitem__(self, key: bytes) -> bytes:
        value = self.get(key)
        if value is None:
            raise KeyError(key)
        return value

    def __setitem__(self, key: bytes, value: bytes) -> None:
        self.rows[key] = (_current_event.get(None), value)

    def __delitem__(self, key: bytes) -> None:
        self.rows[key] = (_current_event.get(None), None)

    def __contains__(self, key: object) -> bool:
        return self.get(key) is not None  # type: ignore[arg-type]

    def write(self) -> None:
        """Into the table, observation rows first; a store failure leaves the rest for a retry."""
        order = sorted(self.rows, key=lambda k: _OBSERVATION_ROW not in k)
        for key in order:
            ref, value = self.rows[key]
            _current_event.set(ref)
            if value is not None:
                self.table[key] = value
            elif key in self.table:
                del self.table[key]
            del self.rows[key]


class Staged:
    """The two state tables of one take."""

    def __init__(self, align: Any, fold: Any) -> None:
        self.align, self.fold = StagedTable(align), StagedTable(fold)

    def write(self) -> None:
        self.fold.write()  # (the align rows are no older than the observations that came of them)
        self.align.write()


@dataclass
class Pipeline:
    """The app plus what tests and the worker want to reach."""

    app: faust.App
    settings: Settings
    stages: Stages
    metrics: PipelineMetrics
    topics: dict[str, Any]
    tables: dict[str, Any]
    pending_expiry: dict[str, float] = field(default_factory=dict)


def build(settings: Settings, *, stages: Stages | None = None,
          metrics: PipelineMetrics | None = None) -> Pipeline:
    stages = stages or settings.stages()
    metrics = metrics or PipelineMetrics(guarantee=settings.processing_guarantee, store=settings.store_kind)
    app = ObslineApp(
        settings.app_id,
        broker=settings.broker,
        store=settings.table_store,
        topic_partitions=settings.partitions,
        topic_replication_factor=settings.replication,
        processing_guarantee=settings.processing_guarantee,
        datadir=str(Path(settings.data_dir) / settings.app_id),
        key_serializer="raw",
        value_serializer="raw",
        broker_commit_interval=settings.commit_interval,
        broker_session_timeout=settings.session_timeout,
        broker_heartbeat_interval=max(1.0, settings.session_timeout / 10),
        consumer_auto_offset_reset="earliest",
        web_enabled=False,
        # the stage topics the raw agent writes and nothing here reads: raw's group (faust_app.py)
        group_alias={**{settings.topic(role): settings.topic("raw")
                        for role in ("fragments", "snapshots", "observations", "dlq")},
                     **({settings.audit: settings.topic("raw")} if settings.audit else {})},
        **dict(settings.extra),
    )
    topics = {role: app.topic(settings.topic(role), partitions=settings.partitions,
                              key_serializer="raw", value_serializer="raw")
              for role in ("raw", "fragments", "snapshots", "observations", "dlq", "control")}
    if settings.audit is not None:  # the audit trail: its own topic, its own readers (docs/signals.md)
        topics["audit"] = app.topic(settings.audit, partitions=settings.partitions,
                                    key_serializer="raw", value_serializer="raw")

    def table(name: str, help_: str) -> Any:
        # Raw bytes both ways: keys are task ids (or task\x1fsection\x1fkey rows, see
        # streams/state.py), values are orjson; faust's own JSON codec is far slower.
        return app.Table(name, default=None, partitions=settings.partitions, key_type=bytes, value_type=bytes,
                         schema=faust.Schema(key_type=bytes, value_type=bytes, key_serializer="raw",
                                             value_serializer="raw"), help=help_)

    tables = {
        "align": table("align", "task\x1f{facts|effects}\x1fentity -> AlignState rows"),
        # The observation of each record (section "o") lives in the fold table, beside the
        # baselines that folding it changed: one changelog partition, written in that order,
        # so a recovered state that holds a record's baselines also holds its observation.
        "fold": table("fold", "task\x1f{baselines|shown}\x1fkey -> FoldState rows (dedup baselines); "
                              "task\x1fo\x1fstep/action -> observation JSON"),
        "seen": table("seen", "task -> {t: last seen epoch, p: partition}"),
        "expired": table("expired", "task -> epoch its state was expired"),
    }
    pipe = Pipeline(app, settings, stages, metrics, topics, tables)
    objects = Objects.open(settings.store_url)  # one store of the fleet: folder or S3 (--store)
    retention = settings.retention_policy
    artifacts = ArtifactStore(objects, key=stages.artifact_key, retention=retention)
    claims = ClaimStore(objects, retention, staged=True)  # claim checks, written by flush_blobs
    vault = SecretVault.beside(objects, retention)  # hidden secrets, for the task's client
    sweeper = Sweeper(artifacts, vault, claims, metrics)
    gc_settle = GcSettle(stages)
    telemetry = Telemetry.from_env()  # OBSLINE_OTEL=1: one execute_tool span per observation
    seen_t, expired_t = tables["seen"], tables["expired"]
    align_t, fold_t = ClaimedTable(tables["align"], claims), ClaimedTable(tables["fold"], claims)  # rows > 900 KB
    names = {role: topic.get_topic_name() for role, topic in topics.items()}
    topics_by_name = {topic.get_topic_name(): topic for topic in topics.values()}
    partition_of = TaskPartitioner(settings.partitions)
    path = RecordPath(stages, Stores(artifacts, vault), claims,
                      Topics(names["raw"], names["fragments"], names["snapshots"], names["observations"], names["dlq"],
                             names.get("audit")),
                      partition_of, metrics, telemetry)

    # ------------------------------------------------------------------ helpers
    async def stored(write: Any, *args: Any) -> Any:
        """``write(*args)`` (an object-store write), retried while the store fails (counted in
        ``obsline_store_errors_total``, logged): the agent waits, so its offsets are not committed
        and nothing that names unstored bytes goes out; never a dead letter for a store outage."""
        delay = STORE_RETRY_FIRST
        while True:
            try:
                return write(*args)
            except StoreError as exc:
                metrics.store_error()
                log.warning("artifact store failed (%s); retrying in %.1fs", exc, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, STORE_RETRY_MAX)

    def flush_blobs() -> None:
        artifacts.flush()
        claims.flush()

    touched: dict[str, float] = {}  # task -> when its "seen" row was last written by this worker

    def touch(task: str, partition: int) -> None:
        """Mark the task active. The row is rewritten only when older than a tenth of the TTL:
        expiry needs no finer clock, and a changelog write per record is costly."""
        now = time.time()
        if now - touched.get(task, 0.0) < settings.state_ttl / 10:
            return
        touched[task] = now
        seen_t[task.encode()] = orjson.dumps({"t": now, "p": partition})
        pipe.pending_expiry.pop(task, None)

    # --------------------------------------------------------------- the raws
    async def on_raws(events: list[Any]) -> None:
        """One take of raw records: each task's parallel results of a step in action order (as
        the batch engine orders a poll), then the take's blobs stored, its table rows written
        and its messages sent, in that order: nothing names bytes not yet stored."""
        out, tally, staged = Out(), Tally(), Staged(align_t, fold_t)
        rows = _TakeRows(staged, expired_t, touch)
        artifact_bytes = artifacts.bytes_written
        decoded = [_decoded(event.value) for event in events]
        keys = [(d.task_id, d.step_id, d.action_id) if isinstance(d, RawEnvelope) else None for d in decoded]
        for i in task_step_order(keys):  # a batch of parallel results: any arrival order, one output
            with_event(events[i])  # table rows go to the changelog partition of the record's event
            await path.take(consumed(events[i].message), decoded[i], rows, out, tally)
        gc_settle.maybe()
        await stored(flush_blobs)  # the raws and the records' claims, before anything names them
        await stored(staged.write)  # (a row's own claim is written before the row: ClaimedTable)
        for (topic, partition), messages in out.messages.items():
            for key, value, headers in messages:
                await topics_by_name[topic].send(key=key, value=value, partition=partition, headers=headers)
        tally.report(metrics)
        metrics.add_artifact_bytes(artifacts.bytes_written - artifact_bytes)

    async def on_control(event: Any) -> None:
        try:
            cmd = orjson.loads(event.value)
            if cmd["op"] == "expire":  # {"tasks": {task: last seen}} of one partition
                idle = set()
                for task, last_seen in cmd["tasks"].items():
                    seen = seen_t.get(task.encode())
                    if seen is not None and orjson.loads(seen).get("t") == last_seen:
                        idle.add(task)  # else it came back meanwhile
                if not idle:
                    return
                rows = sum(delete_tasks(t, idle) for t in (align_t, fold_t))  # tombstones
                now = time.time()
                for task in idle:
                    touched.pop(task, None)
                    del seen_t[task.encode()]
                    expired_t[task.encode()] = orjson.dumps(now)
                log.info("expired %d idle tasks (%d state rows)", len(idle), rows)
            elif cmd["op"] == "forget":
                key = cmd["task_id"].encode()
                at = expired_t.get(key)
                if at is not None and orjson.loads(at) <= cmd["at"]:
                    del expired_t[key]
        except Exception:
            log.exception("bad control record")

    # ------------------------------------------------------------------- agents
    async def raws(stream: Any) -> None:
        async for events in take_bursts(stream, TAKE_MAX, TAKE_WITHIN, TAKE_PAUSE):
            await on_raws(events)

    async def controls(stream: Any) -> None:
        async for event in stream.events():
            await on_control(event)

    for role, body in (("raw", raws), ("control", controls)):
        body.__name__ = body.__qualname__ = f"obsline_{role}_agent"
        app.agent(topics[role], name=f"{settings.app_id}.{role}", concurrency=1)(body)

    # ------------------------------------------------------- expiry and gauges
    @app.timer(interval=settings.expiry_interval, name=f"{settings.app_id}.expiry")
    async def sweep() -> None:
        try:
            await expire_idle(pipe)
        except Exception:
            log.exception("expiry sweep failed")

    @app.timer(interval=settings.sweep_interval, name=f"{settings.app_id}.store-sweep")
    async def sweep_store() -> None:
        try:
            await asyncio.to_thread(sweeper.tick)  # object-store requests: off the loop
        except Exception:
            log.exception("store sweep failed")

    drops = DropWatch(app)

    if settings.processing_guarantee != "exactly_once":
        # Not under exactly_once: transaction markers move positions past the last record a
        # stream can take, which would look like a drop every time (seen: the same offset
        # sought back again and again). RewindingConsumer's seek-back needs no such guess.
        @app.timer(interval=DROP_CHECK_INTERVAL, name=f"{settings.app_id}.drop-watch")
        async def drop_watch() -> None:
            try:
                await drops.check()
            except Exception:
                log.exception("drop watch failed")

    @app.timer(interval=5.0, name=f"{settings.app_id}.gauges")
    async def gauges() -> None:
        try:
            update_engine_gauges(pipe)
        except Exception:
            log.debug("gauges failed", exc_info=True)

    @app.on_partitions_assigned.connect
    async def on_assigned(*args: Any, **kwargs: Any) -> None:
        metrics.rebalance()
        drops.assigned()

    return pipe


def active_partitions(pipe: Pipeline) -> set[int]:
    name = pipe.settings.topic("control")
    return {tp.partition for tp in pipe.app.assignor.assigned_actives() if tp.topic == name}


async def expire_idle(pipe: Pipeline, now: float | None = None) -> int:
    """Ask the control agent to expire tasks idle longer than the TTL (one command per
    partition, so their rows are found in one pass); return how many tasks."""
    now = time.time() if now is None else now
    ttl = pipe.settings.state_ttl
    actives = active_partitions(pipe)
    t_ctl = pipe.topics["control"]
    by_partition: dict[int, dict[str, float]] = {}
    for key, raw in list(pipe.tables["seen"].items()):
        seen = orjson.loads(raw) if raw else None
        if not isinstance(seen, dict) or seen.get("p") not in actives:
            continue
        task = key.decode()
        if now - seen["t"] > ttl and pipe.pending_expiry.get(task) != seen["t"]:
            by_partition.setdefault(seen["p"], {})[task] = seen["t"]
            pipe.pending_expiry[task] = seen["t"]
    for partition, tasks in by_partition.items():
        await t_ctl.send(key=next(iter(tasks)).encode(), partition=partition,
                         value=orjson.dumps({"op": "expire", "tasks": tasks}))
    keep = ttl * EXPIRED_MARKER_TTLS
    for key, raw in list(pipe.tables["expired"].items()):
        at = orjson.loads(raw) if raw else None
        if at is not None and now - at > keep:
            await t_ctl.send(key=key, value=orjson.dumps({"op": "forget", "task_id": key.decode(), "at": at}))
    return sum(len(t) for t in by_partition.values())


def update_engine_gauges(pipe: Pipeline) -> None:
    m, app = pipe.metrics, pipe.app
    actives = active_partitions(pipe)
    m.set_active_tasks(sum(1 for v in pipe.tables["seen"].values()
                           if v and orjson.loads(v).get("p") in actives))
    m.set_baselines_held(count_rows(pipe.tables["fold"], "baselines"))
    m.set_table_recovery(bool(getattr(app, "in_recovery", False)))
    consumer = cast(Any, app.consumer)  # faust's concrete Consumer (the ConsumerT protocol lacks _committed_offset)
    for tp in consumer.assignment():
        highwater = consumer.highwater(tp)
        committed = consumer._committed_offset.get(tp)  # noqa: SLF001 - faust has no public getter
        if highwater is not None:
            m.set_lag(tp.topic, tp.partition, highwater - (committed or 0))


__all__ = ["EXPIRED_NOTE", "HDR_RAW_TS", "Pipeline", "build", "expire_idle"]
