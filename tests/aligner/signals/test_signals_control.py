"""``Signals.completed`` (a record's Control with its loop signals set, field by field) against
its plain twin ``completed_reference`` (``dataclasses.replace``): the same Control, every field."""

from __future__ import annotations

import dataclasses

from hypothesis import given
from hypothesis import strategies as st

from obsline.aligner.signals import Signals
from obsline.core.models import Control

small = st.one_of(st.none(), st.dictionaries(st.sampled_from("nkst"), st.integers(0, 3), max_size=2))
strings = st.lists(st.text(max_size=3), max_size=2)
controls = st.builds(Control, suspicious=st.booleans(), suspicious_reasons=strings, untrusted_paths=strings,
                     redactions=st.lists(st.dictionaries(st.text(max_size=2), st.text(max_size=2), max_size=1),
                                         max_size=1),
                     invalid_utf8=st.booleans(), noise=st.lists(st.dictionaries(st.text(max_size=2), st.integers(),
                                                                                max_size=1), max_size=1),
                     repeat_of=small, breaker=small, retry=small)


@given(control=controls, repeat_of=small, breaker=small, retry=small)
def test_completed_agrees_with_dataclasses_replace(control: Control, repeat_of: dict | None, breaker: dict | None,
                                                   retry: dict | None) -> None:
    found = Signals("c", [], repeat_of, breaker, retry)
    fast, plain = found.completed(control), found.completed_reference(control)
    if plain is None:
        assert fast is None
        return
    assert fast is not None
    for f in dataclasses.fields(Control):
        assert getattr(fast, f.name) is getattr(plain, f.name), f.name


def test_every_control_field_is_carried() -> None:
    """A field added to Control and not to ``completed`` fails here (it would be its default)."""
    control = Control(**{f.name: object() for f in dataclasses.fields(Control)})  # each field its own value
    repeat = {"n": 2}
    done = Signals("c", [], repeat).completed(control)
    assert done is not None
    for f in dataclasses.fields(Control):
        assert getattr(done, f.name) is (repeat if f.name == "repeat_of" else getattr(control, f.name)), f.name
