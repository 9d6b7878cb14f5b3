"""The Faust floor: the topics of obsline's Faust worker, with no processing.

    python -m bench.faust_passthrough BOOTSTRAP PREFIX GROUP

One Faust agent over raw (concurrency 1, like the worker) forwards each record's key and
value unchanged to fragments, snapshots and observations: no stages, no tables. What it
reaches is the most a Faust agent with the worker's writes can reach on the machine, so
obsline's Faust worker is measured against it as well as against the plain aiokafka
pass-through. (Until the faust engine became one agent over raw, this was three agents,
raw -> fragments -> snapshots -> observations.)
"""

from __future__ import annotations

import sys
from typing import Any

import faust

OUTPUTS = ("fragments", "snapshots", "observations")


def build(bootstrap: str, prefix: str, group: str) -> faust.App:
    app = faust.App(group, broker=f"kafka://{bootstrap}", store="memory://", key_serializer="raw",
                    value_serializer="raw", web_enabled=False, consumer_auto_offset_reset="earliest")
    topics = {role: app.topic(prefix + role, key_serializer="raw", value_serializer="raw")
              for role in ("raw", *OUTPUTS)}

    async def forward_raw(stream: Any) -> None:
        async for event in stream.events():
            for role in OUTPUTS:
                await topics[role].send(key=event.key, value=event.value)

    app.agent(topics["raw"], name=f"{group}.raw", concurrency=1)(forward_raw)
    return app


if __name__ == "__main__":
    bootstrap, prefix, group = sys.argv[1:4]
    worker = faust.Worker(build(bootstrap, prefix, group), loglevel="warning", quiet=True, redirect_stdouts=False)
    worker.spinner = None  # see streams/worker.py
    print("faust passthrough: agents started", file=sys.stderr, flush=True)
    sys.argv = [sys.argv[0], "worker"]
    worker.execute_from_commandline()
