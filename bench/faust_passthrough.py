"""The Faust floor: the same four-topic chain as obsline's Faust worker, with no processing.

    python -m bench.faust_passthrough BOOTSTRAP PREFIX GROUP

Three Faust agents (concurrency 1, like the worker), raw -> fragments -> snapshots ->
observations, each forwarding key and value unchanged: no stages, no tables. What it reaches
is the most any Faust-agent-per-stage design can reach on the machine, so obsline's Faust
worker is measured against it as well as against the plain aiokafka pass-through.
"""

from __future__ import annotations

import sys
from typing import Any

import faust

HOPS = (("raw", "fragments"), ("fragments", "snapshots"), ("snapshots", "observations"))


def build(bootstrap: str, prefix: str, group: str) -> faust.App:
    app = faust.App(group, broker=f"kafka://{bootstrap}", store="memory://", key_serializer="raw",
                    value_serializer="raw", web_enabled=False, consumer_auto_offset_reset="earliest")
    topics = {role: app.topic(prefix + role, key_serializer="raw", value_serializer="raw")
              for hop in HOPS for role in hop}

    def forward(src: str, dst: str) -> None:
        async def run(stream: Any) -> None:
            async for event in stream.events():
                await topics[dst].send(key=event.key, value=event.value)

        run.__name__ = run.__qualname__ = f"forward_{src}"
        app.agent(topics[src], name=f"{group}.{src}", concurrency=1)(run)

    for src, dst in HOPS:
        forward(src, dst)
    return app


if __name__ == "__main__":
    bootstrap, prefix, group = sys.argv[1:4]
    worker = faust.Worker(build(bootstrap, prefix, group), loglevel="warning", quiet=True, redirect_stdouts=False)
    worker.spinner = None  # see streams/worker.py
    print("faust passthrough: agents started", file=sys.stderr, flush=True)
    sys.argv = [sys.argv[0], "worker"]
    worker.execute_from_commandline()
