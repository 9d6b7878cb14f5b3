"""CSV and TSV tables: a header row and rows of the same width become a list of rows, shown
as the generic table (one header, then one line per row)."""

from __future__ import annotations

import csv
import io

from obsline.adapters.shapes.base import Meaning, Tree
from obsline.adapters.shapes.key_value import is_field
from obsline.adapters.shapes.log import is_log_line

MAX_ROWS = 10_000


def _is_header(header: list[str]) -> bool:
    """Two or more distinct column names, none empty, none a sentence, none half of a call (lines of
    code, ``define( 'DB_NAME', 'x' );``, split at their arguments' commas), and not a field with its
    value (``When: 2025-01-01T00:00:00,123``: key-value lines whose values hold a comma)."""
    if len(header) < 2 or len(set(header)) != len(header) or is_field(header[0]):
        return False
    return not any(not h.strip() or " " in h.strip() and len(h) > 40 or _unbalanced(h) for h in header)


def _unbalanced(cell: str) -> bool:
    """A column name opens no bracket it does not close: a cell that does is half of a call."""
    return cell.count("(") != cell.count(")") or cell.count("[") != cell.count("]") or cell.count("{") != cell.count("}")


class CsvTable:
    name = "csv"
    meaning = Meaning(own_renderer=False)

    def detect(self, text: str, head: str) -> bool:
        first = head.split("\n", 1)[0]
        return "\n" in head and ("\t" in first or first.count(",") >= 1) and "{" not in first

    def parse(self, text: str) -> Tree | None:
        first = text.split("\n", 1)[0]
        if is_log_line(first):
            return None  # ``2025-01-01 10:00:00,123 INFO``: comma milliseconds, not a column
        delimiter = "\t" if "\t" in first else ","
        try:
            rows = list(csv.reader(io.StringIO(text.strip("\n")), delimiter=delimiter, strict=True))
        except csv.Error:
            return None
        if len(rows) < 3 or len(rows) > MAX_ROWS:
            return None
        header, body = rows[0], rows[1:]
        if not _is_header(header) or any(len(r) != len(header) for r in body):
            return None
        return {"rows": [dict(zip(header, row, strict=True)) for row in body]}

    def render(self, tree: Tree) -> str | None:
        return None
