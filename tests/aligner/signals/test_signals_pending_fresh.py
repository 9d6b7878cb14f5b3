"""Pendings that resolve, and freshness (seed 000), on made-up records and both dev files."""

from __future__ import annotations

import pytest

from obsline.aligner.signals import SignalLimits, ToolLimits
from obsline.aligner.signals.freshness import check_write, compare, version_of
from obsline.aligner.signals.pending import unresolved
from obsline.pipeline import Runner, Stages
from tests.aligner.signals.helpers import rec, replay


def test_a_pending_carries_its_handle_and_a_growing_suggested_wait():
    obs = replay([rec(0, "start_export", {"job_id": "J-17", "status": "running"}, {"q": "x"}, ts=1000),
                  rec(1, "export_status", {"job_id": "J-17", "status": "running"}, {"job_id": "J-17"}, ts=1010)])
    assert obs[0].metadata["pending"] == {"handle": "J-17", "wait_ms": 1000, "polls": 1}
    assert "poll J-17 again in 1 s" in obs[0].text
    assert obs[1].metadata["pending"]["wait_ms"] == 2000
    assert "still pending since step 0, 10 s so far (poll 2)" in obs[1].text


def test_the_server_wait_is_the_suggestion_when_it_gives_one():
    obs = replay([rec(0, "start", {"job_id": "J-1", "status": "queued", "retry_after": 5}, {"q": "x"})])
    assert obs[0].metadata["pending"]["wait_ms"] == 5000


@pytest.mark.parametrize("resolver", [
    {"args": {"job_id": "J-17"}, "raw": {"rows": 1200}},  # by the handle as an argument
    {"args": {"q": "status"}, "raw": {"job_id": "J-17", "rows": 1200}},  # by a field of the result
    {"args": {"task": "J-17"}, "raw": {"state": "done", "rows": 1200}},  # an argument named otherwise
])
def test_a_later_result_naming_the_handle_completes_the_pending(resolver):
    obs = replay([rec(0, "start_export", {"job_id": "J-17", "status": "running"}, {"q": "x"}, ts=1000),
                  rec(1, "other_tool", {"id": "x", "v": 1}, {"id": "x"}, ts=1005),
                  rec(2, "fetch_result", resolver["raw"], resolver["args"], ts=1042)])
    assert obs[1].metadata.get("completes") is None
    assert obs[2].metadata["completes"] == {"handle": "J-17", "n": None, "step": 0, "action": "a0", "after_s": 42.0}
    assert "result of pending step 0, job J-17, after 42 s" in obs[2].text


def test_a_pending_never_resolved_is_reported_once_past_its_ttl_and_at_the_end():
    stages = Stages.default(signal_limits=SignalLimits(pending_ttl_s=100))
    runner = Runner(stages)
    lines = [rec(0, "start", {"job_id": "J-9", "status": "running"}, {"q": "x"}, ts=1000),
             rec(1, "get", {"id": "a", "v": 1}, {"id": "a"}, ts=1050),
             rec(2, "get", {"id": "b", "v": 1}, {"id": "b"}, ts=1200),
             rec(3, "get", {"id": "c", "v": 1}, {"id": "c"}, ts=1300)]
    obs = [p.observation for p in runner.run(lines)]
    assert "expired" not in obs[1].metadata
    assert obs[2].metadata["expired"] == ["J-9"] and "unresolved past the TTL: pending step 0 J-9" in obs[2].text
    assert "expired" not in obs[3].metadata  # said once
    left = unresolved(runner.fold_state["t"]["pending"])
    assert [p["handle"] for p in left] == ["J-9"]


def test_versions_are_read_from_fields_and_headers():
    assert version_of({"id": 1, "version": 4}) == ("version", 4)
    assert version_of({"id": 1, "ETag": '"abc"'}) == ("etag", '"abc"')
    assert version_of({"body": "x", "headers": {"Last-Modified": "2024-05-01T10:00:00Z"}}) == \
        ("last_modified", "2024-05-01T10:00:00Z")
    assert version_of({"id": 1, "version": True}) is None and version_of([1]) is None


@pytest.mark.parametrize(("old", "new", "order"), [
    (3, 5, -1), ("5", "3", 1), ("v2", "v10", -1), ("2024-05-01T10:00:00Z", "2024-04-30T10:00:00Z", 1),
    ('"abc"', '"abd"', None), (7, 7, 0),
])
def test_versions_compare_only_when_they_can_be_ordered(old, new, order):
    assert compare(old, new) == order


def test_a_version_going_backwards_is_flagged():
    obs = replay([rec(0, "get_doc", {"id": "D1", "version": 5, "body": "new"}, {"id": "D1"}),
                  rec(1, "get_doc", {"id": "D1", "version": 3, "body": "old"}, {"id": "D1"}),
                  rec(2, "get_doc", {"id": "D1", "version": 6, "body": "newer"}, {"id": "D1"})])
    assert obs[1].metadata["version"]["back"] == {"from": 5, "n": None, "step": 0}
    assert "version went back: 3 after 5 (step 0)" in obs[1].text
    assert "back" not in obs[2].metadata["version"]


def test_a_write_based_on_an_older_version_is_flagged_before_and_after_it_runs():
    obs = replay([rec(0, "get_doc", {"id": "D1", "version": 5, "body": "x"}, {"id": "D1"}),
                  rec(1, "update_doc", {"id": "D1", "version": 6}, {"id": "D1", "expected_version": 3}),
                  rec(2, "update_doc", {"id": "D1", "version": 7}, {"id": "D1", "version": 6})])
    assert obs[1].metadata["version"]["stale_write"]["last"] == 5
    assert "write based on expected_version=3, but step 0 showed 5: re-read before writing" in obs[1].text
    assert "stale_write" not in obs[2].metadata["version"]  # based on the version the write made
    versions = {"D1": {"v": 7, "n": 4, "step": 2}}
    assert check_write(versions, {"id": "D1", "if-match": 6})["n"] == 4  # before the call runs
    assert check_write(versions, {"id": "D1", "if_match": 7}) is None
    assert check_write(versions, {"id": "D1", "version": 6}, write=False) is None  # a read of version 6


def test_staleness_is_per_tool():
    limits = SignalLimits(tools={"get_price": ToolLimits(stale_after_s=10)})
    obs = replay([rec(0, "get_price", {"sku": "A", "price": 3}, {"sku": "A"}, ts=2000, query_ts=2030),
                  rec(1, "get_profile", {"id": "u", "name": "x"}, {"id": "u"}, ts=2000, query_ts=2030)],
                 Stages.default(signal_limits=limits))
    assert obs[0].metadata["stale"] == {"age_s": 30.0, "limit_s": 10}
    assert "stale: 30 s old, past this tool's 10 s" in obs[0].text
    assert "stale" not in obs[1].metadata


@pytest.mark.shared
@pytest.mark.parametrize("fixture", ["dev_lines", "foreign_dev_lines"])
def test_on_the_dev_files_nothing_is_flagged_without_a_cause(fixture, request):
    """The dev files carry no versions; a completion names a handle its pending gave."""
    obs = replay(request.getfixturevalue(fixture))
    for o in obs:
        assert "back" not in (o.metadata.get("version") or {}) and "stale_write" not in (o.metadata.get("version") or {})
        done = o.metadata.get("completes")
        if done:
            first = next(p for p in obs if p.task_id == o.task_id and p.step_id == done["step"])
            assert first.metadata["pending"]["handle"] == done["handle"]
        assert o.metadata["call"]
