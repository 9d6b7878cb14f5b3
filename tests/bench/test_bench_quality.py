"""bench quality: the tables per file and the --worst debugging aid, on small hand-made records."""

from __future__ import annotations

import orjson

from bench.quality import COLUMNS, section, worst
from obsline.pipeline import Runner, Stages
from obsline.quality import load_records, measure

LINES = [orjson.dumps({"task_id": "t1", "step_id": i, "action_id": f"a{i}", "tool": "bash", "args": {},
                       "raw": raw, "kind": kind})
         for i, (raw, kind) in enumerate([("EXECUTION TIMED OUT", "sweagent-traj"),  # TIMEOUT; no hard reason
                                          ('{"id": "ORD-1234"}', "bfcl-exec")])]


def report():
    return measure(load_records(LINES), [p.observation for p in Runner(Stages.default()).run(LINES)])


def test_section_has_a_table_per_file_with_targets_kinds_and_shapes():
    text = section({"foreign": report()})
    assert "**foreign-dev" in text
    assert "| *target* |" in text and "≤ 80%" in text
    assert "kind `sweagent-traj`" in text and "shape `json`" in text
    header = next(line for line in text.splitlines() if line.startswith("| group |"))
    assert header.count("|") == len(COLUMNS) + 2


def test_worst_names_the_record_and_what_is_wrong():
    out = worst(report(), load_records(LINES), 5, "status")
    assert "== status: 1 records" in out
    assert "#0 t1 step 0 bash [sweagent-traj/" in out and "expected success, got error TIMEOUT" in out
