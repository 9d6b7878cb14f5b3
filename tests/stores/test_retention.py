"""Retention: TTLs per kind, tenant and task, stamped when written; the workers' sweeper deletes
what is past them on the local store and on the real S3 server, and counts what it holds."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from obsline.core.errors import ArtifactError, ErrorCode
from obsline.core.ids import artifact_ref
from obsline.sinks.metrics import PipelineMetrics
from obsline.stores.artifacts import ArtifactStore
from obsline.stores.objects import Objects, StoreError
from obsline.stores.retention import CLAIMS_TTL_SECONDS, DEFAULT_TTL_SECONDS, Count, Retention, Rule, duration
from obsline.stores.sweeper import SHARDS, Sweeper
from obsline.stores.vault import SecretError, SecretVault
from obsline.streams.claimcheck import ClaimStore
from obsline.streams.settings import Settings

KEY = b"retention-test-artifact-key-32b!"
VAULT_KEY = "0123456789abcdef0123456789abcdef"
POLICY = Retention.parse("artifacts=100s,vault=100s,claims=1000s,tenant:acme=1000s,task:ci-*=10s")


@pytest.fixture(autouse=True)
def _keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OBSLINE_ARTIFACT_KEY", KEY.decode())
    monkeypatch.setenv("OBSLINE_VAULT_KEY", VAULT_KEY)


@pytest.fixture(params=["local", pytest.param("s3", marks=pytest.mark.integration)])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "local":
        return str(tmp_path / "store")
    return str(request.getfixturevalue("s3_url"))


# ------------------------------------------------------------------ the policy
def test_the_policy_parses_kinds_and_rules_and_tenant_rules_win() -> None:
    assert Retention.parse("") == Retention(DEFAULT_TTL_SECONDS, DEFAULT_TTL_SECONDS, CLAIMS_TTL_SECONDS)
    assert POLICY.ttl("artifacts", "ci-7") == 10
    assert POLICY.ttl("artifacts", "ci-7", tenant="acme") == 1000  # tenant rules before task rules
    assert POLICY.ttl("vault", "other", tenant="globex") == 100
    assert POLICY.ttl("claims", "ci-7", tenant="acme") == 1000  # claims are shared: one TTL
    assert POLICY.longest("artifacts") == 1000 and POLICY.longest("claims") == 1000
    assert POLICY.rules[0] == Rule("tenant", "acme", 1000)
    assert [duration(d) for d in ("90", "90s", "15m", "2h", "7d", "0.5h")] == [90, 90, 900, 7200, 604800, 1800]


@pytest.mark.parametrize("spec", ["artifacts", "blobs=7d", "artifacts=-1d", "artifacts=7w", "tenant:=1d",
                                  "artifacts=0"])
def test_a_bad_policy_is_refused_with_its_item_named(spec: str) -> None:
    with pytest.raises(ValueError, match="OBSLINE_RETENTION"):
        Retention.parse(spec)
    with pytest.raises(ValueError, match="OBSLINE_RETENTION"):
        Settings(retention=spec)


# ------------------------------------------------------------ stamped TTLs
def test_a_raw_expires_by_its_task_and_tenant_rule(store_url: str) -> None:
    store = ArtifactStore(store_url, key=KEY, retention=POLICY)
    refs = {name: artifact_ref(task, 1, "a", KEY) for name, task in
            (("ci", "ci-1"), ("acme", "acme-1"), ("plain", "plain-1"))}
    store.put(refs["ci"], b"ci", now=1000.0)
    store.put(refs["acme"], b"acme", now=1000.0, tenant="acme")
    store.put(refs["plain"], b"plain", now=1000.0)
    store.flush()
    reader = ArtifactStore(store_url, key=KEY, retention=Retention())  # its own policy does not matter
    assert reader.read(refs["ci"].split("?")[0], now=1009.0) == b"ci"
    with pytest.raises(ArtifactError) as info:
        reader.read(refs["ci"].split("?")[0], now=1011.0)
    assert info.value.code is ErrorCode.NOT_FOUND
    assert reader.read(refs["plain"].split("?")[0], now=1099.0) == b"plain"
    assert reader.read(refs["acme"].split("?")[0], now=1999.0) == b"acme"
    assert store.sweep(now=1011.0) == 1  # the ci task's index object; the shared segment is held longer
    assert store.sweep(now=1101.0) == 1
    assert reader.read(refs["acme"].split("?")[0], now=1500.0) == b"acme"
    assert store.sweep(now=1000.0 + 1000 + 500 + 1) == 2  # acme's index, then the segment (1.5 x its TTL)
    assert Objects.open(store_url).list("segments/") == [] and Objects.open(store_url).list("index/") == []


def test_vault_entries_expire_by_their_rule_and_are_swept_unread(store_url: str) -> None:
    vault = SecretVault.beside(ArtifactStore(store_url, key=KEY, retention=POLICY))
    for task in ("ci-1", "plain-1"):
        vault.keep(task, {"d1": f"value-of-{task}"}, now=1000.0)
        vault.name(task, {"[secret:token-1]": "d1"}, now=1000.0)
    assert vault.resolve("ci-1", "token-1", now=1009.0) == "value-of-ci-1"
    with pytest.raises(SecretError):
        vault.resolve("ci-1", "token-1", now=1011.0)
    held, swept = vault.sweep(now=1011.0)
    assert (held.objects, swept.objects) == (2, 2)
    assert SecretVault.beside(store_url, POLICY).resolve("plain-1", "token-1", now=1050.0) == "value-of-plain-1"
    assert vault.sweep(now=1101.0)[1].objects == 2
    assert Objects.open(store_url).list("secrets/tasks/") == []


def test_claims_are_swept_by_age_and_rewritten_at_half_their_ttl(store_url: str) -> None:
    claims = ClaimStore(store_url, Retention(claims=1000))
    claim = claims.put(b"x" * 5000)
    written = Objects.open(store_url).list("claims/")
    assert [o.size for o in written] == [5000]
    assert claims.sweep(now=time.time() + 10)[1] == Count()
    claims._stored[claim["sha256"]] -= 600  # written here 600 s ago: half the TTL, so written again
    claims.put(b"x" * 5000)
    assert claims.bytes_written == 10_000
    held, swept = claims.sweep(now=time.time() + 1001)
    assert swept.objects == 1 and held.objects == 0
    assert Objects.open(store_url).list("claims/") == []


# --------------------------------------------------------------- the sweeper
def test_the_sweeper_goes_round_the_shards_counts_what_is_held_and_sweeps(store_url: str) -> None:
    store = ArtifactStore(store_url, key=KEY, retention=POLICY)
    vault = SecretVault.beside(store, POLICY)
    claims = ClaimStore(store.objects, POLICY)
    now = time.time()
    for i in range(20):
        task = f"ci-{i}" if i % 2 else f"plain-{i}"
        store.put(artifact_ref(task, 1, "a", KEY), b"raw %d" % i * 50, now=now)
        vault.keep(task, {"d": f"v{i}"}, now=now)
    store.flush()
    claims.put(b"c" * 2000)
    metrics = PipelineMetrics()
    sweeper = Sweeper(store, vault, claims, metrics, start=0)
    sweeper.cycle(now + 1)
    held = sweeper.holding()
    assert held["index"].objects == 20 and held["vault"].objects == 20 and held["claims"] == Count(1, 2000)
    assert held["segments"].objects == 1 and held["segments"].bytes == sum(len(b"raw %d" % i * 50) for i in range(20))
    assert set(sweeper.swept.values()) == {Count()}
    swept = sweeper.cycle(now + 11)  # the ci tasks' entries are past their 10 s
    assert swept["index"].objects == 10 and swept["vault"].objects == 10
    assert sweeper.holding()["index"].objects == 10
    text = metrics.render().decode()
    assert 'obsline_store_swept_objects_total{kind="index"} 10.0' in text
    assert 'obsline_store_objects{kind="index"} 10.0' in text and 'obsline_store_objects{kind="vault"} 10.0' in text
    assert 'obsline_store_bytes{kind="claims"} 2000.0' in text
    sweeper.cycle(now + 1000 + 500 + 2)  # everything, the segment last (held 1.5 x the longest TTL)
    assert {kind: n for kind, n in sweeper.holding().items() if n != Count()} == {}
    assert [o.key for o in Objects.open(store_url).list("") if "/" in o.key] == []


def test_a_tick_handles_one_shard(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path, key=KEY, retention=POLICY)
    sweeper = Sweeper(store, start=5)
    sweeper.tick(1.0)
    assert sweeper.turn == 6 and list(sweeper.held) == [("index", SHARDS[5])]


def test_a_failing_store_is_counted_and_the_sweep_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = ArtifactStore(tmp_path, key=KEY, retention=POLICY)
    vault = SecretVault.beside(store, POLICY)
    vault.keep("ci-1", {"d": "v"}, now=1.0)

    def refused(prefix: str) -> list[object]:
        raise StoreError(f"list {prefix}: refused")

    monkeypatch.setattr(store.objects, "folders", refused)  # the segment listing fails
    metrics = PipelineMetrics()
    swept = Sweeper(store, vault, metrics=metrics, start=int(vault._folder("ci-1").split("/")[2], 16)).tick(100.0)
    assert "obsline_store_errors_total 1.0" in metrics.render().decode()
    assert swept["vault"].objects == 1 and "segments" not in swept
