"""Figures of the generated corpora by part, language and trick (bench quality, tests)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from tests.adapters.corpora.injections import ATTACK, BENIGN, Case


@dataclass
class Tally:
    attacks: int = 0
    caught: int = 0
    benign: int = 0
    alarms: int = 0
    missed: list[Case] = field(default_factory=list)
    alarmed: list[Case] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.caught / self.attacks if self.attacks else 1.0

    @property
    def false_alarm_rate(self) -> float:
        return self.alarms / self.benign if self.benign else 0.0


def flagged(case: Case) -> bool:
    from obsline.adapters.injection import injection_reasons
    return bool(injection_reasons(case.text, first_party=case.first_party))


def tally(cases: Iterable[Case], key: Callable[[Case], str],
          is_flagged: Callable[[Case], bool] = flagged) -> dict[str, Tally]:
    out: dict[str, Tally] = defaultdict(Tally)
    for case in cases:
        if case.label not in (ATTACK, BENIGN):
            continue
        hit = is_flagged(case)
        for k in ("all", key(case)):
            t = out[k]
            if case.label == ATTACK:
                t.attacks += 1
                t.caught += hit
                if not hit:
                    t.missed.append(case)
            else:
                t.benign += 1
                t.alarms += hit
                if hit:
                    t.alarmed.append(case)
    return dict(out)


@dataclass
class SecretTally:
    secrets: int = 0
    hidden: int = 0
    lookalikes: int = 0
    shown: int = 0
    leaked: list = field(default_factory=list)
    over_hidden: list = field(default_factory=list)


def _escaped(value: str) -> str:
    import json
    return json.dumps(value, ensure_ascii=False)[1:-1]


def secret_tally(cases: Iterable, key: Callable) -> dict[str, SecretTally]:
    """Each case through the real pipeline: is any secret value in what the model sees, is every
    look-alike value still there."""
    import json

    from obsline.pipeline import Runner, Stages
    from tests.adapters.secret_corpus import model_view

    runner = Runner(Stages.default())
    out: dict[str, SecretTally] = defaultdict(SecretTally)
    for i, case in enumerate(cases):
        line = json.dumps({"task_id": f"gen/{i}", "step_id": 0, "action_id": "c0", "tool": case.tool, "raw": case.raw})
        seen = model_view(runner.process(line).observation)
        seen = seen + "\n" + json.loads(json.dumps(seen))  # (a value is found also where JSON escaped it)
        for k in ("all", key(case)):
            t = out[k]
            if case.secret:
                t.secrets += 1
                leaked = any(v in seen or _escaped(v) in seen for v in case.values)
                t.hidden += not leaked
                if leaked:
                    t.leaked.append(case)
            else:
                t.lookalikes += 1
                shown = all(v in seen or _escaped(v) in seen for v in case.values)
                t.shown += shown
                if not shown:
                    t.over_hidden.append(case)
    return dict(out)


def words_lost(cases: Iterable[Case]) -> list[tuple[Case, list[str]]]:
    """Benign cases through the real pipeline: the words of the text the model no longer sees
    (a fence may wrap a text, it must not drop or hide any of its words)."""
    import json
    import re

    from obsline.pipeline import Runner, Stages
    from tests.adapters.secret_corpus import model_view

    runner = Runner(Stages.default())
    out = []
    for i, case in enumerate(c for c in cases if c.label == BENIGN):
        meta = {"first_party": True} if case.first_party else {}
        line = json.dumps({"task_id": f"benign/{i}", "step_id": 0, "action_id": "b0", "tool": "fetch_page",
                           "raw": case.text, "meta": meta} if meta else
                          {"task_id": f"benign/{i}", "step_id": 0, "action_id": "b0", "tool": "fetch_page", "raw": case.text})
        seen = model_view(runner.process(line).observation)
        seen = seen + "\n" + json.loads(json.dumps(seen))
        text = re.sub(r"<[^<>]*>", " ", case.text)  # (markup is not words: an HTML page is shown as text)
        lost = [w for w in re.findall(r"\w{3,}", text) if w not in seen]
        if lost:
            out.append((case, lost))
    return out
