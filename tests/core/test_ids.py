"""No id can address another task's data: artifact refs, state rows, UTF-8, capabilities.

Each attack of issue 11 is one test here; each failed on the code before ``obsline/ids.py``.
"""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from obsline.cli import main
from obsline.core.errors import ArtifactError, ErrorCode
from obsline.core.ids import artifact_ref, parse_ref, sign_ref, unsigned
from obsline.pipeline import Runner, Stages
from obsline.stores.artifacts import ArtifactStore
from obsline.streams.changelog import rows_of
from obsline.streams.state import TaskState, decode_part, delete_tasks, row_key, task_prefix

KEY = b"test-artifact-key"
ODD_IDS = ["shop/T", "a\x1fb", "nul\x00id", "pct%2Fx", "x" * 10_000, "ü/ß?#&=", "..", "a b"]


def _line(task: str, step: int, action: str, raw: object) -> bytes:
    return orjson.dumps({"task_id": task, "step_id": step, "action_id": action, "tool": "get_user_details",
                         "raw": raw})


def _replayed(lines: list[bytes], store: ArtifactStore) -> list:
    out = list(Runner(Stages.default(artifact_key=store.key)).run(lines))
    for p in out:
        if p.raw_bytes is not None:
            store.put(p.observation.evidence["artifact"], p.raw_bytes)
    return out


def test_a_task_whose_id_spells_another_tasks_ref_reads_only_its_own_raw(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path, key=KEY)
    first, second = _replayed([_line("shop/T", 3, "0/call", {"email": "victim@x.io"}),
                               _line("shop/T/3", 0, "call", {"email": "attacker@x.io"})], store)
    assert first.observation.evidence["artifact"] != second.observation.evidence["artifact"]
    assert b"attacker" in store.get(second.observation.evidence["artifact"])
    assert b"victim" in store.get(first.observation.evidence["artifact"])


@pytest.mark.parametrize("task", ODD_IDS)
@pytest.mark.parametrize("action", ["call/1", "a\x1f\x00", "%41", "y" * 10_000])
def test_any_id_round_trips_through_its_ref_and_the_store(tmp_path: Path, task: str, action: str) -> None:
    ref = artifact_ref(task, 7, action, KEY)
    assert parse_ref(ref) == (task, 7, action)
    store = ArtifactStore(tmp_path, key=KEY)
    store.put(ref, b"raw of " + task.encode()[:20])
    assert store.get(ref) == b"raw of " + task.encode()[:20]


def test_an_action_id_with_a_slash_does_not_abort_replay(tmp_path: Path, capsysbinary) -> None:
    src = tmp_path / "in.jsonl"
    src.write_bytes(_line("t", 0, "a/b", {"name": "N"}) + b"\n" + _line("t", 1, "c", {"name": "M"}) + b"\n")
    out, art = tmp_path / "out.jsonl", tmp_path / "art"
    assert main(["replay", str(src), "--out", str(out), "--artifacts", str(art)]) == 0
    [first, _] = [orjson.loads(line) for line in out.read_bytes().splitlines()]
    capsysbinary.readouterr()
    assert main(["artifact", "get", first["evidence"]["artifact"], "--artifacts", str(art)]) == 0
    assert orjson.loads(capsysbinary.readouterr().out) == {"name": "N"}


def test_a_task_id_holding_the_row_separator_never_deletes_another_tasks_rows() -> None:
    table: dict[bytes, bytes] = {}
    victim = TaskState(table, "a", ("baselines", "shown"))
    victim["baselines"]["user:1"] = {"email": "v@x.io"}
    victim.flush()
    attacker = TaskState(table, "a\x1fbaselines", ("baselines",))
    attacker["baselines"]["k"] = 1
    attacker.flush()
    assert delete_tasks(table, {"a\x1fbaselines"}) == 1
    assert TaskState(table, "a", ("baselines",))["baselines"].get("user:1") == {"email": "v@x.io"}
    assert rows_of({"a\x1fbaselines"}, table) == []  # the batch engine's expiry: same prefixes


@pytest.mark.parametrize("task", ODD_IDS)
def test_row_keys_have_three_parts_and_decode_to_their_task(task: str) -> None:
    key = row_key(task, "baselines", "user/\x1f1")
    parts = key.split(b"\x1f")
    assert len(parts) == 3 and decode_part(parts[0]) == task and decode_part(parts[2]) == "user/\x1f1"
    assert key.startswith(task_prefix(task))
    assert not any(row_key(other, "s").startswith(task_prefix(task)) for other in ODD_IDS if other != task)


def test_invalid_utf8_task_ids_are_malformed_never_merged() -> None:
    lines = [b'{"task_id": "t\xff", "step_id": 0, "action_id": "a", "tool": "get_user_details", '
             b'"raw": {"user_id": "u1", "email": "one@x.io"}}',
             b'{"task_id": "t\xfe", "step_id": 0, "action_id": "a", "tool": "get_user_details", '
             b'"raw": {"user_id": "u1", "email": "two@x.io"}}']
    out = list(Runner(Stages.default()).run(lines))
    for p in out:
        assert p.rejected is not None and p.observation.error.code is ErrorCode.MALFORMED
        assert any(problem.startswith("task_id: not valid UTF-8") for problem in p.rejected.problems)
        assert p.observation.task_id == ""  # not "t\ufffd": that task never sees the other's email
        assert "@x.io" not in p.observation.text


def test_reading_an_artifact_needs_the_signed_ref_an_observation_carried(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path, key=KEY)
    [mine] = _replayed([_line("victim", 0, "c", {"email": "v@x.io"})], store)
    ref = mine.observation.evidence["artifact"]
    assert store.get(ref) == b'{"email":"v@x.io"}'
    for forged in (unsigned(ref), sign_ref(ref, b"another key"), ref[:-1] + ("A" if ref[-1] != "A" else "B"),
                   unsigned(ref) + "?sig=" + ref.split("?sig=")[1].replace(ref.split("?sig=")[1][:2], "zz")):
        with pytest.raises(ArtifactError) as info:
            store.get(forged)
        assert info.value.code is ErrorCode.PERMISSION_DENIED, forged
    with pytest.raises(ArtifactError) as info:  # the signature of one ref does not open another
        store.get(artifact_ref("victim", 0, "c") + "?sig=" + artifact_ref("me", 0, "c", KEY).split("?sig=")[1])
    assert info.value.code is ErrorCode.PERMISSION_DENIED


def test_cli_artifact_get_of_another_tasks_ref_is_permission_denied(tmp_path: Path, capsysbinary) -> None:
    store = ArtifactStore(tmp_path, key=KEY)
    _replayed([_line("victim", 0, "c", {"email": "v@x.io"})], store)
    store.flush()
    guessed = artifact_ref("victim", 0, "c")  # what a caller can type: no capability
    assert main(["artifact", "get", guessed, "--artifacts", str(tmp_path)]) == 2
    captured = capsysbinary.readouterr()
    assert captured.out == b"" and b"PERMISSION_DENIED" in captured.err


def test_the_key_is_generated_once_and_kept_in_the_artifacts_dir(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("OBSLINE_ARTIFACT_KEY", raising=False)
    first = ArtifactStore(tmp_path).key
    assert first == ArtifactStore(tmp_path).key and len(first) == 64
    assert (tmp_path / "key").stat().st_mode & 0o077 == 0
    monkeypatch.setenv("OBSLINE_ARTIFACT_KEY", "from-env")
    assert ArtifactStore(tmp_path).key == b"from-env"
