"""sinks/handles.py: placeholders named by a keyed hash of task and value, everywhere the model reads."""

from __future__ import annotations

import dataclasses
import json

from obsline.adapters.secrets import placeholder
from obsline.pipeline import Runner, Stages
from obsline.secrets import HANDLE
from obsline.sinks.handles import bindings, handle_for, handle_number, name_text, name_values, needs_naming


def test_a_handle_is_a_keyed_hash_of_task_and_value_the_same_each_time_it_is_derived() -> None:
    a, b, c = placeholder("token", "a"), placeholder("token", "b"), placeholder("password", "c")
    text = name_text(f"{a} {c} {b} {a}", {}, "t1", b"k")
    one, two, three, again = text.split()
    assert one == again and len({one, two, three}) == 3 and all(HANDLE.fullmatch(h) for h in (one, two, three))
    assert two.startswith("[secret:password-") and one.startswith("[secret:token-")
    assert name_text(a, {}, "t1", b"k") == one  # a fresh state (a restart) derives the same handle
    assert name_text(a, {}, "t2", b"k") != one  # another task: another handle for the same value
    assert name_text(a, {}, "t1", b"other key") != one


def test_two_digests_with_one_number_get_different_handles() -> None:
    names: dict = {}
    first = handle_for(names, "token", "d1", "t", b"k")
    taken = f"[secret:token-{handle_number('t', 'd2', b'k')}]"
    names["@" + taken] = "d-other"  # pretend another digest of the task got this number first
    assert handle_for(names, "token", "d2", "t", b"k") not in (first, taken)


def test_name_values_copies_instead_of_mutating_the_shared_tree() -> None:
    tree = {"k": [placeholder("token", "a"), 1, None]}
    named = name_values(tree, {}, "t", None)
    assert named == {"k": [name_text(placeholder("token", "a"), {}, "t"), 1, None]}
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
    old, new = (r["handle"] for r in first.control.redactions + second.control.redactions)
    assert old in first.text and old != new
    assert f"api_key: {old} -> {new}" in second.text
    assert "#" not in second.text.split("api_key:")[1]


def test_only_a_result_that_hid_something_or_a_task_with_names_is_searched_for_placeholders() -> None:
    obs = next(Runner(Stages.default()).run([json.dumps({
        "task_id": "t", "step_id": 0, "action_id": "a0", "tool": "get_user_details", "args": {"user_id": "u1"},
        "raw": json.dumps({"user_id": "u1", "note": "plain"})})])).observation
    quoted = dataclasses.replace(obs, text=obs.text + " " + placeholder("token", "x"))
    assert not obs.control.redactions
    assert not needs_naming(quoted, {})  # a new task that hid nothing: no placeholder can be ours
    assert needs_naming(quoted, {"#token": 1}) and not needs_naming(obs, {"#token": 1})
