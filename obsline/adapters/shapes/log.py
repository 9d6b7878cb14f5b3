"""Logs: lines that start with a timestamp or a level. The tree counts lines by level (what
a summary over the budget reports); the lines themselves are shown as they are."""

from __future__ import annotations

import re

from obsline.adapters.shapes.base import Meaning, Tree

_LINE = re.compile(
    r"^\[?(?:\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|\d{2}:\d{2}:\d{2}|[A-Z][a-z]{2} [ \d]\d \d{2}:\d{2})"
    r"|^\[?(?P<level>TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|CRITICAL)\b")
_STAMP = re.compile(r"^\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?")
_LEVEL = re.compile(r"\b(TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|CRITICAL)\b")


def is_log_line(line: str) -> bool:
    """A line that starts with a date and time (``2025-01-01 10:00:00,123 INFO ...``)."""
    return _STAMP.match(line) is not None


class Log:
    name = "log"
    meaning = Meaning(words_at_edges=True)

    def detect(self, text: str, head: str) -> bool:
        return _LINE.match(head) is not None

    def parse(self, text: str) -> Tree | None:
        lines = [line for line in text.split("\n") if line.strip()]
        stamped = [line for line in lines if _LINE.match(line)]
        one_dated = len(lines) == 1 and _STAMP.match(lines[0]) is not None  # seed 002's demo.log
        if (len(stamped) < 2 and not one_dated) or len(stamped) < 0.6 * len(lines):
            return None
        return {"lines": len(lines), "levels": _levels(stamped), "log": text}

    def render(self, tree: Tree) -> str | None:
        return str(tree["log"])


def _levels(stamped: list[str]) -> dict[str, int]:
    """Lines by the level each names near its start (WARNING counted as WARN)."""
    levels: dict[str, int] = {}
    for line in stamped:
        level = _LEVEL.search(line[:64])
        if level:
            name = "WARN" if level[1] == "WARNING" else level[1]
            levels[name] = levels.get(name, 0) + 1
    return levels
