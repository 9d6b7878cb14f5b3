"""asyncio client SDK for obsline on Kafka (aiokafka).

    async with ObslineProducer("127.0.0.1:9092") as producer:
        await producer.publish("task-1", 0, "call_1", "get_user_details", raw, args={...})

    async with ObservationConsumer("127.0.0.1:9092", tasks={"task-1"}) as consumer:
        obs = await consumer.wait_for("task-1", "call_1", timeout=10)

Records are keyed by ``task_id`` (murmur2, like the workers), so one task stays in one
partition in order. A consumer only hands out the tasks it was asked for (filtered by
key); several agents (tasks) can share one consumer: ``add_task``/``wait_for`` from many
coroutines at once. With ``exactly_once`` workers read with ``isolation_level="read_committed"``
(the default here) so aborted transactions are never seen.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import defaultdict, deque
from collections.abc import AsyncIterator, Iterable
from typing import Any

import orjson
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

from obsline import codec
from obsline.models import Observation

DEFAULT_BOOTSTRAP = "127.0.0.1:9092"
DEFAULT_PREFIX = "obsline."


def _bootstrap(url: str) -> str:
    return ",".join(u.strip().split("://", 1)[-1] for u in url.replace(";", ",").split(",") if u.strip())


class ObslineProducer:
    """Publishes raw tool results to ``<prefix>raw``, keyed by task id."""

    def __init__(self, bootstrap: str = DEFAULT_BOOTSTRAP, topic_prefix: str = DEFAULT_PREFIX,
                 **producer_kwargs: Any) -> None:
        self.topic = f"{topic_prefix}raw"
        producer_kwargs.setdefault("acks", "all")
        producer_kwargs.setdefault("enable_idempotence", True)
        producer_kwargs.setdefault("linger_ms", 5)
        self._producer = AIOKafkaProducer(bootstrap_servers=_bootstrap(bootstrap), **producer_kwargs)

    async def start(self) -> ObslineProducer:
        await self._producer.start()
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


class ObservationConsumer:
    """Reads ``<prefix>observations`` and hands out the observations of the tasks asked for.

    ``tasks=None`` means every task. ``group_id=None`` reads every partition without
    committing (each consumer sees everything it filters for); ``from_beginning`` picks
    ``earliest`` vs ``latest`` for a consumer without committed offsets.
    """

    def __init__(self, bootstrap: str = DEFAULT_BOOTSTRAP, topic_prefix: str = DEFAULT_PREFIX,
                 tasks: Iterable[str] | None = None, *, group_id: str | None = None,
                 isolation_level: str = "read_committed", from_beginning: bool = True,
                 **consumer_kwargs: Any) -> None:
        self.topic = f"{topic_prefix}observations"
        self.tasks: set[str] | None = None if tasks is None else set(tasks)
        self._consumer = AIOKafkaConsumer(
            self.topic, bootstrap_servers=_bootstrap(bootstrap), group_id=group_id,
            isolation_level=isolation_level, enable_auto_commit=group_id is not None,
            auto_offset_reset="earliest" if from_beginning else "latest", **consumer_kwargs)
        self._buffer: dict[str, deque[Observation]] = defaultdict(deque)  # for wait_for
        self._queue: asyncio.Queue[Observation] = asyncio.Queue()  # for iteration
        self._cond = asyncio.Condition()
        self._pump: asyncio.Task[None] | None = None
        self._error: BaseException | None = None

    # ---------------------------------------------------------------- lifecycle
    async def start(self) -> ObservationConsumer:
        await self._consumer.start()
        self._pump = asyncio.create_task(self._run())
        return self

    async def stop(self) -> None:
        if self._pump is not None:
            self._pump.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._pump
        await self._consumer.stop()

    async def __aenter__(self) -> ObservationConsumer:
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()

    # -------------------------------------------------------------------- tasks
    def add_task(self, task_id: str) -> None:
        if self.tasks is not None:
            self.tasks.add(task_id)

    def remove_task(self, task_id: str) -> None:
        if self.tasks is not None:
            self.tasks.discard(task_id)
        self._buffer.pop(task_id, None)

    def _wanted(self, key: bytes | None) -> bool:
        return self.tasks is None or (key is not None and key.decode("utf-8", "replace") in self.tasks)

    async def _run(self) -> None:
        try:
            while True:
                batches = await self._consumer.getmany(timeout_ms=200)
                got = False
                for records in batches.values():
                    for rec in records:
                        if not self._wanted(rec.key):
                            continue
                        obs = codec.observation_from(orjson.loads(rec.value))
                        self._buffer[obs.task_id].append(obs)
                        self._queue.put_nowait(obs)
                        got = True
                if got:
                    async with self._cond:
                        self._cond.notify_all()
        except asyncio.CancelledError:
            raise
        except BaseException as exc:  # surface to waiters
            self._error = exc
            async with self._cond:
                self._cond.notify_all()

    # ------------------------------------------------------------------ reading
    def __aiter__(self) -> AsyncIterator[Observation]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[Observation]:
        while True:
            if self._error is not None:
                raise self._error
            yield await self._queue.get()

    async def wait_for(self, task_id: str, action_id: str, timeout: float = 30.0,
                       *, step_id: int | None = None) -> Observation:
        """The first not yet claimed observation of (task, action[, step]); TimeoutError after ``timeout``."""
        self.add_task(task_id)

        def take() -> Observation | None:
            buf = self._buffer.get(task_id)
            if not buf:
                return None
            for i, obs in enumerate(buf):
                if obs.action_id == action_id and (step_id is None or obs.step_id == step_id):
                    del buf[i]
                    return obs
            return None

        async def wait() -> Observation:
            async with self._cond:
                while True:
                    if self._error is not None:
                        raise self._error
                    found = take()
                    if found is not None:
                        return found
                    await self._cond.wait()

        return await asyncio.wait_for(wait(), timeout)

    async def collect(self, count: int, timeout: float = 30.0) -> list[Observation]:
        """The next ``count`` observations of the wanted tasks (fewer if ``timeout`` ends first)."""
        out: list[Observation] = []
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while len(out) < count:
            left = deadline - loop.time()
            if left <= 0:
                break
            try:
                out.append(await asyncio.wait_for(self._queue.get(), left))
            except TimeoutError:
                break
        return out


__all__ = ["DEFAULT_BOOTSTRAP", "DEFAULT_PREFIX", "ObservationConsumer", "ObslineProducer"]
