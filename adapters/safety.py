"""What must never reach the model unfenced or at all: secrets, stack traces, internal
addresses, and outside text that reads like instructions (seeds 000 and 002)."""

from __future__ import annotations

import re

from obsline.adapters import secrets as _secrets

REDACTED = "[REDACTED]"  # kept for callers; secrets are now placeholders (adapters/secrets.py)

_STACK_TRACE = re.compile(
    r"Traceback \(most recent call last\):[\s\S]*?(?=\n\S[^\n]*Error\b[^\n]*|\Z)"
    r"|(?:\n\s+at [\w.$<>]+\([^)\n]*\))+"
)
_ANY_TRACE = re.compile(r"Traceback \(most recent|\n\s+at [\w.$<>]+\(")

_INJECTION = re.compile(
    r"(?i)ignore (?:all |any )?(?:the )?(?:previous|prior|above|earlier) (?:instructions|prompts?|rules)"
    r"|disregard (?:all |the )?(?:previous|prior|above|system)"
    r"|forget (?:everything|all (?:previous|prior))"
    r"|you are now (?:a|an|in) "
    r"|new (?:system )?instructions?:"
    r"|(?:reveal|print|send|output|leak) (?:the |your )?(?:system prompt|api key|secrets?|password|credentials)"
    r"|</?(?:system|assistant|instructions?)>"
    r"|\bsystem prompt\b"
    r"|(?:call|invoke|use) the \w+ tool (?:to|and) (?:transfer|delete|send|refund|cancel)"
)


# Literal triggers: a plain substring test is ~100x cheaper than the full patterns, and every
# pattern above contains at least one of these, so a raw without any skips the regexes.
_TRACE_TRIGGERS = ("traceback", "\n    at ", "\n\tat ")
_INJECTION_TRIGGERS = (
    "ignore", "disregard", "forget", "you are now", "instruction", "system", "assistant", "reveal",
    "leak", "tool to", "tool and",
)


def _has_any(lowered: str, triggers: tuple[str, ...]) -> bool:
    for trigger in triggers:  # a plain loop: str.__contains__ is fast C, a regex alternation is not
        if trigger in lowered:
            return True
    return False


def may_hold_secrets(raw_text: str, lowered: str | None = None) -> bool:
    """One scan of the raw: when False, no value of it needs scrubbing (no secret, internal
    address or stack trace; secrets are found by adapters/secrets.py)."""
    lowered = raw_text.lower() if lowered is None else lowered
    if _secrets.may_hold_secrets(raw_text, lowered):
        return True
    return _has_any(lowered, _TRACE_TRIGGERS) and _ANY_TRACE.search(raw_text) is not None


def is_secret_key(key: str) -> bool:
    return _secrets.is_secret_key(key)


def scrub_traces(text: str) -> tuple[str, int]:
    """Replace stack traces; return the text and the count."""
    return _STACK_TRACE.subn("[stack trace removed]", text)


def scrub(text: str) -> tuple[str, int]:
    """Replace stack traces, secrets and internal addresses (secrets by content-derived
    placeholders, adapters/secrets.py); return the text and the count."""
    text, traces = scrub_traces(text)
    text, hidden = _secrets.hide_text(text)
    return text, traces + hidden


def injection_reasons(text: str) -> list[str]:
    """The instruction-like phrases found in outside text (empty when it reads as data)."""
    return sorted({m.group(0).lower() for m in _INJECTION.finditer(text)})


def may_hold_injection(raw_text: str, lowered: str | None = None) -> bool:
    if not _has_any(raw_text.lower() if lowered is None else lowered, _INJECTION_TRIGGERS):
        return False
    return _INJECTION.search(raw_text) is not None
