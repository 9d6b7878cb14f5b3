"""The status rules made general after the third unseen part of the protocol corpus (issue 23,
session 21), one test per kind of miss it showed. The examples are of their own (other key
names, words and shapes than the corpus's), with the records each mechanism must leave alone;
each test fails on the rules of 1004076."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from obsline.adapters.adapt import Limits, adapt
from obsline.adapters.error_fields import specific_code
from obsline.adapters.status_slots import listed_verdict, slot_of
from obsline.contracts import load_contracts
from obsline.core.models import RawEnvelope

CONTRACTS = load_contracts()


def _adapt(raw: Any, **extra: Any) -> Any:
    text = raw if isinstance(raw, str) else orjson.dumps(raw).decode()
    env = RawEnvelope.parse({"task_id": "t", "step_id": 0, "action_id": "a0", "tool": "call_api", "raw": text,
                             **extra})
    return adapt(env, CONTRACTS, Limits()).adapted


@pytest.mark.parametrize(("key", "slot"), [
    ("returnCode", "code"), ("resp_code", "code"), ("apiErrno", "code"), ("err", "code"), ("rc", "code"),
    ("outcome", "verdict"), ("replyMsg", "message"), ("zip_code", None), ("currency_code", None),
    ("countryCode", None),
])
def test_slots_by_the_words_of_their_keys(key: str, slot: str | None) -> None:
    assert slot_of(key) == slot


ENVELOPES = [  # (raw, stable code, tool code): verdict, code and message slots of other names, at any depth
    ({"returnCode": 4031, "returnMsg": "permission denied for this account"}, "PERMISSION_DENIED", "4031"),
    ({"resp_code": 404, "resp_msg": "Shipment not found"}, "NOT_FOUND", "404"),
    ({"err": 7, "msg_text": "Too many calls, slow down"}, "RATE_LIMITED", "7"),
    ({"header": {"rc": 12, "message": "Session expired, please log in"}, "body": None}, "AUTH_FAILED", "12"),
    ({"outcome": "FAILURE", "reason": "QuotaExceeded", "message": "QuotaExceeded"}, "RATE_LIMITED", "QuotaExceeded"),
    ({"reply": {"resultCode": "Error", "messages": [{"code": "X401", "text": "Invalid credentials supplied."}]}},
     "AUTH_FAILED", "X401"),
    (["error", 5012, "invalid nonce value"], "INVALID_ARGUMENT", "5012"),
]


@pytest.mark.parametrize(("raw", "code", "tool"), ENVELOPES)
def test_envelopes_read_by_their_slots(raw: Any, code: str, tool: str) -> None:
    adapted = _adapt(raw)
    assert adapted.status.value == "error"
    assert adapted.error.code.value == code
    assert adapted.error.tool_code == tool


SLOT_RECORDS = [  # codes and verdicts of a domain, or beside words that say nothing failed: data
    {"zip_code": 10001, "description": "not found in the old index, moved"},
    {"returnCode": 0, "returnMsg": "OK"},
    {"resp_code": 200, "resp_msg": "Shipment not found earlier, now delivered"},
    {"result": "error", "count": 3},
    {"err": 3, "message": "three warnings were logged"},
    ["error", "warning", "info"],
    ["error"],
]


@pytest.mark.parametrize("raw", SLOT_RECORDS)
def test_slot_records_stay_data(raw: Any) -> None:
    assert _adapt(raw).status.value == "success"


def test_a_listed_verdict_needs_a_verdict_first() -> None:
    assert listed_verdict(["ok", 1, "fine"]) is None
    assert listed_verdict(["ERROR", "E42", "disk full"]) == ("E42", "disk full")


@pytest.mark.parametrize(("raw", "http", "tool"), [
    ({"Kind": "quota_error", "Message": "Out of credits"}, 402, "quota_error"),
    ({"fault": {"detail": {"errorcode": "steps.oauth.InvalidToken"}, "faultstring": "Invalid token"}}, 401,
     "steps.oauth.InvalidToken"),
    ({"problems": [{"x:errorCode": "MISSING_FIELD", "detail": "name is required"}], "status": 400}, 400,
     "MISSING_FIELD"),
    ({"category": "Client::NotFound", "message": "No such zone"}, 404, None),
])
def test_the_bodys_own_code_beats_the_status_number(raw: Any, http: int, tool: str | None) -> None:
    adapted = _adapt(raw, http_status=http)
    assert adapted.status.value == "error"
    assert adapted.error.tool_code == (tool or str(http))


def test_specific_code_skips_links_reason_phrases_and_request_ids() -> None:
    assert specific_code({"type": "https://example.com/probs/x", "error": "Unauthorized", "requestId": "abc"}) is None
    assert specific_code({"errors": {"error": [{"code": "A.B_C"}]}}) == "A.B_C"
    assert specific_code({"errno": 1012}) == "1012"
    assert specific_code({"code": 404}) is None


def test_graphql_errors_beside_data_that_holds_nothing_are_an_error() -> None:
    raw = {"errors": [{"message": "Forbidden: no access to project 9"}], "data": {"project": {"issues": None}}}
    assert _adapt(raw).status.value == "error"
    some = {"errors": [{"message": "Forbidden: no access to field cost"}], "data": {"project": {"name": "p"}}}
    assert _adapt(some).status.value == "partial"


PARTIALS = [  # batches without a key around their items, and counts in objects
    [{"key": "k1", "outcome": {}}, {"key": "k2", "outcome": {"errors": [{"message": "bad shape"}]}}],
    {"Results": [{"Status": "ok", "Id": 1}, {"Status": "FAILED", "Errors": ["quota"]}]},
    {"state": {"createdKeys": ["a", "b"]}, "errors": [{"message": "duplicate key c"}]},
    {"okRows": {"inserts": 8, "updates": 1}, "rejectedRows": {"inserts": 2, "updates": 0}},
]


@pytest.mark.parametrize("raw", PARTIALS)
def test_partial_batches_in_other_shapes(raw: Any) -> None:
    assert _adapt(raw).status.value == "partial"


def test_a_census_of_states_is_no_batch() -> None:
    census = {"queued": 4, "running": 2, "succeeded": 900, "failed": 3}
    assert _adapt(census).status.value == "success"
    assert _adapt({"succeeded": 900, "failed": 3}).status.value == "partial"


JOBS = [  # (raw, status, handle)
    ({"kind": "TaskRun", "metadata": {"name": "lint-3"}, "status": {"conditions": [
        {"type": "Succeeded", "status": "Unknown", "reason": "Pending"}]}}, "pending", "lint-3"),
    ({"kind": "HelmRelease", "metadata": {"name": "web"}, "status": {"conditions": [
        {"type": "Ready", "status": "False", "reason": "Reconciling"}]}}, "pending", "web"),
    ({"kind": "Workflow", "metadata": {"name": "nightly"}, "status": {"conditions": [
        {"type": "Completed", "status": "False", "reason": "Aborted"}]}}, "cancelled", "nightly"),
    ({"id": "w9", "state": 2, "state_label": "running", "queued_at": "2025-01-01T00:00:00Z"}, "pending", "w9"),
    ({"data": {"type": "export-job", "id": "e5", "attributes": {"state": "queued", "rows_total": 100}}},
     "pending", "e5"),
    ({"render_id": "r-71", "state": "QUEUED"}, "pending", "r-71"),
    ({"Id": "T-3", "State": "Running", "IsFinished": False}, "pending", "T-3"),
    ({"uid": "x", "_id": "m-5", "status": "rendering", "startedAt": "2025-01-01T00:00:00Z"}, "pending", "m-5"),
    ({"id": "tr-2", "request_id": "req-9", "status": "queued", "created_at": "2025-01-01T00:00:00Z"},
     "pending", "tr-2"),
    ({"id": "dep-4", "status": "running", "created_on": "2025-01-01T00:00:00Z", "region": "eu",
      "steps": [{"name": "build", "status": "done"}, {"name": "push", "status": "running"}],
      "project": {"id": 3, "name": "site"}}, "pending", "dep-4"),
    ({"job_id": "j-8", "status": "KILLED"}, "cancelled", "j-8"),
]


@pytest.mark.parametrize(("raw", "status", "handle"), JOBS)
def test_jobs_in_other_shapes(raw: Any, status: str, handle: str) -> None:
    adapted = _adapt(raw)
    assert adapted.status.value == status
    assert adapted.details.get("handle") == handle


JOB_RECORDS = [  # records with an id, a time and a state: business fields beside them keep them data
    {"id": "o1", "status": "processing", "created_at": "2025-01-01T00:00:00Z", "total": 12.5},
    {"id": "o2", "status": "processing", "created_at": "2025-01-01T00:00:00Z", "address": {"city": "Oslo"}},
    {"id": "o3", "status": "processing", "created_on": "2025-01-01", "sku": "A-1", "note": "gift"},
    {"kind": "Deployment", "metadata": {"name": "web"}, "status": {"conditions": [
        {"type": "Available", "status": "True", "reason": "MinimumReplicasAvailable"}]}},
]


@pytest.mark.parametrize("raw", JOB_RECORDS)
def test_job_records_stay_data(raw: Any) -> None:
    assert _adapt(raw).status.value == "success"


@pytest.mark.parametrize(("text", "status"), [
    ("Waiting for the migration job to finish, 3 of 8 shards copied", "pending"),
    ("Le rapport 12 est en file d'attente.", "pending"),
    ("Il lavoro 4 è in coda.", "pending"),
    ("Sent 18 of 20 messages", "partial"),
])
def test_progress_is_no_partial_and_queues_are_pending(text: str, status: str) -> None:
    assert _adapt(text).status.value == status


def test_items_with_status_objects_are_read_without_error() -> None:
    pods = {"items": [{"metadata": {"name": "a"}, "status": {"phase": "Running"}},
                      {"metadata": {"name": "b"}, "status": {"phase": "Running"}}]}
    assert _adapt(pods).status.value == "success"
