"""A real S3-compatible server (SeaweedFS ``weed mini``) on 127.0.0.1, for the tests
(tests/s3_server.py) and the benchmarks (``bench kafka --store s3``).

``deploy/setup.sh`` builds the binary (var/weed/weed, cached in ~/.cache/obsline); ``start``
runs one server on free ports, in a folder, with credentials of its own and one bucket.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
WEED_VERSION = "v0.0.0-20261109003541-7506e5f91cd6"
BUCKET = "obsline-test"
_START_TIMEOUT_S = 90


@contextlib.contextmanager
def environ(values: Mapping[str, str]) -> Iterator[None]:
    """``values`` set in this process's environment for the block, each variable put back as it was
    after (removed where it was unset): the store reads its credentials from there."""
    saved = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def weed_binary() -> Path | None:
    for path in (REPO_ROOT / "var" / "weed" / "weed",
                 Path(os.environ.get("OBSLINE_CACHE", Path.home() / ".cache" / "obsline")) / f"weed-{WEED_VERSION}"):
        if path.is_file() and os.access(path, os.X_OK):
            return path
    return None


def _free_ports(n: int) -> list[int]:
    """Ports free now, each with port + 10000 free too (weed's default gRPC offset is avoided by
    naming every gRPC port, but a neighbour may still sit there)."""
    ports: list[int] = []
    while len(ports) < n:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port < 50000 and port not in ports:
            ports.append(port)
    return ports


class Missing(RuntimeError):
    """The binary is not there."""


@dataclass
class S3Server:
    endpoint: str
    access_key: str
    secret_key: str
    bucket: str
    proc: subprocess.Popen[bytes]
    log: Path
    argv: list[str] | None = None  # how it was started: ``restart`` serves the same folder on the same ports
    started_env: dict[str, str] | None = None

    def env(self) -> dict[str, str]:
        return {"AWS_ENDPOINT_URL": self.endpoint, "AWS_ACCESS_KEY_ID": self.access_key,
                "AWS_SECRET_ACCESS_KEY": self.secret_key, "AWS_REGION": "us-east-1"}

    def url(self, prefix: str = "") -> str:
        return f"s3://{self.bucket}/{prefix}".rstrip("/")


def _up(endpoint: str) -> bool:
    try:
        urllib.request.urlopen(endpoint, timeout=2)
    except urllib.error.HTTPError:
        return True  # any S3 answer (403 to an anonymous request) means it serves
    except OSError:
        return False
    return True


def start(folder: Path) -> S3Server:
    weed = weed_binary()
    if weed is None:
        raise Missing("SeaweedFS is not built: deploy/setup.sh (step weed) builds var/weed/weed")
    s3, master, volume, filer, g1, g2, g3, g4 = _free_ports(8)
    access, secret = f"obsline{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    argv = [str(weed), "mini", f"-dir={folder}", "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
            f"-s3.port={s3}", f"-master.port={master}", f"-volume.port={volume}", f"-filer.port={filer}",
            f"-master.port.grpc={g1}", f"-volume.port.grpc={g2}", f"-filer.port.grpc={g3}", f"-s3.port.grpc={g4}",
            "-s3.port.iceberg=0", "-s3.port.lance=0", "-webdav=false", "-admin.ui=false",
            "-master.telemetry=false", f"-bucket={BUCKET}"]
    env = {**os.environ, "AWS_ACCESS_KEY_ID": access, "AWS_SECRET_ACCESS_KEY": secret}
    log = folder / "weed.log"
    with log.open("wb") as fh:
        proc = subprocess.Popen(argv, stdout=fh, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
    server = S3Server(f"http://127.0.0.1:{s3}", access, secret, BUCKET, proc, log, argv, env)
    _wait_ready(server)
    return server


def restart(server: S3Server) -> S3Server:
    """The stopped server started again on its folder, ports and credentials (what it held is
    kept): a store that comes back."""
    assert server.argv is not None and server.started_env is not None
    with server.log.open("ab") as fh:
        server.proc = subprocess.Popen(server.argv, stdout=fh, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                       env=server.started_env)
    _wait_ready(server)
    return server


def _wait_ready(server: S3Server) -> None:
    proc, log = server.proc, server.log
    deadline = time.monotonic() + _START_TIMEOUT_S
    while not _ready(server):
        if proc.poll() is not None or time.monotonic() > deadline:
            stop(server)
            raise RuntimeError(f"weed mini did not serve S3 on {server.endpoint}:\n"
                               f"{log.read_text(errors='replace')[-3000:]}")
        time.sleep(0.5)


def _ready(server: S3Server) -> bool:
    """S3 answers and the bucket takes a put (the bucket is made a moment after the port opens)."""
    if not _up(server.endpoint):
        return False
    import obstore
    from obstore.store import S3Store

    store = S3Store(server.bucket, endpoint=server.endpoint, access_key_id=server.access_key,
                    secret_access_key=server.secret_key, region="us-east-1", virtual_hosted_style_request=False,
                    client_options={"allow_http": True, "timeout": "5s"})
    try:
        obstore.put(store, "ready", b"1")
    except Exception:
        return False
    return True


def stop(server: S3Server) -> None:
    if server.proc.poll() is None:
        server.proc.terminate()
        try:
            server.proc.wait(20)
        except subprocess.TimeoutExpired:
            server.proc.kill()
            server.proc.wait(10)


__all__ = ["BUCKET", "Missing", "S3Server", "restart", "start", "stop", "weed_binary"]
