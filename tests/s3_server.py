"""Pytest plugin: a real S3-compatible server (SeaweedFS ``weed mini``, bench/s3_server.py) on 127.0.0.1.

Registered from tests/conftest.py. One server per test session on free ports, in a temporary
folder, with credentials of its own, stopped at the end; skipped where SeaweedFS is not built,
but never under CI (deploy/setup.sh builds it).

Fixtures
--------
s3_server (session)
    ``S3Server``: the endpoint, the credentials and the bucket; ``env()`` gives the variables a
    worker needs (obstore reads the standard ``AWS_*`` ones). While the session runs they are
    also set in this process, so ``Objects.open("s3://...")`` works in tests directly.
s3_url (function)
    ``s3://<bucket>/<unique prefix>``: a test's own corner of the bucket.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.s3_server import Missing, S3Server, environ, start, stop


@pytest.fixture(scope="session")
def s3_server() -> Iterator[S3Server]:
    folder = Path(tempfile.mkdtemp(prefix="obsline-s3-"))
    try:
        server = start(folder)
    except Missing as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(str(exc), pytrace=False)
        pytest.skip(str(exc))
    except RuntimeError as exc:
        pytest.fail(str(exc), pytrace=False)
    try:
        with environ(server.env()):
            yield server
    finally:
        stop(server)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def s3_url(s3_server: S3Server) -> str:
    return s3_server.url(f"t{uuid.uuid4().hex[:8]}")
