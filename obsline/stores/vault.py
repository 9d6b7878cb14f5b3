"""The secret vault: hidden values, readable only by their own task, encrypted at rest.

The adapt stage hides a secret behind a content-derived placeholder and hands its value out
beside the message (``AdaptResult.secrets``, digest -> value), as it hands out the raw bytes
for the artifact store; the observe stage names placeholders per task (sinks/handles.py).
Whoever runs the stages writes both here: the in-process ``Runner`` and the Kafka workers.

Layout under the store (by default ``<artifact store>/secrets/``), one object per write:
    tasks/<h[:2]>/<h>/x<ms>-<writer>-<n>     h = sha256(task), <ms> its rows' expiry; AES-256-GCM of JSON lines:
        {"d": digest, "v": value, "t": stored_at, "x": expires_at}     a value, written when adapt hid it
        {"h": handle, "d": digest, "t": stored_at, "x": expires_at}    a handle the task's observations showed

Objects are written once (a store without appends, S3, works as a folder does) and encrypted
with ``cryptography``'s AES-GCM under a key derived (HKDF-SHA256) from ``OBSLINE_VAULT_KEY``,
else the file ``OBSLINE_VAULT_KEY_FILE``, else, on a local store only, ``vault.key`` at the
store's root (created once, owner-only): a value is never written in clear, and any worker or
gateway holding the key reads what another wrote. The task's folder is the cipher's associated
data, so an object moved into another task's folder does not decrypt. A task reads only its
own folder, so a handle never resolves in another task; entries past their expiry (the
retention policy's vault TTL for the task and tenant, 7 days by default: ``stores/retention.py``)
are not served, and the sweeper deletes their objects by name, without decrypting them.
"""

from __future__ import annotations

import hashlib
import logging
import os
import secrets
import time
from pathlib import Path
from typing import Any

import orjson
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from obsline.core.errors import ArtifactError, ErrorCode
from obsline.stores.objects import Objects
from obsline.stores.retention import Count, Retention, expiring_name, expiry_of, name_stamp, weak_key

SECRETS_DIR = "secrets"
KEY_ENV = "OBSLINE_VAULT_KEY"
KEY_FILE_ENV = "OBSLINE_VAULT_KEY_FILE"
LOCAL_KEY = "vault.key"
MAGIC = b"OBV1"
log = logging.getLogger("obsline.stores")


class SecretError(ArtifactError):
    """A handle that cannot be resolved for this task (unknown, expired, or another task's)."""


def normalise(handle: str) -> str:
    """``token-1`` and ``[secret:token-1]`` name the same handle."""
    handle = handle.strip()
    return handle if handle.startswith("[secret:") else f"[secret:{handle}]"


def vault_secret(objects: Objects) -> bytes:
    """The key material: the environment, a key file, or (local stores only) ``vault.key``."""
    env = os.environ.get(KEY_ENV, "").strip()
    if env:
        if weak_key(env.encode()):
            log.warning("%s is weak (%d bytes): use 32 random bytes (secrets.token_hex(32))", KEY_ENV, len(env))
        return env.encode()
    path = os.environ.get(KEY_FILE_ENV, "").strip()
    if path:
        try:
            return Path(path).read_bytes().strip()
        except OSError as exc:
            raise ArtifactError(ErrorCode.INVALID_ARGUMENT, f"{KEY_FILE_ENV}={path}: {exc.strerror}") from None
    if not objects.local:
        raise ArtifactError(ErrorCode.INVALID_ARGUMENT,
                            f"the vault on {objects.url} needs a key kept off the store: set {KEY_ENV} or {KEY_FILE_ENV}")
    for _ in range(50):
        found = objects.get(LOCAL_KEY)
        if found and found.strip():
            return found.strip()
        if found is None:
            objects.create(LOCAL_KEY, secrets.token_hex(32).encode())
        else:
            time.sleep(0.01)  # another process is writing it
    raise ArtifactError(ErrorCode.UNKNOWN, f"{LOCAL_KEY} in {objects.url} is empty")


def _cipher(secret: bytes) -> AESGCM:
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=b"obsline-vault", info=b"aes-256-gcm").derive(secret)
    return AESGCM(key)


class SecretVault:
    def __init__(self, root: str | Path | Objects, ttl_seconds: float | None = None, *,
                 prefix: str = "", key: bytes | None = None, retention: Retention | None = None) -> None:
        self.objects = root if isinstance(root, Objects) else Objects.open(root)
        self.prefix = prefix
        self.retention = (retention or Retention.from_env()).with_default("vault", ttl_seconds)
        self.ttl = self.retention.vault  # of rows without their own expiry, and the default
        self._aead = _cipher(key if key is not None else vault_secret(self.objects))
        self._writer = f"{os.getpid()}-{secrets.token_hex(3)}"
        self._n = 0
        self._written: set[tuple[str, str]] = set()  # (task, digest or handle) this process wrote
        self._read: dict[str, list[dict[str, Any]]] = {}  # object key -> its rows (objects never change)

    @classmethod
    def beside(cls, artifacts: Any, retention: Retention | None = None) -> SecretVault:
        """The vault that goes with an artifact store (a store, its Objects, a path or URL):
        both hold what a task may audit, under the store's retention policy unless given one."""
        objects = getattr(artifacts, "objects", artifacts)
        if not isinstance(objects, Objects):
            objects = Objects.open(objects)
        return cls(objects, prefix=f"{SECRETS_DIR}/", retention=retention or getattr(artifacts, "retention", None))

    def _folder(self, task_id: str) -> str:
        name = hashlib.sha256(task_id.encode()).hexdigest()
        return f"{self.prefix}tasks/{name[:2]}/{name}/"

    def _append(self, task_id: str, rows: list[dict[str, Any]]) -> None:
        folder = self._folder(task_id)
        self._n += 1
        key = f"{folder}{expiring_name(max(r['x'] for r in rows))}-{self._writer}-{self._n}"
        nonce = os.urandom(12)
        plain = b"".join(orjson.dumps(r, option=orjson.OPT_APPEND_NEWLINE) for r in rows)
        self.objects.put(key, MAGIC + nonce + self._aead.encrypt(nonce, plain, folder.encode()))
        self._read[key] = [dict(r) for r in rows]

    def keep(self, task_id: str, values: dict[str, str], now: float | None = None, tenant: str | None = None) -> int:
        """Store hidden values (digest -> value) for the task; returns how many were new here."""
        return self._record(task_id, values, "d", "v", now, tenant)

    def name(self, task_id: str, handles: dict[str, str], now: float | None = None, tenant: str | None = None) -> int:
        """Record which digest each handle shown to the task stands for (handle -> digest)."""
        return self._record(task_id, handles, "h", "d", now, tenant)

    def _record(self, task_id: str, pairs: dict[str, str], key: str, value: str, now: float | None,
                tenant: str | None) -> int:
        """Write the pairs this process has not written for the task yet, as rows {key, value, t, x}."""
        stamp = time.time() if now is None else now
        expires = stamp + self.retention.ttl("vault", task_id, tenant)
        rows = [{key: k, value: v, "t": stamp, "x": expires} for k, v in pairs.items()
                if (task_id, k) not in self._written]
        if rows:
            self._append(task_id, rows)
            self._written.update((task_id, r[key]) for r in rows)  # type: ignore[misc]
        return len(rows)

    def _rows(self, key: str, folder: str) -> list[dict[str, Any]]:
        if key not in self._read:
            blob = self.objects.get(key) or b""
            try:
                plain = self._aead.decrypt(blob[4:16], blob[16:], folder.encode()) if blob[:4] == MAGIC else b""
            except InvalidTag:
                log.warning("vault object %s does not decrypt with this key (another key, or moved): skipped", key)
                plain = b""
            self._read[key] = [orjson.loads(line) for line in plain.splitlines() if line.strip()]
        return self._read[key]

    def handles(self, task_id: str, now: float | None = None) -> dict[str, str]:
        """Every live handle of the task and its value."""
        folder = self._folder(task_id)
        now = time.time() if now is None else now
        values: dict[str, str] = {}
        names: dict[str, str] = {}
        for listed in sorted(self.objects.list(folder), key=lambda o: o.key):
            for row in self._rows(listed.key, folder):
                if row.get("x", row.get("t", 0) + self.ttl) < now:
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

    def sweep(self, now: float | None = None, shard: str = "") -> tuple[Count, Count]:
        """Delete the objects (of tasks whose folder starts with ``shard``) whose every row is
        past its expiry (the name says when); return (held, swept)."""
        now = time.time() if now is None else now
        listed = self.objects.list(f"{self.prefix}tasks/{shard}")
        gone = [o for o in listed if self._expired(o.key, now)]
        self.objects.delete(o.key for o in gone)
        for o in gone:
            self._read.pop(o.key, None)
        return Count.of(listed) + Count(-len(gone), -sum(o.size for o in gone)), Count.of(gone)

    def _expired(self, key: str, now: float) -> bool:
        expiry = expiry_of(key)
        if expiry is not None:
            return expiry < now
        # written before rows carried their expiry: decrypted, every row's time against the TTL
        return name_stamp(key) < now - self.ttl and all(
            r.get("t", 0) < now - self.ttl for r in self._rows(key, key.rsplit("/", 1)[0] + "/"))


__all__ = ["KEY_ENV", "KEY_FILE_ENV", "SECRETS_DIR", "SecretError", "SecretVault", "normalise", "vault_secret"]
