"""The record path of both Kafka engines: one consumed raw record -> the messages it makes.

    RecordPath.handle(record, decoded, rows, out, tally)

decodes the record (or takes the engine's decoding), re-keys a record produced to another
partition than its task's, repeats a replayed record's stored observation, runs
``pipeline.process`` on the task's rows, and queues its fragment, snapshot and observation
(+ audit record) in ``out``; a record that cannot be processed gets a dead letter and, when
its ids are readable, an error observation. The engines (``streams/batch.py``,
``streams/topology.py``) keep only transport, commits and checkpoints: they poll or take
records, order them (``pipeline.task_step_order``), store what the path staged (raws in the
artifact store, claim checks) before they send ``out``, and commit.

Raws are staged by the artifact store and claims by a staged ``ClaimStore``: the engine
writes them, retrying a failing store, before it sends or commits anything. Two writes happen
inside ``pipeline.process`` itself: the vault's (a record with a secret) and the artifact
store's own flush once FLUSH_BYTES are staged. A store that fails there makes the record
``store_unavailable`` (a typed rejection, not a stage's fault): ``take`` runs the record again
with backoff (``STORE_RETRY_FIRST`` doubling) while the outage is younger than
``STORE_RETRY_BUDGET`` seconds, then gives it a dead letter with reason ``store_unavailable``
(its original embedded, or claim-staged and written with the batch's blobs: nothing lost) and
the agent a retryable ``UPSTREAM_FAILURE`` observation. An outage that outlasts the budget
costs each later record one try until a record gets through (the engine must not stall its
consumer past ``max.poll.interval``); every failed try is ``obsline_store_errors_total``.

Where the engines differ is only where a task's rows live (``TaskRows``): the batch engine
holds one dict of rows per partition (observation, last-seen and expiry-marker rows beside
the stage sections), the faust engine two staged tables plus a ``seen`` and an ``expired``
table.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import orjson

from obsline.adapters.envelope import Rejected, decode
from obsline.aligner.align import SECTIONS as ALIGN_SECTIONS
from obsline.aligner.fold import SECTIONS as FOLD_SECTIONS
from obsline.aligner.signals import SECTIONS as SIGNAL_SECTIONS
from obsline.aligner.signals.audit import audit_record
from obsline.core import codec
from obsline.core.models import Ids, Observation, RawEnvelope
from obsline.integrations.otel import Telemetry, worker_span
from obsline.pipeline import (
    STORE_UNAVAILABLE,
    ErrorPolicy,
    Processed,
    Stages,
    Stores,
    TaskStates,
    failure_line,
    process,
)
from obsline.sinks.metrics import PipelineMetrics
from obsline.stores.objects import STORE_RETRY_FIRST, STORE_RETRY_MAX
from obsline.streams.changelog import Out, Tally
from obsline.streams.claimcheck import ClaimStore, check, fit_observation
from obsline.streams.deadletter import bare_letter, dead_letter_value
from obsline.streams.state import TaskState, row_key

log = logging.getLogger("obsline.streams.record")

#: metadata["state"] of the first observation of a task whose state was expired.
EXPIRED_NOTE = "expired, fresh baseline"
#: header carrying the Kafka timestamp of the raw record through the stages (latency).
HDR_RAW_TS = "obsline-raw-ts"
#: expiry markers are kept this many TTLs, then forgotten.
EXPIRED_MARKER_TTLS = 24
#: the sections of the fold stage's state (the vault's names and the loop signals live beside it)
FOLD_STATE_SECTIONS = (*FOLD_SECTIONS, "secrets", *SIGNAL_SECTIONS)
#: seconds an outage of the store is waited out by a record (``take``) before its dead letter
STORE_RETRY_BUDGET = 3.0


@dataclass(frozen=True, slots=True)
class Consumed:
    """What the path reads of a consumed record, whichever client consumed it (the dead
    letter's ``source`` too)."""

    topic: str
    partition: int
    offset: int
    timestamp: float | None  # seconds (Kafka's record timestamp); None when the record has none
    key: bytes | None
    value: bytes | None
    headers: list[tuple[str, bytes]]

    @property
    def original(self) -> bytes:
        return self.value if self.value is not None else b""


@dataclass(frozen=True, slots=True)
class Topics:
    """The topic names the path writes to (``audit`` None: no audit trail)."""

    raw: str
    fragments: str
    snapshots: str
    observations: str
    dlq: str
    audit: str | None = None


@dataclass(frozen=True, slots=True)
class Failure:
    """Why a record gets a dead letter: the stage, the reason (``DLQ_REASONS``), the problems
    and the error line (``pipeline.failure_line``)."""

    stage: str
    reason: str
    problems: list[str]
    error: str | None = None

    @classmethod
    def of(cls, stage: str, exc: BaseException) -> Failure:
        line = failure_line(stage, exc)
        return cls("observe" if stage == "transport" else stage, "stage_exception", [line], line)

    @classmethod
    def raised(cls, result: Processed) -> Failure:
        """A stage or a store write raised inside ``pipeline.process`` (``stage_exception`` or
        ``store_unavailable``; its failure line is the rejection's problem)."""
        assert result.rejected is not None
        problems = result.rejected.problems
        return cls(result.failed_stage or "observe", result.rejected.reason, problems, problems[0])


class TaskRows(Protocol):
    """Where the engine keeps the rows of the record's partition: ``align`` and ``fold`` are
    mappings of row keys (``streams/state.py``; the observation rows ``o`` live in ``fold``,
    beside the baselines folding them changed), the rest is the task's activity for expiry."""

    align: Any
    fold: Any

    def expired(self, task: str) -> bool:
        """Whether the task's state was expired (its next observation says so)."""

    def returned(self, task: str) -> None:
        """The expired task is back: drop its marker."""

    def touch(self, task: str, partition: int) -> None:
        """The task is active (rate-limited rows: expiry needs no finer clock)."""


class RecordPath:
    """The one record path of the Kafka engines (module docstring). ``policy``: what a record
    that cannot be processed gets: ``OBSERVE``, a dead letter and an error observation (the
    engines), ``RAISE``: the exception, for a caller that retries or stops."""

    def __init__(self, stages: Stages, stores: Stores, claims: ClaimStore, topics: Topics,
                 partition_of: Callable[[bytes], int], metrics: PipelineMetrics,
                 telemetry: Telemetry | None = None, policy: ErrorPolicy = ErrorPolicy.OBSERVE) -> None:
        self.stages, self.stores, self.claims, self.topics = stages, stores, claims, topics
        self.partition_of, self.metrics, self.policy = partition_of, metrics, policy
        self.telemetry = telemetry or Telemetry()
        self.outage: float | None = None  # monotonic time the store began failing records (``take``)

    async def take(self, rec: Consumed, decoded: RawEnvelope | Rejected | None, rows: TaskRows, out: Out,
                   tally: Tally) -> None:
        """``handle``, with a store outage inside ``process`` waited out (module docstring): the
        record runs again after a backoff (on the loop: heartbeats go on) until it gets through
        or the outage is ``STORE_RETRY_BUDGET`` old, then it is dead-lettered as ``store_unavailable``."""
        delay = STORE_RETRY_FIRST
        while True:
            last = self.outage is not None and time.monotonic() - self.outage >= STORE_RETRY_BUDGET
            if self.handle(rec, decoded, rows, out, tally, last=last):
                return
            if self.outage is None:
                self.outage = time.monotonic()
            log.warning("store failed under %s:%s:%s; the record is tried again in %.1fs",
                        rec.topic, rec.partition, rec.offset, delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, STORE_RETRY_MAX)

    def handle(self, rec: Consumed, decoded: RawEnvelope | Rejected | None, rows: TaskRows, out: Out,
               tally: Tally, *, last: bool = True) -> bool:
        """One record into ``out`` (``decoded``: the engine's decoding, None to decode here).
        False when the store failed inside ``process`` and ``last`` is not set: nothing of the
        record is in ``out`` or its rows, for the caller to run it again (``take``); with
        ``last``, such a record is dead-lettered (``store_unavailable``)."""
        t0 = time.perf_counter()
        ids: Ids | None = None
        tool: str | None = None
        try:
            if decoded is None:
                decoded = decode(rec.original)
            if isinstance(decoded, Rejected):
                self.fail(rec, out, tally, Failure("adapt", decoded.reason, decoded.problems), decoded.ids, decoded.tool)
                return True
            ids, tool = Ids(decoded.task_id, decoded.step_id, decoded.action_id), decoded.tool
            return self._run(rec, decoded, ids, rows, out, tally, t0, last)
        except Exception as exc:  # transport: encoding, claim checks, the engine's rows
            if self.policy is ErrorPolicy.RAISE:
                raise
            log.exception("record transport failed")
            self.fail(rec, out, tally, Failure.of("transport", exc), ids, tool)
            return True

    def _run(self, rec: Consumed, envelope: RawEnvelope, ids: Ids, rows: TaskRows, out: Out, tally: Tally,
             t0: float, last: bool) -> bool:
        task, key, p = envelope.task_id, envelope.task_id.encode(), rec.partition
        owner = self.partition_of(key)
        if owner != p:  # keyed otherwise by its producer: on to the task's partition, whose owner runs it
            out.add(self.topics.raw, owner, key, rec.value, rec.headers)
            return True
        done_key = row_key(task, "o", f"{ids.step_id}/{ids.action_id}")
        done = rows.fold.get(done_key)
        if done is not None:  # replayed (a crash, a rewind: at-least-once): the same observation again
            self.emit(out, tally, p, codec.observation_from(orjson.loads(done)), done, rec.timestamp)
            return True
        came_back = rows.expired(task)  # the marker goes on the task's first return
        state = TaskStates(TaskState(rows.align, task, ALIGN_SECTIONS), TaskState(rows.fold, task, FOLD_STATE_SECTIONS))
        times = {"adapt": time.perf_counter() - t0, "align": 0.0, "observe": 0.0}
        result = process(self.stages, envelope, state, self.stores, time.time(), self.policy, times, rec.original)
        if result.rejected is not None:  # it raised: its state views are not flushed, nothing kept
            if result.rejected.reason == STORE_UNAVAILABLE:
                self.metrics.store_error()
                if not last:
                    return False
            self.fail(rec, out, tally, Failure.raised(result), ids, envelope.tool)
            return True
        self.outage = None
        obs = result.observation
        if came_back:
            obs = dataclasses.replace(obs, metadata={**obs.metadata, "state": EXPIRED_NOTE})
            rows.returned(task)
        state.align.flush()  # type: ignore[union-attr]
        state.fold.flush()  # type: ignore[union-attr]
        self._stage_records(rec, key, result, out)
        encoded = rows.fold[done_key] = fit_observation(codec.encode(obs), self.claims)
        rows.touch(task, p)
        for stage, seconds in times.items():
            tally.stage(stage, seconds)
        self.emit(out, tally, p, obs, encoded, rec.timestamp)
        return True

    def _stage_records(self, rec: Consumed, key: bytes, result: Processed, out: Out) -> None:
        """The record's fragment and snapshot, to the raw's partition (claim-checked when too big)."""
        assert result.adapted is not None and result.snapshot is not None  # not rejected: every stage ran
        headers = [(HDR_RAW_TS, repr(rec.timestamp).encode())]
        adapted_bytes = codec.encode(result.adapted)
        out.add(self.topics.fragments, rec.partition, key, check(adapted_bytes, self.claims), headers)
        out.add(self.topics.snapshots, rec.partition, key,
                check(codec.encode_snapshot(result.snapshot, adapted_bytes), self.claims), headers)

    def emit(self, out: Out, tally: Tally, p: int, obs: Observation, encoded: bytes, raw_ts: float | None) -> None:
        """The observation (and its audit record) to the partition its task id hashes to (``p``
        for every decoded record, which ``handle`` re-keys first; an error observation may
        come from elsewhere)."""
        key = obs.task_id.encode() if obs.task_id else None
        partition = self.partition_of(key) if key else p
        out.add(self.topics.observations, partition, key, encoded)
        if self.topics.audit is not None:
            out.add(self.topics.audit, partition, key, orjson.dumps(audit_record(obs)))
        tally.observation(obs, raw_ts)
        worker_span(self.telemetry, obs, raw_ts)

    def fail(self, rec: Consumed, out: Out, tally: Tally, failure: Failure, ids: Ids | None, tool: str | None) -> None:
        """Dead-letter the record and, when its ids are known, tell the agent with an error
        observation. If the letter or the observation cannot be made (a bug on a strange
        input), the letter goes out in its bare form (source, original, what failed), and a
        failed error observation is counted: never only logged
        (``obsline_dead_letter_fallbacks_total{part}``)."""
        key = rec.key or (ids.task_id.encode() if ids else None)
        try:
            letter = dead_letter_value(rec, failure.stage, failure.reason, failure.problems, ids, tool,
                                       failure.error, self.claims)
        except Exception as exc:
            letter = self._fallback(rec, failure, exc)
        out.add(self.topics.dlq, rec.partition, key, letter)
        self.metrics.dead_letter(failure.reason, failure.stage)
        if ids is None:
            return
        try:
            obs = self.stages.rejected(Rejected(failure.reason, failure.problems, ids, tool, rec.original), ids.action_id)
            encoded = fit_observation(codec.encode(obs), self.claims)
        except Exception:  # the letter is out: counted and logged, the agent's wait times out
            self._failed(rec, "observation")
            return
        self.emit(out, tally, rec.partition, obs, encoded, rec.timestamp)

    def _fallback(self, rec: Consumed, failure: Failure, exc: Exception) -> bytes:
        self._failed(rec, "letter")
        return bare_letter(rec, failure.stage, failure.reason, failure_line("dead_letter", exc))

    def _failed(self, rec: Consumed, what: str) -> None:
        log.exception("could not make the %s of %s:%s:%s", what, rec.topic, rec.partition, rec.offset)
        self.metrics.dead_letter_fallback(what)

__all__ = ["EXPIRED_MARKER_TTLS", "EXPIRED_NOTE", "FOLD_STATE_SECTIONS", "HDR_RAW_TS", "STORE_RETRY_BUDGET",
           "Consumed", "Failure",
           "RecordPath", "TaskRows", "Topics"]
