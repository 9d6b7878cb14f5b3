"""Generated safety corpora (issue 18): secrets and look-alikes, injections and benign hard
negatives, built from templates x languages x placements x encodings.

Every case has a deterministic part: ``dev`` (rules may be written against it) or ``held-out``
(never read while writing rules; reported apart). The split is by the *source* of a case (a
language's sentence of one intent, one structural template, one secret format), so a held-out
phrasing or format is unseen in every placement and encoding, not just in one.
"""

from __future__ import annotations

import hashlib

DEV, HELD_OUT = "dev", "held-out"


def part(source: str) -> str:
    """One in four sources is held out, by a hash of its name (stable across runs and machines)."""
    return HELD_OUT if hashlib.sha256(source.encode()).digest()[0] % 4 == 0 else DEV
