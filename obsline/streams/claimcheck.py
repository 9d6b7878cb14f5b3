"""Claim checks: records too big for the broker go to a blob store, a small reference goes to Kafka.

A stage record is bigger than its raw (an ``Adapted`` holds the parsed data *and* its fragments,
a ``Snapshot`` the ``Adapted`` again), so a legal ~500 KB raw makes a ~1 MB fragments record,
and the broker refuses records over ``message.max.bytes`` (1,048,588 by default). Every value
the workers produce goes through one of these before it is sent:

* ``check`` (stage records, state rows): a value over ``MAX_VALUE_BYTES`` is written to
  ``<artifact_dir>/claims/<sha[:2]>/<sha256>`` (content-addressed, written once, atomically)
  and replaced by ``{"claim_check": {"sha256": ..., "bytes": n}, "schema_version": 1}``;
  ``resolve`` turns such a value back into the original bytes (faust agents, state restore).
* ``fit_observation`` (observations, read by agents that should not need the store): the
  observation's ``data`` moves to the claim store (``metadata.claim_check.data`` says where),
  and if it is still too big its ``text`` is cut, so every input still gets its observation.

The claim store is the workers' object store (``--store``: a folder, or S3 for a fleet), shared
by the workers that can own a partition, like the artifacts observations point into. A claim
is kept for the retention policy's ``claims`` TTL (8 days by default: longer than a topic's
default 7-day retention) after it was last written; a writer writes it again when it is half
that old, so a value that keeps coming back keeps its claim.
"""

from __future__ import annotations

import hashlib
import time
from pathlib import Path
from typing import Any

import orjson

from obsline.stores.objects import Objects
from obsline.stores.retention import Count, Retention

#: Values above this go to the claim store: the broker's default ``message.max.bytes``
#: (1,048,588) minus room for the key, headers, the record batch header, and lz4's worst case
#: on incompressible bytes.
MAX_VALUE_BYTES = 900_000
CLAIM_PREFIX = b'{"claim_check":'
SCHEMA_VERSION = 1
TEXT_CUT_NOTE = "\n[observation text cut: the record exceeded the broker's size limit; the raw is in evidence.artifact]"


class ClaimStore:
    """Content-addressed blobs under ``claims/`` of the store (a folder or an S3 prefix)."""

    def __init__(self, root: str | Path | Objects, retention: Retention | None = None, *, staged: bool = False) -> None:
        self.objects = root if isinstance(root, Objects) else Objects.open(root)
        self.ttl = (retention or Retention.from_env()).claims
        self.bytes_written = 0
        self._stored: dict[str, float] = {}  # sha -> when this process wrote it
        # staged (the batch engine): puts wait in ``pending`` for ``flush``, which the engine
        # retries before anything is sent, so a failing store never fails a record's transport
        self.staged = staged
        self.pending: dict[str, bytes] = {}

    @staticmethod
    def _key(sha: str) -> str:
        return f"claims/{sha[:2]}/{sha}"

    def put(self, data: bytes) -> dict[str, Any]:
        """Store the bytes before the claim check that names them is produced (durable on return)."""
        sha = hashlib.sha256(data).hexdigest()
        now = time.time()
        if now - self._stored.get(sha, -self.ttl) >= self.ttl / 2:  # new here, or half its TTL old: refreshed
            if self.staged:
                self.pending[sha] = data
            else:
                self._write(sha, data, now)
        return {"sha256": sha, "bytes": len(data)}

    def _write(self, sha: str, data: bytes, now: float) -> None:
        self.objects.put(self._key(sha), data)
        self._stored[sha] = now  # only once written: a failed write is tried again
        self.bytes_written += len(data)

    def flush(self) -> None:
        """Write the staged claims (raises ``StoreError``; what failed stays staged)."""
        for sha in list(self.pending):
            self._write(sha, self.pending[sha], time.time())
            del self.pending[sha]

    def sweep(self, now: float | None = None, shard: str = "") -> tuple[Count, Count]:
        """Delete the claims (whose hash starts with ``shard``) last written more than the TTL
        ago; return (held, swept)."""
        now = time.time() if now is None else now
        listed = self.objects.list(f"claims/{shard}")
        gone = [o for o in listed if o.modified < now - self.ttl]
        self.objects.delete(o.key for o in gone)
        return Count.of(listed) + Count(-len(gone), -sum(o.size for o in gone)), Count.of(gone)

    def get(self, claim: dict[str, Any]) -> bytes:
        data = self.objects.get(self._key(str(claim["sha256"])))
        if data is None:
            raise FileNotFoundError(f"claim {claim['sha256']} is not in {self.objects.url}")
        if hashlib.sha256(data).hexdigest() != claim["sha256"]:
            raise ValueError(f"claim {claim['sha256']} failed its hash check")
        return data


def is_claim(value: bytes | None) -> bool:
    return value is not None and value.startswith(CLAIM_PREFIX)


def check(value: bytes, store: ClaimStore, limit: int = MAX_VALUE_BYTES) -> bytes:
    """``value`` itself when it fits, else a claim check for it."""
    if len(value) <= limit:
        return value
    return orjson.dumps({"claim_check": store.put(value), "schema_version": SCHEMA_VERSION})


def resolve(value: bytes, store: ClaimStore) -> bytes:
    """The original bytes of a value that may be a claim check."""
    if not is_claim(value):
        return value
    return store.get(orjson.loads(value)["claim_check"])


class ClaimedTable:
    """A faust table whose rows are claim-checked like the batch engine's state rows: a row over
    ``MAX_VALUE_BYTES`` (a baseline holding a ~1 MB string) is written to the claim store and its
    claim check is what the table, and so its changelog, holds; reads resolve it. Without it the
    changelog record is over the producer's limit and the worker exits. A failing claim write
    raises ``StoreError`` before the row is set (the engine retries the write)."""

    def __init__(self, table: Any, store: ClaimStore) -> None:
        self.table, self.store = table, store

    def get(self, key: bytes, default: Any = None) -> Any:
        value = self.table.get(key)
        return default if value is None else resolve(value, self.store)

    def __getitem__(self, key: bytes) -> bytes:
        return resolve(self.table[key], self.store)

    def __setitem__(self, key: bytes, value: bytes) -> None:
        value = check(value, self.store)
        if self.store.pending:  # a staged store: the claim durable before the row (and its changelog) names it
            self.store.flush()
        self.table[key] = value

    def __delitem__(self, key: bytes) -> None:
        del self.table[key]

    def __contains__(self, key: object) -> bool:
        return key in self.table

    def keys(self) -> Any:
        return self.table.keys()


def fit_observation(encoded: bytes, store: ClaimStore, limit: int = MAX_VALUE_BYTES) -> bytes:
    """An encoded observation that fits under ``limit``: ``data`` to the claim store, then the
    text cut if needed. The same input gives the same bytes (replays stay exact)."""
    if len(encoded) <= limit:
        return encoded
    d = orjson.loads(encoded)
    if d.get("data") is not None:
        claim = store.put(orjson.dumps(d["data"]))
        d["data"] = None
        d["metadata"] = {**(d.get("metadata") or {}), "claim_check": {"data": claim}}
        encoded = orjson.dumps(d)
    text = d.get("text") if isinstance(d.get("text"), str) else ""
    while len(encoded) > limit and text:  # escapes make JSON longer than the text: cut until it fits
        keep = text.encode()[: max(0, len(text.encode()) - (len(encoded) - limit) - len(TEXT_CUT_NOTE) - 64)]
        text = keep.decode("utf-8", "ignore")
        d["text"] = text + TEXT_CUT_NOTE
        d["metadata"] = {**(d.get("metadata") or {}), "text_cut": "size_limit"}
        encoded = orjson.dumps(d)
    return encoded


__all__ = ["CLAIM_PREFIX", "MAX_VALUE_BYTES", "ClaimStore", "ClaimedTable", "check", "fit_observation", "is_claim", "resolve"]
