"""Topic creation at start-up: every stage topic with an explicit partition count.

The local broker auto-creates unknown topics with ONE partition, so whoever touches the topics
first creates them with the configured count: the workers before they subscribe (faust creates
the compacted table changelogs), the client's producer and consumer at start. A worker refuses to
start when a stage topic has another count (one line says which); the clients hash keys with the
topic's real count, whatever it is.
"""

from __future__ import annotations

import asyncio

from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import TopicAlreadyExistsError

from obsline.streams.settings import TOPIC_ROLES, Settings

#: The audit topic keeps its records 30 days (docs/signals.md: access and retention), never compacted.
AUDIT_TOPIC_CONFIG = {"cleanup.policy": "delete", "retention.ms": str(30 * 24 * 3600 * 1000)}


class TopicMismatch(ValueError):
    """A topic exists with another partition count than configured: the worker refuses to start."""


async def create_missing(bootstrap: str, names: list[str], partitions: int, replication: int = 1, *,
                         timeout: float = 30.0, configs: dict[str, dict[str, str]] | None = None) -> dict[str, int]:
    """Create those of ``names`` the broker lacks, with ``partitions`` each, before anything reads
    or writes them (a broker auto-creates a topic it is asked about with ONE partition); return
    {topic: partitions} as the broker has them."""
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap, request_timeout_ms=int(timeout * 1000))
    await admin.start()
    try:
        existing = set(await admin.list_topics())
        missing = [n for n in names if n not in existing]
        if missing:
            new = [NewTopic(n, partitions, replication, topic_configs=(configs or {}).get(n)) for n in missing]
            try:
                await admin.create_topics(new, timeout_ms=int(timeout * 1000))
            except TopicAlreadyExistsError:  # another process won the race
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


def stage_topics(prefix: str) -> list[str]:
    return [f"{prefix}{role}" for role in TOPIC_ROLES]


def check_counts(counts: dict[str, int], partitions: int) -> None:
    """Raise ``TopicMismatch`` (one line: which topics, what to do) unless every count is ``partitions``."""
    wrong = {t: n for t, n in sorted(counts.items()) if n != partitions}
    if wrong:
        listed = ", ".join(f"{t} has {n}" for t, n in wrong.items())
        raise TopicMismatch(f"topics exist with another partition count than --partitions {partitions} ({listed}): "
                            f"tasks would be read and written on other partitions than their clients use; set "
                            f"OBSLINE_PARTITIONS to the topics' count, or delete the topics (their data) and start again")


async def ensure_topics(settings: Settings, *, timeout: float = 30.0, strict: bool = False) -> dict[str, int]:
    """Create the missing stage topics; return {topic: partitions} as the broker has them.

    An existing topic with a different partition count is never changed (keys would move to
    other partitions and task state with them); ``strict`` (the workers) refuses it."""
    names = stage_topics(settings.topic_prefix)
    if settings.audit is not None:
        names.append(settings.audit)
    counts = await create_missing(settings.bootstrap, names, settings.partitions, settings.replication,
                                  timeout=timeout, configs={settings.audit: AUDIT_TOPIC_CONFIG} if settings.audit else None)
    if strict:
        check_counts(counts, settings.partitions)
    return counts


def ensure_topics_sync(settings: Settings, *, strict: bool = False) -> dict[str, int]:
    return asyncio.run(ensure_topics(settings, strict=strict))


__all__ = ["AUDIT_TOPIC_CONFIG", "TopicMismatch", "check_counts", "create_missing", "ensure_topics", "ensure_topics_sync", "stage_topics"]
