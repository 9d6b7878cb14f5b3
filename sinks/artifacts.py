"""The artifact store: every raw response, content-addressed, readable only by its own task.

Layout under the root directory:
    blobs/<sha[:2]>/<sha256>      the raw bytes exactly as received (written once)
    refs.jsonl                    one line per stored result: ref, task, sha256, size, stored_at

A reference is ``artifact://<task_id>/<step_id>/<action_id>`` (see ``adapters.adapt.artifact_ref``:
agents reuse action ids, so the step keeps references unique). Reading it for another task is
PERMISSION_DENIED; an entry older than the TTL is expired (NOT_FOUND) and swept.
"""

from __future__ import annotations

import hashlib
import os
import time
from dataclasses import dataclass
from pathlib import Path

import orjson

from obsline.errors import ArtifactError, ErrorCode
from obsline.sinks.ranges import Range, select

DEFAULT_TTL_SECONDS = 7 * 24 * 3600
PREFIX = "artifact://"


@dataclass(frozen=True, slots=True)
class ArtifactEntry:
    ref: str
    task_id: str
    sha256: str
    size: int
    stored_at: float


def parse_ref(ref: str) -> tuple[str, int, str]:
    """(task_id, step_id, action_id); task ids may themselves contain slashes."""
    head, _, action_id = ref[len(PREFIX):].rpartition("/")
    task_id, _, step = head.rpartition("/")
    if not ref.startswith(PREFIX) or not task_id or not action_id or not step.isdigit():
        raise ArtifactError(ErrorCode.INVALID_ARGUMENT,
                            f"not an artifact reference (artifact://<task>/<step>/<action>): {ref!r}")
    return task_id, int(step), action_id


class ArtifactStore:
    def __init__(self, root: str | Path, ttl_seconds: float = DEFAULT_TTL_SECONDS) -> None:
        self.root = Path(root)
        self.ttl = ttl_seconds
        (self.root / "blobs").mkdir(parents=True, exist_ok=True)
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
        sha = sha256 or hashlib.sha256(raw).hexdigest()
        if sha not in self._stored:
            blobs = f"{self.root}/blobs/{sha[:2]}"
            path = f"{blobs}/{sha}"
            if not os.path.exists(path):
                if blobs not in self._dirs:
                    os.makedirs(blobs, exist_ok=True)
                    self._dirs.add(blobs)
                tmp = f"{path}.tmp{os.getpid()}"
                with open(tmp, "wb") as fh:
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
            with self._index_path.open("ab") as fh:
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

    def get(self, ref: str, *, task_id: str, offset: int = 0, limit: int | None = None,
            now: float | None = None) -> bytes:
        """The stored raw bytes (a page of them with offset/limit), for the owning task only."""
        owner, _, _ = parse_ref(ref)
        if owner != task_id:
            raise ArtifactError(ErrorCode.PERMISSION_DENIED, f"{ref} belongs to another task")
        self.flush()
        entry = self._entries().get(ref)
        if entry is None:
            self._index = None  # another writer may have added it since we loaded
            entry = self._entries().get(ref)
        if entry is None:
            raise ArtifactError(ErrorCode.NOT_FOUND, f"no artifact {ref}")
        if (time.time() if now is None else now) - entry.stored_at > self.ttl:
            raise ArtifactError(ErrorCode.NOT_FOUND, f"artifact {ref} expired")
        data = self._blob(entry.sha256).read_bytes()
        if hashlib.sha256(data).hexdigest() != entry.sha256:
            raise ArtifactError(ErrorCode.UNKNOWN, f"artifact {ref} failed its hash check")
        end = None if limit is None else offset + limit
        return data[offset:end]

    def read(self, ref: str, *, task_id: str, path: str | None = None, lines: Range | None = None,
             items: Range | None = None, chars: Range | None = None, now: float | None = None) -> bytes:
        """A range of a stored result, as an observation's cut statement names it (see
        ``sinks.ranges.select``); who may read it is decided by ``get``, as for the whole."""
        return select(self.get(ref, task_id=task_id, now=now), path=path, lines=lines, items=items, chars=chars)

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
