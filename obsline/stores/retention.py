"""How long the stores keep what they hold, and which key is too weak to sign with: shared by the
artifact store, the claim store and the vault, so none imports another for it.

    OBSLINE_RETENTION="artifacts=7d,vault=7d,claims=8d,tenant:acme=30d,task:ci-*=1h"

``artifacts``, ``vault`` and ``claims`` set each kind's default; ``tenant:GLOB`` and ``task:GLOB``
rules (fnmatch globs, the first that matches wins, tenant rules before task rules) set the TTL
of a task's raw results and vault entries. Claims are content-addressed and shared between
tasks, so they keep one TTL: by default a day longer than Kafka's default topic retention
(7 days), so every claim check still on a topic resolves. A duration is a number with an
optional unit (s, m, h, d; seconds without one).

The writer stamps each entry with its own expiry (``expires_at``), so every reader and sweeper
honours the TTL it was written under, whatever its own settings say.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fnmatch import fnmatchcase
from typing import Any

DEFAULT_TTL_SECONDS = 7 * 24 * 3600
CLAIMS_TTL_SECONDS = 8 * 24 * 3600
RETENTION_ENV = "OBSLINE_RETENTION"
WEAK_KEYS = frozenset({"changeme", "change-me", "secret", "password", "test", "key", "obsline", "default"})
MIN_KEY_BYTES = 16
KINDS = ("artifacts", "vault", "claims")
_UNITS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*$")


def weak_key(secret: bytes) -> bool:
    return len(secret) < MIN_KEY_BYTES or secret.strip().lower().decode("utf-8", "replace") in WEAK_KEYS


def duration(text: str) -> float:
    """``90``, ``90s``, ``15m``, ``12h``, ``7d`` -> seconds (> 0)."""
    match = _DURATION.match(text)
    if match is None or float(match.group(1)) <= 0:
        raise ValueError(f"{RETENTION_ENV}: {text!r} is not a duration (a number > 0 with s, m, h or d)")
    return float(match.group(1)) * _UNITS[match.group(2)]


@dataclass(frozen=True, slots=True)
class Count:
    """Objects and their bytes: what a sweep found held, or removed."""

    objects: int = 0
    bytes: int = 0

    def __add__(self, other: Count) -> Count:
        return Count(self.objects + other.objects, self.bytes + other.bytes)

    @classmethod
    def of(cls, listed: Iterable[Any]) -> Count:
        sizes = [item.size for item in listed]
        return cls(len(sizes), sum(sizes))


def expiry_of(name: str) -> float | None:
    """The expiry an object's name carries (``x<ms>-...``, seconds), or None (an older name)."""
    base = name.rsplit("/", 1)[-1]
    if not base.startswith("x"):
        return None
    return int(base[1:].split("-", 1)[0]) / 1000


def name_stamp(name: str) -> float:
    """The time in an object's name (``<ms>-...`` or ``x<ms>-...``), seconds."""
    return int(name.rsplit("/", 1)[-1].lstrip("x").split("-", 1)[0]) / 1000


def expiring_name(expires: float) -> str:
    return f"x{int(expires * 1000):013d}"


@dataclass(frozen=True, slots=True)
class Rule:
    field: str  # "tenant" or "task"
    glob: str
    seconds: float


@dataclass(frozen=True, slots=True)
class Retention:
    artifacts: float = DEFAULT_TTL_SECONDS
    vault: float = DEFAULT_TTL_SECONDS
    claims: float = CLAIMS_TTL_SECONDS
    rules: tuple[Rule, ...] = ()

    @classmethod
    def parse(cls, spec: str) -> Retention:
        kinds: dict[str, float] = {}
        rules: list[Rule] = []
        for item in filter(None, (part.strip() for part in spec.split(","))):
            name, sep, value = item.rpartition("=")
            field, colon, glob = name.partition(":")
            if not sep or not name:
                raise ValueError(f"{RETENTION_ENV}: {item!r} is not NAME=DURATION")
            if colon and field in ("tenant", "task") and glob:
                rules.append(Rule(field, glob, duration(value)))
            elif not colon and name in KINDS:
                kinds[name] = duration(value)
            else:
                raise ValueError(f"{RETENTION_ENV}: {name!r} is none of {', '.join(KINDS)}, tenant:GLOB, task:GLOB")
        rules.sort(key=lambda r: r.field != "tenant")  # stable: tenant rules first, each in its order
        return cls(**kinds, rules=tuple(rules))

    @classmethod
    def from_env(cls) -> Retention:
        return cls.parse(os.environ.get(RETENTION_ENV, ""))

    def with_default(self, kind: str, seconds: float | None) -> Retention:
        if seconds is None:
            return self
        return replace(self, artifacts=seconds) if kind == "artifacts" else (
            replace(self, vault=seconds) if kind == "vault" else replace(self, claims=seconds))

    def ttl(self, kind: str, task_id: str = "", tenant: str | None = None) -> float:
        """Seconds an entry of ``kind`` written for this task (and tenant) is kept."""
        if kind != "claims":
            for rule in self.rules:
                subject = tenant if rule.field == "tenant" else task_id
                if subject is not None and fnmatchcase(subject, rule.glob):
                    return rule.seconds
        return float(getattr(self, kind))

    def longest(self, kind: str) -> float:
        """The longest TTL an entry of ``kind`` can have (what a shared segment must outlive)."""
        return max([float(getattr(self, kind)), *(r.seconds for r in self.rules if kind != "claims")])


__all__ = ["CLAIMS_TTL_SECONDS", "DEFAULT_TTL_SECONDS", "KINDS", "Count", "expiring_name", "expiry_of", "name_stamp", "MIN_KEY_BYTES", "RETENTION_ENV", "Retention",
           "Rule", "duration", "weak_key"]
