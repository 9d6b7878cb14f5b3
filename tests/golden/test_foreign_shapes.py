"""Golden checks of the shapes and their status on the shared foreign-dev results (tau2,
BFCL, SWE-agent): no MALFORMED, every record the source marks failed (and every tau2 text
starting with ``Error``, every non-zero exit code) is an error, and text shapes keep the words
of their raws."""

from __future__ import annotations

import re

import orjson
import pytest

from obsline.pipeline import Runner, Stages
from obsline.quality import TaskTexts, pointed_texts
from tests.conftest import REPO, shared_or_skip

pytestmark = pytest.mark.shared

FOREIGN_DEV = REPO.parent / "shared" / "data" / "foreign-dev" / "foreign-dev.jsonl"
WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_./:-]{3,}")
_EXIT = re.compile(r"<returncode>(-?\d+)</returncode>|[Ee]xit code:? (-?\d+)")


@pytest.fixture(scope="module")
def replayed() -> list[tuple[dict, object]]:
    lines = [line for line in shared_or_skip(FOREIGN_DEV).read_bytes().splitlines() if line.strip()]
    observations = [p.observation for p in Runner(Stages.default()).run(lines)]
    return list(zip([orjson.loads(line) for line in lines], observations, strict=True))


def test_no_result_is_malformed(replayed) -> None:
    assert [o.text[:80] for _, o in replayed if o.error and o.error.code == "MALFORMED"] == []


def test_failed_records_tau2_error_texts_and_non_zero_exit_codes_are_errors(replayed) -> None:
    missed = []
    for rec, obs in replayed:
        raw = rec["raw"]
        exit_code = _EXIT.search(raw)
        must = bool(rec.get("error")) or (rec["kind"] == "tau2-exec" and raw.startswith("Error")) or bool(
            exit_code and int(exit_code.group(1) or exit_code.group(2)))
        if must and obs.status != "error":
            missed.append(raw[:80])
    assert missed == []


def test_records_the_source_marks_successful_are_not_errors_unless_their_text_says_so(replayed) -> None:
    wrong = [rec["raw"][:80] for rec, obs in replayed
             if rec.get("error") is False and obs.status == "error" and not rec["raw"].startswith("Error")]
    assert wrong == []


def test_every_text_shape_is_found(replayed) -> None:
    shapes = {obs.metadata["shape"] for _, obs in replayed}
    assert {"json", "python_literal", "key_value", "file_view", "shell", "traceback", "search_hits", "diff",
            "text"} <= shapes


def _letters(word: str) -> str:
    """A word of letters only (``Error:``), lowered; else empty."""
    core = word.rstrip(".:")
    return core.lower() if core.isalpha() else ""


def test_text_shapes_keep_the_words_of_raws_within_the_old_text_limit(replayed) -> None:
    # Raws over 4,000 characters are cut by the display limit the budget replaces; internal
    # addresses are hidden by the secrets rules: both are measured by bench quality, not here.
    total = kept = 0
    earlier: dict[str, TaskTexts] = {}  # text dedup points at earlier views (#N) and lines (dittos)
    for rec, obs in replayed:
        seen = earlier.setdefault(obs.task_id, TaskTexts())
        visible = [obs.text, *pointed_texts(obs, seen)]
        seen.add(obs)
        if obs.metadata["shape"] == "json" or len(rec["raw"]) > 4000 or obs.control.redactions:
            continue
        words = set(WORD.findall(rec["raw"]))
        total += len(words)
        # A word of letters may differ in case (the header's ``error`` says a raw's ``Error:``),
        # as obsline.quality reads it.
        kept += sum(1 for w in words if any(w in t or _letters(w) and _letters(w) in t.lower() for t in visible))
    assert total > 5000 and kept == total
