"""Tools without a contract get a kind from their name, shells from their command: folding is
only safe for reads, so anything unknown is ``generic`` (never folded)."""

from __future__ import annotations

import pytest

from obsline.adapters.kinds import command_kind, infer_kind, name_words
from obsline.core.models import ToolKind

READ, WRITE, GENERIC = ToolKind.READ, ToolKind.SIDE_EFFECT, ToolKind.GENERIC


def test_name_words_split_snake_camel_and_kebab() -> None:
    assert name_words("get_order_details") == ["get", "order", "details"]
    assert name_words("pressBrakePedal") == ["press", "brake", "pedal"]
    assert name_words("find-file") == ["find", "file"]


@pytest.mark.parametrize(("tool", "kind"), [
    # real tool names of the foreign-dev file (tau2 telecom, BFCL, SWE-agent)
    ("check_status_bar", READ), ("get_details_by_id", READ), ("can_send_mms", READ),
    ("get_customer_by_phone", READ), ("displayCarStatus", READ), ("find_file", READ),
    ("toggle_airplane_mode", WRITE), ("set_network_mode_preference", WRITE), ("grant_app_permission", WRITE),
    ("book_flight", WRITE), ("cancel_booking", WRITE), ("pressBrakePedal", WRITE), ("edit", WRITE),
    ("create", WRITE), ("submit", WRITE), ("cd", WRITE), ("mkdir", WRITE),
    ("run_speed_test", GENERIC), ("logarithm", GENERIC), ("decompile", GENERIC), ("RsaCtfTool.py", GENERIC),
])
def test_kind_from_the_first_word_of_the_name(tool: str, kind: ToolKind) -> None:
    assert infer_kind(tool, None) is kind


@pytest.mark.parametrize(("command", "kind"), [
    ("cat main.py", READ), ("ls -F", READ), ("grep -rn foo src | head -5", READ), ("git diff HEAD~1", READ),
    ("git status && git log -3", READ), ("find . -name '*.py' 2>/dev/null", READ), ("tail -n 20 log.txt", READ),
    ("python reproduce.py", GENERIC), ("git commit -am x", GENERIC), ("cat a > b", GENERIC),
    ("find . -name x -delete", GENERIC), ("sed -i s/a/b/ f", GENERIC), ("ls; rm -rf x", GENERIC),
    ("echo $(rm x)", GENERIC), ("pip install foo", GENERIC),
])
def test_shell_commands_are_read_only_when_every_program_is(command: str, kind: ToolKind) -> None:
    assert command_kind(command) is kind
    assert infer_kind("bash", {"command": command}) is kind


def test_a_tool_named_after_its_program_is_judged_by_the_whole_command() -> None:
    assert infer_kind("cat", {"command": "cat chall.py"}) is READ  # SWE-agent names calls by program
    assert infer_kind("cat", {"command": "cat x > y"}) is GENERIC
    assert infer_kind("open", {"command": "open src/fields.py 1474"}) is READ
    assert infer_kind("echo", {"content": "hi", "file_name": "a.txt"}) is WRITE  # BFCL's echo writes a file
    assert infer_kind("cat", {"file_name": "a.txt"}) is READ


def test_unknown_and_empty_names_are_generic() -> None:
    assert infer_kind("", None) is GENERIC
    assert infer_kind("frobnicate_widget", {"command": 3}) is GENERIC
