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
