"""The record path both Kafka engines run (streams/record.py), as unit tests without a broker:
a record's outputs, a replay, a record for another partition, and what a record that cannot be
dead-lettered in full gets. The engines' own tests on the real broker are beside these."""

from __future__ import annotations

import dataclasses

import orjson
import pytest

from obsline.pipeline import ErrorPolicy, Stages, Stores
from obsline.sinks.metrics import PipelineMetrics
from obsline.streams.changelog import Out, Store, Tally
from obsline.streams.claimcheck import ClaimStore
from obsline.streams.deadletter import original_of
from obsline.streams.keys import TaskPartitioner
from obsline.streams.record import Consumed, RecordPath, Topics
from obsline.streams.state import row_key

TOPICS = Topics("raw", "fragments", "snapshots", "observations", "dlq")
PARTITIONS = 4


class Rows:
    """A partition's rows in one dict, as the batch engine holds them."""

    def __init__(self) -> None:
        self.align = self.fold = Store()
        self.touched: list[str] = []

    def expired(self, task: str) -> bool:
        return False

    def returned(self, task: str) -> None:
        raise AssertionError("no task here was expired")

    def touch(self, task: str, partition: int) -> None:
        self.touched.append(task)


def _path(tmp_path, stages: Stages | None = None, **kw) -> tuple[RecordPath, PipelineMetrics]:
    metrics = PipelineMetrics()
    path = RecordPath(stages or Stages.default(), Stores(), ClaimStore(tmp_path, staged=True), TOPICS,
                      TaskPartitioner(PARTITIONS), metrics, **kw)
    return path, metrics


def _record(task: str = "t1", value: bytes | None = None, partition: int | None = None, offset: int = 7) -> Consumed:
    if value is None:
        value = orjson.dumps({"task_id": task, "step_id": 0, "action_id": "a", "tool": "search",
                              "raw": {"items": [{"id": 1, "name": "x"}]}})
    if partition is None:
        partition = TaskPartitioner(PARTITIONS)(task.encode())
    return Consumed("raw", partition, offset, 1.0, task.encode(), value, [])


def _topics(out: Out) -> dict[str, list]:
    found: dict[str, list] = {}
    for (topic, _), messages in out.messages.items():
        found.setdefault(topic, []).extend(messages)
    return found


def test_a_record_makes_its_fragment_snapshot_and_observation_and_keeps_the_observation_row(tmp_path) -> None:
    path, _ = _path(tmp_path)
    rows, out = Rows(), Out()
    path.handle(_record(), None, rows, out, Tally())
    found = _topics(out)
    assert sorted(found) == ["fragments", "observations", "snapshots"]
    obs = found["observations"][0][1]
    assert rows.fold[row_key("t1", "o", "0/a")] == obs and rows.touched == ["t1"]
    again = Out()  # replayed after a crash: the stored observation again, nothing re-folded
    path.handle(_record(), None, rows, again, Tally())
    assert _topics(again) == {"observations": [(b"t1", obs, [])]}


def test_a_record_on_another_partition_than_its_tasks_is_forwarded_there(tmp_path) -> None:
    path, _ = _path(tmp_path)
    home = TaskPartitioner(PARTITIONS)(b"t1")
    rec = _record(partition=(home + 1) % PARTITIONS)
    out = Out()
    path.handle(rec, None, Rows(), out, Tally())
    assert list(out.messages) == [("raw", home)]


def test_not_json_gets_a_dead_letter_and_no_observation(tmp_path) -> None:
    path, metrics = _path(tmp_path)
    out = Out()
    path.handle(_record(value=b"{not json"), None, Rows(), out, Tally())
    found = _topics(out)
    assert list(found) == ["dlq"]
    letter = orjson.loads(found["dlq"][0][1])
    assert letter["reason"] == "not_json" and original_of(letter) == b"{not json"
    assert metrics.registry.get_sample_value("obsline_dead_letters_total", {"reason": "not_json", "stage": "adapt"}) == 1


class _BrokenStages(Stages):
    """Stages whose observe raises (a stage bug) and whose error observation raises too."""

    def observe(self, snapshot, state):  # type: ignore[override]
        raise RuntimeError("observe broke")

    def rejected(self, rejected, fallback_action, **kw):  # type: ignore[override]
        raise RuntimeError("the error observation broke")


def _broken(tmp_path, **kw) -> tuple[RecordPath, PipelineMetrics]:
    base = Stages.default()
    stages = _BrokenStages(**{f.name: getattr(base, f.name) for f in dataclasses.fields(base) if f.init})
    return _path(tmp_path, stages, **kw)


def test_a_stage_exception_whose_error_observation_fails_still_gets_its_letter_and_is_counted(tmp_path) -> None:
    """Before streams/record.py, the batch and faust engines' ``fail`` caught this and only logged it."""
    path, metrics = _broken(tmp_path)
    out = Out()
    path.handle(_record(), None, Rows(), out, Tally())
    found = _topics(out)
    assert list(found) == ["dlq"]
    letter = orjson.loads(found["dlq"][0][1])
    assert letter["reason"] == "stage_exception" and letter["stage"] == "observe"
    assert letter["error"] == "transport: RuntimeError('the error observation broke')"  # (pipeline.process's too)
    assert metrics.registry.get_sample_value("obsline_dead_letter_fallbacks_total", {"part": "observation"}) == 1


def test_a_dead_letter_that_cannot_be_made_goes_out_bare_with_its_original(tmp_path) -> None:
    """The full letter raises (here: its claim store with a bug that is not a store failure): the
    bare letter still carries the source, what failed and the original; before, only a log line."""
    path, metrics = _broken(tmp_path)

    def put(data: bytes) -> dict:
        raise TypeError("claim store bug")

    path.claims.put = put  # type: ignore[method-assign]
    big = orjson.dumps({"task_id": "t1", "step_id": 0, "action_id": "a", "tool": "x", "raw": "y" * 300_000})
    out = Out()
    path.handle(_record(value=big, offset=41), None, Rows(), out, Tally())
    letters = [orjson.loads(v) for _, v, _ in _topics(out)["dlq"]]
    assert len(letters) == 1
    bare = letters[0]
    assert bare["bare"] is True and bare["reason"] == "stage_exception"
    assert bare["source"]["offset"] == 41 and "claim store bug" in bare["error"]
    assert bare["original_unstored"]["bytes"] == len(big)
    assert metrics.registry.get_sample_value("obsline_dead_letter_fallbacks_total", {"part": "letter"}) == 1


def test_the_raise_policy_hands_a_failing_record_to_the_caller(tmp_path) -> None:
    path, _ = _broken(tmp_path, policy=ErrorPolicy.RAISE)
    out = Out()
    with pytest.raises(RuntimeError, match="observe broke"):
        path.handle(_record(), None, Rows(), out, Tally())
    assert out.messages == {}
