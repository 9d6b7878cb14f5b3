"""#18 item 2: a read of an artifact returns the raw with the handles of the observation, never
the secret; the raw as received only with the operator capability; owner-only files."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from obsline.cli import main
from obsline.core.errors import ArtifactError, ErrorCode
from obsline.pipeline import Runner, Stages
from obsline.sinks.handles import scrub
from obsline.stores.artifacts import ArtifactStore
from obsline.stores.vault import SecretVault

TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
RAW = json.dumps({"user": "ann", "note": 'said "hi"', "token": TOKEN, "lines": ["x", f"Bearer {TOKEN}"]})


def _stored(root: Path) -> tuple[ArtifactStore, str, str]:
    store = ArtifactStore(root)
    runner = Runner(Stages.default(artifact_key=store.key), vault=SecretVault.beside(root))
    line = json.dumps({"task_id": "T", "step_id": 0, "action_id": "a0", "tool": "get_user_details", "raw": RAW})
    processed = runner.process(line)
    obs = processed.observation
    store.put(obs.evidence["artifact"], processed.raw_bytes)
    store.flush()
    (handle,) = {r["handle"] for r in obs.control.redactions}
    assert handle in obs.text and TOKEN not in obs.text
    return store, obs.evidence["artifact"], handle


def test_get_and_read_range_give_the_observation_s_handles_not_the_secret(tmp_path: Path) -> None:
    store, ref, handle = _stored(tmp_path)
    whole = store.get(ref, task_id="T")
    assert TOKEN.encode() not in whole and whole.count(handle.encode()) == 2
    assert json.loads(whole)["note"] == 'said "hi"'  # still the JSON it was
    field = store.read_range(ref, task_id="T", path="token")
    assert TOKEN.encode() not in field and handle.encode() in field
    for offset in range(0, len(whole), 7):  # a page never holds part of the secret
        assert TOKEN[:8].encode() not in store.get(ref, task_id="T", offset=offset, limit=20)


def test_the_raw_as_received_needs_the_operator_capability(tmp_path: Path) -> None:
    store, ref, _ = _stored(tmp_path)
    assert TOKEN.encode() in store.get(ref, task_id="T", unscrubbed=store.operator_capability())
    with pytest.raises(ArtifactError) as err:
        store.get(ref, task_id="T", unscrubbed="guess")
    assert err.value.code is ErrorCode.PERMISSION_DENIED
    assert ArtifactStore(tmp_path / "other").operator_capability() != store.operator_capability()


def test_artifact_get_prints_handles_and_unscrubbed_only_when_asked(tmp_path: Path,
                                                                    capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    _, ref, handle = _stored(tmp_path)
    assert main(["artifact", "get", ref, "--artifacts", str(tmp_path)]) == 0
    out = capsysbinary.readouterr().out
    assert TOKEN.encode() not in out and handle.encode() in out
    assert main(["artifact", "get", ref, "--artifacts", str(tmp_path), "--path", "lines", "--items", "2-2"]) == 0
    assert TOKEN.encode() not in capsysbinary.readouterr().out
    assert main(["artifact", "get", ref, "--artifacts", str(tmp_path), "--unscrubbed"]) == 0
    assert TOKEN.encode() in capsysbinary.readouterr().out


def test_blobs_index_and_vault_are_owner_only(tmp_path: Path) -> None:
    root = tmp_path / "store"
    _stored(root)
    files = [p for p in root.rglob("*") if p.is_file()]
    dirs = [p for p in root.rglob("*") if p.is_dir()] + [root]
    assert any("segments" in p.parts for p in files) and any("index" in p.parts for p in files)
    assert {oct(stat.S_IMODE(p.stat().st_mode)) for p in files} == {"0o600"}
    assert {oct(stat.S_IMODE(p.stat().st_mode)) for p in dirs} == {"0o700"}


def test_scrub_replaces_json_escaped_forms_and_longer_values_first() -> None:
    handles = {"[secret:a-1]": 'pa"ss', "[secret:b-2]": "pa", "[secret:c-3]": "pässwort"}
    data = json.dumps({"x": 'pa"ss', "y": "pässwort", "z": "pa"}).encode()
    out = scrub(data, handles)
    assert json.loads(out) == {"x": "[secret:a-1]", "y": "[secret:c-3]", "z": "[secret:b-2]"}
    assert scrub(json.dumps({"y": "pässwort"}, ensure_ascii=False).encode(), handles) == b'{"y": "[secret:c-3]"}'
