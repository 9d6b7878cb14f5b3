"""Loop signals on the real broker: a batch of parallel results in any arrival order gives the
same observations and text on both engines, as in-process."""

from __future__ import annotations

import itertools
import re

import orjson
import pytest
from conftest import ARTIFACT_KEY, WorkerProc, strip  # tests/streams/conftest.py

from obsline.core import codec
from obsline.pipeline import Runner, Stages
from tests.aligner.signals.test_signals_order import AFTER, BASE, BATCH

pytestmark = [pytest.mark.integration]


def batch_worker(stream, **overrides) -> WorkerProc:
    settings = stream.settings.with_(engine="batch", **overrides)
    w = WorkerProc(stream.env(settings) | {"OBSLINE_ENGINE": "batch"}, stream.tmp / f"worker{len(stream.workers)}.log")
    stream.workers.append(w.start())
    return w


def _as_task(lines: list[bytes], task: str) -> list[bytes]:
    return [orjson.dumps({**orjson.loads(line), "task_id": task}) for line in lines]


def _normalised(observations: list[dict], task: str) -> list[tuple]:
    """Per record (step, action), the whole observation with its task id taken out."""
    out = []
    for o in observations:
        text = orjson.dumps(strip(o), option=orjson.OPT_SORT_KEYS).decode().replace(task, "TASK")
        text = re.sub(r"\?sig=[\w-]+", "", text)  # an artifact reference is signed with its task id
        out.append((o["step_id"], o["action_id"], text))
    return sorted(out)


def _diff(got: list[tuple], expected: list[tuple]) -> str:
    for (step, action, one), (_, _, other) in zip(got, expected, strict=False):
        a, b = orjson.loads(one), orjson.loads(other)
        if a != b:
            return f"{step}/{action}: " + "; ".join(f"{k}: {a.get(k)!r} vs {b.get(k)!r}" for k in a | b
                                                     if a.get(k) != b.get(k))
    return f"{len(got)} vs {len(expected)} observations"


ORDERS = (0, 1, 7, 33, 64, 101, 119)  # of the 120: the first, the reversed, and others


def _tasks_in_orders() -> dict[str, list[bytes]]:
    orders = list(itertools.permutations(BATCH))
    picked = [orders[i] for i in ORDERS]
    tasks = {f"order-{i}": _as_task(BASE + list(order) + AFTER, f"order-{i}") for i, order in enumerate(picked)}
    assert len({tuple(orjson.loads(line)["action_id"] for line in lines) for lines in tasks.values()}) == len(picked)
    return tasks


def _assert_each_task_as_in_process(got: list[dict], tasks: dict[str, list[bytes]], logs: str) -> None:
    assert len(got) == sum(len(lines) for lines in tasks.values()), logs
    by_task: dict[str, list[dict]] = {}
    for o in got:
        by_task.setdefault(o["task_id"], []).append(o)
    in_process = [orjson.loads(codec.encode(p.observation))
                  for p in Runner(Stages.default(artifact_key=ARTIFACT_KEY)).run(_as_task(BASE + BATCH + AFTER, "order-reference"))]
    expected = _normalised(in_process, "order-reference")
    for task, lines in tasks.items():
        arrived = [orjson.loads(line)["action_id"] for line in lines]
        assert _normalised(by_task[task], task) == expected, f"{task} (arrived {arrived}): " + _diff(
            _normalised(by_task[task], task), expected)
    assert any("same as #" in o["text"] for o in in_process)  # the batch points inside itself


async def test_a_batch_of_five_parallel_results_in_any_order_gives_one_output_on_the_batch_engine(stream):
    tasks = _tasks_in_orders()
    await stream.create_topics()
    # All published before the worker starts, interleaved across tasks, so each task's batch
    # arrives in the order given and within one poll (a batch split by a poll boundary is run
    # in arrival order across the split: docs/signals.md).
    await stream.publish([line for group in itertools.zip_longest(*tasks.values()) for line in group if line])
    batch_worker(stream)
    total = sum(len(lines) for lines in tasks.values())
    _assert_each_task_as_in_process(await stream.observations(total, timeout=90), tasks, stream.logs())


async def test_a_batch_of_five_parallel_results_in_any_order_gives_one_output_on_the_faust_engine(stream):
    """As a fleet sends them: the worker running, the five parallel results of a task's step
    together (one burst, so one take: streams/faust_app.py ``take_bursts``), in an order of its own."""
    tasks = _tasks_in_orders()
    await stream.create_topics()
    stream.worker()
    await stream.group_stable(1, timeout=120)
    first, after = len(BASE), len(BASE) + len(BATCH)
    await stream.publish([line for lines in tasks.values() for line in lines[:first]])
    await stream.observations(first * len(tasks), timeout=90)
    for lines in tasks.values():  # one burst per task: its parallel results come back together
        await stream.publish(lines[first:after])
    await stream.publish([line for lines in tasks.values() for line in lines[after:]])
    total = sum(len(lines) for lines in tasks.values())
    _assert_each_task_as_in_process(await stream.observations(total, timeout=90), tasks, stream.logs())


SECRET = "sk-live-0123456789abcdefghijklmnopqrstuv"


@pytest.mark.parametrize("engine", ["batch", "faust"])
async def test_the_workers_write_one_audit_record_per_observation_to_the_audit_topic(stream, engine):
    from aiokafka.admin import AIOKafkaAdminClient
    from aiokafka.admin.config_resource import ConfigResource, ConfigResourceType

    from tests.aligner.signals.helpers import rec

    lines = [rec(0, "get_config", {"api_key": SECRET, "region": "eu-west-1"}, {"name": "prod", "token": SECRET},
                 task="audited"),
             rec(1, "get_thing", "Error: thing 9 not found", {"id": "9"}, task="audited"),
             rec(2, "get_thing", {"error": "No such thing: 10"}, {"id": "10"}, task="audited"),
             rec(3, "get_thing", "missing", {"id": "11"}, http_status=404, task="audited"),
             b"this is not json"]
    await stream.create_topics()
    batch_worker(stream) if engine == "batch" else stream.worker()
    await stream.publish(lines)
    got = await stream.observations(4, timeout=90)  # the line that is not JSON: a dead letter only
    audit = await stream.read(stream.settings.audit, until=lambda r: len(r) >= 4, timeout=60)
    assert len(got) == 4 and len(audit) == 4, stream.logs()
    records = {(r["task_id"], r["step_id"]): r for r in (orjson.loads(m.value) for m in audit)}
    by_ids = {(o["task_id"], o["step_id"]): o for o in got}
    for ids, record in records.items():
        o = by_ids[ids]
        assert record["args_sha"] == o["metadata"].get("call") and record["status"] == o["status"]
        assert record["raw_sha256"] == o["evidence"]["raw_sha256"]
    assert records[("audited", 3)]["decisions"]["breaker"]["kind"] == "consecutive_errors"
    assert {m.key for m in audit if m.key} == {b"audited"}  # keyed by task, as the observations
    text = b"".join(m.value for m in audit).decode()
    assert SECRET not in text and "eu-west-1" not in text and "prod" not in text

    admin = AIOKafkaAdminClient(bootstrap_servers=stream.bootstrap)
    await admin.start()
    try:
        described = await admin.describe_configs([ConfigResource(ConfigResourceType.TOPIC, stream.settings.audit)])
    finally:
        await admin.close()
    configs = {c[0]: c[1] for c in described[0].resources[0][4]}
    assert configs["retention.ms"] == str(30 * 24 * 3600 * 1000) and configs["cleanup.policy"] == "delete"
