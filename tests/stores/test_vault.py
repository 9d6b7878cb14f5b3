"""stores/vault.py: task-scoped values, encrypted at rest, keys, expiry."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from obstore.store import MemoryStore

from obsline.core.errors import ArtifactError
from obsline.stores.objects import Objects
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


def _objects(root: Path) -> list[Path]:
    return [p for p in (root / "tasks").rglob("*") if p.is_file()]


def test_values_are_encrypted_at_rest_and_written_once(tmp_path: Path) -> None:
    vault = SecretVault(tmp_path)
    assert vault.keep("a", {"d1": "sk-live-4f9a8b7c6d5e"}) == 1
    assert vault.keep("a", {"d1": "sk-live-4f9a8b7c6d5e"}) == 0
    (path,) = _objects(tmp_path)
    assert b"sk-live" not in path.read_bytes() and b"d1" not in path.read_bytes()
    assert stat.S_IMODE((tmp_path / "vault.key").stat().st_mode) == 0o600


def test_another_key_reads_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OBSLINE_VAULT_KEY", "k" * 32)
    SecretVault(tmp_path).keep("a", {"d1": "v1"})
    SecretVault(tmp_path).name("a", {"[secret:token-1]": "d1"})
    assert SecretVault(tmp_path).resolve("a", "token-1") == "v1"
    monkeypatch.setenv("OBSLINE_VAULT_KEY", "another-key-of-32-bytes-or-more!")
    assert SecretVault(tmp_path).handles("a") == {}


def test_the_key_comes_from_a_key_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "k").write_text("0123456789abcdef0123456789abcdef\n")
    monkeypatch.setenv("OBSLINE_VAULT_KEY_FILE", str(tmp_path / "k"))
    SecretVault(tmp_path / "v").keep("a", {"d1": "v1"})
    SecretVault(tmp_path / "v").name("a", {"[secret:token-1]": "d1"})
    assert not (tmp_path / "v" / "vault.key").exists()
    monkeypatch.setenv("OBSLINE_VAULT_KEY", "0123456789abcdef0123456789abcdef")
    monkeypatch.delenv("OBSLINE_VAULT_KEY_FILE")
    assert SecretVault(tmp_path / "v").resolve("a", "token-1") == "v1"  # the same key, from the environment


def test_a_remote_store_without_a_key_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OBSLINE_VAULT_KEY", raising=False)
    monkeypatch.delenv("OBSLINE_VAULT_KEY_FILE", raising=False)
    with pytest.raises(ArtifactError, match="OBSLINE_VAULT_KEY"):
        SecretVault(Objects(MemoryStore(), "s3://elsewhere/p"))


def test_a_weak_key_is_warned_about(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("OBSLINE_VAULT_KEY", "changeme")
    SecretVault(tmp_path)
    assert "OBSLINE_VAULT_KEY is weak" in caplog.text


def test_expired_entries_are_not_served(tmp_path: Path) -> None:
    vault = SecretVault(tmp_path, ttl_seconds=10)
    vault.keep("a", {"d1": "v1"}, now=100.0)
    vault.name("a", {"[secret:token-1]": "d1"}, now=100.0)
    assert vault.resolve("a", "token-1", now=105.0) == "v1"
    with pytest.raises(SecretError):
        vault.resolve("a", "token-1", now=200.0)


def test_an_object_moved_to_another_task_does_not_decrypt(tmp_path: Path) -> None:
    vault = SecretVault(tmp_path)
    vault.keep("a", {"d1": "v1"})
    vault.name("a", {"[secret:token-1]": "d1"})
    vault.name("b", {"[secret:token-1]": "d1"})
    for path in _objects(tmp_path):
        if path.parent.name != vault._folder("b").split("/")[-2]:
            path.rename(tmp_path / "tasks" / vault._folder("b").split("/", 1)[1] / path.name)
    assert SecretVault(tmp_path).handles("b") == {}
