"""One small object-store interface under the artifact store, the claim store and the vault.

    Objects.open("file:///var/obsline")          the local file system (the embedded default)
    Objects.open("var/artifacts")                 a plain path: the same
    Objects.open("s3://bucket/prefix")            S3 or an S3-compatible server (SeaweedFS, MinIO)

Both backends are obstore (the Rust ``object_store`` crate behind a small Python API): one
client for local files and S3, with async puts that release the GIL, so a batch's objects go
out concurrently, and atomic local writes (a temporary file renamed into place). It needs no
other Python dependency; boto3/aiobotocore would give S3 only, with several times the
per-request cost in Python.

S3 settings come from the standard environment variables (``AWS_ACCESS_KEY_ID``,
``AWS_SECRET_ACCESS_KEY``, ``AWS_ENDPOINT_URL``, ``AWS_REGION``); an ``http://`` endpoint is
allowed (a server on 127.0.0.1), and path-style requests are used, as S3-compatible servers
expect. A missing object reads as ``None``; every other failure raises ``StoreError``.
"""

from __future__ import annotations

import asyncio
import builtins
import os
import threading
from collections.abc import Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlparse

import obstore
from obstore.exceptions import AlreadyExistsError, NotFoundError, NotSupportedError
from obstore.store import LocalStore, MemoryStore, S3Store

from obsline.core.errors import ArtifactError, ErrorCode

#: puts in flight at once per flush (one batch's index objects, vault rows).
CONCURRENCY = 32
#: seconds between the engines' tries of a failing store (doubling): they wait, never drop
STORE_RETRY_FIRST, STORE_RETRY_MAX = 0.2, 5.0


class StoreError(ArtifactError):
    """The object store failed (unreachable, refused, read-only): retry, never lose the record."""

    def __init__(self, message: str) -> None:
        super().__init__(ErrorCode.UPSTREAM_FAILURE, message)


@dataclass(frozen=True, slots=True)
class Listed:
    key: str
    size: int
    modified: float  # epoch seconds


def _s3(url: str) -> S3Store:
    parsed = urlparse(url)
    endpoint = os.environ.get("AWS_ENDPOINT_URL_S3") or os.environ.get("AWS_ENDPOINT_URL") or ""
    config: dict[str, Any] = {"virtual_hosted_style_request": False}
    if not os.environ.get("AWS_REGION") and not os.environ.get("AWS_DEFAULT_REGION"):
        config["region"] = "us-east-1"  # S3-compatible servers ignore it; the signer needs one
    # A few quick retries here; the engines retry a failed flush themselves, with a metric.
    retry = {"max_retries": 3, "retry_timeout": timedelta(seconds=10),
             "backoff": {"init_backoff": timedelta(milliseconds=50), "max_backoff": timedelta(seconds=2)}}
    # obstore types both as TypedDicts that mypy cannot match to these literals' keys
    return S3Store(parsed.netloc, prefix=parsed.path.strip("/") or None, config=cast(Any, config),
                   retry_config=cast(Any, retry),
                   client_options={"allow_http": endpoint.startswith("http://"), "timeout": "30s",
                                   "connect_timeout": "5s"})


def is_local(url: str | Path) -> bool:
    return "://" not in str(url) or str(url).startswith("file://")


def local_path(url: str | Path) -> Path:
    text = str(url)
    return Path(urlparse(text).path if text.startswith("file://") else text)


class Objects:
    """Keys are ``/``-separated paths under the store's root (or bucket prefix)."""

    def __init__(self, store: Any, url: str) -> None:
        self.store, self.url = store, url
        self._pool: ThreadPoolExecutor | None = None

    @classmethod
    def open(cls, url: str | Path, *, create: bool = True) -> Objects:
        text = str(url)
        if text == "mem://":
            return cls(MemoryStore(), text)
        if is_local(text):
            path = local_path(text).absolute()
            if not create and not path.is_dir():
                raise ArtifactError(ErrorCode.NOT_FOUND, f"no store at {path} (no such folder)")
            path.mkdir(mode=0o700, parents=True, exist_ok=True)
            return cls(LocalStore(str(path)), str(path))
        if text.startswith("s3://"):
            return cls(_s3(text), text)
        raise ValueError(f"store URL must be file:///path, a path or s3://bucket/prefix: {text!r}")

    @property
    def local(self) -> bool:
        return isinstance(self.store, LocalStore)

    # ------------------------------------------------------------------ sync
    def put(self, key: str, data: bytes) -> None:
        try:
            if self.local:
                self._put_owner_only(key, data)
            else:
                obstore.put(self.store, key, data)
        except Exception as exc:
            raise StoreError(f"put {key} to {self.url}: {exc}") from exc

    def _put_owner_only(self, key: str, data: bytes) -> None:
        """A local object as obstore writes it (a temporary file renamed into place: a reader never
        sees half of it), but owner-only: files 0600, every folder 0700 (obstore uses the umask)."""
        path = Path(self.url) / key
        folder = path.parent
        if not folder.is_dir():
            missing = [folder, *[p for p in folder.parents if not p.is_dir()]]
            for part in reversed(missing):
                part.mkdir(mode=0o700, exist_ok=True)
        tmp = f"{path}.tmp{os.getpid()}-{threading.get_ident()}"
        with os.fdopen(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)

    def create(self, key: str, data: bytes) -> bool:
        """Write ``key`` only if it does not exist (a shared secret); False when another was first.
        Locally the file is owner-only (0600)."""
        if self.local:
            path = Path(self.url) / key
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                return False
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            return True
        try:
            obstore.put(self.store, key, data, mode="create")
        except AlreadyExistsError:
            return False
        except NotSupportedError:  # a server without conditional puts: last writer wins, readers re-read
            self.put(key, data)
        except Exception as exc:
            raise StoreError(f"create {key} in {self.url}: {exc}") from exc
        return True

    def get(self, key: str) -> bytes | None:
        try:
            return bytes(obstore.get(self.store, key).bytes())
        except (FileNotFoundError, NotFoundError):
            return None
        except Exception as exc:
            raise StoreError(f"get {key} from {self.url}: {exc}") from exc

    def get_range(self, key: str, start: int, length: int) -> bytes | None:
        if length == 0:
            return b""
        try:
            return bytes(obstore.get_range(self.store, key, start=start, length=length))
        except (FileNotFoundError, NotFoundError):
            return None
        except Exception as exc:
            raise StoreError(f"get {key}[{start}:+{length}] from {self.url}: {exc}") from exc

    def list(self, prefix: str) -> list[Listed]:
        try:
            return [Listed(m["path"], m["size"], m["last_modified"].timestamp())
                    for chunk in obstore.list(self.store, prefix) for m in chunk]
        except (FileNotFoundError, NotFoundError):
            return []
        except Exception as exc:
            raise StoreError(f"list {prefix} in {self.url}: {exc}") from exc

    def folders(self, prefix: str) -> tuple[builtins.list[str], builtins.list[Listed]]:
        """The folders right under ``prefix`` (``prefix/name``, no slash at the end) and its objects
        there: one request, however many objects the folders hold."""
        try:
            found = obstore.list_with_delimiter(self.store, prefix)
        except (FileNotFoundError, NotFoundError):
            return [], []
        except Exception as exc:
            raise StoreError(f"list {prefix} in {self.url}: {exc}") from exc
        return ([p.rstrip("/") for p in found["common_prefixes"]],
                [Listed(m["path"], m["size"], m["last_modified"].timestamp()) for m in found["objects"]])

    def delete(self, keys: Iterable[str]) -> None:
        keys = list(keys)
        if not keys:
            return
        try:
            obstore.delete(self.store, keys)
        except (FileNotFoundError, NotFoundError):
            pass
        except Exception as exc:
            raise StoreError(f"delete {len(keys)} objects in {self.url}: {exc}") from exc

    def put_many(self, items: Mapping[str, bytes]) -> None:
        """Every object written (concurrently) before it returns; raises if any failed."""
        if len(items) <= 1:
            for key, data in items.items():
                self.put(key, data)
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(CONCURRENCY, thread_name_prefix="obsline-store")
        for future in [self._pool.submit(self.put, k, v) for k, v in items.items()]:
            future.result()

    # ----------------------------------------------------------------- async
    async def put_many_async(self, items: Mapping[str, bytes]) -> None:
        """As ``put_many``, on the running loop (the batch engine): puts in flight together."""
        gate = asyncio.Semaphore(CONCURRENCY)

        async def one(key: str, data: bytes) -> None:
            async with gate:
                if self.local:  # owner-only files: our own write, in a thread (it releases the loop)
                    await asyncio.to_thread(self.put, key, data)
                    return
                try:
                    await obstore.put_async(self.store, key, data)
                except Exception as exc:
                    raise StoreError(f"put {key} to {self.url}: {exc}") from exc

        await asyncio.gather(*(one(k, v) for k, v in items.items()))


__all__ = ["CONCURRENCY", "STORE_RETRY_FIRST", "STORE_RETRY_MAX", "Listed", "Objects", "StoreError", "is_local", "local_path"]
