"""bench.s3_server.environ: the S3 credentials a block sets are put back as they were after it."""

from __future__ import annotations

import os

import pytest

from bench.s3_server import environ


def test_environ_sets_then_restores_set_and_unset_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OBSLINE_T_SET", "before")
    monkeypatch.delenv("OBSLINE_T_UNSET", raising=False)
    with environ({"OBSLINE_T_SET": "inside", "OBSLINE_T_UNSET": "inside"}):
        assert os.environ["OBSLINE_T_SET"] == "inside"
        assert os.environ["OBSLINE_T_UNSET"] == "inside"
    assert os.environ["OBSLINE_T_SET"] == "before"
    assert "OBSLINE_T_UNSET" not in os.environ


def test_environ_restores_after_an_exception(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OBSLINE_T_UNSET", raising=False)
    with pytest.raises(KeyError), environ({"OBSLINE_T_UNSET": "inside"}):
        raise KeyError("x")
    assert "OBSLINE_T_UNSET" not in os.environ
