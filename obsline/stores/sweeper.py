"""The sweeper the workers run: what is past its TTL leaves the object store, a little at a time.

Every ``tick`` (the workers call it every ``OBSLINE_SWEEP_INTERVAL`` seconds, off their event
loop) handles one of 256 shards (the first two hex digits of a task's or a claim's hash) of the
index, the vault and the claims, and one folder of segments: a few LIST requests and the
deletes, never a read of what it deletes (names carry their expiry, ``stores/retention.py``).
A worker starts at a random shard, so a fleet of N workers goes round N times as fast; two
sweepers on one shard delete the same objects, which is harmless.

Held objects and bytes are counted on the way (the gauges sum the latest count of each shard
and segment folder), so ``obsline_store_objects`` and ``obsline_store_bytes`` trail the truth
by up to one cycle (256 ticks) and are exact for a store whose writes stopped a cycle ago.
"""

from __future__ import annotations

import logging
import random
import time
from typing import Any

from obsline.stores.artifacts import ArtifactStore
from obsline.stores.objects import StoreError
from obsline.stores.retention import Count
from obsline.stores.vault import SecretVault

SHARDS = tuple(f"{i:02x}" for i in range(256))
log = logging.getLogger("obsline.stores")


class Sweeper:
    def __init__(self, artifacts: ArtifactStore, vault: SecretVault | None = None, claims: Any = None,
                 metrics: Any = None, *, start: int | None = None) -> None:
        self.artifacts, self.vault, self.claims, self.metrics = artifacts, vault, claims, metrics
        self.turn = random.randrange(len(SHARDS)) if start is None else start
        self.held: dict[tuple[str, str], Count] = {}  # (kind, shard or segment folder) -> last count
        self.swept: dict[str, Count] = {}  # kind -> deleted so far by this sweeper

    def tick(self, now: float | None = None) -> dict[str, Count]:
        """Sweep the next shard and segment folder; return what went, by kind. A store that fails
        is logged and counted (``obsline_store_errors``): the next tick tries again."""
        now = time.time() if now is None else now
        shard = SHARDS[self.turn % len(SHARDS)]
        self.turn += 1
        swept: dict[str, Count] = {}
        for kind, sweep in self._sweeps(shard):
            try:
                swept[kind] = self._record(kind, sweep(now))
            except StoreError as exc:
                log.warning("sweeping %s failed (%s); the next sweep tries again", kind, exc)
                if self.metrics is not None:
                    self.metrics.store_error()
        self._report()
        return swept

    def cycle(self, now: float | None = None) -> dict[str, Count]:
        """Every shard once (``obsline store sweep``, a test)."""
        total: dict[str, Count] = {}
        for _ in SHARDS:
            for kind, count in self.tick(now).items():
                total[kind] = total.get(kind, Count()) + count
        return total

    def _sweeps(self, shard: str) -> list[tuple[str, Any]]:
        sweeps: list[tuple[str, Any]] = [("index", lambda now: (shard, *self.artifacts.sweep_index(now, shard))),
                                         ("segments", self._segments)]
        if self.vault is not None:
            sweeps.append(("vault", lambda now: (shard, *self.vault.sweep(now, shard))))  # type: ignore[union-attr]
        if self.claims is not None:
            sweeps.append(("claims", lambda now: (shard, *self.claims.sweep(now, shard))))
        return sweeps

    def _segments(self, now: float) -> tuple[str, Count, Count]:
        """Every folder past its hour deleted; one held folder (in turn) swept and counted."""
        expired, held, swept = self.artifacts.segment_folders(now)
        for folder in expired:
            swept += self.artifacts.sweep_folder(folder, now)[1]
            self.held.pop(("segments", folder), None)
        for key in [k for k in self.held if k[0] == "segments" and k[1] not in held]:
            del self.held[key]  # gone meanwhile (another sweeper)
        if not held:
            return "", Count(), swept
        folder = held[self.turn % len(held)]
        count, gone = self.artifacts.sweep_folder(folder, now)
        return folder, count, swept + gone

    def _record(self, kind: str, result: tuple[str, Count, Count]) -> Count:
        where, held, swept = result
        if where:
            self.held[(kind, where)] = held
        self.swept[kind] = self.swept.get(kind, Count()) + swept
        if self.metrics is not None and (swept.objects or swept.bytes):
            self.metrics.store_swept(kind, swept.objects, swept.bytes)
        return swept

    def holding(self) -> dict[str, Count]:
        """Objects and bytes held, by kind, as last counted."""
        total: dict[str, Count] = {}
        for (kind, _), count in self.held.items():
            total[kind] = total.get(kind, Count()) + count
        return total

    def _report(self) -> None:
        if self.metrics is None:
            return
        for kind, count in self.holding().items():
            self.metrics.store_held(kind, count.objects, count.bytes)


__all__ = ["SHARDS", "Sweeper"]
