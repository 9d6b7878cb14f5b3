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
    assert "251675" not in obs.text and "[secret:token-1]" in obs.text
    assert obs.control.redactions == [{"path": "access_token", "handle": "[secret:token-1]", "kind": "token"}]
    assert "Bearer" in obs.text  # token_type is not a secret
    assert secrets.resolve("t1", "[secret:token-1]", vault=vault) == "251675"
    assert secrets.resolve("t1", "token-1", vault=vault) == "251675"


def test_handles_are_stable_within_a_task_and_numbered_per_kind(tmp_path: Path) -> None:
    lines = [_line("t1", 0, CONFIG, "http_get_json"), _line("t1", 1, LOGIN), _line("t1", 2, CONFIG, "http_get_json")]
    (first, login, again), vault = _run(tmp_path, lines)
    handles = [r["handle"] for r in first.control.redactions]
    assert handles == ["[secret:api_key-1]", "[secret:password-1]", "[secret:token-1]"]
    assert [r["handle"] for r in login.control.redactions] == ["[secret:token-2]"]  # another value, next number
    assert [r["handle"] for r in again.control.redactions] == handles  # same value, same handle
    assert vault.handles("t1") == {"[secret:api_key-1]": "sk-live-AAAAbbbbCCCCddddEEEEffff0000",
                                   "[secret:password-1]": "Pg-Pr0d-2024", "[secret:token-1]": "r3fresh-XYZ",
                                   "[secret:token-2]": "251675"}


def test_handles_never_resolve_across_tasks(tmp_path: Path) -> None:
    other = json.dumps({"access_token": "999111"})
    (a, b), vault = _run(tmp_path, [_line("task-a", 0, LOGIN), _line("task-b", 0, other)])
    assert "[secret:token-1]" in a.text and "[secret:token-1]" in b.text  # numbered per task
    assert secrets.resolve("task-a", "token-1", vault=vault) == "251675"
    assert secrets.resolve("task-b", "token-1", vault=vault) == "999111"
    (c,), _ = _run(tmp_path, [_line("task-c", 0, json.dumps({"ok": True}))])
    with pytest.raises(SecretError) as err:
        secrets.resolve("task-c", "token-1", vault=vault)
    assert err.value.code is ErrorCode.NOT_FOUND


def test_substitute_puts_values_back_into_the_next_call(tmp_path: Path) -> None:
    _, vault = _run(tmp_path, [_line("t1", 0, LOGIN)])
    args = {"access_token": "[secret:token-1]", "card": ["x", "Bearer [secret:token-1]"], "n": 3}
    assert secrets.substitute("t1", args, vault=vault) == {"access_token": "251675", "card": ["x", "Bearer 251675"],
                                                           "n": 3}
    assert args["access_token"] == "[secret:token-1]"  # the input is left as it was
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
