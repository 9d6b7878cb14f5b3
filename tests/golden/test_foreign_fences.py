"""Fences on foreign-dev (tau2, BFCL, SWE-agent results, none with a contract): status lines and
the agent's own output are not outside text, so nothing there is fenced unless it is flagged."""

from __future__ import annotations

import orjson
import pytest

from obsline.pipeline import Runner, Stages
from obsline.sinks.render import FENCE_OPEN
from tests.conftest import REPO, shared_or_skip

pytestmark = pytest.mark.shared
FOREIGN_DEV = REPO.parent / "shared" / "data" / "foreign-dev" / "foreign-dev.jsonl"


@pytest.fixture(scope="module")
def observations():
    lines = [line for line in shared_or_skip(FOREIGN_DEV).read_bytes().splitlines() if line.strip()]
    return [orjson.loads(line) for line in lines], [p.observation for p in Runner(Stages.default()).run(lines)]


def test_only_flagged_observations_are_fenced_each_once(observations) -> None:
    _, obs = observations
    fenced = [o for o in obs if FENCE_OPEN in o.text]
    assert all(o.control.suspicious for o in fenced)  # was 422 of 1,806, none flagged
    assert all(o.text.count(FENCE_OPEN) == 1 for o in fenced)
    assert len(fenced) <= len(obs) // 100


def test_no_status_line_is_fenced(observations) -> None:
    records, obs = observations
    for rec, o in zip(records, obs, strict=True):
        if rec["tool"].startswith("toggle_") or rec["tool"] in ("check_network_status", "check_status_bar"):
            assert FENCE_OPEN not in o.text, o.text[:120]
