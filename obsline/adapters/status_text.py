"""Status read from text: error prefixes in several languages, ``<exception>`` tags, HTTP
status lines, timeouts, ``Retry-After``, shell exit codes and tracebacks (by shape).

Only the edges of a text are read (its first line, its last lines): an error word in the
middle of a file view or a log is content, not the tool's verdict.
"""

from __future__ import annotations

import re
from typing import Any

from obsline.core.errors import ErrorCode

# Ordered: the first pattern that matches the message decides the code.
_MESSAGE_CODES: list[tuple[re.Pattern[str], ErrorCode]] = [
    (re.compile(r"time[ds]?[ -]?out|deadline exceeded", re.I), ErrorCode.TIMEOUT),
    (re.compile(r"rate.?limit|too many requests|quota", re.I), ErrorCode.RATE_LIMITED),
    (re.compile(r"unauthori[sz]ed|authenticat|invalid (api )?key|invalid access token|token expired|login", re.I),
     ErrorCode.AUTH_FAILED),
    (re.compile(r"permission denied|no permission|not permitted|forbidden|not allowed|access denied", re.I), ErrorCode.PERMISSION_DENIED),
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
                r"wrong|missing|syntax error", re.I), ErrorCode.INVALID_ARGUMENT),
]

# "Error: ...", "Error. ...", "Error during execution: ...", and the same word in other languages.
_ERROR_PREFIX = re.compile(
    r"^\s*(?:(?:error|exception|failed|failure|fatal)\b[\s:.!,(-]"
    r"|(?:fehler|erreur|échec|errore|erro|ошибка|hata|błąd|fout|virhe|fel|chyba)\b\s*[:：.!]"
    r"|(?:错误|錯誤|失败|失敗|异常|異常|エラー|오류|에러|실패)\s*[:：.!，,\s]?)", re.I)
_HTTP_LINE = re.compile(r"^\s*HTTP/\d(?:\.\d)? (\d{3})\b[^\n]*")
_TIMEOUT = re.compile(r"timed out|time[ -]?out after|execution timeout|deadline exceeded", re.I)
_RETRY_AFTER = re.compile(
    r"(?im)^retry-after:\s*(\d+)\s*$"
    r"|retry[ -]after[:= ]+(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?|minutes?|m)?\b"
    r"|try again in (\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?|minutes?|m)\b")
_EDGE_LINES = 3
_TAG_LINE = re.compile(r"^(?:</?\w+>)+(?:-?\d+</\w+>)?$")  # a wrapper's own tag line (</output>)
_TEXT_SHAPES = frozenset({"text", "key_value", "shell", "log"})  # where the edges are the tool's words


def code_for_message(message: str) -> ErrorCode:
    for pattern, code in _MESSAGE_CODES:
        if pattern.search(message):
            return code
    return ErrorCode.UNKNOWN


def retry_after_in_text(text: str) -> int | None:
    """Milliseconds from a ``Retry-After: 30`` header line or "retry after 5 seconds" text."""
    found = _RETRY_AFTER.search(text[:4096])
    if found is None:
        return None
    if found.group(1):
        return int(found.group(1)) * 1000
    value, unit = (found.group(2), found.group(3)) if found.group(2) else (found.group(4), found.group(5))
    scale = 1 if unit and unit.startswith("m") and unit not in ("m", "minute", "minutes") else 1000
    if unit in ("m", "minute", "minutes"):
        scale = 60_000
    return int(float(value) * scale)


def text_status(text: str, shape: str, tree: Any) -> tuple[ErrorCode | int, str] | None:
    """(code or HTTP status, message) when the text says the call failed, else None."""
    if shape == "shell" and isinstance(tree, dict):
        return _shell(tree, text)
    # A traceback or a refused edit with no exit code is content, shown as a success: the
    # agent reads it, and only an exit code says that the command itself failed.
    if shape not in _TEXT_SHAPES:
        return None
    return edge_status(text)


def edge_status(text: str) -> tuple[ErrorCode | int, str] | None:
    head = text.lstrip()[:300]
    http = _HTTP_LINE.match(head)
    if http and (int(http.group(1)) >= 400 or http.group(1) == "202"):
        return int(http.group(1)), http.group(0).strip()
    first = head.split("\n", 1)[0].strip()
    if _ERROR_PREFIX.match(first):
        # The whole first line, prefix included: its words ("Error during execution") are the
        # tool's, and the code is read from the rest.
        rest = first.split(":", 1)[1] if ":" in first[:32] else first
        code = code_for_message(rest)
        if code is ErrorCode.UNKNOWN and "\n" in head:  # "Error: Traceback ...": the last lines say why
            code = code_for_message("\n".join(text.strip().split("\n")[-_EDGE_LINES:])[-1000:])
        return code, first[:300]
    if "<exception>" in text:
        start = text.index("<exception>") + len("<exception>")
        end = text.find("</exception>", start)
        message = text[start:end if end >= 0 else None].strip() or "exception"
        return code_for_message(message), message[:300]
    timeout = _timeout_line(text)
    if timeout is not None:
        return ErrorCode.TIMEOUT, timeout
    return None


def _timeout_line(text: str) -> str | None:
    """The line saying a command timed out, kept whole: it names the command."""
    lines = [line.strip() for line in text.strip().split("\n")]
    for line in lines[:_EDGE_LINES] + lines[-_EDGE_LINES:]:
        if len(line) <= 300 and _TIMEOUT.search(line):
            return line
    return None


def _shell(tree: dict[str, Any], text: str) -> tuple[ErrorCode | int, str] | None:
    code = tree.get("exit_code")
    timeout = _timeout_line(text)
    if timeout is not None and code != 0:
        return ErrorCode.TIMEOUT, timeout
    if not isinstance(code, int) or code == 0:
        return None
    said = ""
    for key in ("stderr", "output", "stdout", "text", "transcript"):
        value = tree.get(key)
        if isinstance(value, dict) and value.get("shape") == "traceback":
            found = _traceback(value.get("tree") or {})
            said = found[1] if found else ""
        elif isinstance(value, str) and value.strip():
            said = _last_meaningful(value)
        if said:
            break
    if not said:  # a nested shape that names no failure (a trace followed by a test summary)
        said = _last_meaningful(text)
    return ErrorCode.COMMAND_FAILED, f"exit code {code}" + (f": {said}" if said else "")


def _last_meaningful(text: str) -> str:
    lines = [line.strip() for line in text.strip().split("\n") if line.strip() and "exit code" not in line.lower()
             and "PROCESS-DONE" not in line and not _TAG_LINE.match(line.strip())]
    return lines[-1][:200] if lines else ""


def _traceback(tree: dict[str, Any]) -> tuple[ErrorCode | int, str] | None:
    """The exception of a trace that ends a failed command's output (its message); a trace
    followed by more output was logged and handled."""
    after = tree.get("after")
    if isinstance(after, str) and after.strip():
        return None
    blocks = tree.get("blocks")
    error = blocks[-1].get("error", "") if isinstance(blocks, list) and blocks else tree.get("error", "")
    message = str(error).strip().split("\n")[0][:300] or "traceback"
    return ErrorCode.COMMAND_FAILED, message
