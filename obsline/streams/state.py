"""Per-task stage state in Faust tables, one row per sub-key instead of one row per task.

The stage functions take their task's state as a mapping of sections (``{"baselines": ...,
"shown": ...}``). Writing a whole task's state back after every record would send the
whole, ever-growing state to the changelog each time: quadratic in the task's length.
Instead each section is a ``TableView``: a dict-like window on the rows
``<task>\\x1f<section>\\x1f<key>`` of a table (task and key escaped: ``encode_part``), loaded on first use and written back on
``flush()`` only when changed. The stage code is the same as in-process, where the sections
are plain dicts.
"""

from __future__ import annotations

from typing import Any

import orjson

SEP = b"\x1f"
_MISSING = object()


def encode_part(part: str) -> bytes:
    """An id as one row-key part: ``%`` and the separator escaped, so no task id can reach into
    another task's rows (task ``a\x1fbaselines`` once shared a prefix with task ``a``)."""
    data = part.encode()
    if b"%" in data or SEP in data:  # rare: most ids pay two scans
        data = data.replace(b"%", b"%25").replace(SEP, b"%1F")
    return data


def decode_part(data: bytes) -> str:
    if b"%" in data:
        data = data.replace(b"%1F", SEP).replace(b"%25", b"%")
    return data.decode()


def row_key(task: str, section: str, key: str = "") -> bytes:
    return encode_part(task) + SEP + section.encode() + SEP + encode_part(key)


def task_prefix(task: str) -> bytes:
    return encode_part(task) + SEP


_SECTION_PARTS: dict[str, bytes] = {}


def _section_part(section: str) -> bytes:
    """``section\x1f`` (+ the empty key's part), as ``row_key`` makes it: a handful of names, kept."""
    part = _SECTION_PARTS.get(section)
    if part is None:
        part = _SECTION_PARTS[section] = section.encode() + SEP + encode_part("")
    return part


class TableView:
    """One section of one task's state, as the dict operations the stages use."""

    def __init__(self, table: Any, task: str, section: str, prefix: bytes | None = None) -> None:
        self._table = table
        self._prefix = row_key(task, section) if prefix is None else prefix  # (given: TaskState's, the same bytes)
        self._rows: dict[str, Any] = {}
        self._loaded: dict[str, bytes | None] = {}

    def get(self, key: str, default: Any = None) -> Any:
        if key in self._rows:
            return self._rows[key]
        if key in self._loaded:  # known absent
            return default
        raw = self._table.get(self._prefix + encode_part(key))
        self._loaded[key] = raw
        if raw is None:
            return default
        value = self._rows[key] = orjson.loads(raw)
        return value

    def __getitem__(self, key: str) -> Any:
        value = self.get(key, _MISSING)
        if value is _MISSING:
            raise KeyError(key)
        return value

    def __setitem__(self, key: str, value: Any) -> None:
        self._rows[key] = value

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.get(key, _MISSING) is not _MISSING

    def setdefault(self, key: str, default: Any) -> Any:
        value = self.get(key, _MISSING)
        if value is _MISSING:
            self._rows[key] = value = default
        return value

    def flush(self) -> int:
        """Write back the rows that changed (rows handed out may have been mutated in place)."""
        written = 0
        for key, value in self._rows.items():
            data = orjson.dumps(value)
            if data != self._loaded.get(key):
                self._table[self._prefix + encode_part(key)] = data
                self._loaded[key] = data
                written += 1
        return written


class TaskState(dict[str, TableView]):
    """A stage state: named sections, each a ``TableView`` of the same table."""

    def __init__(self, table: Any, task: str, sections: tuple[str, ...]) -> None:
        # The task's part of the row key escaped once, not once per section (a dozen a record).
        base = task_prefix(task)
        super().__init__({s: TableView(table, task, s, base + _section_part(s)) for s in sections})

    def flush(self) -> int:
        return sum(view.flush() for view in self.values())


def delete_tasks(table: Any, tasks: set[str]) -> int:
    """Delete every row of these tasks (a changelog tombstone each); one pass over the keys."""
    prefixes = tuple(task_prefix(t) for t in tasks)
    doomed = [k for k in list(table.keys()) if isinstance(k, bytes) and k.startswith(prefixes)]
    for key in doomed:
        del table[key]
    return len(doomed)


def count_rows(table: Any, section: str) -> int:
    marker = SEP + section.encode() + SEP
    return sum(1 for k in table.keys() if isinstance(k, bytes) and marker in k)
