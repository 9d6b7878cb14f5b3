"""The upper bound: the same four-topic chain as obsline, with no processing at all.

    python -m bench.kafka_passthrough BOOTSTRAP PREFIX GROUP

One asyncio process (like one ``obsline worker``) runs three hops, raw -> fragments ->
snapshots -> observations: per hop a plain aiokafka consumer (its own consumer group) whose
records are forwarded as they are (key, value and headers kept) through one shared producer
with faust's producer defaults (acks=all, linger 0). Runs until SIGTERM/SIGINT.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

HOPS = (("raw", "fragments"), ("fragments", "snapshots"), ("snapshots", "observations"))


async def hop(bootstrap: str, src: str, dst: str, group: str, producer: AIOKafkaProducer) -> None:
    consumer = AIOKafkaConsumer(src, bootstrap_servers=bootstrap, group_id=group, auto_offset_reset="earliest",
                                enable_auto_commit=True, auto_commit_interval_ms=1000)
    await consumer.start()
    try:
        while True:
            batches = await consumer.getmany(timeout_ms=100)
            for records in batches.values():
                for rec in records:
                    await producer.send(dst, value=rec.value, key=rec.key, headers=list(rec.headers or ()))
    finally:
        await consumer.stop()


async def run(bootstrap: str, prefix: str, group: str) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all", linger_ms=0)
    await producer.start()
    tasks = [asyncio.create_task(hop(bootstrap, prefix + src, prefix + dst, f"{group}.{src}", producer))
             for src, dst in HOPS]
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, lambda: [t.cancel() for t in tasks])
    print("passthrough: hops started", file=sys.stderr, flush=True)
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
        for t in done:
            if not t.cancelled() and t.exception() is not None:
                raise t.exception()  # type: ignore[misc]
    finally:
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(BaseException):
                await t
        await producer.stop()


if __name__ == "__main__":
    with contextlib.suppress(asyncio.CancelledError, KeyboardInterrupt):
        asyncio.run(run(*sys.argv[1:4]))
