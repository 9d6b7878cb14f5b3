"""The context view by supersession (seed 003) and the audit trail (seed 002)."""

from __future__ import annotations

import orjson
import pytest

from obsline.aligner.signals.audit import audit_record
from obsline.aligner.signals.context import context_view, supersession
from obsline.cli import main
from obsline.pipeline import Runner, Stages
from tests.aligner.signals.helpers import rec, replay


def _reservation(status: str, n: int = 6) -> dict:
    return {"reservation_id": "R1", "user_id": "u1", "status": status,
            "flights": [{"flight_number": f"F{i}", "date": "2024-05-20", "price": 100 + i} for i in range(n)]}


def test_a_write_showing_the_entity_as_it_now_is_supersedes_the_read_before_it():
    cancelled = {**_reservation("cancelled"), "flights": [{"flight_number": "G1", "date": "2024-06-01", "price": 9}]}
    obs = replay([rec(0, "get_reservation_details", _reservation("booked"), {"reservation_id": "R1"}),
                  rec(1, "cancel_reservation", cancelled, {"reservation_id": "R1"})])
    assert supersession(obs) == [1, None]
    view = context_view(obs)
    assert view[0].text == f"#{obs[0].dedup.number} get_reservation_details: superseded by step 1"
    assert view[1].text == obs[1].text


def test_a_write_pointing_at_the_read_keeps_it_visible():
    obs = replay([rec(0, "get_reservation_details", _reservation("booked"), {"reservation_id": "R1"}),
                  rec(1, "cancel_reservation", _reservation("cancelled"), {"reservation_id": "R1"})])
    assert obs[1].dedup.refs == [obs[0].dedup.number]  # "flights: same as #1"
    assert supersession(obs) == [None, None]


def test_a_re_read_in_full_supersedes_and_the_newest_stays():
    lines = [rec(i, "read_file", f"line one\nline two {i}\nline three", {"path": "/a.txt"}) for i in range(3)]
    assert supersession(replay(lines)) == [1, 2, None]


def test_what_a_visible_observation_points_at_is_never_masked():
    big = _reservation("booked", 8)
    obs = replay([rec(0, "get_reservation_details", big, {"reservation_id": "R1"}),
                  rec(1, "get_reservation_details", {**big, "status": "changed"}, {"reservation_id": "R1"})])
    assert obs[1].dedup.refs or obs[1].dedup.baseline_step == 0
    assert supersession(obs)[0] is None  # the delta needs its baseline


def test_a_completed_pending_is_superseded_by_its_result():
    obs = replay([rec(0, "start_export", {"job_id": "J-17", "status": "running"}, {"q": "x"}, ts=1000),
                  rec(1, "fetch", {"rows": 3}, {"job_id": "J-17"}, ts=1042)])
    assert supersession(obs) == [1, None]
    assert context_view(obs)[0].text == "step 0 start_export: superseded by step 1"


def test_the_view_at_a_step_sees_only_what_came_before():
    lines = [rec(i, "read_file", f"a\nb {i}\nc", {"path": "/a.txt"}) for i in range(3)]
    obs = replay(lines)
    assert len(context_view(obs, 0)) == 1 and context_view(obs, 0)[0].superseded_by is None


@pytest.mark.shared
@pytest.mark.parametrize("fixture", ["dev_lines", "foreign_dev_lines"])
def test_on_the_dev_files_masking_never_hides_a_value_a_later_call_uses(fixture, request):
    from bench.context import measure_file  # the benchmark's own measure, on one file
    path = {"dev_lines": "tau-traces/dev.jsonl", "foreign_dev_lines": "foreign-dev/foreign-dev.jsonl"}[fixture]
    request.getfixturevalue(fixture)  # skips where the shared files are absent
    from pathlib import Path
    t = measure_file(Path("/work/shared/data") / path)
    assert t["visible"]["masked"] == t["visible"]["obs"]
    assert t["masked"] <= t["obs"] < t["raw"]


def test_obsline_context_prints_the_masked_view(tmp_path, capsys):
    raw = tmp_path / "raw.jsonl"
    raw.write_bytes(b"\n".join([rec(0, "start_export", {"job_id": "J-1", "status": "running"}, {"q": "x"}),
                                rec(1, "fetch", {"rows": 3}, {"job_id": "J-1"})]))
    assert main(["context", "t", "--input", str(raw)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "step 0 start_export: superseded by step 1"
    assert main(["context", "nope", "--input", str(raw)]) == 2


SECRET = "sk-live-0123456789abcdefghijklmnopqrstuv"


def test_an_audit_record_per_observation_holds_hashes_and_decisions_never_values():
    records: list[dict] = []
    runner = Runner(Stages.default(), audit=records.append)
    lines = [rec(0, "get_config", {"api_key": SECRET, "region": "eu-west-1"}, {"name": "prod", "token": SECRET}),
             rec(1, "get_thing", "Error: thing 9 not found", {"id": "9"}),
             rec(2, "get_thing", "Error: thing 10 not found", {"id": "10"}),
             rec(3, "get_thing", "missing", {"id": "11"}, http_status=404)]
    obs = [p.observation for p in runner.run(lines)]
    assert len(records) == len(obs)
    first = records[0]
    assert first["args_sha"] == obs[0].metadata["call"] and first["raw_sha256"] == obs[0].evidence["raw_sha256"]
    assert first["decisions"]["fold"]["kind"] == obs[0].dedup.kind.value
    assert records[3]["decisions"]["breaker"]["kind"] == "consecutive_errors"
    text = orjson.dumps(records).decode()
    assert SECRET not in text and "eu-west-1" not in text and "prod" not in text
    if obs[0].control.redactions:
        assert first["decisions"]["redaction"][0]["path"]


def test_audit_record_of_a_rejected_line_is_still_a_record():
    obs = Runner(Stages.default()).process(b"not json")
    record = audit_record(obs.observation)
    assert record["status"] == "error" and record["args_sha"] is None
