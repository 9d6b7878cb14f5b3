"""The faust consumer's rewind of never-committed partitions, on the real broker."""

from __future__ import annotations

import asyncio

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.structs import OffsetAndMetadata

from obsline.streams.faust_app import confirm_drops, first_dropped, seek_to_committed_or_earliest

pytestmark = [pytest.mark.integration]


async def test_never_committed_partitions_go_back_to_the_earliest_offset(kafka_bootstrap, topic_prefix, group_id):
    stream, changelog = f"{topic_prefix}raw", f"{topic_prefix}table-changelog"
    admin = AIOKafkaAdminClient(bootstrap_servers=kafka_bootstrap)
    await admin.start()
    await admin.create_topics([NewTopic(t, num_partitions=2, replication_factor=1) for t in (stream, changelog)])
    await admin.close()
    producer = AIOKafkaProducer(bootstrap_servers=kafka_bootstrap)
    await producer.start()
    for topic in (stream, changelog):
        for partition in (0, 1):
            for i in range(5):
                await producer.send_and_wait(topic, b"v%d" % i, partition=partition)
    await producer.stop()

    tps = [TopicPartition(t, p) for t in (stream, changelog) for p in (0, 1)]
    consumer = AIOKafkaConsumer(bootstrap_servers=kafka_bootstrap, group_id=group_id, enable_auto_commit=False,
                                auto_offset_reset="earliest")
    await consumer.start()
    try:
        consumer.assign(tps)
        await consumer.commit({TopicPartition(stream, 0): OffsetAndMetadata(3, "")})
        for tp in tps:  # what a rebalance leaves behind: fetched to the end, dropped, not committed
            await consumer.seek_to_end(tp)
        # faust's livelock check reads tp_state.position from another thread at any time, and
        # aiokafka asserts it is set: no partition may be "awaiting reset" even for a moment
        # (seek_to_beginning left them so while the reset's offset lookup ran: AssertionError)
        states = consumer._fetcher._subscriptions.subscription.assignment  # noqa: SLF001
        unset: set = set()
        seeking = asyncio.create_task(seek_to_committed_or_earliest(consumer, keep={changelog}))
        while not seeking.done():
            unset |= {tp for tp in tps if not states.state_value(tp).has_valid_position}
            await asyncio.sleep(0)
        committed = seeking.result()
        positions = {(tp.topic, tp.partition): await consumer.position(tp) for tp in tps}
    finally:
        await consumer.stop()

    assert unset == set()
    assert committed[TopicPartition(stream, 0)] == 3 and committed[TopicPartition(stream, 1)] is None
    assert positions == {
        (stream, 0): 3,  # back to its committed offset (aiokafka's own seek_to_committed)
        (stream, 1): 0,  # never committed: back to the earliest offset, nothing skipped
        (changelog, 0): 5, (changelog, 1): 5,  # kept: table recovery places these itself
    }


def test_a_drop_is_confirmed_only_when_nothing_moved_between_two_looks():
    first, moved, confirmed_twice = {"raw:2": (30, 31)}, {"raw:2": (30, 33)}, {"raw:2": (31, 33)}
    assert confirm_drops(first, {}) == ([], first)  # one sighting: maybe still in an agent's queue
    assert confirm_drops(moved, first) == ([], moved)  # fetching went on: look again
    assert confirm_drops(moved, moved) == (["raw:2"], {})  # same offsets twice: dropped
    assert confirm_drops(confirmed_twice, moved) == ([], confirmed_twice)  # committed meanwhile
    assert confirm_drops({}, first) == ([], {})  # nothing suspect any more


def test_records_fetched_after_the_last_one_handed_on_are_the_dropped_ones():
    rec = [type("R", (), {"offset": o}) for o in (10, 11, 12)]
    assert first_dropped({"raw:0": rec}, {"raw:0": 10}) == {"raw:0": 11}  # flow stopped after 10
    assert first_dropped({"raw:0": rec}, {}) == {"raw:0": 10}  # generation changed before any
    assert first_dropped({"raw:0": rec}, {"raw:0": 12}) == {}  # all handed on
