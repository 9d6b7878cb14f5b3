"""The faust worker's commit waits for its table writes (streams/faust_app.py, DrainingProducer):
a unit test of the one function, with a stand-in for faust's buffer."""

from __future__ import annotations

import pytest


class _SlowBuffer:
    """faust's ProducerBuffer as seen from a commit: its flush gives up early, one send at a time."""

    def __init__(self, queued: int, stalled: bool = False) -> None:
        self.size, self.stalled, self.calls = queued, stalled, 0

    async def flush_atmost(self, max_messages: int | None) -> int:
        self.calls += 1
        if self.stalled or not self.size:
            return 0
        self.size -= 1  # faust's flush: one message sent, then 0.1 s without a send, and it returns
        return 1

    async def flush(self) -> None:
        await self.flush_atmost(None)


async def test_a_commit_waits_until_the_changelog_buffer_is_empty(monkeypatch):
    from obsline.streams import faust_app
    from obsline.streams.faust_app import DrainingProducer

    producer = object.__new__(DrainingProducer)  # only the buffer matters to flush
    producer.buffer, producer._producer = _SlowBuffer(5), None
    await producer.flush()
    assert producer.buffer.size == 0 and producer.buffer.calls >= 5

    monkeypatch.setattr(faust_app, "DRAIN_STALL_SECONDS", 0.05)
    producer.buffer = _SlowBuffer(3, stalled=True)
    with pytest.raises(RuntimeError, match="sent nothing"):  # fails the commit rather than losing the writes
        await producer.flush()
