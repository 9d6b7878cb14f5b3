"""Issue 23, item 5 (seed 001): typed fragments at every depth, enum display text beside the
code, and the seeds' date formats, with the format that matched in the fragment's source."""

from __future__ import annotations

import datetime as dt
from typing import Any

import orjson

from obsline.adapters.adapt import Limits, adapt
from obsline.adapters.contract import parse_contract
from obsline.core.models import RawEnvelope
from obsline.pipeline import Runner, Stages

ORDER = parse_contract({
    "name": "order_status_api", "kind": "read", "entity": "order", "key": ["order_id"],
    "fields": {
        "order_id": {"type": "id"},
        "status": {"type": "enum", "values": ["pending", "shipped", "delivered", "cancelled"],
                   "display": {"pending": "待支付", "shipped": "已发货", "delivered": "已签收", "cancelled": "已取消"}},
        "estimated_delivery": {"type": "date"},
        "logistics_info": {"type": "list"},
        "logistics_info[].time": {"type": "datetime"},
        "logistics_info[].event": {"type": "string"},
    },
}, "test").build()
CONTRACTS = {"order_status_api": ORDER}


def _adapted(raw: dict[str, Any]):
    env = RawEnvelope.parse({"task_id": "t", "step_id": 0, "action_id": "a", "tool": "order_status_api",
                             "raw": orjson.dumps(raw).decode()})
    return adapt(env, CONTRACTS, Limits()).adapted


def _fragment(adapted, name: str):
    return next(f for f in adapted.fragments if f.name == name)


RAW = {"order_id": "12345", "status": "shipped", "estimated_delivery": "15 Jun 2024",
       "logistics_info": [{"time": "2024-06-10T08:23:11Z", "event": "Package picked up"},
                          {"time": "2024-06-11T14:05:44Z", "event": "In transit to destination"}]}


def test_a_seed_date_format_is_parsed_and_the_format_recorded() -> None:
    fragment = _fragment(_adapted(RAW), "estimated_delivery")
    assert fragment.value == dt.date(2024, 6, 15) and fragment.confidence == 0.90
    assert fragment.source == "order_status_api:estimated_delivery (format %d %b %Y)"


def test_the_text_shown_keeps_the_tools_date_and_times() -> None:
    env = {"task_id": "t", "step_id": 0, "action_id": "a", "tool": "order_status_api", "raw": orjson.dumps(RAW).decode()}
    obs = next(Runner(Stages(contracts=CONTRACTS)).run([orjson.dumps(env)])).observation
    assert "15 Jun 2024" in obs.text and "2024-06-10T08:23:11Z" in obs.text


def test_enum_display_text_is_shown_beside_the_code() -> None:
    adapted = _adapted(RAW)
    assert adapted.data["status"] == "shipped" and adapted.data["status_display"] == "已发货"
    assert list(adapted.data)[:3] == ["order_id", "status", "status_display"]


def test_a_nested_parse_failure_lowers_the_confidence_of_its_field() -> None:
    bad = {**RAW, "logistics_info": [{"time": "not a time", "event": "lost"}, RAW["logistics_info"][1]]}
    assert _fragment(_adapted(RAW), "logistics_info").confidence == 0.90  # its times were parsed (seed 001)
    assert _fragment(_adapted(bad), "logistics_info").confidence == 0.1
