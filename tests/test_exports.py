"""Each package ``__init__`` that defines ``__all__`` exports exactly its public names."""

from __future__ import annotations
import __future__

import importlib
import types

import pytest

PACKAGES = ["obsline", "obsline.core", "obsline.adapters", "obsline.aligner", "obsline.sinks", "obsline.stores", "obsline.streams"]


def _package(name: str) -> types.ModuleType:
    try:
        module = importlib.import_module(name)
    except ImportError as exc:  # an optional package whose dependencies are absent
        pytest.skip(f"{name} not importable: {exc}")
    if not hasattr(module, "__all__"):
        pytest.skip(f"{name} defines no __all__")
    return module


def _public(module: types.ModuleType) -> set[str]:
    names = set()
    for name, value in vars(module).items():
        if name.startswith("_") or isinstance(value, types.ModuleType):
            continue  # private names and submodules are not exports
        if isinstance(value, __future__._Feature):
            continue  # ``from __future__ import annotations``
        names.add(name)
    return names


@pytest.mark.parametrize("name", PACKAGES)
def test_all_names_exist_and_are_unique(name: str) -> None:
    module = _package(name)
    exported = list(module.__all__)
    assert len(exported) == len(set(exported)), "duplicates in __all__"
    for item in exported:
        assert isinstance(item, str)
        assert hasattr(module, item), f"{name}.__all__ names missing {item!r}"


@pytest.mark.parametrize("name", PACKAGES)
def test_all_lists_exactly_the_public_names(name: str) -> None:
    module = _package(name)
    exported = {n for n in module.__all__ if not n.startswith("_")}
    assert exported == _public(module)


@pytest.mark.parametrize("name", PACKAGES)
def test_star_import_gives_exactly_all(name: str) -> None:
    module = _package(name)
    namespace: dict = {}
    exec(f"from {name} import *", namespace)  # noqa: S102
    namespace.pop("__builtins__", None)
    assert set(namespace) == set(module.__all__)
