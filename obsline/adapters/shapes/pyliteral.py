"""Python literals as Python tools print them (BFCL: ``{'result': mpf('2.0')}``, ``['RMS', 'SBK']``).

Parsed with ``ast`` (never ``eval``). Anything that is not a plain literal (a call such as
``mpf('2.0')`` or ``datetime.date(2024, 1, 1)``, a name, a set, bytes, a float that JSON cannot
hold, an int past 64 bits) is kept as its source text, so nothing is lost and nothing runs.
"""

from __future__ import annotations

import ast
import math

from obsline.adapters.shapes.base import Meaning, Tree

MAX_CHARS = 1 << 20  # the raw size limit: larger texts never reach the shapes
MAX_DEPTH = 32  # the walk's nesting limit; deeper literals stay source text
_INT64 = 1 << 63


class PythonLiteral:
    name = "python_literal"
    meaning = Meaning(json_like=True, error_content="none", own_renderer=False)  # an API's output, like JSON

    def detect(self, text: str, head: str) -> bool:
        start = head.lstrip()[:1]
        return start in ("{", "[", "(") and ("'" in head or "(" in head or "None" in head
                                            or "True" in head or "False" in head)

    def parse(self, text: str) -> Tree | None:
        if len(text) > MAX_CHARS:
            return None
        try:
            node = ast.parse(text.strip(), mode="eval").body
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            return None
        if not isinstance(node, ast.Dict | ast.List | ast.Tuple):
            return None
        source = text.strip()
        return _tree(node, source, 0)

    def render(self, tree: Tree) -> str | None:
        return None


def _tree(node: ast.AST, source: str, depth: int) -> Tree:
    if depth < MAX_DEPTH:
        if isinstance(node, ast.Dict):
            return _dict_tree(node, source, depth)
        if isinstance(node, ast.List | ast.Tuple):
            return [_tree(item, source, depth + 1) for item in node.elts]
    if isinstance(node, ast.Constant):
        return _constant(node, source)
    if _is_negative_number(node):
        return _as_written(-node.operand.value, node, source)  # type: ignore[attr-defined]
    return _source(node, source)


def _dict_tree(node: ast.Dict, source: str, depth: int) -> Tree:
    out: dict[str, Tree] = {}
    for key, value in zip(node.keys, node.values, strict=True):
        name = _key(key, source)
        out[name] = _tree(value, source, depth + 1)
    return out


def _constant(node: ast.Constant, source: str) -> Tree:
    """None, a bool or a string as it is; a number JSON can hold as written; else its source."""
    constant = node.value
    if constant is None or isinstance(constant, bool | str):
        return constant
    if isinstance(constant, int) and -_INT64 <= constant < _INT64 or (
            isinstance(constant, float) and math.isfinite(constant)):
        return _as_written(constant, node, source)
    return _source(node, source)


def _is_negative_number(node: ast.AST) -> bool:
    """``-5``, ``-1.5``: a minus before a number JSON can hold."""
    if not (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant)):
        return False
    inner = node.operand.value
    return isinstance(inner, int | float) and not isinstance(inner, bool) and (
        isinstance(inner, float) and math.isfinite(inner) or -_INT64 <= -inner < _INT64)


def _source(node: ast.AST, source: str) -> str:
    """A node kept as its source text (a call, a name, a set, a number JSON cannot hold)."""
    return ast.get_source_segment(source, node) or ast.unparse(node)


def _as_written(number: int | float, node: ast.AST, source: str) -> Tree:
    """The number, or its source text where the number would not write back as it came
    (``0.00``, ``1e3``, ``1_000``, ``0x1F``): no value is rewritten."""
    text = ast.get_source_segment(source, node)
    return number if text is None or repr(number) == text else text


def _key(key: ast.AST | None, source: str) -> str:
    if key is None:  # {**other}
        return "**"
    if isinstance(key, ast.Constant) and isinstance(key.value, str):
        return key.value
    return ast.get_source_segment(source, key) or ast.unparse(key)
