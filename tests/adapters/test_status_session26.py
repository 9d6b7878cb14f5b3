"""Session 26: defects found while making status detection cheap."""

from __future__ import annotations

import pytest

from obsline.adapters.status import detect_status
from obsline.core.models import Status


@pytest.mark.parametrize("value", ["¹", "²", "3²", "¼"])
@pytest.mark.parametrize("shape", [
    lambda v: {"$type": {"Code": v}},
    lambda v: {"status": v, "message": "x"},
    lambda v: {"retry_after": v, "message": "slow down"},
    lambda v: {"error": "rate limited", "retry_after": v},
])
def test_a_digit_that_is_no_decimal_is_read_as_text_not_a_crash(value: str, shape: object) -> None:
    """``"¹".isdigit()`` is true but ``int("¹")`` raises: a code or a wait written so (found by the twin
    test's hypothesis run) crashed the adapter. Numbers are read from decimal digits only."""
    result = detect_status(shape(value), None, http_status=None, error_hint=None)  # type: ignore[operator]
    assert result.status in set(Status)


def test_a_type_slot_that_holds_a_number_is_no_crash() -> None:
    """``{"__type": 0, ...}``: the AWS type slot read as a string (found by the flat-record twin test)."""
    result = detect_status({"__type": 0, "errorDetail": "aborted"}, None, http_status=None, error_hint=None)
    assert result.status in set(Status)
