"""The reliability probe as a harness: crashes, a broker restart, poison and large inputs.

    python -m bench reliability [--runs 10] [--stops 3] [--pause 12] [--engines batch,faust]
                                [--guarantees at_least_once,exactly_once] [--restarts 3]
                                [--poison 10000] [--records 2000] [--contention quiet,loaded]
                                [--burners N] [--no-ladder] [--no-publisher-first] [--no-string]
                                [--no-store-failure] [--no-s3-outage] [--client N] [--no-write]

Against the local broker (``deploy/kafka/local.sh``, ``OBSLINE_KAFKA_PORT``), every scenario
on fresh topics, workers as ``python -m obsline worker`` subprocesses (two per group):

* ``sigkill``: per engine and guarantee, ``--runs`` times: publish ``--records`` dev-trace
  records (task ids rewritten per run) paced over a few seconds, SIGKILL one worker mid-stream,
  start a new one (same worker id), finish publishing, read everything back;
* ``sigstop``: likewise ``--stops`` times, but one worker is frozen (SIGSTOP) ``--pause`` seconds,
  past its session timeout, while records flow, then resumed (SIGCONT): a zombie whose writes
  must be fenced (batch exactly_once: 0 duplicates read_committed);
* ``publisher first``: the client SDK publishes before any topic or worker exists, then two
  workers start: every topic must have the configured partition count, every input an observation;
* ``broker restart``: the same traffic with ``local.sh restart`` mid-stream instead of a kill;
* ``poison``: ``--poison`` bad inputs of a dozen kinds (not JSON, no ids, wrong types, too
  deep, tombstones, invalid UTF-8, ...) mixed with good ones: every one must come out as a
  dead letter (with its reason) and, when its ids are readable, an error observation;
* ``ladder``: envelopes of 1 KB .. ~1 MB (the broker's limit) on each engine;
* ``1 MB single string``: one ~1 MB string result, the same again (must fold ``unchanged``) and
  with one line changed, on each engine;
* ``store failure``: the artifact store refuses every segment write for 10 s, then recovers: no
  observation during the outage, no dead letter, every input an observation afterwards;
* ``S3 server stopped mid-run``: one worker storing in a SeaweedFS S3 server (``--store s3://``);
  the server is stopped for 10 s while ``--records``/10 records, a 300 KB one and some holding a
  token (a vault write inside the record path) flow, then started again: every record an
  observation (a ``success`` whose artifact resolves from the server after, or the retryable
  error of a ``store_unavailable`` dead letter), no other letter, no worker exit;
* ``--contention quiet,loaded``: every scenario above quiet, and again with ``--burners`` busy
  processes beside the workers (default: one per core);
* ``client`` (``--client N``): the client SDK's memory test, the client engineer's
  ``bench.client.memory_run`` (N observations, ``wait_for`` on every 1,000th), RSS reported.

Counts per scenario: inputs, observations, distinct (task, step, action), missing,
duplicates, non-exact duplicates (the same ids with other bytes), dead letters, worker exits
(workers that ended without being killed). Written to docs/reliability.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient

from bench.common import REPO, dev_lines, machine, terminate
from bench.kafka import LOCAL_SH, delete_topics, local_broker
from obsline.client import ObslineProducer
from obsline.streams.admin import ensure_topics
from obsline.streams.settings import UNSAFE_FAUST_EOS, Settings

REPORT = REPO / "docs" / "reliability.md"
PARTITIONS = 4
SESSION_TIMEOUT = 6  # seconds (--session-timeout of every worker): a SIGSTOP longer than this makes a zombie


@dataclass
class Counts:
    inputs: int = 0
    observations: int = 0
    distinct: int = 0
    missing: int = 0
    duplicates: int = 0
    non_exact: int = 0
    dead_letters: int = 0
    worker_exits: int = 0
    notes: list[str] = field(default_factory=list)

    def add(self, other: Counts) -> None:
        for name in ("inputs", "observations", "distinct", "missing", "duplicates", "non_exact", "dead_letters",
                     "worker_exits"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.notes += other.notes


class Worker:
    def __init__(self, argv: list[str], env: dict[str, str], log: Path) -> None:
        self.log, self.killed = log, False
        with log.open("ab") as fh:
            self.proc = subprocess.Popen(argv, cwd=REPO, env=env, stdout=fh, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL)

    def kill(self) -> None:
        self.killed = True
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    async def pause(self, seconds: float) -> None:
        self.proc.send_signal(signal.SIGSTOP)
        try:
            await asyncio.sleep(seconds)
        finally:
            self.proc.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.killed = True  # asked to stop: not an unrequested exit
            terminate(self.proc, 20)

    def exited_unasked(self) -> bool:
        return not self.killed and self.proc.poll() is not None


class Scenario:
    """One group of workers on fresh topics."""

    def __init__(self, bootstrap: str, tag: str, engine: str, guarantee: str, tmp: Path) -> None:
        self.bootstrap, self.engine, self.guarantee = bootstrap, engine, guarantee
        self.prefix, self.app_id = f"{tag}.", f"{tag}-app"
        self.tmp = tmp / tag
        self.tmp.mkdir(parents=True)
        self.settings = Settings(broker=f"kafka://{bootstrap}", topic_prefix=self.prefix, partitions=PARTITIONS)
        self.workers: list[Worker] = []
        self.isolation = "read_committed" if guarantee == "exactly_once" else "read_uncommitted"

    def start_worker(self, worker_id: str, artifact_dir: Path | None = None, *, store: str | None = None,
                     env: dict[str, str] | None = None) -> Worker:
        """One ``obsline worker``; ``store`` (an ``s3://`` URL) in place of the local artifact folder,
        ``env`` added to its environment (the S3 server's keys)."""
        env = ({k: v for k, v in os.environ.items() if not k.startswith("OBSLINE_")} | {"OBSLINE_WORKER_ID": worker_id}
               | (env or {}))
        where = f"--store={store}" if store else f"--artifact-dir={artifact_dir or self.tmp / 'artifacts'}"
        argv = [sys.executable, "-m", "obsline", "worker", f"--engine={self.engine}",
                f"--broker=kafka://{self.bootstrap}", f"--topic-prefix={self.prefix}", f"--app-id={self.app_id}",
                f"--partitions={PARTITIONS}", f"--processing-guarantee={self.guarantee}", "--metrics-port=-1",
                "--commit-interval=0.5", f"--session-timeout={SESSION_TIMEOUT}", f"--data-dir={self.tmp / 'data'}",
                where, "--loglevel=warning"]
        w = Worker(argv, env, self.tmp / f"{worker_id}-{len(self.workers)}.log")
        self.workers.append(w)
        return w

    def stop(self) -> int:
        exits = sum(w.exited_unasked() for w in self.workers)
        for w in self.workers:
            w.stop()
        return exits

    async def read(self, role: str, until: Any, timeout: float) -> list[Any]:
        consumer = AIOKafkaConsumer(f"{self.prefix}{role}", bootstrap_servers=self.bootstrap, group_id=None,
                                    auto_offset_reset="earliest", enable_auto_commit=False,
                                    isolation_level=self.isolation)
        await consumer.start()
        records: list[Any] = []
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline and not until(records):
                for recs in (await consumer.getmany(timeout_ms=300)).values():
                    records.extend(recs)
        finally:
            await consumer.stop()
        return records


def workload(tag: str, n: int) -> list[bytes]:
    """``n`` dev-trace records, task ids made unique to this run, tasks interleaved as agents would."""
    lines = dev_lines()
    out = []
    for i in range(n):
        d = orjson.loads(lines[i % len(lines)])
        d["task_id"] = f"{d['task_id']}#{tag}{i // len(lines)}"
        out.append(orjson.dumps(d))
    return out


def ids(d: dict[str, Any]) -> tuple[str, int, str]:
    return d["task_id"], d["step_id"], d["action_id"]


async def publish(bootstrap: str, topic: str, lines: list[bytes], seconds: float,
                  during: Any = None, at: float = 0.4) -> None:
    """Publish over about ``seconds``; ``during()`` is awaited once ``at`` of the lines are out.
    A send that fails (broker away) is retried until it goes: inputs are never lost here."""
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all", enable_idempotence=True, linger_ms=5,
                                request_timeout_ms=60_000)
    await producer.start()
    try:
        chunk = max(1, len(lines) // 50)
        for i in range(0, len(lines), chunk):
            if during is not None and i >= at * len(lines):
                await during()
                during = None
            for line in lines[i:i + chunk]:
                key = orjson.loads(line)["task_id"].encode()
                while True:
                    try:
                        await producer.send(topic, line, key=key)
                        break
                    except Exception:
                        await asyncio.sleep(1.0)
            await asyncio.sleep(seconds / 50)
        await producer.flush()
    finally:
        await producer.stop()


async def collect(sc: Scenario, wanted: set[tuple[str, int, str]], timeout: float) -> Counts:
    def covered(recs: list[Any]) -> bool:
        return wanted <= {ids(orjson.loads(r.value)) for r in recs if r.value}

    await sc.read("observations", covered, timeout)
    await asyncio.sleep(2.0)  # late duplicates
    recs = await sc.read("observations", lambda r: False, 4.0)
    dlq = await sc.read("dlq", lambda r: False, 2.0)
    by: dict[tuple[str, int, str], set[bytes]] = {}
    n = Counter()
    for r in recs:
        d = orjson.loads(r.value)
        n[ids(d)] += 1
        by.setdefault(ids(d), set()).add(r.value)
    c = Counts(inputs=len(wanted), observations=len(recs), distinct=len(n), dead_letters=len(dlq))
    c.missing = len(wanted - n.keys())
    c.duplicates = sum(v - 1 for v in n.values())
    c.non_exact = sum(1 for v in by.values() if len(v) > 1)
    return c


def _assigned(joined: Any, topic: str) -> list[Any]:
    """The members of a described group that hold partitions of ``topic``."""
    from aiokafka.coordinator.protocol import ConsumerProtocolMemberAssignment

    return [m for m in joined if m[4] and any(
        t == topic and parts for t, parts in ConsumerProtocolMemberAssignment.decode(m[4]).assignment)]


async def group_assigned(bootstrap: str, group: str, members: int, topic: str, timeout: float = 180.0) -> float:
    """Wait until ``group`` is Stable with ``members`` members, each assigned partitions of
    ``topic`` (a fixed sleep let loaded runs begin mid-rebalance); return the seconds waited."""
    from aiokafka.errors import KafkaError

    t0 = time.monotonic()
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        while True:
            try:
                described = (await admin.describe_consumer_groups([group]))[0].groups[0]
            except KafkaError:  # no coordinator yet (a fresh broker)
                described = (None, group, "no coordinator", None, None, ())
            state, joined = described[2], described[5]
            assigned = _assigned(joined, topic)
            if state == "Stable" and len(joined) == members and len(assigned) == members:
                return time.monotonic() - t0
            if time.monotonic() - t0 > timeout:
                raise TimeoutError(f"group {group}: {state!r}, {len(assigned)} of {len(joined)} members "
                                   f"assigned {topic} after {timeout:.0f} s (want {members})")
            await asyncio.sleep(0.25)
    finally:
        await admin.close()


async def crash_run(bootstrap: str, engine: str, guarantee: str, records: int, tmp: Path,
                    crash: str, timeout: float, pause_seconds: float = 0.0) -> Counts:
    """``crash``: "sigkill" (one worker killed, a new one started), "broker" (the broker restarted)
    or "sigstop" (one worker frozen ``pause_seconds``, past its session timeout, then resumed: a
    zombie that must not write what its successor wrote)."""
    tag = f"rel-{uuid.uuid4().hex[:8]}"
    sc = Scenario(bootstrap, tag, engine, guarantee, tmp)
    await ensure_topics(sc.settings)
    lines = workload(tag, records)
    wanted = {ids(orjson.loads(x)) for x in lines}
    a = sc.start_worker("a")
    sc.start_worker("b")
    await group_assigned(bootstrap, sc.app_id, 2, f"{sc.prefix}raw")  # loaded rows measure the pipeline, not the start

    async def kill_and_restart() -> None:
        a.kill()
        await asyncio.sleep(1.0)
        sc.start_worker("a")

    async def restart_broker() -> None:
        await asyncio.to_thread(subprocess.run, ["bash", str(LOCAL_SH), "restart"], capture_output=True, check=True)

    paused: list[asyncio.Task[None]] = []

    async def pause() -> None:  # in the background: records keep flowing while the worker is frozen
        paused.append(asyncio.create_task(a.pause(pause_seconds)))

    during = {"sigkill": kill_and_restart, "broker": restart_broker, "sigstop": pause}[crash]
    try:
        await publish(bootstrap, f"{sc.prefix}raw", lines, 6.0, during)
        await asyncio.gather(*paused)
        c = await collect(sc, wanted, timeout)
    finally:
        c_exits = sc.stop()
    c.worker_exits = c_exits
    if c.missing or c.non_exact or c_exits:
        print(f"{engine}/{guarantee} {crash} run {tag}: worker logs in {sc.tmp}", file=sys.stderr, flush=True)
    await delete_topics(bootstrap, tag)
    return c


def poison_lines(n: int, tag: str) -> tuple[list[tuple[bytes | None, bytes | None]], int]:
    """(key, value) pairs: ``n`` poison inputs of the kinds below, round robin; and how many
    of them have readable ids (they must also get an error observation)."""
    deep = b"[" * 2000 + b"]" * 2000
    kinds: list[Any] = [
        lambda i: (None, b"not json %d" % i),
        lambda i: (None, b""),
        lambda i: (b"k%d" % i, None),  # a tombstone on raw
        lambda i: (None, b"\xff\xfe" + b"%d" % i),  # invalid UTF-8
        lambda i: (None, orjson.dumps([1, 2, i])),  # JSON, not an object
        lambda i: (None, orjson.dumps({"step_id": i, "raw": {}})),  # no ids
        lambda i: (None, b'{"task_id": "p%s", "raw": ' % tag.encode() + deep + b"}"),
        lambda i: (None, orjson.dumps({"task_id": 7, "step_id": i, "action_id": "a", "tool": "t", "raw": {}})),
        lambda i: ("ids", {"task_id": f"p{tag}-{i % 50}", "step_id": i, "action_id": f"a{i}", "raw": {}}),  # no tool
        lambda i: ("ids", {"task_id": f"p{tag}-{i % 50}", "step_id": i, "action_id": f"a{i}", "tool": ["x"],
                           "raw": {}}),
        lambda i: ("ids", {"task_id": f"p{tag}-{i % 50}", "step_id": "three", "action_id": f"s{i}", "tool": "t",
                           "raw": {}}),
    ]
    out, with_ids = [], 0
    for i in range(n):
        k, v = kinds[i % len(kinds)](i)
        if k == "ids":
            with_ids += 1
            k, v = v["task_id"].encode(), orjson.dumps(v)
        out.append((k, v))
    return out, with_ids


async def _sent(bootstrap: str, topic: str, pairs: list[tuple[bytes | None, bytes | None]]) -> set[tuple[int, int]]:
    """Each (key, value) sent as it is; the (partition, offset) each landed at."""
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=5)
    await producer.start()
    offsets: set[tuple[int, int]] = set()
    try:
        futs = [await producer.send(topic, v, key=k) for k, v in pairs]
        for f in futs:
            md = await f
            offsets.add((md.partition, md.offset))
    finally:
        await producer.stop()
    return offsets


async def poison_run(bootstrap: str, engine: str, n: int, tmp: Path, timeout: float) -> Counts:
    tag = f"rel-{uuid.uuid4().hex[:8]}"
    sc = Scenario(bootstrap, tag, engine, "at_least_once", tmp)
    await ensure_topics(sc.settings)
    sc.start_worker("a")
    pairs, _ = poison_lines(n, tag)
    offsets = await _sent(bootstrap, f"{sc.prefix}raw", pairs)
    try:
        dlq = await sc.read("dlq", lambda r: len(r) >= n, timeout)
        letters = [orjson.loads(r.value) for r in dlq]
        got = {(d["source"]["partition"], d["source"]["offset"]) for d in letters}
        with_ids = {(d["ids"]["task_id"], d["ids"]["step_id"], d["ids"]["action_id"]) for d in letters if d["ids"]}
        obs = await sc.read("observations", lambda r: len(r) >= len(with_ids), 30.0)
        errors = {ids(d) for d in (orjson.loads(r.value) for r in obs) if d["status"] == "error"}
    finally:
        exits = sc.stop()
    c = Counts(inputs=n, observations=len(obs), distinct=len(errors), dead_letters=len(dlq), worker_exits=exits)
    c.missing = len(offsets - got) + len(with_ids - errors)
    c.notes.append(_letters_note(engine, letters, with_ids, errors))
    await delete_topics(bootstrap, tag)
    return c


def _letters_note(engine: str, letters: list[dict[str, Any]], with_ids: set[Any], errors: set[Any]) -> str:
    reasons = Counter(d["reason"] for d in letters)
    return (f"{engine}: dead-letter reasons {dict(reasons)}; {len(with_ids)} with readable ids, "
            f"{len(with_ids & errors)} of them with an error observation; "
            f"{sum(1 for d in letters if not d.get('reason'))} without a reason")


async def ladder_run(bootstrap: str, engine: str, tmp: Path, timeout: float) -> Counts:
    tag = f"rel-{uuid.uuid4().hex[:8]}"
    sc = Scenario(bootstrap, tag, engine, "at_least_once", tmp)
    await ensure_topics(sc.settings)
    sc.start_worker("a")
    lines = [sized_record(f"big{tag}", i, size) for i, size in enumerate(LADDER)]
    wanted = {ids(orjson.loads(x)) for x in lines}
    try:
        await publish(bootstrap, f"{sc.prefix}raw", lines, 1.0)
        c = await collect(sc, wanted, timeout)
    finally:
        c.worker_exits = sc.stop()
    c.notes.append(f"{engine}: sizes {', '.join(f'{len(x):,}' for x in lines)} bytes")
    await delete_topics(bootstrap, tag)
    return c


async def publisher_first_run(bootstrap: str, engine: str, records: int, tmp: Path, timeout: float) -> Counts:
    """The client publishes before any topic or worker exists; then two workers start. Before
    issue 19 the broker auto-created raw with one partition and the batch engine wrote every
    observation to partition 0. The client must create every topic with the configured count."""
    tag = f"rel-{uuid.uuid4().hex[:8]}"
    sc = Scenario(bootstrap, tag, engine, "at_least_once", tmp)
    lines = workload(tag, records)
    wanted = {ids(orjson.loads(x)) for x in lines}
    async with ObslineProducer(bootstrap, sc.prefix, partitions=PARTITIONS) as producer:
        for line in lines:
            await producer.publish_bytes(line, key=orjson.loads(line)["task_id"])
    sc.start_worker("a")
    sc.start_worker("b")
    try:
        c = await collect(sc, wanted, timeout)
        counts = await partition_counts(bootstrap, sc.prefix)
    finally:
        c.worker_exits = sc.stop()
    wrong = {t: n for t, n in counts.items() if n != PARTITIONS}
    c.missing += len(wrong)  # a topic with another count is a failure of the scenario, counted as missing
    c.notes.append(f"{engine} publisher first: partitions per topic {dict(sorted(counts.items()))}"
                   + (f"; WRONG {wrong}" if wrong else ""))
    await delete_topics(bootstrap, tag)
    return c


async def partition_counts(bootstrap: str, prefix: str) -> dict[str, int]:
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        topics = [t for t in await admin.list_topics() if t.startswith(prefix)]
        return {d["topic"].removeprefix(prefix): len(d.get("partitions") or []) for d in await admin.describe_topics(topics)}
    finally:
        await admin.close()


async def string_run(bootstrap: str, engine: str, tmp: Path, timeout: float) -> Counts:
    """One ~1 MB single-string result, the same again, then with one line changed: before issue 19
    faust's fold-table row of that text went over the producer limit and the worker exited."""
    tag = f"rel-{uuid.uuid4().hex[:8]}"
    sc = Scenario(bootstrap, tag, engine, "at_least_once", tmp)
    await ensure_topics(sc.settings)
    sc.start_worker("a")
    task = f"log{tag}"
    lines = [string_record(task, 0, 1_000_000), string_record(task, 1, 1_000_000),
             string_record(task, 2, 1_000_000, change=500)]
    wanted = {ids(orjson.loads(x)) for x in lines}
    try:
        await publish(bootstrap, f"{sc.prefix}raw", lines, 1.0)
        c = await collect(sc, wanted, timeout)
        recs = await sc.read("observations", lambda r: False, 2.0)
        await asyncio.sleep(5.0)  # the changelog rows go out at the next commits: the worker must outlive them
    finally:
        c.worker_exits = sc.stop()
    kinds = {d["step_id"]: (d.get("dedup") or {}).get("kind") for d in (orjson.loads(r.value) for r in recs)}
    c.notes.append(f"{engine} 1 MB single string: envelopes {', '.join(f'{len(x):,}' for x in lines)} bytes; "
                   f"dedup by step {dict(sorted(kinds.items()))} (the re-read must be unchanged)")
    if kinds.get(1) != "unchanged":
        c.missing += 1  # the re-read did not fold: its state was lost (counted against the scenario)
    await delete_topics(bootstrap, tag)
    return c


async def store_failure_run(bootstrap: str, engine: str, records: int, tmp: Path, timeout: float,
                            outage: float = 10.0) -> Counts:
    """The artifact store refuses every segment write for ``outage`` seconds, then recovers. The
    worker must wait and retry: no exit, no dead letter, no observation naming unstored bytes,
    and every record an observation once the store is back."""
    tag = f"rel-{uuid.uuid4().hex[:8]}"
    sc = Scenario(bootstrap, tag, engine, "at_least_once", tmp)
    await ensure_topics(sc.settings)
    store = sc.tmp / "failing-store"
    store.mkdir()
    (store / "segments").write_bytes(b"not a folder")  # every segment write fails, even as root
    sc.start_worker("a", artifact_dir=store)
    lines = workload(tag, records) + [sized_record(f"big{tag}", 0, 300_000), sized_record(f"big{tag}", 1, 600_000)]
    wanted = {ids(orjson.loads(x)) for x in lines}
    try:
        await publish(bootstrap, f"{sc.prefix}raw", lines, 2.0)
        early = await sc.read("observations", lambda r: False, outage)
        (store / "segments").unlink()  # the store recovers
        c = await collect(sc, wanted, timeout)
    finally:
        c.worker_exits = sc.stop()
    c.notes.append(f"{engine} store failure: {outage:.0f} s outage; {len(early)} observations during it (must be 0: "
                   f"none may name bytes not yet stored); {c.dead_letters} dead letters (must be 0)")
    c.missing += len(early) + c.dead_letters  # each is a failure of the scenario
    await delete_topics(bootstrap, tag)
    return c


async def s3_outage_run(bootstrap: str, engine: str, records: int, tmp: Path, timeout: float,
                        outage: float = 10.0) -> Counts:
    """The S3 server (SeaweedFS, bench/s3_server.py) the worker stores in is stopped mid-run for
    ``outage`` seconds while records flow, then started again on its folder. Every record must
    come out as an observation (a ``success`` whose artifact then resolves from the server, or
    the retryable ``UPSTREAM_FAILURE`` of a ``store_unavailable`` dead letter: a vault write
    inside the record path past its retry budget); any other letter, an observation whose
    artifact does not resolve, a record with neither, and a worker exit count against it."""
    from bench import s3_server

    tag = f"rel-{uuid.uuid4().hex[:8]}"
    sc = Scenario(bootstrap, tag, engine, "at_least_once", tmp)
    await ensure_topics(sc.settings)
    (sc.tmp / "s3").mkdir()
    server = await asyncio.to_thread(s3_server.start, sc.tmp / "s3")
    keys = server.env() | {"OBSLINE_VAULT_KEY": "7" * 64}
    url = server.url(tag)
    sc.start_worker("a", store=url, env=keys)
    lines = workload(tag, records)
    for i in range(max(1, records // 10)):  # a vault write inside the record path, spread through the run
        lines.insert(i * 11 % (len(lines) + 1), secret_record(f"sec{tag}", i))
    lines.insert(len(lines) // 2, sized_record(f"big{tag}", 0, 300_000))
    wanted = {ids(orjson.loads(x)) for x in lines}

    async def stop_a_while() -> None:
        s3_server.stop(server)
        await asyncio.sleep(outage)
        await asyncio.to_thread(s3_server.restart, server)

    try:
        await group_assigned(bootstrap, sc.app_id, 1, f"{sc.prefix}raw")
        outage_task: list[asyncio.Task[None]] = []

        async def during() -> None:
            outage_task.append(asyncio.create_task(stop_a_while()))

        await publish(bootstrap, f"{sc.prefix}raw", lines, 6.0, during=during, at=0.3)
        await asyncio.gather(*outage_task)
        c = await collect(sc, wanted, timeout + outage)
        recs = await sc.read("observations", lambda r: False, 4.0)
        letters = [orjson.loads(r.value) for r in await sc.read("dlq", lambda r: False, 2.0)]
    finally:
        c_exits = sc.stop()
    reasons = Counter(d.get("reason") for d in letters)
    unresolved = await asyncio.to_thread(_unresolved, recs, url, keys)
    c.worker_exits = c_exits
    failed = sum(w.log.read_text(errors="replace").lower().count("fail") for w in sc.workers)
    c.notes.append(f"{engine} S3 server stopped {outage:.0f} s mid-run: dead-letter reasons {dict(reasons)} (only "
                   f"store_unavailable may appear); {unresolved} success observations whose artifact did not resolve "
                   f"from the server after (must be 0); {failed} store failures the worker logged (retried)")
    c.missing += sum(n for r, n in reasons.items() if r != "store_unavailable") + unresolved
    s3_server.stop(server)
    await delete_topics(bootstrap, tag)
    return c


def secret_record(task: str, step: int) -> bytes:
    """A result holding a token the stages hide: its value goes to the vault inside the record path."""
    token = "ghp_" + f"{step:04d}" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6"
    return orjson.dumps({"task_id": task, "step_id": step, "action_id": f"s{step}", "tool": "whoami",
                         "raw": {"user": f"u{step}", "token": token}})


def _unresolved(recs: list[Any], url: str, keys: dict[str, str]) -> int:
    """Success observations whose artifact the S3 store does not give back (a dangling reference)."""
    from bench.s3_server import environ
    from obsline.stores.artifacts import ArtifactStore
    from obsline.stores.objects import Objects

    with environ(keys):
        store = ArtifactStore(Objects.open(url), create=False)
        missing = 0
        for r in recs:
            d = orjson.loads(r.value)
            ref = (d.get("evidence") or {}).get("artifact")
            if d.get("status") == "error" or not ref:
                continue
            try:
                store.get(ref, task_id=d["task_id"])
            except Exception:
                missing += 1
        return missing


@contextlib.contextmanager
def contention(procs: int) -> Iterator[list[subprocess.Popen[bytes]]]:
    """``procs`` busy processes beside the workers: on a small machine the workers then miss
    heartbeats and polls as a loaded host would make them."""
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(procs)]
    try:
        yield burners
    finally:
        for b in burners:
            b.kill()
            b.wait(10)


# Envelope sizes in bytes, up to what the producer and the broker accept (max.request.size /
# message.max.bytes ~1 MiB). A ~450 KB JSON result makes a ~1 MB fragments record and a
# ~1 MB snapshot (data + fragments, then the Adapted again): claim checks.
LADDER = (1_000, 100_000, 450_000, 800_000, 1_040_000)


def sized_record(task: str, step: int, size: int) -> bytes:
    """A JSON tool result (a list of orders) whose envelope is about ``size`` bytes."""
    head = {"task_id": task, "step_id": step, "action_id": f"call-{step}", "tool": "list_orders", "raw": {}}
    items, n, i = [], len(orjson.dumps(head)), 0
    while n < size - 80:
        item = {"order_id": f"#W{i:07d}", "status": "pending", "total": i % 997}
        n += len(orjson.dumps(item)) + 1
        items.append(item)
        i += 1
    return orjson.dumps({**head, "raw": {"orders": items}})


def string_record(task: str, step: int, size: int, change: int = -1) -> bytes:
    """A tool result that is ONE string (a log) of about ``size`` bytes of envelope; ``change``
    rewrites that line, so a re-read differs in one place (a text delta, not a new result)."""
    head = {"task_id": task, "step_id": step, "action_id": f"call-{step}", "tool": "read_log", "raw": ""}
    room = size - len(orjson.dumps(head)) - 8
    lines = [f"{i:07d} worker-{i % 13} handled request {i * 7919 % 100_003} in {i % 97} ms status ok"
             for i in range(room // 40 + 1)]
    if 0 <= change < len(lines):
        lines[change] = lines[change].replace("status ok", "status retried")
    text = "\n".join(lines)
    while len(encoded := orjson.dumps({**head, "raw": text})) > size:  # each newline is 2 bytes in JSON
        text = text[: len(text) - (len(encoded) - size)]
    return encoded


def table(rows: list[tuple[str, Counts, int]]) -> str:
    head = ("| scenario | runs | inputs | observations | distinct | missing | duplicates | non-exact duplicates "
            "| dead letters | worker exits |\n|---|---|---|---|---|---|---|---|---|---|")
    body = [f"| {name} | {runs} | {c.inputs:,} | {c.observations:,} | {c.distinct:,} | **{c.missing:,}** | "
            f"{c.duplicates:,} | **{c.non_exact:,}** | {c.dead_letters:,} | **{c.worker_exits:,}** |"
            for name, c, runs in rows]
    return "\n".join([head, *body])


async def measure(args: argparse.Namespace, bootstrap: str, tmp: Path) -> tuple[list[tuple[str, Counts, int]], list[str]]:
    rows: list[tuple[str, Counts, int]] = []
    notes: list[str] = []
    for condition in args.contention:
        with contention(args.burners if condition == "loaded" else 0):
            suffix = f", loaded ({args.burners} busy processes)" if condition == "loaded" else ""
            more_rows, more_notes = await measure_once(args, bootstrap, tmp, suffix)
        rows += more_rows
        notes += [n + suffix for n in more_notes]
    return rows, notes


Done = Any  # (name, Counts, runs) -> None: a row of the table


async def measure_once(args: argparse.Namespace, bootstrap: str, tmp: Path,
                       suffix: str) -> tuple[list[tuple[str, Counts, int]], list[str]]:
    rows: list[tuple[str, Counts, int]] = []
    notes: list[str] = []

    def done(name: str, c: Counts, runs: int) -> None:
        rows.append((name + suffix, c, runs))
        notes.extend(c.notes)
        print(f"{name}{suffix}: {c}", file=sys.stderr, flush=True)

    for engine in args.engines:
        for guarantee in args.guarantees:
            if engine == "faust" and guarantee == "exactly_once" and os.environ.get(UNSAFE_FAUST_EOS) != "1":
                print(f"faust/exactly_once: refused by the worker's settings; {UNSAFE_FAUST_EOS}=1 runs it",
                      file=sys.stderr, flush=True)
                continue
            await _crash_rows(args, bootstrap, tmp, engine, guarantee, done)
    await _scenario_rows(args, bootstrap, tmp, done)
    notes.append(await _client_note(args, bootstrap))
    return rows, notes


async def _crash_rows(args: argparse.Namespace, bootstrap: str, tmp: Path, engine: str, guarantee: str,
                      done: Done) -> None:
    """The SIGKILL and SIGSTOP rows of one engine and guarantee."""
    for crash, runs, label in (("sigkill", args.runs, "SIGKILL"), ("sigstop", args.stops, f"SIGSTOP {args.pause:.0f} s")):
        total, per_run = Counts(), []
        for _ in range(runs):
            c = await crash_run(bootstrap, engine, guarantee, args.records, tmp, crash, args.timeout,
                                pause_seconds=args.pause)
            total.add(c)
            per_run.append(f"{c.missing}/{c.duplicates}/{c.non_exact}/{c.worker_exits}")
        if runs:
            total.notes.append(f"{engine}/{guarantee} {label} per run (missing/duplicates/non-exact/exits): "
                               + ", ".join(per_run))
            done(f"{label}, {engine}, {guarantee}", total, runs)


async def _scenario_rows(args: argparse.Namespace, bootstrap: str, tmp: Path, done: Done) -> None:
    """The one-run scenarios, each engine (broker restarts: the first engine)."""
    for engine in args.engines if args.publisher_first else []:
        done(f"publisher first, {engine}", await publisher_first_run(bootstrap, engine, args.records // 4, tmp,
                                                                     args.timeout), 1)
    for engine in args.engines[:1] if args.restarts else []:
        total = Counts()
        for _ in range(args.restarts):
            total.add(await crash_run(bootstrap, engine, "at_least_once", args.records, tmp, "broker", args.timeout))
        done(f"broker restart, {engine}, at_least_once", total, args.restarts)
    for engine in args.engines if args.poison else []:
        done(f"poison ({args.poison:,} inputs), {engine}", await poison_run(bootstrap, engine, args.poison, tmp,
                                                                           args.timeout), 1)
    await _size_and_store_rows(args, bootstrap, tmp, done)


async def _size_and_store_rows(args: argparse.Namespace, bootstrap: str, tmp: Path, done: Done) -> None:
    """The large-input and store-failure scenarios, each engine."""
    for engine in args.engines if args.ladder else []:
        done(f"size ladder, {engine}", await ladder_run(bootstrap, engine, tmp, args.timeout), 1)
    for engine in args.engines if args.string else []:
        done(f"1 MB single string, {engine}", await string_run(bootstrap, engine, tmp, args.timeout), 1)
    for engine in args.engines if args.store_failure else []:
        done(f"store failure, {engine}", await store_failure_run(bootstrap, engine, args.records // 10, tmp,
                                                                 args.timeout), 1)
    for engine in args.engines if args.s3_outage else []:
        done(f"S3 server stopped mid-run, {engine}", await s3_outage_run(bootstrap, engine, args.records // 10, tmp,
                                                                         args.timeout), 1)


async def _client_note(args: argparse.Namespace, bootstrap: str) -> str:
    if not args.client:
        return ("client memory test: not run (`--client N` runs bench.client's memory test, the client SDK "
                "engineer's, with N observations; its own report is `python -m bench client`)")
    from bench.client import memory_run  # the client SDK's memory test (issue 11 item 1)

    m = await memory_run(bootstrap, f"rel-{uuid.uuid4().hex[:8]}m.", args.client, compare_main=False)
    return (f"client memory test (`bench.client.memory_run`, {m['observations']:,} observations, "
            f"wait_for every 1,000th): RSS {m['rss_first_mb']:.0f} MB at 10%, {m['rss_last_mb']:.0f} MB "
            f"at the end, max {m['rss_max_mb']:.0f} MB; {m['buffered_at_end']} buffered at the end")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bench reliability", description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=10, help="SIGKILL runs per engine and guarantee")
    p.add_argument("--engines", type=lambda v: [e for e in v.split(",") if e], default=["batch", "faust"])
    p.add_argument("--guarantees", type=lambda v: [g for g in v.split(",") if g],
                   default=["at_least_once", "exactly_once"])
    p.add_argument("--restarts", type=int, default=3, help="broker restarts (first engine)")
    p.add_argument("--poison", type=int, default=10_000)
    p.add_argument("--records", type=int, default=2_000, help="records per crash run")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds to wait for a run's observations")
    p.add_argument("--stops", type=int, default=3, help="SIGSTOP runs per engine and guarantee")
    p.add_argument("--pause", type=float, default=2.0 * SESSION_TIMEOUT,
                   help=f"seconds a SIGSTOPped worker stays frozen (its session timeout is {SESSION_TIMEOUT} s)")
    p.add_argument("--contention", type=lambda v: [c for c in v.split(",") if c], default=["quiet", "loaded"],
                   help="run every scenario quiet, loaded (busy processes beside the workers), or both")
    p.add_argument("--burners", type=int, default=os.cpu_count() or 2, help="busy processes when loaded")
    p.add_argument("--no-ladder", dest="ladder", action="store_false")
    p.add_argument("--no-publisher-first", dest="publisher_first", action="store_false")
    p.add_argument("--no-string", dest="string", action="store_false", help="skip the 1 MB single-string scenario")
    p.add_argument("--no-store-failure", dest="store_failure", action="store_false")
    p.add_argument("--no-s3-outage", dest="s3_outage", action="store_false",
                   help="skip the S3-server-stopped-mid-run scenario (needs SeaweedFS: deploy/setup.sh)")
    p.add_argument("--client", type=int, default=0, metavar="N",
                   help="also run the client memory test with N observations (bench.client; 0: off)")
    p.add_argument("--no-write", action="store_true", help="print, leave docs/reliability.md alone")
    return p


def _write_report(body: str) -> None:
    """The harness's block of docs/reliability.md replaced by ``body`` (what is above it kept)."""
    if not REPORT.exists():
        REPORT.write_text("# Reliability\n\n<!-- harness:start -->\n" + body + "<!-- harness:end -->\n")
        return
    head = REPORT.read_text().split("<!-- harness:start -->")[0]
    REPORT.write_text(head + "<!-- harness:start -->\n" + body + "<!-- harness:end -->\n")


def main(argv: list[str]) -> None:
    args = _parser().parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="reliability-"))
    t0 = time.monotonic()
    with local_broker() as bootstrap:
        rows, notes = asyncio.run(measure(args, bootstrap, tmp))
    cmd = "python -m bench reliability " + " ".join(argv)
    body = (f"Command: `{cmd.strip()}` ({machine()}; local single-node broker; {PARTITIONS} partitions, two "
            f"workers per group; {time.monotonic() - t0:.0f} s).\n\n{table(rows)}\n\n"
            + "\n".join(f"- {n}" for n in notes) + "\n")
    print(body)
    if not args.no_write:
        _write_report(body)
    if any(c.missing or c.non_exact or c.worker_exits for _, c, _ in rows):
        print(f"worker logs kept in {tmp}", file=sys.stderr)
    else:
        shutil.rmtree(tmp, ignore_errors=True)
