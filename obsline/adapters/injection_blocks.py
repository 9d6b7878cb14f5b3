"""A long document read paragraph by paragraph, each distinct paragraph once.

A help-centre or policy page of 10 KB holds hundreds of trigger words ("password", "agent",
"please", "do not tell") and, read whole, costs the injection scan ~800 us a KB: normalisation,
folding and the sentence meanings over all of it. Every signal of the scan is local to a
sentence or a line (the sentences end at a blank line already, injection_signals.py), so a long
text can be read as its paragraphs: each is pre-scanned on its own (a paragraph with no anchor
costs one automaton pass) and scanned on its own, and the reasons of a paragraph already read
are reused (document searches return the same articles and the same boilerplate again and again).

Only what can span a blank line keeps the text whole: an HTML comment (``<!-- ... -->``: "in a
hidden comment"), a role dict beside the code that builds it (``messages = [`` ... ``"role"``),
a ``Human:`` / ``Assistant:`` transcript, and a paragraph that does not end a sentence is read
with the next one ("Ignore" + blank line + "all previous instructions"; "Decode this:" + blank
line + the blob).
"""

from __future__ import annotations

import re

BLOCK_FROM = 1200  # shorter texts are read whole (the pre-scan of most tool values)
_BLANK = re.compile(r"\n[ \t]*\n\s*")
_ENDS_SENTENCE = re.compile(r"[.!?;。！？\u0964][\"')\]»”’*_]*$")  # (read on a paragraph's last characters)
_TRANSCRIPT = re.compile(r"\n\n(?:Human|H)\s*:", re.IGNORECASE)
_JOIN_UP_TO = 4000  # a run of paragraphs none of which ends a sentence is cut here all the same


def blocks(text: str) -> list[str] | None:
    """The units a long text is scanned in, or None when it is read whole."""
    if len(text) < BLOCK_FROM or "\n" not in text:
        return None
    if "<!--" in text or '"role' in text or "'role" in text or _TRANSCRIPT.search(text):
        return None
    out: list[str] = []
    pending = ""
    at = 0
    for m in _BLANK.finditer(text):
        part = text[at:m.start()]
        at = m.end()
        pending = f"{pending}\n\n{part}" if pending else part
        if _ENDS_SENTENCE.search(pending[-32:].rstrip()) or len(pending) > _JOIN_UP_TO:
            out.append(pending)
            pending = ""
    rest = text[at:]
    pending = f"{pending}\n\n{rest}" if pending else rest
    if pending:
        out.append(pending)
    return out if len(out) > 1 else None
