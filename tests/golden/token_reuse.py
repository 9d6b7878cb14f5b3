"""BFCL calls that pass back a token an earlier result returned: can the agent still make them?

The agent sees a hidden token only as its handle. For every later call of the same task whose
arguments hold a value that was hidden, the agent would send the handle in its place; the call
can be completed if ``obsline.secrets.substitute`` turns those arguments back into the real ones.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from obsline import secrets
from obsline.pipeline import Runner, Stages
from obsline.stores.vault import SecretVault


@dataclass
class ReuseReport:
    hidden_values: int = 0  # distinct (task, value) pairs hidden from the model
    reusing_calls: int = 0  # later calls whose arguments hold one of them
    completed: int = 0  # of those, completed from the handle the agent saw
    examples: list[str] = field(default_factory=list)

    @property
    def completion(self) -> float:
        return self.completed / self.reusing_calls if self.reusing_calls else 1.0


def _swap(args: Any, by_value: dict[str, str]) -> Any:
    """The arguments as the agent would write them: every hidden value replaced by its handle."""
    if isinstance(args, str):
        return by_value.get(args, args)
    if isinstance(args, dict):
        return {k: _swap(v, by_value) for k, v in args.items()}
    if isinstance(args, list):
        return [_swap(v, by_value) for v in args]
    return args


def _holds(args: Any, values: set[str]) -> bool:
    if isinstance(args, str):
        return args in values
    if isinstance(args, dict):
        return any(_holds(v, values) for v in args.values())
    if isinstance(args, list):
        return any(_holds(v, values) for v in args)
    return False


def measure_token_reuse(lines: Iterable[bytes], vault_root: Path) -> ReuseReport:
    vault = SecretVault(vault_root)
    runner = Runner(Stages.default(), vault=vault)
    report = ReuseReport()
    shown: dict[str, dict[str, str]] = {}  # task -> value -> the handle its observations showed
    for line in lines:
        record = orjson.loads(line)
        task, args = record["task_id"], record.get("args") or {}
        seen = shown.get(task, {})
        if seen and _holds(args, set(seen)):
            report.reusing_calls += 1
            if secrets.substitute(task, _swap(args, seen), vault=vault) == args:
                report.completed += 1
                if len(report.examples) < 3:
                    report.examples.append(f"{task} step {record['step_id']} {record['tool']}")
        obs = runner.process(line).observation
        if obs.control.redactions:
            known = vault.handles(task)
            for r in obs.control.redactions:
                if r["handle"] in obs.text and r["handle"] in known:
                    shown.setdefault(task, {})[known[r["handle"]]] = r["handle"]
    report.hidden_values = sum(len(v) for v in shown.values())
    return report
