"""sinks/handles.py: placeholders named per task, in order, everywhere the model reads."""

from __future__ import annotations

import dataclasses
import json

from obsline.adapters.secrets import placeholder
from obsline.pipeline import Runner, Stages
from obsline.sinks.handles import bindings, name_text, name_values, needs_naming


def test_names_follow_first_appearance_and_count_per_kind() -> None:
    names: dict = {}
    a, b, c = placeholder("token", "a"), placeholder("token", "b"), placeholder("password", "c")
    assert name_text(f"{a} {c} {b} {a}", names) == "[secret:token-1] [secret:password-1] [secret:token-2] [secret:token-1]"


def test_name_values_copies_instead_of_mutating_the_shared_tree() -> None:
    tree = {"k": [placeholder("token", "a"), 1, None]}
    named = name_values(tree, {})
    assert named == {"k": ["[secret:token-1]", 1, None]}
    assert tree["k"][0].startswith("[secret:token#")


def test_bindings_pair_each_handle_with_its_digest() -> None:
    ph = placeholder("token", "a")
    digest = ph.split("#")[1].rstrip("]")
    assert bindings([{"path": "x", "handle": ph, "kind": "token"}],
                    [{"path": "x", "handle": "[secret:token-1]", "kind": "token"}]) == {"[secret:token-1]": digest}


def test_a_delta_names_the_old_value_by_the_handle_the_task_saw_first() -> None:
    def line(step: int, key: str) -> str:
        raw = json.dumps({"user_id": "u1", "name": {"first_name": "A", "last_name": "B"}, "api_key": key})
        return json.dumps({"task_id": "t", "step_id": step, "action_id": f"a{step}", "tool": "get_user_details",
                           "args": {"user_id": "u1"}, "raw": raw})
    runner = Runner(Stages.default())
    first, second = (p.observation for p in runner.run([line(0, "sk_live_AAAAAAAAAAAAAAAAAAAAAAAA"),
                                                        line(1, "sk_live_BBBBBBBBBBBBBBBBBBBBBBBB")]))
    assert "[secret:stripe_key-1]" in first.text
    assert "api_key: [secret:stripe_key-1] -> [secret:stripe_key-2]" in second.text
    assert "#" not in second.text.split("api_key:")[1]


def test_only_a_result_that_hid_something_or_a_task_with_names_is_searched_for_placeholders() -> None:
    obs = next(Runner(Stages.default()).run([json.dumps({
        "task_id": "t", "step_id": 0, "action_id": "a0", "tool": "get_user_details", "args": {"user_id": "u1"},
        "raw": json.dumps({"user_id": "u1", "note": "plain"})})])).observation
    quoted = dataclasses.replace(obs, text=obs.text + " " + placeholder("token", "x"))
    assert not obs.control.redactions
    assert not needs_naming(quoted, {})  # a new task that hid nothing: no placeholder can be ours
    assert needs_naming(quoted, {"#token": 1}) and not needs_naming(obs, {"#token": 1})
