"""Whoever touches the topics first creates them with the configured partition count (real broker).

Before: a publisher that started before the first worker had the broker auto-create the raw
topic with ONE partition; the batch engine then wrote every observation to partition 0 and
``wait_for`` (murmur2 % 8) timed out for the tasks hashed elsewhere. A worker facing a topic with
another count now refuses to start, with one line.
"""

from __future__ import annotations

import asyncio

import pytest
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from conftest import read_record  # tests/streams/conftest.py

from obsline.client import ObservationConsumer, ObslineProducer

pytestmark = [pytest.mark.integration]

TASKS = [f"first-{i}" for i in range(8)]


@pytest.mark.parametrize("first", ["publisher", "consumer"])
async def test_a_client_first_creates_the_topics_and_every_task_is_waited_for(stream, first, monkeypatch):
    monkeypatch.setenv("OBSLINE_PARTITIONS", str(stream.settings.partitions))  # as the fleet is configured
    consumer = ObservationConsumer(stream.bootstrap, stream.settings.topic_prefix, tasks=TASKS, since=0)
    if first == "consumer":
        await consumer.start()
    async with ObslineProducer(stream.bootstrap, stream.settings.topic_prefix) as producer:
        for task in TASKS:
            await producer.publish_bytes(read_record(task, 1), key=task)
    if first == "publisher":
        await consumer.start()
    try:
        worker = stream.worker(engine="batch")
        got = await asyncio.gather(*(consumer.wait_for(t, "call-1", timeout=90) for t in TASKS), return_exceptions=True)
        missing = [t for t, o in zip(TASKS, got, strict=True) if isinstance(o, BaseException)]
        assert missing == [], stream.logs()
        assert worker.alive()
    finally:
        await consumer.stop()


@pytest.mark.parametrize("engine", ["batch", "faust"])
async def test_a_worker_refuses_a_topic_with_another_partition_count_in_one_line(stream, engine):
    admin = AIOKafkaAdminClient(bootstrap_servers=stream.bootstrap)
    await admin.start()
    try:
        await admin.create_topics([NewTopic(stream.topic("raw"), 1, 1)])  # as the broker auto-creates it
    finally:
        await admin.close()
    worker = stream.worker(engine=engine)
    assert worker.proc is not None
    rc = await asyncio.to_thread(worker.proc.wait, 120)
    out = worker.output()
    assert rc == 2, out
    lines = [line for line in out.splitlines() if "partition count" in line]
    assert len(lines) == 1 and lines[0].startswith("error CONFLICT:"), out
    assert f"{stream.topic('raw')} has 1" in lines[0] and "--partitions 4" in lines[0]
    assert "Traceback" not in out
