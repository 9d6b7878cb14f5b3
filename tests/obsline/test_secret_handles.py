"""Secret handles end to end: adapt hides, observe names per task, the vault resolves per task."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from obsline import secrets
from obsline.adapters.secrets import PLACEHOLDER
from obsline.core import codec
from obsline.core.errors import ErrorCode
from obsline.pipeline import Runner, Stages
from obsline.stores.vault import SecretError, SecretVault

LOGIN = json.dumps({"expires_in": 2, "access_token": "251675", "token_type": "Bearer"})
CONFIG = json.dumps({"api_key": "sk-live-AAAAbbbbCCCCddddEEEEffff0000", "db_password": "Pg-Pr0d-2024",
                     "refresh_token": "r3fresh-XYZ"})


def _line(task: str, step: int, raw: str, tool: str = "authenticate_travel") -> str:
    return json.dumps({"task_id": task, "step_id": step, "action_id": f"a{step}", "tool": tool, "raw": raw})


def _run(tmp_path: Path, lines: list[str], memo_entries: int = 1024) -> tuple[list, SecretVault]:
    vault = SecretVault(tmp_path / "vault")
    runner = Runner(Stages.default(memo_entries=memo_entries), vault=vault)
    return [p.observation for p in runner.run(lines)], vault


def test_the_model_sees_a_handle_that_resolves_to_the_value(tmp_path: Path) -> None:
    (obs,), vault = _run(tmp_path, [_line("t1", 0, LOGIN)])
    handle = obs.control.redactions[0]["handle"]
    assert "251675" not in obs.text and handle in obs.text and secrets.HANDLE.fullmatch(handle)
    assert obs.control.redactions == [{"path": "access_token", "handle": handle, "kind": "token"}]
    assert "Bearer" in obs.text  # token_type is not a secret
    assert secrets.resolve("t1", handle, vault=vault) == "251675"
    assert secrets.resolve("t1", handle[len("[secret:"):-1], vault=vault) == "251675"


def test_handles_are_stable_within_a_task_one_value_each(tmp_path: Path) -> None:
    lines = [_line("t1", 0, CONFIG, "http_get_json"), _line("t1", 1, LOGIN), _line("t1", 2, CONFIG, "http_get_json")]
    (first, login, again), vault = _run(tmp_path, lines)
    handles = [r["handle"] for r in first.control.redactions]
    assert [h.split("-")[0] for h in handles] == ["[secret:api_key", "[secret:password", "[secret:token"]
    (token_2,) = [r["handle"] for r in login.control.redactions]  # another value, another handle
    assert token_2 not in handles
    assert [r["handle"] for r in again.control.redactions] == handles  # same value, same handle
    assert vault.handles("t1") == dict(zip([*handles, token_2], ["sk-live-AAAAbbbbCCCCddddEEEEffff0000",
                                                                 "Pg-Pr0d-2024", "r3fresh-XYZ", "251675"]))


def test_a_restart_on_a_persistent_vault_never_gives_a_second_value_an_old_handle(tmp_path: Path) -> None:
    """Two users of one task id across a restart (a fresh Runner, the same vault): numbering from
    1 again made both tokens [secret:token-1], and the first user's handle resolved to the second's."""
    (a,), vault = _run(tmp_path, [_line("shared", 0, LOGIN)])
    (b,), _ = _run(tmp_path, [_line("shared", 1, json.dumps({"access_token": "999111"}))])
    (ha,), (hb,) = ([r["handle"] for r in o.control.redactions] for o in (a, b))
    assert ha != hb
    assert secrets.resolve("shared", ha, vault=vault) == "251675"
    assert secrets.resolve("shared", hb, vault=vault) == "999111"


def test_handles_never_resolve_across_tasks(tmp_path: Path) -> None:
    other = json.dumps({"access_token": "999111"})
    (a, b), vault = _run(tmp_path, [_line("task-a", 0, LOGIN), _line("task-b", 0, other)])
    (ha,), (hb,) = ([r["handle"] for r in o.control.redactions] for o in (a, b))
    assert ha != hb  # the same kind, the first of each task: still two handles
    assert secrets.resolve("task-a", ha, vault=vault) == "251675"
    assert secrets.resolve("task-b", hb, vault=vault) == "999111"
    (c,), _ = _run(tmp_path, [_line("task-c", 0, json.dumps({"ok": True}))])
    for task, handle in (("task-c", ha), ("task-b", ha), ("task-a", hb)):
        with pytest.raises(SecretError) as err:
            secrets.resolve(task, handle, vault=vault)
        assert err.value.code is ErrorCode.NOT_FOUND


def test_substitute_puts_values_back_into_the_next_call(tmp_path: Path) -> None:
    (obs,), vault = _run(tmp_path, [_line("t1", 0, LOGIN)])
    handle = obs.control.redactions[0]["handle"]
    args = {"access_token": handle, "card": ["x", f"Bearer {handle}"], "n": 3}
    assert secrets.substitute("t1", args, vault=vault) == {"access_token": "251675", "card": ["x", "Bearer 251675"],
                                                           "n": 3}
    assert args["access_token"] == handle  # the input is left as it was
    with pytest.raises(SecretError):
        secrets.substitute("t2", args, vault=vault)  # another task: nothing to substitute with


def test_output_is_the_same_with_memos_on_and_off(tmp_path: Path) -> None:
    lines = [_line(f"t{i % 2}", i, CONFIG if i % 3 else LOGIN, "http_get_json") for i in range(8)]
    on, _ = _run(tmp_path / "on", lines)
    off, _ = _run(tmp_path / "off", lines, memo_entries=0)
    assert [codec.encode(o) for o in on] == [codec.encode(o) for o in off]


def test_no_placeholder_or_value_reaches_any_observation_of_the_generated_workload(tmp_path: Path) -> None:
    from workload.generate import generate

    lines = list(generate(5, 1, huge=False))
    observations, vault = _run(tmp_path, lines)
    hidden = [o for o in observations if o.control.redactions]
    assert hidden
    for o in observations:
        seen = codec.encode(o).decode()
        assert PLACEHOLDER.search(seen) is None  # named everywhere: text, data, error, conflicts
        assert all(value not in seen for value in vault.handles(o.task_id).values())
