"""Unit tests of the gateway's pure pieces: contracts from annotations, task ids, artifact pages."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import mcp_types as types
import pytest

from obsline.core.errors import ArtifactError
from obsline.core.ids import artifact_ref
from obsline.core.models import ToolKind
from obsline.integrations.mcp.artifacts import read_range
from obsline.integrations.mcp.contracts import spec_for_tool, specs_for_tools
from obsline.integrations.mcp.tasks import _DOMAIN, ClaimRefused, TaskIds
from obsline.pipeline import Runner, Stages
from obsline.stores.artifacts import ArtifactStore


def tool(**hints: bool) -> types.Tool:
    return types.Tool(name="t", input_schema={"type": "object"}, annotations=types.ToolAnnotations(**hints),
                      output_schema={"type": "object", "properties": {
                          "when": {"type": "string", "format": "date-time"}, "n": {"type": "integer"},
                          "inner": {"type": "object", "properties": {"ok": {"type": ["boolean", "null"]}}}}})


def test_read_only_is_a_read_and_anything_else_a_side_effect() -> None:
    assert spec_for_tool("t", tool(read_only_hint=True, open_world_hint=False)).kind is ToolKind.READ
    assert spec_for_tool("t", tool(read_only_hint=False, destructive_hint=False)).kind is ToolKind.SIDE_EFFECT
    assert spec_for_tool("t", types.Tool(name="t", input_schema={"type": "object"})).kind is ToolKind.SIDE_EFFECT


def test_open_world_or_no_hint_is_untrusted_content() -> None:
    assert spec_for_tool("t", tool(read_only_hint=True)).untrusted
    assert not spec_for_tool("t", tool(read_only_hint=True, open_world_hint=False)).untrusted


def test_output_schema_gives_field_types_including_nested_ones() -> None:
    fields = spec_for_tool("t", tool(read_only_hint=True)).fields
    assert {k: f.type for k, f in fields.items()} == {"when": "datetime", "n": "int", "inner": "object",
                                                      "inner.ok": "bool"}


def test_a_yaml_contract_of_the_same_name_overrides_the_derived_one() -> None:
    yaml_spec = spec_for_tool("t", tool(read_only_hint=False))
    specs = specs_for_tools({"t": tool(read_only_hint=True)}, {"t": yaml_spec, "other": yaml_spec})
    assert specs == {"t": yaml_spec}


def test_steps_count_calls_per_task_and_reused_rpc_ids_stay_unique() -> None:
    ids = TaskIds("proc", trust_claims=True)
    stdio = SimpleNamespace(meta=None, request=None, request_id=1, session=None)
    meta = SimpleNamespace(meta={"obsline/task": "a"}, request=object(), request_id=1, session=None)
    got = [ids.next(stdio), ids.next(stdio), ids.next(meta)]
    assert [(c.task_id, c.step_id, c.scope) for c in got] == [("proc", 0, "process"), ("proc", 1, "process"),
                                                              ("a", 0, "meta")]
    assert got[0].action_id == "rpc-1" and got[1].action_id == "rpc-1@1"
    stateless = SimpleNamespace(meta=None, request=object(), request_id=1, session=None)
    assert ids.next(stateless).task_id != ids.next(stateless).task_id


def test_a_task_claim_needs_the_capability_issued_for_that_task() -> None:
    ids, other = TaskIds("proc", key=b"k" * 32), TaskIds("proc", key=b"o" * 32)

    def claim(value: str) -> SimpleNamespace:
        return SimpleNamespace(meta={"obsline/task": value}, request=object(), request_id=1, session=None)

    assert ids.task_of(claim(ids.capability("shop/T#1")))[0] == "shop/T#1"
    assert ids.capability("shop/T#1") == "shop/T#1#" + ids._mac(_DOMAIN, "shop/T#1")  # cached: as made
    ids.forget("shop/T#1")
    assert ids.task_of(claim(ids.capability("shop/T#1")))[0] == "shop/T#1"  # the same after it was forgotten
    for bad in ("shop/T", "shop/T#" + ids.capability("shop/U").rpartition("#")[2], other.capability("shop/T"),
                "shop/T#é-not-ascii"):
        with pytest.raises(ClaimRefused) as refused:
            ids.task_of(claim(bad))
        assert refused.value.code.value == "PERMISSION_DENIED"


def test_a_session_s_task_is_random_and_stays_with_the_session() -> None:
    ids = TaskIds("proc")

    def in_session(sid: str) -> SimpleNamespace:
        return SimpleNamespace(meta=None, request=object(), request_id=1,
                               session=SimpleNamespace(_connection=SimpleNamespace(session_id=sid)))

    one, again, two = (ids.task_of(in_session(s))[0] for s in ("sid-1", "sid-1", "sid-2"))
    assert one == again != two and "sid" not in one + two


def test_artifact_pages_by_offset_and_by_lines(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path)
    ref = artifact_ref("t", 0, "a", store.key)
    store.put(ref, b"one\ntwo\nthree\n")
    assert read_range(store, ref, "t", offset=4, limit=3).text == "two"
    page = read_range(store, ref, "t", lines="2-3")
    assert page.text.rstrip("\n") == "two\nthree" and page.next_offset is None
    assert read_range(store, ref, "t", limit=4).next_offset == 4
    with pytest.raises(ArtifactError, match="another task"):
        read_range(store, ref, "u")
    with pytest.raises(ArtifactError) as forged:
        read_range(store, "artifact://t/0/a", "t")  # unsigned: not the capability
    assert forged.value.code.value == "PERMISSION_DENIED"
    with pytest.raises(ArtifactError, match="A-B"):
        read_range(store, ref, "t", lines="x")


def test_written_contracts_load_as_a_workers_contracts_dir(tmp_path: Path) -> None:
    from obsline.contracts import load_contracts
    from obsline.integrations.mcp.contracts import write_contracts

    write_contracts(tmp_path, {"fs_read": tool(read_only_hint=True), "yaml_one": tool()}, skip={"yaml_one"})
    specs = load_contracts(str(tmp_path))  # a str, as OBSLINE_CONTRACTS_DIR arrives
    assert specs == {"fs_read": spec_for_tool("fs_read", tool(read_only_hint=True))}


def test_structured_content_shows_the_same_handles_as_the_text(tmp_path: Path) -> None:
    import orjson

    from obsline.integrations.mcp.mapping import hide_secrets, shown_secrets
    from obsline.stores.vault import SecretVault

    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    structured = {"user": "mia", "note": f"deploy with {token} today", "nested": [{"k": token}]}
    vault = SecretVault(tmp_path)
    line = orjson.dumps({"task_id": "t", "step_id": 0, "action_id": "a", "tool": "x", "raw": structured})
    obs = Runner(Stages.default(), vault=vault).process(line).observation
    secrets = shown_secrets(vault, obs)
    hidden = hide_secrets(structured, secrets)
    assert token not in obs.text and token not in orjson.dumps(hidden).decode()
    handle = secrets[token]
    assert handle in obs.text and hidden["note"] == f"deploy with {handle} today" and hidden["nested"][0]["k"] == handle
    assert hide_secrets(structured, {}) is structured


def test_an_integer_beyond_64_bits_in_a_result_still_makes_an_envelope() -> None:
    import json

    from obsline.integrations.mcp.mapping import encode

    line = encode({"task_id": "t", "step_id": 0, "action_id": "a", "tool": "x", "raw": {"id": 2**70}})
    assert json.loads(line)["raw"]["id"] == 2**70
    assert Runner(Stages.default()).process(line).observation.status.value == "success"


def test_a_forgotten_task_counts_again_from_0_with_tagged_actions_so_no_ref_repeats() -> None:
    ids = TaskIds("proc", trust_claims=True)
    session = SimpleNamespace(meta=None, request=object(), request_id=1,
                              session=SimpleNamespace(_connection=SimpleNamespace(session_id="sid-1")))
    first = ids.next(session)
    assert (first.step_id, first.action_id, first.scope) == (0, "rpc-1", "session")  # a new task: untagged
    ids.forget(first.task_id, session_closed=True)
    assert first.task_id not in ids._steps  # nothing of a closed session's task stays
    claim = SimpleNamespace(meta={"obsline/task": first.task_id}, request=object(), request_id=1, session=None)
    again, later = ids.next(claim), ids.next(claim)
    assert (again.task_id, again.step_id, later.step_id) == (first.task_id, 0, 1)
    tag = again.action_id.removeprefix("rpc-1~")
    assert len(tag) == 8 and later.action_id == f"rpc-1~{tag}@1"  # one tag per incarnation
    assert artifact_ref(again.task_id, again.step_id, again.action_id) != \
        artifact_ref(first.task_id, first.step_id, first.action_id)


@pytest.mark.parametrize(("upstreams", "stale_writes", "message"), [
    ([], "flag", "at least one --upstream"),
    (["a=x", "a=y"], "flag", "upstream names must differ"),
    (["a=x"], "warn", "stale_writes must be one of"),
])
def test_a_gateway_refuses_options_it_cannot_serve_and_makes_no_store(
        tmp_path: Path, upstreams: list[str], stale_writes: str, message: str) -> None:
    from obsline.integrations.mcp.gateway import Gateway
    from obsline.integrations.mcp.upstream import UpstreamConfig

    artifacts = tmp_path / "artifacts"
    with pytest.raises(ValueError, match=message):
        Gateway([UpstreamConfig.parse(u) for u in upstreams], artifacts, stale_writes=stale_writes)
    assert not artifacts.exists()
