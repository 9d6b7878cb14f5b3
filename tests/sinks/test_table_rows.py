"""The budget cuts a table by the rows the renderer hands it (render.Table), never by reading
the table's text back."""

from __future__ import annotations

from obsline.sinks.budget import _fit_list
from obsline.sinks.render import build_table


def _leg(i: int) -> dict[str, str]:
    return {"flight": f"HAT{i:03}", "origin": f"JF{i}", "destination": f"LA{i}", "date": f"2024-05-{i % 28 + 1:02}"}


def test_a_repeated_long_row_is_shown_as_a_pointer_and_kept_written_out() -> None:
    grid = build_table("legs", [_leg(1), _leg(2), _leg(1)])
    assert grid.shown[2] == "(same as row 1)" and grid.rows[2] == grid.rows[0] == "HAT001 JF1 LA1 2024-05-02"
    items = [_leg(i) for i in range(40)] + [_leg(1)]
    lines, cuts = _fit_list("legs", items, "legs", 120, frozenset(), "json")
    assert cuts and lines[-1] == grid.rows[0]  # row 2, which it repeats, is cut: written out


def test_a_row_whose_cells_read_like_a_pointer_is_shown_as_it_is() -> None:
    # four cells that spell "(same as row 1)": the row's own text, not a pointer to row 1
    items = [{"a": f"v{i}", "b": "x", "c": "y", "d": "z"} for i in range(40)]
    items.append({"a": "(same", "b": "as", "c": "row", "d": "1)"})
    lines, cuts = _fit_list("rows", items, "rows", 120, frozenset(), "json")
    assert cuts
    assert lines[-1] == "(same as row 1)"


def _item(i: int, kind: str, amount: float = 40.0) -> dict[str, object]:
    return {"description": f"Basic Plan - Line 555-123-200{i}", "amount": amount, "kind": kind, "on": "2025-02-05"}


def test_a_cell_repeating_an_earlier_rows_cell_points_to_that_row_and_is_kept_written_out() -> None:
    rows = [_item(1, "Plan Charge"), _item(2, "Fee", 65.0), _item(1, "Plan Charge", 5.0)]
    grid = build_table("items", rows)
    assert grid.head == "items: description amount kind on=2025-02-05"
    assert grid.shown == ['"Basic Plan - Line 555-123-2001" 40.0 "Plan Charge"',
                          '"Basic Plan - Line 555-123-2002" 65.0 Fee',
                          "↑1 5.0 ↑1"]
    assert grid.rows[2] == '"Basic Plan - Line 555-123-2001" 5.0 "Plan Charge"'  # written out: row 1 may be cut
    items = [_item(i, "Fee", float(i)) for i in range(40)] + [_item(1, "Plan Charge", 5.0)]
    lines, cuts = _fit_list("items", items, "items", 120, frozenset(), "json")
    assert cuts and lines[-1] == grid.rows[2]


def test_a_mark_is_used_only_where_it_costs_fewer_tokens_and_a_value_like_a_mark_is_quoted() -> None:
    rows = [{"a": "Fee", "b": "x1"}, {"a": "Fee", "b": "↑1"}, {"a": "abc", "b": "x1"}, {"a": "Fee", "b": "x1"}]
    # "Fee" and "x1" are one token each, as cheap as a mark: written as they are
    assert build_table("t", rows).shown == ["Fee x1", 'Fee "↑1"', "abc x1", "Fee x1"]
