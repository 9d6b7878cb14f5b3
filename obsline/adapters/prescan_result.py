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
    transport: bool = False  # a word of injection.TRANSPORT_WORDS occurs: the raw may be encoded whole
    gates: int = -1  # the GATES that fired (bits; all of them when the pass had no Hyperscan)


# Regexes the checks run on every raw, each answered in the same pass as a necessary condition: a
# superset of it over the lowered ASCII raw (Hyperscan's dialect, reported once). When its bit is
# off, the regex cannot match and is not run; when on, it runs as before. Each line says which.
GATE_PREFIXED = 1  # secret_structure._PREFIXED_BODY: "_", then 30 letters or digits
GATE_SEGMENTED = 2  # secret_structure._SEGMENTED: "x_", one or two segments of 2+ and "_", then 8 more
GATE_NO_LITERAL = 4  # secrets._NO_LITERAL (both branches)
GATE_LEET = 8  # injection_signals._leet_run: three words one space apart, each with a sign read as a letter
GATE_ESCAPED = 16  # injection_signals._ESCAPED_LETTERS
GATE_HYPHEN = 32  # injection_signals._HYPHEN_HINT: a letter, "-", a line break (as written or "\\n")
GATE_SPACED = 64  # injection_signals._SPACED_WORD: four letters, each between single spaces
GATE_SPLIT = 128  # injection_signals._SPLIT_WORD: a word cut by two hyphens around a short piece
_LEET_WORD = r"[a-z0-9@$'.,!?]*"
GATES = {
    GATE_PREFIXED: r"_[a-z0-9]{30}",
    GATE_SEGMENTED: r"[a-z0-9]_[a-z0-9]{2,}_(?:[a-z0-9]{8}|[a-z0-9]{2,}_[a-z0-9]{8})",
    GATE_NO_LITERAL: r"(?:ac|sk)[a-z0-9]{32}|[a-z0-9]{32}-us[0-9]",
    GATE_LEET: rf"[0134579@$]{_LEET_WORD} {_LEET_WORD}[0134579@$]{_LEET_WORD} {_LEET_WORD}[0134579@$]",
    GATE_ESCAPED: r"(?:%[46][1-9a-f]|%[57][0-9a]){3}",
    GATE_HYPHEN: r"[a-z]-(?:\n|\\n)",
    GATE_SPACED: r" [a-z] [a-z] [a-z] [a-z] ",
    GATE_SPLIT: r"[a-z]-[a-z]{1,6}-[a-z]",
}
