"""Texts that say a job is still running, was cancelled, or partly succeeded.

Only short texts (a status message, not a document) are read, in English and the languages
of the injection rules (Chinese, Japanese, Korean, German, French, Spanish, Portuguese,
Russian) plus Italian. A handle is a job/task/operation word followed by an id holding a
digit (``Job 7f3a``, ``job_id=J-9``, ``任务ID: T-88``); a poll URL is a ``Location:`` header or
the URL the text gives; the wait is the one it asks for (``error_codes.retry_after_in_text``).
"""

from __future__ import annotations

import re
from typing import Any

from obsline.adapters import status_lexicon as lex
from obsline.adapters.error_codes import retry_after_in_text
from obsline.adapters.status_gate import Families, gated
from obsline.core.models import Status

_SHORT = 400
_DIGIT = re.compile(r"\d")  # (as the counts' ``\d+`` read a digit: any script's)
_DONE = re.compile(r"\bsuccess(ful(ly)?)?\b|\bsucceeded\b|成功|erfolgreich|réussi|con éxito|com sucesso|успешно", re.I)
_RUNNING = re.compile(
    r"\bin progress\b|\bstill (running|processing|working|pending|[a-z]{3,}ing)\b|\bis (queued|running|pending|processing)\b|"
    r"\bbeing processed\b|\bnot (ready|finished|done|complete) yet\b|\bqueued\b|\baccepted\b|"
    r"\bwaiting for\b[^.\n]{0,80}?\bto (?:finish|complete|be ready|become ready)\b|"
    r"处理中|進行中|处理|排队|処理中|実行中|(?:生成|执行|运行|导出|导入|上传|转换|同步|计算|审核)中|"
    r"(?:処理|実行|作成|生成|準備)(?:して|しています)|처리 중|진행 중|in bearbeitung|wird (noch )?bearbeitet|läuft noch|"
    r"en cours|en proceso|en curso|em andamento|em processamento|выполняется|в обработке|in corso|in elaborazione",
    re.I)
# Apart (a gate takes a bounded number of literals a pattern): "is being prepared", "when it's
# ready", and the other languages' words.
_RUNNING_MORE = re.compile(
    r"\bbeing (?:prepared|processed|generated|built|exported|imported|uploaded|indexed|transcoded|converted|rendered|"
    r"compiled|provisioned|deployed|created|analy[sz]ed|reviewed|scanned|synced)\b|\bwhen (?:it'?s|it is) ready\b", re.I)
_CANCELLED = re.compile(
    r"\b(cancell?ed|aborted)\b|已取消|取消了|被取消|abgebrochen|annulée?s?\b|cancelad[oa]s?\b|отменен[аоы]?\b|"
    r"キャンセルされ|취소되었|annullat[aoie]\b|geannuleerd|iptal edildi|anulowan[aoey]\b|đã (?:bị )?hủy|"
    r"dibatalkan|تم الإلغاء|ألغي", re.I)
_HANDLE = re.compile(
    r"(?:\b(?:job|task|operation|run|build|export|request|execution|batch)(?:[ _-]?id)?|任务\s*ID|任务编号|ジョブ\s*ID|"
    r"작업\s*ID)\s*[:=#：]?\s*([A-Za-z0-9][\w.-]*)", re.I)
_LOCATION = re.compile(r"(?im)^(?:location|operation-location|content-location):\s*(\S+)")
_URL = re.compile(r"https?://[^\s\"'<>)]+|(?<![\w/])/(?:v\d+/)?(?:jobs|tasks|operations|exports|runs|builds)/[\w.-]+")
_GOOD = (r"succeeded|successful|success|ok|updated|created|deleted|processed|completed|sent|imported|saved|"
         r"uploaded|delivered|indexed|synced|copied|migrated|published|passed|"
         r"成功|已处理|已完成|erfolgreich|réussis?|correctos?|exitosos?|bem-sucedidos?|com sucesso|con éxito|успешно|riusciti|"
         + lex.alternation(lex.SUCCEEDED))
_BAD = (r"failed|failures?|errors?|rejected|bounced|失败|失敗|fehlgeschlagen|échoués?|fallidos?|falharam|falhas?|ошибк\w*|falliti|"
        + lex.alternation(lex.FAILED))
# A count and its word, either way round, a few words (or a CJK counter and noun: "98 条记录") apart.
_COUNT_WORD = re.compile(rf"(\d+)\s*(?:\w+\s+|[^\x00-\x7f\d\s,，、;；.。]{{1,4}}?){{0,3}}?({_GOOD}|{_BAD})(?![a-z])|"
                         rf"({_GOOD}|{_BAD})[^\d\n,，。;；]{{0,6}}?(\d+)", re.I)
_GOOD_RE = re.compile(_GOOD, re.I)
_RUNNING_GATE, _DONE_GATE = Families([_RUNNING, _RUNNING_MORE, *lex.chunked(lex.RUNNING)]), gated(_DONE)
_CANCELLED_GATE = Families([_CANCELLED, *lex.chunked(lex.CANCELLED)])
_GOOD_PARTS = [re.compile(_GOOD_RE.pattern.split("|" + lex.alternation(lex.SUCCEEDED))[0], re.I),
               *lex.chunked(lex.SUCCEEDED)]
_BAD_PARTS = [re.compile(_BAD.split("|" + lex.alternation(lex.FAILED))[0], re.I), *lex.chunked(lex.FAILED)]
# a count of each needs both words: the first families say success, the rest failure (a gate's literals are bounded)
_COUNT_GATE = Families(_GOOD_PARTS + _BAD_PARTS)
_GOOD_IDS = frozenset(range(len(_GOOD_PARTS)))
_BAD_IDS = frozenset(range(len(_GOOD_PARTS), len(_GOOD_PARTS) + len(_BAD_PARTS)))


def _short(text: str) -> str | None:
    """A short text that is a sentence: a bare word ("cancelled", "queued") is a value, such as a
    flight's status, not a message about the call."""
    body = text.strip()
    if not body or len(body) > _SHORT or body.count("\n") > 6:
        return None
    return body if len(re.findall(r"\w+", body)) > 1 or not body.isascii() and len(body) > 3 else None


def _handle(text: str) -> str | None:
    for found in _HANDLE.finditer(text):
        value = found.group(1).rstrip(".,;")
        if any(c.isdigit() for c in value) and text[found.end():found.end() + 1] != "%":
            return value
    labelled = _LABELLED_ID.search(text) if ":" in text or "：" in text else None
    return labelled.group(1).rstrip(".,;-") if labelled else _named_after_word(text)


# A value labelled as an identifier or a number, in a label of a few words before a colon, in the
# languages of the tables ("Identyfikator zadania: job-88121", "Kennung: A-77", "מזהה בקשה: 5521",
# "شناسه کار: 8812", "Auftragsnummer: 4411"): a token with a digit.
_ID_WORDS = (r"id|ids|identifier|identifiant|identificador|identificativo|identificatore|identyfikator\w*|"
             r"identifikátor\w*|identifikator\w*|azonosító\w*|tunniste|tunnus|kennung|идентификатор\w*|"
             r"ідентифікатор\w*|αναγνωριστικό|מזהה|شناسه|معرف|المعرف|\w*nummer|numer|número|numéro|numero|"
             r"номер|číslo|reference|référence|referencia|referência|riferimento|referencja|kimlik\w*|mã|"
             r"번호|아이디|番号|编号|編號|识别码")
_LABELLED_ID = re.compile(rf"(?:^|(?<=[\s(]))(?:[^\W\d_]+[ \t]+){{0,2}}?(?:{_ID_WORDS})(?:[ \t]+[^\W\d_]+){{0,3}}?[ \t]*[:：]"
                          r"[ \t]*([A-Za-z0-9][\w.-]*\d[\w.-]*|\d[\w.-]*)", re.I)


# An id after a word of any language ("Der Export 5521", "El trabajo 88", "Deployment dpl_9x"):
# a token with a digit (two at least, or letters with it) right after a word, not an amount
# of time or a share (what follows is no unit: "in 30 Sekunden", "40%").
_AFTER_WORD = re.compile(r"(?<=[^\W\d_])[ \t]+((?:[^\W\d]+[_-]?)?\d[\w-]*|\d{2,})(?=[\s.,;:!?)]|$)")
_UNIT_AFTER = re.compile(r"[ \t]*(?:%|/|(?:s|ms|sec|sek|seg|min|h|hr|hour|heure|hora|ora|stund|uur|timm|tun|jam|"
                         r"giờ|saat|dak|dk)[^\W\d_]*|秒|分|時間|小时|초|분|시간|[^\W\d_]{1,4}[ \t]+\d)", re.I)


_SHARE_BEFORE = re.compile(r"\d[ \t]*[^\W\d_]{1,4}[ \t]*$")  # the whole of a share ("12 of 15")


def _named_after_word(text: str) -> str | None:
    for found in _AFTER_WORD.finditer(text):
        if not _UNIT_AFTER.match(text, found.end()) and not _SHARE_BEFORE.search(text, 0, found.start()):
            return found.group(1)
    return None


def _details(text: str) -> dict[str, Any]:
    details: dict[str, Any] = {}
    handle = _handle(text)
    if handle:
        details["handle"] = handle
    location = _LOCATION.search(text)
    url = location.group(1) if location else None
    if url is None:
        found = _URL.search(text)
        url = found.group(0).rstrip(".,;") if found else None
    if url:
        details["poll_url"] = url
    wait = retry_after_in_text(text)
    if wait is not None:
        details["retry_after_ms"] = wait
    return details


_UNREAD = ""  # (a body not read yet: the readers below take the one ``short_body`` gave, or read it)


def short_body(text: str) -> str | None:
    """The stripped text the short-message readers read, or None (read once for all four)."""
    return _short(text)


def job_in_text(text: str, accepted: bool = False, body: str | None = _UNREAD) -> tuple[Status, dict[str, Any]] | None:
    """PENDING with handle, poll URL and wait, for a text saying the work is not done yet (or
    for any text of an HTTP 202 answer)."""
    body = text.strip() if accepted else _short(text) if body is _UNREAD else body
    if body is None or not (accepted or _RUNNING_GATE.any(body) and not _DONE_GATE.any(body)):
        return None
    return Status.PENDING, _details(body[:4000])


def cancelled_in_text(text: str, body: str | None = _UNREAD) -> tuple[Status, dict[str, Any]] | None:
    body = _short(text) if body is _UNREAD else body
    # "Reservation cancelled successfully.": the call did what it was asked
    if body is None or body.count("\n") > 1 or not _CANCELLED_GATE.any(body) or _DONE_GATE.any(body):
        return None
    handle = _handle(body)
    return Status.CANCELLED, {"handle": handle} if handle else {}


# A marker the tool writes where it cut its output ("... output truncated (showing first 200 of
# 5000 lines) ...", "[truncated]", "<response clipped>", "(12 more lines omitted)").
_CUT_MARK = re.compile(r"(?:[\[(<]\s*|(?:\.{2,}|…)\s*)(?:[\w ]{0,40}?\s)?(?:truncated|clipped|omitted|cut off)\b|"
                       r"^\s*(?:output|response|result|text|content|log|lines?)\s+(?:(?:was|were|has been)\s+)?"
                       r"(?:truncated|clipped|omitted|cut off)\b", re.I | re.M)
_CUT_LITERALS = ("truncat", "clipped", "omitted", "cut off")


def truncated_in_text(text: str, body: str | None = _UNREAD) -> tuple[Status, dict[str, Any]] | None:
    """UNCERTAIN for a short text that marks where the tool cut it: what it shows is not all."""
    lowered = text.lower()
    if not any(w in lowered for w in _CUT_LITERALS):
        return None
    body = _short(text) if body is _UNREAD else body
    if body is None or _CUT_MARK.search(body) is None:
        return None
    return Status.UNCERTAIN, {"incomplete": body[:200]}


def partial_in_text(text: str, body: str | None = _UNREAD) -> tuple[Status, dict[str, Any]] | None:
    """"3 succeeded, 2 failed", "成功 8 条，失败 2 条": both counts non-zero. Every count and share
    below is written in digits: a text without one is no tally (one search in C)."""
    body = _short(text) if body is _UNREAD else body
    if body is None or _DIGIT.search(body) is None:
        return None
    words = _COUNT_GATE.present(body)
    if words is not None and words.isdisjoint(_GOOD_IDS):
        return _no_success_word(body, words)
    if words is not None and words.isdisjoint(_BAD_IDS):
        return _share_done(body)
    good = bad = None
    for found in _COUNT_WORD.finditer(body):
        number = int(found.group(1) or found.group(4))
        word = found.group(2) or found.group(3)
        if _GOOD_RE.fullmatch(word):
            good = number if good is None else good
        else:
            bad = number if bad is None else bad
    if good and bad:
        return Status.PARTIAL, {"succeeded": good, "failed_count": bad, "failed": []}
    if good and bad == 0:
        return Status.SUCCESS, {}  # a tally that counts no failure ("42 passed, 0 failed")
    return _share_done(body)


# A share of the whole that was done: "Sent 18 of 20 messages", "18/20 rows imported".
# "of" is any one short word between the numbers ("12 von 15", "48 de 50", "7 из 9"): the number
# pattern, not a list of each language's preposition.
_OF = r"(?:out of|/|[^\W\d_]{1,4}(?=\s))"
_SHARE = re.compile(rf"\b({_GOOD})\s+(\d+)\s*{_OF}\s*(\d+)\b|\b(\d+)\s*{_OF}\s*(\d+)\s+"
                    rf"(?:\w+\s+){{0,3}}?(?:(?:were|was|have been|has been|got)\s+)?({_GOOD})(?![a-z])", re.I)

# A CJK share: the whole and its counter, "中" (of), the part and its counter ("50件中47件", "20条中18条").
_COUNTER_SHARE = re.compile(r"(\d+)\s*([件条個个项項건개])\s*[中중]\s*(?:の\s*)?(\d+)\s*\2")


def _counter_share(body: str) -> tuple[Status, dict[str, Any]] | None:
    """"50件中47件": the whole and its counter, then the part done."""
    counted = _COUNTER_SHARE.search(body)
    if counted is None or _RUNNING_GATE.any(body):
        return None
    return _of_whole(int(counted.group(3)), int(counted.group(1)))


def _no_success_word(body: str, words: set[int] | frozenset[int]) -> tuple[Status, dict[str, Any]] | None:
    """A text with no success word: a CJK share needs none ("50件中47件"); a share whose rest a failure
    word names needs none for its done part."""
    if "中" in body or "중" in body:
        return _counter_share(body)
    return _share_and_rest(body) if words else None


# A share and what is left of it, the rest named failed, whatever the verb of the done part:
# "12 von 15 ... versendet, 3 ... fehlgeschlagen", "8 fichiers sur 10 ... ; 2 ont échoué": the part and
# the rest add up to the whole (read where a failure word and no success word stand).
_SHARE_REST = re.compile(rf"\b(\d+)\s*(?:[^\W\d_]{{2,20}}\s+)?{_OF}\s*(\d+)\b[^\d\n]{{0,60}}?[,;]\s*(\d+)\b")


def _share_and_rest(body: str) -> tuple[Status, dict[str, Any]] | None:
    found = _SHARE_REST.search(body)
    if found is None or _RUNNING_GATE.any(body):
        return None
    done, whole, rest = int(found.group(1)), int(found.group(2)), int(found.group(3))
    return _of_whole(done, whole) if done + rest == whole else None


def _share_done(body: str) -> tuple[Status, dict[str, Any]] | None:
    found = _SHARE.search(body)
    if found is None:
        return _counter_share(body) if "中" in body or "중" in body else None
    if _RUNNING_GATE.any(body):
        return None  # a share of work still going is its progress ("2 of 5 replicas ...", "waiting for")
    done, whole = (int(found.group(2)), int(found.group(3))) if found.group(1) else (int(found.group(4)),
                                                                                    int(found.group(5)))
    return _of_whole(done, whole)


def _of_whole(done: int, whole: int) -> tuple[Status, dict[str, Any]] | None:
    if not 0 < done < whole:
        return None
    return Status.PARTIAL, {"succeeded": done, "failed_count": whole - done, "failed": []}
