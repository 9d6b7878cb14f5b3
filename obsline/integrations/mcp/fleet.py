"""Fleet mode: each raw goes to ``obsline.raw`` and the answer is the workers' observation.

The gateway still runs the stages in-process for every call, so that when the workers do not
answer within the timeout the client gets the in-process observation (and a note saying so)
instead of waiting on a fleet that may be down.
"""

from __future__ import annotations

import asyncio
import time

from obsline.client import DEFAULT_PREFIX, ObservationConsumer, ObslineProducer
from obsline.core.models import Observation

DEFAULT_FLEET_TIMEOUT = 10.0


class Fleet:
    def __init__(self, bootstrap: str, timeout: float = DEFAULT_FLEET_TIMEOUT,
                 topic_prefix: str = DEFAULT_PREFIX) -> None:
        self.bootstrap, self.timeout, self.topic_prefix = bootstrap, timeout, topic_prefix

    async def start(self) -> Fleet:
        # aiokafka clients belong to the running loop: made here, not in __init__.
        self.producer = ObslineProducer(self.bootstrap, self.topic_prefix)
        # Only the tasks this gateway asks about (observe adds them).
        self.consumer = ObservationConsumer(self.bootstrap, self.topic_prefix, tasks=[])
        await self.producer.start()
        await self.consumer.start()
        return self

    async def stop(self) -> None:
        await self.consumer.stop()
        await self.producer.stop()

    async def observe(self, line: bytes, task_id: str, step_id: int, action_id: str) -> Observation | None:
        """The workers' observation of ``line``, or None when none came within the timeout."""
        try:
            # Read the task from just before publishing: its answer cannot be missed.
            await self.consumer.add_task(task_id, since=time.time() - 1)
            await asyncio.wait_for(self.producer.publish_bytes(line, key=task_id, wait=True), self.timeout)
            return await self.consumer.wait_for(task_id, action_id, self.timeout, step_id=step_id)
        except (TimeoutError, Exception):  # a broker down or slow workers: the caller answers in-process
            return None
