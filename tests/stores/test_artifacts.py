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


def _segments(root: Path) -> list[Path]:
    return [p for p in (root / "segments").rglob("*") if p.is_file()]


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
    store.flush()
    store.put(artifact_ref(TASK, 5, "call_9", KEY), RAW)  # a later flush points into the first segment
    store.flush()
    assert [p.stat().st_size for p in _segments(tmp_path)] == [len(RAW)]
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
    store.flush()
    keep = artifact_ref(TASK, 9, "call_9", KEY)
    store.put(keep, b"fresh", now=1100.0)
    store.flush()
    assert store.get(REF, task_id=TASK, now=1059.0) == RAW
    with pytest.raises(ArtifactError) as info:
        store.get(REF, task_id=TASK, now=1061.0)
    assert info.value.code is ErrorCode.NOT_FOUND
    assert store.sweep(now=1061.0) == 1  # the first flush's index object: its one entry expired at 1060
    assert store.get(keep, task_id=TASK, now=1061.0) == b"fresh"
    with pytest.raises(ArtifactError) as info:
        ArtifactStore(tmp_path, ttl_seconds=60).get(REF, task_id=TASK, now=1061.0)
    assert info.value.code is ErrorCode.NOT_FOUND
    assert len(_segments(tmp_path)) == 2
    assert store.sweep(now=1091.0) == 1  # the first segment, held half a TTL past its entry's expiry
    assert len(_segments(tmp_path)) == 1
    assert store.sweep(now=1100.0 + 91) == 2  # the second index object and segment
    assert _segments(tmp_path) == []
    assert store.sweep(now=1100.0 + 91) == 0


def test_stored_bytes_are_reused_only_while_their_segment_outlives_the_new_entry(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path, ttl_seconds=60)
    store.put(REF, RAW, now=1000.0)
    store.flush()  # the segment is held until 1000 + 60 + 30
    live = artifact_ref(TASK, 9, "call_9", KEY)
    store.put(live, RAW, now=1020.0)  # expires 1080: the stored bytes serve it
    store.flush()
    assert len(_segments(tmp_path)) == 1
    later = artifact_ref(TASK, 10, "call_10", KEY)
    store.put(later, RAW, now=1050.0)  # expires 1110, past the segment's hold: stored again
    store.flush()
    assert len(_segments(tmp_path)) == 2
    assert store.sweep(now=1070.0) == 1
    assert store.get(live, task_id=TASK, now=1070.0) == RAW
    assert store.sweep(now=1095.0) == 2  # the second index object (1080) and the first segment (1090)
    assert store.get(later, task_id=TASK, now=1095.0) == RAW


def test_tampered_blob_fails_its_hash_check(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path)
    store.put(REF, RAW)
    store.flush()
    [segment] = _segments(tmp_path)
    segment.write_bytes(b"!" + RAW[1:])
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


def test_cli_artifact_get_on_a_missing_folder_creates_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("OBSLINE_ARTIFACT_KEY")
    missing = tmp_path / "typo"
    assert main(["artifact", "get", REF, "--task", TASK, "--artifacts", str(missing)]) == 2
    assert "error NOT_FOUND" in capsys.readouterr().err
    assert not missing.exists()


def test_a_weak_artifact_key_is_warned_about(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             caplog: pytest.LogCaptureFixture) -> None:
    for weak in ("x", "changeme"):
        monkeypatch.setenv("OBSLINE_ARTIFACT_KEY", weak)
        caplog.clear()
        ArtifactStore(tmp_path)
        assert "OBSLINE_ARTIFACT_KEY is weak" in caplog.text
    monkeypatch.setenv("OBSLINE_ARTIFACT_KEY", "0f" * 16)
    caplog.clear()
    ArtifactStore(tmp_path)
    assert "weak" not in caplog.text


def test_writers_sharing_a_store_read_each_other(tmp_path: Path) -> None:
    one, two = ArtifactStore(tmp_path), ArtifactStore(tmp_path)
    other = artifact_ref(TASK, 4, "call_8", KEY)
    one.put(REF, RAW)
    one.flush()
    two.put(other, b"two")
    two.flush()
    assert one.get(other, task_id=TASK) == b"two" and two.get(REF, task_id=TASK) == RAW


def test_nothing_is_written_before_flush(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path)
    store.put(REF, RAW)
    assert not (tmp_path / "index").exists() and not (tmp_path / "segments").exists()
    store.flush()
    assert ArtifactStore(tmp_path).get(REF, task_id=TASK) == RAW


def test_a_failed_flush_retried_after_more_puts_keeps_every_reference(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path)
    (tmp_path / "segments").write_bytes(b"in the way")  # the store refuses the segment
    store.put(REF, RAW)
    with pytest.raises(ArtifactError):
        store.flush()
    later = artifact_ref(TASK, 4, "call_8", KEY)
    store.put(later, b"more")  # staged meanwhile
    with pytest.raises(ArtifactError):
        store.flush()
    (tmp_path / "segments").unlink()
    store.flush()
    reader = ArtifactStore(tmp_path)
    assert reader.get(REF, task_id=TASK) == RAW and reader.get(later, task_id=TASK) == b"more"
