"""The obsline Faust app: one agent per stage topic, task state in changelogged tables.

    <prefix>raw -> [raw agent: decode, adapt, artifact] -> <prefix>fragments
    <prefix>fragments -> [fragments agent: align, table align] -> <prefix>snapshots
    <prefix>snapshots -> [snapshots agent: observe, table fold] -> <prefix>observations
    anything that fails -> <prefix>dlq (+ an error observation when the ids are readable)
    <prefix>control -> [control agent: expire idle task state] (fed by the expiry timer)

Every topic has the same partition count and every record is keyed by ``task_id`` (raw
bytes key, orjson value), so partition p of every topic and table changelog holds the
same tasks and one worker owns all the state of a task. Agents run with concurrency=1
(faust-streaming issue #606: concurrency > 1 reorders and breaks table semantics).
The stage logic is ``obsline.pipeline.Stages``, unchanged.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import faust
import orjson

from obsline.adapters.envelope import Rejected, decode
from obsline.aligner.align import SECTIONS as ALIGN_SECTIONS
from obsline.aligner.fold import SECTIONS as FOLD_SECTIONS
from obsline.aligner.signals import SECTIONS as SIGNAL_SECTIONS
from obsline.aligner.signals.audit import audit_record
from obsline.core import codec
from obsline.core.models import Ids, Observation
from obsline.integrations.otel import Telemetry, worker_span
from obsline.pipeline import GcSettle, Stages, keep_secrets
from obsline.sinks.metrics import PipelineMetrics
from obsline.stores.artifacts import ArtifactStore
from obsline.stores.objects import STORE_RETRY_FIRST, STORE_RETRY_MAX, Objects, StoreError
from obsline.stores.sweeper import Sweeper
from obsline.stores.vault import SecretVault
from obsline.streams.claimcheck import ClaimedTable, ClaimStore, check, fit_observation, resolve
from obsline.streams.deadletter import dead_letter_value, ids_of
from obsline.streams.faust_app import DropWatch, ObslineApp
from obsline.streams.settings import Settings
from obsline.streams.state import TaskState, count_rows, delete_tasks, row_key

log = logging.getLogger("obsline.streams")

#: metadata["state"] of the first observation of a task whose state was expired.
EXPIRED_NOTE = "expired, fresh baseline"
#: header carrying the Kafka timestamp of the raw record through the stages (latency).
HDR_RAW_TS = "obsline-raw-ts"
#: seconds between two looks for fetched-and-dropped records (streams/faust_app.py DropWatch).
DROP_CHECK_INTERVAL = 3.0
#: expiry markers are kept this many TTLs, then forgotten.
EXPIRED_MARKER_TTLS = 24


def _header(message: Any, name: str) -> bytes | None:
    headers = getattr(message, "headers", None) or ()
    items = headers.items() if hasattr(headers, "items") else headers
    for k, v in items:
        if k == name:
            return v
    return None


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
        group_alias={settings.topic("observations"): settings.topic("raw"),
                     settings.topic("dlq"): settings.topic("raw"),
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
    claims = ClaimStore(objects, retention)  # stage records over the broker's limit (claim checks)
    vault = SecretVault.beside(objects, retention)  # hidden secrets, for the task's client
    sweeper = Sweeper(artifacts, vault, claims, metrics)
    gc_settle = GcSettle(stages)
    telemetry = Telemetry.from_env()  # OBSLINE_OTEL=1: one execute_tool span per observation
    seen_t, expired_t = tables["seen"], tables["expired"]
    align_t, fold_t = ClaimedTable(tables["align"], claims), ClaimedTable(tables["fold"], claims)  # rows > 900 KB
    t_frag, t_snap, t_obs, t_dlq, t_ctl = (topics[k] for k in ("fragments", "snapshots", "observations",
                                                                "dlq", "control"))
    t_audit = topics.get("audit")

    # ------------------------------------------------------------------ helpers
    async def stored(write: Any, *args: Any) -> Any:
        """``write(*args)`` (an object-store write), retried while the store fails (counted in
        ``obsline_store_errors_total``, logged): the agent waits, so its offset is not committed
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

    async def emit_observation(obs: Observation, message: Any, raw_ts: float | None,
                               encoded: bytes | None = None) -> None:
        key = obs.task_id.encode() if obs.task_id else None
        await t_obs.send(key=key, value=encoded or await stored(fit_observation, codec.encode(obs), claims),
                         partition=None if key else message.partition)
        if t_audit is not None:
            await t_audit.send(key=key, value=orjson.dumps(audit_record(obs)), partition=None if key else message.partition)
        latency = (time.time() - raw_ts) if raw_ts else None
        metrics.observe_observation(
            obs.status.value, obs.error.code.value if obs.error else None, obs.dedup.kind.value,
            raw_tokens=obs.tokens.get("raw", 0), text_tokens=obs.tokens.get("text", 0),
            conflicts=len(obs.conflicts), suspicious=obs.control.suspicious, latency_seconds=latency)
        metrics.loop_signals(obs.control)
        worker_span(telemetry, obs, raw_ts)

    async def fail(message: Any, stage: str, reason: str, problems: list[str], ids: Ids | None,
                   tool: str | None, *, error: str | None = None, raw_ts: float | None = None) -> None:
        """Dead-letter the record; when its ids are known, also tell the agent with an observation."""
        original = message.value or b""
        try:
            value = await stored(dead_letter_value, message, stage, reason, problems, ids, tool, error, claims)
            await t_dlq.send(key=message.key if message.key else (ids.task_id.encode() if ids else None),
                             value=value, partition=message.partition)
            metrics.dead_letter(reason, stage)
            if ids is not None:
                rejected = Rejected(reason, problems, ids, tool, original)
                await emit_observation(stages.rejected(rejected, ids.action_id), message, raw_ts)
        except Exception:  # never let the dead-letter path kill the worker
            log.exception("could not dead-letter %s:%s:%s", message.topic, message.partition, message.offset)

    def raw_ts_of(message: Any) -> float | None:
        h = _header(message, HDR_RAW_TS)
        try:
            return float(h) if h else message.timestamp
        except (TypeError, ValueError):
            return None

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

    # ------------------------------------------------------------------- stages
    async def on_raw(event: Any) -> None:
        message, value = event.message, event.value
        ids: Ids | None = None
        tool: str | None = None
        t0 = time.perf_counter()
        try:
            decoded = decode(value if value is not None else b"")
            if isinstance(decoded, Rejected):
                await fail(message, "adapt", decoded.reason, decoded.problems, decoded.ids, decoded.tool,
                           raw_ts=message.timestamp)
                return
            ids = Ids(decoded.task_id, decoded.step_id, decoded.action_id)
            tool = decoded.tool
            result = stages.adapt(decoded)
            gc_settle.maybe()
            before = artifacts.bytes_written
            artifacts.put(result.adapted.artifact, result.raw_bytes, time.time(), result.adapted.raw_sha256,
                          tenant=decoded.tenant)
            await stored(artifacts.flush)  # the index line, so `obsline artifact get` sees it at once
            if result.secrets:
                await stored(vault.keep, decoded.task_id, result.secrets, None, decoded.tenant)
            metrics.add_artifact_bytes(artifacts.bytes_written - before)
            await t_frag.send(key=decoded.task_id.encode(), value=await stored(check, codec.encode(result.adapted), claims),
                              headers=[(HDR_RAW_TS, repr(message.timestamp).encode())])
            metrics.stage_done("adapt", time.perf_counter() - t0)
        except Exception as exc:
            log.exception("raw stage failed")
            await fail(message, "adapt", "stage_exception", [f"adapt: {exc!r}"], ids, tool,
                       error=repr(exc), raw_ts=message.timestamp)

    async def on_fragment(event: Any) -> None:
        message, value = event.message, event.value
        t0 = time.perf_counter()
        try:
            value = resolve(value, claims)
            adapted = codec.adapted_from(codec.decode(value))
            task = adapted.ids.task_id
            state = TaskState(align_t, task, ALIGN_SECTIONS)
            snapshot, _ = stages.align(adapted, state)
            await stored(state.flush)  # a row over 900 KB goes to the claim store
            await t_snap.send(key=task.encode(), value=await stored(check, codec.encode_snapshot(snapshot, value), claims),
                              headers=[(HDR_RAW_TS, _header(message, HDR_RAW_TS) or b"")])
            metrics.stage_done("align", time.perf_counter() - t0)
        except Exception as exc:
            log.exception("align stage failed")
            ids, tool = ids_of(value, "fragments")  # only now: decoding twice is for the error path
            await fail(message, "align", "stage_exception", [f"align: {exc!r}"], ids, tool,
                       error=repr(exc), raw_ts=raw_ts_of(message))

    async def on_snapshot(event: Any) -> None:
        message, value = event.message, event.value
        t0 = time.perf_counter()
        try:
            value = resolve(value, claims)
            snapshot = codec.snapshot_from(codec.decode(value))
            ids = snapshot.adapted.ids
            task = ids.task_id
            done_key = row_key(task, "o", f"{ids.step_id}/{ids.action_id}")
            done = fold_t.get(done_key)
            if done is not None:
                # Replayed (after a crash, or a rewind: at-least-once): repeat the observation
                # exactly instead of re-folding against baselines that already hold this record.
                await emit_observation(codec.observation_from(orjson.loads(done)), message, raw_ts_of(message), done)
                return
            came_back = expired_t.get(task.encode()) is not None  # the marker goes on its first return
            state = TaskState(fold_t, task, (*FOLD_SECTIONS, "secrets", *SIGNAL_SECTIONS))
            obs, _ = stages.observe(snapshot, state)
            if came_back:
                obs = dataclasses.replace(obs, metadata={**obs.metadata, "state": EXPIRED_NOTE})
                del expired_t[task.encode()]
            encoded = await stored(fit_observation, codec.encode(obs), claims)
            for section in SIGNAL_SECTIONS:  # replay-safe rows (aligner/signals/replay.py) before the
                await stored(state[section].flush)  # observation, so a recovered observation has all of them
            fold_t[done_key] = encoded  # before the baselines
            await stored(keep_secrets, vault, None, snapshot, obs)  # the handles shown (values: raw agent)
            await stored(state.flush)
            touch(task, message.partition)
            metrics.stage_done("observe", time.perf_counter() - t0)
            await emit_observation(obs, message, raw_ts_of(message), encoded)
        except Exception as exc:
            log.exception("observe stage failed")
            failed_ids, tool = ids_of(value, "snapshots")
            await fail(message, "observe", "stage_exception", [f"observe: {exc!r}"], failed_ids, tool,
                       error=repr(exc), raw_ts=raw_ts_of(message))

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
    def agent(role: str, handler: Any) -> None:
        async def run(stream: Any) -> None:
            async for event in stream.events():
                await handler(event)

        run.__name__ = run.__qualname__ = f"obsline_{role}_agent"
        app.agent(topics[role], name=f"{settings.app_id}.{role}", concurrency=1)(run)

    agent("raw", on_raw)
    agent("fragments", on_fragment)
    agent("snapshots", on_snapshot)
    agent("control", on_control)

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
