"""bench instructions: callgrind's count of one replay, by where it goes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bench.instructions import REPO, by_kind, measure, table
from tests.conftest import DEV_TRACES, shared_or_skip

_ANNOTATED = """\
--------------------------------------------------------------------------------
1,000 (100.0%)  PROGRAM TOTALS
--------------------------------------------------------------------------------
  500 (50.00%)  Python/ceval.c:_PyEval_EvalFrameDefault [/usr/lib/libpython3.11.so]
  300 (30.00%)  ./Modules/_sre/sre_lib.h:sre_ucs1_match [/usr/lib/libpython3.11.so]
  150 (15.00%)  ???:0x0000000004599730 [/site-packages/bpe_openai/_bindings.abi3.so]
   50 ( 5.00%)  Objects/unicodeobject.c:unicode_lower [/usr/lib/libpython3.11.so]
"""


def test_instructions_are_split_by_the_c_function_they_are_charged_to(monkeypatch: pytest.MonkeyPatch) -> None:
    class Done:
        stdout = _ANNOTATED

    monkeypatch.setattr("bench.instructions.subprocess.run", lambda *a, **k: Done())
    counts = by_kind(Path("unused"))
    assert counts["total"] == 1000  # the totals line is not counted twice
    assert (counts["interpreter"], counts["regex"], counts["tokenizer"], counts["other"]) == (500, 300, 150, 50)
    row = table([("tau", "on", 10, counts, {**counts, "total": 2000})])
    assert "**0.50**" in row  # the speed ratio is old / new instructions


@pytest.mark.integration
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind not installed (deploy/setup.sh installs it)")
def test_a_real_replay_under_callgrind_counts_only_the_replay(tmp_path: Path) -> None:
    shared_or_skip(DEV_TRACES)
    few = measure(REPO, DEV_TRACES, 3, "on", tmp_path / "few.out")
    more = measure(REPO, DEV_TRACES, 30, "on", tmp_path / "more.out")
    assert 0 < few["total"] < more["total"] < 100_000_000  # the import (~10^9) and warm-up are not in either count
    assert more["tokenizer"] > 0 and more["interpreter"] > 0
