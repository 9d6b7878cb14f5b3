"""The status rules made general after the unseen part of the protocol corpus (issue 23, session
19): error envelopes read by structure, job states under keys of any style, codes in a CLI
line's parentheses, and the error words of many languages. Each mechanism has examples of its
own here (not the corpus's), and the records it must leave alone."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from obsline.adapters.adapt import Limits, adapt
from obsline.adapters.error_fields import key_role
from obsline.adapters.status_shapes import state_key, state_of
from obsline.contracts import load_contracts
from obsline.core.models import RawEnvelope

CONTRACTS = load_contracts()


def _adapt(raw: Any, **extra: Any) -> Any:
    text = raw if isinstance(raw, str) else orjson.dumps(raw).decode()
    env = RawEnvelope.parse({"task_id": "t", "step_id": 0, "action_id": "a0", "tool": "call_api", "raw": text,
                             **extra})
    return adapt(env, CONTRACTS, Limits()).adapted


@pytest.mark.parametrize(("key", "role"), [
    ("errorDescription", "message"), ("ERROR_MSG", "message"), ("faultString", "message"), ("api.error", "error"),
    ("Exception", "error"), ("fehler", "error"), ("errNo", "code"), ("errorKind", "code"),
    ("errorsCount", None), ("error_rate", None), ("hasError", None), ("errorUrl", None), ("onError", None),
    ("payment_failure", None), ("terror", None), ("status", None),
])
def test_a_key_names_an_error_in_any_style(key: str, role: str | None) -> None:
    assert key_role(key) == role


@pytest.mark.parametrize(("key", "yes"), [
    ("ImportJobState", True), ("deploymentStatus", True), ("current_stage", True), ("Phase", True),
    ("state_name", True), ("status_code", False), ("stateReason", False), ("status_message", False),
    ("statement", False),
])
def test_a_key_holds_a_state_in_any_style(key: str, yes: bool) -> None:
    assert state_key(key) is yes


def test_an_enum_constant_gives_its_state_word() -> None:
    assert state_of("pipeline_state_queued") == "queued"
    assert state_of("task_status_cancelled") == "cancelled"
    assert state_of("in_transit") == "in_transit"  # no state word at its tail: left as it is


ERRORS = [  # (raw, stable code, the tool's own code or None)
    ({"errorDescription": "The session token has expired", "errorKind": "SESSION"}, "AUTH_FAILED", "SESSION"),
    ({"api.error": {"code": "E_NOPE", "message": "Bucket does not exist"}}, "NOT_FOUND", "E_NOPE"),
    ({"Exception": {"Message": "Too many requests", "Code": "Throttled"}}, "RATE_LIMITED", "Throttled"),
    ({"fehler": "Datei nicht gefunden"}, "NOT_FOUND", None),
    ({"error": ["Missing parameter: id"], "data": None}, "INVALID_ARGUMENT", None),
    ({"ret": 1, "errNo": "4031", "errorMessage": "permission denied for bucket"}, "PERMISSION_DENIED", "4031"),
    ({"kind": "error", "code": "quota_exceeded", "text": "Daily quota used up"}, "RATE_LIMITED", "quota_exceeded"),
    ({"ack": "Failure", "notes": "Item not found in the catalogue"}, "NOT_FOUND", None),
    ({"msg": "UNAUTHENTICATED", "hint": "Send a valid bearer token"}, "AUTH_FAILED", "UNAUTHENTICATED"),
    ({"wrapper": {"error_code": 503, "error_message": "Service temporarily unavailable"}}, "UPSTREAM_FAILURE", "503"),
    ({"code": "ORDER_NOT_FOUND", "message": "注文が見つかりません"}, "NOT_FOUND", "ORDER_NOT_FOUND"),
]


@pytest.mark.parametrize(("raw", "code", "tool"), ERRORS)
def test_error_envelopes_are_read_by_structure(raw: Any, code: str, tool: str | None) -> None:
    adapted = _adapt(raw)
    assert adapted.status.value == "error", raw
    assert adapted.error.code.value == code
    assert adapted.error.tool_code == tool


TEXTS = [  # (text, stable code, tool code)
    ("Error from server (Conflict): deployments \"api\" already exists", "CONFLICT", "Conflict"),
    ("An error occurred (NoSuchBucket) when calling the GetObject operation: The bucket does not exist",
     "NOT_FOUND", "NoSuchBucket"),
    ("yarn: error: code ENOTFOUND request to https://registry.example failed", "UPSTREAM_FAILURE", "ENOTFOUND"),
    ("PLS-00201: identifier 'PKG.RUN' must be declared", "INVALID_ARGUMENT", "PLS-00201"),
    ("Cloning into 'app'...\nfatal: could not read Username: terminal prompts disabled", None, None),
    ("Σφάλμα: η πρόσβαση απορρίφθηκε", "PERMISSION_DENIED", None),
    ("Помилка: час очікування вичерпано", "TIMEOUT", None),
    ("Hata: çok fazla istek, lütfen 20 saniye sonra tekrar deneyin", "RATE_LIMITED", None),
    ("Fejl: filen findes ikke", "NOT_FOUND", None),
]


@pytest.mark.parametrize(("text", "code", "tool"), TEXTS)
def test_cli_and_language_errors(text: str, code: str | None, tool: str | None) -> None:
    adapted = _adapt(text)
    assert adapted.status.value == "error", text
    if code is not None:
        assert adapted.error.code.value == code
    assert adapted.error.tool_code == tool


OTHERS = [  # (raw, status, details that must be there)
    ({"ImportJob": {"Id": "imp-7", "ImportJobState": "IN_PROGRESS"}}, "pending", {"handle": "imp-7"}),
    ({"migration": {"id": "m-3", "phase": "QUEUED", "startedAt": None, "result": None}}, "pending", {"handle": "m-3"}),
    ({"ticket_id": 5, "status": "queued", "subject": "Printer", "assignee": "kim"}, "success", {}),
    ({"id": 41, "status": "canceled", "links": {"self": "https://ci.example/api/builds/41"},
      "web_url": "https://ci.example/builds/41"}, "cancelled", {"handle": "41"}),
    ({"uid": "x1", "task_status": "TASK_STATUS_RUNNING", "started_at": "2024-01-01T00:00:00Z", "job_id": "j9"},
     "pending", {"handle": "j9"}),
    ({"@type": "type.example/PendingOperation", "id": "op-5"}, "pending", {"handle": "op-5"}),
    ({"answer": "The tallest", "stopReason": "max_tokens"}, "uncertain", {}),
    ({"hits": [{"id": 1}], "warnings": ["Results may be incomplete: shard 3 timed out"]}, "uncertain", {}),
    ("Exporten pågår fortfarande (jobb-id: R-77).", "pending", {}),
    ("Zadanie zostało anulowane.", "cancelled", {}),
    # records whose status is data, and resources that run, stay successes
    ({"kind": "Service", "metadata": {"name": "api"}, "status": {"phase": "Running"}}, "success", {}),
    ({"invoice_id": "in_1", "payment_status": "pending", "amount": 12}, "success", {}),
    ({"ticket": {"subject": "VPN", "ticketStatus": "in_progress", "assignee": "sam"}}, "success", {}),
    ({"error_count": 0, "errors": [], "items": [1, 2]}, "success", {}),
    ({"last_error": None, "status": "ok"}, "success", {}),
    ({"verification_failure": "Name does not match", "verified": False}, "success", {}),
    ({"result": "fail", "score": 3}, "success", {}),  # a verdict word with nothing said beside it
]


@pytest.mark.parametrize(("raw", "status", "details"), OTHERS)
def test_jobs_uncertain_and_records_left_alone(raw: Any, status: str, details: dict[str, Any]) -> None:
    adapted = _adapt(raw)
    assert adapted.status.value == status, (raw, adapted.error, adapted.details)
    for key, value in details.items():
        assert adapted.details.get(key) == value


def test_a_count_named_like_a_list_of_answers_is_no_crash() -> None:
    # {"candidates": 1} (hypothesis found it: the reader iterated the count)
    assert _adapt({"candidates": 1, "choices": 3}).status.value == "success"
