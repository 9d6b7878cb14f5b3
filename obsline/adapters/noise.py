"""Controlled noise injection (seed 001), off by default, for robustness evaluation.

Seeded and deterministic per (seed, task, action). Four kinds: drop a low-confidence fragment,
cut long text by 30-50%, nudge numbers by up to 3% and dates by a day, and turn an enum into
UNKNOWN. ``critical`` fields, and those the record's ``user_intent`` names, are never touched.
Every injection is logged in ``control.noise`` with type, original, injected value and reason.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import random
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from obsline.core.models import Adapted, Fragment
from obsline.core.spec import ToolSpec

LOW_CONFIDENCE = 0.7
LONG_TEXT = 50


@dataclass(frozen=True, slots=True)
class NoiseConfig:
    intensity: float = 0.3
    seed: int = 0


def _rng(config: NoiseConfig, adapted: Adapted) -> random.Random:
    key = f"{config.seed}|{adapted.ids.task_id}|{adapted.ids.action_id}".encode()
    return random.Random(int.from_bytes(hashlib.sha256(key).digest()[:8], "big"))


def _protected(spec: ToolSpec | None, intent: str | None) -> frozenset[str]:
    critical = set(spec.critical) if spec else set()
    if intent:
        words = {w.strip(".,").lower() for w in intent.replace("_", " ").split()}
        critical |= {name for name in (spec.fields if spec else {}) if set(name.lower().split("_")) & words}
    return frozenset(critical)


def nudged(value: int | float | Decimal, factor: float) -> int | float | Decimal:
    """``value * factor`` written with the value's own decimals: 194.03 stays a number of
    cents (never ``194.030000000000001136...``), 12 stays an integer."""
    if isinstance(value, int):
        return round(value * factor)
    if isinstance(value, Decimal):
        exponent = value.as_tuple().exponent
        step = Decimal(1).scaleb(exponent) if isinstance(exponent, int) and exponent < 0 else Decimal(1)
        return (value * Decimal(repr(factor))).quantize(step)
    text = repr(value)
    decimals = len(text.split(".", 1)[1]) if "." in text and "e" not in text else 2
    return round(value * factor, decimals)


def _perturb(f: Fragment, rng: random.Random) -> tuple[Any, str] | None:
    value = f.value
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float | Decimal):
        return nudged(value, 1 + rng.uniform(-0.03, 0.03)), "perturb_value"
    if isinstance(value, dt.date):
        return value + dt.timedelta(days=rng.choice((-1, 1))), "perturb_value"
    if f.type == "enum":
        return "UNKNOWN", "unknown_enum"
    if isinstance(value, str) and len(value) > LONG_TEXT:
        keep = 1 - rng.uniform(0.3, 0.5)
        return value[: int(len(value) * keep)], "truncate_text"
    return None


def inject_noise(adapted: Adapted, spec: ToolSpec | None, config: NoiseConfig) -> Adapted:
    rng = _rng(config, adapted)
    protected = _protected(spec, adapted.user_intent)
    kept: list[Fragment] = []
    log: list[dict[str, Any]] = []
    for f in adapted.fragments:
        if f.name in protected or rng.random() >= config.intensity:
            kept.append(f)
            continue
        if f.confidence < LOW_CONFIDENCE:
            log.append({"type": "drop_fragment", "field": f.name, "original": str(f.value), "injected": None,
                        "reason": f"confidence {f.confidence} below {LOW_CONFIDENCE}"})
            continue
        change = _perturb(f, rng)
        if change is None:
            kept.append(f)
            continue
        new, kind = change
        log.append({"type": kind, "field": f.name, "original": str(f.value), "injected": str(new),
                    "reason": f"intensity {config.intensity}"})
        kept.append(dataclasses.replace(f, value=new, confidence=min(f.confidence, 0.6)))
    if not log:
        return adapted
    data = adapted.data
    if isinstance(data, dict):
        changed = {f.name: f.value for f in kept if f.name in data}
        dropped = {e["field"] for e in log if e["type"] == "drop_fragment"}
        data = {k: changed.get(k, v) for k, v in data.items() if k not in dropped}
    control = dataclasses.replace(adapted.control, noise=log)
    return dataclasses.replace(adapted, fragments=kept, data=data, control=control)
