"""Status read from text: error lines in many languages, HTTP status lines and reason phrases,
gRPC, XML and stack-trace errors, timeouts, shell exit codes, and (``status_text_jobs``) jobs
still running, cancellations and "3 succeeded, 2 failed".

Only the edges of a text are read (its first line, its last lines): an error word in the
middle of a file view or a log is content, not the tool's verdict. A short text that is one
error statement ("User not found", "请求失败，请稍后再试") is an error without an error word
in front; the same words inside quotes ("No matches for 'timeout'") are what was searched.
"""

from __future__ import annotations

import re
from typing import Any

from obsline.adapters import status_lexicon as lex
from obsline.adapters.error_codes import (
    code_for_message,
    known_code,
    make_error,
    node_errno,
    retry_after_in_text,
    sqlstate_code,
    stable_code,
)
from obsline.adapters.shapes import meaning
from obsline.adapters.status_gate import Families, gated
from obsline.adapters.status_text_forms import (
    EDGE_LINES,
    Found,
    class_in,
    code_phrase,
    curl_error,
    error_found,
    grpc_error,
    labelled_code,
    page_status,
    paren_code,
    trace_error,
    xml_error,
)
from obsline.adapters.status_text_jobs import (
    cancelled_in_text,
    job_in_text,
    partial_in_text,
    short_body,
    truncated_in_text,
)
from obsline.core.errors import ErrorCode
from obsline.core.models import ErrorInfo, Status

__all__ = ["code_for_message", "edge_status", "job_in_text", "retry_after_in_text", "text_status"]

# A line that starts with an error word, after at most the name of the program that says it
# and a colon ("psql: error:", "git: fatal:") or before npm's "ERR!".
_PREFIX_HEAD = (r"^\s*(?:(?:[\w.-]{1,24}:|[\w.-]{1,24}(?= err!))\s+(?=error:|fatal:|err!))?"
                # a compiler's diagnostic at a place in a source file ("Main.java:3: error:", "a.c:4:5: error:")
                r"(?:[\w./\\-]{1,160}:\d+(?::\d+)?:\s+(?=(?:fatal )?error:))?"
                r"(?:[^\w\s\[]{1,2}\s*\[(?=(?:error|fatal|err)\]))?")  # a status glyph before "[ERROR]"
_PREFIX_FORMS = (r"(?:error|exception|failed|failure|fatal|err!)(?:\b|(?<=!))[\s:.!,(\]-]"
                 r"|error\[[A-Za-z]{0,4}\d{1,6}\]:"  # a code in brackets after the word (rustc's error[E0425]:)
                 r"|(?:错误|錯誤|失败|失敗|异常|異常|エラー|오류|에러|실패)\s*[:：.!，,\s]?")
_PREFIX_WORDS = f"(?:{_PREFIX_FORMS})"
_ERROR_PREFIX_PLAIN = re.compile(_PREFIX_HEAD + r"(?:" + _PREFIX_FORMS + r"|(?:échec|"
                                 + lex.alternation(lex.ERROR_WORDS) + r")\s*[:：.!])", re.I)
# The same without the lexicon's ~130 "error" words (an alternation re tries one by one): those
# are read as the line's first one to three words before the colon, looked up in a set.
_ERROR_PREFIX_FAST = re.compile(_PREFIX_HEAD + _PREFIX_WORDS, re.I)
_LEADING_WORDS = re.compile(r"^\s*([^\W\d_][^\s:：.!]*(?:[ \t]+[^\W\d_][^\s:：.!]*){0,2}?)\s*[:：.!]")
_ERROR_WORD_SET = frozenset({"échec", *(w.lower() for w in lex.ERROR_WORDS)})


def error_prefix(line: str) -> bool:
    """A line that starts with an error word (``_ERROR_PREFIX_PLAIN`` is the reference twin)."""
    if _ERROR_PREFIX_FAST.match(line):
        return True
    found = _LEADING_WORDS.match(line)
    if found is None:
        return False
    return found.group(1).lower() in _ERROR_WORD_SET  # (the words up to the colon, as the alternation reads them)
# A program's closing verdict line, its name before the error word ("rsync error: ...").
# A line of advice a program prints after its verdict ("hint: ...", "help: ...", "note: ...").
_ADVICE = re.compile(r"^\s*(?:hint|help|note|tip)s?:\s", re.I)
# An update of one thing to another that the receiving side marked refused (a push's
# " ! [rejected]        main -> main (fetch first)", " ! [remote rejected] a -> a (...)").
_REFUSED_UPDATE = re.compile(r"^\s*!\s*\[(?:remote )?rejected\]\s+\S+\s+->\s+\S+", re.M)
# A compiler's diagnostic points at a place in a source file: on its own line ("Main.java:3: error:")
# or on the next, after an arrow (rustc's " --> src/main.rs:4:20").
_SOURCE_PLACE = re.compile(r"^[\w./\\-]{1,160}:\d+(?::\d+)?:\s+(?:fatal )?error:")
_SOURCE_POINTER = re.compile(r"\n\s*--> [^\s:]{1,160}:\d+:\d+\s*\n")
_PROGRAM_ERROR = re.compile(r"^[\w.-]{1,24} error: ")
_HTTP_LINE = re.compile(r"^\s*HTTP/\d(?:\.\d)? (\d{3})\b[^\n]*")
_STATUS_IN_LINE = re.compile(r"\b(?:HTTP(?: Error)?|status(?: code)?)[ :]+(\d{3})\b", re.I)
_TIMEOUT = re.compile(r"timed out|time[ -]?out after|execution timeout|deadline exceeded", re.I)
_CODE_WORD = re.compile(r"^(?:[\w.-]{1,24}:?\s+)?\(?(?i:error|err)!?\)?[\s:]+(?:(?i:code)[\s:=]+)?"
                        r"([A-Z][A-Z_]{3,}|[A-Z]+\d+[A-Z\d]*)\b(?!:)")
# An error code that leads a line before a colon: Oracle's ORA-01017, TypeScript's TS2304, DB2's SQL0204N.
_LEADING_CODE = re.compile(r"^([A-Z][A-Z0-9]{1,7}-\d{4,6}|[A-Z]{2,8}\d{4,6}[A-Z]?)\s*:\s")
_STAMP = re.compile(r"^\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d(?::\d\d)?[^\s\]]*\]?\s+")  # a log line's time
_SHORT_LINES = 10
_TRACE_WORDS = re.compile(r"Exception|Error|Traceback|Timeout|Exit|Interrupt|panic|\*\* \(")
_DB_CODE = re.compile(r"^ERROR (\d{3,5})\b")
_SQLSTATE = re.compile(r"^ERROR \d{3,5} \(([0-9A-Z]{5})\)")
_FAILURE_WORDS = re.compile(
    r"\bfail(ed|ure|s)?\b|\berror\b|\brefused\b|\bdenied\b|\bunavailable\b|失败|失敗|错误|錯誤|fehlgeschlagen|échou|"
    r"falló|fallid|falhou|falha|не выполнен|non riuscit|mislukt|başarısız|nie powiodło|thất bại|gagal|فشل|실패|"
    r"\binvalid\b|ungültig|invalide|inválid|неверн|недопустим|参数错误|خطأ|\bhata\b|błąd|lỗi|kesalahan",
    re.I)
# (an apostrophe inside a word, "Couldn't", opens no quote)
_QUOTED = re.compile(r"[\"'“‘「『](?<![^\W\d_]')[^\"'”’」』]{1,80}[\"'”’」』]")  # (a quote first: re scans for it fast)
_POSITIVE_START = re.compile(r"^\s*(found|no (matches|results)|\d+ (results?|matches|hits)|search|showing)\b", re.I)
_SUCCESS_WORDS = re.compile(r"\b(success(ful(ly)?)?|succeeded|granted|completed|created|updated|saved|done|ok|fixed|"
                            r"resolved)\b|成功|完了|"
                            r"완료|erfolgreich|réussi|éxito|exitoso|sucesso|успешно", re.I)
_TAG_LINE = re.compile(r"^(?:</?\w+>)+(?:-?\d+</\w+>)?$")  # a wrapper's own tag line (</output>)
_SUCCESS_GATE, _FAILURE_GATE, _TIMEOUT_GATE = gated(_SUCCESS_WORDS), gated(_FAILURE_WORDS), gated(_TIMEOUT)
_STATED_GATE = Families(lex.chunked(lex.STATED))  # (a catalogue's whole phrase: the failure stated)
_INVALID_GATE = Families(lex.chunked(lex.INVALID_WORDS))  # (a language's "invalid", as strong as the English word)
_STATEMENT_MAX = 300  # a whole-text error statement is short
_SHORT_TEXT = 600  # no job, cancellation or batch message is longer (status_text_jobs reads <= 400 stripped)
_WEAK = frozenset({ErrorCode.UNKNOWN, ErrorCode.INVALID_ARGUMENT, ErrorCode.CONFLICT, ErrorCode.MALFORMED})


def text_status(text: str, shape: str, tree: Any, own_output: bool = False) -> Found | None:
    """(status, error or details) when the text says the call did not simply succeed, else None.
    The agent's own program output (``own_output``) is content: only its exit code and its
    edges ("Error: ...", a timeout) say a call failed, never a sentence inside it."""
    if meaning(shape).exit_status and isinstance(tree, dict):
        return _shell(tree, text)
    page = page_status(text)
    if page is not None:
        return page
    # A traceback or a refused edit with no exit code is content, shown as a success: the
    # agent reads it, and only an exit code says that the command itself failed.
    if not meaning(shape).words_at_edges:
        return None
    found = edge_status(text)
    if found is not None:
        return found
    if shape != "text" or own_output or len(text) > _SHORT_TEXT:
        return None  # the readers below take short messages only
    body = short_body(text)  # (read once for the four readers of short messages)
    if body is not None:
        found = truncated_in_text(text, body=body) or partial_in_text(text, body=body) or job_in_text(
            text, body=body) or cancelled_in_text(text, body=body)
        if found is not None:
            return found
    return _statement(text)


def edge_status(text: str) -> Found | None:  # noqa: C901 - one reader per form, in order
    head = text.lstrip()[:300]
    first = head.split("\n", 1)[0].strip()
    http = _HTTP_LINE.match(head) or code_phrase(first)
    if http is not None:
        status = int(http.group(1))
        if status == 202:
            return job_in_text(text, accepted=True)
        if status >= 400:
            return Status.ERROR, {"http_status": status}
    if error_prefix(first):
        # The whole first line, prefix included: its words ("Error during execution") are the
        # tool's, and the code is read from the rest.
        rest = first.split(":", 1)[1] if ":" in first[:32] else first
        tool = node_errno(first) or _db_code(first) or paren_code(first) or class_in(first) or _code_word(first) or (
            class_in(head) if "\n" in head else None) or (labelled_code(head) if "ode" in head else None)
        code = _sqlstate_of(first) or stable_code(tool, rest)
        if _SOURCE_PLACE.match(first) or "-->" in head and _SOURCE_POINTER.search(head):
            code = ErrorCode.INVALID_ARGUMENT  # a diagnostic at a place in the source: the code given is wrong
        elif code is ErrorCode.UNKNOWN and "\n" in head:  # "Error: Traceback ...": the last lines say why
            code = code_for_message("\n".join(text.strip().split("\n")[-EDGE_LINES:])[-1000:])
        return error_found(code, first[:300], text, tool)
    coded = _coded_exception(text) if "xception" in head else None
    if coded is not None:
        return coded
    if "<exception>" in text:
        start = text.index("<exception>") + len("<exception>")
        end = text.find("</exception>", start)
        message = text[start:end if end >= 0 else None].strip() or "exception"
        return error_found(code_for_message(message), message[:300], text)
    found = ((grpc_error(text) if "rpc" in head or "RPC" in head or "StatusCode." in head else None)
             or (xml_error(text) if "<" in head else None) or curl_error(first, text) or (trace_error(text) if _TRACE_WORDS.search(head) or _TRACE_WORDS.search(text[-2000:]) else None))
    if found is not None:
        return found
    status_line = _STATUS_IN_LINE.search(first)
    if status_line and int(status_line.group(1)) >= 400 and len(first) <= _STATEMENT_MAX:
        return Status.ERROR, {"http_status": int(status_line.group(1))}
    timeout = _timeout_line(text)
    if timeout is not None:
        return error_found(ErrorCode.TIMEOUT, timeout, text)
    return _last_line_error(text)



def _last_line_error(text: str) -> Found | None:
    """A short output whose last line is an error line ("fatal: Authentication failed ...",
    wget's "2024-05-01 10:00:01 ERROR 404: Not Found."): the program's verdict comes last."""
    body = text.strip()
    if "\n" not in body or body.count("\n") >= _SHORT_LINES:
        return None
    lines = body.split("\n")
    while len(lines) > 1 and _ADVICE.match(lines[-1]):  # (advice after the verdict: git's "hint:" lines)
        lines.pop()
    if len(lines) == 1:
        return None
    last = _STAMP.sub("", lines[-1].strip(), count=1)
    if not (error_prefix(last) or _PROGRAM_ERROR.match(last)) or len(last) > _STATEMENT_MAX:
        return None
    rest = last.split(":", 1)[1] if ":" in last[:32] else last
    tool = node_errno(last) or _db_code(last) or paren_code(last) or class_in(last) or _code_word(last)
    code = stable_code(tool, rest)
    if code is ErrorCode.UNKNOWN:
        code = code_for_message(body[-1000:])
    if code is ErrorCode.UNKNOWN and "rejected]" in body and _REFUSED_UPDATE.search(body):
        code = ErrorCode.CONFLICT  # an update the other side refused: its state and ours differ
    return error_found(code, last, text, tool)


# An exception led by the number it goes by ("Code: 60. DB::Exception: Table x does not exist.
# (UNKNOWN_TABLE)"), on one of the first lines: the server's error, its message and its own name.
_CODED_EXCEPTION = re.compile(r"^(?:Error )?[Cc]ode:?\s*(\d{1,6})\.?\s+(?:\w+::)*\w*Exception:\s*(\S[^\n]*)", re.M)


def _coded_exception(text: str) -> Found | None:
    lines = text.lstrip().split("\n", 2)[:2]  # (the first two lines, each whole: the name may end a long one)
    found = next((m for line in lines if (m := _CODED_EXCEPTION.match(line)) is not None), None)
    if found is None:
        return None
    line = found.group(0)
    tool = labelled_code(line) or found.group(1)
    return error_found(stable_code(tool, found.group(2)), line[:300], text, tool)


def _sqlstate_of(line: str) -> ErrorCode | None:
    """MySQL's ``ERROR 1045 (28000): ...``: the SQLSTATE's class says the reason."""
    found = _SQLSTATE.match(line)
    return sqlstate_code(found.group(1)) if found else None


def _db_code(line: str) -> str | None:
    found = _DB_CODE.match(line)
    return found.group(1) if found else None


def _code_word(line: str) -> str | None:
    """An upper-case code right after the error marker (Redis' ``(error) WRONGTYPE ...``, npm's
    ``npm ERR! code E404``), or a build tool's ``error NU1101:`` / ``error TS2304:``."""
    found = _CODE_WORD.match(line.strip()) or _BUILD_CODE.search(line)
    return found.group(1) if found and found.group(1) not in ("HTTP", "ERROR", "FATAL") else None


# A compiler's or build tool's diagnostic code after its error word (MSBuild's CS0103, NuGet's
# NU1101, TypeScript's TS2304, MSVC's C2065, the linker's LNK2019).
_BUILD_CODE = re.compile(r"\berror\s+([A-Z]{1,5}\d{3,6})\s*:", re.I)


def _statement(text: str) -> Found | None:
    """A short text that is nothing but an error statement: "User not found", "Connection
    refused", "请求失败，请稍后再试" (no error word in front)."""
    body = text.strip()
    if not body or _POSITIVE_START.match(body):
        return None
    if len(body) > _STATEMENT_MAX or body.count("\n") > 1:
        return _first_line_statement(body, text)
    if _SUCCESS_GATE.any(body):
        return None
    unquoted = _QUOTED.sub(" ", body)
    code = code_for_message(unquoted)
    if code in _WEAK and _only_describes(code, body, unquoted):
        return None  # "Wrong flag!", "must be ...": words that describe as often as they fail (unless coded)
    return error_found(code, body, text, _tool_in(body))


def _only_describes(code: ErrorCode, body: str, unquoted: str) -> bool:
    """A weak code's words with nothing that makes them a failure: no failure or stated-error
    word, no leading code, no word for "invalid" beside an invalid-argument reading."""
    return not _FAILURE_GATE.any(unquoted) and _leading_code(body) is None and not _STATED_GATE.any(unquoted) and not (
        code is ErrorCode.INVALID_ARGUMENT and _INVALID_GATE.any(unquoted))


def _tool_in(line: str) -> str | None:
    return (node_errno(line) or _db_code(line) or _leading_code(line) or paren_code(line) or _known_token(line)
            or _code_word(line) or (labelled_code(line) if "ode" in line else None))


def _leading_code(line: str) -> str | None:
    found = _LEADING_CODE.match(line)
    return found.group(1) if found else None


def _first_line_statement(body: str, text: str) -> Found | None:
    """A few lines whose first states an error with its cause, the rest where it happened
    (PowerShell's "Get-Item : Cannot find path ... because it does not exist." then "At line:1")."""
    first = body.split("\n", 1)[0].strip()
    if len(body) > _SHORT_TEXT or body.count("\n") >= 6 or len(first) > _STATEMENT_MAX or _SUCCESS_GATE.any(body):
        return None
    code = code_for_message(_QUOTED.sub(" ", first))
    if code in _WEAK or code is ErrorCode.UPSTREAM_FAILURE:
        return None  # general words on a first line ("internal", "invalid") are often a title
    return error_found(code, first, text, _tool_in(first) or (labelled_code(body) if "ode" in body else None))


def statement_error(text: str) -> ErrorInfo | None:
    """The error a short message states ("No such container: web-1"), or None (status_envelopes:
    an object that is nothing but a message)."""
    found = _statement(text)
    return found[1] if found is not None and isinstance(found[1], ErrorInfo) else None


def _known_token(text: str) -> str | None:
    token = text.split(":", 1)[0].strip()
    return token if " " not in token and known_code(token) is not None else None


def _timeout_line(text: str) -> str | None:
    """The line saying a command timed out, kept whole: it names the command."""
    body = text.strip()  # its first and last lines, without splitting all of a long text
    edges = [line.strip() for line in body.split("\n", EDGE_LINES)[:EDGE_LINES] + body.rsplit("\n", EDGE_LINES)[-EDGE_LINES:]]
    if not _TIMEOUT_GATE.any("\n".join(edges)):  # (no timeout phrase spans a line break)
        return None
    for line in edges:
        if len(line) <= 300 and _TIMEOUT.search(line):
            return line
    return None


def _shell(tree: dict[str, Any], text: str) -> Found | None:
    code = tree.get("exit_code")
    timeout = _timeout_line(text)
    if timeout is not None and code != 0:
        return Status.ERROR, make_error(ErrorCode.TIMEOUT, timeout)
    if not isinstance(code, int) or code == 0:
        return None
    said = ""
    for key in ("stderr", "output", "stdout", "text", "transcript"):
        value = tree.get(key)
        if isinstance(value, dict) and meaning(str(value.get("shape"))).crash:
            said = _traceback_message(value.get("tree") or {})
        elif isinstance(value, str) and value.strip():
            said = _last_meaningful(value)
        if said:
            break
    if not said:  # a nested shape that names no failure (a trace followed by a test summary)
        said = _last_meaningful(text)
    return Status.ERROR, make_error(ErrorCode.COMMAND_FAILED, f"exit code {code}" + (f": {said}" if said else ""),
                                    tool_code=str(code))


def _last_meaningful(text: str) -> str:
    lines = [line.strip() for line in text.strip().split("\n") if line.strip() and "exit code" not in line.lower()
             and "PROCESS-DONE" not in line and not _TAG_LINE.match(line.strip())]
    return lines[-1][:200] if lines else ""


def _traceback_message(tree: dict[str, Any]) -> str:
    """The exception of a trace that ends a failed command's output (its message); a trace
    followed by more output was logged and handled."""
    after = tree.get("after")
    if isinstance(after, str) and after.strip():
        return ""
    blocks = tree.get("blocks")
    error = blocks[-1].get("error", "") if isinstance(blocks, list) and blocks else tree.get("error", "")
    return str(error).strip().split("\n")[0][:300] or "traceback"
