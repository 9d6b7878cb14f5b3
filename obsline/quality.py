"""Measures of an observation stream against the raw results it came from.

Used by the golden tests and by ``bench/quality.py``; the same definitions as the project's
acceptance criteria (docs/benchmarks.md):

- fact visibility: non-null scalars of each raw JSON output (strings of 3+ characters and
  numbers) found in the observation's text, or in the text of an earlier observation of the
  same task that it points to (``dedup.refs``);
- decision facts: scalar argument values of later calls that first appeared in an earlier raw
  output of the task, found in the text of an earlier observation of the task;
- status agreement with the traces' ``error`` flag;
- leakage: values of another task in an observation whose own task's raws lack them.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from obsline.models import Observation, Status


def scalar_texts(value: Any, min_chars: int = 3) -> Iterator[str]:
    """The text of every non-null scalar: strings of ``min_chars``+ characters, and numbers."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int | float):
            yield orjson.dumps(item).decode()
        elif isinstance(item, str) and len(item) >= min_chars:
            yield item


def _json(raw: Any) -> Any:
    if not isinstance(raw, str):
        return raw
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None


@dataclass
class QualityReport:
    records: int = 0
    raw_tokens: int = 0
    text_tokens: int = 0
    facts: int = 0
    facts_visible: int = 0
    decision_facts: int = 0
    decision_visible: int = 0
    status_checked: int = 0
    status_agree: int = 0
    leaks: int = 0
    missing_facts: list[tuple[str, int, str]] = field(default_factory=list)
    missing_decisions: list[tuple[str, int, str]] = field(default_factory=list)
    leak_examples: list[tuple[str, str]] = field(default_factory=list)

    @property
    def token_ratio(self) -> float:
        return self.text_tokens / self.raw_tokens if self.raw_tokens else 0.0

    @property
    def fact_visibility(self) -> float:
        return self.facts_visible / self.facts if self.facts else 1.0

    @property
    def decision_visibility(self) -> float:
        return self.decision_visible / self.decision_facts if self.decision_facts else 1.0

    @property
    def status_agreement(self) -> float:
        return self.status_agree / self.status_checked if self.status_checked else 1.0


def measure(records: Sequence[dict[str, Any]], observations: Sequence[Observation]) -> QualityReport:
    """Compare observations with the records (envelopes as dicts) they were made from, in order."""
    if len(records) != len(observations):
        raise ValueError(f"{len(records)} records but {len(observations)} observations")
    report = QualityReport(records=len(records))
    by_task: dict[str, list[int]] = defaultdict(list)
    for i, rec in enumerate(records):
        by_task[rec["task_id"]].append(i)
    for rec, obs in zip(records, observations, strict=True):
        report.raw_tokens += obs.tokens["raw"]
        report.text_tokens += obs.tokens["text"]
        if rec.get("error") is not None:
            report.status_checked += 1
            report.status_agree += (obs.status is Status.ERROR) == bool(rec["error"])
    for positions in by_task.values():
        _facts(report, [records[i] for i in positions], [observations[i] for i in positions])
        _decisions(report, [records[i] for i in positions], [observations[i] for i in positions])
    _leaks(report, records, observations, by_task)
    return report


def _facts(report: QualityReport, recs: list[dict[str, Any]], obs: list[Observation]) -> None:
    texts_by_number: dict[int, str] = {}  # dedup.refs name observations by their number (#N)
    for rec, o in zip(recs, obs, strict=True):
        parsed = _json(rec["raw"])
        if isinstance(parsed, dict | list):
            visible = [o.text, *(texts_by_number[n] for n in o.dedup.refs if n in texts_by_number)]
            for value in scalar_texts(parsed):
                report.facts += 1
                if any(value in t for t in visible):
                    report.facts_visible += 1
                elif len(report.missing_facts) < 50:
                    report.missing_facts.append((o.task_id, o.step_id, value))
        if o.dedup.number is not None:
            texts_by_number[o.dedup.number] = o.text


def _arg_values(args: Any) -> Iterator[str]:
    yield from scalar_texts(args or {}, min_chars=1)


def _decisions(report: QualityReport, recs: list[dict[str, Any]], obs: list[Observation]) -> None:
    raws: list[str] = []
    texts: list[str] = []
    for rec, o in zip(recs, obs, strict=True):
        for value in set(_arg_values(rec.get("args"))):
            if any(value in r for r in raws):
                report.decision_facts += 1
                if any(value in t for t in texts):
                    report.decision_visible += 1
                elif len(report.missing_decisions) < 50:
                    report.missing_decisions.append((o.task_id, o.step_id, value))
        raw = rec["raw"]
        raws.append(raw if isinstance(raw, str) else orjson.dumps(raw).decode())
        texts.append(o.text)


# Value-like words (ids, dates, amounts, emails): 4+ characters with a digit or _#@ in them.
# Template words ("unchanged", "step") have none, so they never count as leaks.
_WORD = re.compile(r"(?=[A-Za-z0-9_#@.\-]*[0-9_#@])[A-Za-z0-9_#@.\-]{4,}")


def _leaks(report: QualityReport, records: Sequence[dict[str, Any]], observations: Sequence[Observation],
           by_task: dict[str, list[int]]) -> None:
    """Words of 6+ characters in a task's text that its own raws and args lack, but another task's have."""
    own: dict[str, str] = {}
    for task, positions in by_task.items():
        own[task] = "\n".join(
            (r["raw"] if isinstance(r["raw"], str) else orjson.dumps(r["raw"]).decode())
            + orjson.dumps(r.get("args") or {}).decode() + r["tool"]
            for r in (records[i] for i in positions))
    everything = "\n".join(own.values())
    for task, positions in by_task.items():
        mine = own[task]
        for i in positions:
            for word in set(_WORD.findall(observations[i].text)):
                if word not in mine and word in everything:
                    report.leaks += 1
                    if len(report.leak_examples) < 20:
                        report.leak_examples.append((task, word))


def load_records(lines: Iterable[bytes]) -> list[dict[str, Any]]:
    return [orjson.loads(line) for line in lines if line.strip()]
