"""A block of data addressed to the model, by structure: no word of any language needed.

Text that speaks to the reader of a tool result has the same shape in every script: a new voice
opens a segment of the data (the start of a field, a line, a comment, a tag's text, or a sentence)
with an addressee, the acronym every language borrows for it (``AI``, ``KI``, ``IA``, ``ИИ``,
``LLM``, ``GPT``, written in capitals, glued to a prefix or not: ``weAI``, ``we-AI``, ``AI-assistint``),
set off by a vocative comma (``Skoazeller AI, ...``, ``AI ସହାୟକ, ...``) or closing a label
(``Oan de AI-assistint dy't dit ticket lêst: ...``); and what follows asks for something a model can
do, named by things that are no words either: where data goes (an e-mail address, a URL, an IBAN),
a tool or function (a backticked or snake_case identifier), a shell command, a credential file or a
secret's loanword, an amount with an account.

The marks are scored together, so one weak sign never fires alone: the opener counts 2 (a vocative
comma, or a label of three or more words) or 1 (a short label: ``AI features: ...`` is a title as
often as an address); a destination 1, a tool, a command, a credential or an amount with an account
2 each (at most 3 in all); a block fires at 3. Not an address: the acronym after a possessive
(``our AI, ...``), a transcript's speaker (``Assistant: Sure, ...``: one word and a colon), in a group's name (``AI team``), inside an apposition or list (``Meta AI, the
company's assistant, ...``, ``Google AI, DeepMind, and ...``), after an elided article (``l'IA,``), a
JSON key or a JSON value ending at the comma (``"AI features",``). Known limit: a sentence opening
"With AI, send your invoices to <address>" reads as an address (two weak signs and one strong).
"""

from __future__ import annotations

import re

# The addressee: an AI acronym in capitals, not inside a longer capitalised word ("MAIL", "AIR").
_ACRONYM = re.compile(r"(?<![A-Z\d])(?:AI|A\.I\.|KI|IA|ИИ|LLMs?|GPT)(?![A-Za-z\d])")
_ACRONYM_WORDS = ("AI", "A.I.", "KI", "IA", "ИИ", "LLM", "GPT")
# Where a segment opens: the text's start, a line, a quoted value, a tag's text, a comment's mark,
# or a sentence's end in any script.
_OPEN_MARK = re.compile(r"[\n\">]|(?<!\w)'|[.!?;。！？\u0964\u061f\u1362\u104b](?:\s|$)|#|//|/\*|--|\*|<!--")
_COMMA = ",،，、፣፡၊"
_COLON = ":：፥፦"
_STOPS = ".!?;\n\"<>()[]{}。！？"
_BEFORE = 60  # characters between a segment's opening and the addressee
_WORDS_BEFORE = 12  # words a label may hold before its colon
_BLOCK = 400  # characters of the block read after the opener
_GROUP = re.compile(r"[-\s]?(?:[\w-]+\s+){0,2}?(?:team|group|lab|department|committee|office|research|act|regulation|"
                    r"team's|teams|ethics|policy|features?|settings?|generated|powered)\b", re.IGNORECASE)
_POSSESSIVE = re.compile(r"\b(?:our|their|my|your|his|her|its|unser\w*|notre|nos|nuestr[oa]s?|noss[oa]s?|nostr[oa]|onze|наш\w*)"
                         r"\s+(?:[\w-]+\s+)?$", re.IGNORECASE)
_APPOSITION = re.compile(r"\s*(?:[^\s,.:;!?]+\s+){0,3}[^\s,.:;!?]+,")  # ", the company's assistant," / ", DeepMind,"

_DEST = re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+|https?://[^\s\"'<>)]+|\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,}", re.IGNORECASE)
_TOOL = re.compile(r"`[A-Za-z_][\w.-]*(?:\(\))?`|\b[a-z]+(?:_[a-z0-9]+)+\(?")
_COMMAND = re.compile(r"\b(?:curl|wget|rm\s+-rf|git\s+push|chmod|sudo|scp|nc)\b|\|\s*(?:ba)?sh\b|\bPOST\s")
_CREDENTIAL = re.compile(r"(?<![\w/])\.env\b|~/\.\w+|\bid_(?:rsa|ed25519|ecdsa)\b|/etc/(?:passwd|shadow)\b|\bcredentials\b"
                         r"|\b(?:password|passwort|passcode|api[ _-]?keys?|tokens?|otp|pin)\b", re.IGNORECASE)
_AMOUNT = re.compile(r"(?:\b(?:EUR|USD|GBP|CHF)\s?\d|[€$£]\s?\d|\d\s?(?:EUR|USD|GBP|CHF|€)\b)", re.IGNORECASE)
_STRONG = 2
_FIRES = 3


def may_address(text: str) -> bool:
    """Whether ``text`` holds an addressee this signal reads (a substring test for each)."""
    return any(word in text for word in _ACRONYM_WORDS)


def _opened(text: str, at: int) -> int | None:
    """Where the segment the addressee at ``at`` stands in opens (within _BEFORE characters)."""
    start = max(0, at - _BEFORE)
    ends = [m.end() for m in _OPEN_MARK.finditer(text, start, at)]
    if ends:
        return ends[-1]
    return 0 if start == 0 else None


def _opener(text: str, at: int, end: int) -> tuple[int, int] | None:
    """(score, where the block starts) of the addressee at ``at``..``end``, or None: a vocative
    comma within two words after it (two words at most before it), or a colon closing a label of
    at most eight words."""
    opened = _opened(text, at)
    if opened is None or text[at - 1:at] in ("'", "\u2019") or _POSSESSIVE.search(text, opened, at) or _GROUP.match(text, end, end + 40):
        return None
    before = len(text[opened:at].split())
    words = 0
    for i in range(end, min(len(text), end + 80)):
        c = text[i]
        if c.isspace():
            words += 1
        elif c in _COMMA:
            if before > 2 or words > 2 or text[i - 1] in "\"'" or _APPOSITION.match(text, i + 1):
                return None
            return 2, i + 1
        elif c in _COLON:
            label = before + words + 1
            if label == 1 or text[i - 1] in "\"'" or text.startswith("//", i + 1):
                return None  # (one word and a colon: a transcript's speaker, "Assistant: Sure, ...")
            return (2 if label >= 3 else 1), i + 1
        elif c in _STOPS or before + words > _WORDS_BEFORE:
            return None
    return None


def _objects(block: str) -> int:
    score = 1 if _DEST.search(block) else 0
    strong = [bool(_TOOL.search(block)), bool(_COMMAND.search(block)), bool(_CREDENTIAL.search(block)),
              bool(_AMOUNT.search(block)) and _DEST.search(block) is not None]
    return min(score + _STRONG * sum(strong), 3)


def addressed_block(text: str) -> str | None:
    """The first block of ``text`` addressed to the model by structure (module doc), as a reason."""
    if not may_address(text):
        return None
    return _first_block(text, [(m.start(), m.end(), m.group(0)) for m in _ACRONYM.finditer(text)])


_WORD_END = re.compile(r"[\w'-]*")


def addressed_block_at(folded: str, starts: list[int]) -> str | None:
    """As ``addressed_block``, with the addressees a lexicon found (their starts in ``folded``,
    the folded reading of the text: "asistente virtual", "agents reading these")."""
    spans = []
    for at in starts:
        end = _WORD_END.match(folded, at).end()  # type: ignore[union-attr]  # (always matches)
        spans.append((at, end, folded[at:end]))
    return _first_block(folded, spans)


def _first_block(text: str, spans: list[tuple[int, int, str]]) -> str | None:
    for start, end, name in spans:
        opened = _opener(text, start, end)
        if opened is None:
            continue
        score, block_at = opened
        block = text[block_at:block_at + _BLOCK]
        cut = _BLOCK_END.search(block)
        block = block[:cut.start()] if cut else block
        if len(block.split()) >= 3 and score + _objects(block) >= _FIRES:
            return f"addressed to the AI: a block addressed to the model ({name})"
    return None


_BLOCK_END = re.compile(r"\n[ \t]*\n|\"\s*[,}]|</")
