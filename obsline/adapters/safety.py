"""What must never reach the model unfenced or at all: secrets, stack traces, internal
addresses, and outside text that reads like instructions (seeds 000 and 002)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from obsline.adapters import secrets as _secrets
from obsline.adapters.injection import injection_reasons as injection_reasons  # callers import them here
from obsline.adapters.injection import may_hold_injection as may_hold_injection
from obsline.adapters.internal import scrub_internal

if TYPE_CHECKING:
    from obsline.adapters.prescan_result import Prescan

REDACTED = "[REDACTED]"  # kept for callers; secrets are now placeholders (adapters/secrets.py)

_ANY_TRACE = re.compile(r"Traceback \(most recent|\n\s+at [\w.$<>]+\(")
TRACE_TRIGGERS = ("traceback", "\n    at ", "\n\tat ")


def may_hold_secrets(raw_text: str, lowered: str | None = None, prescan: Prescan | None = None) -> bool:
    """One scan of the raw: when False, no value of it needs scrubbing (no secret, internal
    address or stack trace; secrets are found by adapters/secrets.py). ``prescan``: the raw's
    trigger words, found in one pass with the other checks' (adapters/prescan.py)."""
    lowered = raw_text.lower() if lowered is None else lowered
    if _secrets.may_hold_secrets(raw_text, lowered, prescan):
        return True
    seen = lowered.__contains__ if prescan is None else prescan.words.__contains__
    for trigger in TRACE_TRIGGERS:  # a plain loop: a generator costs more than the three tests
        if seen(trigger):
            return _ANY_TRACE.search(raw_text) is not None
    return False


def is_secret_key(key: str) -> bool:
    return _secrets.is_secret_key(key)


def scrub_traces(text: str, *, own_output: bool = False) -> tuple[str, int]:
    """Remove internal details of a tool's service (adapters/internal.py: stack traces, service
    paths, request ids); the agent's own program output keeps them. Returns text and count."""
    return scrub_internal(text, own_output=own_output)


def scrub(text: str, *, own_output: bool = False) -> tuple[str, int]:
    """Replace internal details, secrets and internal addresses (secrets by content-derived
    placeholders, adapters/secrets.py); return the text and the count."""
    text, traces = scrub_traces(text, own_output=own_output)
    text, hidden = _secrets.hide_text(text)
    return text, traces + hidden
