"""The measures of obsline.quality on small hand-made records (real pipeline observations,
with the text replaced where a test needs a loss the pipeline would not make)."""

from __future__ import annotations

import dataclasses
from typing import Any

import orjson
import pytest

from obsline.core.models import Dedup, DedupKind, Observation
from obsline.pipeline import Runner, Stages
from obsline.quality import (
    EDGE_LINES,
    exit_code,
    expected_failure,
    hidden_as_secret,
    measure,
    parse_json,
    text_words,
)


def rec(raw: str, step: int = 0, task: str = "t1", tool: str = "bash", **extra: Any) -> dict[str, Any]:
    return {"task_id": task, "step_id": step, "action_id": f"a{step}", "tool": tool, "args": {}, "raw": raw, **extra}


def replay(records: list[dict[str, Any]]) -> list[Observation]:
    return [p.observation for p in Runner(Stages.default()).run([orjson.dumps(r) for r in records])]


def with_text(obs: Observation, text: str, refs: list[int] | None = None, number: int | None = None) -> Observation:
    dedup = Dedup(kind=DedupKind.NEVER, refs=refs or [], number=number)
    return dataclasses.replace(obs, text=text, dedup=dedup)


# -- words --------------------------------------------------------------------------------

def test_words_are_runs_of_four_starting_with_a_letter_or_digit_without_trailing_dot_or_colon():
    words = text_words("Mode: ON. see /usr/lib/x.py, id=AB12 ok -flag 2.0. 1234", raw_tokens=10)
    assert words == {"Mode", "usr/lib/x.py", "AB12", "flag", "1234"}


def test_over_the_budget_only_the_first_and_last_lines_count():
    lines = [f"line{i:04d}" for i in range(100)]
    words = text_words("\n".join(lines), raw_tokens=9_000, budget_tokens=8_000)
    assert words == set(lines[:EDGE_LINES] + lines[-EDGE_LINES:])
    assert len(text_words("\n".join(lines), raw_tokens=7_000, budget_tokens=8_000)) == 100


def test_a_missing_word_counts_against_visibility():
    obs = replay([rec("found alpha_one and beta_two")])
    report = measure([rec("found alpha_one and beta_two")], [with_text(obs[0], "found alpha_one")])
    assert (report.words, report.words_visible) == (3, 2)
    assert report.missing_words == [("t1", 0, "beta_two")]
    assert report.by_shape[obs[0].metadata["shape"]].words == 3


def test_a_word_shown_by_a_referenced_earlier_observation_is_visible():
    records = [rec("value beta_two", step=0), rec("value beta_two", step=1)]
    obs = replay(records)
    first = with_text(obs[0], "#1 value beta_two", number=1)  # refs name observations by number (#N)
    pointed = measure(records, [first, with_text(obs[1], "same as #1", refs=[1])])
    unpointed = measure(records, [first, with_text(obs[1], "same as #1")])
    assert pointed.words_visible == 4
    assert unpointed.words_visible == 2


def test_a_letters_only_word_may_change_case_but_an_id_may_not():
    records = [rec("Error: order ab12cd")]
    obs = replay(records)
    report = measure(records, [with_text(obs[0], "error NOT_FOUND: order AB12CD")])
    assert report.missing_words == [("t1", 0, "ab12cd")]


def test_a_hidden_secret_is_counted_apart_not_as_missing():
    key = "AKIA" + "ABCDEFGHIJKLMNOP"
    records = [rec(f"key {key} here"), rec('{"password": "hunter2222", "order": "ORD-1"}', step=1, tool="t")]
    obs = replay(records)
    report = measure(records, [with_text(obs[0], "key [REDACTED] here"), with_text(obs[1], "order ORD-1")])
    assert report.secrets == 2
    assert (report.words, report.words_visible) == (1, 1)
    assert (report.facts, report.facts_visible) == (1, 1)
    assert hidden_as_secret(key) and hidden_as_secret("x", key="password") and not hidden_as_secret("ORD-1")


# -- JSON facts, tokens -------------------------------------------------------------------

def test_json_facts_missing_from_the_text_are_counted():
    records = [rec('{"id": "ORD-1234", "total": 12.5, "ok": true}', tool="lookup")]
    obs = replay(records)
    assert measure(records, obs).fact_visibility == 1.0
    report = measure(records, [with_text(obs[0], "id ORD-1234")])
    assert (report.facts, report.facts_visible) == (2, 1)
    assert report.missing_facts == [("t1", 0, "12.5")]


def test_the_baseline_is_minified_json_and_the_raw_text_otherwise():
    pretty = '{\n    "id":   "ORD-1234",\n    "items": [1, 2, 3]\n}'
    records = [rec(pretty, tool="lookup"), rec("plain text output here", step=1)]
    report = measure(records, replay(records))
    first, second = report.measures
    assert first.baseline_tokens < first.raw_tokens
    assert second.baseline_tokens == second.raw_tokens
    assert parse_json("plain") is not parse_json('"plain"')


def test_an_observation_more_than_12_tokens_over_its_raw_is_longer():
    records = [rec("short output text")]
    obs = replay(records)
    assert measure(records, [with_text(obs[0], "short output text")]).longer == 0
    assert measure(records, [with_text(obs[0], "short output text " + "padding " * 20)]).longer == 1


# -- status -------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "code"), [
    ("<returncode>1</returncode><output>boom</output>", 1),
    ("ran tests\nFAILED\nExit status: 2", 2),
    ("exit code 0\nall good", 0),
    ("Command exited with code 3", 3),
    ("no code here", None),
])
def test_exit_code_is_read_from_wrappers_and_edge_lines(text, code):
    assert exit_code(text) == code


def test_an_exit_phrase_inside_a_long_file_view_is_not_an_exit_code():
    view = "\n".join(["1: import sys", "2: x = 1", "3: # exit code 1 means failure", "4: y = 2", "5: z = 3",
                      "6: w = 4", "7: end"])
    assert exit_code(view) is None


@pytest.mark.parametrize(("record", "reason"), [
    (rec("fine", error=True), "flag"),
    (rec("Error. App 'x' not found.", error=False), "error_text"),
    (rec("Error during execution: boom"), "error_text"),
    (rec("<returncode>1</returncode>"), "exit_code"),
    (rec("{'error': 'No such file'}"), "error_object"),
    (rec('{"error": {"message": "nope"}}'), "error_object"),
    (rec('{"error": null, "result": 1}'), None),
    (rec("{'error': None}"), None),
    (rec("Airplane Mode: ON", error=False), None),
])
def test_expected_failure_follows_flag_exit_code_error_text_and_error_object(record, reason):
    assert expected_failure(record, parse_json(record["raw"])) == reason


def test_status_hard_counts_only_hard_reasons_and_agreement_counts_every_record():
    records = [rec("Error: no such order", step=0, error=False), rec("{'error': 'x'}", step=1),
               rec("all fine here", step=2)]
    obs = replay(records)
    report = measure(records, obs)
    assert report.status_hard == 1
    assert report.records == 3
    agreeing = sum(m.status_agree for m in report.measures)
    assert report.status_agreement == agreeing / 3


# -- decisions, leaks, groups -------------------------------------------------------------

def test_decision_fact_not_shown_earlier_is_missing():
    records = [rec('{"code": "RMS7"}', step=0, tool="list"),
               {**rec('{"ok": 1}', step=1, tool="book"), "args": {"airport": "RMS7"}}]
    obs = replay(records)
    assert measure(records, obs).decision_visibility == 1.0
    report = measure(records, [with_text(obs[0], "hidden"), obs[1]])
    assert (report.decision_facts, report.decision_visible) == (1, 0)


def test_a_value_of_another_task_in_a_text_is_a_leak():
    records = [rec("order ORD-9999", task="a"), rec("order ORD-1111", task="b")]
    obs = replay(records)
    assert measure(records, obs).leaks == 0
    assert measure(records, [obs[0], with_text(obs[1], "order ORD-9999")]).leaks == 1


def test_records_are_tallied_per_kind():
    records = [rec("aaaa bbbb", kind="x"), rec("cccc dddd", step=1, kind="y"), rec("eeee", step=2, kind="y")]
    report = measure(records, replay(records))
    assert {k: t.records for k, t in report.by_kind.items()} == {"x": 1, "y": 2}
    assert report.by_kind["y"].words == 3


def test_measure_refuses_mismatched_lengths():
    with pytest.raises(ValueError):
        measure([rec("a")], [])


# -- text inside JSON -------------------------------------------------------------------------

def test_a_json_string_of_many_lines_is_measured_by_its_words_not_as_one_fact():
    stdout = "\n".join(f"-rw-r--r-- 1 root root {n}00 file_{n}.py" for n in range(6))
    records = [rec(orjson.dumps({"stdout": stdout, "stderr": "", "exit_code": 0}).decode())]
    [obs] = replay(records)
    # the lines shown, but no longer as the one verbatim string: every word still visible
    shown = with_text(obs, "#1 stdout:\n" + "\n".join("  " + line for line in stdout.splitlines()))
    tally = measure(records, [shown]).overall
    assert tally.words == len(text_words(stdout, 100)) and tally.words_visible == tally.words
    assert tally.facts == 1  # exit_code alone: the stdout is words now, not one fact
    lost = with_text(obs, "#1 stdout:\n" + "\n".join("  " + line for line in stdout.splitlines()[:3]))
    assert measure(records, [lost]).overall.words_visible < tally.words
