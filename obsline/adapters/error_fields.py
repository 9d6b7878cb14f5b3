"""Which field of an error object is the tool's own code, and its words.

The most specific machine code the object gives: ``__type``, ``sub_code``, MongoDB's
``codeName``, Dropbox's ``error_summary``, ``code`` and its spellings, ``errorType``, then a
``type``/``name``/``reason`` that is a token; beside a number, the tool's own word for it
(Google's ``RESOURCE_EXHAUSTED``, Kubernetes' ``NotFound``); GitHub's ``errors[].code`` and
Google's legacy ``errors[].reason``; a code written where the message goes (Firebase's
``EMAIL_NOT_FOUND``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from obsline.adapters import status_lexicon as lex

CODE_LIKE = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")  # EMAIL_NOT_FOUND: a code written where words go


_CODE_KEYS = ("__type", "sub_code", "codeName", "error_summary", "code", "Code", "error_code", "errorCode", "ErrorCode", "errcode",
              "errorType", "error_type", "type", "name", "reason")


# Beside a number, the tool's own word for it: Google's RESOURCE_EXHAUSTED, Kubernetes' NotFound,
# MongoDB's DuplicateKey.
_NAME_KEYS = ("codeName", "status", "reason", "errorType", "error_type")
SNAKE_PHRASE = re.compile(r"[a-z]+(?:_[a-z]+)+")
_NAMED_CODE_KEYS = ("error_code", "errorCode", "ErrorCode", "sub_code", "subCode")


def text_of(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "; ".join(text_of(v) for v in value if v is not None)
    if isinstance(value, dict):  # OData's {"lang": ..., "value": ...}
        return text_of(value.get("value") or value.get("message") or "")
    return "" if value is None or isinstance(value, bool) else str(value)


def as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdecimal():
        return int(value)
    return None


def sentence_in(err: dict[str, Any]) -> str:
    """An error object whose keys are in another language ({"mensaje": ...}): its first sentence."""
    return next((v for v in err.values() if isinstance(v, str) and " " in v.strip()), "")


def token_in(err: dict[str, Any]) -> str | None:
    return next((v for v in err.values() if isinstance(v, str) and CODE_LIKE.fullmatch(v)), None)


def is_token(text: str) -> bool:
    """A code rather than a sentence: ``LOG_NOT_FOUND``, ``invalid_grant``, ``ThrottlingException``
    (a word of a script without spaces, "订单不存在", is a sentence)."""
    return 0 < len(text) <= 64 and text.isascii() and " " not in text.strip() and any(c.isalpha() for c in text)


def tool_code_of(err: dict[str, Any]) -> str | None:
    """The tool's own code of an error object: the first of ``_TOOL_CODE_RULES`` that finds one,
    else a reason-like id or a code under another spelling."""
    code = as_int(err.get("code"))
    for rule in _TOOL_CODE_RULES:
        found = rule(err, code)
        if found is not None:
            return None if found is _NO_CODE else found
    return reason_id(err) or other_code(err)


_NO_CODE = "<no code>"  # a rule's answer that ends the search with no code (compared by identity)
_NOT_NAMES = ("Failure", "error", "fail", "failed")


def _name_beside_number(err: dict[str, Any], code: int | None) -> str | None:
    """A number beside the tool's own word for it (Google's RESOURCE_EXHAUSTED)."""
    if code is None:
        return None
    for key in _NAME_KEYS:
        word = err.get(key)
        if isinstance(word, str) and is_token(word) and word not in _NOT_NAMES:
            return word
    return None


def _is_http(code: int | None) -> bool:
    return code is not None and 100 <= code <= 599


def _named_beside_status(err: dict[str, Any], code: int | None) -> str | None:
    """An HTTP status beside a code of the tool's own (``error_code``, ``subCode``)."""
    if not _is_http(code):
        return None
    return next((v for k in _NAMED_CODE_KEYS if isinstance(v := err.get(k), str) and is_token(v)), None)


def _code_as_message(err: dict[str, Any], code: int | None) -> str | None:
    """Firebase: {"code": 400, "message": "EMAIL_NOT_FOUND"}."""
    message = err.get("message")
    return message if code is not None and isinstance(message, str) and CODE_LIKE.fullmatch(message) else None


def _nested_code(err: dict[str, Any], code: int | None) -> str | None:
    """GitHub's errors[].code, Google's legacy errors[].reason (an empty code ends the search)."""
    nested = err.get("errors")
    if not (isinstance(nested, list) and nested and isinstance(nested[0], dict)):
        return None
    if "code" in err and not _is_http(code):
        return None
    return _first_item_code(nested[0])


def _first_item_code(first: dict[str, Any]) -> str | None:
    code = first.get("code")
    if code not in (None, ""):
        return text_of(code) or _NO_CODE
    reason = first.get("reason")
    return reason if isinstance(reason, str) and is_token(reason) else None


def _listed(err: dict[str, Any], code: int | None) -> str | None:
    return listed_code(err)


def _type_beside_number(err: dict[str, Any], code: int | None) -> str | None:
    """apilayer's {"code": 101, "type": "missing_access_key"}: its word for the number."""
    kind = err.get("type")
    return kind if code is not None and isinstance(kind, str) and SNAKE_PHRASE.fullmatch(kind) else None


def _code_key(err: dict[str, Any], code: int | None) -> str | None:
    """The first of ``_CODE_KEYS`` holding a scalar (a type, name or reason only as a token)."""
    for key in _CODE_KEYS:
        value = err.get(key)
        if value is not None and _is_code_of_key(key, value):
            return str(value).split("#")[-1] if key == "__type" else str(value)
    return None


def _is_code_of_key(key: str, value: Any) -> bool:
    if key in ("type", "name", "reason") and not (isinstance(value, str) and is_token(value)):
        return False
    if value is None or value == "" or isinstance(value, bool | dict | list):
        return False
    return not (key == "type" and value == "about:blank")


def _extensions_code(err: dict[str, Any], code: int | None) -> str | None:
    """GraphQL's ``extensions.code``."""
    extensions = err.get("extensions")
    return str(extensions["code"]) if isinstance(extensions, dict) and extensions.get("code") else None


def _numbered_result(err: dict[str, Any], code: int | None) -> str | None:
    """pCloud's {"result": 2000, "error": "Log in failed."}: the call's numbered outcome."""
    result = err.get("result")
    return str(result) if type(result) is int and result != 0 and "error" in err else None


# The tool's own code, most specific first.
_TOOL_CODE_RULES = (_name_beside_number, _named_beside_status, _code_as_message, _nested_code, _listed,
                    _type_beside_number, _code_key, _extensions_code, _numbered_result)


# Lists that give an error's most specific codes: Checkout.com's ``error_codes``, Mercado Pago's
# ``cause[].code`` (the first written is the one named).
_CAUSE_KEYS = ("cause", "causes", "sub_errors", "subErrors", "reasons")


def listed_code(err: dict[str, Any]) -> str | None:
    for key, value in err.items():
        if not isinstance(value, list) or not value:
            continue
        first = value[0]
        if isinstance(first, str) and is_token(first) and key_words(key)[-1:] == ["codes"]:
            return first
        if isinstance(first, dict) and key in _CAUSE_KEYS and first.get("code") not in (None, ""):
            return text_of(first["code"])
    return None


def other_code(err: dict[str, Any]) -> str | None:
    """A code under a key of another spelling: an error's number (eBay's ``errorId``), a code
    key run together (``ECODE``, ``errcode``), an error object's ``status`` token
    (``quota_exceeded``)."""
    for key, value in err.items():
        if isinstance(value, bool | dict | list) or value in (None, ""):
            continue
        if _is_other_code(key_words(key), value):
            return str(value)
    status = err.get("status")
    if isinstance(status, str) and is_token(status) and "_" in status and status.lower() not in _VERDICTS:
        return status
    return None


def _is_other_code(words: list[str], value: Any) -> bool:
    """An error's number (``errorId``), or a code key run together (``ECODE``, ``errcode``)."""
    if words in (["error", "id"], ["err", "id"]):
        return as_int(value) is not None
    return len(words) == 1 and words[0].endswith("code") and words[0][:-4] in ("e", "err", "error", "ret", "res")


_VERDICTS = frozenset({"error", "fail", "failed", "failure", "not_ok"})


def reason_id(err: dict[str, Any]) -> str | None:
    """An error's ``id`` that is a reason (``NotFound``, ``not_found``), not an instance's id."""
    ident = err.get("id")
    return ident if isinstance(ident, str) and is_token(ident) and not any(c.isdigit() for c in ident) else None


# --- keys that name an error, in any casing, style or language --------------------------------

_KEY_PARTS = re.compile(r"[_\-.\s:@$/]+|(?<=[a-z0-9])(?=[A-Z])")
# A key's role words as other languages write them ({"codigo": ..., "mensaje": ...}, {"状态码": ...,
# "错误信息": ...}): each read as the English word the readers know (a CJK key is one word: its parts).
_FOREIGN_WORDS: dict[str, tuple[str, ...]] = {
    **{w: ("code",) for w in ("codigo", "código", "codice", "kod", "код", "kode", "mã", "コード", "코드", "码", "代码",
                              "編號")},
    **{w: ("message",) for w in ("mensaje", "mensagem", "messaggio", "meldung", "nachricht", "сообщение",
                                 "повідомлення", "libelle", "libellé", "wiadomość", "komunikat", "mesaj", "pesan",
                                 "thông", "信息", "消息", "訊息", "提示", "メッセージ", "메시지", "رسالة")},
    **{w: ("status",) for w in ("estado", "statut", "stato", "状态", "狀態", "ステータス", "상태", "статус")},
    **{w: ("success",) for w in ("sucesso", "exito", "éxito", "erfolg", "successo", "succès", "успех", "成功")},
    "状态码": ("status", "code"), "狀態碼": ("status", "code"), "错误码": ("error", "code"), "錯誤碼": ("error", "code"),
    "错误代码": ("error", "code"), "返回码": ("return", "code"), "エラーコード": ("error", "code"),
    "错误信息": ("error", "message"), "錯誤訊息": ("error", "message"), "错误消息": ("error", "message"),
    "エラーメッセージ": ("error", "message"), "오류메시지": ("error", "message"), "返回信息": ("return", "message"),
}
_FOREIGN_WORDS.update({
    **{w: ("response",) for w in ("respuesta", "resposta", "réponse", "antwort", "risposta", "ответ", "yanıt",
                                  "odpowiedź", "响应", "応答", "응답")},
    **{w: ("result",) for w in ("esito", "risultato", "resultat", "resultado", "résultat", "ergebnis", "результат", "sonuç", "sonuc", "wynik",
                                "hasil", "kết", "结果", "結果", "결과")},
    **{w: ("description",) for w in ("descrizione", "descripción", "descripcion", "descrição", "descricao",
                                     "beschreibung", "описание", "opis", "açıklama", "aciklama", "描述", "説明", "설명")},
    **{w: ("error",) for w in ("blad", "greska", "hata", "hatasi")},
    **{w: ("code",) for w in ("kodu", "kodas", "koodi")},
    **{w: ("success",) for w in ("başarılı", "basarili", "sukces", "berhasil", "성공")},
})
_FOREIGN_KEYS = frozenset(_FOREIGN_WORDS)
# The role words a key may run together with no separator ("errmsg", "retcode", "resmsg"): a reply's
# word, then a code's or a message's.
_RUN_TOGETHER = re.compile(r"(err|error|ret|return|rtn|res|resp|rsp|result|status|stat|sub)(code|msg|message|desc)")
# CJK keys are one word: a role word (of _FOREIGN_WORDS) at its end is its last word ("결과코드": result, code).
_CJK_ROLE_ENDS = tuple(sorted((w for w in _FOREIGN_WORDS if not w.isascii() and len(w) >= 2), key=len, reverse=True))


@lru_cache(maxsize=8192)
def _compound(word: str) -> tuple[str, ...]:
    """One word that runs role words together, read as those words; a word that does not, as itself."""
    if word.isascii():
        run = _RUN_TOGETHER.fullmatch(word)
        return (run[1], run[2]) if run else (word,)
    end = next((e for e in _CJK_ROLE_ENDS if word.endswith(e) and word != e), None)
    if end is None:
        return (word,)
    head = word[: -len(end)]
    return (*_FOREIGN_WORDS.get(head, (head,)), *_FOREIGN_WORDS[end])


def _split_key(key: str) -> list[str]:
    words = [w.lower() for w in _KEY_PARTS.split(key) if w]
    if _FOREIGN_KEYS.isdisjoint(words):  # nearly every key: one set test in C
        return words if len(words) != 1 else list(_compound(words[0]))
    return [t for w in words for t in _FOREIGN_WORDS.get(w, (w,))]


_CODE_WORDS = frozenset({"code", "codes", "number", "num", "no", "nr", "type", "kind", "class", "name", "key", "reason",
                         "status"})
_MESSAGE_WORDS = frozenset({"message", "messages", "msg", "msgs", "summary", "description", "desc", "detail", "details",
                            "text", "string", "title", "info", "explanation", "reason", "reasons", "value"})
# Words that make a key *about* errors rather than an error: a count, a rate, a link, a setting.
_ABOUT_WORDS = frozenset({"count", "counts", "rate", "ratio", "total", "percent", "pct", "threshold", "limit", "budget",
                          "policy", "handling", "handler", "mode", "level", "log", "logs", "file", "path", "dir", "url",
                          "uri", "link", "links", "href", "doc", "docs", "help", "id", "ids", "causes", "timestamp",
                          "time", "at", "date", "since", "history", "callback", "page", "color", "icon", "sampling",
                          "last", "has", "is", "max", "min", "allowed", "expected", "ignore", "ignored", "on", "prev",
                          "previous", "recent", "suppress", "retry", "retries", "report", "reporting", "bars"})
# Words that name an error only as a whole key: beside another word they are a domain's outcome.
_DOMAIN_WORDS = frozenset({"failure", "failures", "problem", "problems"})
@lru_cache(maxsize=8192)  # keys repeat across results: each is read once
def key_role(key: str) -> str | None:
    """What a key that names an error holds: "code" (``errorCode``, ``ErrorNumber``), "message"
    (``errorSummary``, ``error_messages``), "error" (``Fault``, ``odata.error``, ``feil``: the error
    itself), or None (no error word, or a key about errors: ``error_rate``, ``hasErrors``, ``errorLink``)."""
    words = _split_key(key)
    if not any(w in lex.ERROR_KEY_WORDS for w in words):
        return None
    if len(words) > 1 and all(w in _DOMAIN_WORDS for w in words if w in lex.ERROR_KEY_WORDS):
        return None  # "verification_failure", "payment_problem": an outcome the result reports, not the call's error
    return _role_of_rest([w for w in words if w not in lex.ERROR_KEY_WORDS])


def _role_of_rest(rest: list[str]) -> str | None:
    """The role the words beside an error word give a key (see ``key_role``)."""
    if any(w in _ABOUT_WORDS for w in rest):
        return None
    if any(w in _MESSAGE_WORDS for w in rest):
        return "message"
    if any(w in _CODE_WORDS for w in rest):
        return "code"
    return "error" if len(rest) <= 1 else None  # a namespace may stand before it (odata.error)


def errorish_keys(keys: Any) -> bool:
    """Whether one of these keys names an error (each key read once: lru_cache; the loop in C)."""
    return any(map(key_role, keys))


@lru_cache(maxsize=16384)  # (keys repeat across results; no caller changes the list it is given)
def key_words(key: str) -> list[str]:
    return _split_key(key)


@lru_cache(maxsize=8192)
def is_message_key(key: str) -> bool:
    """A key whose last word says it holds a message, in any style (``status_message``,
    ``user_message``, ``errorDescription``, ``Detail``)."""
    words = key_words(key)
    return bool(words) and words[-1] in _MESSAGE_WORDS and words[-1] not in ("value", "info", "reason", "reasons")


def message_in(obj: dict[str, Any]) -> str:
    """The first message an object writes under a key so named (see ``is_message_key``)."""
    return next((t for k, v in obj.items() if is_message_key(k) and (t := text_of(v).strip())), "")


@lru_cache(maxsize=8192)
def message_keys(keys: tuple[str, ...]) -> bool:
    """Whether one of these keys holds a message (``is_message_key``; one cache hit a result)."""
    return any(map(is_message_key, keys))


# --- the most specific code an error object writes, at any depth -------------------------------

# The last word of a key that holds a code, by how specific it is: a code, then an error's name,
# a class, a reason-like id, a type.
_CODE_RANKS = {"code": 0, "errno": 0, "errorcode": 0, "error": 1, "class": 2, "id": 3, "type": 4, "kind": 4}
_SPECIFIC_DEPTH = 3
# HTTP's reason phrases written as words: the status's name, not a code of the tool's.
_REASON_PHRASES = frozenset({"unauthorized", "forbidden", "conflict", "gone", "unprocessable", "unavailable",
                             "notfound", "badrequest"})


def specific_code(err: Any) -> str | None:
    """The most specific code an error object writes, breadth first to a few levels (the first
    item of a list read as the list): a token under a key whose last word says code, error,
    class, a reason-like id or type (``Type: param_error``, ``messageId: UNAUTHORIZED``,
    ``errors.error[].code``, ``o:errorCode``), or a code number that is no HTTP status
    (``errno: 1012``). A URL, a verdict word or an instance's id is no code. Used where the only
    code found is the HTTP status's number: the body's own code says more."""
    best: tuple[int, int, str] | None = None
    level, order = [err], 0
    for _ in range(_SPECIFIC_DEPTH):
        below: list[Any] = []
        for node in level:
            if isinstance(node, list):
                node = node[0] if node else None
            if isinstance(node, dict):
                best, order = _best_code_in(node, below, best, order)
        if best is not None:
            return best[2]
        level = below
    return None


def _best_code_in(node: dict[str, Any], below: list[Any], best: tuple[int, int, str] | None,
                  order: int) -> tuple[tuple[int, int, str] | None, int]:
    """One object's scalars read as codes against the best so far (rank, then order); its
    objects and lists put in ``below``."""
    for key, value in node.items():
        if isinstance(value, dict | list):
            below.append(value)
            continue
        rank = _code_rank(key)
        order += 1
        if rank is not None and _is_code_value(value, rank) and (best is None or (rank, order) < best[:2]):
            best = (rank, order, str(value))
    return best, order


@lru_cache(maxsize=8192)
def _code_rank(key: str) -> int | None:
    words = key_words(key)
    if not words:
        return None
    last = words[-1] if words[-1] != "code" or len(words) < 2 or words[-2] != "error" else "errorcode"
    if last == "id" and words[:-1] and words[-2] in ("tracking", "request", "trace", "transaction", "correlation"):
        return None
    return _CODE_RANKS.get(last)


def _is_code_token(value: str) -> bool:
    """A token that is no URL, verdict word or HTTP reason phrase (an upper-case one is a code)."""
    if not is_token(value) or "/" in value:
        return False
    lower = value.lower()
    return lower not in _VERDICTS and (lower not in _REASON_PHRASES or value.isupper())


def _is_code_value(value: Any, rank: int) -> bool:
    if isinstance(value, bool) or value is None:
        return False
    number = as_int(value)
    if number is not None:
        return rank <= 1 and number != 0 and not 400 <= number <= 599
    if not isinstance(value, str) or not _is_code_token(value):
        return False
    if rank == 3:  # an id that is a reason (UNAUTHORIZED), not an instance's id
        return not any(c.isdigit() for c in value)
    return value != "about:blank"
