"""Issue 23: no value is ever rewritten, over every shape a raw is read as (``shapes.SHAPES`` and
JSON). Each strategy writes a raw of one shape from values it draws (numbers written as a float
would not write them, leading zeros, dates, NaN, words) and says which values it put in; the
property: the raw is read as that shape, and every value is in the observation's text exactly
as written. ``test_every_shape_is_covered`` fails when a shape is added without a strategy."""

from __future__ import annotations

import itertools
import json
import re

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.adapters.secrets import secret_key_kind
from obsline.adapters.shapes import JSON, SHAPES
from obsline.pipeline import Runner, Stages

_RUNNER = Runner(Stages.default())
_TASKS = itertools.count()
# Not a secret's key name ("secret=9.990" is hidden by design): this property is about display.
_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=7).filter(
    lambda w: secret_key_kind(w) is None)
_FLOATY = st.sampled_from(["9.990", "1e3", "1.50", "0.10", "100.0", "2.5E-3", "-0.0", "12345678901234567890",
                           "0.30000000000000004", "194.03"])
_NUMBER = st.one_of(st.integers(0, 99_999).map(str), st.decimals(0, 9999, places=2, allow_nan=False).map(str),
                    _FLOATY)
_LOOSE = st.one_of(_NUMBER, st.integers(0, 999).map(lambda n: f"{n:03d}"), st.just("NaN"), st.just("Infinity"))


@st.composite
def _time(draw: st.DrawFn) -> str:
    h, m, s = draw(st.integers(0, 23)), draw(st.integers(0, 59)), draw(st.integers(0, 59))
    tail = draw(st.sampled_from(["", "Z", ",123", ".050", "+08:00"]))
    return f"2025-01-{draw(st.integers(1, 28)):02d}{draw(st.sampled_from(['T', ' ']))}{h:02d}:{m:02d}:{s:02d}{tail}"


_SCALAR = st.one_of(_LOOSE, _WORD, _time())
Drawn = tuple[str, str, list[str]]  # (raw, the shape it must be read as, the values it holds)
_EXEC_SHAPES = {"traceback"}  # a program's crash is a shape only in the output of a tool that runs programs


def _keys(draw: st.DrawFn, n: int) -> list[str]:
    return draw(st.lists(_WORD, min_size=n, max_size=n, unique=True))


@st.composite
def _json(draw: st.DrawFn) -> Drawn:
    keys = _keys(draw, draw(st.integers(1, 5)))
    values = [draw(st.one_of(_NUMBER, st.just("NaN"), st.just("-Infinity"), _WORD, _time())) for _ in keys]
    body = ", ".join(f'"{k}": {v if _is_number(v) else json.dumps(v)}' for k, v in zip(keys, values, strict=True))
    return "{" + body + "}", JSON, values


def _is_number(text: str) -> bool:
    return text in ("NaN", "Infinity", "-Infinity") or re.fullmatch(r"-?\d+(\.\d+)?([eE][-+]?\d+)?", text) is not None


@st.composite
def _jsonl(draw: st.DrawFn) -> Drawn:
    rows, values = [], []
    for _ in range(draw(st.integers(2, 4))):
        key, value = draw(_WORD), draw(_NUMBER)
        rows.append(f'{{"{key}": {value}}}')
        values.append(value)
    return "\n".join(rows), "jsonl", values


@st.composite
def _pyliteral(draw: st.DrawFn) -> Drawn:
    keys = _keys(draw, draw(st.integers(1, 4)))
    values = [draw(st.one_of(_NUMBER, _WORD)) for _ in keys]
    body = ", ".join(f"'{k}': {v if _is_number(v) else repr(v)}" for k, v in zip(keys, values, strict=True))
    return "{" + body + ", 'done': None}", "python_literal", values


@st.composite
def _shell(draw: st.DrawFn) -> Drawn:
    values = draw(st.lists(_SCALAR, min_size=1, max_size=5))
    return f"<returncode>0</returncode>\n<output>\n{' '.join(values)}\n</output>", "shell", values


@st.composite
def _diff(draw: st.DrawFn) -> Drawn:
    name, old, new = draw(_WORD), draw(_NUMBER), draw(_NUMBER)
    raw = (f"diff --git a/{name}.py b/{name}.py\n--- a/{name}.py\n+++ b/{name}.py\n@@ -1 +1 @@\n"
           f"-price = {old}\n+price = {new}")
    return raw, "diff", [old, new]


@st.composite
def _file_view(draw: st.DrawFn) -> Drawn:
    values = draw(st.lists(_SCALAR, min_size=1, max_size=4))
    lines = [f"{i}:{draw(_WORD)} = {v}" for i, v in enumerate(values, start=1)]
    return f"[File: /src/{draw(_WORD)}.py ({len(values)} lines total)]\n" + "\n".join(lines), "file_view", values


@st.composite
def _search_hits(draw: st.DrawFn) -> Drawn:
    values = draw(st.lists(_LOOSE, min_size=2, max_size=4))
    return "\n".join(f"src/{draw(_WORD)}.py:{i}:x = {v}" for i, v in enumerate(values, start=1)), \
        "search_hits", values


@st.composite
def _traceback(draw: st.DrawFn) -> Drawn:
    line, value = draw(st.integers(1, 999)), draw(_LOOSE)
    raw = (f'Traceback (most recent call last):\n  File "/app/{draw(_WORD)}.py", line {line}, in run\n'
           f"    total = parse({value!r})\nValueError: could not convert string to float: '{value}'")
    return raw, "traceback", [str(line), value]


@st.composite
def _html(draw: st.DrawFn) -> Drawn:
    values = draw(st.lists(st.one_of(_LOOSE, _WORD), min_size=1, max_size=4))
    cells = "".join(f"<li>{draw(_WORD)}: {v}</li>" for v in values)
    return f"<html><body><h1>{draw(_WORD)}</h1><ul>{cells}</ul></body></html>", "html", values


@st.composite
def _documents(draw: st.DrawFn) -> Drawn:
    values, docs = [], []
    for rank in range(1, draw(st.integers(2, 3)) + 1):
        score, word = draw(_NUMBER), draw(_WORD)
        docs.append(f"{rank}. {word} title\nID: doc-{rank}\nScore: {score}\nContent: {word} costs {score}")
        values += [score, word]
    return "\n".join(docs), "documents", values


@st.composite
def _csv(draw: st.DrawFn) -> Drawn:
    width = draw(st.integers(2, 4))
    rows = [draw(st.lists(_LOOSE, min_size=width, max_size=width)) for _ in range(draw(st.integers(2, 4)))]
    raw = "\n".join([",".join(_keys(draw, width)), *(",".join(r) for r in rows)])
    return raw, "csv", [v for r in rows for v in r]


@st.composite
def _log(draw: st.DrawFn) -> Drawn:
    lines, values = [], []
    for _ in range(draw(st.integers(1, 5))):
        stamp, value = draw(_time()), draw(_LOOSE)
        lines.append(f"{stamp} {draw(st.sampled_from(['INFO', 'WARN', 'ERROR']))} {draw(_WORD)}={value}")
        values += [stamp.split(" ")[-1], value]
    return "\n".join(lines), "log", values


@st.composite
def _key_value(draw: st.DrawFn) -> Drawn:
    keys = _keys(draw, draw(st.integers(2, 5)))
    values = [draw(_SCALAR) for _ in keys]
    return "\n".join(f"{k.capitalize()}: {v}" for k, v in zip(keys, values, strict=True)), "key_value", values


@st.composite
def _yaml(draw: st.DrawFn) -> Drawn:  # YAML maps read as key-value lines: values as written too
    keys = _keys(draw, draw(st.integers(2, 4)))
    values = [draw(_LOOSE) for _ in keys]
    return "\n".join(f"{k}: {v}" for k, v in zip(keys, values, strict=True)), "key_value", values


@st.composite
def _nested_yaml(draw: st.DrawFn) -> Drawn:  # a YAML document with a list: read as text, whole
    values = draw(st.lists(_LOOSE, min_size=1, max_size=4))
    return f"{draw(_WORD)}: {draw(_WORD)}\nitems:\n" + "\n".join(f"  - {v}" for v in values), "text", values


_HTML_TAG_STARTS = ("html", "body", "head", "div", "table", "ul")  # the html shape's markers, after "<"


@st.composite
def _xml(draw: st.DrawFn) -> Drawn:  # XML with no HTML marker: read as text, whole
    values = draw(st.lists(_SCALAR, min_size=1, max_size=4))
    tags = draw(st.lists(_WORD.filter(lambda w: not w.startswith(_HTML_TAG_STARTS)), min_size=len(values),
                         max_size=len(values), unique=True))  # a <body> or <div> element would make it HTML
    body = "".join(f"<{k}>{v}</{k}>" for k, v in zip(tags, values, strict=True))
    return f'<?xml version="1.0"?>\n<record>{body}</record>', "text", values


@st.composite
def _markdown(draw: st.DrawFn) -> Drawn:
    values = draw(st.lists(_LOOSE, min_size=2, max_size=4))
    rows = "\n".join(f"| {draw(_WORD)} | {v} |" for v in values)
    return f"# {draw(_WORD).capitalize()}\n\n| name | value |\n|---|---|\n{rows}", "markdown", values


@st.composite
def _text(draw: st.DrawFn) -> Drawn:
    values = draw(st.lists(st.one_of(_LOOSE, _WORD), min_size=1, max_size=8))
    return " ".join([draw(_WORD), *values]), "text", values  # a word first: a bare number is JSON


STRATEGIES = {
    JSON: _json(), "jsonl": _jsonl(), "python_literal": _pyliteral(), "shell": _shell(), "diff": _diff(),
    "file_view": _file_view(), "search_hits": _search_hits(), "traceback": _traceback(), "html": _html(),
    "documents": _documents(), "csv": _csv(), "log": _log(), "key_value": st.one_of(_key_value(), _yaml()),
    "markdown": _markdown(), "text": st.one_of(_text(), _nested_yaml(), _xml()),
}


def test_every_shape_is_covered() -> None:
    assert set(STRATEGIES) == {JSON, *(s.name for s in SHAPES)}


@settings(max_examples=300, deadline=None)
@given(st.one_of(*STRATEGIES.values()))
def test_every_value_of_every_shape_is_shown_as_written(drawn: Drawn) -> None:
    raw, shape, values = drawn
    tool = "execute_bash" if shape in _EXEC_SHAPES else "read_data"
    env = {"task_id": f"t{next(_TASKS)}", "step_id": 0, "action_id": "a", "tool": tool, "raw": raw}
    obs = next(_RUNNER.run([orjson.dumps(env)])).observation
    assert obs.metadata.get("shape") == shape, (obs.metadata.get("shape"), raw)
    missing = [v for v in values if v not in obs.text]
    assert not missing, (shape, missing, obs.text)
