"""Any text gives exactly one shape and never an exception; the registry's order holds."""

from __future__ import annotations

import time

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.adapters.shapes import BY_NAME, SHAPES, read_shape, render_shape
from obsline.adapters.status import detect_status

_PIECES = st.sampled_from([
    "[File: /a.py (3 lines total)]", "1:x", "(2 more lines above)", "Traceback (most recent call last):",
    '  File "a.py", line 1, in f', "    x()", "ValueError: v", "\tat a.B.c(B.java:1)", "    at f (/a.js:1:2)",
    "<returncode>", "</returncode>", "<output>", "</output>", "Exit code: 2", "diff --git a/x b/x", "+++ b/x",
    "--- a/x", "@@ -1 +1 @@", 'Found 2 matches for "q" in /r:', "a.py:1:x", "1. Title", "ID: d1", "Content: c",
    "2024-01-01 10:00:00 INFO x", "Key: value", "a,b,c", "# H", "<html>", "{'a': 1}", "[1, 2", "{", "", " ",
])


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=300), st.lists(_PIECES, max_size=12).map("\n".join)))
def test_any_text_gives_one_shape_a_serialisable_tree_and_a_rendering(text: str) -> None:
    shaped = read_shape(text)
    assert shaped.name in BY_NAME
    orjson.dumps(shaped.tree)
    rendered = render_shape(shaped.name, shaped.tree)
    assert rendered is None or isinstance(rendered, str)


def test_text_is_the_last_resort_and_names_are_unique() -> None:
    assert SHAPES[-1].name == "text"
    assert len(BY_NAME) == len(SHAPES)


def test_a_huge_text_is_read_without_an_exception() -> None:
    raw = "\n".join(f"{i}:line {i}" for i in range(1, 50_000))
    assert read_shape(f"[File: /big.py (50000 lines total)]\n{raw}").name == "file_view"
    assert read_shape("x" * 1_000_000).name == "text"


@pytest.mark.parametrize("raw", [
    "<returncode>1</returncode>" + "<output>" * 10_000,
    "<exception>" * 20_000,
    "Error x\n    at " + "a:" * 100_000,
    "{'a': " * 3000 + "1" + "}" * 3000,
    "a: " * 100_000,
    "Traceback (most recent call last):\n" + '  File "a.py", line 1, in f\n    x()\n' * 20_000 + "E: e",
])
def test_pathological_texts_are_read_in_linear_time(raw: str) -> None:
    start = time.process_time()
    read_shape(raw)
    detect_status(None, raw, http_status=None, error_hint=None, shape="text", tree=raw)
    assert time.process_time() - start < 5.0
