"""The status mechanisms the fresh held-out part of the protocol corpus showed missing (issue 23):
each with examples of its own (not the corpus's), and the records they must leave alone."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from obsline.adapters.adapt import Limits, adapt
from obsline.contracts import load_contracts
from obsline.core.models import RawEnvelope

CONTRACTS = load_contracts()


def _adapt(raw: Any, **extra: Any) -> Any:
    text = raw if isinstance(raw, str) else orjson.dumps(raw).decode()
    env = RawEnvelope.parse({"task_id": "t", "step_id": 0, "action_id": "a0", "tool": "call_api", "raw": text,
                             **extra})
    return adapt(env, CONTRACTS, Limits()).adapted


ERRORS = [  # (raw, stable code, the tool's own code or None)
    ({"detail": "Not found."}, "NOT_FOUND", None),  # Django REST framework: nothing but a message
    ({"id": "unprocessable_entity", "message": "Name can't be blank"}, "INVALID_ARGUMENT", "unprocessable_entity"),
    ({"errorMessages": ["The project key does not exist."], "errors": {}}, "NOT_FOUND", None),
    ({"status": "error", "message": "Database unavailable", "errorType": "DB_DOWN"}, "UPSTREAM_FAILURE", "DB_DOWN"),
    ({"error": {"code": 403, "message": "Daily Limit Exceeded", "errors": [
        {"domain": "usageLimits", "reason": "dailyLimitExceeded"}]}}, "RATE_LIMITED", "dailyLimitExceeded"),
    ({"success": False, "code": "USER_LOCKED", "message": "账户已锁定"}, "CONFLICT", "USER_LOCKED"),
    ({"ok": 0, "errmsg": "not authorized on admin to execute command", "code": 13, "codeName": "Unauthorized"},
     "AUTH_FAILED", "Unauthorized"),
    ({"success": False, "errors": [{"code": 1003, "message": "Invalid or missing zone id."}], "messages": [],
      "result": None}, "INVALID_ARGUMENT", "1003"),
    # (Firebase Auth: "the password is invalid": a failed sign-in, read from the code's words since session 24)
    ({"error": {"code": 400, "message": "INVALID_PASSWORD"}}, "AUTH_FAILED", "INVALID_PASSWORD"),
    ({"error": {"codigo": "PEDIDO_NO_ENCONTRADO", "mensaje": "El pedido no existe"}}, "NOT_FOUND",
     "PEDIDO_NO_ENCONTRADO"),
    ({"error_summary": "to/not_found/...", "error": {".tag": "to"}}, "NOT_FOUND", "to/not_found/..."),
    ({"error": "insufficient_scope", "error_description": "needs admin:org, your token has read:org"},
     "PERMISSION_DENIED", "insufficient_scope"),
    ("<html><head><title>503 Service Temporarily Unavailable</title></head><body></body></html>",
     "UPSTREAM_FAILURE", "503"),
    ('<soapenv:Envelope><soapenv:Body><soapenv:Fault><faultcode>soapenv:Server</faultcode><faultstring>'
     "Internal error</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>", "UPSTREAM_FAILURE",
     "soapenv:Server"),
    ("** (ArgumentError) errors were found at the given arguments:\n    * 1st argument: not an atom",
     "INVALID_ARGUMENT", "ArgumentError"),
    ("(error) NOAUTH Authentication required.", "AUTH_FAILED", "NOAUTH"),
    ("Çok fazla istek gönderildi", "RATE_LIMITED", None),
    ("Nie znaleziono zamówienia, brak uprawnień", "PERMISSION_DENIED", None),
]


@pytest.mark.parametrize(("raw", "code", "tool"), ERRORS)
def test_error_shapes_keep_their_code(raw: Any, code: str, tool: str | None) -> None:
    adapted = _adapt(raw)
    assert adapted.status.value == "error" and adapted.error is not None, adapted.status
    assert (adapted.error.code.value, adapted.error.tool_code) == (code, tool)


OTHERS = [  # (raw, status, details that must be there)
    ({"created": 10, "errors": [{"row": 3, "error": "duplicate"}]}, "partial", {"succeeded": 10}),
    ({"added_users": ["a", "b"], "failed": [{"id": "c", "reason": "exists"}]}, "partial", {"succeeded": 2}),
    ("已处理 40 个文件，3 个失败", "partial", {"succeeded": 40, "failed_count": 3}),
    ({"id": "exp_1", "object": "export", "status": "queued", "owner_id": "u1"}, "pending", {"handle": "exp_1"}),
    ({"id": 9, "status": "completed", "conclusion": "cancelled"}, "cancelled", {"handle": "9"}),
    ({"jobReference": {"jobId": "j1"}, "status": {"state": "PENDING"}}, "pending", {"handle": "j1"}),
    ({"task": {"name": "reindex", "state": "RUNNING", "monitorUrl": "https://x.example/t/1"}}, "pending",
     {"handle": "reindex", "poll_url": "https://x.example/t/1"}),
    ({"job": {"id": "j-2", "status": "running"}, "headers": {"Retry-After": "7"}}, "pending",
     {"handle": "j-2", "retry_after_ms": 7000}),
    ({"code": "ASYNC", "message": "Query is still running", "statementStatusUrl": "/s/1", "statementHandle": "q1"},
     "pending", {"handle": "q1", "poll_url": "/s/1"}),
    ("视频转换中，任务编号：V-77", "pending", {"handle": "V-77"}),
    ("Il caricamento è stato annullato.", "cancelled", {}),
    ({"rows": [1, 2], "partial_result": True}, "uncertain", {}),
    ({"candidates": [{"content": {"parts": [{"text": "It is"}]}, "finishReason": "MAX_TOKENS"}]}, "uncertain", {}),
    # records whose status is data stay successes
    ({"order_id": 12446, "status": "Cancelled"}, "success", {}),
    ({"id": 1, "title": "Refund Issue", "description": "Error during refund", "status": "Open"}, "success", {}),
    ({"message": "Order placed", "id": "o_1"}, "success", {}),
    ({"customer_id": "c1", "status": "processing", "total": 12.5}, "success", {}),
]


@pytest.mark.parametrize(("raw", "status", "details"), OTHERS)
def test_result_shapes_give_their_status_and_details(raw: Any, status: str, details: dict[str, Any]) -> None:
    adapted = _adapt(raw)
    assert adapted.status.value == status, adapted.error
    got = adapted.details
    for key, value in details.items():
        assert got.get(key) == value, (key, got)


def test_a_wait_in_other_languages_is_read() -> None:
    adapted = _adapt("Quá nhiều yêu cầu, vui lòng thử lại sau 90 giây")
    assert adapted.error is not None and adapted.error.retry_after_ms == 90_000
