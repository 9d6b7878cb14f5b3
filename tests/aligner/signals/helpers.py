"""Made-up envelopes and a replay helper for the signals tests."""

from __future__ import annotations

from typing import Any

import orjson

from obsline.core.models import Observation
from obsline.pipeline import Runner, Stages


def rec(step: int, tool: str, raw: Any, args: dict[str, Any] | None = None, *, task: str = "t",
        action: str | None = None, ts: float = 1000.0, **extra: Any) -> bytes:
    return orjson.dumps({"task_id": task, "step_id": step, "action_id": action or f"a{step}", "tool": tool,
                         "args": args, "raw": raw if isinstance(raw, str) else orjson.dumps(raw).decode(),
                         "ts": ts, **extra})


def replay(lines: list[bytes], stages: Stages | None = None) -> list[Observation]:
    return [p.observation for p in Runner(stages or Stages.default()).run(lines)]
