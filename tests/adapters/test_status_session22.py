"""The status mechanisms of session 22 (issue 23), written for the fourth unseen part's misses by
kind: job shapes (a state key that names its job, counts of the work so far, a job's own times in
any spelling, a weak state word beside strong job evidence, a job created and named only by its
key), success codes and success verdicts beside errors, cut-off flags at any depth and in either
polarity, shares "N of M" by their number pattern, ids after a word of any language, truncation
markers, and the families' new phrases. Each has examples of its own (not the corpus's) and the
records it must leave alone."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from obsline.adapters.adapt import Limits, adapt
from obsline.adapters.status import _status_of_json
from obsline.contracts import load_contracts
from obsline.core.models import RawEnvelope

CONTRACTS = load_contracts()


def _adapt(raw: Any, **extra: Any) -> Any:
    text = raw if isinstance(raw, str) else orjson.dumps(raw).decode()
    env = RawEnvelope.parse({"task_id": "t", "step_id": 0, "action_id": "a0", "tool": "call_api", "raw": text,
                             **extra})
    return adapt(env, CONTRACTS, Limits()).adapted


def _both(raw: Any) -> Any:
    """The fast reading, checked against its plain twin."""
    fast, plain = _status_of_json(raw), _status_of_json(raw, plain=True)
    assert (fast and fast.status) == (plain and plain.status), raw
    return _adapt(raw)


@pytest.mark.parametrize(("raw", "status", "handle"), [
    ({"ExportTaskStatus": "RUNNING", "OutputConfig": {"Bucket": "b"}}, "pending", None),  # the key names the job
    ({"id": "t-1", "status": "NotStarted", "createdDateTimeUtc": "2025-01-01T00:00:00Z",
      "counts": {"total": 4, "done": 0}}, "pending", "t-1"),  # counts so far, a time with a qualifier
    ({"id": 9, "status": "running", "trigger": "cron", "created": 1700000000}, "pending", "9"),  # a bare time
    ({"id": "p-3", "state": "active", "self": "https://h/api/jobs/p-3"}, "pending", "p-3"),  # weak word, job link
    ({"renderJob": {"renderId": "r-77", "credits": 3}}, "pending", "r-77"),  # created, named by its key
    ({"state": "queued", "state_id": "s-1"}, "pending", "s-1"),  # a status's own id, to poll
    ({"id": "x", "status": "IN_QUEUE"}, "pending", "x"),
    ({"kind": "Execution", "metadata": {"name": "e-1"}, "status": {"conditions": [
        {"type": "Completed", "status": "Unknown", "reason": "Running"}], "runningCount": 2}}, "pending", "e-1"),
])
def test_job_shapes(raw: Any, status: str, handle: str | None) -> None:
    adapted = _both(raw)
    assert adapted.status.value == status, raw
    assert adapted.details.get("handle") == handle, raw


@pytest.mark.parametrize("raw", [
    {"id": 5, "status": "active", "email": "a@b.c", "plan": "pro"},  # a user is active
    {"id": 5, "status": "active", "created_at": "2025-01-01"},  # active, nothing says job
    {"job": {"job_id": "j-1", "title": "Engineer", "salary": 100}},  # a job posting
    {"order_id": "o-1", "status": "pending", "total": 9.5, "created": 1700000000},
    {"id": "t", "status": "in_progress", "createdAt": 1, "title": "Printer broken", "priority": "high"},  # a ticket
])
def test_records_with_states_stay_records(raw: Any) -> None:
    assert _both(raw).status.value == "success", raw


@pytest.mark.parametrize(("raw", "status"), [
    ({"code": 200001, "message": "success", "data": {"task_id": "k-1", "status": "processing"}}, "pending"),
    ({"code": 7, "message": "OK", "data": {"items": []}}, "success"),
    ({"code": 7, "message": "quota exceeded"}, "error"),
    ({"result": "success", "errors": [{"index": 0, "reason": "bad email"}]}, "partial"),
    ({"message": "failed", "errors": [{"index": 0, "reason": "bad email"}]}, "error"),
])
def test_success_verdicts_beside_codes_and_errors(raw: Any, status: str) -> None:
    assert _both(raw).status.value == status, raw


@pytest.mark.parametrize(("raw", "status"), [
    ({"hits": [1], "exhaustiveFacetsCount": False}, "uncertain"),
    ({"hits": [1], "exhaustive": True}, "success"),
    ({"matches": [1], "scan_cutoff": True}, "uncertain"),
    ({"matches": [1], "scan_cutoff": False}, "success"),
    ({"data": {"search": {"results": {"resultLimitHit": True, "items": [1]}}}}, "uncertain"),
    ({"data": {"search": {"results": {"resultLimitHit": False, "items": [1]}}}}, "success"),
    ({"output": "Once", "meta": {"finish_reason": "length"}}, "uncertain"),
    ({"output": "Once", "meta": {"finish_reason": "stop"}}, "success"),
    ({"modelVersion": "m-2", "outputs": [{"text": "a", "stop_reason": "max_tokens"}]}, "uncertain"),
    ({"settings": {"max_partial": True}, "items": [1]}, "success"),  # a setting, not a cut
])
def test_cut_flags_at_any_depth(raw: Any, status: str) -> None:
    assert _both(raw).status.value == status, raw


@pytest.mark.parametrize(("text", "status"), [
    ("7 из 9 файлов загружено.", "partial"),
    ("Se procesaron 30 sur 40 registros.", "success"),  # no success word after the share: not read
    ("30 af 40 filer uploadet.", "partial"),
    ("5건 중 3건 처리 완료", "partial"),
    ("... 120 lines omitted ...", "uncertain"),
    ("[output truncated]", "uncertain"),
    ("The truncated cone has a volume of 12 litres.", "success"),
])
def test_texts_share_and_truncation(text: str, status: str) -> None:
    assert _adapt(text).status.value == status, text


@pytest.mark.parametrize(("text", "status", "handle"), [
    ("Der Bericht 7741 ist noch in Bearbeitung.", "pending", "7741"),
    ("La tâche r-18 est en cours.", "pending", "r-18"),
    ("Build b_20x is still compiling, retry in 30 seconds.", "pending", "b_20x"),
    ("Queued 3 of 12 uploads, check back in 5 minutes.", "pending", None),
])
def test_texts_handles_after_any_word(text: str, status: str, handle: str | None) -> None:
    adapted = _adapt(text)
    assert adapted.status.value == status, text
    from obsline.adapters.status_text_jobs import _handle
    assert _handle(text) == handle


@pytest.mark.parametrize(("raw", "code"), [
    ("error: No formula named 'wgetx' found.", "NOT_FOUND"),
    ("error: unknown repository: foo/bar", "NOT_FOUND"),
    ("Error: image unknown in registry", "NOT_FOUND"),
    ("error: plugin 'x' is not installed", "NOT_FOUND"),
    ("Error: Credentials were required, but not provided.", "AUTH_FAILED"),
    ("error: API-TOKEN not exists", "AUTH_FAILED"),
    ("Error: quantity below the minimum allowed", "INVALID_ARGUMENT"),
    ("Error: host did not respond", "TIMEOUT"),
    ("Couldn't find profile for 'dev'.", "NOT_FOUND"),
])
def test_family_phrases(raw: str, code: str) -> None:
    adapted = _adapt(raw)
    assert adapted.status.value == "error" and adapted.error.code.value == code, raw


@pytest.mark.parametrize("text", ["No errors found.", "No vulnerabilities found in 12 packages.",
                                  "unknown option --x was ignored; 3 files written"])
def test_family_phrases_leave_successes(text: str) -> None:
    assert _adapt(text).status.value == "success", text


def test_a_note_of_a_rate_limit_is_an_error_and_other_notes_are_data() -> None:
    limited = _both({"Information": "Our standard API rate limit is 25 requests per day. Please retry later."})
    assert limited.status.value == "error" and limited.error.code.value == "RATE_LIMITED"
    assert _both({"Note": "Prices are delayed by 15 minutes."}).status.value == "success"


def test_the_type_beside_a_number_is_the_tools_word_for_it() -> None:
    adapted = _both({"success": False, "error": {"code": 104, "type": "usage_limit_reached", "info": "x"}})
    assert adapted.error.tool_code == "usage_limit_reached"
    adapted = _both({"error": {"type": "QuotaException", "message": "quota exceeded", "code": 900}})
    assert adapted.error.tool_code == "900"


@pytest.mark.parametrize(("text", "code", "tool"), [
    ("✖ [ERROR] Upload failed.\n\n  Token rejected: authentication error [code: 7003]", "AUTH_FAILED", "7003"),
    ("error[E0412]: cannot find type `Foo` in this scope", "NOT_FOUND", "E0412"),
    ("Error: the token lacks the required scope repo:write", "PERMISSION_DENIED", None),
])
def test_glyph_labels_bracketed_codes_and_scopes(text: str, code: str, tool: str | None) -> None:
    adapted = _adapt(text)
    assert adapted.status.value == "error" and adapted.error.code.value == code, text
    if tool is not None:
        assert adapted.error.tool_code == tool


def test_a_bracketed_label_that_is_no_error_leaves_a_success() -> None:
    assert _adapt("✔ [INFO] Upload finished: 3 files.").status.value == "success"


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from obsline.adapters import status_lexicon as lex  # noqa: E402
from obsline.adapters import status_text  # noqa: E402

_WORD = st.sampled_from(sorted({*lex.ERROR_WORDS, "error", "Error", "fatal", "err!", "échec", "note", "psql", "✘ [",
                                 "错误", "x"}))
_LINE = st.builds(lambda pre, w, case, tail: pre + (w.upper() if case else w) + tail,
                  st.sampled_from(["", "  ", "psql: ", "✘ [", "go: "]), _WORD, st.booleans(),
                  st.sampled_from(["", ":", ": x", ". y", "!", " z: w", "x: y", "]", " ", "：v", "s: t"]))


@settings(max_examples=500, deadline=None)
@given(st.one_of(_LINE, st.text(max_size=40)))
def test_the_error_prefix_reads_as_its_plain_twin(line: str) -> None:
    assert status_text.error_prefix(line) == bool(status_text._ERROR_PREFIX_PLAIN.match(line)), line
