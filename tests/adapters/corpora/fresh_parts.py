"""What the fresh held-out parts (fresh3.py, fresh4.py, fresh5.py) build their cases with: seeded random
values, and the cases from a part's tables (each secret format twice, each attack or benign text
in each placement)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tests.adapters.corpora.injections import ATTACK, BENIGN, SECURITY_DOC, Case
from tests.adapters.corpora.secrets import SecretCase

Maker = Callable[[random.Random], tuple[str, tuple[str, ...]]]


def part_classes(name: str) -> tuple[type[SecretCase], type[Case]]:
    """The secret and injection case classes of a fresh part: every case of it belongs to ``name``
    (not to the dev / held-out split by a hash of its source)."""

    @dataclass(frozen=True)
    class PartSecret(SecretCase):
        @property
        def part(self) -> str:
            return name

    @dataclass(frozen=True)
    class PartCase(Case):
        @property
        def part(self) -> str:
            return name

    return PartSecret, PartCase


def pick(r: random.Random, alphabet: str, n: int) -> str:
    return "".join(r.choice(alphabet) for _ in range(n))


def secret_cases(seed: str, placements: dict[str, Maker], lookalikes: dict[str, Maker],
                 case: type[SecretCase]) -> list[SecretCase]:
    """Two cases of each secret format and look-alike, their values drawn from ``seed/<format>/<i>``."""
    out: list[SecretCase] = []
    for fmt, maker in placements.items():
        for i in range(2):
            raw, values = maker(random.Random(f"{seed}/{fmt}/{i}"))
            out.append(case(f"{fmt} #{i}", raw, values, True, f"{seed} {fmt}"))
    for fmt, maker in lookalikes.items():
        for i in range(2):
            raw, values = maker(random.Random(f"{seed}/look/{fmt}/{i}"))
            out.append(case(f"{fmt} #{i}", raw, values, False, f"{seed} {fmt}"))
    return out


def injection_cases(seed: str, attacks: Iterable[tuple[str, str, str]], benign: Iterable[tuple[str, str, str]],
                    placed: Callable[[str, int], tuple[str, str]], case: type[Case],
                    docs: Iterable[tuple[str, str, str]] = ()) -> list[Case]:
    """Each (lang, trick, text) in each of the four placements ``placed`` makes; ``docs``: security
    articles that quote attacks, reported apart (neither attacks nor false alarms)."""
    out: list[Case] = []
    for label, group in ((ATTACK, attacks), (BENIGN, benign), (SECURITY_DOC, docs)):
        for lang, trick, text in sorted(group):
            for where in range(4):
                placement, text_placed = placed(text, where)
                out.append(case(text_placed, lang, label, f"{trick} / {placement}", f"{seed}/{lang}/{text[:20]}"))
    return out
