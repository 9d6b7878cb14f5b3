"""The upper bound of the batch engine: its Kafka I/O, with no processing.

    python -m bench.batch_passthrough BOOTSTRAP PREFIX GROUP

What ``obsline worker --engine batch`` does on the wire, and nothing else: one consumer (group
GROUP) reads ``<prefix>raw`` with ``getmany`` (the engine's batch size and poll), and every
record's value goes, unchanged, to the same partition of ``fragments``, ``snapshots``,
``observations`` and ``<prefix>state`` (one state row a record), through one producer with
the engine's settings (acks=all, lz4, linger 1 ms, 256 KB batches, ``Out``'s per-partition
producer batches); a batch's offsets become committable once its sends are acked and are
committed every second. It is the bound of both engines: the faust engine, one agent on raw
since issue 20, writes the same topics (uncompressed, through faust's producer).
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
import time

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

from obsline.streams.batch import BATCH_BYTES, MAX_RECORDS, POLL_MS
from obsline.streams.changelog import Out

ROLES = ("fragments", "snapshots", "observations", "state")


async def run(bootstrap: str, prefix: str, group: str) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all", linger_ms=1, compression_type="lz4",
                                max_batch_size=BATCH_BYTES, max_request_size=4 * 1024 * 1024)
    consumer = AIOKafkaConsumer(prefix + "raw", bootstrap_servers=bootstrap, group_id=group,
                                auto_offset_reset="earliest", enable_auto_commit=False)
    await producer.start()
    await consumer.start()
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stopping.set)
    print("batch passthrough: started", file=sys.stderr, flush=True)
    committable: dict = {}
    pending: asyncio.Future | None = None
    last_commit = time.monotonic()

    async def acked(earlier: asyncio.Future | None, futures: dict, offsets: dict) -> None:
        if earlier is not None:
            await earlier
        for futs in futures.values():
            await asyncio.gather(*(f for f, _ in futs))
        committable.update(offsets)

    try:
        while not stopping.is_set():
            batches = await consumer.getmany(timeout_ms=POLL_MS, max_records=MAX_RECORDS)
            if batches:
                out, offsets = _passed_through(prefix, batches)
                pending = asyncio.ensure_future(acked(pending, await out.send(producer), offsets))
            if time.monotonic() - last_commit >= 1.0:
                last_commit = time.monotonic()
                if pending is not None:
                    await pending
                    pending = None
                if committable:
                    offsets, committable = dict(committable), {}
                    await consumer.commit(offsets)
    finally:
        with contextlib.suppress(Exception):
            if pending is not None:
                await pending
        await consumer.stop()
        await producer.stop()


def _passed_through(prefix: str, batches: dict) -> tuple[Out, dict]:
    """Every record of the batch unchanged to each role's topic (same partition), and the
    offsets to commit once the sends are acked."""
    out, offsets = Out(), {}
    for tp, records in batches.items():
        for rec in records:
            for role in ROLES:
                out.add(prefix + role, tp.partition, rec.key, rec.value, list(rec.headers or ()))
        offsets[tp] = records[-1].offset + 1
    return out, offsets


if __name__ == "__main__":
    with contextlib.suppress(asyncio.CancelledError, KeyboardInterrupt):
        asyncio.run(run(*sys.argv[1:4]))
