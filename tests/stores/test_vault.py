"""sinks/vault.py: task-scoped values, owner-only files, expiry, torn lines."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from obsline.stores.vault import SecretError, SecretVault


def test_a_handle_resolves_only_in_its_task(tmp_path: Path) -> None:
    vault = SecretVault(tmp_path)
    vault.keep("a", {"d1": "v1"})
    vault.name("a", {"[secret:token-1]": "d1"})
    assert vault.resolve("a", "token-1") == "v1"
    with pytest.raises(SecretError):
        vault.resolve("b", "token-1")


def test_a_handle_without_its_value_does_not_resolve(tmp_path: Path) -> None:
    vault = SecretVault(tmp_path)
    vault.name("a", {"[secret:token-1]": "d1"})
    assert vault.handles("a") == {}


def test_values_written_by_one_process_are_read_by_another(tmp_path: Path) -> None:
    SecretVault(tmp_path).keep("a", {"d1": "v1"})  # e.g. the raw agent
    SecretVault(tmp_path).name("a", {"[secret:token-1]": "d1"})  # the snapshots agent
    assert SecretVault(tmp_path).resolve("a", "[secret:token-1]") == "v1"


def test_files_are_owner_only_and_written_once_per_value(tmp_path: Path) -> None:
    vault = SecretVault(tmp_path)
    assert vault.keep("a", {"d1": "v1"}) == 1
    assert vault.keep("a", {"d1": "v1"}) == 0
    (path,) = (tmp_path / "tasks").rglob("*.jsonl")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(path.read_bytes().splitlines()) == 1


def test_expired_entries_are_not_served(tmp_path: Path) -> None:
    vault = SecretVault(tmp_path, ttl_seconds=10)
    vault.keep("a", {"d1": "v1"}, now=100.0)
    vault.name("a", {"[secret:token-1]": "d1"}, now=100.0)
    assert vault.resolve("a", "token-1", now=105.0) == "v1"
    with pytest.raises(SecretError):
        vault.resolve("a", "token-1", now=200.0)


def test_a_torn_last_line_loses_nothing_before_it(tmp_path: Path) -> None:
    vault = SecretVault(tmp_path)
    vault.keep("a", {"d1": "v1"})
    vault.name("a", {"[secret:token-1]": "d1"})
    (path,) = (tmp_path / "tasks").rglob("*.jsonl")
    with path.open("ab") as fh:
        fh.write(b'{"d": "d2", "v": "trunc')
    assert SecretVault(tmp_path).resolve("a", "token-1") == "v1"
