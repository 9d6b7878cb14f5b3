"""The stores on a real S3-compatible server (SeaweedFS, tests/s3_server.py): what a fleet shares."""

from __future__ import annotations

import asyncio

import pytest

from obsline.core.errors import ArtifactError, ErrorCode
from obsline.core.ids import artifact_ref
from obsline.stores.artifacts import ArtifactStore
from obsline.stores.objects import Objects, StoreError
from obsline.stores.vault import SecretVault
from obsline.streams.claimcheck import ClaimStore

pytestmark = pytest.mark.integration

KEY = b"s3-test-artifact-key-32-bytes!!!"
TASK = "acme/retail/task0001"
RAW = b'{"k": "caf\xc3\xa9"}\r\n\x00\xff' + bytes(range(256)) * 40

VAULT_KEY = "0123456789abcdef0123456789abcdef"


def test_objects_put_get_range_list_delete(s3_url: str) -> None:
    objects = Objects.open(s3_url)
    objects.put("a/b", b"hello world")
    assert objects.get("a/b") == b"hello world" and objects.get("a/none") is None
    assert objects.get_range("a/b", 6, 5) == b"world"
    objects.put_many({f"m/{i}": b"%d" % i for i in range(40)})
    asyncio.run(objects.put_many_async({f"n/{i}": b"%d" % i for i in range(40)}))
    assert len(objects.list("m/")) == 40 and len(objects.list("n/")) == 40
    objects.delete([f"m/{i}" for i in range(40)])
    assert objects.list("m/") == []


def test_artifacts_written_by_one_worker_are_read_by_another(s3_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OBSLINE_VAULT_KEY", VAULT_KEY)  # a read scrubs with the task's vault, kept encrypted there
    one, two = ArtifactStore(s3_url, key=KEY), ArtifactStore(s3_url, key=KEY)
    refs = [artifact_ref(TASK, i, f"call_{i}", KEY) for i in range(50)]
    for i, ref in enumerate(refs):
        one.put(ref, RAW + b"%d" % i)
    asyncio.run(one.flush_async())
    assert [two.get(ref, task_id=TASK) for ref in refs] == [RAW + b"%d" % i for i in range(50)]
    assert two.get(refs[3], task_id=TASK, offset=10, limit=20) == (RAW + b"3")[10:30]
    with pytest.raises(ArtifactError) as info:
        two.get(refs[0], task_id="acme/retail/task0002")
    assert info.value.code is ErrorCode.PERMISSION_DENIED


def test_the_signing_key_is_shared_through_the_store(s3_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OBSLINE_ARTIFACT_KEY", raising=False)
    assert ArtifactStore(s3_url).key == ArtifactStore(s3_url).key


def test_sweep_on_s3(s3_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OBSLINE_VAULT_KEY", VAULT_KEY)
    store = ArtifactStore(s3_url, ttl_seconds=60, key=KEY)
    old, new = artifact_ref(TASK, 1, "a", KEY), artifact_ref(TASK, 2, "b", KEY)
    store.put(old, b"old", now=1000.0)
    store.flush()
    store.put(new, b"new", now=1100.0)
    store.flush()
    assert store.sweep(now=1061.0) == 1
    reader = ArtifactStore(s3_url, ttl_seconds=60, key=KEY)
    with pytest.raises(ArtifactError):
        reader.get(old, task_id=TASK, now=1061.0)
    assert reader.get(new, task_id=TASK, now=1061.0) == b"new"


def test_claims_and_the_vault_on_s3(s3_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    claim = ClaimStore(s3_url).put(RAW)
    assert ClaimStore(s3_url).get(claim) == RAW
    monkeypatch.setenv("OBSLINE_VAULT_KEY", VAULT_KEY)
    SecretVault.beside(s3_url).keep("t", {"d1": "hunter2-secret"})
    SecretVault.beside(s3_url).name("t", {"[secret:password-1]": "d1"})
    assert SecretVault.beside(s3_url).resolve("t", "password-1") == "hunter2-secret"
    objects = Objects.open(s3_url)
    assert all(b"hunter2" not in (objects.get(o.key) or b"") for o in objects.list("secrets/"))


def test_an_unreachable_store_raises_a_store_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ENDPOINT_URL", "http://127.0.0.1:9")  # nothing listens on the discard port
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "x")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "y")
    store = ArtifactStore(Objects.open("s3://nowhere/p"), key=KEY)
    store.put(artifact_ref(TASK, 1, "a", KEY), b"x")
    with pytest.raises(StoreError):
        store.flush()
    assert store._rows  # nothing staged was dropped: the next flush writes it
