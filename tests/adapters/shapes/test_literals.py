"""Python literals (BFCL prints) and JSON lines."""

from __future__ import annotations

import orjson

from obsline.adapters.shapes import read_shape


def test_bfcl_dict_with_an_unknown_repr_keeps_it_as_source_text() -> None:
    shaped = read_shape("{'result': mpf('2.0')}")
    assert shaped.name == "python_literal" and shaped.tree == {"result": "mpf('2.0')"}


def test_bfcl_list_of_strings() -> None:
    assert read_shape("['RMS', 'SBK', 'MPC']").tree == ["RMS", "SBK", "MPC"]


def test_calls_names_and_sets_stay_source_text_and_nothing_runs() -> None:
    tree = read_shape("{'d': datetime.date(2024, 1, 1), 'n': None, 'ok': True, 's': {1, 2}, "
                      "'x': __import__('os').system('echo hi'), 't': (1, -2.5)}").tree
    assert tree == {"d": "datetime.date(2024, 1, 1)", "n": None, "ok": True, "s": "{1, 2}",
                    "x": "__import__('os').system('echo hi')", "t": [1, -2.5]}


def test_values_json_cannot_hold_stay_text_so_the_tree_serialises() -> None:
    tree = read_shape("{'big': 123456789012345678901234567890, 'nan': float('nan'), 1: b'raw', 'inf': 1e999}").tree
    assert tree == {"big": "123456789012345678901234567890", "nan": "float('nan')", "1": "b'raw'", "inf": "1e999"}
    orjson.dumps(tree)


def test_deep_literal_is_cut_to_source_text_at_the_nesting_limit() -> None:
    tree = read_shape("[" * 40 + "'a'" + "]" * 40).tree  # single quotes: not JSON
    depth = 0
    while isinstance(tree, list):
        tree, depth = tree[0], depth + 1
    assert depth == 32 and isinstance(tree, str) and tree.startswith("[")


def test_literal_nested_past_the_parser_limit_is_text_without_an_exception() -> None:
    raw = "[" * 5000 + "]" * 5000
    assert read_shape(raw).name == "text"


def test_json_looking_text_that_is_neither_json_nor_python_is_text() -> None:
    assert read_shape('{"a": 1,').name == "text"


def test_json_lines_are_a_list_of_values() -> None:
    shaped = read_shape('{"event": "start", "n": 1}\n{"event": "stop", "n": 2}\n')
    assert shaped.name == "jsonl" and shaped.tree == [{"event": "start", "n": 1}, {"event": "stop", "n": 2}]
