"""Topic creation at start-up: every stage topic with an explicit partition count.

The local broker auto-creates unknown topics with ONE partition, so the worker creates
its topics itself before faust subscribes (faust creates the compacted table changelogs).
"""

from __future__ import annotations

import asyncio

from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import TopicAlreadyExistsError

from obsline.streams.settings import TOPIC_ROLES, Settings

#: The audit topic keeps its records 30 days (docs/signals.md: access and retention), never compacted.
AUDIT_TOPIC_CONFIG = {"cleanup.policy": "delete", "retention.ms": str(30 * 24 * 3600 * 1000)}


async def ensure_topics(settings: Settings, *, timeout: float = 30.0) -> dict[str, int]:
    """Create the missing stage topics; return {topic: partitions} as the broker has them.

    An existing topic with a different partition count is reported, never changed: keys
    would move to other partitions and task state with them.
    """
    admin = AIOKafkaAdminClient(bootstrap_servers=settings.bootstrap, request_timeout_ms=int(timeout * 1000))
    await admin.start()
    try:
        names = [settings.topic(role) for role in TOPIC_ROLES]
        if settings.audit is not None:
            names.append(settings.audit)
        existing = set(await admin.list_topics())
        missing = [n for n in names if n not in existing]
        if missing:
            new = [NewTopic(n, settings.partitions, settings.replication,
                            topic_configs=AUDIT_TOPIC_CONFIG if n == settings.audit else None) for n in missing]
            try:
                await admin.create_topics(new, timeout_ms=int(timeout * 1000))
            except TopicAlreadyExistsError:  # a second worker won the race
                pass
        counts: dict[str, int] = {}
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            described = await admin.describe_topics(names)
            counts = {d["topic"]: len(d.get("partitions") or []) for d in described}
            if all(counts.get(n) for n in names) or asyncio.get_running_loop().time() > deadline:
                break
            await asyncio.sleep(0.2)
        return counts
    finally:
        await admin.close()


def ensure_topics_sync(settings: Settings) -> dict[str, int]:
    return asyncio.run(ensure_topics(settings))


__all__ = ["AUDIT_TOPIC_CONFIG", "ensure_topics", "ensure_topics_sync"]
