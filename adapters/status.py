"""Status normalisation: every result becomes success, partial, pending, error or cancelled.

Errors get one stable code from ``ErrorCode`` whatever shape the tool used: an HTTP status,
MCP's ``isError``, ``{ok: false, error: ...}``, ``{error: ...}``, or plain ``Error: ...`` text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from obsline.errors import RETRYABLE, ErrorCode
from obsline.models import ErrorInfo, Status

_HTTP_CODES: dict[int, ErrorCode] = {
    400: ErrorCode.INVALID_ARGUMENT, 401: ErrorCode.AUTH_FAILED, 403: ErrorCode.PERMISSION_DENIED,
    404: ErrorCode.NOT_FOUND, 408: ErrorCode.TIMEOUT, 409: ErrorCode.CONFLICT,
    412: ErrorCode.CONFLICT, 413: ErrorCode.TOO_LARGE, 422: ErrorCode.INVALID_ARGUMENT,
    429: ErrorCode.RATE_LIMITED, 504: ErrorCode.TIMEOUT,
}

# Ordered: the first pattern that matches the message decides the code.
_MESSAGE_CODES: list[tuple[re.Pattern[str], ErrorCode]] = [
    (re.compile(r"time[ds]?[ -]?out|deadline exceeded", re.I), ErrorCode.TIMEOUT),
    (re.compile(r"rate.?limit|too many requests|quota", re.I), ErrorCode.RATE_LIMITED),
    (re.compile(r"unauthori[sz]ed|authenticat|invalid (api )?key|token expired|login", re.I),
     ErrorCode.AUTH_FAILED),
    (re.compile(r"permission|forbidden|not allowed|access denied", re.I), ErrorCode.PERMISSION_DENIED),
    (re.compile(r"too large|payload size|exceeds (the )?(size|limit)", re.I), ErrorCode.TOO_LARGE),
    (re.compile(r"not found|no such|does not exist|unknown (user|order|reservation)", re.I),
     ErrorCode.NOT_FOUND),
    (re.compile(r"malformed|unparseable|invalid json|decode error", re.I), ErrorCode.MALFORMED),
    (re.compile(r"upstream|bad gateway|service unavailable|internal server error|connection ?(reset|refused|error)|"
                r"max retries exceeded|temporarily unavailable",
                re.I), ErrorCode.UPSTREAM_FAILURE),
    (re.compile(r"cannot be|can't be|already|non-\w+ order|not available|not enough|insufficient|"
                r"conflict|no longer|is not (pending|delivered)", re.I), ErrorCode.CONFLICT),
    (re.compile(r"invalid|should be|must|does not (match|add up)|required|not a valid|unsupported|"
                r"wrong|missing", re.I), ErrorCode.INVALID_ARGUMENT),
]

_TYPE_CODES: dict[str, ErrorCode] = {c.value.lower(): c for c in ErrorCode} | {
    "timeout": ErrorCode.TIMEOUT, "rate_limit": ErrorCode.RATE_LIMITED,
    "unauthorized": ErrorCode.AUTH_FAILED, "forbidden": ErrorCode.PERMISSION_DENIED,
    "not_found": ErrorCode.NOT_FOUND, "notfound": ErrorCode.NOT_FOUND,
    "bad_request": ErrorCode.INVALID_ARGUMENT, "validation_error": ErrorCode.INVALID_ARGUMENT,
    "upstream": ErrorCode.UPSTREAM_FAILURE, "unavailable": ErrorCode.UPSTREAM_FAILURE,
}

_SUGGESTIONS: dict[ErrorCode, str] = {
    ErrorCode.TIMEOUT: "retry after a short wait",
    ErrorCode.RATE_LIMITED: "wait retry_after_ms, then retry",
    ErrorCode.AUTH_FAILED: "do not retry; credentials need attention",
    ErrorCode.PERMISSION_DENIED: "do not retry; ask for access or choose another action",
    ErrorCode.INVALID_ARGUMENT: "fix the arguments before calling again",
    ErrorCode.NOT_FOUND: "check the identifier; do not retry unchanged",
    ErrorCode.CONFLICT: "re-read the current state before acting",
    ErrorCode.UPSTREAM_FAILURE: "retry with backoff",
    ErrorCode.TOO_LARGE: "narrow the request (filters, paging)",
    ErrorCode.MALFORMED: "the result could not be read; re-run or report the tool",
    ErrorCode.UNKNOWN: "inspect the artifact before deciding",
}

_ERROR_TEXT = re.compile(r"^\s*(error|exception|failed|failure)\b[:\s]", re.I)
_PENDING_WORDS = frozenset({"pending", "running", "queued", "in_progress", "accepted", "processing"})
_CANCELLED_WORDS = frozenset({"cancelled", "canceled", "aborted"})


@dataclass(frozen=True, slots=True)
class StatusResult:
    status: Status
    error: ErrorInfo | None = None
    details: dict[str, Any] = field(default_factory=dict)


SUCCESS = StatusResult(Status.SUCCESS)


def code_for_message(message: str) -> ErrorCode:
    for pattern, code in _MESSAGE_CODES:
        if pattern.search(message):
            return code
    return ErrorCode.UNKNOWN


def make_error(code: ErrorCode, message: str, *, retry_after_ms: int | None = None,
               field_errors: list[dict[str, str]] | None = None) -> ErrorInfo:
    return ErrorInfo(
        code=code, message=message, retryable=code in RETRYABLE, retry_after_ms=retry_after_ms,
        field_errors=field_errors or [], suggested_actions=[_SUGGESTIONS[code]],
    )


def _retry_after_ms(obj: dict[str, Any]) -> int | None:
    for key, scale in (("retry_after_ms", 1), ("retry_after", 1000), ("retryAfter", 1000)):
        value = obj.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return int(value * scale)
    return None


def _error_from_object(err: Any, outer: dict[str, Any]) -> ErrorInfo:
    if isinstance(err, str):
        return make_error(code_for_message(err), err, retry_after_ms=_retry_after_ms(outer))
    if isinstance(err, dict):
        message = str(err.get("message") or err.get("detail") or err.get("error") or "")
        kind = str(err.get("code") or err.get("type") or "").lower()
        code = _TYPE_CODES.get(kind) or code_for_message(f"{kind} {message}")
        fields = err.get("field_errors") or err.get("fields")
        field_errors = (
            [{"field": str(k), "problem": str(v)} for k, v in fields.items()]
            if isinstance(fields, dict) else []
        )
        return make_error(code, message or kind or "error",
                          retry_after_ms=_retry_after_ms(err) or _retry_after_ms(outer),
                          field_errors=field_errors)
    return make_error(ErrorCode.UNKNOWN, str(err))


def _mcp_text(obj: dict[str, Any]) -> str:
    parts = obj.get("content")
    if isinstance(parts, list):
        return " ".join(str(p.get("text", "")) for p in parts if isinstance(p, dict)).strip()
    return ""


def status_hints(http_status: int | None, error_hint: bool | None) -> tuple[int | None, bool]:
    """All that ``detect_status`` reads of the envelope's hints: a failing HTTP status (or None)
    and whether the agent flagged an error. Equal hints and equal raws give equal results."""
    return (http_status if http_status is not None and http_status >= 400 else None), bool(error_hint)


def detect_status(parsed: Any, text: str | None, *, http_status: int | None,
                  error_hint: bool | None) -> StatusResult:
    """Classify one result. ``parsed`` is the JSON value (or None), ``text`` the raw text."""
    http_status, error_hint = status_hints(http_status, error_hint)
    if http_status is not None:
        message = text[:300] if text else f"HTTP {http_status}"
        retry = _retry_after_ms(parsed) if isinstance(parsed, dict) else None
        if isinstance(parsed, dict) and ("error" in parsed or "message" in parsed):
            info = _error_from_object(parsed.get("error") or parsed.get("message"), parsed)
            message, retry = info.message, info.retry_after_ms or retry
        code = _HTTP_CODES.get(http_status) or (
            ErrorCode.UPSTREAM_FAILURE if http_status >= 500 else ErrorCode.INVALID_ARGUMENT)
        return StatusResult(Status.ERROR, make_error(code, message, retry_after_ms=retry))
    if isinstance(parsed, dict):
        found = _status_of_object(parsed)
        if found is not None:
            return found
    elif parsed is None and text is not None and _ERROR_TEXT.match(text):
        message = text.split(":", 1)[1].strip() if ":" in text[:12] else text.strip()
        return StatusResult(Status.ERROR, make_error(code_for_message(message), message))
    if error_hint:
        return StatusResult(Status.ERROR, make_error(ErrorCode.UNKNOWN, (text or "")[:300] or "error"))
    return SUCCESS


def _status_of_object(obj: dict[str, Any]) -> StatusResult | None:
    if obj.get("isError") is True:
        message = _mcp_text(obj) or "tool reported isError"
        return StatusResult(Status.ERROR, make_error(code_for_message(message), message))
    if obj.get("ok") is False or obj.get("success") is False:
        return StatusResult(Status.ERROR, _error_from_object(obj.get("error") or obj.get("message"), obj))
    if "error" in obj and obj["error"] and len(obj) <= 4 and not obj.get("ok"):
        return StatusResult(Status.ERROR, _error_from_object(obj["error"], obj))
    state = obj.get("status") if isinstance(obj.get("status"), str) else None
    if state and len(obj) <= 6:
        word = state.lower()
        handle = obj.get("job_id") or obj.get("poll") or obj.get("handle") or obj.get("operation_id")
        if word in _PENDING_WORDS and handle:
            return StatusResult(Status.PENDING, details={
                "handle": str(handle), "retry_after_ms": _retry_after_ms(obj) or 1000})
        if word in _CANCELLED_WORDS and handle:
            return StatusResult(Status.CANCELLED, details={"handle": str(handle)})
    failed = obj.get("failed") or obj.get("errors")
    if isinstance(failed, list) and failed:
        succeeded = obj.get("results") or obj.get("succeeded") or obj.get("items") or []
        if isinstance(succeeded, list) and succeeded:
            return StatusResult(Status.PARTIAL, details={
                "succeeded": len(succeeded), "failed": [_describe(f) for f in failed]})
        return StatusResult(Status.ERROR, _error_from_object(failed[0], obj))
    return None


def _describe(item: Any) -> str:
    if isinstance(item, dict):
        return ", ".join(f"{k}={v}" for k, v in item.items() if not isinstance(v, dict | list))
    return str(item)
