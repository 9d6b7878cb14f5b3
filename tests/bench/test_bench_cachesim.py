"""bench cachesim: callgrind's simulated cache misses of one replay, old against new."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bench.cachesim import columns, events, simulated, table
from bench.instructions import REPO
from tests.conftest import DEV_TRACES, shared_or_skip

_ANNOTATED = """\
Events recorded:  Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
Events shown:     Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
--------------------------------------------------------------------------------
1,000 (100.0%) 400 (100.0%) 200 (100.0%) 30 (100.0%) 20 (100.0%) 5 (100.0%) 3 (100.0%) 7 (100.0%) 1 (100.0%)  PROGRAM TOTALS
--------------------------------------------------------------------------------
  500 (50.00%) 100 (25.0%) 50 (25.0%) 10 (33.3%) 10 (50.0%) 1 (20.0%) 1 (33.3%) 3 (42.9%) 0  Python/ceval.c:x
"""


def test_the_totals_are_read_by_event_and_grouped_by_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    class Done:
        stdout = _ANNOTATED

    monkeypatch.setattr("bench.cachesim.subprocess.run", lambda *a, **k: Done())
    counts = events(Path("unused"))
    assert counts["Ir"] == 1000 and counts["DLmw"] == 1  # the totals line, not a function's
    grouped = columns(counts)
    assert grouped == {"instructions": 1000, "L1i misses": 30, "L1d misses": 25, "L2 misses": 11}
    row = table([("tau", "off", 10, grouped, {**grouped, "L2 misses": 22})])
    assert "1 → 2 (×2.00)" in row  # per record, and new / old


@pytest.mark.integration
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind not installed (deploy/setup.sh installs it)")
def test_a_real_replay_under_the_cache_simulation_counts_misses(tmp_path: Path) -> None:
    shared_or_skip(DEV_TRACES)
    found = simulated(REPO, DEV_TRACES, 3, "off", tmp_path / "few.out")
    assert 0 < found["L2 misses"] <= found["L1d misses"] + found["L1i misses"] < found["instructions"] < 100_000_000
