"""asyncio client SDK for obsline on Kafka (aiokafka), for agents and fleets of agents.

    async with ObslineProducer("127.0.0.1:9092") as producer:
        await producer.publish("task-1", 0, "call_1", "get_user_details", raw, args={...})

    async with ObservationConsumer("127.0.0.1:9092", tasks={"task-1"}) as consumer:
        obs = await consumer.wait_for("task-1", "call_1", timeout=10)
        async for obs in consumer.observations("task-1"): ...

Records are keyed by ``task_id`` (murmur2, like the workers), so one task stays in one
partition in order. The consumer reads only the partitions that hold the tasks asked for
(the same murmur2 as the producer, re-mapped when the topic's partition count changes),
each from its task's start, not from the topic's beginning. What it holds is bounded:
observations nobody is waiting for are kept up to ``max_buffered`` in all, then the oldest
is dropped (``stats.dropped``) or, with ``overflow="block"``, reading stops until room is
made. A record that is not an observation is skipped (``stats.skipped``, a warning) and
never reaches a waiter. Reads are ``read_committed`` by default, so with ``exactly_once``
workers aborted transactions are never seen.

Both create the stage topics that do not exist yet at start, with ``partitions`` each
(``OBSLINE_PARTITIONS``, else 8, as the workers): a broker would auto-create a topic it is first
asked about with one partition, and then send every task to partition 0. Existing topics are
left as they are (keys are hashed with their real count); ``create_topics=False`` skips it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections import Counter, OrderedDict, deque
from collections.abc import AsyncGenerator, AsyncIterator, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

import orjson
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.partitioner import murmur2

from obsline.core import codec
from obsline.core.models import Observation

DEFAULT_BOOTSTRAP = "127.0.0.1:9092"
DEFAULT_PREFIX = "obsline."
DEFAULT_MAX_BUFFERED = 4096  # observations held for later claims, over all tasks of a consumer

log = logging.getLogger("obsline.client")
Overflow = Literal["drop_oldest", "block"]


def _bootstrap(url: str) -> str:
    return ",".join(u.strip().split("://", 1)[-1] for u in url.replace(";", ",").split(",") if u.strip())


def default_partitions() -> int:
    """What the workers create topics with unless told otherwise (``OBSLINE_PARTITIONS``, else 8)."""
    return int(os.environ.get("OBSLINE_PARTITIONS", "").strip() or 8)


async def _create_topics(bootstrap: str, prefix: str, partitions: int | None, replication: int) -> None:
    from obsline.streams.admin import create_missing, stage_topics

    await create_missing(bootstrap, stage_topics(prefix), partitions or default_partitions(), replication)


def partition_for(task_id: str, partitions: int) -> int:
    """The partition the producer (aiokafka's and Java's default partitioner) puts a task in."""
    return (murmur2(task_id.encode()) & 0x7FFFFFFF) % partitions


class ObslineProducer:
    """Publishes raw tool results to ``<prefix>raw``, keyed by task id."""

    def __init__(self, bootstrap: str = DEFAULT_BOOTSTRAP, topic_prefix: str = DEFAULT_PREFIX, *,
                 partitions: int | None = None, replication: int = 1, create_topics: bool = True,
                 **producer_kwargs: Any) -> None:
        self.topic = f"{topic_prefix}raw"
        self._topics = (_bootstrap(bootstrap), topic_prefix, partitions, replication) if create_topics else None
        producer_kwargs.setdefault("acks", "all")
        producer_kwargs.setdefault("enable_idempotence", True)
        producer_kwargs.setdefault("linger_ms", 5)
        self._producer = AIOKafkaProducer(bootstrap_servers=_bootstrap(bootstrap), **producer_kwargs)

    async def start(self) -> ObslineProducer:
        await self._producer.start()
        if self._topics is not None:
            try:
                await _create_topics(*self._topics)
            except BaseException:
                await self._producer.stop()
                raise
        return self

    async def stop(self) -> None:
        await self._producer.stop()

    async def __aenter__(self) -> ObslineProducer:
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()

    async def publish(self, task_id: str, step_id: int, action_id: str, tool: str, raw: Any,
                      *, wait: bool = False, **optional: Any) -> Any:
        """Send one envelope (``args``, ``ts``, ``error``, ``http_status``... as keywords).

        Returns the delivery future, or the RecordMetadata with ``wait=True``.
        """
        envelope = {"task_id": task_id, "step_id": step_id, "action_id": action_id, "tool": tool, "raw": raw,
                    **{k: v for k, v in optional.items() if v is not None}}
        return await self.publish_bytes(orjson.dumps(envelope), key=task_id, wait=wait)

    async def publish_bytes(self, value: bytes, key: str | bytes | None = None, *, wait: bool = False) -> Any:
        """Send an already-encoded envelope (e.g. a JSONL line) as-is."""
        k = key.encode() if isinstance(key, str) else key
        fut = await self._producer.send(self.topic, value=value, key=k)
        return await fut if wait else fut

    async def flush(self) -> None:
        await self._producer.flush()


@dataclass
class ConsumerStats:
    """What a consumer read and did with it (a fleet exports these as metrics)."""

    records_read: int = 0  # every record fetched, other tasks' of the same partitions included
    bytes_read: int = 0  # their keys and values
    delivered: int = 0  # handed to a waiter or an iterator
    dropped: int = 0  # buffered observations dropped unclaimed (overflow="drop_oldest")
    skipped: Counter[str] = field(default_factory=Counter)  # bad records by reason
    reassignments: int = 0  # partition sets assigned (tasks added/removed, partition count changed)


@dataclass
class _Task:
    since: float  # epoch seconds this task's observations start at (to re-map it to a new partition)
    from_offset: int | None = None  # an explicit start on its first partition
    partition: int | None = None  # None until the topic's partitions are known
    start: int = 0  # first offset of its partition that belongs to this task
    next: int = 0  # offsets below this were already handed out for this task (seek-backs re-read)
    waiters: list[tuple[str, int | None, asyncio.Future[Observation]]] = field(default_factory=list)
    arrived: asyncio.Event = field(default_factory=asyncio.Event)


class ObservationConsumer:
    """Reads ``<prefix>observations`` for the tasks asked for and hands each observation out once:
    to a matching ``wait_for``, to ``observations(task)``, or to ``async for obs in consumer``.

    ``tasks=None`` reads every partition (every task), e.g. ``obsline tail``. A task's
    observations are read from ``since`` (epoch seconds, e.g. just before the agent published
    its first call; resolved with the broker's time index) or, by default, from the moment
    the consumer started (``from_beginning=True``: from the topic's beginning).
    """

    def __init__(self, bootstrap: str = DEFAULT_BOOTSTRAP, topic_prefix: str = DEFAULT_PREFIX,
                 tasks: Iterable[str] | None = None, *, isolation_level: str = "read_committed",
                 from_beginning: bool = False, since: float | None = None,
                 max_buffered: int = DEFAULT_MAX_BUFFERED, overflow: Overflow = "drop_oldest",
                 partition_check_seconds: float = 10.0, partitions: int | None = None, replication: int = 1,
                 create_topics: bool = True, **consumer_kwargs: Any) -> None:
        if max_buffered < 1:
            raise ValueError("max_buffered must be at least 1")
        self.topic = f"{topic_prefix}observations"
        self._topics = (_bootstrap(bootstrap), topic_prefix, partitions, replication) if create_topics else None
        self.all_tasks = tasks is None
        self.max_buffered, self.overflow = max_buffered, overflow
        self.from_beginning, self.since = from_beginning, since
        self.stats = ConsumerStats()
        self._initial = [] if tasks is None else list(tasks)
        consumer_kwargs.setdefault("metadata_max_age_ms", int(partition_check_seconds * 1000))
        self._consumer = AIOKafkaConsumer(
            bootstrap_servers=_bootstrap(bootstrap), group_id=None, enable_auto_commit=False,
            isolation_level=isolation_level, auto_offset_reset="earliest", **consumer_kwargs)
        self._partition_check = partition_check_seconds
        self._tasks: dict[str, _Task] = {}
        self._partitions: int | None = None
        self._started_at = 0.0
        self._start_offsets: dict[int, int] = {}  # per partition: where "the consumer started" is
        self._positions: dict[int, int] = {}  # per partition: the next offset to read
        self._by_time: dict[tuple[int, float], int] = {}  # (partition, since) -> offset: a fleet shares starts
        self._global_next: dict[int, int] = {}  # all-tasks mode: offsets below were handed out
        self._dirty = True  # the assignment must be recomputed
        # The bounded buffer: per task (arrival order, by sequence number), plus the global order.
        self._buffers: dict[str, OrderedDict[int, Observation]] = {}
        self._order: deque[tuple[int, str]] = deque()
        self._buffered = 0
        self._seq = 0
        self._any_arrived = asyncio.Event()
        self._room = asyncio.Event()
        self._pump: asyncio.Task[None] | None = None
        self._error: BaseException | None = None
        self._lock = asyncio.Lock()

    # ---------------------------------------------------------------- lifecycle
    async def start(self) -> ObservationConsumer:
        await self._consumer.start()
        if self._topics is not None:
            try:
                await _create_topics(*self._topics)
            except BaseException:
                await self._consumer.stop()
                raise
        self._started_at = time.time()
        await self._refresh_partitions()
        for task in self._initial:
            await self.add_task(task, self.since)
        self._pump = asyncio.create_task(self._run())
        return self

    async def stop(self) -> None:
        if self._pump is not None:
            self._pump.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._pump
        await self._consumer.stop()
        for task in self._tasks.values():
            for _, _, fut in task.waiters:
                fut.cancel()

    async def __aenter__(self) -> ObservationConsumer:
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()

    # -------------------------------------------------------------------- tasks
    @property
    def tasks(self) -> set[str]:
        return set(self._tasks)

    def buffered(self) -> int:
        return self._buffered

    async def add_task(self, task_id: str, since: float | None = None, *, from_offset: int | None = None) -> None:
        """Start reading ``task_id``: from ``since`` (epoch seconds), ``from_offset`` (an offset
        of its partition), or the consumer's start. Its observations are buffered from now on."""
        if task_id in self._tasks:
            return
        async with self._lock:
            if task_id in self._tasks:
                return
            task = _Task(since=self._started_at if since is None else since, from_offset=from_offset)
            self._tasks[task_id] = task
            if self._partitions:
                await self._place(task_id, task)
            self._dirty = True

    def remove_task(self, task_id: str) -> None:
        """Stop reading ``task_id``: its buffered observations go, its waiters are cancelled."""
        task = self._tasks.pop(task_id, None)
        if task is not None:
            for _, _, fut in task.waiters:
                fut.cancel()
            self._dirty = True
        buf = self._buffers.pop(task_id, None)
        if buf:
            self._buffered -= len(buf)
            self._room.set()

    async def _place(self, task_id: str, task: _Task) -> None:
        """Put the task on its partition and find its first offset there."""
        assert self._partitions
        before = task.partition
        p = task.partition = partition_for(task_id, self._partitions)
        tp = TopicPartition(self.topic, p)
        if task.from_offset is not None and before is None:
            task.start = task.from_offset
        elif task.since == self._started_at and p in self._start_offsets:
            task.start = self._start_offsets[p]
        else:
            task.start = await self._offset_at(tp, task.since)
        task.next = max(task.next, task.start) if before == p else task.start
        self._positions[p] = min(self._positions.get(p, task.next), task.next)

    async def _offset_at(self, tp: TopicPartition, since: float) -> int:
        """The partition's first offset at or after ``since`` (its end if none), asked once per
        (partition, time)."""
        start = self._by_time.get((tp.partition, since))
        if start is None:
            found = (await self._consumer.offsets_for_times({tp: int(since * 1000)}))[tp]
            start = found.offset if found is not None else (await self._consumer.end_offsets([tp]))[tp]
            if len(self._by_time) > 4096:
                self._by_time.clear()
            self._by_time[(tp.partition, since)] = start
        return start

    async def _refresh_partitions(self) -> bool:
        """Look the topic's partition count up; on a change re-map every task. True on a change."""
        # aiokafka's public partitions_for_topic only knows topics already assigned: ask the broker.
        cluster = await self._consumer._client.fetch_all_metadata()
        parts = cluster.partitions_for_topic(self.topic)
        n = len(parts) if parts else None
        if n is None or n == self._partitions:
            return False
        first = self._partitions is None
        self._partitions = n
        found = await self._first_offsets(n, first)
        self._start_offsets = {p: self._start_offsets.get(p, found[p]) for p in range(n)}
        if not first:
            log.warning("%s now has %d partitions: tasks re-mapped", self.topic, n)
            self._positions, self._by_time = {}, {}
        for task_id, task in self._tasks.items():
            await self._place(task_id, task)
        if self.all_tasks:
            for p in range(n):
                self._positions.setdefault(p, self._global_next.get(p, self._start_offsets[p]))
        self._dirty = True
        return True

    async def _first_offsets(self, n: int, first: bool) -> dict[int, int]:
        """Where each of the ``n`` partitions is read from: the beginning (``from_beginning``),
        the end (at start), or 0 (partitions that appeared since: everything on them is new)."""
        tps = [TopicPartition(self.topic, p) for p in range(n)]
        if self.from_beginning:
            begin = await self._consumer.beginning_offsets(tps)
            return {tp.partition: off for tp, off in begin.items()}
        if first:
            return {tp.partition: off for tp, off in (await self._consumer.end_offsets(tps)).items()}
        return {p: 0 for p in range(n)}

    async def _assign(self) -> None:
        """Assign exactly the partitions that hold wanted tasks, each at its next offset."""
        if self.all_tasks and self._partitions:
            wanted = set(range(self._partitions))
        else:
            wanted = {t.partition for t in self._tasks.values() if t.partition is not None}
        for p in list(self._positions):
            if p not in wanted:
                del self._positions[p]
        tps = [TopicPartition(self.topic, p) for p in sorted(wanted)]
        self._consumer.assign(tps)
        for tp in tps:
            self._consumer.seek(tp, self._positions[tp.partition])
        self._dirty = False
        self.stats.reassignments += 1

    # -------------------------------------------------------------------- pump
    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        next_check = loop.time() + self._partition_check
        try:
            while True:
                if loop.time() >= next_check or not self._partitions:
                    next_check = loop.time() + self._partition_check
                    async with self._lock:
                        await self._refresh_partitions()
                if self._dirty:
                    async with self._lock:
                        await self._assign()
                if not self._consumer.assignment():
                    await asyncio.sleep(0.05)
                    continue
                await self._room_to_read()
                batches = await self._consumer.getmany(timeout_ms=100, max_records=500)
                self._take(batches)
        except asyncio.CancelledError:
            raise
        except BaseException as exc:  # a broken connection, not a bad record: surface to waiters
            log.exception("observation consumer stopped")
            self._fail(exc)

    async def _room_to_read(self) -> None:
        """``block``: wait while the buffers are full (readers taking observations make room)."""
        while self.overflow == "block" and self._buffered >= self.max_buffered:
            self._room.clear()
            await self._room.wait()

    def _fail(self, exc: BaseException) -> None:
        """The pump stopped: every waiter gets ``exc``, every reader wakes to raise it."""
        self._error = exc
        self._any_arrived.set()
        for task in self._tasks.values():
            task.arrived.set()
            for _, _, fut in task.waiters:
                if not fut.done():
                    fut.set_exception(exc)

    def _take(self, batches: dict[TopicPartition, list[Any]]) -> None:
        for tp, records in batches.items():
            if self._dirty:  # the assignment changed under this batch: re-read after re-seeking
                return
            for rec in records:
                self._handle(tp.partition, rec)
                self._positions[tp.partition] = rec.offset + 1
                if self.overflow == "block" and self._buffered >= self.max_buffered:
                    self._dirty = True  # full: the rest is read again (re-seek) once there is room
                    return

    def _skip(self, reason: str, p: int, offset: int, detail: Any = "") -> None:
        self.stats.skipped[reason] += 1
        n = self.stats.skipped[reason]
        if n <= 10 or n % 1000 == 0:  # a poisoned topic must not flood the log
            log.warning("skipped record %s:%d@%d (%s, %d so far) %s", self.topic, p, offset, reason, n, detail)

    def _handle(self, p: int, rec: Any) -> None:
        self.stats.records_read += 1
        self.stats.bytes_read += len(rec.key or b"") + len(rec.value or b"")
        if rec.key is None:
            self._skip("no_key", p, rec.offset)
            return
        try:
            task_id = rec.key.decode()
        except UnicodeDecodeError:
            self._skip("bad_key", p, rec.offset)
            return
        task = self._tasks.get(task_id)
        if not self._new(p, rec.offset, task):
            return
        obs = self._decoded(p, rec, task_id)
        if obs is not None:
            self._deliver(task_id, task, obs)

    def _new(self, p: int, offset: int, task: _Task | None) -> bool:
        """Whether the record at ``offset`` is one to read: a wanted task's (or any, with
        ``all_tasks``), past what was read of it; the read position moves past it."""
        if task is None and not self.all_tasks:
            return False  # another task on the same partition
        if task is not None:
            if task.partition != p or offset < task.next:
                return False  # before its start, or handed out before a seek-back
            task.next = offset + 1
        elif offset < self._global_next.get(p, 0):
            return False
        if self.all_tasks:
            self._global_next[p] = offset + 1
        return True

    def _decoded(self, p: int, rec: Any, task_id: str) -> Observation | None:
        """The record's observation, or None with the record counted as skipped and why."""
        if rec.value is None:
            self._skip("tombstone", p, rec.offset)
            return None
        try:
            obs = codec.observation_from(orjson.loads(rec.value))
        except orjson.JSONDecodeError as exc:
            self._skip("not_json", p, rec.offset, exc)
            return None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            self._skip("not_an_observation", p, rec.offset, repr(exc)[:200])
            return None
        if obs.task_id != task_id:
            self._skip("key_mismatch", p, rec.offset, f"key {task_id[:80]!r}, task {obs.task_id[:80]!r}")
            return None
        return obs

    def _deliver(self, task_id: str, task: _Task | None, obs: Observation) -> None:
        if task is not None and self._to_waiter(task, obs):
            return
        self._seq += 1
        self._buffers.setdefault(task_id, OrderedDict())[self._seq] = obs
        self._order.append((self._seq, task_id))
        self._buffered += 1
        if task is not None:
            task.arrived.set()
        self._any_arrived.set()
        self._bound_buffer()

    def _to_waiter(self, task: _Task, obs: Observation) -> bool:
        """Hand ``obs`` to the first waiter for its action (and step, if it named one)."""
        for i, (action, step, fut) in enumerate(task.waiters):
            if not fut.done() and obs.action_id == action and (step is None or obs.step_id == step):
                del task.waiters[i]
                fut.set_result(obs)
                self.stats.delivered += 1
                return True
        return False

    def _bound_buffer(self) -> None:
        """``drop_oldest``: the oldest out past ``max_buffered``; the claimed entries compacted."""
        if self.overflow == "drop_oldest":
            while self._buffered > self.max_buffered:
                if self._pop_oldest(None) is not None:
                    self.stats.dropped += 1
        if len(self._order) > 2 * self.max_buffered + 64:  # claimed entries pile up: compact
            self._order = deque(e for e in self._order if e[0] in self._buffers.get(e[1], ()))

    def _pop_oldest(self, task_id: str | None) -> Observation | None:
        """Take the oldest buffered observation (of one task, or of any)."""
        if task_id is not None:
            buf = self._buffers.get(task_id)
            if not buf:
                return None
            _, obs = buf.popitem(last=False)
            self._taken(task_id, buf)
            return obs
        while self._order:
            seq, owner = self._order.popleft()
            buf = self._buffers.get(owner)
            if buf is not None and seq in buf:
                obs = buf.pop(seq)
                self._taken(owner, buf)
                return obs
        return None

    def _taken(self, task_id: str, buf: OrderedDict[int, Observation]) -> None:
        self._buffered -= 1
        if not buf and task_id not in self._tasks:
            del self._buffers[task_id]
        self._room.set()

    def _check(self) -> None:
        if self._error is not None:
            raise self._error

    # ------------------------------------------------------------------ reading
    async def wait_for(self, task_id: str, action_id: str, timeout: float = 30.0,
                       *, step_id: int | None = None, since: float | None = None) -> Observation:
        """The first not yet claimed observation of (task, action[, step]); TimeoutError after ``timeout``."""
        self._check()
        await self.add_task(task_id, since)
        buf = self._buffers.get(task_id)
        if buf:
            for seq, obs in buf.items():
                if obs.action_id == action_id and (step_id is None or obs.step_id == step_id):
                    del buf[seq]
                    self._taken(task_id, buf)
                    self.stats.delivered += 1
                    return obs
        task = self._tasks[task_id]
        fut: asyncio.Future[Observation] = asyncio.get_running_loop().create_future()
        entry = (action_id, step_id, fut)
        task.waiters.append(entry)
        try:
            return await asyncio.wait_for(fut, timeout)
        finally:
            with contextlib.suppress(ValueError):
                task.waiters.remove(entry)

    async def observations(self, task_id: str, since: float | None = None) -> AsyncIterator[Observation]:
        """Every observation of one task, in order, as it comes (the waiters of ``wait_for`` go first)."""
        await self.add_task(task_id, since)
        async for obs in self._drain(task_id):
            yield obs

    def __aiter__(self) -> AsyncIterator[Observation]:
        return self._drain(None)

    async def _drain(self, task_id: str | None) -> AsyncGenerator[Observation, None]:
        """Buffered observations of one task (None: every wanted one), oldest first, then each as
        it arrives; a task's iteration ends when the task is removed."""
        while True:
            self._check()
            obs = self._pop_oldest(task_id)
            if obs is not None:
                self.stats.delivered += 1
                yield obs
                continue
            if task_id is None:
                arrived = self._any_arrived
            else:
                task = self._tasks.get(task_id)
                if task is None:
                    return  # removed
                arrived = task.arrived
            arrived.clear()
            await arrived.wait()

    async def collect(self, count: int, timeout: float = 30.0) -> list[Observation]:
        """The next ``count`` unclaimed observations of the wanted tasks (fewer if ``timeout`` ends first)."""
        out: list[Observation] = []
        it = self._drain(None)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        try:
            while len(out) < count:
                left = deadline - loop.time()
                if left <= 0:
                    break
                try:
                    out.append(await asyncio.wait_for(it.__anext__(), left))
                except TimeoutError:
                    break
        finally:
            await it.aclose()
        return out


__all__ = ["DEFAULT_BOOTSTRAP", "DEFAULT_MAX_BUFFERED", "DEFAULT_PREFIX", "ConsumerStats", "ObservationConsumer",
           "ObslineProducer", "partition_for"]
