"""On the real foreign-dev BFCL records: a token hidden from the model still works via its handle."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import REPO, shared_or_skip
from tests.golden.token_reuse import measure_token_reuse

pytestmark = pytest.mark.shared
FOREIGN_DEV = REPO.parent / "shared" / "data" / "foreign-dev" / "foreign-dev.jsonl"


def test_every_bfcl_call_reusing_a_hidden_token_completes_from_its_handle(tmp_path: Path) -> None:
    lines = [line for line in shared_or_skip(FOREIGN_DEV).read_bytes().splitlines() if line.strip()]
    report = measure_token_reuse(lines, tmp_path / "vault")
    assert report.hidden_values >= 1  # authenticate_travel's access_token (multi_turn_base_172)
    assert report.reusing_calls >= 2  # register_credit_card and book_flight pass it back
    assert report.completed == report.reusing_calls, report
