"""The builtin tool contracts: they load, they cover every traced tool, and they match the data.

The data checks read the shared tau traces beside the checkout
(``<repo>/../shared/data/tau-traces/dev.jsonl``). Where the file is absent they skip, except on
CI (``CI=true``), where a missing file is a failure.
"""

from __future__ import annotations

import json
import os
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from obsline.adapters.contract import ToolSpec
from obsline.contracts import BUILTIN_CONTRACTS, check_contracts, load_contracts
from obsline.core.errors import ContractError

TRACES = Path(__file__).parents[2].parent / "shared/data/tau-traces/dev.jsonl"

TAU_TOOLS = {
    "get_reservation_details", "search_direct_flight", "get_user_details", "transfer_to_human_agents",
    "get_flight_status", "get_order_details", "update_reservation_flights", "get_product_details",
    "calculate", "search_onestop_flight", "find_user_id_by_name_zip", "cancel_reservation",
    "book_reservation", "think", "update_reservation_baggages", "modify_pending_order_items",
    "update_reservation_passengers", "return_delivered_order_items", "exchange_delivered_order_items",
    "modify_pending_order_address", "find_user_id_by_email", "send_certificate", "cancel_pending_order",
    "modify_user_address", "list_all_product_types", "modify_pending_order_payment",
}


# --------------------------------------------------------------------------- helpers

_TOKEN = re.compile(r"\[\]|[^.\[\]]+")


def resolve(value: Any, path: str) -> list[Any]:
    """Every value a contract path names in ``value`` (``a.b``, ``a[].b``, ``m.*.x``, ``0.x``; ``""`` is the root)."""
    current = [value]
    for token in _TOKEN.findall(path):
        found: list[Any] = []
        for v in current:
            if token == "[]":
                if isinstance(v, list):
                    found.extend(v)
            elif token == "*":
                if isinstance(v, dict):
                    found.extend(v.values())
            elif isinstance(v, list) and token.isdigit():
                if int(token) < len(v):
                    found.append(v[int(token)])
            elif isinstance(v, dict) and token in v:
                found.append(v[token])
        current = found
    return current


def key_values(path: str, result: Any, args: dict[str, Any]) -> list[Any]:
    if path.startswith("args."):
        return resolve(args, path.removeprefix("args."))
    return resolve(result, path)


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_DATETIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}")


def conforms(type_: str, v: Any) -> bool:
    """Does one non-null value fit a contract field type?"""
    number = isinstance(v, (int, float)) and not isinstance(v, bool)
    return {
        "id": isinstance(v, str) and v != "",
        "string": isinstance(v, str),
        "text": isinstance(v, str),
        "enum": isinstance(v, str),
        "int": isinstance(v, int) and not isinstance(v, bool),
        "number": number,
        "money": number,
        "bool": isinstance(v, bool),
        "date": isinstance(v, str) and _DATE.fullmatch(v) is not None,
        "datetime": isinstance(v, str) and _DATETIME.fullmatch(v) is not None,
        "list": isinstance(v, list),
        "object": isinstance(v, dict),
        "map": isinstance(v, dict),
    }[type_]


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def specs() -> dict[str, ToolSpec]:
    return load_contracts()


@pytest.fixture(scope="module")
def traces() -> list[dict[str, Any]]:
    if not TRACES.is_file():
        reason = f"shared tau traces not found at {TRACES} (the checkout's sibling shared/ folder)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    with TRACES.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


@pytest.fixture(scope="module")
def results(traces: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any], Any]]:
    """(tool, args, result) for every successful trace: parsed JSON, or the bare text when not JSON."""
    out = []
    for rec in traces:
        raw = rec["raw"]
        if isinstance(raw, str) and raw.startswith("Error:"):
            continue
        try:
            value = json.loads(raw)
        except (TypeError, ValueError):
            value = raw
        out.append((rec["tool"], rec.get("args") or {}, value))
    return out


@pytest.fixture(scope="module")
def json_results(results) -> list[tuple[str, dict[str, Any], Any]]:
    """The results that are JSON objects or lists."""
    return [r for r in results if isinstance(r[2], (dict, list))]


# --------------------------------------------------------------------------- builtin contracts


def test_builtin_contracts_load_without_errors() -> None:
    specs, errors = check_contracts()
    assert errors == []
    assert len(specs) == 26
    assert set(specs) == TAU_TOOLS


def test_builtin_dir_is_the_adapters_contracts_folder() -> None:
    files = sorted(p.stem for p in BUILTIN_CONTRACTS.glob("*.yaml"))
    assert files == sorted(TAU_TOOLS), "one <tool>.yaml per tool, named after the tool"


def test_kinds_follow_the_tool_role(specs: dict[str, ToolSpec]) -> None:
    kinds = {name: spec.kind.value for name, spec in specs.items()}
    assert {n for n, k in kinds.items() if k == "list"} == {"search_direct_flight", "search_onestop_flight"}
    reads = {n for n, k in kinds.items() if k == "read"}
    assert reads == {
        "get_reservation_details", "get_user_details", "get_flight_status", "get_order_details",
        "get_product_details", "calculate", "find_user_id_by_name_zip", "find_user_id_by_email",
        "list_all_product_types",
    }
    assert all(k == "side_effect" for n, k in kinds.items() if n not in reads | {"search_direct_flight", "search_onestop_flight"})
    assert specs["search_direct_flight"].item_key == ("flight_number",)
    assert specs["search_onestop_flight"].item_key == ("0.flight_number", "1.flight_number")


def test_side_effects_returning_a_record_share_its_entity_and_key(specs: dict[str, ToolSpec]) -> None:
    reservation = specs["get_reservation_details"]
    order = specs["get_order_details"]
    user = specs["get_user_details"]
    assert (reservation.entity, reservation.key) == ("reservation", ("reservation_id",))
    assert (order.entity, order.key) == ("order", ("order_id",))
    assert (user.entity, user.key) == ("user", ("args.user_id",))
    for name in ("book_reservation", "cancel_reservation", "update_reservation_flights",
                 "update_reservation_baggages", "update_reservation_passengers"):
        assert (specs[name].entity, specs[name].key) == (reservation.entity, reservation.key), name
    for name in ("cancel_pending_order", "modify_pending_order_address", "modify_pending_order_items",
                 "modify_pending_order_payment", "return_delivered_order_items", "exchange_delivered_order_items"):
        assert (specs[name].entity, specs[name].key) == (order.entity, order.key), name
    assert (specs["modify_user_address"].entity, specs["modify_user_address"].key) == (user.entity, user.key)
    assert specs["get_flight_status"].key == ("args.flight_number", "args.date")


def test_tools_of_one_entity_agree_on_shared_fields(specs: dict[str, ToolSpec]) -> None:
    by_entity: dict[str, list[ToolSpec]] = defaultdict(list)
    for spec in specs.values():
        by_entity[spec.entity].append(spec)
    for entity, group in by_entity.items():
        seen: dict[str, tuple[str, Any]] = {}
        for spec in group:
            for path, field in spec.fields.items():
                if path in seen:
                    other_tool, other = seen[path]
                    assert field == other, f"{entity}: {path} differs between {other_tool} and {spec.name}"
                else:
                    seen[path] = (spec.name, field)


def test_critical_fields_include_identity_and_money(specs: dict[str, ToolSpec]) -> None:
    for spec in specs.values():
        for path, field in spec.fields.items():
            if field.type in ("id", "money") and not path.endswith(("item_ids[]",)):
                assert field.critical, f"{spec.name}: {path} ({field.type}) should be critical"
            assert not field.sensitive, f"{spec.name}: {path} marked sensitive; tau has no secret material"


# --------------------------------------------------------------------------- contracts match the data


@pytest.mark.shared
def test_every_traced_tool_has_a_contract(traces: list[dict[str, Any]], specs: dict[str, ToolSpec]) -> None:
    traced = {rec["tool"] for rec in traces}
    assert traced - set(specs) == set(), "tools in the traces without a contract"
    assert traced == TAU_TOOLS


@pytest.mark.shared
def test_enum_values_cover_every_value_in_the_traces(results, specs: dict[str, ToolSpec]) -> None:
    missing: dict[tuple[str, str], set[str]] = defaultdict(set)
    checked = 0
    for tool, _args, result in results:
        for path, field in specs[tool].fields.items():
            if field.type != "enum":
                continue
            for v in resolve(result, path):
                if v is None:
                    continue
                checked += 1
                if v not in (field.values or ()):
                    missing[(tool, path)].add(repr(v))
    assert checked > 5000
    assert not missing, f"enum values seen in the traces but absent from the contracts: {dict(missing)}"


@pytest.mark.shared
def test_bare_text_results_are_typed_at_the_root(results, specs: dict[str, ToolSpec]) -> None:
    """get_flight_status answers with a bare status word: the root enum covers every one seen."""
    statuses = {r for t, _a, r in results if t == "get_flight_status"}
    assert statuses and statuses <= set(specs["get_flight_status"].fields[""].values or ())
    assert specs["calculate"].fields[""].type == "number"
    assert specs["find_user_id_by_email"].fields[""].type == "id"


@pytest.mark.shared
def test_field_types_match_the_traces(results, specs: dict[str, ToolSpec]) -> None:
    wrong: dict[tuple[str, str], list[str]] = defaultdict(list)
    for tool, _args, result in results:
        for path, field in specs[tool].fields.items():
            for v in resolve(result, path):
                if v is not None and not conforms(field.type, v):
                    if len(wrong[(tool, path)]) < 3:
                        wrong[(tool, path)].append(repr(v)[:60])
    assert not wrong, f"values that do not fit their contract type: {dict(wrong)}"


@pytest.mark.shared
def test_every_declared_path_occurs_in_the_traces(results, specs: dict[str, ToolSpec]) -> None:
    """No invented paths: each one occurs for the tool or for a tool of the same entity."""
    seen: dict[str, set[str]] = defaultdict(set)
    for tool, _args, result in results:
        for path in specs[tool].fields:
            if resolve(result, path):
                seen[specs[tool].entity].add(path)
    unseen = {
        (spec.name, path)
        for spec in specs.values()
        for path in spec.fields
        if path not in seen[spec.entity]
    }
    assert not unseen, f"contract paths never seen in the traces: {sorted(unseen)}"


@pytest.mark.shared
def test_every_top_level_result_field_is_declared(json_results, specs: dict[str, ToolSpec]) -> None:
    undeclared: set[tuple[str, str]] = set()
    for tool, _args, result in json_results:
        spec = specs[tool]
        if spec.kind.value == "list":
            prefix = "[][]." if tool == "search_onestop_flight" else "[]."
            objects, declared = resolve(result, prefix[:-1]), {p[len(prefix):] for p in spec.fields}
        elif "" in spec.fields:  # the whole result is typed as one value (here: a map)
            continue
        else:
            objects, declared = [result], set(spec.fields)
        for obj in objects:
            undeclared |= {(tool, k) for k in obj if k not in declared}
    assert not undeclared, f"result fields without a contract entry: {sorted(undeclared)}"


@pytest.mark.shared
def test_entity_and_item_keys_resolve_in_every_result(results, specs: dict[str, ToolSpec]) -> None:
    problems: list[str] = []
    for tool, args, result in results:
        spec = specs[tool]
        for path in spec.key:
            values = key_values(path, result, args)
            if len(values) != 1 or values[0] in (None, "") or isinstance(values[0], (dict, list)):
                problems.append(f"{tool}: key {path} -> {values!r}"[:120])
        if spec.kind.value == "list":
            keys = []
            for item in result:
                parts = tuple(resolve(item, p) for p in spec.item_key)
                if any(len(p) != 1 or p[0] is None for p in parts):
                    problems.append(f"{tool}: item_key {spec.item_key} missing in {str(item)[:60]}")
                keys.append(json.dumps(parts))
            if len(keys) != len(set(keys)):
                problems.append(f"{tool}: item_key {spec.item_key} not unique in one result")
    assert not problems, problems[:10]


@pytest.mark.shared
def test_list_and_map_item_keys_exist_on_every_item(json_results, specs: dict[str, ToolSpec]) -> None:
    problems: set[str] = set()
    for tool, _args, result in json_results:
        for path, field in specs[tool].fields.items():
            if not field.key:
                continue
            step = "[]" if field.type == "list" else "*"
            for item in resolve(result, f"{path}.{step}" if path else step):
                for k in field.key:
                    if resolve(item, k) in ([], [None]):
                        problems.add(f"{tool}: {path} item lacks {k}")
    assert not problems, sorted(problems)


@pytest.mark.shared
def test_map_keys_are_the_inner_ids(json_results, specs: dict[str, ToolSpec]) -> None:
    """`payment_methods` and `variants` are keyed by the id they hold: declaring `key` is sound."""
    for tool, _args, result in json_results:
        for path, field in specs[tool].fields.items():
            if field.type == "map" and field.key and len(field.key) == 1:
                for mapping in resolve(result, path):
                    for k, v in mapping.items():
                        assert v[field.key[0]] == k, f"{tool}: {path}[{k!r}]"


# --------------------------------------------------------------------------- broken contracts

VALID = "name: {name}\nkind: read\n"

BROKEN_CASES = {
    "unknown_top_level_key": (
        {"c.yaml": "name: t\nkind: read\ntypo_field: 1\n"},
        ("c.yaml", "typo_field", "Extra inputs are not permitted"),
    ),
    "unknown_field_key": (
        {"c.yaml": "name: t\nkind: read\nfields:\n  price: {type: money, typo_field: true}\n"},
        ("c.yaml", "fields.price.typo_field", "Extra inputs are not permitted"),
    ),
    "enum_without_values": (
        {"c.yaml": "name: t\nkind: read\nfields:\n  status: {type: enum}\n"},
        ("c.yaml", "fields.status", "an enum field needs `values`"),
    ),
    "display_outside_values": (
        {"c.yaml": "name: t\nkind: read\nfields:\n  s: {type: enum, values: [a], display: {b: B}}\n"},
        ("c.yaml", "fields.s", "`display` maps values that are not in `values`"),
    ),
    "list_without_item_key": (
        {"c.yaml": "name: t\nkind: list\n"},
        ("c.yaml", "<root>", "a list tool needs `item_key`"),
    ),
    "entity_without_key": (
        {"c.yaml": "name: t\nkind: read\nentity: order\n"},
        ("c.yaml", "<root>", "an entity needs a `key`"),
    ),
    "invalid_yaml": (
        {"c.yaml": "name: t\nkind: [read\n"},
        ("c.yaml", "<yaml>", "expected ',' or ']'"),
    ),
    "not_a_mapping": (
        {"c.yaml": "- name: t\n"},
        ("c.yaml", "<root>", "a contract is a mapping"),
    ),
    "duplicate_tool_name": (
        {"a.yaml": VALID.format(name="t"), "b.yaml": VALID.format(name="t")},
        ("b.yaml", "name", "tool 't' defined twice"),
    ),
    "unknown_field_type": (
        {"c.yaml": "name: t\nkind: read\nfields:\n  price: {type: moneyy}\n"},
        ("c.yaml", "fields.price.type", "Input should be 'id', 'string'"),
    ),
    "unknown_kind": (
        {"c.yaml": "name: t\nkind: lookup\n"},
        ("c.yaml", "kind", "Input should be 'read', 'list'"),
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN_CASES))
def test_broken_contract_names_file_field_and_problem(tmp_path: Path, case: str) -> None:
    files, (source, field, problem) = BROKEN_CASES[case]
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    specs, errors = check_contracts(tmp_path)
    assert len(errors) == 1, errors
    err = errors[0]
    assert isinstance(err, ContractError)
    assert (err.source, err.field) == (source, field)
    assert problem in err.problem
    assert str(err).startswith(f"{source}: {field}: ")
    with pytest.raises(ContractError):
        load_contracts(tmp_path)
    if case == "duplicate_tool_name":
        assert set(specs) == {"t"}  # the first definition stays


def test_one_broken_file_does_not_hide_the_others(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("name: a\nkind: read\ntypo_field: 1\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("name: b\nkind: read\nfields:\n  p: {type: moneyy}\n", encoding="utf-8")
    (tmp_path / "c.yaml").write_text(VALID.format(name="c"), encoding="utf-8")
    specs, errors = check_contracts(tmp_path)
    assert set(specs) == {"c"}
    assert [(e.source, e.field) for e in errors] == [("a.yaml", "typo_field"), ("b.yaml", "fields.p.type")]


def test_empty_directory_is_an_error(tmp_path: Path) -> None:
    specs, errors = check_contracts(tmp_path)
    assert specs == {}
    assert [(e.field, e.problem) for e in errors] == [("<dir>", "no *.yaml contract files")]


def test_a_contract_may_set_its_display_budget() -> None:
    from obsline.adapters.contract import parse_contract

    spec = parse_contract({"name": "tail_log", "kind": "read", "budget_tokens": "2_000"}, "tail_log.yaml").build()
    assert spec.budget_tokens == 2000
    assert parse_contract({"name": "x", "kind": "read"}, "x.yaml").build().budget_tokens is None


@pytest.mark.parametrize(("value", "problem"), [(0, "at least 256"), (-3, "at least 256"), ("big", "whole number"),
                                                 (1.5, "whole number"), (True, "whole number")])
def test_a_bad_display_budget_names_the_field_and_the_problem(value: Any, problem: str) -> None:
    from obsline.adapters.contract import parse_contract

    with pytest.raises(ContractError, match=f"x.yaml: budget_tokens: .*{problem}"):
        parse_contract({"name": "x", "kind": "read", "budget_tokens": value}, "x.yaml")
