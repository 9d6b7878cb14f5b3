"""``iso``: the text datetime gives an epoch (UTC, milliseconds), by a faster road."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from obsline.sinks.observe import iso


def _datetime_text(epoch: float) -> str | None:
    try:
        moment = dt.datetime.fromtimestamp(epoch, dt.UTC)
    except (OverflowError, OSError, ValueError):
        return None
    return moment.isoformat("T", "milliseconds").replace("+00:00", "Z")


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_any_float_gives_datetime_s_text(epoch: float) -> None:
    assert iso(epoch) == _datetime_text(epoch)


@given(st.integers(min_value=-62_135_596_800, max_value=253_402_300_799),
       st.sampled_from([0.0, 0.0005, 0.0015, 0.4999995, 0.5000005, 0.9995, 0.9999995, 0.0000005]))
def test_rounding_at_microsecond_and_millisecond_edges(second: int, fraction: float) -> None:
    assert iso(second + fraction) == _datetime_text(second + fraction)
    assert iso(-second - fraction) == _datetime_text(-second - fraction)


def test_examples() -> None:
    assert iso(1700000000.001) == "2023-11-14T22:13:20.001Z"
    assert iso(-0.5) == "1969-12-31T23:59:59.500Z"
    assert iso(None) is None and iso(float("nan")) is None and iso(1e20) is None
