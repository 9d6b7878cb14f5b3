"""Worker settings: the display budget from flag, environment and default."""

from __future__ import annotations

import argparse

import pytest

from obsline.core.tokens import DEFAULT_BUDGET_TOKENS
from obsline.streams.settings import Settings


def test_budget_defaults_and_reaches_the_stages() -> None:
    assert Settings.from_env({}).budget_tokens == DEFAULT_BUDGET_TOKENS
    settings = Settings.from_env({"OBSLINE_BUDGET_TOKENS": "3000"})
    assert settings.budget_tokens == 3000
    assert settings.stages().budget_tokens == 3000


def test_budget_flag_beats_the_environment() -> None:
    parser = argparse.ArgumentParser()
    Settings.add_arguments(parser, env={})
    ns = parser.parse_args(["--budget-tokens", "1200"])
    assert Settings.from_args(ns, env={"OBSLINE_BUDGET_TOKENS": "3000"}).budget_tokens == 1200


@pytest.mark.parametrize("bad", ["0", "abc", "12.5", "-400"])
def test_bad_budgets_are_rejected_by_env_and_flag(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="OBSLINE_BUDGET_TOKENS: a display budget"):
        Settings.from_env({"OBSLINE_BUDGET_TOKENS": bad})
    parser = argparse.ArgumentParser()
    Settings.add_arguments(parser, env={})
    with pytest.raises(SystemExit):
        parser.parse_args(["--budget-tokens", bad])
    assert "display budget" in capsys.readouterr().err


def test_faust_with_exactly_once_is_refused_unless_asked_for(monkeypatch):
    monkeypatch.delenv("OBSLINE_UNSAFE_FAUST_EXACTLY_ONCE", raising=False)
    with pytest.raises(ValueError, match="faust-streaming #517"):
        Settings(engine="faust", processing_guarantee="exactly_once")
    Settings(engine="batch", processing_guarantee="exactly_once")  # the engine that holds it
    Settings(engine="faust", processing_guarantee="at_least_once")
    monkeypatch.setenv("OBSLINE_UNSAFE_FAUST_EXACTLY_ONCE", "1")
    Settings(engine="faust", processing_guarantee="exactly_once")
