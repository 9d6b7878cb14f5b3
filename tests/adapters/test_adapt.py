"""The adapt stage: typed values, fragments with provenance, the confidence rule, entity ids."""

from __future__ import annotations

import datetime as dt
import hashlib
from decimal import Decimal
from typing import Any

import orjson
import pytest

from obsline.adapters.adapt import Limits, adapt
from obsline.adapters.contract import parse_contract
from obsline.contracts import load_contracts
from obsline.core.models import RawEnvelope, Status, ToolKind

CONTRACTS = load_contracts()

RESERVATION = {
    "reservation_id": "ZFA04Y", "user_id": "sara_doe_496", "origin": "SFO", "destination": "JFK",
    "flight_type": "one_way", "cabin": "economy",
    "flights": [{"flight_number": "HAT001", "date": "2024-05-20", "price": 152.5, "origin": "SFO",
                 "destination": "JFK"}],
    "passengers": [{"first_name": "Sara", "last_name": "Doe", "dob": "1990-04-12"}],
    "payment_history": [{"payment_id": "credit_card_7", "amount": 152.5}],
    "created_at": "2024-05-01T10:00:00", "total_baggages": 1, "nonfree_baggages": 0, "insurance": "no",
    "status": None,
}


def _env(raw: Any, tool: str, args: dict[str, Any] | None = None, step: int = 0) -> RawEnvelope:
    return RawEnvelope.parse({"task_id": "task-1", "step_id": step, "action_id": f"act-{step}", "tool": tool,
                              "raw": raw, "args": args})


def _adapt(raw: Any, tool: str, args: dict[str, Any] | None = None, contracts=CONTRACTS):
    return adapt(_env(raw, tool, args), contracts, Limits())


def _frag(adapted, name: str):
    found = [f for f in adapted.fragments if f.name == name]
    assert found, f"no fragment {name}"
    return found[0]


# A small custom contract to exercise the confidence rule.
CUSTOM = {"probe": parse_contract({
    "name": "probe", "kind": "read", "entity": "thing", "key": ["args.thing_id"],
    "fields": {
        "amount": {"type": "money"}, "when": {"type": "date"}, "at": {"type": "datetime"},
        "color": {"type": "enum", "values": ["red", "green"]},
        "size": {"type": "enum", "values": ["s", "m"], "display": {"s": "small", "m": "medium"}},
        "count": {"type": "int"}, "ratio": {"type": "number"}, "name": {"type": "string"},
        "pin": {"type": "string", "sensitive": True},
    },
}, "test").build()}


def test_reservation_money_is_decimal_and_dates_are_dates() -> None:
    adapted = _adapt(orjson.dumps(RESERVATION).decode(), "get_reservation_details",
                     {"reservation_id": "ZFA04Y"}).adapted
    flight = adapted.data["flights"][0]
    assert flight["price"] == Decimal("152.5") and isinstance(flight["price"], Decimal)
    assert flight["date"] == dt.date(2024, 5, 20) and type(flight["date"]) is dt.date
    assert adapted.data["passengers"][0]["dob"] == dt.date(1990, 4, 12)
    assert adapted.data["payment_history"][0]["amount"] == Decimal("152.5")
    assert adapted.data["created_at"] == dt.datetime(2024, 5, 1, 10, 0)
    assert adapted.data["total_baggages"] == 1
    assert adapted.kind is ToolKind.READ and adapted.status is Status.SUCCESS


def test_raw_given_as_json_value_is_typed_the_same_as_raw_text() -> None:
    as_text = _adapt(orjson.dumps(RESERVATION).decode(), "get_reservation_details").adapted
    as_value = _adapt(RESERVATION, "get_reservation_details").adapted
    assert as_text.data == as_value.data


def test_money_float_keeps_its_decimal_text_exactly() -> None:
    raw = dict(RESERVATION, flights=[dict(RESERVATION["flights"][0], price=0.1)])
    adapted = _adapt(raw, "get_reservation_details").adapted
    assert str(adapted.data["flights"][0]["price"]) == "0.1"


def test_fragments_carry_name_type_confidence_source_entity() -> None:
    adapted = _adapt(orjson.dumps(RESERVATION).decode(), "get_reservation_details").adapted
    cabin = _frag(adapted, "cabin")
    assert (cabin.type, cabin.value, cabin.confidence) == ("enum", "economy", 0.95)
    assert cabin.source == "get_reservation_details:cabin"
    assert cabin.entity_id == "reservation:ZFA04Y"
    assert {f.name for f in adapted.fragments} >= set(RESERVATION)
    for f in adapted.fragments:
        assert f.source.startswith("get_reservation_details:")
        assert f.entity_id == "reservation:ZFA04Y"
        assert f.type


def test_confidence_is_never_one() -> None:
    for raw, tool, args, contracts in [
        (RESERVATION, "get_reservation_details", None, CONTRACTS),
        ({"user_id": "u1", "name": {"first_name": "A", "last_name": "B"}}, "get_user_details",
         {"user_id": "u1"}, CONTRACTS),
        ({"amount": "$3.50", "when": "bad", "color": "blue", "size": "s", "count": "7"}, "probe",
         {"thing_id": "x"}, CUSTOM),
        ("plain text", "some_generic_tool", None, CONTRACTS),
    ]:
        for f in _adapt(raw, tool, args, contracts).adapted.fragments:
            assert 0.0 < f.confidence < 1.0, f


def test_direct_values_are_095_and_args_context_is_099() -> None:
    adapted = _adapt({"name": "bolt", "count": 3}, "probe", {"thing_id": "T-9"}, CUSTOM).adapted
    assert _frag(adapted, "name").confidence == 0.95
    assert _frag(adapted, "count").confidence == 0.95
    ctx = _frag(adapted, "thing_id")
    assert (ctx.value, ctx.confidence, ctx.type) == ("T-9", 0.99, "id")
    assert ctx.source == "probe:args.thing_id"
    assert ctx.entity_id == "thing:T-9"


def test_unknown_enum_becomes_UNKNOWN_at_low_confidence() -> None:
    adapted = _adapt({"color": "purple"}, "probe", {"thing_id": "x"}, CUSTOM).adapted
    color = _frag(adapted, "color")
    assert color.value == "UNKNOWN"
    assert color.confidence <= 0.6


def test_known_enum_with_display_is_parsed_confidence() -> None:
    adapted = _adapt({"size": "m", "color": "red"}, "probe", {"thing_id": "x"}, CUSTOM).adapted
    assert _frag(adapted, "color").confidence == 0.95
    assert 0.6 < _frag(adapted, "size").confidence < 0.95


@pytest.mark.parametrize(("field", "value"), [
    ("amount", "twelve dollars"), ("when", "next tuesday"), ("at", "yesterday"), ("count", "seven"),
    ("ratio", "a lot"),
])
def test_parse_failure_becomes_none_at_01(field: str, value: str) -> None:
    adapted = _adapt({field: value}, "probe", {"thing_id": "x"}, CUSTOM).adapted
    frag = _frag(adapted, field)
    assert frag.value is None
    assert frag.confidence == 0.1
    assert adapted.status is Status.SUCCESS  # a bad value does not fail the result


def test_money_text_is_parsed_at_lower_confidence() -> None:
    adapted = _adapt({"amount": "$3.50"}, "probe", {"thing_id": "x"}, CUSTOM).adapted
    frag = _frag(adapted, "amount")
    assert frag.value == Decimal("3.50")
    assert frag.confidence == 0.9


def test_sensitive_field_is_hidden_behind_a_placeholder() -> None:
    result = _adapt({"pin": "1234", "name": "n"}, "probe", {"thing_id": "x"}, CUSTOM)
    adapted = result.adapted
    assert adapted.data["pin"].startswith("[secret:sensitive#")
    assert [(r["path"], r["kind"]) for r in adapted.control.redactions] == [("pin", "sensitive")]
    assert all(f.value != "1234" for f in adapted.fragments)
    assert list(result.secrets.values()) == ["1234"]  # beside the message, for the vault


def test_entity_id_from_result_key() -> None:
    adapted = _adapt(RESERVATION, "get_reservation_details", {"reservation_id": "OTHER1"}).adapted
    assert adapted.entity_id == "reservation:ZFA04Y"  # the result wins over the call's argument


def test_entity_id_falls_back_to_args_when_result_omits_key() -> None:
    raw = {k: v for k, v in RESERVATION.items() if k != "reservation_id"}
    adapted = _adapt(raw, "get_reservation_details", {"reservation_id": "ZFA04Y"}).adapted
    assert adapted.entity_id == "reservation:ZFA04Y"


def test_entity_id_from_args_key() -> None:
    adapted = _adapt({"name": {"first_name": "A", "last_name": "B"}}, "get_user_details",
                     {"user_id": "sara_doe_496"}).adapted
    assert adapted.entity_id == "user:sara_doe_496"
    ctx = [f for f in adapted.fragments if f.source == "get_user_details:args.user_id"]
    assert len(ctx) == 1 and ctx[0].value == "sara_doe_496" and ctx[0].confidence == 0.99


def test_composite_args_key_joins_parts() -> None:
    adapted = _adapt('"sara_doe_496"', "find_user_id_by_name_zip",
                     {"first_name": "Sara", "last_name": "Doe", "zip": "94105"}).adapted
    assert adapted.entity_id == "user_lookup:Sara/Doe/94105"


def test_missing_key_gives_no_entity_and_generic_tool_has_none() -> None:
    assert _adapt({"name": "x"}, "get_user_details", None).adapted.entity_id is None
    generic = _adapt({"reservation_id": "ZFA04Y"}, "unknown_tool").adapted
    assert generic.entity_id is None and generic.kind is ToolKind.GENERIC


def test_bare_number_result_is_one_fragment() -> None:
    adapted = _adapt("42.5", "calculate", {"expression": "40 + 2.5"}).adapted
    assert adapted.entity_id == "calculation:40 + 2.5"
    result = _frag(adapted, "result")
    assert result.value == 42.5 and result.source == "calculate:$"


@pytest.mark.parametrize("raw", [
    orjson.dumps(RESERVATION).decode(), RESERVATION, "Error: reservation not found", "", "ünïcödé ✓",
    [1, 2, 3],
])
def test_raw_sha256_is_sha256_of_the_raw_bytes(raw: Any) -> None:
    result = _adapt(raw, "get_reservation_details")
    expected = raw.encode("utf-8") if isinstance(raw, str) else orjson.dumps(raw)
    assert result.raw_bytes == expected
    assert result.adapted.raw_sha256 == hashlib.sha256(expected).hexdigest()
    assert result.adapted.raw_bytes == len(expected)
    assert result.adapted.artifact.startswith("artifact://task-1/")
    assert result.adapted.artifact.endswith("/act-0")


def test_ids_and_args_travel_with_the_message() -> None:
    adapted = _adapt(RESERVATION, "get_reservation_details", {"reservation_id": "ZFA04Y"}).adapted
    assert (adapted.ids.task_id, adapted.ids.step_id, adapted.ids.action_id) == ("task-1", 0, "act-0")
    assert adapted.args == {"reservation_id": "ZFA04Y"}
    assert adapted.raw_tokens > 0


def test_adapt_is_pure() -> None:
    env = _env(orjson.dumps(RESERVATION).decode(), "get_reservation_details")
    assert adapt(env, CONTRACTS, Limits()) == adapt(env, CONTRACTS, Limits())


@pytest.mark.parametrize("as_text", [True, False])
def test_long_text_in_a_contracted_tool_is_kept_whole_whatever_the_raw_form(as_text: bool) -> None:
    raw = {**RESERVATION, "remarks": "long remark " * 500}  # 6,000 chars: the display budget decides
    adapted = _adapt(orjson.dumps(raw).decode() if as_text else raw, "get_reservation_details").adapted
    assert adapted.truncated is False
    assert adapted.data["remarks"] == raw["remarks"]
