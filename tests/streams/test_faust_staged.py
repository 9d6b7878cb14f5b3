"""The faust engine's staged table rows (streams/topology.py ``StagedTable``): a take's writes
are seen by its later records, reach the table only in ``write``, each under its own event,
observation rows first."""

from __future__ import annotations

import weakref
from types import SimpleNamespace

from faust.streams import _current_event, current_event

from obsline.streams.state import row_key
from obsline.streams.topology import StagedTable


class Table(dict):
    """A table that notes the partition of the current event at each write, as faust's does."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[tuple[bytes, int]] = []

    def __setitem__(self, key, value) -> None:
        self.writes.append((key, current_event().message.partition))
        super().__setitem__(key, value)

    def __delitem__(self, key) -> None:
        self.writes.append((key, current_event().message.partition))
        super().__delitem__(key)


class _Event:  # what a table reads of faust's event (weakly referenced, as faust holds it)
    def __init__(self, partition: int) -> None:
        self.message = SimpleNamespace(partition=partition)


def _event(partition: int) -> _Event:
    return _Event(partition)


def test_a_takes_rows_are_read_back_staged_and_written_observations_first_under_their_own_event():
    table = Table()
    dict.__setitem__(table, b"gone", b"1")  # there before the take
    one, two = _event(1), _event(2)
    staged = StagedTable(table)
    baseline, observation = row_key("t1", "baselines", "k"), row_key("t2", "o", "0/a")
    _current_event.set(weakref.ref(one))
    staged[baseline] = b"b"
    del staged[b"gone"]
    _current_event.set(weakref.ref(two))
    staged[observation] = b"o"
    assert staged.get(baseline) == b"b" and b"gone" not in staged and staged.get(b"gone") is None
    assert baseline not in table and table[b"gone"] == b"1"  # nothing reached the table yet
    table.writes.clear()
    staged.write()
    assert table.writes == [(observation, 2), (baseline, 1), (b"gone", 1)]
    assert table == {baseline: b"b", observation: b"o"} and not staged.rows


def test_a_write_that_fails_midway_leaves_the_rest_for_the_retry():
    class Failing(Table):
        fail = True

        def __setitem__(self, key, value) -> None:
            if self.fail and key == b"second":
                self.fail = False
                raise OSError("store down")
            super().__setitem__(key, value)

    table, event = Failing(), _event(0)
    staged = StagedTable(table)
    _current_event.set(weakref.ref(event))
    staged[b"first"], staged[b"second"] = b"1", b"2"
    try:
        staged.write()
    except OSError:
        pass
    assert list(staged.rows) == [b"second"]
    staged.write()
    assert table == {b"first": b"1", b"second": b"2"}
