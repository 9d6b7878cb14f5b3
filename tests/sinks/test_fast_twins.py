"""Each fast path of stage 3 against its plain reference twin, on generated input:

- ``observe._text_tokens`` (the ``#N`` label counted apart, the rest memoised) against counting
  the whole text;
- ``budget.within`` (no tokenizer below the budget's bytes, a prefix probe above) against
  ``count_tokens(text) <= budget``;
- ``count_tokens`` with a memo and a prefix against the tokenizer on ``prefix + text``;
- ``render._all_same`` (a column the same in every row, from its cells) against ``render._same``
  value by value, ``render._table_rows`` (rows joined in C) against its row-by-row twin,
  ``notation.cells`` (a column at once) against ``cell`` by cell, and ``render._column_values``
  (rows of the same keys read at once) against each row's ``get``;
- the stages with their content memos on against the same stages with every memo off.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.core.codec import encode
from obsline.core.memo import Memo
from obsline.core.notation import cells, quoted, scalar
from obsline.core.tokens import count_tokens, exact_count
from obsline.pipeline import Runner, Stages
from obsline.sinks.budget import within
from obsline.sinks.observe import RenderMemo, _text_tokens, labelled
from obsline.sinks.render import _MISSING, _all_same, _column_values, _marked, _same, _table_rows, cell

TEXT = st.text(st.characters(codec="utf-8"), max_size=200)
WORDY = st.lists(st.sampled_from(["id", " ", "\n", "12", "#3", "é", "表", "status:", "ok", "-", "  ", "\t", "😀"]),
                 max_size=60).map("".join)


@settings(max_examples=300, deadline=None)
@given(number=st.integers(1, 100_000), unlabelled=st.one_of(TEXT, WORDY), extras=st.one_of(st.just(""), TEXT, WORDY))
def test_the_label_counted_apart_gives_the_whole_texts_count(number: int, unlabelled: str, extras: str) -> None:
    concise = labelled(number, unlabelled)
    text = f"{concise}\n{extras}" if extras else concise
    memo = RenderMemo(Memo(16), Memo(16), Memo(16))
    assert _text_tokens(text, unlabelled, extras, number, memo) == exact_count(text)
    assert _text_tokens(text, unlabelled, extras, number, memo) == exact_count(text)  # from the memo


@settings(max_examples=200, deadline=None)
@given(text=st.one_of(TEXT, WORDY, WORDY.map(lambda t: t * 20)), budget=st.integers(1, 120))
def test_within_agrees_with_counting(text: str, budget: int) -> None:
    assert within(text, budget) == (count_tokens(text) <= budget)


@settings(max_examples=200, deadline=None)
@given(texts=st.lists(st.one_of(TEXT, WORDY), min_size=1, max_size=6), prefix=st.sampled_from(["", " ", "#1 "]))
def test_memoised_counts_with_a_prefix_are_the_tokenizers(texts: list[str], prefix: str) -> None:
    memo: Memo[str, int] = Memo(4)
    for text in texts + texts:
        assert count_tokens(text, memo, prefix) == exact_count(prefix + text)


SCALAR = st.one_of(st.none(), st.booleans(), st.integers(-1000, 1000), st.sampled_from(
    ["ok", "pending", "2024-05-01", "$12.50", "error: not found", "line 1\nline 2\nline 3", "AKIAIOSFODNN7EXAMPLE"]))
RAW = st.one_of(
    st.dictionaries(st.sampled_from(["id", "status", "name", "total", "items", "note"]),
                    st.one_of(SCALAR, st.lists(st.dictionaries(st.sampled_from(["id", "qty"]), SCALAR, max_size=2),
                                               max_size=3)), max_size=5),
    st.sampled_from(["plain text result", "Traceback (most recent call last):\n  File \"x.py\"\nValueError: x",
                     "$ ls\nREADME.md\nsetup.py", "<html><body><p>hello</p></body></html>"]),
)
RECORD = st.tuples(st.sampled_from(["t1", "t2"]), st.sampled_from(["get_order_details", "search", "read_file"]),
                   st.one_of(st.none(), st.sampled_from([{"id": "o1"}, {"path": "a.py"}])), RAW)


def _replay(records: list[tuple], memo_entries: int) -> list[bytes]:
    lines = [orjson.dumps({"task_id": task, "step_id": i, "action_id": f"a{i}", "tool": tool, "args": args, "raw": raw})
             for i, (task, tool, args, raw) in enumerate(records)]
    return [encode(p.observation) for p in Runner(Stages.default(memo_entries=memo_entries)).run(lines)]


@settings(max_examples=40, deadline=None)
@given(st.lists(RECORD, min_size=1, max_size=8).map(lambda rs: rs + rs[: len(rs) // 2]))  # repeats: memo hits
def test_the_content_memos_change_no_observation(records: list[tuple]) -> None:
    assert _replay(records, 1024) == _replay(records, 0)


# Table cells: few distinct values, so columns and rows repeat (the marks, "(same as row N)").
CELL_VALUE = st.one_of(st.none(), st.booleans(), st.sampled_from([0, 1, 2, 0.0, -0.0, 1.5, float("nan")]),
                       st.sampled_from([Decimal("1.5"), Decimal("1.50"), dt.date(2024, 5, 1)]),
                       st.sampled_from(["1", "a", "-", "", "a b", "↑1", "HAT136 2024-05-20", "Austin, TX 78750"]),
                       st.just(_MISSING))


@settings(max_examples=400, deadline=None)
@given(values=st.lists(CELL_VALUE, min_size=1, max_size=6))
def test_all_same_from_the_cells_is_same_value_by_value(values: list[object]) -> None:
    texts = [cell(None if v is _MISSING else v) for v in values]
    assert _all_same(texts, set(map(type, values))) == all(_same(v, values[0]) for v in values)


@settings(max_examples=400, deadline=None)
@given(values=st.one_of(st.lists(CELL_VALUE.filter(lambda v: v is not _MISSING), min_size=1, max_size=6),
                        st.lists(st.sampled_from(["a", "b-c", "HAT136", "-", "", "x y", 'q"', "t\tu", "é"]), min_size=1),
                        st.lists(st.one_of(st.integers(), st.floats(), st.sampled_from([Decimal("1.50")])), min_size=1)))
def test_a_column_written_at_once_is_its_cells(values: list[object]) -> None:
    assert cells(values, set(map(type, values))) == [cell(v) for v in values]


ROW = st.dictionaries(st.sampled_from(["id", "name", "price"]), CELL_VALUE.filter(lambda v: v is not _MISSING),
                      min_size=0, max_size=3)


@settings(max_examples=300, deadline=None)
@given(rows=st.one_of(st.lists(ROW, min_size=1, max_size=5),
                      ROW.flatmap(lambda row: st.lists(st.just(row), min_size=1, max_size=4))))
def test_column_values_at_once_are_each_rows_values(rows: list[dict[str, object]]) -> None:
    columns = list(dict.fromkeys(key for row in rows for key in row))
    assert _column_values(rows) == [(col, [r.get(col, _MISSING) for r in rows]) for col in columns]


def _table_rows_plain(columns: list[list[str]], n: int, lead: tuple[str, list[str]] | None,
                      ) -> tuple[list[str], list[str]]:
    """``render._table_rows`` row by row: its reference twin."""
    written, shown = [], []
    first_seen: dict[str, int] = {}
    marked = [_marked(column) for column in columns]
    rows = zip(*columns, strict=True) if columns else [()] * n
    pointed_rows = zip(*marked, strict=True) if columns else [()] * n
    for i, (row, pointed) in enumerate(zip(rows, pointed_rows, strict=True)):
        line = " ".join(row)
        earlier = first_seen.setdefault(line, i + 1)
        same = f"(same as row {earlier})" if earlier != i + 1 and len(line) > 24 else " ".join(pointed)
        written.append(f"{lead[1][i]} {line}" if lead else line)
        shown.append(f"{lead[1][i]} {same}" if lead else same)
    return written, shown


@settings(max_examples=300, deadline=None)
@given(data=st.data(), n=st.integers(1, 7), width=st.integers(0, 4), led=st.booleans())
def test_table_rows_agree_with_their_row_by_row_twin(data: st.DataObject, n: int, width: int, led: bool) -> None:
    words = st.sampled_from(["a", "HAT136", "2024-05-20", "Austin-TX-78750-long-cell", "152", "-", "表"])
    columns = [data.draw(st.lists(words, min_size=n, max_size=n)) for _ in range(width)]
    lead = ("option", [str(i // 2 + 1) for i in range(n)]) if led else None
    assert _table_rows(columns, n, lead) == _table_rows_plain(columns, n, lead)


def _cell_plain(value: object) -> str:
    """``notation.cell`` with every value that is not a str, number, None, list or dict through
    ``scalar`` (its twin: ``cell`` writes bools, dates and datetimes without that call)."""
    if isinstance(value, (bool, dt.date)):
        text = scalar(value)
        if text and text != "-" and not (" " in text or '"' in text or "\n" in text or "\t" in text):
            return text
        return quoted(text)
    return cell(value)


class _Stamp(dt.datetime):
    def isoformat(self, sep: str = "T", timespec: str = "auto") -> str:
        return "a stamp"


TYPED = st.one_of(st.booleans(), st.dates(), st.datetimes(), st.datetimes(timezones=st.timezones()),
                  st.builds(_Stamp, st.integers(2000, 2030), st.integers(1, 12), st.integers(1, 28)),
                  st.none(), st.integers(), st.text(max_size=5))


@given(value=TYPED)
def test_cells_of_bools_and_dates_are_scalars_cells(value: object) -> None:
    assert cell(value) == _cell_plain(value)
    assert cell([value, value]) == ";".join([_cell_plain(value)] * 2)
