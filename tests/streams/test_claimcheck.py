"""Claim checks for records over the broker's size limit, and dead letters that reference big originals."""

from __future__ import annotations

from types import SimpleNamespace

import orjson
import pytest

from obsline.adapters.envelope import decode
from obsline.core import codec
from obsline.pipeline import Stages
from obsline.stores.objects import StoreError
from obsline.streams.claimcheck import ClaimStore, check, fit_observation, is_claim, resolve
from obsline.streams.deadletter import EMBED_MAX, dead_letter_value, original_of


def test_a_value_over_the_limit_becomes_a_small_claim_that_resolves_to_it(tmp_path) -> None:
    store = ClaimStore(tmp_path)
    small, big = b'{"a": 1}', orjson.dumps({"data": "x" * 5000})
    assert check(small, store, limit=1000) == small and resolve(small, store) == small
    claim = check(big, store, limit=1000)
    assert is_claim(claim) and len(claim) < 200
    assert resolve(claim, store) == big
    assert check(big, store, limit=1000) == claim  # content-addressed: the same bytes, the same claim


def test_a_tampered_claim_blob_is_refused(tmp_path) -> None:
    store = ClaimStore(tmp_path)
    claim = check(b"y" * 3000, store, limit=100)
    sha = orjson.loads(claim)["claim_check"]["sha256"]
    (tmp_path / "claims" / sha[:2] / sha).write_bytes(b"other")
    with pytest.raises(ValueError, match="hash check"):
        resolve(claim, store)


def _big_observation() -> bytes:
    raw = {"items": [{"id": i, "name": "x" * 20, "email": f"u{i}@x.io"} for i in range(12000)]}
    st = Stages.default()
    result = st.adapt(decode(orjson.dumps({"task_id": "t", "step_id": 0, "action_id": "a",
                                           "tool": "get_user_details", "raw": raw})))
    snapshot, _ = st.align(result.adapted, {"facts": {}, "effects": {}})
    obs, _ = st.observe(snapshot, {"baselines": {}, "shown": {}})
    return codec.encode(obs)


def test_an_oversized_observation_keeps_its_text_and_moves_its_data_to_the_claim_store(tmp_path) -> None:
    store, encoded = ClaimStore(tmp_path), _big_observation()
    assert len(encoded) > 600_000
    fitted = fit_observation(encoded, store, limit=300_000)
    d = orjson.loads(fitted)
    assert len(fitted) <= 300_000 and d["data"] is None
    assert d["text"] == orjson.loads(encoded)["text"]  # still the observation the agent reads
    assert orjson.loads(store.get(d["metadata"]["claim_check"]["data"])) == orjson.loads(encoded)["data"]
    assert codec.observation_from(d).task_id == "t"
    assert fit_observation(encoded, store, limit=300_000) == fitted  # replays stay exact


def test_an_observation_whose_text_alone_is_too_big_is_cut_to_fit(tmp_path) -> None:
    fitted = fit_observation(_big_observation(), ClaimStore(tmp_path), limit=10_000)
    d = orjson.loads(fitted)
    assert len(fitted) <= 10_000 and d["metadata"]["text_cut"] == "size_limit"
    assert d["text"].endswith("evidence.artifact]")


def test_a_dead_letter_references_a_huge_original_instead_of_embedding_it(tmp_path) -> None:
    store = ClaimStore(tmp_path)
    for original in (b"not json", b"z" * (EMBED_MAX + 1)):
        msg = SimpleNamespace(value=original, topic="raw", partition=0, offset=1, timestamp=0.0)
        letter = orjson.loads(dead_letter_value(msg, "adapt", "not_json", ["p" * 10_000], None, None, claims=store))
        assert original_of(letter, store) == original
        assert len(orjson.dumps(letter)) < 20_000  # bounded, whatever the original and its problems
    assert "original_ref" in letter and "original_b64" not in letter


def test_a_staged_claim_is_written_only_by_flush_and_kept_while_it_fails(tmp_path):
    (tmp_path / "claims").write_bytes(b"not a folder")
    store = ClaimStore(tmp_path, staged=True)
    claim = store.put(b"x" * 10)  # no write yet: the transport of the record cannot fail here
    with pytest.raises(StoreError):
        store.flush()
    assert store.pending, "a failed write stays staged"
    (tmp_path / "claims").unlink()
    store.flush()
    assert not store.pending and store.get(claim) == b"x" * 10


def test_a_dead_letter_goes_out_naming_its_source_when_the_claim_store_fails(tmp_path) -> None:
    """A letter is never dropped for its original: with the store down it carries the original's
    hash and size, and reading the original back says where the bytes are instead."""
    (tmp_path / "claims").write_bytes(b"not a folder")  # every claim put fails, a real folder store
    store = ClaimStore(tmp_path)
    original = b"z" * (EMBED_MAX + 1)
    msg = SimpleNamespace(value=original, topic="raw", partition=3, offset=7, timestamp=0.0)
    letter = orjson.loads(dead_letter_value(msg, "adapt", "not_json", [], None, None, claims=store))
    assert letter["original_unstored"]["bytes"] == len(original)
    assert "original_ref" not in letter and "original_b64" not in letter
    with pytest.raises(ValueError, match="partition"):
        original_of(letter, store)
