"""A bounded memo for pure functions of content that repeats.

Agents re-read the same records: 3,371 of the 4,313 dev-trace raw results (78%) are byte-identical
to an earlier one, mostly in other tasks of the fleet. The stages are pure, so what they derive
from a raw's content alone (its typed tree, status, safety flags, token count, rendered body) can
be kept under a content key and reused; everything that depends on the task (ids, args, dedup
state) is still computed for every record. A memo of 0 entries turns this off.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

DEFAULT_ENTRIES = 1024  # per memo: distinct raws remembered (the dev traces have 942)

ContentKey = tuple[str, str, tuple[Hashable, ...]]
"""The one key of every memo of a raw's content: (tool, raw sha256, what else the memoised
value depends on, in an order its memo fixes). Tool and digest come first in every memo, so
two memos never disagree on what "the same content" is; a memo of a text (token counts) is
keyed by the text itself."""


def content_key(tool: str, raw_sha256: str, *depends: Hashable) -> ContentKey:
    return tool, raw_sha256, depends


K = TypeVar("K", ContentKey, str)  # a raw's content, or a text
V = TypeVar("V")


class Memo(Generic[K, V]):
    """Least-recently-used map of at most ``entries`` items, with hit counts for metrics."""

    __slots__ = ("entries", "hits", "misses", "_items")

    def __init__(self, entries: int) -> None:
        self.entries = entries
        self.hits = 0
        self.misses = 0
        self._items: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        value = self._items.pop(key, None)
        if value is None:
            self.misses += 1
            return None
        self._items[key] = value  # now the most recently used
        self.hits += 1
        return value

    def put(self, key: K, value: V) -> None:
        if self.entries <= 0:
            return
        if len(self._items) >= self.entries:
            del self._items[next(iter(self._items))]
        self._items[key] = value

    @property
    def hit_rate(self) -> float:
        """Share of lookups answered from the memo (0.0 before any)."""
        lookups = self.hits + self.misses
        return self.hits / lookups if lookups else 0.0

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        """Forget every item (the counts stay)."""
        self._items.clear()


class SizedMemo(Memo[K, V]):
    """A ``Memo`` bounded by the sizes its items were put with (the bytes of the raw each value
    was read from) instead of their count, for values too large to bound by count: a repeated
    20 kB read is not read and scanned again at every repeat, and a few large raws cannot fill
    the memory that 1,024 small ones would. ``entries`` is the budget, in those sizes; an item
    over a quarter of it is not kept."""

    __slots__ = ("used", "_sizes")

    def __init__(self, budget: int) -> None:
        super().__init__(budget)
        self.used = 0  # the sizes of the items kept
        self._sizes: dict[K, int] = {}

    def put(self, key: K, value: V, size: int = 1) -> None:
        if size > self.entries // 4:
            return
        if key in self._items:
            del self._items[key]
            self.used -= self._sizes.pop(key)
        while self.used + size > self.entries:  # the least recently used first
            oldest = next(iter(self._items))
            del self._items[oldest]
            self.used -= self._sizes.pop(oldest)
        self._items[key] = value
        self._sizes[key] = size
        self.used += size

    def clear(self) -> None:
        super().clear()
        self._sizes.clear()
        self.used = 0
