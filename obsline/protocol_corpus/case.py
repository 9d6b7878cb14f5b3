"""A protocol corpus case: a raw result and what the protocol must read from it."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

HELD_OUT_SHARE = 30  # percent of the first corpus's cases, by a hash of their id
PARTS = ("dev", "held-out", "fresh held-out", "unseen held-out", "unseen-2 held-out", "unseen-3 held-out",
         "unseen-4 held-out", "unseen-5 held-out", "unseen-6 tune", "unseen-6 held-out",
         "unseen-7 tune", "unseen-7 held-out", "unseen-8 tune", "unseen-8 held-out", "unseen-9 tune",
         "unseen-9 held-out")


@dataclass(frozen=True)
class Case:
    id: str
    raw: Any  # a JSON value, or the text as received
    status: str  # success | partial | pending | error | cancelled | uncertain
    code: str | None = None  # stable ErrorCode for errors
    tool_code: str | None = None  # the tool's own code, verbatim
    retryable: bool | None = None
    retry_after_ms: int | None = None
    handle: str | None = None
    poll_url: str | None = None
    visible: tuple[str, ...] = ()  # values that must be in the observation text
    http_status: int | None = None
    style: str = ""
    lang: str = "en"
    tags: tuple[str, ...] = field(default=())
    fresh: bool = False  # written after the first held-out part had informed rule-writing
    unseen: bool = False  # written after the fresh part had informed rules; run once (it has informed rules since)
    unseen2: bool = False  # written after the general rules of session 19; run once (it has informed rules since)
    unseen3: bool = False  # written after session 20's rules by kind; run once (it has informed rules since)
    unseen4: bool = False  # written after session 21's rules by slot and shape; run once (it has informed rules since)
    unseen5: bool = False  # written after session 22's rules by kind; run once (it informs rules from session 24)
    unseen6: str | None = None  # "tune" or "held-out": the half of unseen-6 (session 24) by the rule in unseen6.py
    unseen7: str | None = None  # "tune" or "held-out": the half of unseen-7 (session 25) by the rule in unseen7.py
    unseen8: str | None = None  # "tune" or "held-out": the half of unseen-8 (session 26) by the rule in unseen8.py
    unseen9: str | None = None  # "tune" or "held-out": the half of unseen-9 (session 27) by the rule in unseen9.py

    @property
    def part(self) -> str:
        if self.unseen9:
            return f"unseen-9 {self.unseen9}"
        if self.unseen8:
            return f"unseen-8 {self.unseen8}"
        if self.unseen7:
            return f"unseen-7 {self.unseen7}"
        if self.unseen6:
            return f"unseen-6 {self.unseen6}"
        if self.unseen5:
            return "unseen-5 held-out"
        if self.unseen4:
            return "unseen-4 held-out"
        if self.unseen3:
            return "unseen-3 held-out"
        if self.unseen2:
            return "unseen-2 held-out"
        if self.unseen:
            return "unseen held-out"
        if self.fresh:
            return "fresh held-out"
        digest = int(hashlib.sha256(self.id.encode()).hexdigest()[:8], 16)
        return "held-out" if digest % 100 < HELD_OUT_SHARE else "dev"

    def envelope(self) -> dict[str, Any]:
        env: dict[str, Any] = {"task_id": f"protocol/{self.id}", "step_id": 0, "action_id": "call-0",
                               "tool": "call_api", "raw": self.raw if isinstance(self.raw, str) else json.dumps(
                                   self.raw, ensure_ascii=False)}
        if self.http_status is not None:
            env["http_status"] = self.http_status
        return env


RETRYABLE = {"TIMEOUT", "RATE_LIMITED", "UPSTREAM_FAILURE"}


def err(id: str, raw: Any, code: str, tool_code: str | None = None, *, retry_after_ms: int | None = None,
        retryable: bool | None = None, style: str, lang: str = "en", http_status: int | None = None,
        visible: tuple[str, ...] = (), fresh: bool = False, unseen: bool = False, unseen2: bool = False,
        unseen3: bool = False, unseen4: bool = False, unseen5: bool = False, unseen6: str | None = None,
        unseen7: str | None = None, unseen8: str | None = None, unseen9: str | None = None) -> Case:
    """An error case; retryable follows the stable code unless given."""
    return Case(id, raw, "error", code, tool_code, code in RETRYABLE if retryable is None else retryable,
                retry_after_ms, visible=visible, http_status=http_status, style=style, lang=lang, fresh=fresh,
                unseen=unseen, unseen2=unseen2, unseen3=unseen3, unseen4=unseen4,
                unseen5=unseen5, unseen6=unseen6, unseen7=unseen7, unseen8=unseen8,
                unseen9=unseen9)
