"""Error envelopes read by their slots, whatever the provider names them.

Most envelopes are three slots: a *verdict* (``"result": "error"``, ``"resultCode": "Error"``),
a *code* (``retCode: 10006``, ``responseCode: 404``, ``err: 1``, ``meta.code: 4004``) and a
*message* (``retMsg``, ``message``, ``message[].text``). The envelope readers of
``status_envelopes`` know the common spellings; this one reads the slots by the words of their
keys, so a spelling none of them knows is read the same way:

- a code slot is a key whose last word is ``code``/``errno``/``err``/``rc`` and whose other words,
  if any, name the call's reply (``ret``, ``response``, ``result``, ``status``, ``api``...): not
  a domain's code (``zip_code``, ``currency_code``);
- a message slot is a key whose last word says message (``error_fields.is_message_key``), or a
  list of message objects (``[{"code": ..., "text": ...}]``, whose first code is the most specific);
- the envelope is an error when a verdict word stands in a code or verdict slot, or when a
  failing code (a number that is neither 0 nor 2xx) stands beside a message that reads as an
  error (or beside any message, for an HTTP status number).

It is read on the object itself and on each object directly inside it (``meta``, ``messages``,
``header``: where an envelope stands beside the data). A JSON list that starts with a verdict
word (``["error", 10020, "request: invalid"]``) is an envelope written positionally.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from obsline.adapters.error_codes import code_for_message
from obsline.adapters.error_fields import as_int, is_message_key, is_token, key_words, message_keys, text_of
from obsline.core.errors import ErrorCode

# Words a code slot's key may hold besides its last word: the call's reply, not a domain's code.
_REPLY_WORDS = frozenset({"ret", "return", "result", "response", "resp", "res", "status", "reply", "api", "err",
                          "error", "rc", "op", "request", "req", "call", "app"})
_CODE_TAILS = frozenset({"code", "errno", "err", "rc", "ret", "rtn"})  # ("ret": a reply's return code, alone)
_VERDICT_KEYS = frozenset({"result", "outcome", "ack", "verdict"})  # (status: JSend, read before)
VERDICTS = frozenset(w for t in ("error", "fail", "failed", "failure", "notok", "not_ok", "nok", "ko", "err")
                     for w in (t, t.upper(), t.title()))
_SUCCESS_WORDS = frozenset({"0", "ok", "success", "succeeded", "true"})
_MESSAGE_PARTS = ("text", "message", "msg", "description", "detail")


@lru_cache(maxsize=8192)
def slot_of(key: str) -> str | None:
    """"code", "verdict" or "message": the slot a key names by its words, or None."""
    words = key_words(key)
    if not words:
        return None
    if words[-1] in _CODE_TAILS and all(w in _REPLY_WORDS for w in words[:-1]):
        return "code"
    if len(words) == 1 and words[0] in _VERDICT_KEYS:
        return "verdict"
    return "message" if is_message_key(key) or words[-1] == "messages" else None


@lru_cache(maxsize=8192)
def has_code_slot(keys: tuple[str, ...] | frozenset[str]) -> bool:
    """The gate: a key of these names a code or verdict slot (one cache hit a result whose keys
    were seen)."""
    return any(slot_of(k) in ("code", "verdict") for k in keys)


@lru_cache(maxsize=8192)
def slot_gate(keys: tuple[str, ...], inner: frozenset[str]) -> bool:
    """Whether the slot reader applies to an object with these keys and these keys directly
    inside it (one cache hit in C for a result whose keys were seen)."""
    return has_code_slot(keys) or bool(inner) and (len(keys) == 1 or has_code_slot(inner)) or (
        ("status" in keys or "Status" in keys) and message_keys(keys))


_WRAPPED_MAX = 3  # wrappers of one key looked through (a deeper nest is no envelope)


def slot_error(obj: dict[str, Any], inner: bool = True,
               wrapped: int = 0) -> tuple[str | None, str, dict[str, Any], int | None] | None:
    """(tool code, message, holder, HTTP status) of an envelope read by its slots, or None.
    ``inner``: the objects directly inside ``obj`` may hold it (``status_survey`` says whether
    one of them has a code slot)."""
    found = _slots(obj)
    if found is None and len(obj) == 1:  # wrappers of one key around the envelope (data.go.kr's response.header)
        lone = next(iter(obj.values()))
        return slot_error(lone, True, wrapped + 1) if isinstance(lone, dict) and lone and wrapped < _WRAPPED_MAX else None
    return found if found is not None or not inner else _inner_slots(obj)


def _inner_slots(obj: dict[str, Any]) -> tuple[str | None, str, dict[str, Any], int | None] | None:
    """The envelope of an object directly inside ``obj`` (``meta``, ``header``)."""
    for value in obj.values():
        if isinstance(value, dict) and value and has_code_slot(tuple(value)):
            found = _slots(value)
            if found is not None:
                return found
    return None


def _slots(holder: dict[str, Any]) -> tuple[str | None, str, dict[str, Any], int | None] | None:
    codes: list[Any] = []
    verdict = False
    message, item_code = "", None
    bare_status = False  # a lone "status" number: a code only beside a message that says it failed
    for key, value in holder.items():
        slot = slot_of(key)
        if slot is None:
            if type(value) is int and key_words(key) == ["status"]:
                codes.append(value)
                bare_status = True
            continue
        if slot in ("code", "verdict") and isinstance(value, str) and value in VERDICTS:
            verdict = True
        elif slot == "code" and isinstance(value, int | str) and not isinstance(value, bool):
            codes.append(value)
        elif slot == "message" and not message:
            message, item_code = _message_of(value)
    failing = next((n for c in codes if (n := as_int(c)) is not None and n != 0 and not 200 <= n <= 299), None)
    if not verdict and failing is None:
        return None
    if not verdict and not (message and (400 <= failing <= 599 and not bare_status  # type: ignore[operator]
                                         or _says_failure(message))):
        return None
    tool = item_code or next((str(c) for c in codes if str(c).strip().lower() not in _SUCCESS_WORDS), None) or \
        _reason_token(holder)
    if not message and tool is None:
        return None
    http = failing if failing is not None and 400 <= failing <= 599 else None
    return tool, message or tool or "error", holder, http


# An error or failure word: a message that says the call failed without naming why ("key格式错误").
_FAILURE_MARK = re.compile(r"\b(?:error|errors|failed|failure|fail)\b|错误|錯誤|失败|失敗|エラー|오류|실패|\bfehler|"
                           r"\berreur|\berrore|\berro\b|\berror\b|ошибк|\bhata\b|błąd|lỗi", re.I)


def _says_failure(message: str) -> bool:
    if "_" in message and is_token(message):  # a message written as a constant: SERVICE_KEY_IS_NOT_REGISTERED_ERROR
        message = message.replace("_", " ")
    return code_for_message(message) is not ErrorCode.UNKNOWN or _FAILURE_MARK.search(message) is not None


def _message_of(value: Any) -> tuple[str, str | None]:
    """A message slot's text, and the code of its first message object (Authorize.net's
    ``"message": [{"code": "E00007", "text": ...}]``)."""
    if isinstance(value, str):
        return value.strip(), None
    items = value if isinstance(value, list) else [value] if isinstance(value, dict) else []
    first = items[0] if items and isinstance(items[0], dict) else None
    if first is None:
        return text_of(value).strip(), None
    text = next((t for k in _MESSAGE_PARTS if (t := text_of(first.get(k)).strip())), "")
    code = first.get("code")
    return text, str(code) if isinstance(code, int | str) and not isinstance(code, bool) and str(code) else None


def _reason_token(holder: dict[str, Any]) -> str | None:
    """A code written as a token under ``reason``/``type``/``code`` (Gemini's ``reason: InvalidSignature``)."""
    return next((v for k in ("reason", "type", "code", "error") if isinstance(v := holder.get(k), str) and is_token(v)
                 and v not in VERDICTS), None)


def listed_verdict(value: list[Any]) -> tuple[str | None, str] | None:
    """A list that starts with a verdict word, then a code and a message (Bitfinex's
    ``["error", 10020, "request: invalid"]``): (tool code, message), or None."""
    if not 2 <= len(value) <= 5 or not isinstance(value[0], str) or value[0] not in VERDICTS:
        return None
    rest = value[1:]
    if not all(isinstance(v, str | int) and not isinstance(v, bool) for v in rest):
        return None
    code = next((str(v) for v in rest if isinstance(v, int) or is_token(v) and any(c.isdigit() for c in v)), None)
    message = next((v for v in rest if isinstance(v, str) and not is_token(v)), None)
    if code is None:  # a list of words (["error", "warning", "info"]) is no envelope
        return None
    return code, message or next((v for v in rest if isinstance(v, str) and v != code), code)
