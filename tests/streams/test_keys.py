"""The task partition: the same murmur2 as every producer."""

from __future__ import annotations

from aiokafka.partitioner import DefaultPartitioner

from obsline.streams.keys import TaskPartitioner, partition_for


def test_the_task_partition_is_the_producers_default_partition() -> None:
    keys = [b"a", b"task-1", "t\u00e9\x1f/".encode(), b"x" * 10_000]
    for n in (1, 4, 8, 13):
        assert [partition_for(k, n) for k in keys] == [DefaultPartitioner()(k, list(range(n)), []) for k in keys]


def test_a_resize_forgets_partitions_computed_for_the_old_count() -> None:
    parts = TaskPartitioner(4)
    before = [parts(b"k%d" % i) for i in range(50)]
    parts.resize(8)
    assert [parts(b"k%d" % i) for i in range(50)] == [partition_for(b"k%d" % i, 8) for i in range(50)]
    assert before == [partition_for(b"k%d" % i, 4) for i in range(50)]
