"""What the one pre-scan pass (adapters/prescan.py) found in a raw. Apart from the pass itself,
which reads every check's word lists, so that the checks can take its result without an
import circle back to the module that imports them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Prescan:
    """What the pass found in one raw."""

    secret_matches: list[tuple[int, int, int]]  # (index in secrets.TRIGGERS, start, end), as its automaton
    words: frozenset[str]  # which of the checks' other words occur (secrets.PRESCAN_WORDS, ...)
    injection: bool  # an injection anchor occurs
    internal: bool  # an internal-details trigger occurs
