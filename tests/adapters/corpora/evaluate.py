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
