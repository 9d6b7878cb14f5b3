"""A raw sent as a JSON value (not a string) keeps its numbers and constants as written (issue 23)."""

from __future__ import annotations

import pytest

from obsline.adapters.envelope import decode
from obsline.pipeline import Runner, Stages


def _line(raw: bytes) -> bytes:
    return b'{"task_id": "t", "step_id": 0, "action_id": "a", "tool": "get_reading", "raw": ' + raw + b"}"


@pytest.mark.parametrize(("raw", "shown"), [
    (b'{"a": NaN}', ["NaN"]),
    (b'{"hi": Infinity, "lo": -Infinity}', ["Infinity", "-Infinity"]),
    (b'{"price": 9.990, "fee": 1e3, "n": 1.5}', ["9.990", "1e3", "1.5"]),  # orjson alone: 9.99, 1000.0
    (b'[{"id": "r1", "v": NaN}, {"id": "r2", "v": 0.10}]', ["NaN", "0.10"]),
])
def test_a_structured_raw_is_shown_as_written(raw: bytes, shown: list[str]) -> None:
    text = next(iter(Runner(Stages.default()).run([_line(raw)]))).observation.text
    assert all(s in text for s in shown), text
    assert "nan" not in text.replace("NaN", "")  # no float's own spelling


def test_an_envelope_with_nan_outside_the_raw_is_still_read() -> None:
    env = decode(b'{"task_id": "t", "step_id": 0, "action_id": "a", "tool": "x", "raw": "ok", "meta": {"w": NaN}}')
    assert not hasattr(env, "reason"), env
