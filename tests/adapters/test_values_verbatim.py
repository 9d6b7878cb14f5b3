"""Issue 23, item 4: values are never rewritten (logs, CSV, noise, conflicts, latest_by, NaN)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import orjson

from obsline.adapters.contract import Extract
from obsline.adapters.noise import nudged
from obsline.adapters.shapes import read_shape
from obsline.aligner.align import same_number
from obsline.core.models import Status
from obsline.pipeline import Runner, Stages


def _observe(raw: str, tool: str = "read_log"):
    env = {"task_id": "t", "step_id": 0, "action_id": "a0", "tool": tool, "raw": raw}
    return next(Runner(Stages.default()).run([orjson.dumps(env)])).observation


def test_a_timestamped_log_without_a_trailing_newline_is_a_log_and_keeps_its_times() -> None:
    raw = "2025-01-01T10:00:00Z service=demo level=ERROR code=DB_TIMEOUT\n2025-01-01T10:00:05Z service=demo level=INFO ok"
    assert read_shape(raw).name == "log" and read_shape(raw + "\n").name == "log"
    obs = _observe(raw)
    assert "10:00:00Z" in obs.text and "10:0:00Z" not in obs.text and obs.status is Status.SUCCESS


def test_one_dated_line_is_a_log_line_not_an_error() -> None:  # seed 002's demo.log
    obs = _observe("2025-01-01T10:00:00Z service=demo level=ERROR code=DB_TIMEOUT\n")
    assert obs.metadata["shape"] == "log" and obs.status is Status.SUCCESS


def test_comma_milliseconds_are_a_log_not_a_csv() -> None:
    raw = "2025-01-01 10:00:00,123 INFO app started\n2025-01-01 10:00:01,456 WARN slow disk\n2025-01-01 10:00:02,789 INFO ok"
    assert read_shape(raw).name == "log"
    assert all(line in _observe(raw).text for line in raw.split("\n"))


def test_noise_keeps_the_decimal_form() -> None:
    assert str(nudged(Decimal("194.03"), 1.0123456)) == "196.43"
    assert nudged(12, 1.02) == 12 and repr(nudged(9.99, 1.01)) == "10.09"


def test_numbers_are_compared_as_numbers_for_conflicts() -> None:
    assert same_number("9.99", "9.990") and same_number("1e3", "1000")
    assert not same_number("9.99", "9.98") and not same_number("W1", "W1 ")


def test_a_price_read_as_9_99_and_9_990_is_no_conflict() -> None:
    lines = [orjson.dumps({"task_id": "t", "step_id": i, "action_id": f"a{i}", "tool": tool,
                           "args": {"product_id": "p1"}, "raw": raw})
             for i, (tool, raw) in enumerate([("get_product_details", '{"product_id": "p1", "price": 9.99}'),
                                               ("get_item", '{"product_id": "p1", "price": "9.990"}')])]
    assert all(not p.observation.conflicts for p in Runner(Stages.default()).run(lines))


def test_latest_by_ignores_unparseable_times_and_says_so() -> None:
    from obsline.adapters.adapt import _extracted

    items = [{"time": "2024-06-10T08:23:11Z", "event": "picked up"}, {"time": "yesterday", "event": "lost"},
             {"time": "15 Jun 2024", "event": "delivered"}, {"time": 1718000000, "event": "scanned"}]
    extract = Extract(strategy="latest_by", by="time", **{"as": "latest"})
    fragment = _extracted("order_api", "logistics_info", extract, items, "order:1")
    assert fragment.value["event"] == "delivered"
    assert "ignored 1 unparseable time: yesterday" in fragment.source


def test_times_parse_in_the_seeds_formats() -> None:
    from obsline.adapters.times import parse_date, sort_key

    assert parse_date("15 Jun 2024") == (dt.date(2024, 6, 15), "%d %b %Y")
    assert parse_date("2024/06/15") == (dt.date(2024, 6, 15), "%Y/%m/%d")
    assert parse_date("06/07/2024") is None  # June 7 or July 6: left unparsed
    assert sort_key("yesterday") is None


def test_nan_and_infinity_are_shown_as_written() -> None:
    obs = _observe('{"a": NaN, "b": Infinity, "c": -Infinity}', tool="get_stats")
    assert "NaN" in obs.text and "Infinity" in obs.text and "-Infinity" in obs.text
