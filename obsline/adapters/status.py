"""Status normalisation: every result becomes success, partial, pending, error or cancelled.

Errors get one stable code from ``ErrorCode`` whatever shape the tool used: an HTTP status
(hint or ``HTTP/1.1 503`` text), MCP's ``isError``, ``{ok: false}``, ``{status: "error"}``,
``{error: ...}``, GraphQL ``errors``, an exit code (JSON field or shell shape), a traceback
that ends a program's output, a timeout, or a text that starts like an error in one of
several languages (``Error: ...``, ``Error during execution:``, ``错误``, ``Fehler`` ...).
``retry_after_ms`` is read from the result (field, header, text) and is absent otherwise.
A search that found nothing is a success with zero results.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from obsline.adapters.status_text import code_for_message, retry_after_in_text, text_status
from obsline.core.errors import RETRYABLE, ErrorCode
from obsline.core.models import ErrorInfo, Status

HTTP_CODES: dict[int, ErrorCode] = {
    400: ErrorCode.INVALID_ARGUMENT, 401: ErrorCode.AUTH_FAILED, 403: ErrorCode.PERMISSION_DENIED,
    404: ErrorCode.NOT_FOUND, 408: ErrorCode.TIMEOUT, 409: ErrorCode.CONFLICT,
    412: ErrorCode.CONFLICT, 413: ErrorCode.TOO_LARGE, 422: ErrorCode.INVALID_ARGUMENT,
    429: ErrorCode.RATE_LIMITED, 504: ErrorCode.TIMEOUT,
}

_TYPE_CODES: dict[str, ErrorCode] = {c.value.lower(): c for c in ErrorCode} | {
    "timeout": ErrorCode.TIMEOUT, "rate_limit": ErrorCode.RATE_LIMITED,
    "unauthorized": ErrorCode.AUTH_FAILED, "forbidden": ErrorCode.PERMISSION_DENIED,
    "not_found": ErrorCode.NOT_FOUND, "notfound": ErrorCode.NOT_FOUND,
    "bad_request": ErrorCode.INVALID_ARGUMENT, "validation_error": ErrorCode.INVALID_ARGUMENT,
    "upstream": ErrorCode.UPSTREAM_FAILURE, "unavailable": ErrorCode.UPSTREAM_FAILURE,
}

# Short on purpose: an error observation of a short raw must stay within a few tokens of it.
_SUGGESTIONS: dict[ErrorCode, str] = {
    ErrorCode.TIMEOUT: "retry after a wait",
    ErrorCode.RATE_LIMITED: "wait, then retry",
    ErrorCode.AUTH_FAILED: "fix credentials",
    ErrorCode.PERMISSION_DENIED: "ask for access",
    ErrorCode.INVALID_ARGUMENT: "fix arguments",
    ErrorCode.NOT_FOUND: "check id",
    ErrorCode.CONFLICT: "re-read state",
    ErrorCode.UPSTREAM_FAILURE: "retry with backoff",
    ErrorCode.TOO_LARGE: "narrow request",
    ErrorCode.MALFORMED: "report tool",
    ErrorCode.COMMAND_FAILED: "fix command",
    ErrorCode.UNKNOWN: "read artifact",
}

_PENDING_WORDS = frozenset({"pending", "running", "queued", "in_progress", "in-progress", "accepted",
                            "processing", "started", "submitted", "scheduled"})
# Job words that mean "not done yet" even without a handle; "pending" alone is also an
# order's or a reservation's business state, so it needs a handle.
_JOB_WORDS = _PENDING_WORDS - {"pending", "submitted", "scheduled"}
_CANCELLED_WORDS = frozenset({"cancelled", "canceled", "aborted"})
_FAILED_WORDS = frozenset({"error", "failed", "failure", "fail", "errored"})
_HANDLE_KEYS = ("job_id", "jobId", "poll", "poll_url", "handle", "operation_id", "operationId", "task_id",
                "run_id", "request_id")
_EXIT_KEYS = ("exit_code", "exitCode", "returncode", "return_code", "exit_status", "exitStatus")
_JOB_KEY_LIMIT = 6  # a job-status object is small; a business record with a status field is not


@dataclass(frozen=True, slots=True)
class StatusResult:
    status: Status
    error: ErrorInfo | None = None
    details: dict[str, Any] = field(default_factory=dict)


SUCCESS = StatusResult(Status.SUCCESS)


def make_error(code: ErrorCode, message: str, *, retry_after_ms: int | None = None,
               field_errors: list[dict[str, str]] | None = None) -> ErrorInfo:
    return ErrorInfo(
        code=code, message=message, retryable=code in RETRYABLE, retry_after_ms=retry_after_ms,
        field_errors=field_errors or [], suggested_actions=[_SUGGESTIONS[code]],
    )


def _number(value: Any) -> float | None:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, str) and re.fullmatch(r"\s*\d+(?:\.\d+)?\s*", value):
        return float(value)
    return None


def retry_after_ms(obj: dict[str, Any]) -> int | None:
    """A wait the result asks for: ``retry_after_ms``, ``retry_after``/``retryAfter`` (seconds),
    or a ``Retry-After`` header (seconds), at the top level or under ``headers``."""
    for holder in (obj, obj.get("headers")):
        if not isinstance(holder, dict):
            continue
        for key, scale in (("retry_after_ms", 1), ("retryAfterMs", 1), ("retry_after", 1000), ("retryAfter", 1000),
                           ("Retry-After", 1000), ("retry-after", 1000)):
            value = _number(holder.get(key))
            if value is not None:
                return int(value * scale)
    return None


def _error_from_object(err: Any, outer: dict[str, Any]) -> ErrorInfo:
    if isinstance(err, str):
        return make_error(code_for_message(err), err, retry_after_ms=retry_after_ms(outer))
    if isinstance(err, dict):
        message = str(err.get("message") or err.get("detail") or err.get("error") or err.get("reason") or "")
        kind = str(err.get("code") or err.get("type") or "").lower()
        code = _TYPE_CODES.get(kind) or code_for_message(f"{kind} {message}")
        fields = err.get("field_errors") or err.get("fields")
        field_errors = (
            [{"field": str(k), "problem": str(v)} for k, v in fields.items()]
            if isinstance(fields, dict) else []
        )
        return make_error(code, message or kind or "error",
                          retry_after_ms=retry_after_ms(err) or retry_after_ms(outer),
                          field_errors=field_errors)
    return make_error(ErrorCode.UNKNOWN, str(err))


def _mcp_text(obj: dict[str, Any]) -> str:
    parts = obj.get("content")
    if isinstance(parts, list):
        return " ".join(str(p.get("text", "")) for p in parts if isinstance(p, dict)).strip()
    return ""


def status_hints(http_status: int | None, error_hint: bool | None) -> tuple[int | None, bool]:
    """All that ``detect_status`` reads of the envelope's hints: a failing HTTP status or 202
    Accepted (else None) and whether the agent flagged an error. Equal hints and equal raws
    give equal results."""
    kept = http_status if http_status is not None and (http_status >= 400 or http_status == 202) else None
    return kept, bool(error_hint)


def detect_status(parsed: Any, text: str | None, *, http_status: int | None, error_hint: bool | None,
                  shape: str = "json", tree: Any = None) -> StatusResult:
    """Classify one result. ``parsed`` is the JSON value (or None), ``text`` the raw text,
    ``shape``/``tree`` what adapters.shapes read from a text raw."""
    http_status, error_hint = status_hints(http_status, error_hint)
    if http_status == 202:
        obj = parsed if isinstance(parsed, dict) else {}
        return _pending(obj, text, _handle(obj))
    if http_status is not None:
        return _http_error(http_status, parsed, text)
    if isinstance(parsed, dict):
        found = _status_of_object(parsed, text)
        if found is not None:
            return found
    elif parsed is None and text is not None:
        found = text_status(text, shape, tree)
        if found is not None:
            code, message = found
            if isinstance(code, int):
                return _http_error(code, None, text) if code != 202 else _pending({}, text, None)
            return StatusResult(Status.ERROR, make_error(code, message, retry_after_ms=retry_after_in_text(text)))
    if error_hint:
        return StatusResult(Status.ERROR, make_error(ErrorCode.UNKNOWN, (text or "")[:300] or "error"))
    return SUCCESS


def _http_error(http_status: int, parsed: Any, text: str | None) -> StatusResult:
    message = text[:300] if text else f"HTTP {http_status}"
    retry = retry_after_ms(parsed) if isinstance(parsed, dict) else None
    if isinstance(parsed, dict) and ("error" in parsed or "message" in parsed):
        info = _error_from_object(parsed.get("error") or parsed.get("message"), parsed)
        message, retry = info.message, info.retry_after_ms or retry
    if retry is None and text:
        retry = retry_after_in_text(text)
    code = HTTP_CODES.get(http_status) or (
        ErrorCode.UPSTREAM_FAILURE if http_status >= 500 else ErrorCode.INVALID_ARGUMENT)
    return StatusResult(Status.ERROR, make_error(code, message, retry_after_ms=retry))


def _handle(obj: dict[str, Any]) -> str | None:
    for key in _HANDLE_KEYS:
        value = obj.get(key)
        if value is not None and value != "" and not isinstance(value, dict | list | bool):
            return str(value)
    return None


def _pending(obj: dict[str, Any], text: str | None, handle: str | None) -> StatusResult:
    details: dict[str, Any] = {"handle": handle} if handle else {}
    retry = retry_after_ms(obj) or (retry_after_in_text(text) if text and not obj else None)
    if retry is not None:
        details["retry_after_ms"] = retry
    return StatusResult(Status.PENDING, details=details)


def _status_of_object(obj: dict[str, Any], text: str | None) -> StatusResult | None:
    if obj.get("isError") is True:
        message = _mcp_text(obj) or "tool reported isError"
        return StatusResult(Status.ERROR, make_error(code_for_message(message), message))
    if obj.get("ok") is False or obj.get("success") is False:
        return StatusResult(Status.ERROR, _error_from_object(obj.get("error") or obj.get("message"), obj))
    if "error" in obj and obj["error"] and len(obj) <= 4 and not obj.get("ok"):
        return StatusResult(Status.ERROR, _error_from_object(obj["error"], obj))
    exit_found = _exit_status(obj)
    if exit_found is not None:
        return exit_found
    state = obj.get("status") if isinstance(obj.get("status"), str) else None
    if state and len(obj) <= _JOB_KEY_LIMIT:
        word = state.lower()
        handle = _handle(obj)
        if word in _FAILED_WORDS:
            err = obj.get("error") or obj.get("message") or obj.get("detail") or obj.get("reason") or state
            return StatusResult(Status.ERROR, _error_from_object(err, obj))
        if word in _JOB_WORDS or (word in _PENDING_WORDS and handle):
            return _pending(obj, None, handle)
        if word in _CANCELLED_WORDS and handle:
            return StatusResult(Status.CANCELLED, details={"handle": handle})
    failed = obj.get("failed") or obj.get("errors")
    if isinstance(failed, list) and failed:
        succeeded = obj.get("results") or obj.get("succeeded") or obj.get("items") or obj.get("data") or []
        if succeeded:  # GraphQL: data beside errors is a partial answer
            count = len(succeeded) if isinstance(succeeded, list) else 1
            return StatusResult(Status.PARTIAL, details={
                "succeeded": count, "failed": [_describe(f) for f in failed]})
        return StatusResult(Status.ERROR, _error_from_object(failed[0], obj))
    return None


def _exit_status(obj: dict[str, Any]) -> StatusResult | None:
    """A JSON shell result (``{"exit_code": 1, "stderr": ...}``): non-zero is a failed command."""
    if obj.keys().isdisjoint(_EXIT_KEYS):  # most results: one look-up per name, in C
        return None
    for key in _EXIT_KEYS:
        code = obj.get(key)
        if isinstance(code, int) and not isinstance(code, bool):
            if code == 0:
                return None
            said = next((str(obj[k]) for k in ("stderr", "error", "output", "stdout") if obj.get(k)), "")
            message = f"exit code {code}" + (f": {_last_line(said)}" if said else "")
            return StatusResult(Status.ERROR, make_error(ErrorCode.COMMAND_FAILED, message))
    return None


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().split("\n") if line.strip()]
    return lines[-1][:200] if lines else ""


def _describe(item: Any) -> str:
    if isinstance(item, dict):
        return ", ".join(f"{k}={v}" for k, v in item.items() if not isinstance(v, dict | list))
    return str(item)
