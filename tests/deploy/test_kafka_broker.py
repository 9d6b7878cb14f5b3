"""Integration tests on the real local Kafka broker (deploy/kafka/local.sh).

Needs the ``kafka_bootstrap`` fixture from tests/kafka_broker.py, java, mvn
(first run only) and kcat.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import time

import pytest
from aiokafka import AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.partitioner import DefaultPartitioner

from tests.kafka_broker import consume

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(shutil.which("kcat") is None, reason="kcat is not installed (deploy/setup.sh)"),
]

PARTITIONS = 3


def kcat(*args: str, stdin: str | None = None, timeout: float = 30) -> str:
    proc = subprocess.run(
        ["kcat", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert proc.returncode == 0, f"kcat {' '.join(args)} failed: {proc.stderr}"
    return proc.stdout


def kcat_metadata(bootstrap: str, topic: str | None = None) -> dict:
    args = ["-b", bootstrap, "-L", "-J", "-m", "10"]
    if topic is not None:
        args += ["-t", topic]
    return json.loads(kcat(*args))


async def create_topic(bootstrap: str, name: str, partitions: int = PARTITIONS) -> None:
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        await admin.create_topics(
            [NewTopic(name=name, num_partitions=partitions, replication_factor=1)]
        )
        # Wait (bounded) until the metadata shows every partition with a leader.
        deadline = time.monotonic() + 20
        while True:
            topics = await admin.describe_topics([name])
            parts = topics[0]["partitions"] if topics and topics[0]["error_code"] == 0 else []
            if len(parts) == partitions and all(p["leader"] >= 0 for p in parts):
                return
            assert time.monotonic() < deadline, f"topic {name} not ready: {topics}"
            await asyncio.sleep(0.2)
    finally:
        await admin.close()


def test_broker_answers_metadata(kafka_bootstrap: str) -> None:
    host, port = kafka_bootstrap.rsplit(":", 1)
    assert host == "127.0.0.1"
    meta = kcat_metadata(kafka_bootstrap)
    brokers = meta["brokers"]
    assert len(brokers) == 1
    assert brokers[0]["id"] == 1
    assert brokers[0]["name"] == f"127.0.0.1:{port}"


async def test_admin_creates_topic_with_three_partitions(kafka_bootstrap: str, topic_prefix: str) -> None:
    topic = f"{topic_prefix}admin"
    await create_topic(kafka_bootstrap, topic)

    admin = AIOKafkaAdminClient(bootstrap_servers=kafka_bootstrap)
    await admin.start()
    try:
        assert topic in await admin.list_topics()
    finally:
        await admin.close()

    listed = kcat_metadata(kafka_bootstrap, topic)["topics"]
    assert [t["topic"] for t in listed] == [topic]
    assert len(listed[0]["partitions"]) == PARTITIONS
    assert all(p["leader"] == 1 for p in listed[0]["partitions"])


async def test_kcat_produces_aiokafka_consumes_keyed(
    kafka_bootstrap: str, topic_prefix: str, group_id: str
) -> None:
    topic = f"{topic_prefix}kcat-to-aiokafka"
    await create_topic(kafka_bootstrap, topic)
    sent = [(f"key-{i % 4}", f"value-{i}") for i in range(20)]
    # murmur2_random is the Java client's (and aiokafka's) key partitioner.
    kcat(
        "-b", kafka_bootstrap, "-P", "-t", topic, "-K", "|",
        "-X", "topic.partitioner=murmur2_random",
        stdin="".join(f"{k}|{v}\n" for k, v in sent),
    )

    records = await consume(kafka_bootstrap, topic, until=lambda r: len(r) >= len(sent), timeout=30,
                            group_id=group_id)
    got = [(r.key.decode(), r.value.decode()) for r in records]
    assert sorted(got) == sorted(sent)

    partitioner = DefaultPartitioner()
    all_partitions = list(range(PARTITIONS))
    partition_of_key: dict[str, int] = {}
    for r in records:
        key = r.key.decode()
        # one key, one partition, the one aiokafka's producer would pick too
        assert partition_of_key.setdefault(key, r.partition) == r.partition
        assert r.partition == partitioner(r.key, all_partitions, all_partitions)
    # per-key order is kept
    for key in partition_of_key:
        assert [v for k, v in got if k == key] == [v for k, v in sent if k == key]


async def test_aiokafka_produces_kcat_consumes_keyed(kafka_bootstrap: str, topic_prefix: str) -> None:
    topic = f"{topic_prefix}aiokafka-to-kcat"
    await create_topic(kafka_bootstrap, topic)
    sent = [(f"k{i % 5}", f"v{i}") for i in range(25)]

    producer = AIOKafkaProducer(bootstrap_servers=kafka_bootstrap, acks="all")
    await producer.start()
    try:
        metas = [
            await producer.send_and_wait(topic, key=k.encode(), value=v.encode()) for k, v in sent
        ]
    finally:
        await producer.stop()
    assert {m.partition for m in metas} <= set(range(PARTITIONS))

    out = kcat(
        "-b", kafka_bootstrap, "-C", "-t", topic, "-o", "beginning", "-e", "-q",
        "-f", "%p|%k|%s\\n",
    )
    rows = [line.split("|", 2) for line in out.splitlines() if line]
    got = [(k, v) for _, k, v in rows]
    assert sorted(got) == sorted(sent)
    sent_partition = {(k, v): m.partition for (k, v), m in zip(sent, metas)}
    for p, k, v in rows:
        assert int(p) == sent_partition[(k, v)]
    for key in {k for k, _ in sent}:
        assert [v for k, v in got if k == key] == [v for k, v in sent if k == key]
