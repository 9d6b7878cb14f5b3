"""bench reliability: the load generator, and the new scenarios on the real broker."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bench.reliability import contention, publisher_first_run, store_failure_run


def test_contention_runs_busy_processes_only_inside_its_block() -> None:
    with contention(2) as burners:
        assert len(burners) == 2 and all(b.poll() is None for b in burners)
    assert all(b.poll() is not None for b in burners)


@pytest.mark.integration
def test_a_publisher_first_creates_every_topic_with_the_configured_count(kafka_bootstrap: str, tmp_path: Path) -> None:
    c = asyncio.run(publisher_first_run(kafka_bootstrap, "batch", 40, tmp_path, timeout=120))
    assert (c.missing, c.non_exact, c.worker_exits) == (0, 0, 0), c.notes
    assert "WRONG" not in c.notes[0] and "'raw': 4" in c.notes[0]


@pytest.mark.integration
def test_a_store_outage_delays_observations_and_loses_none(kafka_bootstrap: str, tmp_path: Path) -> None:
    c = asyncio.run(store_failure_run(kafka_bootstrap, "batch", 20, tmp_path, timeout=120, outage=6.0))
    assert (c.missing, c.dead_letters, c.worker_exits) == (0, 0, 0), c.notes
    assert c.distinct == c.inputs == 22


@pytest.mark.integration
def test_an_s3_server_stopped_mid_run_leaves_every_record_an_observation(kafka_bootstrap: str, tmp_path: Path) -> None:
    import os

    from bench import s3_server
    from bench.reliability import s3_outage_run

    if s3_server.weed_binary() is None:
        if os.environ.get("CI") == "true":
            pytest.fail("SeaweedFS is not built (deploy/setup.sh)")
        pytest.skip("SeaweedFS is not built (deploy/setup.sh)")
    c = asyncio.run(s3_outage_run(kafka_bootstrap, "batch", 20, tmp_path, timeout=120, outage=6.0))
    assert (c.missing, c.non_exact, c.worker_exits) == (0, 0, 0), c.notes
    assert c.distinct == c.inputs == 23 and "artifact did not resolve from the server after (must be 0)" in c.notes[0]
