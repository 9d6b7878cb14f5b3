"""exactly_once in the batch engine: one transactional producer per input partition.

aiokafka (0.14) sends ``TxnOffsetCommit`` without the consumer group's generation (no KIP-447
group-metadata fencing), so a worker paused past the session timeout (SIGSTOP, a long GC, a
partition of the network) and resumed could still commit its batch after the partition's new
owner had processed it again: 1,501 duplicates in one such run. The fence is the one Kafka
Streams used before KIP-447: the transactional id names the *input partition*
(``<app_id>-<raw topic>-p<n>``), not the worker. The new owner starts that producer when the
partition is assigned, before it reads the committed offset; ``init_transactions`` bumps the
id's epoch, which aborts the old owner's open transaction (or waits for it to finish) and fences
its producer: whatever the zombie sends or commits afterwards is refused (``ProducerFenced``),
so it drops the partition instead of committing it twice. The committed offset the new owner
then reads is stable (no transaction of the old owner is still open on it).

Kept partitions are started afresh too, at every assignment: the broker acknowledges a commit
before it writes the commit markers, so an offset fetch just after a rebalance could return the
offset from before this worker's own last transaction, and that batch would run twice (the
doubling that kept this scheme off main once: 46 duplicates in 2 of 3 SIGKILL runs). aiokafka
has no stable (KIP-447 ``require_stable``) offset fetch; ``init_transactions`` waits for the
id's last transaction to be complete, markers included.
"""

from __future__ import annotations

import asyncio
import enum
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiokafka import AIOKafkaProducer, TopicPartition
from aiokafka.errors import ProducerFenced

log = logging.getLogger("obsline.streams.batch")


class Outcome(enum.Enum):
    COMMITTED = "committed"
    ABORTED = "aborted"  # rewind the partition and reload its state, then go on
    FENCED = "fenced"  # the partition has a new owner: forget it


class Transactions:
    def __init__(self, app_id: str, raw_topic: str, make: Callable[[str], AIOKafkaProducer],
                 timeout_ms: int) -> None:
        self.app_id, self.raw, self.make, self.timeout_ms = app_id, raw_topic, make, timeout_ms
        self.producers: dict[int, AIOKafkaProducer] = {}

    def transactional_id(self, partition: int) -> str:
        return f"{self.app_id}-{self.raw}-p{partition}"

    async def own(self, partitions: set[int]) -> list[int]:
        """(Re)start the producer of every partition now owned, new or kept, and stop those of
        partitions gone; return the owned partitions, whose committed offsets the caller must
        read only now. Each ``init_transactions`` returns once the id's last transaction is
        complete: for a new partition it fences the previous owner (its open transaction
        aborted); for a kept one it waits for this worker's own last commit, whose offsets the
        broker may not have materialized yet (aiokafka has no KIP-447 stable offset fetch), so
        the fetcher's own pre-callback read may lag by that batch, which would run twice."""
        await asyncio.gather(*(self.forget(p) for p in list(self.producers)))
        owned = sorted(partitions)
        producers = {p: self.make(self.transactional_id(p)) for p in owned}
        await asyncio.gather(*(producer.start() for producer in producers.values()))
        self.producers.update(producers)
        return owned

    async def forget(self, partition: int) -> None:
        producer = self.producers.pop(partition, None)
        if producer is not None:
            try:
                await producer.stop()
            except Exception:  # a fenced producer may refuse to end cleanly: it is gone either way
                log.debug("stopping the producer of partition %d failed", partition, exc_info=True)

    async def commit(self, partition: int, send: Callable[[AIOKafkaProducer], Awaitable[Any]],
                     offsets: dict[TopicPartition, int]) -> tuple[Outcome, Any]:
        """One transaction on the partition's producer: ``send(producer)`` (its messages and state
        rows, awaited until acked; its result is returned), the raw offsets, commit."""
        producer = self.producers.get(partition)
        if producer is None:  # revoked meanwhile: its new owner reads these records
            return Outcome.FENCED, None
        try:
            await producer.begin_transaction()
            result = await send(producer)
            if offsets:
                await producer.send_offsets_to_transaction(offsets, self.app_id)
            await producer.commit_transaction()
            return Outcome.COMMITTED, result
        except ProducerFenced:
            return await self._fenced(partition)
        except Exception as exc:
            log.warning("partition %d: transaction aborted (%r): rewinding, reloading its state", partition, exc)
            try:
                await producer.abort_transaction()
            except Exception:  # a fatal state (fenced under another name): the partition is not ours
                return await self._fenced(partition)
            return Outcome.ABORTED, None

    async def _fenced(self, partition: int) -> tuple[Outcome, Any]:
        log.warning("partition %d: producer %s fenced: the partition has a new owner (this worker was cut "
                    "off longer than the session timeout); its batch is left to that owner",
                    partition, self.transactional_id(partition))
        await self.forget(partition)
        return Outcome.FENCED, None

    async def stop(self) -> None:
        await asyncio.gather(*(self.forget(p) for p in list(self.producers)))


__all__ = ["Outcome", "Transactions"]
