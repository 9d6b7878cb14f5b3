"""The status rules made general after the second unseen part of the protocol corpus (issue 23,
session 20), one test per kind of miss it showed. The examples are of their own (other
providers, other key names and words than the corpus's), with the records each mechanism must
leave alone."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from obsline.adapters.adapt import Limits, adapt
from obsline.adapters.status_shapes import job_word
from obsline.contracts import load_contracts
from obsline.core.models import RawEnvelope

CONTRACTS = load_contracts()


def _adapt(raw: Any, **extra: Any) -> Any:
    text = raw if isinstance(raw, str) else orjson.dumps(raw).decode()
    env = RawEnvelope.parse({"task_id": "t", "step_id": 0, "action_id": "a0", "tool": "call_api", "raw": text,
                             **extra})
    return adapt(env, CONTRACTS, Limits()).adapted


@pytest.mark.parametrize(("word", "read"), [
    ("RENDERING", "in_progress"), ("transcoding", "in_progress"), ("Uploading", "in_progress"),
    ("created", "created"), ("JOB_STATE_RUNNING", "running"), ("missing", None), ("shipping", None),
    ("delivered", None), ("ready", None),
])
def test_a_verb_still_going_is_a_job_word(word: str, read: str | None) -> None:
    assert job_word(word.lower()) == read


JOBS = [  # (raw, status, handle)
    # metadata under any name: a time (*Time, *Start), a name, a type, progress, another object's id
    ({"id": "exp-9", "state": "exporting", "requestTime": "2025-01-02T03:04:05Z"}, "pending", "exp-9"),
    ({"id": "r-1", "jobKind": "Render", "status": "RENDERING", "displayName": "intro"}, "pending", "r-1"),
    ({"id": "t-4", "status": "indexing", "docs_remaining": 120}, "pending", "t-4"),
    ({"sid": "TR77", "status": "transcoding", "source_sid": "ME1", "uri": "/v1/Media/TR77"}, "pending", "TR77"),
    ({"upload_id": "u-5", "status": "uploading", "bytes_elapsed": 10}, "pending", "u-5"),
    # a state object that names its state, or counts what is in each state
    ({"uuid": "{b1}", "state": {"name": "PENDING"}}, "pending", "{b1}"),
    ({"kind": "Job", "metadata": {"name": "backfill"}, "status": {"active": 2}}, "pending", "backfill"),
    # the job one level down from a holder of metadata; a describe call's one item; an operation
    ({"name": "run-42", "attributes": {"state": "Queued", "runType": "batch"}}, "pending", "run-42"),
    ({"Clusters": [{"ClusterName": "c1", "ClusterStatus": "UPDATE_IN_PROGRESS", "ClusterArn": "arn:x"}]},
     "pending", "arn:x"),
    ({"name": "projects/p/operations/op-7", "metadata": {"progressPercent": 10}}, "pending",
     "projects/p/operations/op-7"),
    # handles: an ARN after the name; an id of the job's type is not the job's id
    ({"ExportTaskName": "snap-1", "ExportTaskArn": "arn:aws:x:1:export-task/snap-1", "ExportTaskStatus": "STARTING"},
     "pending", "snap-1"),
    ({"id": 8, "pipelineDefinitionId": "Def_3", "state": "queued", "queuedDate": "20250102T030405"}, "pending", "8"),
]


@pytest.mark.parametrize(("raw", "status", "handle"), JOBS)
def test_jobs_by_their_shape(raw: Any, status: str, handle: str | None) -> None:
    adapted = _adapt(raw)
    assert adapted.status.value == status
    assert adapted.details.get("handle") == handle


RECORDS = [  # business records and live things with a state: data, not the call's status
    {"id": "p1", "status": "processing", "amount": 12, "currency": "usd", "buyer": "b9"},
    {"Id": "c1", "Name": "db", "State": {"Status": "running", "Running": True, "ExitCode": 0}},
    {"id": "vm-2", "name": "n", "status": "RUNNING", "cpuPlatform": "x", "zone": "z"},
    {"order_id": "o1", "customer_id": "c1", "status": "processing"},
    {"sku": "A1", "status": "missing", "shelf": "3B"},
    {"id": "s1", "status": "shipping", "carrier": "DHL"},
]


@pytest.mark.parametrize("raw", RECORDS)
def test_records_with_a_state_stay_data(raw: Any) -> None:
    assert _adapt(raw).status.value == "success"


PARTIALS = [  # (raw, status, what must be said)
    # counts under any names: a failure count beside a count of what was done
    ({"jobId": 7, "state": "Finished", "rowsLoaded": 40, "rowsRejected": 3}, "partial", {"failed_count": 3}),
    ({"messagesDelivered": 9, "messagesBounced": 1}, "partial", {"succeeded": 9}),
    ({"importedCount": 0, "errorCount": 4}, "error", {"failed_count": 4}),
    # a lone key wraps the batch; an item's own flag says it failed
    ({"bulk_result": {"results": [{"id": 1, "ok": True}, {"id": 2, "ok": False, "why": "locked"}]}}, "partial",
     {"failed_count": 1}),
    # errors that list the failed items by reason, beside a count of what was done
    ({"id": "n-1", "delivered": 5, "errors": {"unsubscribed_ids": ["u7", "u8"]}}, "partial", {"failed_count": 2}),
    # a share of the whole in a text
    ("Uploaded 7 of 9 files; 2 were too large.", "partial", {"succeeded": 7, "failed_count": 2}),
    ("18/20 rows imported", "partial", {"succeeded": 18}),
]


@pytest.mark.parametrize(("raw", "status", "said"), PARTIALS)
def test_partial_results_under_any_names(raw: Any, status: str, said: dict[str, Any]) -> None:
    adapted = _adapt(raw)
    assert adapted.status.value == status
    assert said.items() <= adapted.details.items()


UNCERTAIN = [
    {"header": {"qtime": 3, "isPartial": True}, "rows": [1, 2]},
    {"resultsTruncated": True, "items": ["a"]},
    {"took": 3, "_nodes": {"total": 3, "successful": 2, "failed": 1}, "hits": [{"id": 1}]},
]


@pytest.mark.parametrize("raw", UNCERTAIN)
def test_a_result_that_says_it_is_not_whole_is_uncertain(raw: Any) -> None:
    assert _adapt(raw).status.value == "uncertain"


WHOLE = [  # flags of settings, counts of a dashboard, pages, a full share: left alone
    {"allowPartialResults": True, "hits": [1]},
    {"service": "api", "errors_last_hour": 4, "requests_processed_rate": 20.5},
    {"took": 3, "_shards": {"total": 3, "successful": 3, "failed": 0}, "hits": [{"id": 1}]},
    "Page 2 of 5", "Processed 5 of 5 files.",
]


@pytest.mark.parametrize("raw", WHOLE)
def test_whole_results_stay_success(raw: Any) -> None:
    assert _adapt(raw).status.value == "success"


CODED = [  # (raw, http status, stable code, the tool's own code)
    # a status code and message under any names; a non-zero status beside a message that reads as an error
    ({"statusCode": "403", "statusDescription": "Merchant is not permitted to refund"}, None, "PERMISSION_DENIED",
     "403"),
    ({"status": 7, "status_text": "expiredApiKey"}, None, "AUTH_FAILED", "expiredApiKey"),
    ({"status": {"code": 404, "ok": False, "display_message": "Workspace not found"}, "data": None}, None,
     "NOT_FOUND", "404"),
    # an HTTP status under the error's code, or in an object of its
    ({"error": {"msg": "unknown query parser 'edismaxx'", "code": 400}}, None, "INVALID_ARGUMENT", "400"),
    ({"code": "shop_rest_invalid_order", "message": "Invalid order.", "data": {"status": 404}}, None, "NOT_FOUND",
     "shop_rest_invalid_order"),
    # credentials said to be wrong in any words; "isn't authorized" is a permission
    ({"Error": "The API key you sent was invalid for this account"}, None, "AUTH_FAILED", None),
    ({"error": "wrong client secret", "status": 0}, None, "AUTH_FAILED", None),
    ({"message": "The user isn't authorized to delete this board."}, 401, "PERMISSION_DENIED", "401"),
    # a request class's name says less than a message that names a cause; the most specific code is kept
    ({"error": "invalid_request", "message": "access token expired", "cause": [{"code": 31, "text": "expired"}]},
     None, "AUTH_FAILED", "31"),
    ({"error_type": "processing_error", "error_codes": ["amount_too_small"], "request_id": "r1"}, 422, None,
     "amount_too_small"),
    ({"errors": [{"errorId": 25002, "message": "Item could not be found"}]}, None, "NOT_FOUND", "25002"),
    ({"ERRCODE": "SES_014", "err": "Session expired"}, None, "AUTH_FAILED", "SES_014"),
    ({"detail": {"status": "voice_not_found", "message": "A voice with that id does not exist."}}, None, "NOT_FOUND",
     "voice_not_found"),
    ({"title": "Slow down", "error": 429}, None, "RATE_LIMITED", "429"),
]


@pytest.mark.parametrize(("raw", "http", "code", "tool"), CODED)
def test_codes_and_messages_under_any_names(raw: Any, http: int | None, code: str | None, tool: str | None) -> None:
    adapted = _adapt(raw, **({"http_status": http} if http else {}))
    assert adapted.status.value == "error"
    assert code is None or adapted.error.code.value == code
    assert adapted.error.tool_code == tool


@pytest.mark.parametrize(("text", "wait"), [
    ("Rate limited. Retry after 45 seconds.", 45000),  # (not 4: the number is read whole)
    ("Quota used up; more calls available again in 90 seconds", 90000),
])
def test_a_wait_in_words(text: str, wait: int) -> None:
    assert _adapt(text).error.retry_after_ms == wait


CLI = [  # (text, stable code, the tool's own code)
    ("error CS0246: The type or namespace name 'Foo' could not be found", "NOT_FOUND", "CS0246"),
    ("src/a.ts(3,1): error TS2307: Cannot find module './b'", "NOT_FOUND", "TS2307"),
    ("warning: skipping\nunison error: the archive file for the root is missing (code 3)", None, None),
    (" ›   Error: Couldn't find that pipeline.", "NOT_FOUND", None),
    ("Error: No matching distribution with the name 'reqests' for this platform", "NOT_FOUND", None),
    ("Error: cannot deploy: service has no Procfile or image configured", "INVALID_ARGUMENT", None),
    ("svn: E170013: Unable to connect\nsvn: E215004: could not read username from the terminal", "AUTH_FAILED", None),
]


@pytest.mark.parametrize(("text", "code", "tool"), CLI)
def test_cli_error_forms(text: str, code: str | None, tool: str | None) -> None:
    adapted = _adapt(text)
    assert adapted.status.value == "error"
    assert code is None or adapted.error.code.value == code
    assert tool is None or adapted.error.tool_code == tool


def test_a_report_of_a_fix_is_a_success() -> None:
    assert _adapt("Resolved: the timeout on the export page is gone.").status.value == "success"


@pytest.mark.parametrize(("text", "code"), [  # the languages the second unseen part showed without words
    ("Грешка: датотеката не постои", "NOT_FOUND"),  # Macedonian
    ("Грешка: приступ одбијен", "PERMISSION_DENIED"),  # Serbian, Cyrillic
    ("Gwall: dim caniatâd i agor y ffolder", "PERMISSION_DENIED"),  # Welsh
    ("Earráid: am istigh ag fanacht leis an bhfreastalaí", "TIMEOUT"),  # Irish
    ("Żball: il-fajl ma ġiex misjub", "NOT_FOUND"),  # Maltese
    ("त्रुटी: परवानगी नाही", "PERMISSION_DENIED"),  # Marathi
    ("లోపం: ఫైల్ కనుగొనబడలేదు", "NOT_FOUND"),  # Telugu
    ("កំហុស៖ អស់ពេល", "TIMEOUT"),  # Khmer
    ("Iphutha: isikhathi siphelile", "TIMEOUT"),  # Zulu
    ("Požiadavka vypršala, skúste znova", "TIMEOUT"),  # Slovak
])
def test_error_words_of_more_languages(text: str, code: str) -> None:
    adapted = _adapt(text)
    assert adapted.status.value == "error"
    assert adapted.error.code.value == code
