"""One audit record per observation (seed 002: who asked what, what was decided, what came
back): when, tool, the hash of the normalised arguments, the raw's hash, and every decision
(fold, cut, redaction, fence, breaker, retry, pending, version). Only hashes, paths, kinds and
numbers: never an argument value, a result value or a secret (a redaction names its path and
kind, not what it hid). Pure; where records go (a list, a file, a Kafka topic) is the caller's.
"""

from __future__ import annotations

from typing import Any

from obsline.core.models import Observation

AUDIT_VERSION = 1
_SIGNAL_KEYS = ("pending", "completes", "expired", "stale")


def audit_record(obs: Observation) -> dict[str, Any]:
    c, m, d = obs.control, obs.metadata, obs.dedup
    decisions: dict[str, Any] = {"fold": {"kind": d.kind.value, "number": d.number, "baseline_step": d.baseline_step,
                                          "refs": d.refs}}
    if m.get("cut") or m.get("truncated"):
        decisions["cut"] = list(m.get("cut") or []) or True  # paths, ranges and sizes: no values
    if c.redactions:
        decisions["redaction"] = [{"path": r.get("path"), "kind": r.get("kind")} for r in c.redactions]
    if c.untrusted_paths:
        decisions["fence"] = list(c.untrusted_paths)
    if c.suspicious:
        decisions["suspicious"] = list(c.suspicious_reasons)
    for name in ("breaker", "repeat_of", "retry"):
        value = getattr(c, name)
        if value is not None:
            decisions[name] = value
    version = m.get("version")
    if version:  # the version's field and whether it went back; its value may be data: left out
        decisions["version"] = {"field": version.get("field"), "back": "back" in version,
                                "stale_write": "stale_write" in version}
    for key in _SIGNAL_KEYS:
        if key in m:
            decisions[key] = _without_values(m[key])  # type: ignore[literal-required]  # keys of Metadata
    return {
        "v": AUDIT_VERSION, "retrieved_at": m.get("retrieved_at"), "task_id": obs.task_id, "step_id": obs.step_id,
        "action_id": obs.action_id, "tool": obs.tool, "args_sha": m.get("call"),
        "raw_sha256": obs.evidence.get("raw_sha256"), "artifact": obs.evidence.get("artifact"),
        "status": obs.status.value, "error": obs.error.code.value if obs.error else None,
        "tokens": dict(obs.tokens), "decisions": decisions,
    }


def _without_values(value: Any) -> Any:
    """Pending handles are ids the tool gave (kept); anything else nested is dropped."""
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if isinstance(v, int | float | str | type(None)) and not isinstance(v, bool)}
    return value
