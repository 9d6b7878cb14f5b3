"""JSON results that are nothing but an error message, and JSend's ``status: error``.

- ``{"message": "No such container: web-1"}`` (Docker), ``{"message": "404 Project Not Found"}``
  (GitLab), ``{"id": "not_found", "message": ...}`` (DigitalOcean, Heroku), ``{"errorMessages":
  [...], "errors": {}}`` (Jira), ``{"detail": "Not found."}`` (Django REST framework): an
  object with no data beside its message, whose message is an error statement
  (``status_text.statement_error``: the same reading as a short text). A message that reads as
  no failure ("Order placed") leaves the result a success.
- ``{"status": "error" | "fail", "message": ...}`` (JSend, HubSpot): the call's own status word,
  beside its message, whatever else the object carries.
"""

from __future__ import annotations

import re
from typing import Any

from obsline.adapters.error_codes import code_for_message, make_error, stable_code
from obsline.adapters.error_fields import other_code
from obsline.adapters.status_text import statement_error
from obsline.core.errors import ErrorCode
from obsline.core.models import ErrorInfo

# No title, description or type: with those, an object is a record (a ticket titled
# "Cancellation Issue" whose description says "Error encountered ...").
MESSAGE_ONLY_KEYS = frozenset({
    "message", "Message", "msg", "errorMessages", "error_description", "detail", "details", "error", "errors", "id",
    "code", "status", "statusCode", "documentation_url", "more_info", "help", "request_id", "requestId", "timestamp",
    "path", "trace_id", "traceId", "correlationId"})
_TEXT_KEYS = ("message", "Message", "msg", "errorMessages", "detail", "error_description", "error")
JSEND_FAILED = frozenset({"error", "fail", "failure"})
_SNAKE_WORD = re.compile(r"[a-z]+(?:_[a-z]+)+|[a-z]{4,}")  # an id that is a reason ("not_found"), not a key
_WEAK = frozenset({ErrorCode.UNKNOWN, ErrorCode.INVALID_ARGUMENT})


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, list):
        return "; ".join(t for t in (_text(v) for v in value) if t)
    if isinstance(value, dict):
        return _text(value.get("message") or value.get("detail") or "")
    return ""


def message_only_error(obj: dict[str, Any]) -> ErrorInfo | None:
    if not obj.keys() <= MESSAGE_ONLY_KEYS or not _failing_or_absent(obj.get("status")):
        return None
    text = next((t for t in (_text(obj.get(k)) for k in _TEXT_KEYS) if t), "")
    info = statement_error(text) if text else None
    ident = obj.get("id")
    reason = ident if isinstance(ident, str) and _SNAKE_WORD.fullmatch(ident) else None
    if info is None and reason is not None and text:  # {"id": "unprocessable_entity", "message": ...}
        said = stable_code(reason, text)
        info = make_error(said, text[:300], tool_code=reason) if said is not ErrorCode.UNKNOWN else None
    if info is None:
        return None
    code = info.code
    tool = info.tool_code if info.tool_code != text else None  # "Unauthorized": a phrase, not a code
    tool = tool or reason or other_code(obj) or next((other_code(v) for v in obj.values() if isinstance(v, dict)), None)
    if code in _WEAK and obj.get("details"):  # "The request body has 1 error(s)" + what each was
        said = code_for_message(_text(obj["details"]))
        code = said if said is not ErrorCode.UNKNOWN else code
    return make_error(code, info.message, retry_after_ms=info.retry_after_ms, tool_code=tool)


def _failing_or_absent(status: Any) -> bool:
    if status is None:
        return True
    if isinstance(status, int) and not isinstance(status, bool):
        return status >= 400
    return isinstance(status, str) and (status.lower() in JSEND_FAILED or status.strip().isdecimal() and int(status) >= 400)


def is_jsend_failure(obj: dict[str, Any]) -> bool:
    status = obj.get("status")
    return isinstance(status, str) and status.lower() in JSEND_FAILED and any(
        isinstance(obj.get(k), str) and obj[k] for k in ("message", "msg", "error", "detail"))
