"""Where a task lives: the partition its task id hashes to, as every producer computes it.

aiokafka's default partitioner (and Java's, and kcat's ``murmur2_random``): murmur2 of the key,
positive, modulo the partition count. The batch engine re-keys a raw record that arrived on
another partition (a producer that keyed it otherwise) by forwarding it to this partition
before doing anything else, so one worker owns all of a task's state and outputs.
"""

from __future__ import annotations

from aiokafka.partitioner import murmur2

_CACHE_MAX = 100_000  # task -> partition, cleared when full (murmur2 in Python is ~5 µs a key)


def partition_for(key: bytes, partitions: int) -> int:
    return (murmur2(key) & 0x7FFFFFFF) % partitions


class TaskPartitioner:
    """``partition_for`` with a bounded cache; ``resize`` when the topic's count is known."""

    def __init__(self, partitions: int) -> None:
        self.partitions = partitions
        self._cache: dict[bytes, int] = {}

    def resize(self, partitions: int) -> None:
        if partitions and partitions != self.partitions:
            self.partitions, self._cache = partitions, {}

    def __call__(self, key: bytes) -> int:
        p = self._cache.get(key)
        if p is None:
            if len(self._cache) >= _CACHE_MAX:
                self._cache.clear()
            p = self._cache[key] = partition_for(key, self.partitions)
        return p


__all__ = ["TaskPartitioner", "partition_for"]
