"""Internal details of a tool's own service, scrubbed from what the model sees (seeds 000 and
002: stack traces, paths and implementation details go to controlled logs, never to the model).

- stack traces of the service (Python, Java/.NET, JavaScript, Go, Ruby, PHP), even a bare tail of
  frames without its ``Traceback`` header: each run of frames becomes one line saying how many
  frames were removed; the exception line after it stays (it says what went wrong);
- file paths of the service (``/srv/...``, ``/var/task/...``, ``site-packages`` and other
  interpreter library paths) and code locations ``path:line``;
- request and trace ids (``request_id: 8f3a...``, ``X-Request-Id``, ``traceparent``, ...).

The agent's own program output (a shell, exec, python or test tool; see ``adapters/trust.py``)
is content, not internals: its traceback is what the agent is debugging, so nothing is removed.
Internal addresses (private IPs, ``*.internal``) are adapters/safety.py's and adapters/secrets.py's.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import ahocorasick_rs

from obsline.adapters.injection import valid_text

if TYPE_CHECKING:
    from obsline.adapters.prescan_result import Prescan

TRACE_REMOVED = "[stack trace removed: {n} {frames} of the tool's service]"
SERVICE_PATH = "[service path]"
REQUEST_ID = "[request id]"

_PY_HEADER = re.compile(r"(.*?)Traceback \(most recent call last\):\s*")  # group 1: text before it (``log: ``)
_FRAME_LINES = re.compile(
    r"\s*File \"[^\"\n]+\", line \d+(?:, in \S.*)?"  # Python
    r"|\s+at [\w$.<>/\[\]`,-]+\(.*\)(?: in .+:line \d+)?\s*"  # Java, .NET
    r"|\s+at (?:.+ \()?(?:/|file:|node:|[A-Za-z]:\\|<anonymous>)[^\n]*:\d+(?::\d+)?\)?\s*"  # JavaScript
    r"|\s+\.\.\. \d+ (?:more|common frames omitted)\s*"
    r"|goroutine \d+ \[[^\]\n]+\]:\s*|\s+/\S+\.go:\d+(?: \+0x[0-9a-f]+)?\s*"  # Go
    r"|\s*(?:from )?/\S+\.rb:\d+:in [`'].*"  # Ruby
    r"|#\d+ (?:/\S+\(\d+\)|\{main\}|\[internal function\]).*"  # PHP
)
_GO_FUNC = re.compile(r"[\w./*()-]+\(.*\)\s*")
# A frame on one line of running text (a message that quotes the place of the failure).
_INLINE_FRAME = re.compile(r"File \"[^\"\n]+\", line \d+(?:, in [\w<>.]+)?")
_SERVICE_PATH = re.compile(
    r"(?<![\w/.-])(?:/srv|/var/task|/var/www|/home/site/wwwroot|/opt/app|/usr/(?:local/)?lib/python[\d.]*|/usr/lib/node_modules)"
    r"/[^\s\"'():,;\]]+"
    r"|(?<![\w.-])(?:/[^\s\"'():,;]+)?/(?:site-packages|dist-packages)/[^\s\"'():,;\]]+"
    r"|(?<![\w/.-])/app/[^\s\"'():,;\]]+\.(?:py|js|ts|rb|go|java|php|cs)(?::\d+)+"  # /app/ only as a code location
)
_REQUEST_ID_NAME = (r"x-request-id|request[-_ ]?id|req[-_]id|x-amzn-requestid|x-amz-request-id|x-amz-id-2"
                    r"|x-correlation-id|correlation[-_ ]?id|x-trace-id|trace[-_ ]?id|x-b3-traceid|x-b3-spanid"
                    r"|span[-_ ]?id|traceparent|cf-ray|x-cloud-trace-context|x-datadog-trace-id")
_REQUEST_ID_RX = rf"\b({_REQUEST_ID_NAME})(\"?'?\s*[:=]\s*\"?'?)([A-Za-z0-9][A-Za-z0-9._:/+=-]{{5,}})"
_REQUEST_ID = re.compile(_REQUEST_ID_RX, re.IGNORECASE)
_REQUEST_ID_KEY = re.compile(rf"(?i)^(?:{_REQUEST_ID_NAME})$")

TRIGGERS = (  # literals of every rule below: a text with none of them is skipped
    'file "', "traceback", "\tat ", "  at ", "goroutine ", ".go:", ".rb:", "#0 ", "request_id", "request-id",
    "requestid", "request id", "req_id", "req-id",
    "trace_id", "trace-id", "traceid", "traceparent", "correlation", "cf-ray", "span_id", "span-id", "spanid",
    "cloud-trace", "x-amz-id", "/srv/", "/app/", "site-packages", "dist-packages", "/var/task", "/var/www",
    "/usr/lib/", "/usr/local/lib/", "wwwroot", "/opt/app",
)


_AUTOMATON = ahocorasick_rs.AhoCorasick(TRIGGERS, implementation=ahocorasick_rs.Implementation.DFA)


_CONFIRM = re.compile(r"File \"[^\"\n]+\", line \d+|\n\s+at \S+|goroutine \d+ \[|\.go:\d+|\.rb:\d+:in |#\d+ /"
                      f"|{_SERVICE_PATH.pattern}|(?i:{_REQUEST_ID_RX})")


def may_hold_internal(lowered: str, raw: str | None = None, found: Prescan | None = None) -> bool:
    """One pass of literals over the lowered raw (or ``found``, adapters/prescan.py's pass for
    every check); with ``raw``, the match is confirmed, so a raw that only says "return
    requested" stays on the adapter's fast path."""
    if not (found.internal if found is not None else _AUTOMATON.find_matches_as_indexes(valid_text(lowered))):
        return False
    return raw is None or _CONFIRM.search(raw) is not None


def is_request_id_key(key: str) -> bool:
    return _REQUEST_ID_KEY.match(key) is not None


def _drop_frames(lines: list[str]) -> tuple[list[str], int]:
    """Each run of frame lines (with a Python header and the code lines under Python frames)
    becomes one line; returns the lines and how many runs were removed."""
    out: list[str] = []
    runs = 0
    i, n = 0, len(lines)
    while i < n:
        start, frames, lead = i, 0, ""
        while i < n:
            line = lines[i]
            header = _PY_HEADER.fullmatch(line) if not frames else None
            if header:
                lead = header.group(1)
                i += 1
            elif _FRAME_LINES.fullmatch(line):
                frames += 1
                i += 1
                if line.lstrip().startswith('File "') and i < n and lines[i].startswith(" ") \
                        and not _FRAME_LINES.fullmatch(lines[i]) and lines[i].strip():
                    i += 1  # the source line Python prints under a frame
            elif _GO_FUNC.fullmatch(line) and i + 1 < n and ".go:" in lines[i + 1]:
                i += 1
            else:
                break
        if frames:
            runs += 1
            out.append(lead + TRACE_REMOVED.format(n=frames, frames="frame" if frames == 1 else "frames"))
        elif i > start:
            out.extend(lines[start:i])  # a header or function line without frames is just text
        if i < n:
            out.append(lines[i])
            i += 1
    return out, runs


def scrub_internal(text: str, *, own_output: bool = False) -> tuple[str, int]:
    """The text without the service's traces, paths and request ids, and how many were replaced."""
    if own_output or not may_hold_internal(text.lower()):
        return text, 0
    count = 0
    if "\n" in text:
        lines, count = _drop_frames(text.split("\n"))
        if count:
            text = "\n".join(lines)
    text, n = _INLINE_FRAME.subn("[frame removed]", text)
    count += n
    text, n = _SERVICE_PATH.subn(SERVICE_PATH, text)
    count += n
    text, n = _REQUEST_ID.subn(lambda m: f"{m.group(1)}{m.group(2)}{REQUEST_ID}", text)
    return text, count + n
