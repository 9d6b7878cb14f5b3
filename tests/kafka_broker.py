"""Pytest plugin: the project's local Apache Kafka broker for integration tests.

Registered from tests/conftest.py with::

    pytest_plugins = ["tests.kafka_broker"]

Fixtures
--------
kafka_bootstrap (session)
    Runs ``deploy/kafka/local.sh start`` (idempotent: it fetches the jars,
    formats the storage and starts the broker only when needed) and returns
    ``"127.0.0.1:PORT"``. The broker is stopped at the end of the session only
    when this fixture started it; a broker that was already running under
    local.sh (same state dir) is left running. Tests never talk to a broker
    that local.sh does not manage: if the port is taken by anything else,
    local.sh refuses and the fixture fails.
topic_prefix (function)
    A unique topic-name prefix such as ``"t1a2b3c4d."``, so tests never share
    topics even on a long-lived broker.
group_id (function)
    A unique consumer group id such as ``"g1a2b3c4d"``.

Knobs (read by local.sh): OBSLINE_KAFKA_PORT, OBSLINE_KAFKA_HOME,
OBSLINE_KAFKA_VERSION, OBSLINE_KAFKA_START_TIMEOUT; see docs/kafka.md.
"""

from __future__ import annotations

import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from aiokafka import AIOKafkaConsumer

REPO_ROOT = Path(__file__).resolve().parents[1]
LOCAL_SH = REPO_ROOT / "deploy" / "kafka" / "local.sh"

# A cold start resolves the jars with Maven first; the broker itself is up in seconds.
_START_TIMEOUT_S = 900
_STOP_TIMEOUT_S = 120


def _local_sh(command: str, timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(LOCAL_SH), command],
        cwd=REPO_ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def broker_running() -> bool:
    """True when local.sh's broker is running and answers."""
    return _local_sh("status", timeout=60).returncode == 0


@pytest.fixture(scope="session")
def kafka_bootstrap() -> Iterator[str]:
    was_running = broker_running()
    started = _local_sh("start", timeout=_START_TIMEOUT_S)
    if started.returncode != 0:
        pytest.fail(
            "deploy/kafka/local.sh start failed "
            f"(exit {started.returncode}):\n{started.stderr}{started.stdout}",
            pytrace=False,
        )
    lines = started.stdout.strip().splitlines()
    if not lines:
        pytest.fail(f"local.sh start printed no bootstrap address:\n{started.stderr}", pytrace=False)
    bootstrap = lines[-1].strip()
    try:
        yield bootstrap
    finally:
        if not was_running:
            stopped = _local_sh("stop", timeout=_STOP_TIMEOUT_S)
            if stopped.returncode != 0:  # pragma: no cover - reported, not raised
                print(f"deploy/kafka/local.sh stop failed:\n{stopped.stderr}")


@pytest.fixture
def topic_prefix() -> str:
    return f"t{uuid.uuid4().hex[:8]}."


@pytest.fixture
def group_id() -> str:
    return f"g{uuid.uuid4().hex[:8]}"


async def consume(bootstrap: str, topic: str, *, until: Callable[[list[Any]], bool], timeout: float,
                  **consumer: Any) -> list[Any]:
    """Records of ``topic`` from the beginning until ``until(records)`` holds or ``timeout``
    seconds pass; ``consumer`` goes to AIOKafkaConsumer (group_id, isolation_level, ...)."""
    client = AIOKafkaConsumer(topic, bootstrap_servers=bootstrap, auto_offset_reset="earliest",
                              enable_auto_commit=False, **consumer)
    await client.start()
    records: list[Any] = []
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline and not until(records):
            batches = await client.getmany(timeout_ms=300)
            for recs in batches.values():
                records.extend(recs)
    finally:
        await client.stop()
    return records

