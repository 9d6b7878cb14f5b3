"""The client SDK against the real local broker: bounded memory, partition-scoped reads from a
task's start, bad records skipped, one iterator per task, re-mapping on a partition change."""

from __future__ import annotations

import asyncio
import time

import pytest
from aiokafka import AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient, NewPartitions

from bench.client import create_topic, fill, memory_run, observation, templates
from obsline.client import ObservationConsumer, partition_for

pytestmark = [pytest.mark.integration]

TEMPLATE = templates(5)[0]


def obs(task: str, step: int) -> tuple[bytes, bytes]:
    return task.encode(), observation(TEMPLATE, task, step)


async def test_wait_for_only_keeps_rss_flat_over_100k_observations(kafka_bootstrap, topic_prefix):
    result = await memory_run(kafka_bootstrap, topic_prefix, 100_000)
    assert result["rss_last_mb"] - result["rss_first_mb"] < 50, result["samples"]
    assert result["rss_max_mb"] - result["rss_first_mb"] < 50
    assert result["buffered_at_end"] <= 4096
    assert result["dropped"] > 90_000  # the unclaimed ones went, oldest first
    assert result["skipped"] == {"tombstone": 1, "not_json": 1, "not_an_observation": 1}


async def test_reads_only_the_partition_of_its_task(kafka_bootstrap, topic_prefix):
    topic = f"{topic_prefix}observations"
    await create_topic(kafka_bootstrap, topic, 8)
    tasks = [f"t-{i}" for i in range(200)]
    await fill(kafka_bootstrap, topic, [obs(t, s) for s in range(5) for t in tasks])
    async with ObservationConsumer(kafka_bootstrap, topic_prefix, tasks={"t-7"}, from_beginning=True) as c:
        got = [await c.wait_for("t-7", f"call-{s}", timeout=30) for s in range(5)]
        assert {tp.partition for tp in c._consumer.assignment()} == {partition_for("t-7", 8)}
        same_partition = sum(1 for t in tasks if partition_for(t, 8) == partition_for("t-7", 8))
        await asyncio.sleep(0.5)
        assert c.stats.records_read <= same_partition * 5 < len(tasks) * 5 / 3
    assert [o.step_id for o in got] == [0, 1, 2, 3, 4]


async def test_task_is_read_from_its_start_not_the_topic_beginning(kafka_bootstrap, topic_prefix):
    topic = f"{topic_prefix}observations"
    await create_topic(kafka_bootstrap, topic, 2)
    await fill(kafka_bootstrap, topic, [obs("a", s) for s in range(500)] + [obs("b", s) for s in range(500)])
    await asyncio.sleep(0.05)
    since = time.time()
    await fill(kafka_bootstrap, topic, [obs("a", 1000), obs("b", 1000)])
    async with ObservationConsumer(kafka_bootstrap, topic_prefix, tasks={"a"}, since=since) as c:
        first = await c.wait_for("a", "call-1000", timeout=30)
        assert c.stats.records_read <= 2  # its partition from its start: the history is not read
    assert first.step_id == 1000
    async with ObservationConsumer(kafka_bootstrap, topic_prefix, tasks={"a"}) as c:  # from now
        with pytest.raises(TimeoutError):
            await c.wait_for("a", "call-1000", timeout=1.0)
        await fill(kafka_bootstrap, topic, [obs("a", 1001)])
        assert (await c.wait_for("a", "call-1001", timeout=30)).step_id == 1001


async def test_bad_records_are_skipped_and_never_poison_other_tasks(kafka_bootstrap, topic_prefix):
    topic = f"{topic_prefix}observations"
    await create_topic(kafka_bootstrap, topic, 1)  # every task shares the poisoned partition
    since = time.time() - 1
    await fill(kafka_bootstrap, topic, [
        (b"a", None), (b"a", b"\xff not json"), (b"a", b'{"task_id": "a", "step_id": 0}'), (None, b"{}"),
        (b"a", observation(TEMPLATE, "b", 9)),  # a key that is not its task
        obs("a", 0), obs("b", 0),
    ])
    async with ObservationConsumer(kafka_bootstrap, topic_prefix, tasks={"a", "b"}, since=since) as c:
        assert (await c.wait_for("a", "call-0", timeout=30)).task_id == "a"
        assert (await c.wait_for("b", "call-0", timeout=30)).task_id == "b"
        await fill(kafka_bootstrap, topic, [(b"b", b"[1, 2]"), obs("b", 1)])
        assert (await c.wait_for("b", "call-1", timeout=30)).step_id == 1
        assert c.stats.skipped == {"tombstone": 1, "not_json": 1, "not_an_observation": 2, "no_key": 1,
                                   "key_mismatch": 1}


async def test_one_iterator_per_task_yields_its_observations_in_order(kafka_bootstrap, topic_prefix):
    topic = f"{topic_prefix}observations"
    await create_topic(kafka_bootstrap, topic, 4)
    since = time.time() - 1
    await fill(kafka_bootstrap, topic, [obs(t, s) for s in range(20) for t in ("x", "y", "z")])
    async with ObservationConsumer(kafka_bootstrap, topic_prefix, since=since, tasks=()) as c:
        async def read(task: str) -> list[int]:
            out = []
            async for o in c.observations(task, since=since):
                assert o.task_id == task
                out.append(o.step_id)
                if len(out) == 20:
                    return out
            return out

        results = await asyncio.wait_for(asyncio.gather(read("x"), read("y")), 30)
    assert results == [list(range(20))] * 2


async def test_block_overflow_holds_at_most_max_buffered_and_loses_nothing(kafka_bootstrap, topic_prefix):
    topic = f"{topic_prefix}observations"
    await create_topic(kafka_bootstrap, topic, 1)
    since = time.time() - 1
    await fill(kafka_bootstrap, topic, [obs("a", s) for s in range(300)])
    async with ObservationConsumer(kafka_bootstrap, topic_prefix, tasks={"a"}, since=since,
                                   max_buffered=10, overflow="block") as c:
        await asyncio.sleep(1.5)
        assert c.buffered() == 10
        got = await c.collect(300, timeout=30)
        assert c.stats.dropped == 0
    assert [o.step_id for o in got] == list(range(300))


async def test_tasks_are_remapped_when_the_partition_count_changes(kafka_bootstrap, topic_prefix):
    topic = f"{topic_prefix}observations"
    await create_topic(kafka_bootstrap, topic, 1)
    task = next(t for t in (f"task-{i}" for i in range(100)) if partition_for(t, 6) != 0)
    async with ObservationConsumer(kafka_bootstrap, topic_prefix, tasks={task}, partition_check_seconds=0.3) as c:
        admin = AIOKafkaAdminClient(bootstrap_servers=kafka_bootstrap)
        await admin.start()
        try:
            await admin.create_partitions({topic: NewPartitions(6)})
        finally:
            await admin.close()
        producer = AIOKafkaProducer(bootstrap_servers=kafka_bootstrap, metadata_max_age_ms=300)
        await producer.start()
        try:
            while len(producer.client.cluster.partitions_for_topic(topic) or ()) < 6:
                await producer.client.force_metadata_update()
                await asyncio.sleep(0.1)
            meta = await (await producer.send(topic, key=task.encode(), value=observation(TEMPLATE, task, 0)))
        finally:
            await producer.stop()
        assert meta.partition == partition_for(task, 6)
        got = await c.wait_for(task, "call-0", timeout=30)
        assert {tp.partition for tp in c._consumer.assignment()} == {partition_for(task, 6)}
    assert got.task_id == task


async def test_a_task_can_start_at_an_offset_it_knows(kafka_bootstrap, topic_prefix):
    topic = f"{topic_prefix}observations"
    await create_topic(kafka_bootstrap, topic, 1)
    await fill(kafka_bootstrap, topic, [obs("a", s) for s in range(10)])
    async with ObservationConsumer(kafka_bootstrap, topic_prefix, tasks=()) as c:
        await c.add_task("a", from_offset=7)
        got = await c.collect(3, timeout=30)
        assert c.stats.records_read == 3
    assert [o.step_id for o in got] == [7, 8, 9]
