"""Helpers for the Kafka pipeline tests: worker subprocesses, publishing, reading topics."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from obsline.client import ObslineProducer
from obsline.core import codec
from obsline.core.ids import parse_ref
from obsline.pipeline import Runner, Stages
from obsline.streams.admin import ensure_topics
from obsline.streams.settings import Settings
from obsline.streams.topology import EXPIRED_NOTE
from tests.kafka_broker import consume

REPO = Path(__file__).resolve().parents[2]
ARTIFACT_KEY = b"stream-test-artifact-key"  # the workers' (OBSLINE_ARTIFACT_KEY) and the Runner's


class WorkerProc:
    """``python -m obsline worker`` as a subprocess, settings through the environment."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.env, self.log = env, log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> WorkerProc:
        fh = self.log.open("ab")
        self.proc = subprocess.Popen([sys.executable, "-m", "obsline", "worker"], cwd=REPO, env=self.env,
                                     stdout=fh, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        fh.close()
        return self

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


class Stream:
    """One test's pipeline: settings, workers, and ways to talk to its topics."""

    def __init__(self, bootstrap: str, prefix: str, app_id: str, tmp: Path) -> None:
        self.bootstrap, self.tmp = bootstrap, tmp
        self.settings = Settings(broker=f"kafka://{bootstrap}", topic_prefix=prefix, app_id=app_id, partitions=4,
                                 data_dir=str(tmp / "data"), artifact_dir=str(tmp / "artifacts"),
                                 metrics_port=0, commit_interval=0.5, session_timeout=6.0,
                                 loglevel="warning", engine="faust")  # batch_worker() picks the other
        self.workers: list[WorkerProc] = []

    def env(self, settings: Settings) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("OBSLINE_")}
        env.update({
            "OBSLINE_BROKER": settings.broker, "OBSLINE_TOPIC_PREFIX": settings.topic_prefix,
            "OBSLINE_APP_ID": settings.app_id, "OBSLINE_PARTITIONS": str(settings.partitions),
            "OBSLINE_DATA_DIR": settings.data_dir, "OBSLINE_ARTIFACT_DIR": settings.artifact_dir,
            "OBSLINE_METRICS_PORT": str(settings.metrics_port), "OBSLINE_COMMIT_INTERVAL": str(settings.commit_interval),
            "OBSLINE_LOG_LEVEL": settings.loglevel, "OBSLINE_STATE_TTL": str(settings.state_ttl),
            "OBSLINE_EXPIRY_INTERVAL": str(settings.expiry_interval), "OBSLINE_TABLE_STORE": settings.table_store,
            "OBSLINE_STORE": settings.store,
            "OBSLINE_PROCESSING_GUARANTEE": settings.processing_guarantee,
            "OBSLINE_SESSION_TIMEOUT": str(settings.session_timeout), "OBSLINE_ENGINE": settings.engine,
            "OBSLINE_ARTIFACT_KEY": ARTIFACT_KEY.decode(),
        })
        return env

    def worker(self, **overrides: Any) -> WorkerProc:
        settings = self.settings.with_(**overrides) if overrides else self.settings
        w = WorkerProc(self.env(settings), self.tmp / f"worker{len(self.workers)}.log").start()
        self.workers.append(w)
        return w

    def logs(self) -> str:
        return "\n".join(f"--- {w.log.name}\n{w.output()[-4000:]}" for w in self.workers)

    def topic(self, role: str) -> str:
        return self.settings.topic(role)

    async def create_topics(self) -> dict[str, int]:
        return await ensure_topics(self.settings)

    async def publish(self, lines: list[bytes], *, pause: float = 0.0, every: int = 0) -> None:
        async with ObslineProducer(self.bootstrap, self.settings.topic_prefix, partitions=self.settings.partitions) as producer:
            for i, line in enumerate(lines):
                try:
                    task = orjson.loads(line).get("task_id")
                except Exception:
                    task = None
                await producer.publish_bytes(line, key=task if isinstance(task, str) else None)
                if every and pause and (i + 1) % every == 0:
                    await producer.flush()
                    await asyncio.sleep(pause)
            await producer.flush()

    async def read(self, role_or_topic: str, *, until: Any, timeout: float = 60.0,
                   isolation_level: str = "read_uncommitted") -> list[Any]:
        """Records of a topic from the beginning until ``until(records)`` is true or the timeout."""
        topic = self.topic(role_or_topic) if "." not in role_or_topic and "-" not in role_or_topic \
            else role_or_topic
        return await consume(self.bootstrap, topic, until=until, timeout=timeout, group_id=None,
                             isolation_level=isolation_level)

    async def group_stable(self, members: int, timeout: float = 60.0) -> None:
        """Wait until the workers' consumer group is Stable with ``members`` members."""
        from aiokafka.admin import AIOKafkaAdminClient
        from aiokafka.errors import GroupCoordinatorNotAvailableError

        admin = AIOKafkaAdminClient(bootstrap_servers=self.bootstrap)
        await admin.start()
        try:
            deadline = time.monotonic() + timeout
            while True:
                try:
                    group = (await admin.describe_consumer_groups([self.settings.app_id]))[0].groups[0]
                except GroupCoordinatorNotAvailableError:  # a fresh broker: __consumer_offsets not made yet
                    group = (None, None, "no coordinator", None, None, ())
                state, joined = group[2], group[5]
                if state == "Stable" and len(joined) == members:
                    return
                assert time.monotonic() < deadline, f"group {state!r} with {len(joined)} members\n{self.logs()}"
                await asyncio.sleep(0.2)
        finally:
            await admin.close()

    async def observations(self, n: int, timeout: float = 60.0, **kw: Any) -> list[dict[str, Any]]:
        recs = await self.read("observations", until=lambda r: len(r) >= n, timeout=timeout, **kw)
        return [orjson.loads(r.value) | {"_key": r.key, "_partition": r.partition} for r in recs]


@pytest.fixture
def stream(kafka_bootstrap: str, topic_prefix: str, group_id: str, tmp_path: Path) -> Iterator[Stream]:
    s = Stream(kafka_bootstrap, topic_prefix, f"obsline-{group_id}", tmp_path)
    try:
        yield s
    finally:
        for w in s.workers:
            w.stop()


def read_record(task: str, step: int, user: str = "mia") -> bytes:
    """A raw-result envelope of one read of a user (the same content for the same user)."""
    return orjson.dumps({"task_id": task, "step_id": step, "action_id": f"call-{step}", "tool": "get_user_details",
                         "args": {"user_id": user}, "raw": {"user_id": user, "name": "Mia Li", "email": "m@x.io"}})


def covers(wanted: set[tuple[str, int]]) -> Callable[[list[Any]], bool]:
    """A ``Stream.read`` stop condition: every (task_id, step_id) in ``wanted`` has an observation."""
    return lambda recs: wanted <= {(o["task_id"], o["step_id"]) for o in (orjson.loads(r.value) for r in recs)}


async def assert_fresh_baseline_after_idle(stream: Stream, idle: float, timeout: float) -> None:
    """Two reads of task "ttl", an idle gap past the state TTL, a third read: the third starts a
    fresh baseline and says its state expired. The worker must run with a short TTL."""
    await stream.publish([read_record("ttl", 0), read_record("ttl", 1)])
    got = await stream.observations(2, timeout=timeout)
    assert got[1]["dedup"]["kind"] == "unchanged"
    await asyncio.sleep(idle)  # idle > TTL: swept, tombstoned
    await stream.publish([read_record("ttl", 2)])
    got = await stream.observations(3, timeout=timeout)
    assert got[2]["metadata"].get("state") == EXPIRED_NOTE, stream.logs()
    assert got[2]["dedup"]["kind"] == "new"  # fresh baseline


def by_task(lines: list[bytes]) -> dict[str, list[bytes]]:
    out: dict[str, list[bytes]] = defaultdict(list)
    for line in lines:
        out[orjson.loads(line)["task_id"]].append(line)
    return out


def interleave(lines: list[bytes]) -> list[bytes]:
    """Round-robin over tasks, each task's lines in their own order."""
    groups = list(by_task(lines).values())
    out: list[bytes] = []
    for i in range(max(len(g) for g in groups)):
        out.extend(g[i] for g in groups if i < len(g))
    return out


def expected_observations(lines: list[bytes]) -> dict[str, list[dict[str, Any]]]:
    """Per task, the in-process Runner's observations as JSON, in order."""
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for p in Runner(Stages.default(artifact_key=ARTIFACT_KEY)).run(lines):
        out[p.observation.task_id].append(orjson.loads(codec.encode(p.observation)))
    return out


def strip(o: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in o.items() if not k.startswith("_")}


def assert_same_as_runner(got: list[dict[str, Any]], expected: dict[str, list[dict[str, Any]]]
                          ) -> tuple[dict[str, int], dict[str, list[dict[str, Any]]]]:
    """Observations read from Kafka equal the in-process Runner's, field by field (text
    included) and in order per task, and never cross tasks: key, partition and evidence all
    belong to the observation's own task. Returns each task's partition and observations."""
    per_task: dict[str, list[dict[str, Any]]] = {}
    partition_of: dict[str, int] = {}
    for o in got:
        task = o["task_id"]
        assert o["_key"] == task.encode()
        assert partition_of.setdefault(task, o["_partition"]) == o["_partition"]
        assert parse_ref(o["evidence"]["artifact"])[0] == task
        per_task.setdefault(task, []).append(strip(o))
    assert per_task.keys() == expected.keys()
    assert len(set(partition_of.values())) > 1  # really spread over partitions
    for task, want in expected.items():
        have = per_task[task]
        ids = [(o["task_id"], o["step_id"], o["action_id"]) for o in have]
        assert ids == [(o["task_id"], o["step_id"], o["action_id"]) for o in want], task  # order per task
        for h, w in zip(have, want, strict=True):
            assert h == w, (task, h["action_id"])
    return partition_of, per_task


def assert_complete_with_exact_repeats(got: list[dict[str, Any]], wanted: set[tuple[str, int]],
                                       logs: str = "") -> dict[tuple[str, int, str], dict[str, Any]]:
    """After a crash: every wanted (task, step) came out, and a duplicate is only an exact
    repeat of the same (task, step, action). Returns the first observation of each. Nothing
    missing is checked first: a "duplicate differs" failure says every record came out."""
    have = {(o["task_id"], o["step_id"]) for o in got}
    assert wanted <= have, f"missing {sorted(wanted - have)[:5]}\n{logs}"
    first_seen: dict[tuple[str, int, str], dict[str, Any]] = {}
    for o in got:
        o = strip(o)
        ids = (o["task_id"], o["step_id"], o["action_id"])
        first = first_seen.setdefault(ids, o)
        assert first == o, f"a duplicate differs: {ids}: " + "; ".join(  # exact repeats only
            f"{k}: {first.get(k)!r} then {o.get(k)!r}" for k in sorted(first.keys() | o.keys()) if first.get(k) != o.get(k))
    return first_seen
