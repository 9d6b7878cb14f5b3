"""The secret corpus through the real pipeline: every secret hidden, every look-alike shown."""

from __future__ import annotations

import pytest

from obsline.pipeline import Runner, Stages
from tests.adapters.secret_corpus import LOOKALIKES, SECRETS, measure, run_case


@pytest.fixture(scope="module")
def runner() -> Runner:
    return Runner(Stages.default())


def test_the_corpus_has_at_least_50_secret_forms_and_50_lookalikes() -> None:
    assert len(SECRETS) >= 50 and len(LOOKALIKES) >= 50
    assert len({c.name for c in SECRETS + LOOKALIKES}) == len(SECRETS) + len(LOOKALIKES)


@pytest.mark.parametrize("case", SECRETS, ids=lambda c: c.name)
def test_secret_form_never_reaches_the_model(runner: Runner, case) -> None:
    seen = run_case(runner, SECRETS.index(case), case)
    assert case.value not in seen
    assert "[secret:" in seen  # shown as a handle, not dropped


@pytest.mark.parametrize("case", LOOKALIKES, ids=lambda c: c.name)
def test_lookalike_stays_visible(runner: Runner, case) -> None:
    seen = run_case(runner, 1000 + LOOKALIKES.index(case), case)
    assert case.value in seen
    assert "[secret:" not in seen


def test_measure_reports_all_hidden_and_all_shown() -> None:
    report = measure()
    assert (report.hidden_rate, report.shown_rate) == (1.0, 1.0), (report.leaked, report.over_hidden)
