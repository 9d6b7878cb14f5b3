"""The artifact store: every raw response, readable only with its capability, on any object store.

Layout under the store's root (a local folder or an S3 bucket prefix, ``stores/objects.py``):
    segments/<hour>/x<ms>-<writer>-<n>           the raw bytes of one flush, end to end (written once),
                                                 held until <ms> (its folder: that hour since the epoch)
    index/<h[:2]>/<h>/x<ms>-<writer>-<n>.jsonl   one task's entries of that flush, h = sha256(task):
                                                 ref, task, sha256, size, stored_at, expires_at,
                                                 segment, offset; <ms> the last entry's expiry
    key                                          the signing key, when OBSLINE_ARTIFACT_KEY is not set

``put`` only stages (no I/O on the record path); ``flush`` writes the flush's segment, then its
index objects, concurrently, and returns once they are durable: a worker flushes before it
produces the batch's observations, so no observation points at bytes that are not stored, and
a crash before the flush leaves no index entry for them (the records are replayed). Bytes this
writer stored recently are not stored again (their entry points into the earlier segment).

A reference is ``artifact://<task>/<step>/<action>?sig=<hmac>`` (``obsline/core/ids.py``).
Reading needs the signed reference an observation carried (``authorize``): a made-up or another
store's reference is PERMISSION_DENIED. A reader finds a task's entries by listing its index
folder, so any worker or gateway with the store's URL (and key) reads what any other wrote.
An entry past its ``expires_at`` is expired (NOT_FOUND); its TTL is the retention policy's for
its task and tenant (``stores/retention.py``), stamped when written. The sweeper
(``stores/sweeper.py``) deletes index objects past the expiry in their name and segment folders
past their hold time, without reading them: a segment is held half its longest TTL past its
last entry's expiry, and bytes stored before are reused only while that covers the new entry.

``get`` and ``read_range`` return the raw *scrubbed*: every secret the task was shown as a handle
is that handle (the vault beside the store), so a read hands nothing back that the observation
hid. The raw as received needs the operator capability (``operator_capability()``, derived from
the key: whoever holds the store's key is its operator; the model-facing reads never pass it).
Local objects are owner-only (0600, folders 0700).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import secrets
import socket
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import orjson

from obsline.core.errors import ArtifactError, ErrorCode
from obsline.core.ids import PREFIX, parse_ref, unsigned, verify_ref
from obsline.sinks.ranges import Range, select
from obsline.stores.objects import Objects
from obsline.stores.retention import (
    DEFAULT_TTL_SECONDS,
    MIN_KEY_BYTES,
    Count,
    Retention,
    expiring_name,
    expiry_of,
    name_stamp,
    weak_key,
)
from obsline.stores.vault import SecretVault

KEY_ENV = "OBSLINE_ARTIFACT_KEY"
KEY_OBJECT = "key"
_OPERATOR = b"obsline-operator-unscrubbed-v1"
#: a ``put`` flushes by itself past this much staged: the engines flush every batch anyway.
FLUSH_BYTES = 8 * 1024 * 1024
FLUSH_ENTRIES = 4096
log = logging.getLogger("obsline.stores")


def artifact_key(root: str | Path | Objects, *, create: bool = True) -> bytes:
    """The workers' secret that signs references: ``OBSLINE_ARTIFACT_KEY``, else the store's
    ``key`` object (created once, 32 random bytes; workers sharing the store share it)."""
    env = os.environ.get(KEY_ENV)
    if env:
        if weak_key(env.encode()):
            log.warning("%s is weak (%d bytes%s): anyone who guesses it can forge artifact references; "
                        "use 32 random bytes (python -c 'import secrets; print(secrets.token_hex(32))')",
                        KEY_ENV, len(env), ", a common word" if len(env) >= MIN_KEY_BYTES else "")
        return env.encode()
    objects = root if isinstance(root, Objects) else Objects.open(root, create=create)
    if not create and objects.get(KEY_OBJECT) is None:
        if not objects.list("index/"):
            raise ArtifactError(ErrorCode.NOT_FOUND, f"{objects.url} is not an artifact store (no {KEY_OBJECT}, "
                                                     f"no index; or set {KEY_ENV})")
        return secrets.token_bytes(32)  # its key is not here: no reference verifies, none is written
    return _shared_secret(objects, KEY_OBJECT)


def _shared_secret(objects: Objects, name: str) -> bytes:
    """A random secret kept in the store itself, the same for every process that opens it."""
    for _ in range(50):
        found = objects.get(name)
        if found and found.strip():
            return found.strip()
        if found is None:
            objects.create(name, secrets.token_hex(32).encode())  # loses quietly to a faster writer
        else:
            time.sleep(0.01)  # another writer's file is not written yet
    raise ArtifactError(ErrorCode.UNKNOWN, f"store secret {name} in {objects.url} is empty")


@dataclass(frozen=True, slots=True)
class ArtifactEntry:
    ref: str
    task_id: str
    sha256: str
    size: int
    stored_at: float
    segment: str = ""
    offset: int = 0
    expires_at: float = 0.0  # 0: an entry written before TTLs were stamped (stored_at + the store's TTL)


def _task_folder(task_id: str) -> str:
    h = hashlib.sha256(task_id.encode()).hexdigest()
    return f"index/{h[:2]}/{h}/"


_stamp = name_stamp  # the time in an object name


def _hold_folder(hold: float) -> str:
    return f"segments/{int(hold // 3600):07d}"


MAX_CACHED = 4_096  # entries, reusable blobs and index-object names held in memory (LRU); the rest is re-read


def _capped(cache: dict[str, Any]) -> None:
    while len(cache) > MAX_CACHED:
        del cache[next(iter(cache))]


class ArtifactStore:
    def __init__(self, root: str | Path | Objects, ttl_seconds: float | None = None,
                 key: bytes | None = None, *, create: bool = True, retention: Retention | None = None) -> None:
        self.objects = root if isinstance(root, Objects) else Objects.open(root, create=create)
        self.root: Path | str = Path(self.objects.url) if self.objects.local else self.objects.url
        self.retention = (retention or Retention.from_env()).with_default("artifacts", ttl_seconds)
        self.ttl = self.retention.artifacts  # of entries without their own expiry, and the default
        self.key = key if key is not None else artifact_key(self.objects, create=create)
        self.writer = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
        self._n = 0
        self._segment: list[bytes] = []  # the blobs staged since the last flush, end to end
        self._segment_size = 0
        self._segment_hold = 0.0  # until when the segment must be kept: its entries' expiry + slack
        self._staged: dict[str, int] = {}  # sha -> offset of a staged blob
        self._rows: dict[str, list[ArtifactEntry]] = {}  # task folder -> entries staged
        self._count = 0  # entries staged
        self._stored: dict[str, tuple[str, int, float]] = {}  # sha -> (segment, offset, its hold): reusable
        # Bounded caches (a long-lived gateway writes without end): an entry not cached is read
        # back from its task's index objects, a blob not cached is written again.
        self._entries: dict[str, ArtifactEntry] = {}  # ref -> entry, as far as read or written here
        self._seen: dict[str, None] = {}  # index objects already read
        self.bytes_written = 0

    # ----------------------------------------------------------------- writes
    def put(self, ref: str, raw: bytes, now: float | None = None, sha256: str | None = None,
            tenant: str | None = None) -> ArtifactEntry:
        """Stage ``raw`` under ``ref`` (an observation's ``evidence.artifact``); it is stored by
        the next ``flush``. ``sha256``, when the caller has it, saves hashing the bytes again;
        ``tenant`` (the envelope's) may choose the TTL."""
        task_id, _, _ = parse_ref(ref)
        stamp = time.time() if now is None else now
        sha = sha256 or hashlib.sha256(raw).hexdigest()
        ttl = self.retention.ttl("artifacts", task_id, tenant)
        segment, offset = self._place(sha, raw, stamp + ttl, ttl)
        entry = ArtifactEntry(unsigned(ref), task_id, sha, len(raw), stamp, segment, offset, stamp + ttl)
        self._rows.setdefault(_task_folder(task_id), []).append(entry)
        self._entries[entry.ref] = entry
        _capped(self._entries)
        self._count += 1
        if self._segment_size >= FLUSH_BYTES or self._count >= FLUSH_ENTRIES:
            self.flush()  # a caller that never flushes (a long replay) holds a bounded amount
        return entry

    def _place(self, sha: str, raw: bytes, expires: float, ttl: float) -> tuple[str, int]:
        """(segment, offset) of the bytes: "" for the segment staged now, which is held until
        half a TTL past its last entry's expiry (named so when flushed), so that stored bytes can
        be reused by a later entry for up to half a TTL; never by one that would outlive them."""
        old = self._stored.get(sha)
        if sha not in self._staged and old is not None and old[2] >= expires:
            return old[0], old[1]
        self._segment_hold = max(self._segment_hold, expires + ttl / 2)
        if sha in self._staged:
            return "", self._staged[sha]
        self._staged[sha] = offset = self._segment_size
        self._segment.append(raw)
        self._segment_size += len(raw)
        return "", offset

    def _next(self) -> int:
        self._n += 1
        return self._n

    def _pending(self) -> tuple[str, dict[str, bytes], dict[str, bytes]]:
        """(the segment's key, the segment object, the index objects) a flush writes, in that order.
        Named afresh by each try: a failed flush's half-written objects are swept in their time."""
        hold = self._segment_hold
        key = f"{_hold_folder(hold)}/{expiring_name(hold)}-{self.writer}-{self._next()}" if self._segment else ""
        segment = {key: b"".join(self._segment)} if key else {}
        index = {}
        for folder, rows in self._rows.items():
            last = max(e.expires_at for e in rows)
            index[f"{folder}{expiring_name(last)}-{self.writer}-{self._next()}.jsonl"] = b"".join(
                orjson.dumps(e if e.segment else replace(e, segment=key),  # a dataclass: as asdict, in C
                             option=orjson.OPT_APPEND_NEWLINE)
                for e in rows)
        return key, segment, index

    def _flushed(self, key: str, segment: dict[str, bytes], index: dict[str, bytes]) -> None:
        for sha, offset in self._staged.items():
            self._stored[sha] = (key, offset, self._segment_hold)
        _capped(self._stored)
        for rows in self._rows.values():
            self._entries.update((e.ref, e if e.segment else replace(e, segment=key)) for e in rows)
        _capped(self._entries)
        self.bytes_written += sum(len(v) for v in segment.values())
        self._seen.update(dict.fromkeys(index))
        _capped(self._seen)
        self._segment, self._segment_size, self._segment_hold = [], 0, 0.0
        self._staged, self._rows, self._count = {}, {}, 0

    def flush(self) -> None:
        """Store what was staged: the segment first, then the index objects that point into it.
        On failure nothing staged is dropped (a retry writes the same objects again)."""
        if not self._rows:
            return
        key, segment, index = self._pending()
        self.objects.put_many(segment)
        self.objects.put_many(index)
        self._flushed(key, segment, index)

    async def flush_async(self) -> None:
        """``flush`` on the running loop, every index object in flight at once."""
        if not self._rows:
            return
        key, segment, index = self._pending()
        await self.objects.put_many_async(segment)
        await self.objects.put_many_async(index)
        self._flushed(key, segment, index)

    # ------------------------------------------------------------------ reads
    def _load(self, task_id: str, want: str, *, again: bool = False) -> ArtifactEntry | None:
        """Read the task's index objects this process has not read yet (other writers'); with
        ``again``, every one (an entry read or written here may have left the bounded cache).
        Returns the newest entry of ``want`` read (or cached)."""
        found = self._entries.get(want)
        for listed in self.objects.list(_task_folder(task_id)):
            if listed.key in self._seen and not again:
                continue
            data = self.objects.get(listed.key)
            self._seen[listed.key] = None
            for line in (data or b"").splitlines():
                entry = ArtifactEntry(**orjson.loads(line))
                known = self._entries.get(entry.ref)
                if known is None or known.stored_at <= entry.stored_at:
                    self._entries[entry.ref] = entry
                if entry.ref == want and (found is None or found.stored_at <= entry.stored_at):
                    found = entry
        _capped(self._seen)
        _capped(self._entries)
        return found

    def authorize(self, ref: str, task_id: str | None = None) -> str:
        """The capability check, apart from reading: the reference must carry this store's
        signature (and belong to ``task_id`` when one is given). Returns it unsigned."""
        body = verify_ref(ref, self.key)
        if task_id is not None and parse_ref(body)[0] != task_id:
            raise ArtifactError(ErrorCode.PERMISSION_DENIED, f"{body[:200]} belongs to another task")
        return body

    def operator_capability(self) -> str:
        """The capability that reads a raw unscrubbed (``get(..., unscrubbed=...)``)."""
        return hmac.new(self.key, _OPERATOR, hashlib.sha256).hexdigest()

    def get(self, ref: str, *, task_id: str | None = None, offset: int = 0, limit: int | None = None,
            now: float | None = None, unscrubbed: str | None = None) -> bytes:
        """The stored raw (a page of it with offset/limit) for the holder of its signed ref, with
        the task's secrets as their handles; as received only with the operator capability."""
        body = self.authorize(ref, task_id)
        if unscrubbed is not None:
            if not hmac.compare_digest(unscrubbed, self.operator_capability()):
                raise ArtifactError(ErrorCode.PERMISSION_DENIED, "not this store's operator capability")
            return self.read(body, offset=offset, limit=limit, now=now)
        data = SecretVault.beside(self.objects).scrub(parse_ref(body)[0], self.read(body, now=now), now)
        return data[offset:None if limit is None else offset + limit]

    def entry(self, ref: str) -> ArtifactEntry | None:
        self.flush()
        entry = self._entries.pop(ref, None)
        if entry is None:
            task = parse_ref(ref)[0]
            entry = self._load(task, ref) or self._load(task, ref, again=True)
        if entry is not None:  # the most recently used
            self._entries.pop(ref, None)
            self._entries[ref] = entry
            _capped(self._entries)
        return entry

    def read(self, ref: str, *, offset: int = 0, limit: int | None = None, now: float | None = None) -> bytes:
        """The bytes of an authorized (unsigned) reference: no capability check here."""
        entry = self.entry(ref)
        if entry is None:
            raise ArtifactError(ErrorCode.NOT_FOUND, f"no artifact {ref[:200]}")
        if (time.time() if now is None else now) > (entry.expires_at or entry.stored_at + self.ttl):
            raise ArtifactError(ErrorCode.NOT_FOUND, f"artifact {ref[:200]} expired")
        data = self.objects.get_range(entry.segment, entry.offset, entry.size)
        if data is None or len(data) != entry.size:
            raise ArtifactError(ErrorCode.NOT_FOUND, f"artifact {ref[:200]}: its segment is gone (swept)")
        if hashlib.sha256(data).hexdigest() != entry.sha256:
            raise ArtifactError(ErrorCode.UNKNOWN, f"artifact {ref[:200]} failed its hash check")
        end = None if limit is None else offset + limit
        return data[offset:end]

    def read_range(self, ref: str, *, task_id: str | None = None, path: str | None = None,
                   lines: Range | None = None, items: Range | None = None, chars: Range | None = None,
                   now: float | None = None, unscrubbed: str | None = None) -> bytes:
        """A range of a stored result, as an observation's cut statement names it (see
        ``sinks.ranges.select``); who may read it and whether scrubbed is decided by ``get``, as
        for the whole (scrubbed before the range is cut, so no range holds part of a secret)."""
        return select(self.get(ref, task_id=task_id, now=now, unscrubbed=unscrubbed), path=path, lines=lines,
                      items=items, chars=chars)

    # ---------------------------------------------------------------- sweep
    def sweep_index(self, now: float | None = None, shard: str = "") -> tuple[Count, Count]:
        """Delete the index objects (of tasks whose folder starts with ``shard``) past the expiry
        their name says; return (held, swept). Nothing is read: an object's name is its expiry."""
        now = time.time() if now is None else now
        longest = self.retention.longest("artifacts")
        listed = self.objects.list(f"index/{shard}")
        gone = [o for o in listed if (expiry_of(o.key) or _stamp(o.key) + 1.5 * longest) < now]
        self.objects.delete(o.key for o in gone)
        for o in gone:
            self._seen.pop(o.key, None)
        for ref, entry in list(self._entries.items()):  # a copy: the engine's loop may write meanwhile
            if (entry.expires_at or entry.stored_at + self.ttl) < now:
                self._entries.pop(ref, None)
        return Count.of(listed) + Count(-len(gone), -sum(o.size for o in gone)), Count.of(gone)

    def segment_folders(self, now: float | None = None) -> tuple[list[str], list[str], Count]:
        """(folders past their hold hour, folders still held, what older flat segments swept)."""
        now = time.time() if now is None else now
        folders, flat = self.objects.folders("segments/")
        hour = int(now // 3600)
        old = [o for o in flat if _stamp(o.key) + 1.5 * self.retention.longest("artifacts") < now]
        self.objects.delete(o.key for o in old)
        expired = [f for f in folders if int(f.rsplit("/", 1)[-1]) < hour]
        return expired, [f for f in folders if f not in expired], Count.of(old)

    def sweep_folder(self, folder: str, now: float | None = None) -> tuple[Count, Count]:
        """One segment folder: each object past its hold time deleted; (held, swept)."""
        now = time.time() if now is None else now
        listed = self.objects.list(f"{folder}/")
        gone = [o for o in listed if (expiry_of(o.key) or now) < now]
        self.objects.delete(o.key for o in gone)
        names = {o.key for o in gone}
        self._stored = {sha: v for sha, v in list(self._stored.items()) if v[0] not in names}
        return Count.of(listed) + Count(-len(gone), -sum(o.size for o in gone)), Count.of(gone)

    def sweep(self, now: float | None = None) -> int:
        """Everything at once (a test, ``obsline store sweep``): flush, then every index object and
        segment past its time deleted; return how many objects went."""
        self.flush()
        swept = self.sweep_index(now)[1]
        expired, held, flat = self.segment_folders(now)
        for folder in expired + held:
            swept += self.sweep_folder(folder, now)[1]
        return (swept + flat).objects


__all__ = ["DEFAULT_TTL_SECONDS", "KEY_ENV", "PREFIX", "ArtifactEntry", "ArtifactStore", "artifact_key",
           "parse_ref", "weak_key"]
