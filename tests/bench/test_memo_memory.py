"""bench memo_memory measures what the memos keep: a text raw's content is about its own size."""

from __future__ import annotations

from bench.memo_memory import kept_bytes, text_raw


def test_a_memoised_text_raw_keeps_about_its_own_size() -> None:
    kept_bytes(text_raw(3))  # caches that outlive a record
    size, kept = kept_bytes(text_raw(400))
    assert size > 16_384 and 0.5 * size < kept < 3 * size
