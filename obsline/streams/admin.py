"""Topic creation at start-up: every stage topic with an explicit partition count.

The local broker auto-creates unknown topics with ONE partition, so whoever touches the topics
first creates them with the configured count: the workers before they subscribe (faust creates
the compacted table changelogs), the client's producer and consumer at start. A worker refuses to
start when a stage topic has another count (one line says which); the clients hash keys with the
topic's real count, whatever it is.
"""

from __future__ import annotations

import asyncio
import logging

from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import KafkaConnectionError, TopicAlreadyExistsError

from obsline.streams.settings import TOPIC_ROLES, Settings

#: The audit topic keeps its records 30 days (docs/signals.md: access and retention), never compacted.
AUDIT_TOPIC_CONFIG = {"cleanup.policy": "delete", "retention.ms": str(30 * 24 * 3600 * 1000)}


log = logging.getLogger("obsline.streams")


class TopicMismatch(ValueError):
    """A topic exists with another partition count than configured: the worker refuses to start."""


async def _started_admin(bootstrap: str, timeout: float, wait: float) -> AIOKafkaAdminClient:
    """An admin client connected to the broker, trying again for ``wait`` seconds while no broker
    answers (one being restarted as the worker starts): a fleet must ride out a rolling restart.
    After that the KafkaConnectionError goes up (streams/cli.py makes it one line)."""
    deadline = asyncio.get_running_loop().time() + wait
    while True:
        admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap, request_timeout_ms=int(timeout * 1000))
        try:
            await admin.start()
            return admin
        except KafkaConnectionError:
            await admin.close()
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise
            log.warning("no Kafka broker answers at %s yet; trying again for %.0f s", bootstrap, left)
            await asyncio.sleep(min(1.0, left))


async def create_missing(bootstrap: str, names: list[str], partitions: int, replication: int = 1, *,
                         timeout: float = 30.0, configs: dict[str, dict[str, str]] | None = None,
                         wait: float = 0.0) -> dict[str, int]:
    """Create those of ``names`` the broker lacks, with ``partitions`` each, before anything reads
    or writes them (a broker auto-creates a topic it is asked about with ONE partition); return
    {topic: partitions} as the broker has them. ``wait``: seconds to keep trying to reach the broker."""
    admin = await _started_admin(bootstrap, timeout, wait)
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


async def ensure_topics(settings: Settings, *, timeout: float = 30.0, strict: bool = False,
                        wait: float = 0.0) -> dict[str, int]:
    """Create the missing stage topics; return {topic: partitions} as the broker has them.

    An existing topic with a different partition count is never changed (keys would move to
    other partitions and task state with them); ``strict`` (the workers) refuses it. ``wait``
    (the workers: ``settings.broker_wait``): seconds to keep trying while no broker answers."""
    names = stage_topics(settings.topic_prefix)
    if settings.audit is not None:
        names.append(settings.audit)
    counts = await create_missing(settings.bootstrap, names, settings.partitions, settings.replication,
                                  timeout=timeout, configs={settings.audit: AUDIT_TOPIC_CONFIG} if settings.audit else None,
                                  wait=wait)
    if strict:
        check_counts(counts, settings.partitions)
    return counts


def ensure_topics_sync(settings: Settings, *, strict: bool = False, wait: float = 0.0) -> dict[str, int]:
    return asyncio.run(ensure_topics(settings, strict=strict, wait=wait))


__all__ = ["AUDIT_TOPIC_CONFIG", "TopicMismatch", "check_counts", "create_missing", "ensure_topics", "ensure_topics_sync", "stage_topics"]
