"""Integers past 64 bits (orjson writes -2**63 .. 2**64 - 1 and reads a longer one as a rounded
float): a raw that holds one is read, shown and stored exactly, on every way a raw arrives, and
never becomes a stage_exception (hypothesis found `[-9223372036854775809, 0.0]` in
test_bad_input's any-input test)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.adapters.adapt import raw_as_bytes
from obsline.adapters.verbatim import LONG_DIGIT_RUN, holds_long_integer, holds_long_integer_bytes, writable
from obsline.core import codec
from obsline.core.models import RawEnvelope, Status
from obsline.pipeline import Runner, Stages

WIDE = [-(2**63) - 1, 2**64, 2**70, -(10**30), 10**25 + 7]
IN_RANGE = [-(2**63), 2**64 - 1, 2**63, 1234567890123456789]


def _line(raw: object) -> bytes:
    return json.dumps({"task_id": "t", "step_id": 1, "action_id": "a", "tool": "lookup", "raw": raw}).encode()


def _shown(line: bytes | RawEnvelope) -> str:
    runner = Runner(Stages.default(artifact_key=b"k" * 32))
    processed = runner.process(line) if isinstance(line, bytes) else runner.process(b"", decoded=line)
    codec.encode(processed.observation)
    assert processed.observation.status is Status.SUCCESS, processed.observation.text
    return processed.observation.text


@pytest.mark.parametrize("number", WIDE + IN_RANGE)
@pytest.mark.parametrize("form", ["value", "value with a float", "text", "text with a float", "jsonl"])
def test_an_integer_of_any_size_is_shown_as_written(number: int, form: str) -> None:
    raw: object = {
        "value": {"id": number, "name": "x"},
        "value with a float": [number, 0.0],
        "text": json.dumps({"id": number, "name": "x"}),
        "text with a float": json.dumps([number, 0.0]),
        "jsonl": "\n".join(json.dumps({"id": number + i, "n": i}) for i in range(3)),
    }[form]
    text = _shown(_line(raw))
    assert str(number) in text


@pytest.mark.parametrize("number", WIDE)
def test_an_in_process_raw_with_a_wide_integer_is_read(number: int) -> None:
    envelope = RawEnvelope(task_id="t", step_id=1, action_id="a", tool="lookup",
                           raw={"rows": [{"id": number}, {"id": 1}], "deep": [[[{"n": number}]]]})
    assert str(number) in _shown(envelope)


def test_the_raw_bytes_keep_the_integer_exactly() -> None:
    raw = {"a": [2**70, {"b": -(2**64)}], "c": 1.5}
    data, text, invalid, readable = raw_as_bytes(raw)
    assert json.loads(data) == raw and text is None and not invalid
    assert readable == {"a": [str(2**70), {"b": str(-(2**64))}], "c": 1.5}
    assert raw == {"a": [2**70, {"b": -(2**64)}], "c": 1.5}  # the caller's value is not changed


def test_writable_keeps_what_orjson_writes() -> None:
    value = {"n": [2**64 - 1, -(2**63), True, 1.0, None, "x", (1, 2**65)]}
    assert writable(value) == {"n": [2**64 - 1, -(2**63), True, 1.0, None, "x", [1, str(2**65)]]}


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from("0123456789a-.,\u0663 "), max_size=60))
def test_the_long_run_test_agrees_with_its_regex(text: str) -> None:
    expected = LONG_DIGIT_RUN.search(text) is not None
    assert holds_long_integer(text) is expected
    assert holds_long_integer_bytes(text.encode()) is expected


def test_the_regex_twin_reads_ascii_digits_only() -> None:
    assert not holds_long_integer("\u0663" * 19)
