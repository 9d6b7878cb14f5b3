"""A shape owns what it means: no module outside adapters/shapes/ tests a shape's name.

They ask ``shapes.meaning(name)`` instead (origin, JSON-likeness, how errors show, budget
unit, file key, renderer), so adding a shape is its module and its tests. Found with ``ast``:
a comparison of something named like a shape (``a.shape``, ``shape``, ``shaped.name``) with a
shape's name, or a set of names one of which is a shape's, held by a name saying ``SHAPES``.
"""

from __future__ import annotations

import ast
from pathlib import Path

from obsline.adapters.shapes import BY_NAME, JSON, SHAPES, meaning

ROOT = Path(__file__).resolve().parents[3]
SHAPE_NAMES = frozenset(BY_NAME) - {"text"} | {JSON}  # "text" is also every text's fallback word


def _names(node: ast.AST) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Set | ast.Tuple | ast.List):
        return {e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("frozenset", "set", "tuple") and node.args:
        return _names(node.args[0])
    return set()


def _about_a_shape(node: ast.AST) -> bool:
    text = ast.unparse(node)
    return "shape" in text.lower()


def offences(source: str, where: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            named = set().union(*(_names(s) for s in sides)) & SHAPE_NAMES
            if named and any(_about_a_shape(s) for s in sides if not _names(s)):
                found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Assign) and any("SHAPE" in ast.unparse(t).upper() for t in node.targets):
            if _names(node.value) & SHAPE_NAMES:
                found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_module_outside_shapes_names_a_shape():
    found = []
    for path in sorted((ROOT / "obsline").rglob("*.py")):
        if "shapes" in path.relative_to(ROOT).parts:
            continue
        found += offences(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == [], "ask shapes.meaning(name) instead:\n" + "\n".join(found)


def test_the_check_finds_a_name_test_and_a_set_of_names():
    assert offences('if a.shape == "file_view": pass\n', "m.py")
    assert offences('_OUTSIDE_SHAPES = frozenset({"html", "markdown"})\n', "m.py")
    assert offences('ok = shaped.name in ("python_literal", "jsonl")\n', "m.py")
    assert not offences('if meaning(a.shape).names_file: pass\nkind = "html"\n', "m.py")


def test_every_shape_has_a_meaning_and_untrusted_is_its_origin():
    for shape in SHAPES:
        assert meaning(shape.name) is shape.meaning
        assert shape.meaning.untrusted == (shape.meaning.origin == "outside")
    assert {s.name for s in SHAPES if s.meaning.untrusted} == {"html", "markdown", "documents"}
    assert meaning("no-such-shape") == meaning("text") and meaning(JSON).json_like
