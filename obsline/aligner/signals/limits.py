"""The limits the loop signals check (seed 002, step 4): steps, tokens read, per-tool timeouts,
consecutive errors of one class, retries; and how old a read may be before it is stale."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class ToolLimits:
    """One tool's own limits; None keeps the task-wide default."""

    max_timeouts: int | None = None  # consecutive timeouts of this tool before its breaker trips
    stale_after_s: float | None = None  # a read older than this is stale (prices: seconds; a profile: hours)


@dataclass(frozen=True, slots=True)
class SignalLimits:
    max_steps: int = 60
    max_tokens: int = 400_000  # observation tokens the task has been shown (what the model reads)
    max_consecutive_errors: int = 3  # of one error class, whatever their messages say
    max_timeouts: int = 3  # of one tool in a row
    max_retries: int = 4  # transient errors of one call before retrying stops being advised
    backoff_base_ms: int = 500
    backoff_cap_ms: int = 30_000
    stale_after_s: float = 60.0
    pending_ttl_s: float = 900.0  # a pending not resolved by then is reported
    tools: Mapping[str, ToolLimits] = field(default_factory=dict)

    def timeouts_for(self, tool: str) -> int:
        own = self.tools.get(tool)
        return own.max_timeouts if own is not None and own.max_timeouts is not None else self.max_timeouts

    def stale_for(self, tool: str) -> float:
        own = self.tools.get(tool)
        return own.stale_after_s if own is not None and own.stale_after_s is not None else self.stale_after_s
