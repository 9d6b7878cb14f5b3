"""Both engines on the real broker, the real local store's vault refusing writes from the start:
a record whose secret must be kept is tried again for the retry budget, then it is a
``store_unavailable`` dead letter with its original and a retryable UPSTREAM_FAILURE
observation, the same line the in-process runner gives; the records without a secret go
through meanwhile, the worker never exits, and once the store is back a secret is kept again.
Before: a ``stage_exception`` letter and ``MALFORMED retryable=no`` at the first failure. A bad
envelope's error line is the in-process runner's too (one error-line function)."""

from __future__ import annotations

import orjson
import pytest
from conftest import ARTIFACT_KEY, WorkerProc, read_record
from test_store_unavailable import STORE_LINE, break_folder, mend_folder, secret_line

from obsline.pipeline import Runner, Stages, Stores
from obsline.streams.deadletter import original_of

pytestmark = [pytest.mark.integration]

BAD = orjson.dumps({"task_id": "task-bad", "step_id": 0, "action_id": "a", "raw": "no tool named"})


def first_line(obs: dict) -> str:
    return obs["text"].split("\n")[0]


@pytest.mark.parametrize("engine", ["batch", "faust"])
async def test_a_vault_outage_is_retried_then_a_store_unavailable_letter(stream, engine, tmp_path):
    store = stream.tmp / "store"
    store.mkdir()
    break_folder(store / "secrets")
    w = WorkerProc(stream.env(stream.settings.with_(engine=engine, store=str(store))),
                   stream.tmp / "worker0.log").start()
    stream.workers.append(w)
    await stream.create_topics()
    secret = secret_line("task-s", 0)
    await stream.publish([read_record("task-a", 0), secret, BAD, read_record("task-a", 1)])
    letters = await stream.read("dlq", until=lambda r: len(r) >= 2, timeout=120)
    by_reason = {orjson.loads(r.value)["reason"]: orjson.loads(r.value) for r in letters}
    assert set(by_reason) == {"store_unavailable", "bad_envelope"}, (by_reason, stream.logs())
    assert original_of(by_reason["store_unavailable"]) == secret
    assert "tried again" in w.output()  # retried before the letter
    obs = {(o["task_id"], o["step_id"]): o for o in await stream.observations(4, timeout=60)}
    assert first_line(obs[("task-s", 0)]) == STORE_LINE
    assert obs[("task-a", 0)]["status"] == obs[("task-a", 1)]["status"] == "success"
    runner = Runner(Stages.default(artifact_key=ARTIFACT_KEY), stores=Stores())
    assert first_line(obs[("task-bad", 0)]) == runner.process(BAD).observation.text.split("\n")[0]

    mend_folder(store / "secrets")  # the store is back: a secret is kept, no letter
    await stream.publish([secret_line("task-s", 1)])
    got = {(o["task_id"], o["step_id"]): o for o in await stream.observations(5, timeout=60)}
    assert got[("task-s", 1)]["status"] == "success", got[("task-s", 1)]["text"]
    assert w.alive(), stream.logs()
    assert len(await stream.read("dlq", until=lambda r: False, timeout=2)) == 2
