"""Fleet mode: each raw goes to ``obsline.raw`` and the answer is the workers' observation.

The gateway still runs the stages in-process for every call, so that when the workers do not
answer within the timeout the client gets the in-process observation (and a note saying so)
instead of waiting on a fleet that may be down.
"""

from __future__ import annotations

import asyncio

from obsline.client import DEFAULT_PREFIX, ObservationConsumer, ObslineProducer
from obsline.models import Observation

DEFAULT_FLEET_TIMEOUT = 10.0


class Fleet:
    def __init__(self, bootstrap: str, timeout: float = DEFAULT_FLEET_TIMEOUT,
                 topic_prefix: str = DEFAULT_PREFIX) -> None:
        self.timeout = timeout
        self.producer = ObslineProducer(bootstrap, topic_prefix)
        # Only the tasks this gateway asked about (wait_for adds them), read from now on.
        self.consumer = ObservationConsumer(bootstrap, topic_prefix, tasks=set(), from_beginning=False)

    async def start(self) -> Fleet:
        await self.producer.start()
        await self.consumer.start()
        return self

    async def stop(self) -> None:
        await self.consumer.stop()
        await self.producer.stop()

    async def observe(self, line: bytes, task_id: str, step_id: int, action_id: str) -> Observation | None:
        """The workers' observation of ``line``, or None when none came within the timeout."""
        self.consumer.add_task(task_id)
        waiter = asyncio.create_task(self.consumer.wait_for(task_id, action_id, self.timeout, step_id=step_id))
        try:
            await self.producer.publish_bytes(line, key=task_id, wait=True)
            return await waiter
        except (TimeoutError, Exception):
            waiter.cancel()
            return None
