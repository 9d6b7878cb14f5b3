"""The artifact store: every raw response, content-addressed, readable only with its capability.

Layout under the root directory:
    blobs/<sha[:2]>/<sha256>      the raw bytes exactly as received (written once)
    refs.jsonl                    one line per stored result: ref, task, sha256, size, stored_at
    key                           the signing key, when OBSLINE_ARTIFACT_KEY is not set (0600)

A reference is ``artifact://<task>/<step>/<action>?sig=<hmac>`` with the ids percent-encoded
(``obsline/ids.py``: agents reuse action ids, so the step keeps references unique). Reading
needs the signed reference an observation carried (``authorize``), never a task name the
caller types: a made-up or another store's reference is PERMISSION_DENIED. An entry older
than the TTL is expired (NOT_FOUND) and swept.

``get`` and ``read_range`` return the raw *scrubbed*: every secret the task was shown as a handle
is that handle (the vault beside the store), so a read hands nothing back that the observation
hid. The raw as received needs the operator capability (``operator_capability()``, derived from
the key: whoever holds the store's key is its operator; the model-facing reads never pass it).
Blobs, the index and the key are owner-only (0600, folders 0700).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

import orjson

from obsline.core.errors import ArtifactError, ErrorCode
from obsline.core.ids import PREFIX, parse_ref, unsigned, verify_ref
from obsline.sinks.ranges import Range, select
from obsline.stores.retention import DEFAULT_TTL_SECONDS
from obsline.stores.vault import SecretVault

KEY_ENV = "OBSLINE_ARTIFACT_KEY"
_OPERATOR = b"obsline-operator-unscrubbed-v1"


def artifact_key(root: str | Path) -> bytes:
    """The workers' secret that signs references: ``OBSLINE_ARTIFACT_KEY``, else ``<root>/key``
    (created once, 32 random bytes; workers sharing the store directory share it)."""
    env = os.environ.get(KEY_ENV)
    if env:
        return env.encode()
    path = Path(root) / "key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another worker made it first
            pass
        else:
            with os.fdopen(fd, "w") as fh:
                fh.write(secrets.token_hex(32))
    for _ in range(50):  # the other writer may not have written it yet
        key = path.read_text().strip()
        if key:
            return key.encode()
        time.sleep(0.01)
    raise ArtifactError(ErrorCode.UNKNOWN, f"artifact key {path} is empty")


@dataclass(frozen=True, slots=True)
class ArtifactEntry:
    ref: str
    task_id: str
    sha256: str
    size: int
    stored_at: float


class ArtifactStore:
    def __init__(self, root: str | Path, ttl_seconds: float = DEFAULT_TTL_SECONDS, key: bytes | None = None) -> None:
        self.root = Path(root)
        self.ttl = ttl_seconds
        os.makedirs(self.root, mode=0o700, exist_ok=True)  # before the key is written into it
        self.key = key if key is not None else artifact_key(self.root)
        (self.root / "blobs").mkdir(mode=0o700, exist_ok=True)
        self._index_path = self.root / "refs.jsonl"
        self._index: dict[str, ArtifactEntry] | None = None
        self._pending: list[bytes] = []
        self._stored: set[str] = set()  # blobs this process knows exist: no stat per put
        self._dirs: set[str] = set()
        self.bytes_written = 0

    def _blob(self, sha: str) -> Path:
        return self.root / "blobs" / sha[:2] / sha

    def put(self, ref: str, raw: bytes, now: float | None = None, sha256: str | None = None) -> ArtifactEntry:
        """Store ``raw`` under ``ref`` (an observation's ``evidence.artifact``). ``sha256``,
        when the caller has it (``Adapted.raw_sha256``), saves hashing the bytes again."""
        task_id, _, _ = parse_ref(ref)
        ref = unsigned(ref)  # the index is by reference; the signature is only the capability
        sha = sha256 or hashlib.sha256(raw).hexdigest()
        if sha not in self._stored:
            blobs = f"{self.root}/blobs/{sha[:2]}"
            path = f"{blobs}/{sha}"
            if not os.path.exists(path):
                if blobs not in self._dirs:
                    os.makedirs(blobs, mode=0o700, exist_ok=True)
                    self._dirs.add(blobs)
                tmp = f"{path}.tmp{os.getpid()}"
                with os.fdopen(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as fh:
                    fh.write(raw)
                os.replace(tmp, path)  # atomic: a reader never sees half a blob
                self.bytes_written += len(raw)
            self._stored.add(sha)
        entry = ArtifactEntry(ref, task_id, sha, len(raw),
                              time.time() if now is None else now)
        self._pending.append(orjson.dumps(entry, option=orjson.OPT_APPEND_NEWLINE))
        if self._index is not None:
            self._index[entry.ref] = entry
        if len(self._pending) >= 256:
            self.flush()
        return entry

    def flush(self) -> None:
        if self._pending:
            with os.fdopen(os.open(self._index_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600), "ab") as fh:
                fh.write(b"".join(self._pending))
            self._pending.clear()

    def _entries(self) -> dict[str, ArtifactEntry]:
        if self._index is None:
            self.flush()
            self._index = {}
            if self._index_path.exists():
                for line in self._index_path.read_bytes().splitlines():
                    if line.strip():
                        entry = ArtifactEntry(**orjson.loads(line))
                        self._index[entry.ref] = entry
        return self._index

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
        data = SecretVault.beside(self.root).scrub(parse_ref(body)[0], self.read(body, now=now), now)
        return data[offset:None if limit is None else offset + limit]

    def read(self, ref: str, *, offset: int = 0, limit: int | None = None, now: float | None = None) -> bytes:
        """The bytes of an authorized (unsigned) reference: no capability check here."""
        self.flush()
        entry = self._entries().get(ref)
        if entry is None:
            self._index = None  # another writer may have added it since we loaded
            entry = self._entries().get(ref)
        if entry is None:
            raise ArtifactError(ErrorCode.NOT_FOUND, f"no artifact {ref[:200]}")
        if (time.time() if now is None else now) - entry.stored_at > self.ttl:
            raise ArtifactError(ErrorCode.NOT_FOUND, f"artifact {ref[:200]} expired")
        data = self._blob(entry.sha256).read_bytes()
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

    def sweep(self, now: float | None = None) -> int:
        """Drop expired entries and the blobs no live entry uses; return how many entries went."""
        now = time.time() if now is None else now
        entries = self._entries()
        live = {r: e for r, e in entries.items() if now - e.stored_at <= self.ttl}
        gone = len(entries) - len(live)
        if gone:
            keep = {e.sha256 for e in live.values()}
            for entry in entries.values():
                if entry.sha256 not in keep:
                    self._blob(entry.sha256).unlink(missing_ok=True)
                    self._stored.discard(entry.sha256)
            self._index_path.write_bytes(b"".join(orjson.dumps(e, option=orjson.OPT_APPEND_NEWLINE)
                                                  for e in live.values()))
            self._index = live
        return gone


__all__ = ["DEFAULT_TTL_SECONDS", "KEY_ENV", "PREFIX", "ArtifactEntry", "ArtifactStore", "artifact_key", "parse_ref"]
