"""The fleet check: three batch workers with three working folders (no shared disk) and one S3
server (SeaweedFS, tests/s3_server.py); one is SIGKILLed mid-run. Every observation's artifact
and every secret handle resolves from a reader started elsewhere; 0 missing, 0 non-exact
duplicates."""

from __future__ import annotations

import asyncio
import json

import orjson
import pytest
from conftest import ARTIFACT_KEY, WorkerProc, assert_complete_with_exact_repeats, covers, interleave

from obsline.stores.artifacts import ArtifactStore
from obsline.stores.vault import SecretVault

pytestmark = [pytest.mark.integration]

VAULT_KEY = "fleet-test-vault-key-of-32-bytes"
TASKS, STEPS = 12, 10


def _record(task: int, step: int) -> bytes:
    """A read of a user; every third step a login whose token the stages hide behind a handle."""
    if step % 3 == 2:
        tool, raw = "authenticate_travel", json.dumps({"access_token": f"tok{task:02d}{step:02d}x9",
                                                       "token_type": "Bearer"})
    else:
        tool, raw = "get_user_details", json.dumps({"user_id": f"u{task}", "step": step, "note": "x" * 300})
    return orjson.dumps({"task_id": f"fleet-{task}", "step_id": step, "action_id": f"call-{step}", "tool": tool,
                         "args": {"user_id": f"u{task}"}, "raw": raw})


def _worker(stream, s3_server, s3_url: str, n: int) -> WorkerProc:
    own = stream.tmp / f"host{n}"  # each worker's own working folder, as on its own machine
    settings = stream.settings.with_(engine="batch", store=s3_url, artifact_dir=str(own / "artifacts"),
                                     data_dir=str(own / "data"))
    env = stream.env(settings) | s3_server.env() | {"OBSLINE_VAULT_KEY": VAULT_KEY, "OBSLINE_WORKER_ID": f"w{n}"}
    w = WorkerProc(env, stream.tmp / f"worker{len(stream.workers)}.log").start()
    stream.workers.append(w)
    return w


async def test_three_workers_one_s3_store_sigkill_one(stream, s3_server, s3_url, monkeypatch):
    await stream.create_topics()
    workers = [_worker(stream, s3_server, s3_url, n) for n in range(3)]
    lines = interleave([_record(t, s) for t in range(TASKS) for s in range(STEPS)])
    await stream.group_stable(3)
    publish = asyncio.create_task(stream.publish(lines, pause=0.05, every=6))
    await stream.observations(30, timeout=90)  # mid-run
    workers[0].kill()
    await publish
    wanted = {(orjson.loads(x)["task_id"], orjson.loads(x)["step_id"]) for x in lines}
    await stream.read("observations", until=covers(wanted), timeout=120)
    await asyncio.sleep(1.0)  # late duplicates, if any
    got = await stream.observations(10**6, timeout=3)
    first_seen = assert_complete_with_exact_repeats(got, wanted, stream.logs())
    assert all(w.alive() for w in workers[1:]), stream.logs()

    # a reader elsewhere: only the S3 URL and the keys, none of the workers' folders
    monkeypatch.setenv("OBSLINE_VAULT_KEY", VAULT_KEY)
    store = ArtifactStore(s3_url, key=ARTIFACT_KEY)
    vault = SecretVault.beside(store)
    by_ids = {(orjson.loads(x)["task_id"], orjson.loads(x)["step_id"]): orjson.loads(x) for x in lines}
    handles = 0
    for (task, step, _), obs in first_seen.items():
        # the raw as received (an operator's read; a model-facing read shows the handles instead)
        raw = store.get(obs["evidence"]["artifact"], task_id=task, unscrubbed=store.operator_capability())
        assert orjson.loads(raw) == orjson.loads(by_ids[(task, step)]["raw"]), (task, step)
        for redaction in obs["control"]["redactions"]:
            assert vault.resolve(task, redaction["handle"]) == f"tok{int(task.split('-')[1]):02d}{step:02d}x9"
            handles += 1
    assert handles == TASKS * len([s for s in range(STEPS) if s % 3 == 2])
    assert not any((stream.tmp / f"host{n}" / "artifacts" / "segments").exists() for n in range(3))
