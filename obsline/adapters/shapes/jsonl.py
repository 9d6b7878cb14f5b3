"""JSON lines: one JSON value per line (event streams, exports), numbers and constants as
written (adapters/verbatim.py)."""

from __future__ import annotations

from typing import Any

import orjson

from obsline.adapters.shapes.base import Meaning, Tree
from obsline.adapters.verbatim import holds_constant, holds_long_integer, rewrites_number, verbatim_json


class JsonLines:
    name = "jsonl"
    meaning = Meaning(json_like=True, error_content="none", own_renderer=False)  # an API's output, like JSON

    def detect(self, text: str, head: str) -> bool:
        start = head.lstrip()[:1]
        return start in ("{", "[") and "\n" in text.strip()

    def parse(self, text: str) -> Tree | None:
        values = []
        for line in text.split("\n"):
            if not line.strip():
                continue
            value = _line_value(line)
            if value is None:
                return None
            values.append(value)
        return values if len(values) >= 2 else None

    def render(self, tree: Tree) -> str | None:
        return None


def _line_value(line: str) -> dict[str, Any] | list[Any] | None:
    """One line's JSON object or array, numbers and constants as written; None when the line
    is not one."""
    if line.lstrip()[:1] not in ("{", "["):
        return None
    try:
        value = orjson.loads(line)
    except orjson.JSONDecodeError:
        if not holds_constant(line):
            return None
        value, ok = verbatim_json(line)  # NaN / Infinity, as written
        return value if ok else None
    if rewrites_number(line) or holds_long_integer(line):  # 0.00, 1e3, 2**64: numbers as written
        value = verbatim_json(line)[0]
    return value  # type: ignore[no-any-return]
