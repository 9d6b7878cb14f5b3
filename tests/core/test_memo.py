"""The content memos change speed, never output: every observation is byte-identical with the
memos on, off, or too small to hold the workload (so entries are evicted mid-run)."""

from __future__ import annotations

import orjson
import pytest

from obsline.adapters.noise import NoiseConfig
from obsline.core.codec import encode
from obsline.core.memo import Memo
from obsline.pipeline import GcSettle, Runner, Stages
from workload.generate import generate


def test_memo_keeps_the_most_recently_used_entries() -> None:
    memo: Memo[str, int] = Memo(2)
    memo.put("a", 1)
    memo.put("b", 2)
    assert memo.get("a") == 1  # "b" is now the least recently used
    memo.put("c", 3)
    assert (memo.get("b"), memo.get("a"), memo.get("c")) == (None, 1, 3)
    assert (memo.hits, memo.misses, len(memo)) == (3, 1, 2)
    assert memo.hit_rate == 0.75 and Memo(1).hit_rate == 0.0


def test_a_memo_of_no_entries_keeps_nothing() -> None:
    memo: Memo[str, int] = Memo(0)
    memo.put("a", 1)
    assert memo.get("a") is None and len(memo) == 0


def _outputs(lines: list[bytes] | list[str], **stages: object) -> list[bytes]:
    runner = Runner(Stages.default(**stages))
    return [encode(p.observation) + (p.raw_bytes or b"") for p in runner.run(lines)]


@pytest.mark.parametrize("entries", [0, 16])
def test_generated_workload_is_the_same_with_and_without_memos(entries: int) -> None:
    lines = list(generate(40, seed=7, malformed=0.02))
    with_memo = _outputs(lines)
    stages = Stages.default()
    assert stages.adapt_memo.contents.entries > 0
    assert _outputs(lines, memo_entries=entries) == with_memo


def test_noise_bypasses_the_content_memos_of_later_stages() -> None:
    lines = list(generate(20, seed=3))
    noise = NoiseConfig(0.5, 11)
    assert _outputs(lines, noise=noise) == _outputs(lines, noise=noise, memo_entries=0)


@pytest.mark.shared
def test_dev_traces_are_the_same_with_and_without_memos(dev_lines: list[bytes]) -> None:
    runner = Runner(Stages.default())
    with_memo = [encode(p.observation) for p in runner.run(dev_lines)]
    assert runner.stages.adapt_memo.contents.hits > len(dev_lines) // 2  # the memo was really used
    assert [encode(p.observation) for p in Runner(Stages.default(memo_entries=0)).run(dev_lines)] == with_memo
    assert [encode(p.observation) for p in Runner(Stages.default(memo_entries=64)).run(dev_lines)] == with_memo


def test_the_same_raw_with_other_status_hints_is_not_taken_from_the_memo() -> None:
    base = {"task_id": "t1", "action_id": "a", "tool": "get_user_details", "raw": '{"note": "busy"}'}
    lines = [orjson.dumps({**base, "step_id": i, **hint}).decode()
             for i, hint in enumerate([{}, {"error": True}, {"http_status": 503}, {"error": False}])]
    statuses = [p.observation.status.value for p in Runner(Stages.default()).run(lines)]
    assert statuses == ["success", "error", "error", "success"]
    assert _outputs(lines) == _outputs(lines, memo_entries=0)


def test_gc_settle_freezes_each_time_the_memo_doubles_and_then_stops() -> None:
    import gc

    stages = Stages.default(memo_entries=8)
    settle, runner = GcSettle(stages, first=2), Runner(stages)
    settled_at, frozen_before = [], gc.get_freeze_count()
    try:
        for line in generate(40, seed=7):
            runner.process(line)
            if settle.maybe():
                settled_at.append(len(stages.adapt_memo.contents))
        assert settled_at == [2, 4, 8]  # doubling up to the memo's size, then never again
        assert gc.get_freeze_count() > frozen_before  # what was alive left the collector's scans
    finally:
        gc.unfreeze()
    assert not GcSettle(Stages.default(memo_entries=0)).maybe()  # no memo, nothing long-lived
