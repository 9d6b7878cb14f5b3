"""The secret vault: hidden values, readable only by their own task.

The adapt stage hides a secret behind a content-derived placeholder and hands its value out
beside the message (``AdaptResult.secrets``, digest -> value), as it hands out the raw bytes
for the artifact store; the observe stage names placeholders per task (sinks/handles.py).
Whoever runs the stages writes both here: the in-process ``Runner`` and the Kafka workers.

Layout under the root (by default ``<artifact dir>/secrets``), one append-only file per task:
    tasks/<sha256(task)[:2]>/<sha256(task)>.jsonl
        {"d": digest, "v": value, "t": stored_at}     a value, written when adapt hid it
        {"h": handle, "d": digest, "t": stored_at}    a handle the task's observations showed

Files are created owner-only (0600, folders 0700). A task reads only its own file, so a handle never
resolves in another task; entries older than the TTL (as artifacts: 7 days) are not served.
"""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

import orjson

from obsline.core.errors import ArtifactError, ErrorCode
from obsline.stores.retention import DEFAULT_TTL_SECONDS

SECRETS_DIR = "secrets"


class SecretError(ArtifactError):
    """A handle that cannot be resolved for this task (unknown, expired, or another task's)."""


def normalise(handle: str) -> str:
    """``token-1`` and ``[secret:token-1]`` name the same handle."""
    handle = handle.strip()
    return handle if handle.startswith("[secret:") else f"[secret:{handle}]"


class SecretVault:
    def __init__(self, root: str | Path, ttl_seconds: float = DEFAULT_TTL_SECONDS) -> None:
        self.root = Path(root)
        self.ttl = ttl_seconds
        self._written: set[tuple[str, str]] = set()  # (task, digest or handle) this process wrote

    @classmethod
    def beside(cls, artifact_root: str | Path) -> SecretVault:
        """The vault that goes with an artifact store: both hold what a task may audit."""
        return cls(Path(artifact_root) / SECRETS_DIR)

    def _path(self, task_id: str) -> Path:
        name = hashlib.sha256(task_id.encode()).hexdigest()
        return self.root / "tasks" / name[:2] / f"{name}.jsonl"

    def _append(self, task_id: str, rows: list[dict[str, object]]) -> None:
        path = self._path(task_id)
        for folder in (self.root, path.parent.parent, path.parent):  # each owner-only, not only the last
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        with os.fdopen(fd, "ab") as fh:  # one write: lines of concurrent writers do not interleave
            fh.write(b"".join(orjson.dumps(r, option=orjson.OPT_APPEND_NEWLINE) for r in rows))

    def keep(self, task_id: str, values: dict[str, str], now: float | None = None) -> int:
        """Store hidden values (digest -> value) for the task; returns how many were new here."""
        return self._record(task_id, values, "d", "v", now)

    def name(self, task_id: str, handles: dict[str, str], now: float | None = None) -> int:
        """Record which digest each handle shown to the task stands for (handle -> digest)."""
        return self._record(task_id, handles, "h", "d", now)

    def _record(self, task_id: str, pairs: dict[str, str], key: str, value: str, now: float | None) -> int:
        """Append the pairs this process has not written for the task yet, as rows {key, value, t}."""
        stamp = time.time() if now is None else now
        rows = [{key: k, value: v, "t": stamp} for k, v in pairs.items() if (task_id, k) not in self._written]
        if rows:
            self._append(task_id, rows)
            self._written.update((task_id, r[key]) for r in rows)  # type: ignore[misc]
        return len(rows)

    def handles(self, task_id: str, now: float | None = None) -> dict[str, str]:
        """Every live handle of the task and its value."""
        path = self._path(task_id)
        if not path.exists():
            return {}
        cutoff = (time.time() if now is None else now) - self.ttl
        values: dict[str, str] = {}
        names: dict[str, str] = {}
        for line in path.read_bytes().splitlines():
            try:
                row = orjson.loads(line)
            except orjson.JSONDecodeError:  # a torn last line of a crashed writer: skip it
                continue
            if row.get("t", 0) < cutoff:
                continue
            if "v" in row:
                values[row["d"]] = row["v"]
            elif "h" in row:
                names[row["h"]] = row["d"]
        return {h: values[d] for h, d in names.items() if d in values}

    def scrub(self, task_id: str, data: bytes, now: float | None = None) -> bytes:
        """``data`` (a raw of the task) with every value the task was shown as a handle replaced
        by that handle: what a model-facing read returns (sinks/handles.py ``scrub``)."""
        from obsline.sinks.handles import scrub

        return scrub(data, self.handles(task_id, now))

    def resolve(self, task_id: str, handle: str, now: float | None = None) -> str:
        value = self.handles(task_id, now).get(normalise(handle))
        if value is None:
            raise SecretError(ErrorCode.NOT_FOUND, f"no secret {normalise(handle)} in task {task_id!r}")
        return value
