"""What must never reach the model unfenced or at all: secrets, stack traces, internal
addresses, and outside text that reads like instructions (seeds 000 and 002)."""

from __future__ import annotations

import re

from obsline.adapters.injection import injection_reasons, may_hold_injection  # noqa: F401  (callers import them here)
from obsline.adapters.internal import scrub_internal

REDACTED = "[REDACTED]"

# A cheap scan of the whole raw decides whether the per-value scan runs at all.
_SECRET_VALUE = re.compile(
    r"(?:sk|pk|rk)[-_](?:live|test|proj)?[-_]?[A-Za-z0-9]{16,}"
    r"|AKIA[0-9A-Z]{16}"
    r"|gh[pousr]_[A-Za-z0-9]{20,}"
    r"|xox[abpr]-[A-Za-z0-9-]{10,}"
    r"|eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"
    r"|-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)"
    r"|(?i:bearer)\s+[A-Za-z0-9._~+/=-]{12,}"
    r"|(?i:(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token|token)\s*[=:]\s*)[^\s,;\"'&]{4,}"
)
_SECRET_KEY = re.compile(
    r"(?i)^(?:password|passwd|pwd|secret|client_secret|api[_-]?key|apikey|access[_-]?token|"
    r"refresh[_-]?token|auth[_-]?token|token|authorization|private[_-]?key|session[_-]?id|cookie)$"
)
_INTERNAL_ADDRESS = re.compile(
    r"\b(?:10\.\d{1,3}|192\.168|172\.(?:1[6-9]|2\d|3[01])|127\.\d{1,3})\.\d{1,3}\.\d{1,3}(?::\d+)?\b"
    r"|\b[a-z0-9-]+\.(?:internal|local|svc\.cluster\.local|corp)\b"
)
_SECRET_KEY_IN_JSON = (
    r"\"(?i:password|passwd|pwd|secret|client_secret|api[_-]?key|apikey|access[_-]?token|"
    r"refresh[_-]?token|auth[_-]?token|token|authorization|private[_-]?key|session[_-]?id|cookie)\"\s*:"
)
_ANY_SENSITIVE = re.compile(
    f"{_SECRET_VALUE.pattern}|{_SECRET_KEY_IN_JSON}|{_INTERNAL_ADDRESS.pattern}|Traceback \\(most recent|\\n\\s+at [\\w.$<>]+\\("
)

# Literal triggers: a plain substring test is ~100x cheaper than the full patterns, and every
# pattern above contains at least one of these, so a raw without any skips the regexes.
_SECRET_TRIGGERS = (
    "sk-", "sk_", "pk_", "pk-", "rk_", "rk-", "akia", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "xox",
    "eyj", "private key", "bearer", "passw", "pwd", "secret", "api_key", "api-key", "apikey", "token",
    "authorization", "session", "cookie", "traceback", "\n    at ", "\n\tat ", "10.", "192.168", "172.",
    "127.", ".internal", ".local", ".corp",
)
def _has_any(lowered: str, triggers: tuple[str, ...]) -> bool:
    for trigger in triggers:  # a plain loop: str.__contains__ is fast C, a regex alternation is not
        if trigger in lowered:
            return True
    return False


def may_hold_secrets(raw_text: str, lowered: str | None = None) -> bool:
    """One scan of the raw: when False, no value of it needs redaction."""
    if not _has_any(raw_text.lower() if lowered is None else lowered, _SECRET_TRIGGERS):
        return False
    return _ANY_SENSITIVE.search(raw_text) is not None


def is_secret_key(key: str) -> bool:
    return _SECRET_KEY.match(key) is not None


def scrub(text: str, *, own_output: bool = False) -> tuple[str, int]:
    """Replace secrets, internal details (adapters/internal.py: service traces, paths, request
    ids) and internal addresses; return the text and the count. ``own_output``: the text is the
    agent's own program output, whose traceback frames are content and stay."""
    text, count = scrub_internal(text, own_output=own_output)

    def _sub(pattern: re.Pattern[str], replacement: str, value: str) -> str:
        nonlocal count
        value, n = pattern.subn(replacement, value)
        count += n
        return value

    text = _sub(_SECRET_VALUE, REDACTED, text)
    text = _sub(_INTERNAL_ADDRESS, "[internal address]", text)
    return text, count
