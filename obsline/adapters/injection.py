"""Instruction-like text inside tool data (seeds 000 and 002: outside text is data, never
instructions), in nine languages and through the tricks seen in the wild.

    may_hold_injection(raw)   one cheap literal pre-scan of a whole raw (Aho-Corasick, one pass)
    injection_reasons(text)   pre-scan, then normalise and match the rules; [] for plain data
    Detector                  the interface (``reasons(text) -> list[str]``) a model-based
                              classifier can implement later; ``RuleDetector`` is the default

Normalising first defeats the cheap obfuscations: NFKC (full-width and mathematical letters),
invisible characters (zero-width, soft hyphen, bidi controls) removed, Unicode tag characters
decoded to the ASCII they smuggle, Cyrillic/Greek look-alikes mapped to Latin inside words that
mix scripts, Latin diacritics folded. Base64 blobs are decoded and scanned once more. A reason
names the rule, the phrase, and the trick when one was needed to see it.
"""

from __future__ import annotations

import base64
import binascii
import html
import quopri
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

import ahocorasick_rs

from obsline.adapters.anchored import (
    Patterns,
    has_case_trap,
    hits_in_each,
    index_text,
    none_holds_apart,
    required_literals,
)
from obsline.adapters.diacritics import latin_marks_off, translate
from obsline.adapters.injection_blocks import BLOCK_FROM, blocks
from obsline.adapters.injection_signals import (
    PERSON_NAMED_AIS,
    SIGNAL_ANCHORS,
    WORD_START_STEMS,
    may_give_reasons,
    may_signal,
    may_signal_all,
    names_a_role,
    quoted_examples_blanked,
    rare_positions,
    read_back,
    signal_reasons,
    skeleton,
    templated,
    trick_hint,
    trick_hint_gated,
)
from obsline.core.memo import Memo

if TYPE_CHECKING:
    from obsline.adapters.prescan_result import Prescan


class Detector(Protocol):
    """What decides whether a text holds instructions for the model."""

    def reasons(self, text: str) -> list[str]: ...


# --- normalisation -----------------------------------------------------------------------

_INVISIBLE = "\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff\u00ad\u180e" \
             "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u034f"
_STRIP: dict[int, Any] = dict.fromkeys(map(ord, _INVISIBLE))
_STRIP.update({cp: chr(cp - 0xE0000) for cp in range(0xE0020, 0xE007F)})  # tag characters -> ASCII
_STRIP.update(dict.fromkeys(range(0xE0000, 0xE0020)))
_STRIP[0xE007F] = None
_HIDDEN = re.compile("[" + _INVISIBLE + "\U000e0000-\U000e007f]")
_MARKED = re.compile("[\u00c0-\u024f\u1e00-\u1eff\u0300-\u036f]")


# Full-width Latin letters and digits, mathematical alphanumerics, circled letters: letters
# dressed up so that a plain match misses them (full-width punctuation is ordinary CJK text).
_STYLED = re.compile("[\uff10-\uff5a\U0001d400-\U0001d7ff\u24b6-\u24e9]")


def normalise(text: str) -> tuple[str, list[str]]:
    """The text as a reader sees it, and the tricks that had to be undone to get there."""
    if text.isascii():
        return text, []
    norm, tricks = _normalised(text)
    return norm, list(tricks)


@lru_cache(maxsize=16)  # (the pre-scan and the scan of one text normalise it once)
def _normalised(text: str) -> tuple[str, tuple[str, ...]]:
    tricks = []
    stripped = translate(text, _STRIP, _HIDDEN)  # (adapters/diacritics.py: C speed, a character at a time)
    if stripped != text:
        tricks.append("hidden characters")
    folded = unicodedata.normalize("NFKC", stripped)  # (its own quick check first: no is_normalized)
    if folded != stripped and _STYLED.search(stripped):
        tricks.append("look-alike letters")
    mapped = skeleton(folded)  # (TR39 confusables, only in words that mix scripts)
    if mapped != folded:
        tricks.append("homoglyphs")
        folded = mapped
    folded = _letters_read(folded, tricks)
    if _MARKED.search(folded):
        folded = latin_marks_off(folded)  # (adapters/diacritics.py: distinct letter by distinct letter)
    return folded, tuple(tricks)


def _letters_read(text: str, tricks: list[str]) -> str:
    """Small capitals and regional indicators as the letters they name, upside-down lines turned back."""
    if _LETTER_TRICK.search(text) is None:  # (one search for the three: most text holds none)
        return text
    if _SMALL_CAPITAL.search(text) or _REGIONAL.search(text):
        text = text.translate(_SMALL_CAPITALS).translate(_REGIONAL_LETTERS)
        if "look-alike letters" not in tricks:
            tricks.append("look-alike letters")
    if _TURNED.search(text) and len(_TURNED.findall(text)) >= _TURNED_MIN:
        text = _turned_back(text)
        tricks.append("upside-down text")
    return text


def _small_capitals() -> dict[int, str]:
    """Latin letters that NFKC leaves as they are and TR39 lists as no look-alike of an ASCII
    letter, though they have no other reading: Unicode names them "LATIN LETTER SMALL CAPITAL X"
    (``ɪɢɴᴏʀᴇ``). Read as the letter they name, whatever the word around them."""
    table: dict[int, str] = {}
    for cp in (*range(0x0250, 0x02B0), *range(0x1D00, 0x1DC0), *range(0xA720, 0xA800)):
        name = unicodedata.name(chr(cp), "")
        if name.startswith("LATIN LETTER SMALL CAPITAL ") and len(name) == len("LATIN LETTER SMALL CAPITAL X"):
            table[cp] = name[-1].lower()
    return table


_SMALL_CAPITALS = _small_capitals()
_SMALL_CAPITAL = re.compile("[" + "".join(map(chr, _SMALL_CAPITALS)) + "]")
# Regional indicator symbols (U+1F1E6..U+1F1FF): a letter each, which two in a row show as a flag.
_REGIONAL_LETTERS = {0x1F1E6 + i: chr(97 + i) for i in range(26)}
_REGIONAL = re.compile("[\U0001F1E6-\U0001F1FF]")

# Upside-down text (``ʇdɯoɹd ɯǝʇsʎs``): Latin letters turned (Unicode's "LATIN SMALL LETTER TURNED X"
# and the letters that turned read as another: u/n, d/p, b/q), written right to left. A line with
# several turned letters is read turned back: each letter as the one it turns, the line reversed.
_TURNED_TO = {"ɐ": "a", "ɔ": "c", "ǝ": "e", "ɟ": "f", "ƃ": "g", "ɥ": "h", "ᴉ": "i", "ɾ": "j", "ʞ": "k", "ɯ": "m", "ɹ": "r",
              "ʇ": "t", "ʌ": "v", "ʍ": "w", "ʎ": "y"}
_TURNED_PAIRS = {"u": "n", "n": "u", "d": "p", "p": "d", "b": "q", "q": "b"}
_TURNED = re.compile("[" + "".join(_TURNED_TO) + "]")
_TURNED_MIN = 4


_LETTER_TRICK = re.compile("[" + "".join(map(chr, _SMALL_CAPITALS)) + "".join(_TURNED_TO) + "\U0001F1E6-\U0001F1FF]")


def _turned_back(text: str) -> str:
    table = str.maketrans({**_TURNED_TO, **_TURNED_PAIRS})
    return "\n".join(line[::-1].translate(table) if len(_TURNED.findall(line)) >= _TURNED_MIN else line
                      for line in text.split("\n"))


# --- rules -------------------------------------------------------------------------------

_AI = r"(?:ai|a\.i\.|llms?|large language models?|language models?|chatbots?|gpt|chatgpt|claude|copilot|gemini" \
      r"|ai (?:assistant|agent|model|system)s?|assistants?|agents?|models?)"
_AI_STRICT_WORDS = (r"ai", r"a\.i\.", r"llms?", r"large language models?", r"language models?", r"chatbots?", r"chatgpt",
                    r"gpt-?\d?", r"claude", r"copilot", r"gemini", r"ai (?:assistant|agent|model|system)s?")
_AI_STRICT = f"(?:{'|'.join(_AI_STRICT_WORDS)})"
# Greeted alone, an AI is spoken to; "Hi Claude," and "Dear Gemini," greet people as often (the
# signals still see what such a greeting goes on to ask: a secret, a destination, a dropped rule).
_AI_GREETED = f"(?:{'|'.join(w for w in _AI_STRICT_WORDS if w not in PERSON_NAMED_AIS)})"
_EN_VERB = r"(?:ignore|disregard|forget|override|bypass|skip|neglect|abandon|discard|set aside|throw out|drop)"
_EN_DIR = r"(?:previous|prior|above|earlier|preceding|foregoing|former|original|initial|system|existing|old|past" \
          r"|developer|safety)"
_EN_NOUN = r"(?:instructions?|prompts?|rules|directions|directives|guidelines|guidance|commands|orders|programming" \
           r"|constraints|restrictions|policies|safeguards|context|guardrails|filters|training)"
_SECRETS = r"(?:api[ _-]?keys?|secret keys?|secrets|passwords?|passcodes?|credentials|(?:access|auth|session|bearer)" \
           r" tokens?|tokens|private keys?|ssh keys?|environment variables|env vars|\.env file|credit card numbers?)"
_PROMPT = r"(?:(?:your |the )?(?:full |entire |complete |hidden |initial |original |secret |internal )?" \
          r"(?:system prompt|system message|system instructions|hidden prompt|initial prompt|developer message" \
          r"|original instructions)|your (?:instructions|prompt|rules|guidelines)|(?:the |this )?conversation history" \
          r"|(?:the |this )?chat history)"
_EXFIL_VERB = r"(?:reveal|print|send|output|leak|show|display|repeat|disclose|share|tell|give|e-?mail|post|upload" \
              r"|exfiltrate|forward|paste|write out|dump|recite|transmit)"
_UNRESTRICTED = r"(?:unrestricted|unfiltered|uncensored|jailbroken|dan|evil|without (?:any )?(?:restrictions|limits" \
                r"|rules|filters)|developer mode|god mode|admin mode|debug mode|no (?:restrictions|rules|limits))"


# Literal anchors of the rules (lowercase, after normalisation): a rule can only match a text
# that holds one of its anchors, so one Aho-Corasick pass picks the rules worth running.
_VERB_WORDS = ('ignor', 'disregard', 'forget', 'override', 'bypass', 'skip', 'neglect', 'abandon', 'discard', 'set aside', 'throw out', 'drop')
_NOT_FOLLOW = ('not follow', 'not obey', 'not adhere', 'not comply', "n't follow", "n't obey", "n't adhere", "n't comply", 'stop follow', 'stop obey', 'stop adhere', 'stop comply', 'longer follow', 'longer obey', 'longer adhere', 'longer comply')
_UNRESTRICTED_WORDS = ('unrestricted', 'unfiltered', 'uncensored', 'jailbr', ' dan ', ' dan,', ' dan.', '(dan', 'evil', 'developer mode', 'god mode', 'admin mode', 'debug mode', 'no restrictions', 'no rules', 'no limits', 'without any', 'without restrictions', 'without limits', 'without rules', 'without filters')
_AI_WORDS = (' ai ', ' ai,', ' ai:', ' ai.', ' ai!', ' ai-', '(ai', 'an ai', 'ai assistant', 'ai agent', 'ai model', 'ai system', 'a.i.', ' llm', 'llms', 'llm ', 'language model', 'chatbot', 'gpt', 'claude', 'copilot', 'gemini')
_PROMPT_WORDS = ('prompt', 'system message', 'system instructions', 'developer message', 'original instructions', 'your instructions', 'your rules', 'your guidelines', 'conversation history', 'chat history')
_SECRET_WORDS = ('api', 'secret', 'passw', 'passcode', 'credential', 'token', 'private key', 'ssh key', 'environment variable', 'env var', '.env', 'credit card')
_NOT_TELL = ('not tell', 'not inform', 'not mention', 'not reveal', 'not show', 'not notify', 'not alert', 'not warn', "n't tell", "n't inform", "n't mention", "n't reveal", "n't show", "n't notify", "n't alert", "n't warn", 'never tell', 'never inform', 'never mention', 'never reveal', 'never show', 'never notify', 'never alert', 'never warn')
_WITHOUT_TELLING = ('without tell', 'without inform', 'without notif', 'without alert', 'without ask', 'without warn')
_MEMORY_WORDS = ('future conversation', 'future session', 'future chat', 'future interaction', 'future request', 'future task',
                 'subsequent conversation', 'subsequent session', 'later conversation', 'later session', 'next conversation',
                 'next session', 'upcoming conversation', 'your memory', 'long-term memory', 'long term memory', 'persistent memory',
                 'permanent memory')
# (anchored on the text's name for itself, not on "do not tell": a policy page says that everywhere)
_SELF_WORDS = tuple(f"{d} {n}" for d in ("this", "these") for n in ("cell", "note", "message", "instruction", "step", "line", "comment",
                                                                     "field", "request", "directive"))
_ANSWER_WORDS = ('your answer', 'your response', 'your repl', 'your summar', 'your output')
_AT_ONCE = ('immediately', 'right away', 'silently', 'without ask', 'without confirm', 'without tell', 'without notif', 'without check')


@dataclass(frozen=True, slots=True)
class Rule:
    anchors: tuple[str, ...]
    label: str
    pattern: re.Pattern[str]
    negatable: bool = False  # "never share your password" is advice, not an attack


def _rule(anchors: tuple[str, ...], label: str, pattern: str, negatable: bool = False) -> Rule:
    return Rule(anchors, label, re.compile(pattern, re.IGNORECASE | re.MULTILINE), negatable)


RULES: tuple[Rule, ...] = (
    # English
    _rule(_VERB_WORDS, "override", rf"\b{_EN_VERB}\s+(?:(?:all|any|every|each)\s+(?:of\s+)?)?(?:(?:the|your|my|these|those|its)\s+)?"
                      rf"(?:{_EN_DIR}\s+)+{_EN_NOUN}\b", True),
    _rule(_VERB_WORDS, "override", rf"\b{_EN_VERB}\s+(?:all|any)\s+(?:your\s+)?{_EN_NOUN}\b", True),
    _rule(_VERB_WORDS, "override", rf"\b{_EN_VERB}\s+(?:your|my)\s+{_EN_NOUN}\b", True),
    _rule(_VERB_WORDS, "override", rf"\b{_EN_VERB}\s+(?:the\s+|your\s+|all\s+)?(?:system|developer)\s+(?:messages?|prompts?)\b", True),
    _rule(_VERB_WORDS, "override", rf"\b{_EN_VERB}\s+(?:everything|anything|all)\s+(?:above|before|prior|previously|said|so far"
                      r"|you(?:'ve| have| were| had) (?:been )?(?:told|given|instructed))", True),
    _rule(_NOT_FOLLOW, "override", rf"\b(?:do not|don't|stop|no longer)\s+(?:follow|obey|adhere to|comply with)\s+(?:any\s+|all\s+)?"
                      rf"(?:(?:the|your)\s+)?(?:{_EN_DIR}\s+)*{_EN_NOUN}\b"),
    _rule(('instruction', 'prompt', 'directive'), "override", r"\b(?:new|updated|revised|real|actual|true|secret|hidden|overriding)\s+(?:system\s+)?"
                      rf"(?:instructions?|prompt|directives?)\s+(?:for|to)\s+(?:the\s+|all\s+|any\s+)?{_AI}\b"),
    _rule(('new system', 'system override', 'admin override', 'prompt injection'), "override", r"\b(?:new system (?:prompt|instructions?)|system override|admin override|prompt injection test)\b"),
    _rule(('you are now',), "role switch", rf"\byou are now\s+(?:a\s+|an\s+|my\s+|the\s+|in\s+)?(?:[\w-]+\s+){{0,2}}?"
                         rf"(?:{_AI_STRICT}|{_UNRESTRICTED})\b"),
    _rule(('you are no longer',), "role switch", r"\byou are no longer\s+(?:an?\s+)?(?:ai|assistant|bound|restricted|required to follow|limited)"),
    _rule(('act as', 'behave as', 'respond as', 'answer as'), "role switch", rf"\b(?:act|behave|respond|answer)\s+as\s+(?:if\s+you\s+(?:are|were)\s+)?(?:an?\s+)?"
                         rf"(?:[\w-]+\s+)?{_UNRESTRICTED}"),
    _rule(('pretend',), "role switch", rf"\bpretend\s+(?:to be|you are|that you are)\s+(?:an?\s+)?(?:[\w-]+\s+)?"
                         rf"(?:{_UNRESTRICTED}|{_AI_STRICT} (?:with|without))"),
    _rule(_UNRESTRICTED_WORDS, "role switch", rf"\b(?:enable|activate|enter|switch to)\s+{_UNRESTRICTED}"),
    _rule(('from now on',), "role switch", r"\bfrom now on,?\s+you\s+(?:are|will|must|shall)\s+(?:an?\s+|only\s+|always\s+)?"
                         rf"(?:{_UNRESTRICTED}|{_AI_STRICT}|ignore|obey|answer|respond|reply|act|behave|follow)"),
    _rule(_PROMPT_WORDS, "exfiltration", rf"\b{_EXFIL_VERB}\s+(?:(?:me|us|out|back)\s+)?(?:all\s+)?{_PROMPT}", True),
    _rule(_SECRET_WORDS, "exfiltration", rf"\b{_EXFIL_VERB}\s+(?:(?:me|us)\s+)?(?:the\s+|your\s+|all\s+(?:the\s+|your\s+)?|any\s+"
                          rf"|their\s+|his\s+|her\s+|user'?s?\s+|customer'?s?\s+)?(?:[\w-]+\s+)?{_SECRETS}[^.\n]{{0,40}}?"
                          r"\b(?:to|with|at|via|into|on)\b\s+(?!the\s+(?:phone|counter|desk)\b)(?!(?:check|see|verify|confirm|make|sign|log|be|do|get|keep|continue)\b)\S", True),
    _rule(_SECRET_WORDS + _PROMPT_WORDS, "exfiltration", rf"\binclude\s+(?:the\s+|your\s+|all\s+)?(?:{_SECRETS}|{_PROMPT})\s+in\s+(?:your|the)\s+"
                          r"(?:reply|response|answer|output|summary|next message|message)", True),
    _rule(_NOT_TELL, "secrecy", r"\b(?:do not|don't|never)\s+(?:tell|inform|mention|reveal|show|notify|alert|warn)\s+(?:this\s+|it\s+)?"
                     r"(?:to\s+)?(?:the\s+)?(?:user|human|customer|operator)\b(?:\s+(?:about|that)\s+(?:this|these))?"),
    _rule(_WITHOUT_TELLING, "secrecy", r"\bwithout\s+(?:telling|informing|notifying|alerting|asking|warning)\s+(?:the\s+)?"
                     r"(?:user|human|customer|operator)\b"),
    # the instruction hides itself: "do not mention this cell", "never reveal this note" (a reader
    # would only be told to keep quiet about the text it is reading if that text spoke to it)
    _rule(_SELF_WORDS, "secrecy", r"\b(?:do not|don't|never)\s+(?:tell anyone about|mention|reveal|disclose|acknowledge|quote|cite)\s+"
                     r"(?:this|these)\s+(?:cells?|notes?|messages?|instructions?|steps?|lines?|comments?|fields?|requests?|directives?)\b"),
    # memory poisoning: a fact or a rule written into the model's memory, for its later sessions
    _rule(_MEMORY_WORDS, "memory write", r"(?:^|[.!?:;\n\"'>]\s*|\b(?:please|also|and|now)\s+)(?:remember|memori[sz]e|store|save|keep in mind"
                         r"|note down|record)\s+(?:this|that|these|the following)\b[^\n]{0,120}?\b(?:for|in|across|during|throughout)"
                         r"\s+(?:all\s+|every\s+|any\s+|your\s+)?(?:future|later|subsequent|upcoming|next)\s+(?:conversations?|sessions?"
                         r"|chats?|interactions?|requests?|tasks?)\b"),
    _rule(_MEMORY_WORDS, "memory write", r"\b(?:save|store|add|write|commit|put|keep)\s+(?:this|that|it|these|the following)\b[^.\n]{0,60}?"
                         r"\b(?:to|in|into)\s+(?:your\s+(?:long[- ]term\s+|persistent\s+|permanent\s+)?|(?:long[- ]term|persistent|permanent)\s+)"
                         r"memory\b"),
    # what the model's answer must say, set by the text it reads ("whenever you summarise this page,
    # always end your answer with ..."): the answer is the reader's, so the text speaks to it
    _rule(_ANSWER_WORDS, "output directive", r"\b(?:whenever|every time|each time|when|if)\s+you\s+(?:summari[sz]e|quote|cite|mention"
                         r"|describe|recommend|discuss|review|compare|answer (?:any )?questions? about|are asked about|write about)\b"
                         r"[^.\n]{0,80}?\byour\s+(?:answers?|responses?|repl(?:y|ies)|summar(?:y|ies)|outputs?)\b"),
    _rule(_AI_WORDS, "addressed to the AI", rf"\b(?:note|message|instructions?|attention|important|notice|reminder|memo)\s+(?:to|for)\s+"
                                 rf"(?:the\s+|any\s+|all\s+)?{_AI_STRICT}(?:\s+[\w-]+){{0,2}}?\s*[:,!.-]"),  # ("note for AI code assistants:")
    _rule(('if you are',), "addressed to the AI", rf"\bif\s+you\s+are\s+(?:an?\s+)?(?:{_AI_STRICT}|automated (?:agent|assistant|system)"
                                 r"|(?:ai\s+)?assistant\s+(?:reading|processing|summari[sz]ing)"
                                 # a role of software and what it is doing to this text ("a shopping assistant comparing offers")
                                 r"|(?:[\w-]+\s+){1,2}(?:assistant|agent|model|bot|crawler)s?\s+(?:reading|processing|summari[sz]ing"
                                 r"|parsing|browsing|crawling|comparing|reviewing|ranking|screening|indexing|scanning|handling))\b"),
    _rule(_AI_WORDS, "addressed to the AI", rf"\b(?:dear|hey|hello|hi|attention)\s*,?\s+{_AI_GREETED}\s*[,:!]"),
    _rule(('reading this', 'processing this', 'summarizing this', 'summarising this', 'parsing this', 'browsing this', 'crawling this'), "addressed to the AI", rf"\b{_AI}\s+(?:reading|processing|summari[sz]ing|parsing|browsing|crawling)\s+"
                                 r"this\b"),
    _rule(_AT_ONCE, "tool directive", r"\b(?:call|invoke|execute|run|trigger|use)\s+(?:the\s+)?[`'\"]?[\w.-]+[`'\"]?\s+"
                            r"(?:tool|function|action)\s+(?:immediately|right away|silently|without (?:asking|confirm\w*|telling"
                            r"|notifying|checking))"),
    _rule(_AT_ONCE + ("before respond", "before answer", "before repl", "before you"), "tool directive", r"\b(?:call|invoke|execute|run|trigger|use)\s+(?:the\s+)?[`'\"]?[a-z]+(?:_[a-z0-9]+)+[`'\"]?"
                            r"(?:\s*\([^)\n]{0,80}\))?\s+(?:(?:tool|function)\s+)?(?:immediately|right away|silently"
                            r"|without (?:asking|confirm\w*|telling|notifying|checking)|before (?:responding|answering|replying"
                            r"|you (?:respond|answer|reply)))"),
    # the same, its secrecy said first ("silently call the transfer_funds tool", "secretly run delete_audit_log")
    _rule(('silently', 'secretly', 'covertly'), "tool directive", r"\b(?:silently|secretly|covertly)\s+(?:call|invoke|execute|run|trigger|use)"
                            r"\s+(?:the\s+)?(?:(?:tool|function|command)\s+)?[`'\"]?[a-z]+(?:_[a-z0-9]+)+\b"),
    _rule(('tool to', 'tool and', 'function to', 'function and'), "tool directive", r"\b(?:call|invoke|use)\s+(?:the\s+)?[\w.-]+\s+(?:tool|function)\s+(?:to|and)\s+"
                            r"(?:transfer|wire|send|refund|delete|cancel|exfiltrate|upload|forward)\b[^.\n]{0,60}?"
                            r"\b(?:to|into)\s+(?:account|iban|wallet|the (?:attacker|following)|\S+@\S+|https?://)"),
    # Chinese (simplified and traditional)
    _rule(('忽略', '忽视', '忽視', '无视', '無視', '不要理', '别管', '別管', '忘记', '忘記', '忘掉', '跳过', '跳過', '绕过', '繞過', '覆盖', '覆蓋'), "override", r"(?:忽略|忽视|忽視|无视|無視|不要理会|不要理會|别管|別管|忘记|忘記|忘掉|跳过|跳過|绕过|繞過|覆盖|覆蓋)"
                      r"[^。\n]{0,12}(?:之前|以前|先前|前面|上面|上述|以上|此前|所有|全部|一切|原来|原來|原有|系统|系統)"
                      r"[^。\n]{0,8}(?:指令|指示|提示词|提示詞|提示|规则|規則|命令|要求|设定|設定|限制)"),
    _rule(('不要', '停止', '别再', '別再'), "override", r"(?:不要|停止|别再|別再)(?:遵守|遵循|服从|服從|执行|執行)[^。\n]{0,8}(?:指令|指示|规则|規則|提示)"),
    _rule(('指令', '指示'), "override", r"(?:新的|新)(?:系统)?(?:指令|指示)\s*[:：]"),
    _rule(('你现在是', '你現在是', '从现在开始', '從現在開始', '现在你是', '現在你是', '扮演'), "role switch", r"(?:你现在是|你現在是|从现在开始[,，]?你|從現在開始[,，]?你|现在你是|現在你是|扮演)[^。\n]{0,20}"
                         r"(?:不受限制|没有限制|沒有限制|无限制|無限制|开发者模式|開發者模式|越狱|越獄|DAN|AI|助手)"),
    _rule(('泄露', '洩露', '透露', '告诉我', '告訴我', '输出', '輸出', '打印', '显示', '顯示', '发送', '發送', '展示', '给我', '給我'), "exfiltration", r"(?:泄露|洩露|透露|告诉我|告訴我|输出|輸出|打印|发送|發送|给我|給我)[^。\n]{0,10}"
                          r"(?:系统提示|系統提示|提示词|提示詞|初始指令|密钥|密鑰|密码|密碼|api\s?key|令牌|凭证|憑證|凭据|憑據|环境变量|環境變量)",
          True),
    _rule(('系统提示', '系統提示', '提示词', '提示詞', '初始指令', '密钥', '密鑰', '密码', '密碼', 'api', '令牌', '凭证', '憑證', '凭据', '憑據', '环境变量', '環境變量'), "exfiltration", r"(?:把|将|將)?(?:系统提示|系統提示|提示词|提示詞|初始指令|密钥|密鑰|密码|密碼|api\s?key|令牌|凭证|憑證|凭据"
                          r"|憑據|环境变量|環境變量)[^。\n]{0,8}(?:发给|發給|发送|發送|告诉|告訴|泄露|洩露|输出|輸出|贴出|貼出|透露)", True),
    _rule(('不要', '不得', '切勿', '别', '別'), "secrecy", r"(?:不要|不得|切勿|别|別)(?:告诉|告訴|通知|提醒)(?:用户|用戶|客户|客戶)"),
    # Japanese
    _rule(('無視', '忘れ', '破棄', '取り消'), "override", r"(?:以前|前|上記|これまで|すべて|全て|今まで|元|システム)の[^。\n]{0,10}(?:指示|命令|指令|プロンプト|ルール"
                      r"|設定|制約)[^。\n]{0,6}(?:を|は)?[^。\n]{0,4}(?:無視|忘れ|破棄|取り消)"),
    _rule(('無視', '忘れ'), "override", r"(?:指示|命令|プロンプト|ルール)(?:を|は)(?:すべて|全て)?(?:無視|忘れ)"),
    _rule(('あなたは今', '今からあなたは', 'これからあなたは', 'あなたはもう'), "role switch", r"(?:あなたは今|今からあなたは|これからあなたは|あなたはもう)[^。\n]{0,20}(?:制限|開発者モード|管理者|AI|アシスタント"
                         r"|ハッカー|DAN)"),
    _rule(('システムプロンプト', '初期プロンプト', 'パスワード', 'apiキー', '秘密鍵', 'アクセストークン', '認証情報', '環境変数'), "exfiltration", r"(?:システムプロンプト|初期プロンプト|パスワード|APIキー|秘密鍵|アクセストークン|認証情報|環境変数)"
                          r"[^。\n]{0,10}(?:出力|教え|明か|送信|送っ|送れ|共有|漏ら)", True),
    _rule(('ユーザーに', '利用者に', 'お客様に'), "secrecy", r"(?:ユーザー|利用者|お客様)に(?:は)?(?:言わ|伝え|知らせ|教え)(?:ないで|るな)"),
    # Korean
    _rule(('무시', '잊어', '잊고', '따르지'), "override", r"(?:이전|위의|앞의|앞선|모든|지금까지의|기존|원래|시스템)\s*[^.\n]{0,10}(?:지시|지침|명령|프롬프트|규칙|지시사항|설정)"
                      r"[^.\n]{0,6}(?:무시|잊어|잊고|따르지)"),
    _rule(('너는 이제', '당신은 이제', '지금부터', '이제부터'), "role switch", r"(?:너는 이제|당신은 이제|지금부터 (?:너는|당신은)|이제부터 (?:너는|당신은))[^.\n]{0,20}(?:제한|개발자 모드|관리자"
                         r"|해커|AI|어시스턴트|DAN)"),
    _rule(('프롬프트', '비밀번호', '암호', 'api 키', '토큰', '자격 증명', '환경 변수'), "exfiltration", r"(?:시스템 프롬프트|프롬프트|비밀번호|암호|API 키|api 키|토큰|자격 증명|환경 변수)[^.\n]{0,12}"
                          r"(?:보여|출력|알려|공개|보내|전송|유출)", True),
    _rule(('사용자에게', '고객에게'), "secrecy", r"(?:사용자|고객)에게\s*(?:알리지|말하지|전하지)\s*(?:마|말)"),
    # Russian
    _rule(('игнор', 'забуд', 'не обращ', 'отбрось', 'отмени', 'пренебрег'), "override", r"(?:игнорируй|игнорируйте|проигнорируй|проигнорируйте|забудь|забудьте|не обращай внимания на"
                      r"|не обращайте внимания на|отбрось|отмени|пренебреги)\s+(?:все\s+|всё\s+|любые\s+)?"
                      r"(?:(?:предыдущие|прошлые|прежние|вышеуказанные|вышеперечисленные|ранее данные|данные ранее|исходные"
                      r"|системные|свои|твои|ваши)\s+)?(?:инструкции|указания|команды|правила|промпт|установки|ограничения)"),
    _rule(('теперь ты', 'ты теперь', 'отныне ты', 'с этого момента ты', 'теперь вы', 'вы теперь'), "role switch", r"(?:теперь ты|ты теперь|отныне ты|с этого момента ты|теперь вы|вы теперь)\s+[^.\n]{0,30}"
                         r"(?:без ограничений|режим(?:е)? разработчика|ии|ассистент|dan)"),
    _rule(('раскрой', 'покажи', 'выведи', 'отправь', 'сообщи', 'перешли', 'напиши', 'назови', 'распечатай'), "exfiltration", r"(?:раскрой|покажи|выведи|отправь|сообщи|перешли|напиши|назови|распечатай)\s+(?:мне\s+)?"
                          r"(?:свой\s+|свои\s+|твой\s+|системный\s+|все\s+)?(?:системный промпт|промпт|системные инструкции"
                          r"|пароль|пароли|ключ api|api-ключ|api ключ|ключи|секрет|токен|учетные данные|переменные окружения)", True),
    _rule(('не говори', 'не сообщай', 'не рассказывай'), "secrecy", r"(?:не говори|не сообщай|не рассказывай)\s+(?:об этом\s+)?(?:пользователю|клиенту)"),
    # Spanish
    _rule(('ignor', 'olvid', 'descarta', 'omite', 'caso omiso', 'no hagas caso'), "override", r"\b(?:ignora|ignore|ignoren|ignorad|ignorar|olvida|olvide|olviden|olvidad|descarta|omite|haz caso omiso de"
                      r"|no hagas caso a)\s+(?:todas\s+|todo\s+|cualquier\s+)?(?:(?:las|los|tus|sus|el|la)\s+)?"
                      r"(?:(?:instrucciones|indicaciones|ordenes|reglas|directrices|normas|prompt)\s+(?:anteriores|previas|de arriba"
                      r"|del sistema|originales|iniciales)|(?:anteriores|previas)\s+(?:instrucciones|indicaciones|ordenes|reglas)"
                      r"|(?:tus|sus)\s+(?:instrucciones|reglas|directrices))"),
    _rule(('ahora eres', 'a partir de ahora', 'desde ahora'), "role switch", r"\b(?:ahora eres|a partir de ahora,? (?:eres|seras|actua)|desde ahora eres)\s+[^.\n]{0,30}"
                         rf"(?:{_AI_STRICT}|sin restricciones|sin filtros|modo desarrollador|dan)\b"),
    _rule(('revela', 'muestra', 'envia', 'imprime', 'dime', 'comparte', 'filtra', 'escribe', 'manda'), "exfiltration", r"\b(?:revela|muestra|envia|imprime|dime|comparte|filtra|escribe|manda)(?:me)?\s+(?:el\s+|la\s+|tu\s+"
                          r"|tus\s+|los\s+|las\s+|todas\s+las\s+)?(?:prompt del sistema|mensaje del sistema|instrucciones del sistema"
                          r"|instrucciones originales|contrasenas?|claves? (?:de )?api|secretos?|credenciales|tokens?"
                          r"|variables de entorno)", True),
    _rule(('al usuario', 'al cliente'), "secrecy", r"\bno (?:le )?(?:digas|informes|menciones|avises)\s+(?:nada\s+)?(?:esto\s+)?al (?:usuario|cliente)"),
    # French
    _rule(('ignor', 'oubli', 'pas compte', 'abstraction'), "override", r"\b(?:ignore|ignorez|ignorer|oublie|oubliez|oublier|ne tiens pas compte des|ne tenez pas compte des"
                      r"|fais abstraction des|faites abstraction des)\s+(?:toutes\s+|tous\s+)?(?:(?:les|tes|vos|ces)\s+)?"
                      r"(?:(?:instructions|consignes|regles|directives|ordres|commandes)\s+(?:precedentes|anterieures|ci-dessus"
                      r"|du systeme|systeme|initiales|d'origine)|(?:precedentes|anciennes)\s+(?:instructions|consignes|regles)"
                      r"|(?:tes|vos)\s+(?:instructions|consignes|regles|directives))"),
    _rule(('maintenant', 'desormais'), "role switch", r"\b(?:tu es maintenant|vous etes maintenant|desormais,? tu es|desormais,? vous etes"
                         r"|a partir de maintenant,? tu es)\s+[^.\n]{0,30}"
                         rf"(?:{_AI_STRICT}|sans restriction|sans filtre|mode developpeur|dan)\b"),
    _rule(('revele', 'revelez', 'affiche', 'envoie', 'envoyez', 'montre', 'donne', 'transmet', 'ecri', 'communiqu'), "exfiltration", r"\b(?:revele|revelez|affiche|affichez|envoie|envoyez|montre|montrez|donne|donnez|transmets"
                          r"|transmettez|ecris|ecrivez|communique|communiquez)(?:-moi|-nous|-les)?\s+(?:moi\s+)?(?:le\s+|la\s+"
                          r"|les\s+|ton\s+|ta\s+|tes\s+|votre\s+|vos\s+)?(?:prompt systeme|invite systeme|message systeme"
                          r"|instructions systeme|instructions d'origine|mots? de passe|cles? (?:d')?api|cle api|secrets?"
                          r"|identifiants|jetons?|variables d'environnement)", True),
    _rule(("l'utilisateur",), "secrecy", r"\bne (?:le |lui )?(?:dis|dites|mentionne|mentionnez|signale|signalez) (?:rien |pas )?(?:a|à) l'utilisateur"),
    # German
    _rule(('ignorier', 'vergiss', 'vergess', 'missacht', 'verwirf', 'verwerf', 'uberschreib'), "override", r"\b(?:ignoriere|ignorieren sie|ignoriert|vergiss|vergessen sie|vergesst|missachte|missachten sie"
                      r"|verwirf|verwerfen sie|uberschreibe)\s+(?:alle\s+|samtliche\s+|jegliche\s+)?(?:(?:die|deine|ihre|eure"
                      r"|vorherigen|bisherigen|obigen|vorigen|fruheren|vorangegangenen|ursprunglichen|system)\s*)+"
                      r"(?:anweisungen|instruktionen|befehle|regeln|anordnungen|vorgaben|richtlinien|prompts?|systemprompt)"),
    _rule(('du bist', 'sie sind', 'ab jetzt', 'von nun an'), "role switch", r"\b(?:du bist jetzt|du bist nun|ab jetzt bist du|von nun an bist du|sie sind jetzt|sie sind nun)\s+"
                         rf"[^.\n]{{0,30}}(?:{_AI_STRICT}|ohne einschrankungen|ohne filter|entwicklermodus"
                         r"|dan)\b"),
    _rule(('verrat', 'zeig', 'sende', 'schick', 'gib ', 'geben', 'nenne', 'drucke'), "exfiltration", r"\b(?:verrate|verraten sie|zeige|zeigen sie|zeig|sende|senden sie|schicke|schick|gib|geben sie"
                          r"|nenne|nennen sie|drucke|gib aus)\s+(?:mir\s+|uns\s+)?(?:alle\s+)?(?:den\s+|das\s+|die\s+|deinen\s+"
                          r"|dein\s+|deine\s+|ihren\s+|ihr\s+)?(?:systemprompt|system-prompt|systemanweisungen|passwort|passworter"
                          r"|kennwort|api-schlussel|api-key|api schlussel|geheimnisse?|zugangsdaten|token|umgebungsvariablen)", True),
    _rule(('benutzer', 'nutzer', 'kunden'), "secrecy", r"\b(?:sag|sage|sagen sie|erzahle|erwahne)\s+(?:dem|der)\s+(?:benutzer|nutzer|kunden)\s+nichts"),
    # Portuguese
    _rule(('ignor', 'desconsider', 'esquec', 'esquece', 'descarte'), "override", r"\b(?:ignore|ignora|ignorem|ignorar|desconsidere|desconsidera|esqueca|esquece|esquecam|descarte)\s+"
                      r"(?:todas\s+|todos\s+|quaisquer\s+)?(?:(?:as|os|suas|seus|tuas)\s+)?(?:(?:instrucoes|ordens|regras"
                      r"|diretrizes|orientacoes|comandos|prompt)\s+(?:anteriores|acima|previas|do sistema|originais|iniciais)"
                      r"|(?:suas|tuas)\s+(?:instrucoes|regras|diretrizes))"),
    _rule(('agora',), "role switch", r"\b(?:agora voce e|voce agora e|a partir de agora,? voce (?:e|sera)|de agora em diante,? voce e)\s+"
                         rf"[^.\n]{{0,30}}(?:{_AI_STRICT}|sem restricoes|sem filtros|modo desenvolvedor"
                         r"|dan)\b"),
    _rule(('revel', 'mostr', 'envie', 'envia', 'imprima', 'diga', 'compartilh', 'vaze', 'escreva', 'mande'), "exfiltration", r"\b(?:revele|revela|mostre|mostra|envie|envia|imprima|diga|compartilhe|vaze|escreva|mande)(?:-me)?"
                          r"\s+(?:me\s+)?(?:o\s+|a\s+|os\s+|as\s+|seu\s+|sua\s+|seus\s+|suas\s+|todas\s+as\s+)?(?:prompt do sistema"
                          r"|mensagem do sistema|instrucoes do sistema|instrucoes originais|senhas?|chaves? (?:de |da )?api"
                          r"|segredos?|credenciais|tokens?|variaveis de ambiente)", True),
    _rule(('ao usuario', 'o usuario', 'ao cliente', 'o cliente'), "secrecy", r"\bnao (?:conte|diga|informe|mencione|avise)\s+(?:nada\s+)?(?:isso\s+)?(?:ao|para o) (?:usuario|cliente)"),
    # role markers and fake turns
    _rule(('<|',), "role marker", r"<\|\s*(?:im_start|im_end|im_sep|system|user|assistant|endoftext|eot_id|start_header_id"
                         r"|end_header_id|begin_of_text|tool|ipython)\s*\|>"),
    _rule(('[inst]', '[/inst]', '<<sys', '<</sys', '_of_turn>'), "role marker", r"\[/?INST\]|<</?SYS>>|<(?:start|end)_of_turn>"),
    _rule(('<system', '</system', '<assistant', '</assistant', '<developer', '</developer', '<tool_r', '</tool_r', '<tool_o', '</tool_o', '<function_r', '</function_r', '<instruction', '</instruction', '<admin', '</admin'), "role marker", r"</?(?:system|assistant|developer|tool_results?|function_results?|tool_output|tool_response"
                         r"|instructions?|system_prompt|admin)(?:\s[^<>\n]{0,40})?>"),
    _rule(('system', 'instruction'), "role marker", r"^\s*#{1,4}\s*(?:system|instruction|new instructions?)\s*:"),
    _rule(('system', 'assistant', 'developer', 'admin'), "role marker", r"^\s*(?:\[|<)?(?-i:SYSTEM|System|ASSISTANT|DEVELOPER|ADMIN)(?:\]|>)?\s*(?:\s(?:MESSAGE|message"
                         r"|PROMPT|prompt|OVERRIDE|override|NOTE|note|UPDATE|update))?\s*:\s*(?=[^\n]{0,100}?\b(?:you|your"
                         r"|ignore|disregard|forget|must|from now|assistant|ai|model|instructions?|respond|reply|answer|call"
                         r"|send|transfer|do not|don't|never|always|new|override|reveal)\b)"),
    # A fake turn: the assistant's turn left open for the model to continue, or turns in which an
    # act is asked for or agreed to ("cancel my subscription" / "Sure, cancelling now"); a support
    # transcript's answered question ("I forgot my password" / "Click 'Forgot password'") is content.
    _rule(('human:', 'user:', 'human :', 'user :'), "role marker", r"^\s*(?:human|user)\s*:[^\n]*\n+\s*(?:assistant|ai)\s*:"
                         r"(?:\s*\Z|(?<=:)(?=[^\n]*\n?[^\n]*?\b(?:cancel|delet|send|sending|transfer|wire|wiring|refund|remov|grant"
                         r"|approv|execut|forward|disabl|wip|export|upload|pay|paying)))|^\s*(?:human|user)\s*:[^\n]*\b(?:cancel|delet"
                         r"|send|transfer|wire|refund|remove|grant|approve|execute|forward|disable|wipe|export|upload|pay)\b[^\n]*"
                         r"\n+\s*(?:assistant|ai)\s*:"),
    # fake tool calls
    _rule(('"tool_call', '"function_call', '"tool_use', '"tool_name', '"function_name', '"recipient_name'), "fake tool call", r"\"(?:tool_calls?|function_call|tool_use|tool_name|function_name|recipient_name)\"\s*:"),
    _rule(('"arguments', '"parameters', '"input', '"args'), "fake tool call", r"\{\s*\"name\"\s*:\s*\"[\w.-]+\"\s*,\s*\"(?:arguments|parameters|input|args)\"\s*:"),
    _rule(('<tool_call', '<function_call', '<invoke', '<tool_use'), "fake tool call", r"<(?:tool_call|function_call|function_calls|invoke|tool_use)\b"),
    _rule(('"role',), "fake tool call", r"\"role\"\s*:\s*\"(?:system|assistant|developer|tool)\"\s*,\s*\"content\"\s*:"),
)

_RULE_PATTERNS = Patterns([rule.pattern for rule in RULES])  # each rule's literal, read from its regex

_NEGATION = re.compile(r"(?:\b(?:never|not|don't|dont|no|won't|nunca|jamais|niemals|nie|nao|ne)\b|никогда|не |不要|勿|不会"
                       r"|不會|绝不|絕不|别|別|絶対に|절대)[^.\n]{0,20}$", re.IGNORECASE)
# Languages that negate after the verb: "geben Sie Ihr Passwort niemals weiter", 教えないで, 알려 주지 마세요.
_NEGATION_AFTER = re.compile(r"[^.\n。]{0,12}?(?:\b(?:niemals|nie|nicht|keinesfalls)\b|ないで|ません|なくて|するな|지\s?마|지\s?않)",
                             re.IGNORECASE)
_COMMENT = re.compile(r"<!--[\s\S]*?(?:-->|$)|^\[(?://|comment)\]:\s*[#<][^\n]*", re.MULTILINE)
_BASE64 = re.compile(r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{20,}={0,2}")
_MAX_BLOBS = 20


def _b64_decoded(blob: str) -> str | None:
    padded = blob + "=" * (-len(blob) % 4)
    try:
        data = base64.urlsafe_b64decode(padded) if ("-" in blob or "_" in blob) else base64.b64decode(padded)
        text = data.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    printable = sum(c.isprintable() or c in "\n\t" for c in text)
    return text if text and printable >= 0.9 * len(text) else None


# A chat template or code that builds chat messages shows role tokens as data: a token beside
# template syntax, or a role dict in an assignment, is not a turn.
_CODE = re.compile(r"\b\w+\s*=\s*\[|\.(?:append|create|invoke)\(|\bconst\s+\w+\s*=")


# A conversation recorded whole: a user's turn and the assistant's answer beside it (a fine-tuning
# dataset's lines, an API log's request, an exported chat). A forged turn slipped into data is one
# turn (a "system" or "assistant" dict alone), which this leaves a turn.
_USER_TURN = re.compile(r"\"role\"\s*:\s*\"user\"")
_ASSISTANT_TURN = re.compile(r"\"role\"\s*:\s*\"assistant\"")


def _as_data(rule: Rule, text: str, m: re.Match[str]) -> bool:
    if rule.label == "role marker":
        return templated(text, m.start(), m.end())
    return rule.label == "fake tool call" and m.group(0).startswith('"role"') and (
        _CODE.search(text) is not None or _USER_TURN.search(text) is not None and _ASSISTANT_TURN.search(text) is not None)


_WINDOW = 300  # a rule's match lies within this many characters of its anchor


def _windows(positions: list[int], size: int) -> list[tuple[int, int]]:
    """The stretches of text around the anchors, merged: a long document is matched only there."""
    out: list[tuple[int, int]] = []
    for p in sorted(positions):
        a, b = max(0, p - _WINDOW), min(size, p + _WINDOW)
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _matches(text: str, found: dict[int, list[int]] | None = None,
             fast: bool = True) -> Iterable[tuple[str, str, int]]:
    """Every rule whose anchors the text holds, run over it: fast, each only where the literal its
    regex requires stands (adapters/anchored.py); plainly (``fast=False``), over all of it."""
    found = _positions(text.lower()) if found is None else found
    rules = sorted(i for i in found if i >= 0)  # (the pre-scan's own marks are < 0)
    if not rules:
        return
    lowered = text.lower()
    index = index_text(text, lowered) if fast else None
    at = None if index is None else _RULE_PATTERNS.at(index)
    for i in rules:
        rule = RULES[i]
        yield from _judged(rule, text, _RULE_PATTERNS.finditer(rule.pattern, text, at))


def _judged(rule: Rule, text: str, matches: Iterable[re.Match[str]]) -> Iterable[tuple[str, str, int]]:
    for m in matches:
        if rule.negatable and (_NEGATION.search(text, max(0, m.start() - 30), m.start())
                               or _NEGATION_AFTER.match(text, m.end(), m.end() + 30)):
            continue
        if _as_data(rule, text, m):
            continue
        yield rule.label, m.group(0), m.start()


def _in_comment(spans: list[tuple[int, int]], at: int) -> bool:
    return any(a <= at < b for a, b in spans)


# Reasons an operator's own knowledge base may hold as policy (trust.py: first-party tools):
# "do not tell the customer the code", "use the lock_card tool immediately".
POLICY_LABELS = frozenset({"secrecy", "tool directive"})


class RuleDetector:
    """The default detector: multilingual rules over normalised text, plus base64 blobs, plus
    the meaning and structure signals of injection_signals.py (32 languages, tricks undone)."""

    def reasons(self, text: str) -> list[str]:
        text = transport_decoded(text) or text
        units = blocks(text)
        if units is None and not prescan(text):
            return []
        return self._scan_units(text, units, True)

    def scan(self, text: str, fast: bool = True) -> list[str]:
        """Why ``text`` reads as instructions; ``fast=False``: the plain twin (each rule over
        all of the text, no paragraph read from the cache; tests/adapters/test_injection_twin.py
        holds the two equal). A long text is read paragraph by paragraph (injection_blocks.py),
        each pre-scanned on its own."""
        text = transport_decoded(text) or text
        return self._scan_units(text, blocks(text), fast)

    def _scan_units(self, text: str, units: list[str] | None, fast: bool) -> list[str]:
        if units is None:
            return self._scan(text, fast)
        found: dict[str, None] = {}
        for reasons in (_paragraph_reasons(units) if fast else map(_block_reasons_plain, units)):
            found.update(dict.fromkeys(reasons))
        return list(found)

    def _scan(self, text: str, fast: bool, anchors: dict[int, list[int]] | None = None,
              normalised: tuple[str, list[str]] | None = None, gated: bool = False) -> list[str]:
        """``_scan_once``; a text it finds reasons in is read again without the phrases it quotes
        as examples (``quoted_examples_blanked``: "text like 'ignore all previous instructions'"),
        so that only what it says itself counts (the second reading only where the first found one)."""
        found = self._scan_once(text, fast, anchors, normalised, gated)
        if found:
            unquoted = quoted_examples_blanked(text)
            if unquoted is not None:
                return self._scan_once(unquoted, fast, None, None, gated)
        return found

    def _scan_once(self, text: str, fast: bool, anchors: dict[int, list[int]] | None = None,
                   normalised: tuple[str, list[str]] | None = None, gated: bool = False) -> list[str]:
        """``gated``: the signals read only when their gate lets the text through (a long page's
        paragraphs: most hold a rare word and no combination; a short value that holds one
        usually holds more, and the gate would only add its cost)."""
        norm, tricks = normalise(text) if normalised is None else normalised
        suffix = f" ({', '.join(tricks)})" if tricks else ""
        if anchors is None:
            anchors = _anchors_of(norm)
        focused_text: str | None = None
        if len(norm) > _LONG and not trick_hint(norm) and not any(i < 0 for i in anchors):
            focused = _focus(norm, anchors)  # a long document: only the stretches around its anchors
            if focused is not norm:
                norm, anchors, focused_text = focused, _positions(focused.lower()), focused
        comments = [m.span() for m in _COMMENT.finditer(norm)] if ("<!--" in norm or "]:" in norm) else []
        found: dict[str, None] = {}
        for label, phrase, at in _matches(norm, anchors, fast):
            where = " in a hidden comment" if comments and _in_comment(comments, at) else ""
            found[f"{label}: {_short(phrase)}{where}{suffix}"] = None
        blobs = _BASE64.findall(norm)[:_MAX_BLOBS] if _BASE64_HINT in anchors else []
        for blob in blobs:
            decoded = _b64_decoded(blob)
            if decoded:
                inner, _ = normalise(decoded)
                for label, phrase, _ in _matches(inner, None, fast):
                    found[f"{label}: {_short(phrase)} (base64)"] = None
        for trick, layer in read_back(norm):  # (hyphen-split words, URL escapes, CSV quoting: rare literals)
            for label, phrase, _ in _matches(layer, None, fast):
                found.setdefault(f"{label}: {_short(phrase)} ({trick})")
        # The signals need a rare word (an ASCII one is an anchor; another script's, may_signal) or
        # a trick to undo: a paragraph of plain help text in any language is not read again.
        if not (_SIGNALS in anchors or trick_hint(norm) or (not norm.isascii() and may_signal(norm))
                or names_a_role(norm.lower())):
            return list(found)
        signal_text = focused_text if focused_text is not None else text if text.isascii() else translate(
            text, _STRIP, _HIDDEN)  # (decoders need the letters as sent)
        if not gated or may_give_reasons(signal_text):
            labels_seen = {r.split(":", 1)[0] for r in found}
            for reason in signal_reasons(signal_text):
                if reason.split(":", 1)[0] not in labels_seen:
                    found[reason + suffix] = None
        return list(found)


_LONG = 4 * _WINDOW


def _anchors_of(norm: str) -> dict[int, list[int]]:
    return _positions(norm.lower().replace("\n", " "))  # (a phrase folded over lines; the same positions)


def _unit_reasons(unit: str, fast: bool) -> tuple[str, ...]:
    """One paragraph: its anchors found once, for the pre-scan's question and the scan."""
    norm = normalise(unit)[0]
    anchors = _anchors_of(norm)
    if not anchors and not trick_hint(norm) and (norm.isascii() or not may_signal(norm)):
        return ()
    return tuple(DEFAULT._scan(unit, fast, anchors))


def _block_reasons_plain(unit: str) -> tuple[str, ...]:
    return _unit_reasons(unit, False)


# Paragraphs already read, with their reasons: the same articles come back in search after search.
_READ: Memo[str, tuple[str, ...]] = Memo(4096)


def _paragraph_reasons(units: list[str]) -> list[tuple[str, ...]]:
    """Each paragraph's reasons, as ``_unit_reasons(unit, True)`` gives them: a paragraph read
    before from ``_READ``, the new ones read together (``_read_new``)."""
    known = {unit: _READ.get(unit) for unit in units}
    fresh = [unit for unit, reasons in known.items() if reasons is None]
    for unit, reasons in zip(fresh, _read_new(fresh), strict=True):
        known[unit] = reasons
        _READ.put(unit, reasons)
    return [known[unit] or () for unit in units]


def cache_clear() -> None:
    """Forget every paragraph read (bench scancost: no pass reads a text another pass read)."""
    _READ.clear()


def _read_new(units: list[str]) -> list[tuple[str, ...]]:
    """``_unit_reasons(unit, True)`` of each paragraph, their anchors found in one automaton pass
    over all of them: a call costs about as much as reading a KB, and a help page has ~10
    paragraphs a KB, most of which hold no anchor and are done once it is known."""
    normed = [normalise(unit) for unit in units]
    anchored = _anchors_of_all([norm for norm, _ in normed])
    quiet = [not anchors and not trick_hint(norm) for anchors, (norm, _) in zip(anchored, normed, strict=True)]
    # A quiet paragraph (no anchor, no trick) is read further only if it holds a rare word of
    # another script (may_signal), those words found in one pass too.
    ask = [k for k, (norm, _) in enumerate(normed) if quiet[k] and not norm.isascii()]
    rare = {k for k, found in zip(ask, may_signal_all([normed[k][0] for k in ask]), strict=True) if found}
    out: list[tuple[str, ...]] = []
    for k, (unit, (norm, tricks), anchors) in enumerate(zip(units, normed, anchored, strict=True)):
        out.append(() if quiet[k] and k not in rare else tuple(DEFAULT._scan(unit, True, anchors, (norm, tricks), gated=True)))
    return out


def _anchors_of_all(norms: list[str]) -> list[dict[int, list[int]]]:
    """``_anchors_of`` of each text, from one automaton pass over all of them, less the rules
    whose regex requires a literal the text lacks (``_Required``: on a help page, "ignore it and
    report it" holds the override rules' verb and none of their nouns)."""
    keys = [valid_text(norm.lower().replace("\n", " ")) for norm in norms]
    anchors = _ASCII_AUTOMATON if all(map(str.isascii, keys)) else _AUTOMATON
    found = [anchors.by_rule(hits) if hits else {} for hits in hits_in_each(anchors.automaton, keys, True)]
    return [_REQUIRED.met(key, norm, rules) if rules else rules for key, norm, rules in zip(keys, norms, found, strict=True)]


class _Required:
    """Each rule's required literals (``anchored.required_literals`` of its regex) beyond the
    anchor that made it a candidate, in one automaton: a rule whose text lacks one cannot match
    there, and is not tried. Only a paragraph too short to be focused (``_focus`` reads every
    anchor's position) is so narrowed, and not one holding a character ``(?i)`` matches with a
    letter it does not lower to (``ſ`` for "s", ``İ``): there a literal's absence from the
    lowered text proves nothing; a literal of such letters is no requirement either."""

    def __init__(self, rules: tuple[Rule, ...]) -> None:
        numbered: dict[frozenset[str], int] = {}
        self.needs = [frozenset(numbered.setdefault(g, len(numbered)) for g in required_literals(rule.pattern)
                                if not _implied(rule.anchors, g) and not any(map(_case_trapped, g))) for rule in rules]
        by_word: dict[str, set[int]] = {}
        for group, number in numbered.items():
            for word in group:
                by_word.setdefault(word, set()).add(number)
        self.words = list(by_word)
        self.groups = [frozenset(by_word[w]) for w in self.words]
        self.automaton = ahocorasick_rs.AhoCorasick(self.words, implementation=ahocorasick_rs.Implementation.DFA)

    def met(self, key: str, norm: str, anchors: dict[int, list[int]]) -> dict[int, list[int]]:
        """``anchors`` less the rules whose required literals ``key`` (``norm`` lowered) lacks."""
        if len(norm) > _LONG or not norm.isascii() and (has_case_trap(key) or has_case_trap(norm)):
            return anchors
        needs = self.needs
        if not any(i >= 0 and needs[i] for i in anchors):
            return anchors
        groups = self.groups
        met = frozenset().union(*(groups[w] for w, _, _ in self.automaton.find_matches_as_indexes(key, overlapping=True)))
        return {i: at for i, at in anchors.items() if i < 0 or needs[i] <= met}


def _case_trapped(literal: str) -> bool:
    return not literal.isascii() and (has_case_trap(literal) or "\u0307" in literal)


def _implied(anchors: tuple[str, ...], group: frozenset[str]) -> bool:
    """Whether every anchor holds a literal of ``group`` (an anchor found means the group is met)."""
    return all(any(word in anchor for word in group) for anchor in anchors)


def _focus(norm: str, anchors: dict[int, list[int]]) -> str:
    """The stretches of a long text around the rules' anchors and the signals' rare words: every
    match lies within them, and the rest of the document is not read again. A text whose anchors
    stand all over it is read whole (``norm`` itself): cutting it would save nothing."""
    positions = [p for ps in anchors.values() for p in ps]
    if _covered(_windows(positions, len(norm))) * 2 >= len(norm):
        return norm
    if not norm.isascii():
        positions += rare_positions(norm)
    return "\n\n".join(norm[a:b] for a, b in _windows(positions, len(norm)))


def _covered(windows: list[tuple[int, int]]) -> int:
    return sum(b - a for a, b in windows)


def _short(phrase: str) -> str:
    phrase = " ".join(phrase.split()).lower()
    return phrase if len(phrase) <= 60 else phrase[:57] + "..."


# --- the literal pre-scan ----------------------------------------------------------------

# A base64 blob is decoded only when it holds one of these words in one of its three alignments.
_B64_WORDS = ("ignor", "Ignor", "ignore", "Ignore", "IGNORE", "Vergiss", "Esque", "Oubli", "無視", "무시", "系统", "instruction", "Instruction", "disregard", "Disregard", "forget",
              "Forget", "system", "System", "SYSTEM", "prompt", "assistant", "password", "you are", "You are",
              "reveal", "Reveal", "忽略", "指令", "игнор", "Игнор")


def _b64_cores(word: str) -> Iterable[str]:
    """The base64 characters that depend on ``word`` alone, at each of the three byte offsets."""
    data = word.encode()
    for k in range(3):
        enc = base64.b64encode(b"\x00" * k + data + b"\x00\x00").decode()
        core = "".join(c for i, c in enumerate(enc) if 6 * i >= 8 * k and 6 * i + 6 <= 8 * (k + len(data)))
        if len(core) >= 6:
            yield core.lower()


_BASE64_HINT = -1  # the automaton's value for a base64 word: decode the text's blobs
_SIGNALS = -2  # a word of injection_signals.py that every one of its signals needs


def _anchor_table() -> dict[str, frozenset[int]]:
    table: dict[str, set[int]] = {}
    for i, rule in enumerate(RULES):
        for anchor in rule.anchors:
            table.setdefault(anchor, set()).add(i)
    for word in _B64_WORDS:
        for core in _b64_cores(word):
            table.setdefault(core, set()).add(_BASE64_HINT)
    for word in SIGNAL_ANCHORS:
        table.setdefault(word, set()).add(_SIGNALS)
    return {anchor: frozenset(rules) for anchor, rules in table.items()}


def valid_text(text: str) -> str:
    """The text the automaton can read: a lone surrogate (bytes that were not UTF-8, kept by
    surrogateescape) becomes U+FFFD. Cheap: the check is ``str.isascii`` first."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "replace").decode("utf-8")
    return text


class _Anchors:
    """Every anchor in one automaton (a DFA, built once): one pass over a text tells whether any
    rule can match, or which rules can."""

    def __init__(self, table: dict[str, frozenset[int]]) -> None:
        self.words = list(table)
        self.rules = [table[w] for w in self.words]
        self.automaton = ahocorasick_rs.AhoCorasick(self.words, implementation=ahocorasick_rs.Implementation.DFA)

    def any(self, lowered: str) -> bool:
        return bool(self.automaton.find_matches_as_indexes(valid_text(lowered)))

    def positions(self, lowered: str) -> dict[int, list[int]]:
        """Each rule whose anchors occur, with where they start."""
        return self.by_rule([(index, start) for index, start, _ in
                             self.automaton.find_matches_as_indexes(valid_text(lowered), overlapping=True)])

    def by_rule(self, hits: list[tuple[int, int]]) -> dict[int, list[int]]:
        """(anchor, start) hits, in the automaton's order, as each rule with where its anchors start."""
        by_anchor: dict[int, list[int]] = {}
        for index, start in hits:
            by_anchor.setdefault(index, []).append(start)
        out: dict[int, list[int]] = {}
        for index, starts in by_anchor.items():
            for rule in self.rules[index]:
                out.setdefault(rule, []).extend(starts)
        return out

    def active(self, lowered: str) -> set[int]:
        active: set[int] = set()
        for index, _, _ in self.automaton.find_matches_as_indexes(valid_text(lowered), overlapping=True):
            active |= self.rules[index]
        return active


_ANCHORS = _anchor_table()
# ASCII text can only hold ASCII anchors, and the smaller automaton is faster: the hot path
# of a fleet of JSON tools (~2 us on an 800-character tau raw; the old 11-word loop took ~3).
_ASCII_AUTOMATON = _Anchors({a: r for a, r in _ANCHORS.items() if a.isascii()})
ASCII_ANCHORS = tuple(_ASCII_AUTOMATON.words)  # all an ASCII text can hold (adapters/prescan.py)
# The anchors that stand for the meaning signals alone and that the signals read only at a word's
# start (injection_signals._meanings): inside a word ("philadelphia." holds "ia.") such an anchor
# gives no reason, so the pre-scan pass does not count it there (adapters/prescan.py).
WORD_START_ANCHORS = frozenset(w for w in ASCII_ANCHORS if _ANCHORS[w] == frozenset({_SIGNALS}) and w in WORD_START_STEMS)
_AUTOMATON = _Anchors(_ANCHORS)
_REQUIRED = _Required(RULES)
none_holds_apart(list(_ANCHORS), "injection anchors")


def _positions(lowered: str) -> dict[int, list[int]]:
    return (_ASCII_AUTOMATON if lowered.isascii() else _AUTOMATON).positions(lowered)


def _active(lowered: str) -> set[int]:
    """The rules whose anchors the text holds."""
    return (_ASCII_AUTOMATON if lowered.isascii() else _AUTOMATON).active(lowered)


def prescan(text: str, lowered: str | None = None) -> bool:
    """False when no rule can match: the text holds none of the rules' anchors."""
    if text.isascii():
        lowered = text.lower() if lowered is None else lowered
        return _ASCII_AUTOMATON.any(lowered) or trick_hint(text) or (
            "\n" in lowered and _ASCII_AUTOMATON.any(lowered.replace("\n", " ")))  # (a phrase folded over lines)
    norm = normalise(text)[0]
    return _AUTOMATON.any(norm.lower()) or may_signal(norm) or trick_hint(norm) or (
        "\n" in norm and _AUTOMATON.any(norm.lower().replace("\n", " ")))


_JSON_ESCAPES = re.compile(r"\\[nrt\"\\/]")
_UNESCAPE = {"\\n": "\n", "\\r": "\r", "\\t": "\t", '\\"': '"', "\\\\": "\\", "\\/": "/"}


_U_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")


def undo_u_escapes(text: str) -> str:
    """``\\uXXXX`` escapes as the characters they stand for. ``json.dumps`` writes a character
    beyond the BMP (an emoji) as two escapes, a surrogate pair: joined back into one character
    here, since the literal automaton reads UTF-8 only; a lone surrogate becomes U+FFFD (the
    UTF-16 round trip joins the pairs and replaces the rest: its result is valid UTF-8)."""
    text = _U_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


# How a text may travel encoded, whole, to the tool that returns it: JSON's ``\\u`` escapes (a JSON
# document returned as text), MIME quoted-printable (an IMAP fetch of a raw message: ``=E2=80=99``,
# soft line breaks ``=`` CRLF that cut words), HTML's character references (``&lt;`` in a page's
# text). Its reader reads it decoded, so the rules do: the text is read as decoded, not beside it
# (the encoded form's cut words are no reader's words).
_QP_ESCAPE = re.compile(r"=[0-9A-F]{2}")
_QP_SOFT_BREAKS = ("=\r\n", "=\n")
_HTML_REFERENCES = ("&lt;", "&gt;", "&quot;", "&#")
_REFERENCE = re.compile(r"&(?:lt|gt|quot|amp|apos|nbsp|#\d{1,7}|#x[0-9a-fA-F]{1,6});")


def transport_hint(text: str) -> bool:
    return ("\\u" in text or "uoted-printable" in text or any(b in text for b in _QP_SOFT_BREAKS)
            or any(r in text for r in _HTML_REFERENCES) or "-->" in text)


# transport_hint's words but "\\u", for the one pre-scan pass (adapters/prescan.py, which leaves a
# raw with "\\u" to the checks): none of them in the lowered raw, no hint.
TRANSPORT_WORDS = ("uoted-printable", *_QP_SOFT_BREAKS, *_HTML_REFERENCES, "-->")


# Subtitles (SubRip, WebVTT): cues of a few words, each after its number and its time span. A viewer
# reads the cues' text as one run of speech; a sentence cut between cues is read whole.
_CUE_TIME = re.compile(r"(?m)^[ \t]*(?:\d{1,2}:)?\d{2}:\d{2}[,.]\d{3}[ \t]+-->[ \t]+(?:\d{1,2}:)?\d{2}:\d{2}[,.]\d{3}[^\n]*$")
_CUE_NUMBER = re.compile(r"\d+|WEBVTT.*")
# A comment inside a word (``ig<!-- -->nore``): the page shows the word whole.
_COMMENT_IN_WORD = re.compile(r"(?<=\w)<!--[^<>]{0,40}?-->(?=\w)")


def _cues_read(text: str) -> str:
    if len(_CUE_TIME.findall(text)) < 2:
        return text
    lines = (line.strip() for line in _CUE_TIME.sub("", text).split("\n"))
    return " ".join(line for line in lines if line and not _CUE_NUMBER.fullmatch(line))


def _markup_read(text: str) -> str:
    if "-->" not in text:
        return text
    text = _COMMENT_IN_WORD.sub("", text) if "<!--" in text else text
    return _cues_read(text)


def transport_decoded(text: str) -> str | None:
    """``text`` with its whole-text encodings undone, or None when it has none."""
    if not transport_hint(text):
        return None
    out = text
    if "\\u" in out and _U_ESCAPE.search(out) is not None:
        out = undo_u_escapes(out)
        out = _JSON_ESCAPES.sub(lambda m: _UNESCAPE[m.group(0)], out)
    if ("uoted-printable" in out or any(b in out for b in _QP_SOFT_BREAKS) and len(_QP_ESCAPE.findall(out)) >= 3):
        out = quopri.decodestring(out.encode("utf-8", "surrogatepass")).decode("utf-8", "replace")
    if any(r in out for r in _HTML_REFERENCES) and _REFERENCE.search(out) is not None:
        out = html.unescape(out)
    out = _markup_read(out)
    return out if out != text else None


def may_hold_injection(raw_text: str, lowered: str | None = None, found: Prescan | None = None) -> bool:
    """One scan of a whole raw: when False, none of its values needs the per-value scan.
    ``found``: the raw's anchors, found with the other checks' (adapters/prescan.py).

    JSON escapes are undone first: a ``\\n``-escaped role marker still starts a line, and text
    behind ``\\u`` escapes (``json.dumps``' default) is read as the characters it stands for."""
    decoded = transport_decoded(raw_text) if found is None or found.transport else None
    if decoded is not None:
        raw_text, lowered, found = decoded, None, None  # (read as its reader reads it: the pre-scan too)
    if found is not None and not found.injection and not trick_hint_gated(raw_text, lowered or raw_text.lower(), found.gates):
        return False  # (adapters/prescan.py reads only ASCII text without \u escapes)
    if found is None:
        if "\\u" in raw_text:
            raw_text = undo_u_escapes(raw_text)
            lowered = None
        if len(raw_text) < BLOCK_FROM and not prescan(raw_text, lowered):
            return False
    text = _JSON_ESCAPES.sub(lambda m: _UNESCAPE[m.group(0)], raw_text) if "\\" in raw_text else raw_text
    if found is None and len(raw_text) >= BLOCK_FROM and blocks(text) is None and not prescan(text):
        return False  # (a long text with paragraphs is pre-scanned paragraph by paragraph)
    return bool(DEFAULT.scan(text))


DEFAULT: RuleDetector = RuleDetector()  # may_hold_injection calls its scan (the prescan done)


def injection_reasons(text: str, detector: Detector | None = None, first_party: bool = False) -> list[str]:
    """Why this text reads like instructions for the model ([] when it reads as data).
    ``first_party``: the operator's own knowledge base (trust.py), whose policy sentences
    ("do not tell the customer the code") are content."""
    reasons = (detector or DEFAULT).reasons(text)
    return [r for r in reasons if r.split(":", 1)[0] not in POLICY_LABELS] if first_party else reasons


def labels(reasons: Iterable[str]) -> list[str]:
    """The rule names of some reasons, for the one-line warning (``override, role marker``)."""
    return list(dict.fromkeys(r.split(":", 1)[0] for r in reasons))


# --- evaluation on a labelled corpus (tests and ``python -m bench quality``) -----------

@dataclass
class Figures:
    injections: int = 0
    caught: int = 0
    benign: int = 0
    false_alarms: int = 0

    @property
    def recall(self) -> float:
        return self.caught / self.injections if self.injections else 1.0

    @property
    def false_alarm_rate(self) -> float:
        return self.false_alarms / self.benign if self.benign else 0.0


def evaluate(corpus: Iterable[dict[str, Any]], detector: Detector | None = None) -> dict[str, Figures]:
    """Per-language figures for corpus entries ``{text, lang, injection: bool}``; key ``all`` sums them."""
    out: dict[str, Figures] = {"all": Figures()}
    for entry in corpus:
        flagged = bool(injection_reasons(entry["text"], detector))
        for key in ("all", entry["lang"]):
            f = out.setdefault(key, Figures())
            if entry["injection"]:
                f.injections += 1
                f.caught += flagged
            else:
                f.benign += 1
                f.false_alarms += flagged
    return out
