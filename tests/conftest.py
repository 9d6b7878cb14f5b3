"""Shared fixtures: the local Kafka broker plugin, and the shared tau traces beside the checkout."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# Speed is measured in bench/, never in a unit test: Hypothesis's 200 ms deadline per example
# only turns a loaded machine (2 cores, CI beside other work) into a flaky failure.
settings.register_profile("obsline", deadline=None)
settings.load_profile("obsline")

pytest_plugins = ["tests.kafka_broker", "tests.s3_server"]

REPO = Path(__file__).resolve().parents[1]
DEV_TRACES = REPO.parent / "shared" / "data" / "tau-traces" / "dev.jsonl"
FOREIGN_DEV = REPO.parent / "shared" / "data" / "foreign-dev" / "foreign-dev.jsonl"


def present_or_skip(path: Path, missing_in_ci: str, missing_here: str) -> Path:
    """What a test reads from outside the repo (shared data, installed servers): it skips where
    the path is absent, with the reason, but never under CI, which must have it."""
    if not path.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{path} is missing; {missing_in_ci}")
        pytest.skip(f"{path} {missing_here}")
    return path


def shared_or_skip(path: Path) -> Path:
    """Tests on the shared traces skip where they are absent, but never under CI."""
    return present_or_skip(path, "CI must run with ../shared beside the checkout",
                           "not found: the shared dev files live beside the checkout (../shared)")


@pytest.fixture(scope="session")
def dev_traces() -> Path:
    return shared_or_skip(DEV_TRACES)


@pytest.fixture(scope="session")
def dev_lines(dev_traces: Path) -> list[bytes]:
    return [line for line in dev_traces.read_bytes().splitlines() if line.strip()]


@pytest.fixture(scope="session")
def foreign_dev_lines() -> list[bytes]:
    return [line for line in shared_or_skip(FOREIGN_DEV).read_bytes().splitlines() if line.strip()]
