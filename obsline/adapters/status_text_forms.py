"""Error forms with a syntax of their own, read from a text's edges: HTTP reason phrases,
gRPC statuses (Go and Python), AWS XML errors and SOAP faults, error pages (nginx), curl's
exit lines, and stack traces (Python, Java, JavaScript, .NET, PHP, Ruby, Go, Rust, Elixir).
"""

from __future__ import annotations

import re
from typing import Any

from obsline.adapters.error_codes import code_for_message, known_code, make_error, retry_after_in_text, stable_code
from obsline.core.errors import ErrorCode
from obsline.core.models import ErrorInfo, Status

_REASONS = {400: "bad request", 401: "unauthorized", 403: "forbidden", 404: "not found", 405: "method not allowed",
            408: "request timeout", 409: "conflict", 410: "gone", 413: "payload too large", 422: "unprocessable",
            429: "too many requests", 500: "internal server error", 502: "bad gateway", 503: "service unavailable",
            504: "gateway timeout", 202: "accepted"}


_CODE_PHRASE = re.compile(r"^\s*(\d{3})\b[ :-]+([A-Za-z][A-Za-z ]+)")


_GRPC_GO = re.compile(r"rpc error: code = (\w+) desc = (.*)")


_GRPC_PY = re.compile(r"\bStatusCode\.([A-Z_]+)\b")


_XML_CODE = re.compile(r"<Code>([^<]{1,80})</Code>")


_XML_MESSAGE = re.compile(r"<Message>([^<]{0,500})</Message>")


_EXCEPTION = re.compile(
    r"^(?:Exception in thread \"[^\"]*\" |Unhandled exception\. |PHP Fatal error:\s+Uncaught |Caused by: )?"
    r"((?:[A-Za-z_][\w$]*(?:\.|::))*[A-Z]\w*(?:Exception|Error|Timeout|Exit|Interrupt))\b(?: ?[:(]\s*(.*))?$")


# The other languages' uncaught-error lines: Ruby's "file:12:in `m': message (Class)", Go's and
# Rust's panics (name, message); each line form is a trace by itself.
_OTHER_TRACE_LINES = (
    re.compile(r"^\S+:\d+:in [`'][^`']*'\s*: (?P<said>.*) \((?P<name>[A-Z][\w:]*)\)$"),
    re.compile(r"^(?P<name>panic): (?P<said>.+)$"),
    re.compile(r"^thread '[^']*' (?P<name>panicked) at (?P<said>.+)$"),
    re.compile(r"^\*\* \((?P<name>[A-Z][\w.]*)\) (?P<said>.+)$"),  # Elixir / Erlang
)


_PAGE_TITLE = re.compile(r"<title>\s*(\d{3})\b([^<]{0,80})</title>", re.I)


_SOAP12_REASON = re.compile(r"<(?:\w+:)?Reason>\s*<(?:\w+:)?Text[^>]*>([^<]{1,500})</")
_SOAP12_VALUE = re.compile(r"<(?:\w+:)?Value>([^<]{1,80})</(?:\w+:)?Value>")
_SOAP_FAULT = re.compile(r"<(?:\w+:)?faultcode>([^<]{1,80})</(?:\w+:)?faultcode>\s*"
                         r"(?:<(?:\w+:)?faultstring[^>]*>([^<]{0,500})</)?")


_FRAME_LINE = re.compile(r"^(?:from )?\S+\.(?:rb|py|java|js|ts|go|php|cs|rs|kt|scala):\d+|^goroutine \d+ \[")


_CURL = re.compile(r"^curl: \((\d+)\)")


EDGE_LINES = 3


Found = tuple[Status, "ErrorInfo | dict[str, Any]"]


def error_found(code: ErrorCode, message: str, text: str, tool_code: str | None = None) -> Found:
    return Status.ERROR, make_error(code, message, retry_after_ms=retry_after_in_text(text), tool_code=tool_code)


def code_phrase(first: str) -> re.Match[str] | None:
    """``429 Too Many Requests``: a status code followed by its own reason phrase."""
    found = _CODE_PHRASE.match(first)
    if found and _REASONS.get(int(found.group(1)), "\0") in found.group(2).lower():
        return found
    return None


_CLASS = re.compile(r"\b((?:[a-z_]\w*\.)+[A-Z]\w*(?:Exception|Error)|[A-Z]\w*(?:Exception|Error))\b")


def class_in(line: str) -> str | None:
    """An exception class named in an error line (``java.net.ConnectException``)."""
    found = _CLASS.search(line)
    return found.group(1) if found and found.group(1) not in ("Error", "Exception") else None


# A code in parentheses or brackets after an error word: kubectl's "Error from server
# (NotFound)", the AWS CLI's "An error occurred (AccessDenied)", az's "ERROR: (ResourceGroupNotFound)".
_PAREN_CODE = re.compile(r"\b(?:error|exception|fault|failed|failure|err)\b[^()\[\]\n]{0,40}?[(\[]([A-Za-z][\w.:-]{2,63})[)\]]",
                         re.I)


def paren_code(line: str) -> str | None:
    """The code in parentheses after an error word; a lower-case word (a command's dotted name,
    "(using password: YES)") is not a code."""
    found = _PAREN_CODE.search(line) if "(" in line or "[" in line else None
    return found.group(1) if found and not found.group(1).islower() else None


def grpc_error(text: str) -> Found | None:
    head = text[:2000]
    go = _GRPC_GO.search(head)
    if go:
        return error_found(stable_code(go.group(1), go.group(2)), go.group(0).strip()[:300], text, go.group(1))
    py = _GRPC_PY.search(head)
    if py and ("RPC" in head or "grpc" in head.lower()):
        name = f"StatusCode.{py.group(1)}"
        details = re.search(r'details = "([^"]*)"', head)
        message = details.group(1) if details else name
        return error_found(stable_code(name, message), message[:300], text, name)
    return None


def page_status(text: str) -> Found | None:
    """An error page (nginx, Apache, a proxy): its title is a status code and its reason phrase."""
    head = text[:300]
    found = _PAGE_TITLE.search(head) if "<title>" in head.lower() else None
    if found is None or int(found.group(1)) < 400:
        return None
    said = found.group(2)  # "404 Not Found", Apache's "503 Service Temporarily Unavailable"
    if code_phrase(f"{found.group(1)} {said}") is None and code_for_message(said) is ErrorCode.UNKNOWN:
        return None
    return Status.ERROR, {"http_status": int(found.group(1))}


def xml_error(text: str) -> Found | None:
    """AWS Query / S3 ``<Error><Code>NoSuchKey</Code><Message>...</Message></Error>``, and SOAP
    faults (``<faultcode>``/``<faultstring>``)."""
    head = text[:4000]
    if "faultcode>" in head:
        fault = _SOAP_FAULT.search(head)
        if fault is not None:
            said = fault.group(2) or fault.group(1)
            tool = _detail_code(head, fault.group(1))
            return error_found(stable_code(tool, said), said, text, tool)
    if "faultCode<" in head and "faultString<" in head:  # XML-RPC: <member><name>faultCode</name><value>...
        rpc = _XMLRPC_FAULT.search(head)
        if rpc is not None:
            return error_found(stable_code(rpc.group(1), rpc.group(2)), rpc.group(2), text, rpc.group(1))
    if "Fault>" in head and "Reason>" in head:
        found = _soap12_fault(head, text)
        if found is not None:
            return found
    if "<Error" not in head:
        return None
    code = _XML_CODE.search(head) or _XML_NUMBER.search(head)  # (an error's number, USPS' <Number>)
    if code is None:
        return None
    message = _XML_MESSAGE.search(head) or _XML_DESCRIPTION.search(head)
    said = message.group(1) if message else code.group(1)
    return error_found(stable_code(code.group(1), said), said, text, code.group(1))


# SOAP 1.1's own four fault codes say whose side failed, not what: the provider's code, if any, is
# an element of the fault's <detail> named for a code.
_SOAP_GENERIC = frozenset({"client", "server", "versionmismatch", "mustunderstand"})
_DETAIL_CODE = re.compile(r"<detail\b.*?<(?:\w+:)?(\w*(?:[Cc]ode|Number|[Ii]d))>\s*([^<\s][^<]{0,80}?)\s*</", re.S)
_XMLRPC_FAULT = re.compile(r"faultCode</name>\s*<value>\s*(?:<(?:int|i4|string)>)?\s*([^<\s]+)\s*(?:</(?:int|i4|string)>)?"
                           r"\s*</value>.*?faultString</name>\s*<value>\s*(?:<string>)?([^<]*)", re.S)
_XML_DESCRIPTION = re.compile(r"<Description>([^<]{0,500})</Description>")
_XML_NUMBER = re.compile(r"<Error>\s*<Number>\s*(-?\d+)\s*</Number>")


def _detail_code(head: str, faultcode: str) -> str:
    if faultcode.rsplit(":", 1)[-1].lower() not in _SOAP_GENERIC:
        return faultcode
    found = _DETAIL_CODE.search(head)
    return found.group(2) if found is not None else faultcode


def _soap12_fault(head: str, text: str) -> Found | None:
    """A SOAP 1.2 fault: Code/Value, Subcode/Value (the most specific, so the last), Reason/Text."""
    reason = _SOAP12_REASON.search(head)
    if reason is None:
        return None
    values = _SOAP12_VALUE.findall(head)
    tool = values[-1] if values else None
    return error_found(stable_code(tool, reason.group(1)), reason.group(1), text, tool)


def curl_error(first: str, text: str) -> Found | None:
    found = _CURL.match(first)
    if found is None:
        return None
    return error_found(code_for_message(first), first[:300], text, found.group(1))


# A code the tool labels as such: in brackets ("Authentication error [code: 10000]"), after an
# error-code label ("Error Code: AccessDenied;", "ErrorCode: BlobNotFound"), or as a line or field of
# its own ("  Code: Unavailable", "code: 'ECONNREFUSED'", "'code': 'rate_limit_exceeded'", "code=1000");
# an HTTP status's label ("Status Code: 403") is not the tool's code.
_CODE_LABELS = (re.compile(r"[\[(]code[:=]\s*([\w.-]{1,32})[\])]", re.I),
                re.compile(r"\berror[ _-]?code['\"]?\s*[:=]\s*['\"]?([A-Za-z0-9][\w.-]{0,47})", re.I),
                re.compile(r"(?:^|[\s;,({])(?<!status )(?<!http )['\"]?code['\"]?\s*[:=]\s*['\"]?([A-Za-z0-9][\w.-]{0,47})",
                           re.I | re.M))


# A symbolic name in parentheses that ends a line ("... exceeded: would use 9 GiB. (SOME_LIMIT_EXCEEDED)",
# maybe before a version note): the name a numbered error goes by.
_TRAILING_NAME = re.compile(r"\(([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\)[ \t]*(?:\((?:[^()\n]|\([^()\n]{0,40}\)){0,60}\)[ \t]*)?$",
                            re.M)


def labelled_code(text: str) -> str | None:
    """The first code labelled so; a symbolic one before a number (openai's ``Error code: 429 -
    {... 'code': 'rate_limit_exceeded'}``: the status's number, then the service's own name; a
    number's name in parentheses at a line's end). A sentence's full stop is no part of a code."""
    found = _labelled(text)
    named = next((c for c in found if not c.lstrip("-").isdigit()), None)
    if named is None and found:
        named = _trailing_name(text)
    return named or (found[0] if found else None)


def _labelled(text: str) -> list[str]:
    """Every labelled code, in the labels' order, without a trailing full stop or dash."""
    found = [m.group(1).rstrip(".-") for form in _CODE_LABELS for m in form.finditer(text)]
    return [c for c in found if c]


def _trailing_name(text: str) -> str | None:
    """The symbolic name in parentheses at a line's end (``_TRAILING_NAME``), if any."""
    name = _TRAILING_NAME.search(text) if ")" in text else None
    return name.group(1) if name else None


def _carried_code(said: str, text: str) -> str | None:
    """The service's own code an exception of the client's carries (boto3's ``ClientError: An error
    occurred (ThrottlingException)``, gRPC Java's ``StatusRuntimeException: DEADLINE_EXCEEDED: ...``,
    a labelled ``ErrorCode: BlobNotFound`` line): more specific than the wrapper's class."""
    lead = said.split(":", 1)[0].strip() if ":" in said[:40] else ""
    if lead and lead.isupper() and known_code(lead) is not None:
        return lead
    return paren_code(said) or (labelled_code(text[:2000]) if "ode" in text[:2000] else None)


def trace_error(text: str) -> Found | None:
    """A stack trace that is the tool's answer: the exception (class and message) names the
    failure; a first line that says it ("Internal Server Error") is the message."""
    lines = [line.strip() for line in text.strip().split("\n") if line.strip()]
    if not lines:
        return None
    candidates = lines[:2] + lines[-EDGE_LINES:] if lines[0].startswith("Traceback") or len(lines) > 1 else lines
    traced = lines[0].startswith("Traceback") or any(
        line.startswith(("at ", "File \"")) or _FRAME_LINE.match(line) for line in lines[1:6])
    other = _other_trace(lines[:2])
    if other is not None:
        return other
    for line in reversed(candidates) if lines[0].startswith("Traceback") else candidates:
        found = _EXCEPTION.match(line.removeprefix("PHP Fatal error:").strip()) or _EXCEPTION.match(line)
        if found and (traced or len(lines) == 1 and found.group(2)):
            name, said = found.group(1), found.group(2) or ""
            headline = lines[0] if not lines[0].startswith(("Traceback", name)) and len(lines[0]) <= 120 else ""
            message = line if not headline else f"{headline}: {line}"
            carried = _carried_code(said, text)
            code = stable_code(carried, f"{headline} {said}") if carried else ErrorCode.UNKNOWN
            if code is ErrorCode.UNKNOWN:
                code = stable_code(name, f"{headline} {said}")
            return error_found(code, message[:300], text, carried or name.rsplit(" ", 1)[-1])
    return None


def _other_trace(lines: list[str]) -> Found | None:
    for line in lines:
        for form in _OTHER_TRACE_LINES:
            found = form.match(line)
            if found:
                name, said = found.group("name"), found.group("said")
                return error_found(stable_code(name, said), line[:300], "\n".join(lines), name)
    return None
