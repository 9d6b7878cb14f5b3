"""The batch engine's state rows over the broker's limit (a baseline holding a ~1 MB string) are
claim-checked; their claims are written with the batch's artifacts in ``store_durable``, retried
while the store fails (streams/batch.py ``stage_rows``). A unit test of ``process`` with the
producer stood in for (it keeps what it is handed); the broker tests of the same 1 MB record are
in test_large_results.py, of a failing claim store in test_claim_store_faults.py.

Before, the rows' claims were written in ``send``, after the retried write: a claim store that
failed there raised out of ``process`` and stopped the worker (its records were replayed)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import orjson
from aiokafka import TopicPartition

from bench.reliability import string_record
from obsline.stores.objects import StoreError
from obsline.streams.batch import BatchEngine
from obsline.streams.changelog import Store
from obsline.streams.claimcheck import MAX_VALUE_BYTES, is_claim, resolve
from obsline.streams.keys import TaskPartitioner
from obsline.streams.settings import Settings


class FirstPutFails:
    """The store, except that the first put of each key fails (a store that comes and goes)."""

    def __init__(self, objects: Any) -> None:
        self.objects, self.tried, self.failures = objects, set(), 0

    def put(self, key: str, data: bytes) -> None:
        if key not in self.tried:
            self.tried.add(key)
            self.failures += 1
            raise StoreError(f"put {key}: store unavailable")
        self.objects.put(key, data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.objects, name)


class Producer:
    """What ``Out.send`` hands a producer, kept per topic."""

    def __init__(self) -> None:
        self.sent: dict[str, list[tuple[bytes | None, bytes | None]]] = {}

    def create_batch(self) -> Any:
        records: list[tuple[bytes | None, bytes | None]] = []
        return SimpleNamespace(records=records, record_count=lambda: len(records),
                               append=lambda key, value, timestamp, headers: records.append((key, value)) or True)

    async def send_batch(self, batch: Any, topic: str, partition: int) -> asyncio.Future[Any]:
        self.sent.setdefault(topic, []).extend(batch.records)
        done = asyncio.get_running_loop().create_future()
        done.set_result(SimpleNamespace(offset=0))
        return done


async def test_an_oversized_state_rows_claim_is_retried_while_the_store_fails(tmp_path) -> None:
    engine = BatchEngine(Settings(artifact_dir=str(tmp_path), partitions=1), worker="w")
    engine.partition_of = TaskPartitioner(1)
    engine.path.partition_of = engine.partition_of
    engine.stores[0], engine.seen[0], engine.markers[0] = Store(), {}, {}
    flaky = engine.claims.objects = FirstPutFails(engine.claims.objects)
    engine.producer = producer = Producer()  # type: ignore[assignment]
    value = string_record("log", 0, 1_000_000)
    rec = SimpleNamespace(topic=engine.raw, partition=0, offset=0, key=b"log", value=value, headers=(), timestamp=0)

    await engine.process({TopicPartition(engine.raw, 0): [rec]})
    await engine.drain()

    rows = producer.sent[engine.state]
    claimed = [v for _, v in rows if v is not None and is_claim(v)]
    assert claimed, "a state row over the limit is sent as a claim check"
    assert all(len(v) <= MAX_VALUE_BYTES for _, v in rows if v is not None)
    engine.claims.objects = flaky.objects  # read back through the plain store: each claim was written
    for claim in claimed:
        assert len(resolve(claim, engine.claims)) > MAX_VALUE_BYTES
    assert flaky.failures >= len(claimed) + 1  # the record's own claims failed once too, and were retried
    observation = orjson.loads(producer.sent[engine.settings.topic("observations")][0][1])
    assert observation["status"] == "success"
