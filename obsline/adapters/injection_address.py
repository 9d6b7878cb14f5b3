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
# a log line's "::" before its message (a CI workflow command's ``::notice file=...::``), or a
# sentence's end in any script.
_OPEN_MARK = re.compile(r"[\n\">]|(?<!\w)'|[.!?;。！？\u0964\u061f\u1362\u104b](?:\s|$)|#|//|/\*|--|\*|<!--|::")
_COMMA = ",،，、፣፡၊"
_COLON = ":：፥፦"
_STOPS = ".!?;\n\"<>()[]{}。！？"
_UP_TO_MARK = re.compile("[^" + re.escape(_COMMA + _COLON + _STOPS) + "]*")
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


def _excluded(text: str, opened: int, at: int, end: int) -> bool:
    """An elided article before the acronym (``l'IA``), a possessive, or a group's name after it."""
    return text[at - 1:at] in ("'", "\u2019") or _POSSESSIVE.search(text, opened, at) is not None or \
        _GROUP.match(text, end, end + 40) is not None


def _mark(text: str, end: int) -> int | None:
    """Where the first comma, colon or stop after ``end`` stands, within 80 characters."""
    i = _UP_TO_MARK.match(text, end, min(len(text), end + 80)).end()  # type: ignore[union-attr]  # (always matches)
    return None if i >= len(text) or i == end + 80 else i


def _opener(text: str, at: int, end: int) -> tuple[int, int] | None:
    """(score, where the block starts) of the addressee at ``at``..``end``, or None: a vocative
    comma within two words after it (two words at most before it), or a colon closing a label of
    at most _WORDS_BEFORE words."""
    opened = _opened(text, at)
    if opened is None or _excluded(text, opened, at, end):
        return None
    i = _mark(text, end)
    if i is None:
        return None
    before = len(text[opened:at].split())
    span = text[end:i]
    words = sum(c.isspace() for c in span)
    if before + sum(c.isspace() for c in span.rstrip()) > _WORDS_BEFORE:
        return None
    quoted = text[i - 1] in "\"'"  # (a JSON key's or value's end, not a vocative's or a label's)
    if quoted:
        return None
    if text[i] in _COMMA:
        return _vocative(text, i, before, words)
    return _label(text, i, before + words + 1) if text[i] in _COLON else None


def _vocative(text: str, comma: int, before: int, after: int) -> tuple[int, int] | None:
    """A vocative comma: at most two words either side of the addressee, and no apposition after it."""
    if before > 2 or after > 2 or _APPOSITION.match(text, comma + 1) is not None:
        return None
    return 2, comma + 1


def _label(text: str, colon: int, words: int) -> tuple[int, int] | None:
    """A label's colon: one word is a transcript's speaker ("Assistant: Sure, ..."), two a title as
    often as an address; a URL's scheme is none."""
    if words == 1 or text.startswith("//", colon + 1):
        return None
    return (2 if words >= 3 else 1), colon + 1


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


def addressed_block_at(folded: str, starts: list[int], roles: frozenset[int] = frozenset(),
                       acts: frozenset[int] = frozenset()) -> str | None:
    """As ``addressed_block``, with the addressees a lexicon found (their starts in ``folded``,
    the folded reading of the text: "asistente virtual", "agents reading these"). ``roles``: those
    that name the reader by its role and what it is doing to this text ("the assistant reviewing
    this plan:", "AI agent fixing this build:"); such a block that opens with a verb of an act
    (``acts``: where the lexicon's act words start: "run", "disable", "delete") is an order to it."""
    spans = []
    for at in starts:
        end = _WORD_END.match(folded, at).end()  # type: ignore[union-attr]  # (always matches)
        spans.append((at, end, folded[at:end]))
    return _first_block(folded, spans, roles, acts)


def _first_block(text: str, spans: list[tuple[int, int, str]], roles: frozenset[int] = frozenset(),
                 acts: frozenset[int] = frozenset()) -> str | None:
    for start, end, name in spans:
        opened = _opener(text, start, end)
        if opened is None:
            continue
        score, block_at = opened
        block = text[block_at:block_at + _BLOCK]
        cut = _BLOCK_END.search(block)
        block = block[:cut.start()] if cut else block
        ordered = start in roles and block_at + len(block) - len(block.lstrip()) in acts
        if len(block.split()) >= 3 and score + _objects(block) + ordered >= _FIRES:
            return f"addressed to the AI: a block addressed to the model ({name})"
    return None


_BLOCK_END = re.compile(r"\n[ \t]*\n|\"\s*[,}]|</")
