"""Draft contracts inferred from traffic (adapters/infer.py, `obsline contracts infer`)."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from obsline.adapters.infer import infer_contracts, kind_by_name, parse_result
from obsline.cli import main
from obsline.contracts import BUILTIN_CONTRACTS, check_contracts, load_contracts
from tests.conftest import REPO, shared_or_skip

FOREIGN = REPO.parent / "shared" / "data" / "foreign-dev" / "foreign-dev.jsonl"


def rec(task: str, tool: str, raw: object, args: dict | None = None, **extra: object) -> dict:
    return {"task_id": task, "step_id": 0, "action_id": "a", "tool": tool, "raw": raw, "args": args or {}, **extra}


@pytest.mark.parametrize(("tool", "kind"), [
    ("get_order_details", "read"), ("listFiles", "read"), ("check_status_bar", "read"), ("cat", "read"),
    ("book_flight", "side_effect"), ("toggle_airplane_mode", "side_effect"), ("startEngine", "side_effect"),
    ("mv", "side_effect"), ("frobnicate", None), ("", None),
])
def test_kind_comes_from_the_verb_of_the_name(tool: str, kind: str | None) -> None:
    assert kind_by_name(tool) == kind


def test_python_literal_results_are_read_without_eval() -> None:
    assert parse_result("{'a': 1, 'b': [True, None]}") == {"a": 1, "b": [True, None]}
    assert parse_result("{'r': mpf('2.0')}") is None  # a call is not a literal: left to the shapes
    assert parse_result("__import__('os').system('true')") is None
    assert parse_result("plain text") is None


def test_key_is_the_result_field_that_echoes_the_argument() -> None:
    records = [rec("t", "get_order", {"order_id": f"#W{i}", "status": "pending"}, {"order_id": f"#W{i}"})
               for i in range(5)]
    data = infer_contracts(records)["get_order"]
    assert data["kind"] == "read"
    assert data["key"] == ["order_id"]
    assert data["entity"] == "order"
    assert data["fields"]["order_id"] == {"type": "id", "critical": True}


def test_an_id_argument_the_result_omits_becomes_an_args_key() -> None:
    records = [rec("t", "get_line", {"status": "Active"}, {"line_id": f"L{i}"}) for i in range(3)]
    assert infer_contracts(records)["get_line"]["key"] == ["args.line_id"]


def test_fields_that_change_between_identical_reads_are_volatile() -> None:
    records = [rec("t", "get_user", {"user_id": "u1", "name": "Ann", "served_at": f"2024-01-0{i}T10:00:00"},
                   {"user_id": "u1"}) for i in range(1, 4)]
    data = infer_contracts(records)["get_user"]
    assert data["volatile_fields"] == ["served_at"]
    assert data["fields"]["served_at"] == {"type": "datetime"}


def test_a_write_in_between_makes_a_change_no_volatility() -> None:
    records = [rec("t", "get_user", {"user_id": "u1", "city": "Austin"}, {"user_id": "u1"}),
               rec("t", "update_user", {"ok": True}, {"user_id": "u1"}),
               rec("t", "get_user", {"user_id": "u1", "city": "Boston"}, {"user_id": "u1"})]
    assert "volatile_fields" not in infer_contracts(records)["get_user"]


def test_lists_of_records_make_a_list_tool_keyed_by_a_unique_id() -> None:
    rows = [{"flight_number": f"HAT{i:03}", "price": 100 + i, "status": "available"} for i in range(4)]
    data = infer_contracts([rec("t", "search_flights", rows), rec("u", "search_flights", rows[:2])])
    found = data["search_flights"]
    assert found["kind"] == "list"
    assert found["item_key"] == ["flight_number"]
    assert found["fields"]["[].price"] == {"type": "money"}


def test_few_repeated_short_values_make_an_enum() -> None:
    records = [rec(f"t{i}", "get_x", {"x_id": f"x{i}", "state": ["on", "off", "idle"][i % 3]}, {"x_id": f"x{i}"})
               for i in range(30)]
    assert infer_contracts(records)["get_x"]["fields"]["state"] == {"type": "enum", "values": ["idle", "off", "on"]}


def test_an_unknown_verb_that_always_repeats_itself_reads() -> None:
    same = [rec("t", "frobnicate", {"v": 1}, {"q": 1}) for _ in range(3)]
    varies = [rec("t", "wobble", {"v": i}, {"q": 1}) for i in range(3)]
    found = infer_contracts(same + varies)
    assert found["frobnicate"]["kind"] == "read"
    assert found["wobble"]["kind"] == "side_effect"  # never folded until a person says otherwise


def test_failed_calls_and_bad_records_teach_nothing() -> None:
    records = [rec("t", "get_a", {"error": "not found"}), rec("t", "get_a", "{bad json"),
               rec("t", "get_a", {"a_id": "A1"}, error=True), {"raw": "no tool"}]
    assert "get_a" not in infer_contracts(records)  # no structured success: nothing to draft from


def test_every_draft_is_a_valid_contract(tmp_path: Path) -> None:
    records = [rec("t", "get_order", {"order_id": "#W1", "items": [{"item_id": "1", "price": 2.5}],
                                      "options": {"color": "red"}}, {"order_id": "#W1"}),
               rec("t", "weird tool/name", {"v": 1}), rec("t", "open", "a text result")]
    traces = tmp_path / "t.jsonl"
    traces.write_bytes(b"\n".join(orjson.dumps(r) for r in records) + b"\nnot json\n")
    out = tmp_path / "contracts"
    assert main(["contracts", "infer", str(traces), "--out", str(out)]) == 0
    specs, errors = check_contracts(out)
    assert errors == [] and set(specs) == {"get_order", "weird tool/name"}  # text-only tools: no draft
    assert specs["get_order"].key == ("order_id",)
    (out / "get_order.yaml").write_text("name: get_order\nkind: read\n")  # a reviewed file wins
    assert main(["contracts", "infer", str(traces), "--out", str(out)]) == 0
    assert (out / "get_order.yaml").read_text() == "name: get_order\nkind: read\n"


def test_built_in_contracts_win_over_drafts(tmp_path: Path) -> None:
    (tmp_path / "d.yaml").write_text("name: get_order_details\nkind: side_effect\n")
    merged = load_contracts([BUILTIN_CONTRACTS, tmp_path])
    assert merged["get_order_details"].kind.value == "read"


@pytest.mark.shared
def test_drafts_from_foreign_dev_are_all_accepted(tmp_path: Path) -> None:
    shared_or_skip(FOREIGN)
    assert main(["contracts", "infer", str(FOREIGN), "--out", str(tmp_path)]) == 0
    specs, errors = check_contracts(tmp_path)
    assert errors == []
    records = [orjson.loads(line) for line in FOREIGN.read_bytes().splitlines() if line.strip()]
    structured = {r["tool"] for r in records if r["kind"] != "sweagent-traj" and str(r["raw"]).lstrip()[:1] in "{["}
    assert set(specs) <= {r["tool"] for r in records}
    assert len(specs) >= 60 and "open" not in specs and "edit" not in specs  # SWE-agent answers in text
    assert {"get_customer_by_phone", "get_stock_info"} <= set(specs) and len(structured - set(specs)) <= 10
    assert specs["get_customer_by_phone"].kind.value == "read"
    assert specs["book_flight"].kind.value == "side_effect"
