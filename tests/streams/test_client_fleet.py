"""A fleet's agents through the client against real workers (both engines): odd ids stay apart,
their artifacts open only with their own signed refs, and bad envelopes with readable ids still
answer the agent that waits."""

from __future__ import annotations

import time

import orjson
import pytest
from conftest import ARTIFACT_KEY, WorkerProc

from obsline.client import ObservationConsumer, ObslineProducer
from obsline.core.errors import ArtifactError, ErrorCode
from obsline.core.ids import artifact_ref
from obsline.stores.artifacts import ArtifactStore

pytestmark = [pytest.mark.integration]


def _env(task: str, step: int, action: str, raw: object, **extra: object) -> bytes:
    return orjson.dumps({"task_id": task, "step_id": step, "action_id": action, "tool": "get_user_details",
                         "raw": raw, **extra})


@pytest.mark.parametrize("engine", ["batch", "faust"])
async def test_fleet_ids_and_bad_envelopes_end_to_end(stream, engine):
    await stream.create_topics()
    w = WorkerProc(stream.env(stream.settings) | {"OBSLINE_ENGINE": engine}, stream.tmp / "worker.log").start()
    stream.workers.append(w)
    since = time.time()
    good = {("shop/T", 3, "0/call"): {"email": "victim@x.io"}, ("shop/T/3", 0, "call"): {"email": "other@x.io"},
            ("a\x1fbaselines", 0, "c"): {"n": 1}, ("nul\x00" + "x" * 10_000, 1, "c/\x1f"): {"n": 2}}
    bad = {("deep", 0, "d"): b'{"task_id": "deep", "step_id": 0, "tool": "t", "raw": ' + b"[" * 3000
           + b"]" * 3000 + b', "action_id": "d"}',
           ("coerced", 0, "h"): _env("coerced", 0, "h", {"a": 1}, http_status="500")}
    tasks = {t for t, _, _ in good} | {t for t, _, _ in bad}
    async with ObservationConsumer(stream.bootstrap, stream.settings.topic_prefix, tasks=tasks, since=since) as c, \
            ObslineProducer(stream.bootstrap, stream.settings.topic_prefix) as producer:
        for (task, step, action), raw in good.items():
            await producer.publish_bytes(_env(task, step, action, raw), key=task)
        for (task, _, _), line in bad.items():
            await producer.publish_bytes(line, key=task)
        await producer.flush()
        got = {ids: await c.wait_for(ids[0], ids[2], timeout=90, step_id=ids[1]) for ids in [*good, *bad]}
    store = ArtifactStore(stream.settings.artifact_dir, key=ARTIFACT_KEY)
    for ids, raw in good.items():
        obs = got[ids]
        assert obs.status.value == "success", (ids, obs.text, stream.logs())
        assert orjson.loads(store.get(obs.evidence["artifact"])) == raw
    with pytest.raises(ArtifactError) as info:
        store.get(artifact_ref("shop/T", 3, "0/call"))  # the victim's ref, typed without its capability
    assert info.value.code is ErrorCode.PERMISSION_DENIED
    for ids in bad:
        assert got[ids].status.value == "error" and got[ids].error.code is ErrorCode.MALFORMED, got[ids].text
    assert "http_status" in got[("coerced", 0, "h")].text
