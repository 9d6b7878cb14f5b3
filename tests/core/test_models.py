"""The envelope: the hand-checked fast path builds exactly what full validation builds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from obsline.core.errors import EnvelopeError
from obsline.core.models import RawEnvelope

json_scalar = st.none() | st.booleans() | st.integers(-10, 10) | st.floats(allow_nan=False, width=32) | st.text(max_size=5)
envelopes = st.fixed_dictionaries(
    {"task_id": st.text(min_size=1, max_size=5), "step_id": st.integers(0, 50),
     "action_id": st.text(min_size=1, max_size=5), "tool": st.text(min_size=1, max_size=5), "raw": json_scalar},
    optional={"args": st.none() | st.dictionaries(st.text(max_size=3), json_scalar, max_size=3),
              "ts": st.none() | st.integers(0, 2_000_000_000) | st.floats(0, 2e9),
              "error": st.none() | st.booleans(), "http_status": st.none() | st.integers(100, 599),
              "query_ts": st.none() | st.integers(0, 9) | st.floats(0, 9), "user_intent": st.none() | st.text(max_size=3),
              "tool_version": st.none() | st.text(max_size=3), "meta": st.dictionaries(st.text(max_size=3), json_scalar, max_size=2),
              "tenant": st.none() | st.text(max_size=3), "extra_field": json_scalar},
)


@given(envelopes)
def test_fast_path_equals_full_validation(data):
    fast, full = RawEnvelope.parse(data), RawEnvelope.model_validate(data)
    assert list(fast.model_dump().items()) == list(full.model_dump().items())  # values and field order
    assert fast.model_fields_set == full.model_fields_set


def test_unknown_fields_are_kept_in_meta():
    env = RawEnvelope.parse({"task_id": "t", "step_id": 0, "action_id": "a", "tool": "x", "raw": "", "bench": 1})
    assert env.meta == {"bench": 1}


@pytest.mark.parametrize(("patch", "field"), [
    ({"step_id": "3"}, "step_id"), ({"step_id": -1}, "step_id"), ({"task_id": ""}, "task_id"),
    ({"tool": None}, "tool"), ({"ts": "yesterday"}, "ts"), ({"args": [1]}, "args"),
])
def test_bad_envelopes_name_the_field(patch, field):
    data = {"task_id": "t", "step_id": 0, "action_id": "a", "tool": "x", "raw": "", **patch}
    with pytest.raises(EnvelopeError) as exc:
        RawEnvelope.parse(data)
    assert any(p.startswith(field) for p in exc.value.problems), exc.value.problems


def test_iso_timestamps_become_epoch_seconds():
    env = RawEnvelope.parse({"task_id": "t", "step_id": 0, "action_id": "a", "tool": "x", "raw": "",
                             "ts": "2023-11-14T22:13:20Z"})
    assert env.ts == 1_700_000_000.0
