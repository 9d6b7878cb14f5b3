"""Golden tests on foreign-dev (tau2 telecom/mock, BFCL, SWE-agent results): issue 9's targets.

Hard tests hold today (floors: a change may only raise them); the issue's targets that do not
hold yet are ``xfail(strict=False)`` with the exact threshold, so they flip as the work lands.
"""

from __future__ import annotations

import orjson
import pytest

from obsline.pipeline import Runner, Stages
from obsline.quality import QualityReport, load_records, measure

pytestmark = pytest.mark.shared


def not_yet(reason: str) -> pytest.MarkDecorator:
    return pytest.mark.xfail(strict=False, reason=f"issue 9 target, not met yet: {reason}")


@pytest.fixture(scope="module")
def observations(foreign_dev_lines: list[bytes]):
    return [p.observation for p in Runner(Stages.default()).run(foreign_dev_lines)]


@pytest.fixture(scope="module")
def report(foreign_dev_lines: list[bytes], observations) -> QualityReport:
    return measure(load_records(foreign_dev_lines), observations)


def test_one_observation_per_record_same_ids_same_order(foreign_dev_lines, observations):
    assert len(foreign_dev_lines) == 1806
    assert len(observations) == len(foreign_dev_lines)
    for line, obs in zip(foreign_dev_lines, observations, strict=True):
        rec = orjson.loads(line)
        assert (obs.task_id, obs.step_id, obs.action_id, obs.tool) == (
            rec["task_id"], rec["step_id"], rec["action_id"], rec["tool"])


def test_every_kind_and_shape_is_reported(report):
    assert set(report.by_kind) == {"tau2-exec", "bfcl-exec", "sweagent-traj"}
    assert sum(t.records for t in report.by_shape.values()) == report.records == 1806


# -- floors (hold today) ------------------------------------------------------------------

def test_json_facts_stay_visible(report):
    assert report.facts > 6000
    assert report.fact_visibility >= 0.995, report.missing_facts[:10]


def test_model_visible_tokens_stay_at_most_96_percent_of_the_baseline(report):
    # Was 77% while file views were hidden as MALFORMED and long text cut; with every shape
    # shown in full it is 87.7% (shapes branch), and 95.7% once texts are no longer cut at
    # 4,000 characters (display budget: 14 results of up to 6,097 tokens shown whole, +12,300
    # tokens): the 80% target waits on text dedup (re-read file views) and fences.
    assert report.baseline_tokens > 150_000
    assert report.baseline_ratio <= 0.96, f"{report.baseline_ratio:.3f}"




def test_text_words_stay_at_least_todays_58_percent(report):
    assert report.words > 15_000
    assert report.word_visibility >= 0.58, report.missing_words[:10]


def test_status_floors_hold(report):
    assert report.status_hard >= 166
    assert report.status_hard_ok >= 144
    assert report.status_agreement >= 0.94


def test_decision_facts_stay_at_least_todays_98_percent(report):
    assert report.decision_facts > 500
    assert report.decision_visibility >= 0.98, report.missing_decisions[:10]


def test_longer_than_raw_stays_at_most_todays_34_percent(report):
    assert report.longer_share <= 0.34


# -- issue 9 targets not met yet ----------------------------------------------------------

def test_malformed_only_for_envelopes(report):
    assert report.malformed == 0


def test_text_words_visible_at_least_99_percent(report):
    assert report.word_visibility >= 0.99, report.missing_words[:10]


def test_every_hard_failure_is_an_error(report):
    assert report.status_hard_ok == report.status_hard


def test_status_agrees_on_at_least_99_percent(report):
    assert report.status_agreement >= 0.99


@not_yet("80%: needs text dedup of re-viewed files (aligner) and fences only where they belong")
def test_model_visible_tokens_are_at_most_80_percent_of_the_baseline(report):
    assert report.baseline_ratio <= 0.80, f"{report.baseline_ratio:.3f}"


@not_yet("fences on short JSON strings make short results longer than their raw")
def test_at_most_1_percent_of_observations_longer_than_raw_by_12_tokens(report):
    assert report.longer_share <= 0.01


def test_decision_facts_visible_at_least_99_5_percent(report):
    assert report.decision_visibility >= 0.995, report.missing_decisions[:10]


def test_no_value_crosses_tasks(report):
    assert report.leaks == 0, report.leak_examples
