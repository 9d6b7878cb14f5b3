"""Measures of the protocol corpus (``obsline.protocol_corpus``) through the real pipeline.

Each case's envelope runs through ``Runner(Stages.default())``, and its observation is
checked against the case:

- **status right**: the observation's status is the expected one, and for an error its stable
  code too;
- **tool's own code kept**: the tool's code is ``error.tool_code``, verbatim, and in the text;
- **partial values visible**: every scalar of a partial result (strings of 1+ characters and
  numbers, as JSON writes them) is in the text;
- **retry advice right**: for errors, ``retryable`` and ``retry_after_ms``; for pendings the
  suggested wait (``details.retry_after_ms``);
- **handle / poll URL**: ``details.handle`` / ``details.poll_url`` as the result wrote them, and
  in the text.

Figures are given per part: dev (the rules were written against it), held-out (kept out until
its last misses were read: it has informed the rules since), fresh held-out (written after
that; its last misses were fixed by mechanism in session 18), unseen held-out (written after
those fixes and run once; its misses, read by kind, informed session 19's general rules) and
unseen-2 held-out (written after those, run once; its misses, read by kind, informed session
20's rules), unseen-3 held-out (written after those, run once; its misses, read by kind,
informed session 21's rules by slot and shape), unseen-4 held-out (written after those, run
once; its misses, read by kind, informed session 22's mechanisms), unseen-5 held-out (written
after those, run once, reported as it came; it informs rules from session 24) and unseen-6's two
halves (session 24, split by ``unseen6.half``): the tune half informs rules, the held-out half is
measured as it came and at the end, its misses never read while rules change.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import orjson

from obsline.core.models import Observation
from obsline.protocol_corpus import PARTS, Case, cases
from obsline.quality import scalar_texts


@dataclass
class Figure:
    hits: int = 0
    total: int = 0
    misses: list[str] = field(default_factory=list)

    def add(self, ok: bool, case: Case, why: str) -> None:
        self.total += 1
        self.hits += ok
        if not ok:
            self.misses.append(f"{case.id}: {why}")

    @property
    def share(self) -> float:
        return self.hits / self.total if self.total else 1.0


MEASURES = ("status right", "tool's own code kept", "partial values visible", "retry advice right",
            "handle and poll URL kept")
TARGETS = {"status right": 0.99, "tool's own code kept": 1.0, "partial values visible": 1.0,
           "retry advice right": 0.98, "handle and poll URL kept": 1.0}


@dataclass
class ProtocolReport:
    figures: dict[str, dict[str, Figure]]  # part -> measure -> figure
    cases: dict[str, int]
    styles: int
    languages: int


def _observe(corpus: list[Case]) -> list[Observation]:
    from obsline.pipeline import Runner, Stages  # the pipeline imports quality helpers: late

    lines = [orjson.dumps(c.envelope()) for c in corpus]
    return [p.observation for p in Runner(Stages.default()).run(lines)]


def _check(case: Case, obs: Observation, figs: dict[str, Figure]) -> None:
    status = obs.status.value
    code = obs.error.code.value if obs.error else None
    figs["status right"].add(status == case.status and (case.code is None or code == case.code), case,
                             f"expected {case.status} {case.code or ''}, got {status} {code or ''}")
    if case.tool_code is not None:
        tool = obs.error.tool_code if obs.error else None
        figs["tool's own code kept"].add(tool == case.tool_code and case.tool_code in obs.text, case,
                                         f"expected tool code {case.tool_code!r}, got {tool!r}")
    if case.status == "partial":
        values = (list(scalar_texts(case.raw, 1)) if not isinstance(case.raw, str) else []) + list(case.visible)
        missing = [v for v in values if v not in obs.text]
        figs["partial values visible"].add(not missing, case, f"missing {missing[:5]}")
    if case.status == "error" and case.retryable is not None:
        got = (obs.error.retryable, obs.error.retry_after_ms) if obs.error else (None, None)
        figs["retry advice right"].add(got == (case.retryable, case.retry_after_ms), case,
                                       f"expected {(case.retryable, case.retry_after_ms)}, got {got}")
    if case.status == "pending":
        wait = obs.metadata.get("details", {}).get("retry_after_ms")
        figs["retry advice right"].add(wait == case.retry_after_ms, case,
                                       f"expected wait {case.retry_after_ms}, got {wait}")
    details = obs.metadata.get("details", {})
    for key, want in (("handle", case.handle), ("poll_url", case.poll_url)):
        if want is not None:
            kept = details.get(key)
            figs["handle and poll URL kept"].add(kept == want and want in obs.text, case,
                                                 f"expected {key} {want!r}, got {kept!r}")


def evaluate(corpus: Iterable[Case] | None = None) -> ProtocolReport:
    corpus = list(cases() if corpus is None else corpus)
    figures = {part: {m: Figure() for m in MEASURES} for part in PARTS}
    for case, obs in zip(corpus, _observe(corpus), strict=True):
        _check(case, obs, figures[case.part])
    counts = {part: sum(1 for c in corpus if c.part == part) for part in PARTS}
    languages = len({c.lang for c in corpus if c.status == "error"})
    return ProtocolReport(figures, counts, len({c.style for c in corpus if c.status == "error"}), languages)


def misses(report: ProtocolReport, part: str = "dev") -> list[str]:
    """What the rules get wrong on one part. Print the dev part while writing rules; a held-out
    part read this way has informed the rules from then on (say so where it is reported)."""
    return [f"{measure}: {m}" for measure, fig in report.figures[part].items() for m in fig.misses]


if __name__ == "__main__":  # python -m obsline.protocol_quality [part]
    import sys

    print("\n".join(misses(evaluate(), sys.argv[1] if len(sys.argv) > 1 else "dev")) or "no misses")
