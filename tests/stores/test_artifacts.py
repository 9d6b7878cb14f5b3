"""The artifact store: byte-exact, paged, task-scoped, expiring; and ``obsline artifact get``."""

from __future__ import annotations

from pathlib import Path

import pytest

from obsline.cli import main
from obsline.core.errors import ArtifactError, ErrorCode
from obsline.core.ids import artifact_ref
from obsline.stores.artifacts import ArtifactStore

KEY = b"test-artifact-key"
TASK = "acme/retail/task0001"
REF = artifact_ref(TASK, 3, "call_7", KEY)  # signed: the capability an observation carries


@pytest.fixture(autouse=True)
def _artifact_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OBSLINE_ARTIFACT_KEY", KEY.decode())
RAW = b'{"k": "caf\xc3\xa9"}\r\n\x00\xff binary tail ' + bytes(range(256))


def _blobs(root: Path) -> list[Path]:
    return [p for p in (root / "blobs").rglob("*") if p.is_file()]


def test_put_get_is_byte_exact(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path)
    entry = store.put(REF, RAW)
    assert entry.size == len(RAW) and entry.task_id == TASK
    assert store.get(REF, task_id=TASK) == RAW
    assert ArtifactStore(tmp_path).get(REF, task_id=TASK) == RAW  # another reader, after flush on get


def test_reopened_store_reads_after_flush(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path)
    store.put(REF, RAW)
    store.flush()
    assert ArtifactStore(tmp_path).get(REF, task_id=TASK) == RAW


def test_same_bytes_are_stored_once(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path)
    store.put(REF, RAW)
    store.put(artifact_ref(TASK, 4, "call_8", KEY), RAW)
    assert len(_blobs(tmp_path)) == 1
    assert store.get(artifact_ref(TASK, 4, "call_8", KEY), task_id=TASK) == RAW


@pytest.mark.parametrize(("offset", "limit"), [(0, 10), (5, 7), (10, None), (len(RAW) - 3, 100), (len(RAW), 5)])
def test_offset_limit_paging(tmp_path: Path, offset: int, limit: int | None) -> None:
    store = ArtifactStore(tmp_path)
    store.put(REF, RAW)
    end = None if limit is None else offset + limit
    assert store.get(REF, task_id=TASK, offset=offset, limit=limit) == RAW[offset:end]


def test_pages_reassemble_the_whole(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path)
    store.put(REF, RAW)
    pages = [store.get(REF, task_id=TASK, offset=o, limit=64) for o in range(0, len(RAW), 64)]
    assert b"".join(pages) == RAW


def test_another_task_is_permission_denied(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path)
    store.put(REF, RAW)
    with pytest.raises(ArtifactError) as info:
        store.get(REF, task_id="acme/retail/task0002")
    assert info.value.code is ErrorCode.PERMISSION_DENIED
    with pytest.raises(ArtifactError) as info:
        store.get(REF, task_id="acme/retail")  # a prefix of the owner is not the owner
    assert info.value.code is ErrorCode.PERMISSION_DENIED


def test_unknown_ref_is_not_found_and_bad_ref_is_invalid(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path)
    with pytest.raises(ArtifactError) as info:
        store.get(REF, task_id=TASK)
    assert info.value.code is ErrorCode.NOT_FOUND
    with pytest.raises(ArtifactError) as info:
        store.get("http://example.com/x", task_id=TASK)
    assert info.value.code is ErrorCode.INVALID_ARGUMENT


def test_ttl_expiry_is_not_found_and_sweep_removes_the_blob(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path, ttl_seconds=60)
    store.put(REF, RAW, now=1000.0)
    keep = artifact_ref(TASK, 9, "call_9", KEY)
    store.put(keep, b"fresh", now=1100.0)
    assert store.get(REF, task_id=TASK, now=1059.0) == RAW
    with pytest.raises(ArtifactError) as info:
        store.get(REF, task_id=TASK, now=1061.0)
    assert info.value.code is ErrorCode.NOT_FOUND
    assert len(_blobs(tmp_path)) == 2
    assert store.sweep(now=1061.0) == 1
    assert len(_blobs(tmp_path)) == 1
    assert store.get(keep, task_id=TASK, now=1061.0) == b"fresh"
    with pytest.raises(ArtifactError) as info:
        ArtifactStore(tmp_path, ttl_seconds=60).get(REF, task_id=TASK, now=1061.0)
    assert info.value.code is ErrorCode.NOT_FOUND


def test_sweep_keeps_a_blob_still_used_by_a_live_entry(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path, ttl_seconds=60)
    store.put(REF, RAW, now=1000.0)
    live = artifact_ref(TASK, 9, "call_9", KEY)
    store.put(live, RAW, now=1100.0)
    assert store.sweep(now=1070.0) == 1
    assert store.get(live, task_id=TASK, now=1070.0) == RAW


def test_tampered_blob_fails_its_hash_check(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path)
    store.put(REF, RAW)
    [blob] = _blobs(tmp_path)
    blob.write_bytes(RAW + b"!")
    with pytest.raises(ArtifactError):
        store.get(REF, task_id=TASK)


# --- CLI ---------------------------------------------------------------------------------

def _stored(tmp_path: Path) -> Path:
    store = ArtifactStore(tmp_path / "art")
    store.put(REF, RAW)
    store.flush()
    return tmp_path / "art"


def test_cli_artifact_get_prints_exact_bytes(tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    root = _stored(tmp_path)
    assert main(["artifact", "get", REF, "--task", TASK, "--artifacts", str(root)]) == 0
    assert capsysbinary.readouterr().out == RAW


def test_cli_artifact_get_pages(tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    root = _stored(tmp_path)
    assert main(["artifact", "get", REF, "--task", TASK, "--artifacts", str(root), "--offset", "3",
                 "--limit", "9"]) == 0
    assert capsysbinary.readouterr().out == RAW[3:12]


def test_cli_artifact_get_wrong_task_exits_2(tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    root = _stored(tmp_path)
    assert main(["artifact", "get", REF, "--task", "someone/else", "--artifacts", str(root)]) == 2
    captured = capsysbinary.readouterr()
    assert captured.out == b""
    assert b"PERMISSION_DENIED" in captured.err


def test_cli_artifact_get_missing_exits_2(tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    root = _stored(tmp_path)
    assert main(["artifact", "get", artifact_ref(TASK, 3, "nope", KEY), "--task", TASK, "--artifacts", str(root)]) == 2
    assert b"NOT_FOUND" in capsysbinary.readouterr().err
