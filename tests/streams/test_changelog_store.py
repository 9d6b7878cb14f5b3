"""The batch engine's per-partition Store: dirty rows and the baseline count kept as rows change."""

from __future__ import annotations

from obsline.streams.changelog import Store
from obsline.streams.state import row_key


def test_baseline_rows_are_counted_through_writes_deletes_and_restore() -> None:
    store = Store()
    b1, b2, other = row_key("t1", "baselines", "a"), row_key("t1", "baselines", "b"), row_key("t1", "facts", "e")
    store[b1] = b"1"
    store[b1] = b"2"  # a rewrite is not a new baseline
    store[b2] = b"1"
    store[other] = b"1"
    assert store.baselines == 2
    del store[b1]
    assert store.baselines == 1
    assert store.take_dirty() == {b1: None, b2: b"1", other: b"1"}
    restored = Store()
    for key, value in [(b1, b"1"), (b2, b"1"), (b1, None), (b1, None), (other, b"x")]:
        restored.load(key, value)
    assert restored.baselines == 1 and restored.dirty == {}
    assert restored.baselines == sum(1 for k in restored if b"\x1fbaselines\x1f" in k)


def test_observation_rows_of_a_batch_are_written_before_its_baselines() -> None:
    # A crash leaves a prefix of the changelog: a baseline that holds a record must never be
    # in it without the record's observation row (the replay would fold against itself).
    store = Store()
    base, o1, o2 = row_key("t", "baselines", "k"), row_key("t", "o", "1/a"), row_key("t", "o", "2/b")
    store[base] = b"after 1"  # record 1 folds ...
    store[o1] = b"obs 1"
    store[base] = b"after 2"  # ... record 2 rewrites the same baseline, still dirty from record 1
    store[o2] = b"obs 2"
    assert list(store.take_dirty()) == [o1, o2, base]
    assert store.take_dirty() == {}
