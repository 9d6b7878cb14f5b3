"""Replay-safe signal state: processing the same record twice gives the same signals.

On Kafka a record can be processed again after a crash (at-least-once) against a state that
already holds part of its first processing: the engine writes a record's state rows one by
one, and a worker killed between two of them leaves some written and others not. A count
read again after its own increment (a repeat "of itself", one error too many in a run) would
make the second observation differ from the first (faust: 1 run in 5 of the SIGKILL test).

So every signal row a record writes says who wrote it and what it replaced:
``{"v": value, "by": action, "p": value before}`` (``p`` absent: there was none), ``action``
being the record's step, action id and raw hash. Seen from that same record again, the row
reads as it was before (``p``); seen from any other record, as its value (``v``). Only the
last writer of a row can be replayed (records of a task are processed in order, the state is
a prefix of what was written), so one previous value is enough. Rows of a state written
before this scheme (no ``by``) read as they are.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from typing import Any

_MISSING = object()


def action_key(step: int, action: str, raw_sha: str | None) -> str:
    """A record's identity among its task's records; the raw's hash tells apart two records
    that reuse an action id (in-process, where nothing dedups them)."""
    return f"{step}/{action}/{(raw_sha or '')[:12]}"


def current(row: Any) -> Any:
    """A row's value as every other record sees it."""
    if row.__class__ is dict and "by" in row:
        return row.get("v")
    return row


def seen(rows: Any, key: str, by: str) -> Any:
    """Row ``key`` as record ``by`` sees it before it writes: what it replaced, if it wrote it
    already (a replay), else its value. None when absent. (The hot path's plain form of
    ``ActionRows.get``, for a row read once and written once per record.)"""
    row = rows.get(key)
    if row.__class__ is not dict or "by" not in row:
        return row
    return row.get("p") if row["by"] == by else row["v"]


def put(rows: Any, key: str, value: Any, by: str) -> None:
    """Write row ``key`` as record ``by``, stamped with what it replaced."""
    row = rows.get(key, _MISSING)
    if row is _MISSING:  # the first write of this row (most: a call's first execution)
        rows[key] = {"v": value, "by": by}
    elif row.__class__ is not dict or "by" not in row:  # written before rows were stamped
        rows[key] = {"v": value, "by": by, "p": row}
    elif row["by"] != by:
        rows[key] = {"v": value, "by": by, "p": row.get("v")}
    elif "p" in row:  # this record again (a replay): what it replaced the first time it ran
        rows[key] = {"v": value, "by": by, "p": row["p"]}
    else:
        rows[key] = {"v": value, "by": by}


def put_reference(rows: Any, key: str, value: Any, by: str) -> None:
    """The plain twin of ``put`` (tests/aligner/signals/test_signals_replay.py checks they agree)."""
    row = rows.get(key, _MISSING)
    stamped = {"v": value, "by": by}
    if row.__class__ is dict and row.get("by") == by:
        if "p" in row:
            stamped["p"] = row["p"]  # what this record replaced, the first time it ran
    elif row is not _MISSING:
        stamped["p"] = current(row)
    rows[key] = stamped


class ActionRows:
    """One signal section as one record sees it: rows as they were before this record wrote
    them, then its own writes. Writes are stamped with the record's key."""

    __slots__ = ("_by", "_mine", "_rows")

    def __init__(self, rows: MutableMapping[str, Any], by: str) -> None:
        self._rows, self._by = rows, by
        self._mine: set[str] | None = None  # keys written through this view (read back as written)

    def get(self, key: str, default: Any = None) -> Any:
        row = self._rows.get(key, _MISSING)
        if row is _MISSING:
            return default
        if row.__class__ is not dict or "by" not in row:
            return row  # written before rows were stamped
        if row["by"] != self._by or (self._mine is not None and key in self._mine):
            return row["v"]
        return row.get("p", default)  # this record's own earlier write (a replay): what it replaced

    def __bool__(self) -> bool:
        """Whether the section holds any row (an empty one: nothing to read, whoever reads)."""
        return bool(self._rows)

    def __getitem__(self, key: str) -> Any:
        value = self.get(key, _MISSING)
        if value is _MISSING:
            raise KeyError(key)
        return value

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.get(key, _MISSING) is not _MISSING

    def __setitem__(self, key: str, value: Any) -> None:
        put(self._rows, key, value, self._by)
        if self._mine is None:
            self._mine = set()
        self._mine.add(key)


class Latest:
    """A signal section as read after every record (a controller, a report): values only."""

    __slots__ = ("_rows",)

    def __init__(self, rows: Any) -> None:
        self._rows = rows

    def get(self, key: str, default: Any = None) -> Any:
        row = self._rows.get(key, _MISSING)
        return default if row is _MISSING else current(row)

    def __getitem__(self, key: str) -> Any:
        return current(self._rows[key])

    def __contains__(self, key: object) -> bool:
        return key in self._rows

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def items(self) -> Iterator[tuple[str, Any]]:
        return ((k, current(v)) for k, v in self._rows.items())


__all__ = ["ActionRows", "Latest", "action_key", "current", "put", "seen"]
