"""The atoms of the observation notation: one value as text, and which fields count as the
plain scalars of a record. Shared by the renderer (sinks) and the fold (aligner), which must
agree on both: a delta quotes old values as the renderer wrote them, and a reference to an
earlier record covers exactly the fields the renderer would have written."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from itertools import repeat
from typing import Any


def scalar(value: Any) -> str:
    """One value as text. Strings are bare unless that would be ambiguous in a row."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return value
    if isinstance(value, (Decimal, int, float)):
        return str(value)
    if isinstance(value, (dt.datetime, dt.date)):
        return value.isoformat()
    return str(value)




def cell(value: Any) -> str:
    """A value inside a space-separated row: quoted only when it must be.

    Space-separated, because o200k merges a leading space into a word's first token:
    the separator is then nearly free, where a comma costs a token of its own.
    """
    kind = type(value)
    text: str
    if kind is str:
        text = value
    elif kind in _NUMBERS:
        return str(value)
    elif value is None:
        return "-"
    elif kind in _TIMES:
        text = value.isoformat()
    else:
        return _structured_cell(value, kind)
    # A row separates cells by spaces: a cell with a space, quote, newline or tab is quoted.
    # (Four `in` tests in C: ~2.5x cheaper than a regex search on a short cell.)
    if text not in ("", "-") and not (" " in text or '"' in text or "\n" in text or "\t" in text):
        return text
    return quoted(text)


_TIMES = frozenset({dt.datetime, dt.date})


def _structured_cell(value: Any, kind: type) -> str:
    """A cell of a list, an object, a bool or any other value (``cell``'s rarer cases)."""
    if kind is list:
        return ";".join(cell(v) for v in value) if all(is_scalar(v) for v in value) else flow(value)
    if kind is dict:
        return flow(value)
    if kind is bool:  # (``scalar``'s cases of the usual typed values, without the call)
        return "true" if value else "false"
    text = scalar(value)  # (a str subclass's text is itself: not passed back to ``cell``)
    return quoted(text) if _needs_quotes(text) else text


def _needs_quotes(text: str) -> bool:
    """``cell``'s test (written inline there, its hot path): empty, a dash, or a space, quote,
    newline or tab inside."""
    return text in ("", "-") or " " in text or '"' in text or "\n" in text or "\t" in text


_STR_ONLY = frozenset({str})
_NUMBERS = frozenset({int, float, Decimal})


def cells(values: list[Any], types: frozenset[type] | set[type]) -> list[str]:
    """``[cell(v) for v in values]``, where ``types`` is the set of the values' types: a column
    of bare strings or of numbers is written at once, in C (the usual table column)."""
    if types == _STR_ONLY:
        if "" not in values and "-" not in values:
            joined = "\x00".join(values)  # (no cell's text can break a test over the whole column)
            if not (" " in joined or '"' in joined or "\n" in joined or "\t" in joined):
                return list(values)
    elif types <= _NUMBERS:
        return list(map(str, values))
    return list(map(cell, values))


def quoted(text: str) -> str:
    """``text`` as a quoted cell: its backslashes, quotes and newlines escaped."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def flow(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + " ".join(f"{k}={cell(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + " ".join(cell(v) for v in value) + "]"
    return cell(value)


RECORDS = (dict, list)  # the values that are records, not scalars


def is_scalar(value: Any) -> bool:
    return not isinstance(value, RECORDS)


def all_scalars(values: Any) -> bool:
    """``all(is_scalar(v) for v in values)``, in C (stops at the first record, as ``all`` does)."""
    return not any(map(isinstance, values, repeat(RECORDS)))


def is_plain_field(key: str, value: Any, untrusted: frozenset[str]) -> bool:
    """A top-level field written in a header line: a short scalar that is not outside text."""
    return not isinstance(value, RECORDS) and key not in untrusted and (
        not isinstance(value, str) or (len(value) <= 80 and "\n" not in value))


SCALARS = "$scalars"  # refs key for the group of plain top-level scalar fields


def scalar_group(data: dict[str, Any], untrusted: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The top-level fields ``render_body`` writes in its header lines (not in blocks)."""
    return {k: v for k, v in data.items() if is_plain_field(k, v, untrusted)}


def is_short(value: Any) -> bool:
    return not isinstance(value, str) or (len(value) <= 80 and "\n" not in value)
