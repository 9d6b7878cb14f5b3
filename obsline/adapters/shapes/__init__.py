"""Shapes of raw results without a contract: one module per shape behind one protocol
(``base.Shape``), tried from the most specific to the most general. JSON is read before any
of them (adapters/adapt.py: a raw starting with ``{``/``[`` that orjson parses is JSON and no
detector runs); a tool's contract, where it has one, wins over every shape."""

from __future__ import annotations

from dataclasses import dataclass

from obsline.adapters.shapes.base import HEAD, Meaning, Shape, Tree
from obsline.adapters.shapes.csv_table import CsvTable
from obsline.adapters.shapes.diff import Diff
from obsline.adapters.shapes.documents import Documents
from obsline.adapters.shapes.file_view import FileView
from obsline.adapters.shapes.html_page import HtmlPage
from obsline.adapters.shapes.jsonl import JsonLines
from obsline.adapters.shapes.key_value import KeyValue
from obsline.adapters.shapes.log import Log
from obsline.adapters.shapes.markdown import Markdown
from obsline.adapters.shapes.pyliteral import PythonLiteral
from obsline.adapters.shapes.search_hits import SearchHits
from obsline.adapters.shapes.shell import Shell
from obsline.adapters.shapes.text import Text
from obsline.adapters.shapes.tracebacks import Traceback

# Most specific first: a wrapper (shell) before what it wraps, a diff or a file view before
# the search hits or logs its lines may look like, text last.
SHAPES: tuple[Shape, ...] = (
    JsonLines(), PythonLiteral(), Shell(), Diff(), FileView(), SearchHits(), Traceback(),
    HtmlPage(), Documents(), CsvTable(), Log(), KeyValue(), Markdown(), Text(),
)
BY_NAME: dict[str, Shape] = {s.name: s for s in SHAPES}
JSON = "json"
TEXT = "text"
# A raw orjson parses is JSON before any shape is tried (adapters/adapt.py); it means this:
_JSON_MEANING = Meaning(json_like=True, error_content="none", own_renderer=False, path_addressable=True)
_MEANINGS: dict[str, Meaning] = {JSON: _JSON_MEANING, **{s.name: s.meaning for s in SHAPES}}


def meaning(name: str) -> Meaning:
    """What the shape called ``name`` means (a name no shape has now, from an older message,
    means what text does)."""
    return _MEANINGS.get(name) or _MEANINGS[TEXT]
_NESTED = ("output", "stdout", "stderr")  # a shell wrapper's sections have shapes of their own


@dataclass(frozen=True, slots=True)
class Shaped:
    name: str
    tree: Tree
    untrusted: bool


def read_shape(text: str) -> Shaped:
    """The first shape (in ``SHAPES`` order) whose detector and parser both accept the text.
    Never raises: a parser that fails on odd input declines, and text always fits. Windows
    line ends are read as ``\n`` (the text shown then has plain line ends)."""
    original = text
    if "\r\n" in text:
        text = text.replace("\r\n", "\n")
    head = text[:HEAD]
    for shape in SHAPES:
        if not shape.detect(text, head):
            continue
        try:
            tree = shape.parse(text)
        except (ValueError, TypeError, KeyError, IndexError, RecursionError, MemoryError):
            tree = None  # a parser's bug on odd input must not lose the record: next shape
        if tree is None:
            continue
        if shape.meaning.exit_status:  # a command's streams: each may hold a shape of its own
            tree = _nest(tree)
        return Shaped(shape.name, tree, shape.meaning.untrusted)
    return Shaped(TEXT, original, False)


def _nest(tree: dict[str, Tree]) -> dict[str, Tree]:
    """A shell section holding a shape of its own (a traceback, a file view) is that shape."""
    for key in _NESTED:
        value = tree.get(key)
        if isinstance(value, str) and value:
            inner = read_shape(value)
            if inner.name != TEXT and not meaning(inner.name).exit_status:
                tree[key] = {"shape": inner.name, "tree": inner.tree}
    return tree


def render_shape(name: str, tree: Tree) -> str | None:
    """The shape's own compact text for a (walked) tree, or None for the generic notation."""
    shape = BY_NAME.get(name)
    if shape is None:
        return None
    if isinstance(tree, dict):
        tree = {k: _render_nested(v) for k, v in tree.items()}
    return shape.render(tree)


def _render_nested(value: Tree) -> Tree:
    if isinstance(value, dict) and set(value) == {"shape", "tree"} and isinstance(value["shape"], str):
        return render_shape(value["shape"], value["tree"]) or ""
    return value


__all__ = ["BY_NAME", "JSON", "SHAPES", "TEXT", "Meaning", "Shape", "Shaped", "Tree", "meaning", "read_shape", "render_shape"]
