"""A store that fails inside ``pipeline.process`` (a vault write, the artifact store's own flush
at FLUSH_BYTES) on the record path both Kafka engines run, with the real local backend and a
real S3 server (SeaweedFS) that stops mid-run: the record is tried again with backoff while
the outage is young, and after the budget it is a ``store_unavailable`` dead letter holding its
original, with a retryable UPSTREAM_FAILURE observation for the agent. Before, it was a
``stage_exception`` letter and a ``MALFORMED retryable=no`` observation at the first failure."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import time

import orjson
import pytest

from obsline.pipeline import STORE_MESSAGE, Runner, Stages, Stores
from obsline.sinks.metrics import PipelineMetrics
from obsline.stores import artifacts as artifacts_module
from obsline.stores.artifacts import ArtifactStore
from obsline.stores.objects import Objects
from obsline.stores.vault import SecretVault
from obsline.streams import record as record_module
from obsline.streams.changelog import Out, Store, Tally
from obsline.streams.claimcheck import ClaimStore
from obsline.streams.deadletter import original_of
from obsline.streams.keys import TaskPartitioner
from obsline.streams.record import Consumed, RecordPath, Topics
from obsline.streams.state import row_key

TOPICS = Topics("raw", "fragments", "snapshots", "observations", "dlq")
PARTITIONS = 4
KEY = b"k" * 32  # signs the references (the engines give their stages the store's key)
STORE_LINE = f"error UPSTREAM_FAILURE retryable=yes: store_unavailable: {STORE_MESSAGE}"


class Rows:
    def __init__(self) -> None:
        self.align = self.fold = Store()

    def expired(self, task: str) -> bool:
        return False

    def returned(self, task: str) -> None:
        raise AssertionError

    def touch(self, task: str, partition: int) -> None:
        pass


def secret_line(task: str, step: int) -> bytes:
    """A result holding a token: adapt hides it, so ``process`` writes the vault."""
    return orjson.dumps({"task_id": task, "step_id": step, "action_id": "a", "tool": "authenticate_travel",
                         "raw": json.dumps({"access_token": f"tok{step:04d}x9q7", "user": "u1"})})


def consumed(line: bytes, offset: int = 0) -> Consumed:
    task = orjson.loads(line)["task_id"]
    return Consumed("raw", TaskPartitioner(PARTITIONS)(task.encode()), offset, 1.0, task.encode(), line, [])


def path_on(objects: Objects) -> tuple[RecordPath, PipelineMetrics, ArtifactStore]:
    metrics, stages = PipelineMetrics(), Stages.default(artifact_key=KEY)
    artifacts = ArtifactStore(objects, key=stages.artifact_key)  # the key the stages sign with, as the engines
    vault = SecretVault.beside(objects)
    path = RecordPath(stages, Stores(artifacts, vault), ClaimStore(objects, staged=True), TOPICS,
                      TaskPartitioner(PARTITIONS), metrics)
    return path, metrics, artifacts


def by_topic(out: Out) -> dict[str, list[bytes]]:
    found: dict[str, list[bytes]] = {}
    for (topic, _), messages in out.messages.items():
        found.setdefault(topic, []).extend(value for _, value, _ in messages)
    return found


def break_folder(folder) -> None:
    """The real local backend refuses every write under ``folder``, even as root: a file where
    the folder was (its content moved aside, put back by ``mend_folder``)."""
    if folder.exists():
        folder.rename(folder.with_name(folder.name + ".aside"))
    folder.write_bytes(b"not a folder")


def mend_folder(folder) -> None:
    folder.unlink()
    aside = folder.with_name(folder.name + ".aside")
    if aside.exists():
        aside.rename(folder)


@pytest.fixture
def quick(monkeypatch):
    """Short backoff and budget: the mechanism, not the production timings."""
    monkeypatch.setattr(record_module, "STORE_RETRY_FIRST", 0.05)
    monkeypatch.setattr(record_module, "STORE_RETRY_BUDGET", 0.6)


def _assert_store_letter(found: dict[str, list[bytes]], line: bytes) -> None:
    (letter,) = [orjson.loads(v) for v in found["dlq"]]
    assert letter["reason"] == "store_unavailable", letter
    assert original_of(letter) == line  # nothing lost: the record is in its letter
    (obs,) = [orjson.loads(v) for v in found["observations"]]
    assert obs["status"] == "error" and obs["error"]["code"] == "UPSTREAM_FAILURE" and obs["error"]["retryable"]
    assert obs["text"].split("\n")[0] == STORE_LINE


def test_a_vault_write_that_fails_is_a_store_unavailable_letter_not_a_stage_exception(tmp_path) -> None:
    """The last try (``handle``'s default): the letter says what failed and the agent may retry."""
    root = tmp_path / "store"
    path, metrics, _ = path_on(Objects.open(root))
    rows, out = Rows(), Out()
    assert path.handle(consumed(secret_line("t1", 0)), None, rows, out, Tally())
    assert "dlq" not in by_topic(out)
    break_folder(root / "secrets")  # mid-run: the vault's folder refuses writes
    out = Out()
    line = secret_line("t1", 1)
    path.handle(consumed(line, 1), None, rows, out, Tally())
    _assert_store_letter(by_topic(out), line)
    assert row_key("t1", "o", "1/a") not in rows.fold  # nothing of the record kept: a redrive runs it afresh
    assert metrics.store_errors._value.get() >= 1


async def test_a_store_that_comes_back_within_the_budget_loses_no_observation(tmp_path, quick, monkeypatch) -> None:
    monkeypatch.setattr(record_module, "STORE_RETRY_BUDGET", 30.0)
    root = tmp_path / "store"
    path, metrics, artifacts = path_on(Objects.open(root))
    rows = Rows()
    await path.take(consumed(secret_line("t1", 0)), None, rows, Out(), Tally())
    break_folder(root / "secrets")

    async def mend() -> None:
        await asyncio.sleep(0.5)
        mend_folder(root / "secrets")

    mending = asyncio.ensure_future(mend())
    out = Out()
    await path.take(consumed(secret_line("t1", 1), 1), None, rows, out, Tally())
    await mending
    found = by_topic(out)
    assert "dlq" not in found
    (obs,) = [orjson.loads(v) for v in found["observations"]]
    assert obs["status"] == "success" and "[secret:" in obs["text"], obs["text"]
    assert metrics.store_errors._value.get() >= 2  # tried more than once
    assert path.outage is None
    artifacts.flush()
    vault = SecretVault.beside(Objects.open(root))
    assert any(v.startswith("tok0001") for v in vault.handles("t1").values())  # its secret was kept


async def test_an_outage_past_the_budget_is_dead_lettered_then_one_try_a_record(tmp_path, quick) -> None:
    root = tmp_path / "store"
    path, _, _ = path_on(Objects.open(root))
    rows = Rows()
    await path.take(consumed(secret_line("t1", 0)), None, rows, Out(), Tally())
    break_folder(root / "secrets")
    out, line = Out(), secret_line("t1", 1)
    t0 = time.monotonic()
    await path.take(consumed(line, 1), None, rows, out, Tally())
    assert 0.5 <= time.monotonic() - t0 < 10  # waited the budget out, bounded
    _assert_store_letter(by_topic(out), line)
    out, line = Out(), secret_line("t1", 2)
    t0 = time.monotonic()
    await path.take(consumed(line, 2), None, rows, out, Tally())
    assert time.monotonic() - t0 < 0.5  # the outage is old: one try, no consumer stalled behind it
    _assert_store_letter(by_topic(out), line)
    mend_folder(root / "secrets")
    out = Out()
    await path.take(consumed(secret_line("t1", 3), 3), None, rows, out, Tally())
    assert "dlq" not in by_topic(out) and path.outage is None


async def test_the_artifact_stores_own_flush_failing_is_retried(tmp_path, quick, monkeypatch) -> None:
    """``put`` flushes by itself past FLUSH_BYTES (here every put): a segment write that fails
    inside ``process`` is retried like the vault's."""
    monkeypatch.setattr(artifacts_module, "FLUSH_BYTES", 1)
    monkeypatch.setattr(record_module, "STORE_RETRY_BUDGET", 30.0)
    root = tmp_path / "store"
    path, _, artifacts = path_on(Objects.open(root))
    rows = Rows()
    await path.take(consumed(secret_line("t1", 0)), None, rows, Out(), Tally())
    break_folder(root / "segments")

    async def mend() -> None:
        await asyncio.sleep(0.4)
        mend_folder(root / "segments")

    mending = asyncio.ensure_future(mend())
    out = Out()
    await path.take(consumed(secret_line("t1", 1), 1), None, rows, out, Tally())
    await mending
    (obs,) = [orjson.loads(v) for v in by_topic(out)["observations"]]
    assert obs["status"] == "success" and "dlq" not in by_topic(out)
    reader = ArtifactStore(root, key=path.stages.artifact_key)
    assert reader.get(obs["evidence"]["artifact"], task_id="t1")


def test_in_process_a_store_outage_is_the_same_typed_error(tmp_path) -> None:
    root = tmp_path / "store"
    objects = Objects.open(root)
    stages = Stages.default(artifact_key=KEY)
    runner = Runner(stages, stores=Stores(ArtifactStore(objects, key=stages.artifact_key), SecretVault.beside(objects)))
    assert runner.process(secret_line("t1", 0)).rejected is None
    break_folder(root / "secrets")
    done = runner.process(secret_line("t1", 1))
    assert done.rejected is not None and done.rejected.reason == "store_unavailable"
    assert done.observation.text.split("\n")[0] == STORE_LINE


async def test_an_s3_server_stopped_mid_run_is_a_bounded_store_unavailable_letter(tmp_path, quick, monkeypatch) -> None:
    from bench import s3_server

    try:
        (tmp_path / "s3").mkdir()
        server = s3_server.start(tmp_path / "s3")
    except s3_server.Missing as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(str(exc))
        pytest.skip(str(exc))
    try:
        for k, v in server.env().items():
            monkeypatch.setenv(k, v)
        monkeypatch.setenv("OBSLINE_VAULT_KEY", "v" * 64)
        path, metrics, artifacts = path_on(Objects.open(server.url("outage")))
        rows, out = Rows(), Out()
        await path.take(consumed(secret_line("t1", 0)), None, rows, out, Tally())
        artifacts.flush()
        assert "dlq" not in by_topic(out)
        s3_server.stop(server)  # mid-run
        out, line = Out(), secret_line("t1", 1)
        t0 = time.monotonic()
        await path.take(consumed(line, 1), None, rows, out, Tally())
        assert time.monotonic() - t0 < 90
        _assert_store_letter(by_topic(out), line)
        assert metrics.store_errors._value.get() >= 1
    finally:
        s3_server.stop(server)
        shutil.rmtree(tmp_path / "s3", ignore_errors=True)
