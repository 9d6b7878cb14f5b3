"""The fast constructors of the hottest messages and of adapt's results (``models.fast_new``'s
``__new__``) against their reference twin, the ``__init__`` that ``dataclass(frozen=True, slots=True)`` writes for the same fields:
same signature and defaults, every field set to what was passed, frozen, copied and pickled."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from obsline import pipeline
from obsline.adapters.adapt import AdaptResult, Content
from obsline.core import models

NEW = [models.Ids, models.Fragment, models.ErrorInfo, models.Control, models.Adapted, models.Conflict,
       models.Snapshot, models.Dedup, models.Observation, pipeline.Processed, AdaptResult, Content]
FAST = NEW


def constructor(cls: type) -> Any:
    """What ``cls(...)`` runs: ``fast_new``'s ``__new__`` (bound to the class), else ``__init__``."""
    return cls.__new__.__get__(cls) if cls in NEW else cls.__init__


def reference(cls: type) -> type:
    """The same fields as a dataclass that writes its own ``__init__``."""
    specs = [(f.name, f.type, dataclasses.field(default=f.default, default_factory=f.default_factory))
             for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass(f"Reference{cls.__name__}", specs, frozen=True, slots=True)


@pytest.mark.parametrize("cls", FAST, ids=lambda c: c.__name__)
def test_signature_is_the_dataclass_one(cls: type) -> None:
    fast = dict(inspect.signature(constructor(cls)).parameters)
    ref = dict(inspect.signature(reference(cls).__init__).parameters)
    fast.pop("self", None), ref.pop("self")
    assert list(fast) == list(ref)
    for name, f in ((f.name, f) for f in dataclasses.fields(cls)):
        if f.default is not dataclasses.MISSING:
            assert fast[name].default == f.default, name
        elif f.default_factory is not dataclasses.MISSING:  # a fresh factory value when not passed
            assert fast[name].default is (models._FACTORY if cls in NEW else None), name
        else:
            assert fast[name].default is inspect.Parameter.empty, name


values = st.one_of(st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=3),
                   st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@pytest.mark.parametrize("cls", FAST, ids=lambda c: c.__name__)
@given(data=st.data())
def test_every_field_is_set_as_the_reference_sets_it(cls: type, data: Any) -> None:
    names = [f for f in dataclasses.fields(cls)]
    required = [f for f in names if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    kwargs = {f.name: data.draw(values, label=f.name) for f in required}
    for f in names[len(required):]:
        if data.draw(st.booleans(), label=f"pass {f.name}"):
            value = data.draw(values, label=f.name)
            if value is not None or f.default_factory is dataclasses.MISSING or cls in NEW:
                kwargs[f.name] = value
    fast, ref = cls(**kwargs), reference(cls)(**kwargs)
    assert type(fast) is cls
    assert [getattr(fast, f.name) for f in names] == [getattr(ref, f.name) for f in names]
    positional = cls(*(getattr(fast, f.name) for f in names))
    assert positional == fast and copy.copy(fast) == fast and pickle.loads(pickle.dumps(fast)) == fast
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(fast, names[0].name, None)


def test_a_default_factory_gives_each_message_its_own_list() -> None:
    a, b = models.Dedup(models.DedupKind.NEW), models.Dedup(models.DedupKind.NEW)
    assert a.changed == [] and a.changed is not b.changed


def test_a_message_is_its_class_and_stays_frozen() -> None:
    ids = models.Ids("t", 1, "a")
    assert type(ids) is models.Ids and ids == models.Ids(task_id="t", step_id=1, action_id="a")
    assert hash(ids) == hash(models.Ids("t", 1, "a"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        ids.step_id = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        models.Ids("t", 1)  # type: ignore[call-arg]
