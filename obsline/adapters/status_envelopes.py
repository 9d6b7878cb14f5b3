"""Error envelopes of JSON results: which object says the call failed, and what it said.

Read by shape, not by provider: an ``error``/``error_detail``/``Error`` object (Stripe, Google,
Azure, OpenAI, Anthropic, AWS SDKs, seed 004), ``ok``/``success: false`` (Slack, Telegram, seed
002), ``__type`` (AWS JSON), ``errcode``/``errmsg`` and ``code``/``msg`` with a non-zero code
(WeChat, DingTalk, Feishu, Alibaba, Alipay), ``error_code``/``error_msg`` (Baidu, Huawei),
``status``/``statusCode`` >= 400 beside a title or message (RFC 7807, Twilio, NestJS),
Kubernetes ``Status`` objects, ``errors`` lists without data (JSON:API, GraphQL, GitHub),
``{"message": ..., "documentation_url": ...}`` (GitHub), and a list of error objects
(Salesforce). One level of wrapper is looked through (``{"Response": {"Error": ...}}``,
``{"alipay_trade_query_response": {...}}``).

The tool's code, message, suggested actions and retryable flag are kept verbatim; the stable
code comes from ``error_codes.stable_code`` (or the HTTP status the envelope carries).
"""

from __future__ import annotations

from functools import lru_cache, partial
from typing import Any

from obsline.adapters.error_codes import (
    GRPC_NUMBERS,
    code_for_message,
    duration_ms,
    make_error,
    names,
    retry_after_in_text,
    stable_code,
    token_words,
)
from obsline.adapters.error_fields import (
    SNAKE_PHRASE,
    as_int,
    errorish_keys,
    is_token,
    key_role,
    listed_code,
    message_in,
    message_keys,
    sentence_in,
    specific_code,
    text_of,
    token_in,
    tool_code_of,
)
from obsline.adapters.status_messages import MESSAGE_ONLY_KEYS, is_jsend_failure, message_only_error
from obsline.adapters.status_slots import slot_of
from obsline.core.errors import ErrorCode
from obsline.core.models import ErrorInfo

HTTP_CODES: dict[int, ErrorCode] = {
    400: ErrorCode.INVALID_ARGUMENT, 401: ErrorCode.AUTH_FAILED, 403: ErrorCode.PERMISSION_DENIED,
    404: ErrorCode.NOT_FOUND, 408: ErrorCode.TIMEOUT, 409: ErrorCode.CONFLICT,
    412: ErrorCode.CONFLICT, 413: ErrorCode.TOO_LARGE, 422: ErrorCode.INVALID_ARGUMENT,
    429: ErrorCode.RATE_LIMITED, 504: ErrorCode.TIMEOUT,
}
# HTTP statuses that say more than a message can; for the rest (400, 422, 500, ...) a message
# that names a reason ("chat not found") is more exact.
_DECISIVE_HTTP = frozenset({401, 403, 404, 408, 409, 413, 429, 504})
_CREDENTIAL_HTTP = {401: ErrorCode.AUTH_FAILED, 403: ErrorCode.PERMISSION_DENIED}
SUCCESS_CODES = frozenset({"0", "200", "10000", "ok", "success", "succeed", "succeeded"})
_MESSAGE_KEYS = ("message", "Message", "msg", "errmsg", "error_msg", "error_description", "description", "detail",
                 "title", "reason", "error_message", "errorMessage", "ErrorMessage", "sub_msg", "error")
_ACTION_KEYS = ("suggested_actions", "suggestedActions", "actions", "suggestions", "recommended_actions")
_WAIT_KEYS = (("retry_after_ms", 1), ("retryAfterMs", 1), ("retry_after", 1000), ("retryAfter", 1000),
              ("Retry-After", 1000), ("retry-after", 1000), ("retry_after_seconds", 1000), ("estimated_time", 1000))


def http_code(status: int, message: str = "") -> ErrorCode:
    if status in _CREDENTIAL_HTTP and message:
        other = _CREDENTIAL_HTTP[403 if status == 401 else 401]
        if code_for_message(message) is other and not names(_CREDENTIAL_HTTP[status], message):
            return other  # APIs answer 401 and 403 for each other's failure; words naming only one say which
    if status in _DECISIVE_HTTP:
        return HTTP_CODES[status]
    said = code_for_message(message) if message else ErrorCode.UNKNOWN
    if said is not ErrorCode.UNKNOWN:
        return said
    return HTTP_CODES.get(status) or (ErrorCode.UPSTREAM_FAILURE if status >= 500 else ErrorCode.INVALID_ARGUMENT)


def retry_after_ms(obj: Any) -> int | None:
    """A wait the result asks for: ``retry_after_ms``, ``retry_after``/``retryAfter`` (seconds), a
    ``Retry-After`` header, at the top, under ``headers``/``parameters``, or a gRPC ``RetryInfo``."""
    if not isinstance(obj, dict):
        return None
    for holder in (obj, obj.get("headers"), obj.get("parameters")):
        if not isinstance(holder, dict):
            continue
        for key, scale in _WAIT_KEYS:
            value = holder.get(key)
            if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0:
                return int(round(value * scale))
            if isinstance(value, str) and value.strip().replace(".", "", 1).isdecimal():
                return int(round(float(value) * scale))
    details = obj.get("details")
    if isinstance(details, list):
        for d in details:
            if isinstance(d, dict) and "retryDelay" in d:
                return duration_ms(d["retryDelay"])
    return None


def error_from(err: Any, outer: dict[str, Any], http_status: int | None = None) -> ErrorInfo:
    """The error record of an error object (or string) found in ``outer``."""
    if isinstance(err, list) and err:
        err = err[0]
    if isinstance(err, str):
        token = err if is_token(err) and not _reason_phrase(err) else None
        message = text_of(next((outer[k] for k in _MESSAGE_KEYS if outer.get(k)), "")) or err
        tool = listed_code(outer) or token or tool_code_of(outer)
        return _record(tool, message, outer, outer, http_status)
    if isinstance(err, dict):
        message = text_of(next((err[k] for k in _MESSAGE_KEYS if err.get(k)), "")) or sentence_in(err)
        tool = tool_code_of(err) or token_in(err) or (tool_code_of(outer) if outer is not err else None)
        return _record(tool, message, err, outer, http_status)
    return make_error(ErrorCode.UNKNOWN, text_of(err) or "error")


# HTTP's reason phrases written as words ("Unauthorized", "Forbidden"): the status's name, not a
# code of the tool's (one written in capitals, "FORBIDDEN", is).
_REASON_WORDS = frozenset({"unauthorized", "forbidden", "conflict", "gone", "unprocessable", "unavailable"})


def _reason_phrase(word: str) -> bool:
    return word.lower() in _REASON_WORDS and not word.isupper()


def _record(tool: str | None, message: str, err: dict[str, Any], outer: dict[str, Any],
            http_status: int | None) -> ErrorInfo:
    status = http_status or _http_of(err) or _http_of(outer) or _http_beside(err)
    code = _stable_of(tool, message, status)
    tool = _tool_of(tool, err, outer, status)
    retryable = err.get("retryable", outer.get("retryable"))
    return make_error(
        code, message or tool or "error", tool_code=tool,
        retry_after_ms=_first_wait(retry_after_ms(err), retry_after_ms(outer), retry_after_in_text(message)),
        field_errors=_field_errors(err), suggested_actions=_actions(err, outer),
        retryable=retryable if isinstance(retryable, bool) else None,
    )


def _actions(err: dict[str, Any], outer: dict[str, Any]) -> list[str] | None:
    """The suggested actions the error (or its envelope) lists, verbatim."""
    actions = next((err.get(k) or outer.get(k) for k in _ACTION_KEYS if err.get(k) or outer.get(k)), None)
    return [text_of(a) for a in actions] if isinstance(actions, list) and actions else None


def _stable_of(tool: str | None, message: str, status: int | None) -> ErrorCode:
    """The stable code: the tool's code and words; a decisive HTTP status says more than the words,
    but not more than a code of the tool's own that names the reason (Google's 403 +
    rateLimitExceeded); an HTTP status in the code slot (``errorType: "422"``, Bilibili's -404) says
    what the words do not."""
    code = stable_code(tool, message)
    if status is not None and (code is ErrorCode.UNKNOWN or status in _DECISIVE_HTTP and not _names_reason(tool)):
        return http_code(status, message)
    if code is ErrorCode.UNKNOWN and tool and _http_number(tool.lstrip("-")):
        return http_code(int(tool.lstrip("-")), message)
    return code


def _tool_of(tool: str | None, err: dict[str, Any], outer: dict[str, Any], status: int | None) -> str | None:
    """The tool's own code: the body's own code says more than the status's number, a link or a type."""
    if _says_little(tool, err):
        tool = specific_code(err) or (specific_code(outer) if outer is not err else None) or tool
    return str(status) if tool is None and status is not None else tool


def _says_little(tool: str | None, err: dict[str, Any]) -> bool:
    """No code, or one that is an HTTP status's number, a link or the error's type (but apilayer's
    type beside its number is the number's word)."""
    return tool is None or _http_number(tool) or "://" in tool or tool == err.get("type") and not (
        as_int(err.get("code")) is not None and SNAKE_PHRASE.fullmatch(tool))


def _http_number(tool: str) -> bool:
    return tool.isdecimal() and 400 <= int(tool) <= 599


def record_error(tool: str | None, message: str, holder: dict[str, Any], http_status: int | None) -> ErrorInfo:
    """The error record of an envelope another reader found (``status_slots``)."""
    return _record(tool, message, holder, holder, http_status)


def _names_reason(tool: str | None) -> bool:
    """A code of the tool's whose words name a reason; "invalid" alone (``..._invalid_id``) names none."""
    return bool(tool) and not tool.lstrip("-").isdigit() and stable_code(tool, "") not in (  # type: ignore[union-attr]
        ErrorCode.UNKNOWN, ErrorCode.INVALID_ARGUMENT)


def _first_wait(*waits: int | None) -> int | None:
    return next((w for w in waits if w is not None), None)


_HTTP_KEYS = ("status", "statusCode", "status_code", "http_status", "httpStatus", "HTTPStatusCode")
_HTTP_SET = frozenset(_HTTP_KEYS)


def _http_of(obj: dict[str, Any]) -> int | None:
    present = obj.keys() & _HTTP_SET  # read in _HTTP_KEYS' order
    if not present:
        return None
    for key in present if len(present) == 1 else sorted(present, key=_HTTP_KEYS.index):
        value = as_int(obj[key])
        if value is not None and 400 <= value <= 599:
            return value
    return None


def _http_beside(err: dict[str, Any]) -> int | None:
    """An error's HTTP status under its ``code`` (Solr's ``{"msg": ..., "code": 400}``) or in an
    object of its (WordPress' ``"data": {"status": 404}``)."""
    code = as_int(err.get("code"))
    if code is not None and 400 <= code <= 599:
        return code
    return next((s for v in err.values() if isinstance(v, dict) and (s := _http_of(v)) is not None), None)


def _field_errors(err: dict[str, Any]) -> list[dict[str, str]]:
    fields = err.get("field_errors") or err.get("fields")
    if isinstance(fields, dict):
        return [{"field": str(k), "problem": text_of(v)} for k, v in fields.items()]
    return []


def envelope_error(obj: Any, depth: int = 0, inside: bool = True) -> ErrorInfo | None:
    """The error a JSON result reports, or None when its shape says nothing failed. ``inside=False``:
    no object directly inside ``obj`` holds an envelope key (status_survey), so no wrapper is read."""
    if isinstance(obj, list):
        if obj and all(isinstance(i, dict) and ("errorCode" in i or "error_code" in i) for i in obj):
            return error_from(obj[0], obj[0])  # Salesforce: a list of error objects
        return None
    if not isinstance(obj, dict) or not obj:
        return None
    found = _own_error(obj)
    if found is not None or depth >= 1 or not inside:
        return found
    wrappers = [v for k, v in obj.items() if isinstance(v, dict) and (
        k in _WRAPPER_KEYS or k.endswith("_response") or len(obj) == 1)]
    if len(wrappers) == 1:
        return envelope_error(wrappers[0], depth + 1)
    return None


# Objects that hold the call's envelope (dbt Cloud's ``{"status": {"code": 404, ...}, "data": null}``).
_WRAPPER_KEYS = frozenset({"Response", "response", "Error", "result", "status", "Status"})
ENVELOPE_KEYS = frozenset({
    "isError", "ok", "success", "error_detail", "errorDetail", "error", "Error", "__type", "errcode", "error_code",
    "code", "Code", "status", "statusCode", "status_code", "http_status", "httpStatus", "HTTPStatusCode", "kind",
    "errors", "documentation_url", "name", "message", "errorMessages", "detail", "cod", "errno", "retcode", "ret_code",
    "result_code", "resultCode"})
# The keys the structural readers start from besides those (a type, a verdict's slot).
_STRUCTURAL_KEYS = frozenset({"type", "Type", "kind", "object", "result", "Ack", "ack", "outcome", "msg", "sys"})


_NONE, _STRUCTURE, _ENVELOPE, _ERROR_KEYED = 0, 1, 2, 3


@lru_cache(maxsize=8192)  # results of one tool repeat their keys: each set of keys is read once
def key_facts(keys: tuple[str, ...]) -> tuple[int, tuple[bool, bool, bool, bool], bool]:
    """Which readers an object with these keys needs (the most the first), which structural
    readers can apply: (a key names an error, a type key, a verdict's slot, a message's slot), and
    whether a key of any name holds a message (``error_fields.message_keys``)."""
    structural = (errorish_keys(keys), not _TYPE_SET.isdisjoint(keys), not _FAILURE_SLOT_SET.isdisjoint(keys),
                  not _MESSAGE_SLOT_SET.isdisjoint(keys))
    named = message_keys(keys)
    if not _ERROR_KEYS.isdisjoint(keys):
        return _ERROR_KEYED, structural, named
    if not ENVELOPE_KEYS.isdisjoint(keys):
        return _ENVELOPE, structural, named
    return (_STRUCTURE if any(structural) else _NONE), structural, named


def _own_error(obj: dict[str, Any]) -> ErrorInfo | None:
    readers, structural, named = key_facts(tuple(obj))  # (one cache hit in C for most results)
    if readers == _NONE:
        return None
    if readers >= _ENVELOPE:
        found = _error_keyed(obj) if readers == _ERROR_KEYED else None
        found = found or (_status_keyed(obj, named) if status_keyed_can(tuple(obj)) else None)
        if found is not None:
            return found
    if structural == _ONLY_VERDICT and _no_verdict(obj):
        return None  # a business record's status slot (most records): decided in C
    return structural_error(obj, structural)


# Other spellings of a code key (OpenWeatherMap's ``cod``, C's ``errno``, ``retcode``).
_CODE_ALIASES = ("cod", "errno", "retcode", "ret_code", "result_code", "resultCode")
# The envelopes read first, each from a key of its own (the rest read status, kind, errors, name ...).
_ERROR_KEYS = frozenset({"isError", "ok", "success", "error_detail", "errorDetail", "error", "Error", "__type",
                         "errcode", "error_code", "code", "Code", *_CODE_ALIASES})


def _GIVEN(value: Any) -> bool:
    return value is not None and value != "" and value != [] and value != {}


def _error_keyed(obj: dict[str, Any]) -> ErrorInfo | None:
    if obj.get("isError") is True:
        parts = obj.get("content")
        text = " ".join(str(p.get("text", "")) for p in parts if isinstance(p, dict)).strip() \
            if isinstance(parts, list) else ""
        return make_error(stable_code(None, text), text or "tool reported isError")
    if obj.get("ok") is False or obj.get("success") is False:
        err = obj.get("error") or obj.get("errors") or obj.get("message")
        if isinstance(err, str | dict | list) and err:
            return error_from(err, obj)
        return error_from(obj, obj)  # Telegram: {"ok": false, "error_code": 429, "description": ...}
    detail = obj.get("error_detail") or obj.get("errorDetail")
    if isinstance(detail, dict) and detail:
        return error_from(detail, obj)
    err = obj.get("error") if "error" in obj else obj.get("Error")
    if type(err) is dict and not any(map(_GIVEN, err.values())):
        err = None  # an error object with nothing in it ({"message": null}): a slot for one, no error
    if err and not obj.get("ok") and (isinstance(err, dict) or (isinstance(err, str) and len(obj) <= 6)
                                      or _error_list(err)):
        return error_from(err, obj)
    number = as_int(err) if isinstance(err, int) else None
    if number and len(obj) <= 6:  # Reddit's {"message": "Too Many Requests", "error": 429}
        message = text_of(next((obj[k] for k in _MESSAGE_KEYS if obj.get(k)), ""))
        return _record(str(number), message, obj, obj, number if 400 <= number <= 599 else None)
    if isinstance(obj.get("__type"), str):
        return error_from(obj, obj)
    errcode = as_int(obj.get("errcode"))
    if errcode is not None and errcode != 0:
        return _record(str(obj["errcode"]), text_of(obj.get("errmsg")), obj, obj, None)
    for code_key, msg_keys in (("error_code", ("error_msg", "error_message", "errorMessage", "description",
                                               "message", "msg")),
                               ("code", ("msg", "message", "errmsg", "Message")),
                               ("Code", ("Message", "message")), *((k, ("message", "msg")) for k in _CODE_ALIASES)):
        found = _code_envelope(obj, code_key, msg_keys)
        if found is not None:
            return found
    return None


@lru_cache(maxsize=8192)
def status_keyed_can(keys: tuple[str, ...]) -> bool:
    """Whether ``_status_keyed`` can find an error in an object of these keys: each of its readers
    starts from a key of its own (an HTTP status's, and so ``kind`` beside ``status`` and JSend's
    ``status``; ``errors``; ``message``, and so PayPal's ``name`` beside it; ``documentation_url``),
    or the object is nothing but a message's keys (``message_only_error``). A record whose only envelope key
    is ``name`` (a user, a product) is decided here, in C for keys seen before."""
    return not _KEYED_STARTS.isdisjoint(keys) or MESSAGE_ONLY_KEYS.issuperset(keys)


_KEYED_STARTS = frozenset({*_HTTP_SET, "errors", "documentation_url", "message"})


def _status_keyed(obj: dict[str, Any], named: bool = True) -> ErrorInfo | None:
    """``named``: a key of any name holds a message (key_facts)."""
    status = _http_of(obj)
    if status is not None and (any(k in obj for k in ("title", "detail", "message", "error", "errors", "reason"))
                               or named and message_in(obj)):
        return error_from(obj, obj, status)  # (Midtrans' status_code beside status_message)
    said = _status_message_error(obj) if status is None and named else None
    if said is not None:
        return said
    if obj.get("kind") == "Status" and obj.get("status") == "Failure":
        return error_from(obj, obj)
    errors = obj.get("errors")
    if errors and obj.get("data") is None and isinstance(errors, list | str | dict) and not isinstance(errors, bool):
        if isinstance(errors, list) and not all(isinstance(e, dict | str) for e in errors):
            return None
        return _errors_list(errors, obj)
    name = obj.get("name")
    if isinstance(name, str) and name.isupper() and is_token(name) and "message" in obj and (
            "debug_id" in obj or "information_link" in obj):
        return error_from(obj, obj)  # PayPal: {"name": "INVALID_REQUEST", "message": ..., "debug_id": ...}
    if "documentation_url" in obj and obj.get("message"):
        return error_from(obj, obj)
    if "message" in obj and retry_after_ms(obj) is not None and len(obj) <= 4:
        return error_from(obj, obj)  # {"message": "You are being rate limited.", "retry_after": 64.57}
    if is_jsend_failure(obj):
        return error_from(obj, obj)
    return message_only_error(obj)


def _status_message_error(obj: dict[str, Any]) -> ErrorInfo | None:
    """A status number that is not a success beside a message that reads as an error (Viber's
    ``{"status": 2, "status_message": "invalidAuthToken"}``): the message's code is the tool's."""
    present = obj.keys() & _HTTP_SET  # (most records: a business status word, decided in C)
    number = next((n for k in present if isinstance(v := obj[k], int | str) and (n := as_int(v)) is not None), None) \
        if present and not _IS_STR(obj.get("status")) else None
    if not number or str(number) in SUCCESS_CODES:
        return None
    message = message_in(obj)
    token = message if is_token(message) else None
    code = stable_code(token, token_words(token) if token else message) if message else ErrorCode.UNKNOWN
    if code is ErrorCode.UNKNOWN:
        return None
    return make_error(code, message, tool_code=token or str(number), retry_after_ms=retry_after_in_text(message))


def _errors_list(errors: Any, obj: dict[str, Any]) -> ErrorInfo:
    if isinstance(errors, dict):  # {"errors": {"title": ["can't be blank"]}}
        info = make_error(ErrorCode.INVALID_ARGUMENT, "; ".join(f"{k} {text_of(v)}" for k, v in errors.items()))
        return info
    first = errors[0] if isinstance(errors, list) else errors
    if isinstance(first, dict):
        status = as_int(first.get("status"))
        message = text_of(first.get("detail") or first.get("message") or first.get("title"))
        return _record(tool_code_of(first), message, first, obj, status if status and status >= 400 else None)
    return error_from(first, obj)


def _code_envelope(obj: dict[str, Any], code_key: str, msg_keys: tuple[str, ...]) -> ErrorInfo | None:
    """``{"code": 404, "msg": "资源不存在"}``: a non-success code beside a message (or alone, for
    ``error_code``). A code word beside words that read as no failure is a business field."""
    if code_key not in obj:
        return None
    code = obj[code_key]
    if code is None or isinstance(code, bool | dict | list) or str(code).strip().lower() in SUCCESS_CODES:
        return None
    message = text_of(next((obj[k] for k in msg_keys if obj.get(k)), "")) or _role_text(obj, "message") or message_in(
        obj)
    if message and message.strip().rstrip(".!").lower() in SUCCESS_CODES:
        return None  # {"code": 100, "message": "Success"}: the tool's own success code
    number = as_int(code)
    tool = tool_code_of(obj) or str(code)
    if "details" in obj and isinstance(obj["details"], list) and number in GRPC_NUMBERS:
        name = GRPC_NUMBERS[number]  # google.rpc.Status: {"code": 4, "message": ..., "details": []}
        return make_error(stable_code(name, message), message or name, tool_code=tool,
                          retry_after_ms=retry_after_ms(obj))
    if number is not None:
        if not message and code_key != "error_code":
            return None
        return _record(tool, text_of(obj.get("sub_msg")) or message, obj, obj, number if 400 <= number <= 599 else None)
    if not isinstance(code, str) or not is_token(code):
        return None
    errorish = any(k in obj for k in ("errno", "syscall", "more_info", "RequestId", "requestId", "request_id",
                                      "HostId", "Recommend"))
    if errorish or (message and code_for_message(message) is not ErrorCode.UNKNOWN) or (
            stable_code(code, "") is not ErrorCode.UNKNOWN):  # NOT_FOUND_PAYMENT: the code's own words say
        return _record(tool, message, obj, obj, None)
    return None


# --- envelopes read by structure ---------------------------------------------------------------

def _error_list(value: Any) -> bool:
    """A non-empty list of errors (Kraken's ``"error": ["EAPI:Invalid key"]``)."""
    return isinstance(value, list) and bool(value) and all(isinstance(e, str | dict) and e for e in value)


def _role_text(obj: dict[str, Any], role: str) -> str:
    return next((t for k, v in obj.items() if key_role(k) == role and (t := text_of(v).strip())), "")


_TYPE_KEYS = ("type", "Type", "kind", "object")
_ERROR_TYPES = frozenset({"error", "fault", "exception", "problem"})
_FAILURE_SLOTS = ("status", "result", "message", "msg", "outcome", "ack", "Ack")
# A call's own verdict written as one word: JSend's "error"/"fail", eBay's "Failure", Etherscan's "NOTOK".
_FAILURE_TOKENS = frozenset({"error", "fail", "failed", "failure", "notok", "nok", "ko", "err"})
_FAILURE_SLOT_SET, _TYPE_SET = frozenset(_FAILURE_SLOTS), frozenset(_TYPE_KEYS)
# Each token as tools write it (a set test in C rather than a normalisation a value)
_FAILURE_WRITTEN = frozenset(w for t in (*_FAILURE_TOKENS, "not ok", "not_ok") for w in (t, t.upper(), t.title()))
_MESSAGE_SLOTS = ("message", "msg", "Message")
_MESSAGE_SLOT_SET = frozenset(_MESSAGE_SLOTS)


def structural_error(obj: dict[str, Any], which: tuple[bool, bool, bool, bool] = (True,) * 4) -> ErrorInfo | None:
    """An error told by the object's structure, whatever the provider calls its keys:
    - a key naming an error in any casing, style or language (``errorSummary``, ``Fault``,
      ``odata.error``, ``error_messages``, ``ErrorNumber``, ``feil``) that holds a message, a
      code beside a message, or an object or list of errors;
    - an object, or one directly inside it, typed as an error (``"type": "error"``, Contentful's
      ``sys.type: Error``);
    - the call's own verdict in a slot of its own as one word ("NOTOK", "Failure") beside words;
    - a code written where the message goes, in capitals ("FORBIDDEN"), beside a description."""
    named, typed, verdict, message = which  # (the readers whose keys stand: key_facts)
    found = _error_named(obj) if named else None
    if found is None and (typed or message):
        found = _typed_error(obj)
    if found is None and verdict:
        found = _verdict_word(obj)
    return found if found is not None or not message else _coded_message(obj)


def _error_named(obj: dict[str, Any]) -> ErrorInfo | None:
    roles = {k: r for k in obj if (r := key_role(k)) is not None and _present(obj[k])}
    if not roles:
        return None
    for key, role in roles.items():
        value = obj[key]
        if role == "error" and isinstance(value, dict) and _says_something(value):
            return _own_error(value) or error_from(value, obj)
        if role == "error" and (isinstance(value, str) and value.strip() or _error_list(value)):
            return error_from(value, obj)
    message = _role_text(obj, "message") or text_of(next((obj[k] for k in _MESSAGE_KEYS if obj.get(k)), ""))
    codes = [obj[k] for k, r in roles.items() if r == "code"]
    if not message and not any(isinstance(c, str) and stable_code(c, "") is not ErrorCode.UNKNOWN for c in codes):
        return None
    if all(str(c).strip().lower() in SUCCESS_CODES for c in codes) and _says_success(obj, roles, message):
        return None  # {"error_code": 0, "message": "ok"}, {"errcode": 0, "errmsg": "ok"}
    return _record(_tool_among(obj, codes), message, obj, obj, None)


def _says_success(obj: dict[str, Any], roles: dict[str, str], message: str) -> bool:
    """No error message beside success codes, or a message that is a success word beside a code key
    holding a success code (``errcode: 0``, which ``_present`` leaves out of the roles)."""
    return "message" not in roles.values() or message.strip().lower() in SUCCESS_CODES and any(
        (key_role(k) == "code" or slot_of(k) == "code") and str(v).strip().lower() in SUCCESS_CODES
        for k, v in obj.items())  # (errno: a code slot, no error word)


def _present(value: Any) -> bool:
    return value not in (None, "", 0, False, [], {}) and not (isinstance(value, str) and not value.strip())


def _says_something(err: dict[str, Any]) -> bool:
    """An error object holds a code, a message or errors of its own (not a slot for one left empty:
    ``{"message": null}``)."""
    return any((key_role(k) is not None or k.lower() in _ERROR_PARTS) and _present(v) for k, v in err.items())


_ERROR_PARTS = frozenset({"code", "message", "msg", "description", "detail", "reason", "title", "text", "status",
                          "faultcode", "faultstring", "type", "id"})


def _tool_among(obj: dict[str, Any], codes: list[Any]) -> str | None:
    """The tool's code: a written code (``E0000011``, ``404.001.03``), else the error class its type
    names (Xero's ``Type: ValidationException``), else a number, else a status word in capitals
    (Google Maps' ``REQUEST_DENIED``)."""
    written = listed_code(obj) or next((c.strip() for c in codes if isinstance(c, str) and c.strip()
                                         and " " not in c.strip()), None)
    if written is not None:
        return written
    typed = next((v for k in _TYPE_KEYS if isinstance(v := obj.get(k), str) and is_token(v)
                  and stable_code(v, "") is not ErrorCode.UNKNOWN), None)
    if typed is not None:
        return typed
    number = next((str(c) for c in codes if as_int(c) is not None), None)
    status = obj.get("status")
    if number is None and isinstance(status, str) and status.isupper() and is_token(status) and (
            status.lower() not in SUCCESS_CODES):
        return status
    return number or tool_code_of(obj)


def _typed_error(obj: dict[str, Any]) -> ErrorInfo | None:
    # An object typed as an error, or one inside an object that says a message (Contentful's sys)
    inside = not obj.keys().isdisjoint(_MESSAGE_SLOTS)
    for holder in (obj, *(v for v in obj.values() if isinstance(v, dict))) if inside else (obj,):
        if holder.keys().isdisjoint(_TYPE_KEYS) or not any(
                isinstance(v := holder.get(k), str) and v.lower() in _ERROR_TYPES for k in _TYPE_KEYS):
            continue
        tool = tool_code_of({k: v for k, v in holder.items() if k not in _TYPE_KEYS})
        message = text_of(next((v for k in _MESSAGE_KEYS if (v := holder.get(k) or obj.get(k))), ""))
        return _record(tool, message, holder, obj, None)
    return None


_ONLY_VERDICT = (False, False, True, False)
_IS_STR = partial(type.__instancecheck__, str)


def _no_verdict(obj: dict[str, Any]) -> bool:
    """No slot holds a verdict word (every test in C: the values of the slots, strings only)."""
    return _FAILURE_WRITTEN.isdisjoint(filter(_IS_STR, map(obj.get, _FAILURE_SLOTS)))


def _verdict_word(obj: dict[str, Any]) -> ErrorInfo | None:
    slot = next((k for k in _FAILURE_SLOT_SET & obj.keys() if isinstance(obj[k], str) and obj[k] in _FAILURE_WRITTEN),
                None)
    if slot is None:
        return None
    said = next((v for k, v in obj.items() if k != slot and isinstance(v, str) and " " in v.strip()), "")
    return _record(None, said, obj, obj, None) if said else None


def _coded_message(obj: dict[str, Any]) -> ErrorInfo | None:
    token = obj.get("message") or obj.get("msg") or obj.get("Message")
    if not (isinstance(token, str) and token.isupper() and len(token) >= 3 and is_token(token)) or stable_code(
            token, "") is ErrorCode.UNKNOWN:
        return None
    slot = next(k for k in _MESSAGE_SLOTS if obj.get(k) == token)
    said = next((v for k, v in obj.items() if k != slot and isinstance(v, str) and " " in v.strip()), "")
    return _record(token, said or token, obj, obj, None)
