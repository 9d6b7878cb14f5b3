"""Results that say they are incomplete: *uncertain*, with the reason they give.

``truncated: true``, ``incomplete``, ``partial_result``, ``complete: false`` beside a list,
``timed_out: true`` (Elasticsearch), OpenAI ``finish_reason: length``/``status: incomplete``,
Gemini ``finishReason: MAX_TOKENS``, Anthropic ``stop_reason: max_tokens``. Pagination
(``has_more``, a ``next`` link) is not incompleteness: the page is whole.
"""

from __future__ import annotations

import re
from functools import lru_cache, partial
from typing import Any

from obsline.adapters.error_fields import key_words
from obsline.adapters.status_batches import count_role, describe
from obsline.adapters.status_shapes import JOB_DEPTH, lower_word, only_items

_INCOMPLETE_TRUE = ("truncated", "incomplete", "is_partial", "partial_response", "timed_out", "is_truncated",
                    "isTruncated", "partial_results", "partial_result", "partialResult", "is_incomplete")
_CUT_REASONS = frozenset({"length", "max_tokens", "max_output_tokens"})  # a model's answer cut at its budget
_COMPLETE_FALSE = ("complete", "is_complete", "isComplete")  # beside the list they qualify (not a to-do's flag)


# Why a model stopped, at the top or in each choice (Cohere's, Ollama's, Bedrock's spellings too).
_REASON_KEYS = ("finish_reason", "finishReason", "stop_reason", "stopReason", "done_reason", "doneReason",
                "completionReason")
# Notes a result carries about itself (Splunk's messages, a search's warnings).
_NOTE_KEYS = ("messages", "warnings", "warning", "notices", "notes")
_SAYS_INCOMPLETE = re.compile(r"\b(?:results?|output|response|data|answer)s?\b[^.\n]{0,40}\b(?:may|might|could) be "
                              r"(?:incomplete|partial|truncated|missing)|\bpartial results\b|\bincomplete results\b|"
                              r"\b(?:query|search|results?|response|answer)s? (?:was|were|is|are) (?:partial|incomplete|"
                              r"truncated)\b",
                              re.I)
_FLAG_SET = frozenset({*_INCOMPLETE_TRUE, *_COMPLETE_FALSE})
_REASON_SET = frozenset(_REASON_KEYS)
INCOMPLETE_KEYS = frozenset({*_INCOMPLETE_TRUE, *_COMPLETE_FALSE, "status", "choices", "candidates", *_REASON_KEYS,
                             *_NOTE_KEYS})


# A flag's words that say the result is not whole (``partialResults``, ``IsTruncated``,
# ``results_incomplete``), unless they name a setting (``allowPartialResults``).
_NOT_WHOLE_WORDS = frozenset({"partial", "incomplete", "truncated", "cutoff"})
# ... and words whose flag says so when false (Algolia's ``exhaustiveNbHits: false``).
_WHOLE_WORDS = frozenset({"exhaustive"})
_LIMIT_WORDS = frozenset({"hit", "reached", "exceeded", "stopped"})  # a limit that cut the result (``limitHit``,
# llama.cpp's ``stopped_limit``)
_SETTING_WORDS = frozenset({"allow", "allowed", "accept", "enable", "enabled", "include", "support", "supports",
                            "can", "return", "if", "on", "when", "max"})


@lru_cache(maxsize=4096)
def _says_not_whole(key: str) -> bool:
    """A flag that can say the result is not whole, either way round (``search_cutoff``,
    ``limitHit``, ``exhaustiveNbHits``), unless it names a setting."""
    words = key_words(key)
    return (not _NOT_WHOLE_WORDS.isdisjoint(words) or not _WHOLE_WORDS.isdisjoint(words)
            or "limit" in words and not _LIMIT_WORDS.isdisjoint(words)) and _SETTING_WORDS.isdisjoint(words)


def _not_whole(key: str, value: Any) -> bool:
    """The flag says so: true for a cut (``truncated``), false for a whole (``exhaustive``)."""
    if value is not True and value is not False or not _says_not_whole(key):
        return False
    return value is (_WHOLE_WORDS.isdisjoint(key_words(key)))


def _flag_text(key: str, value: Any) -> str:
    return f"{key}: {'true' if value else 'false'}"


@lru_cache(maxsize=4096)
def inner_hints(keys: tuple[str, ...]) -> bool:
    """Keys of an object inside the result that can say the result is not whole: a flag so named
    (Solr's ``responseHeader.partialResults``), or counts of the sources that answered and failed
    (OpenSearch's ``_shards``): the test ``declared_inside`` starts from."""
    return any(map(_says_not_whole, keys)) or not _REASON_SET.isdisjoint(keys) or "failed" in (roles := set(map(count_role, keys))) and (
        "done" in roles or "total" in roles)


def declared_inside(obj: dict[str, Any]) -> str | None:
    """A header of the result's own that says it is not whole: a ``partial``/``truncated`` flag,
    or some of the sources it was read from failed (``_shards: {"total": 5, "successful": 4,
    "failed": 1}``), whatever the header is called."""
    for key, inner in obj.items():
        if not isinstance(inner, dict) or not inner_hints(tuple(inner)):
            continue
        flag = next((k for k, v in inner.items() if _not_whole(k, v)), None)
        if flag is not None:
            return f"{key}.{_flag_text(flag, inner[flag])}"
        cut = _cut_reason(inner)  # TGI's {"details": {"finish_reason": "length"}}
        if cut is not None:
            return f"{key}.{cut}"
        failed = next((v for k, v in inner.items() if count_role(k) == "failed" and isinstance(v, int)
                       and not isinstance(v, bool) and v > 0), None)
        if failed is not None and not any(isinstance(v, list | dict) for v in inner.values()):
            return f"{key}: {describe(inner)}"
    return None


def declared_incomplete(obj: Any) -> str | None:
    """Why the result says it is incomplete (``truncated: true``), or None. A page cut where the next
    one starts is whole (S3's ``IsTruncated: true`` beside its ``NextContinuationToken``): pagination."""
    why = _declared_incomplete(obj)
    if why is not None and "runcat" in why and _continues(obj):
        return None
    return why


# The last or first word of a key that says where the next page starts.
_NEXT_WORDS = frozenset({"continuation", "cursor", "marker"})


def _continues(obj: dict[str, Any]) -> bool:
    return any(isinstance(v, str | int) and not isinstance(v, bool) and v != "" and (
        not _NEXT_WORDS.isdisjoint(words := key_words(k)) or words[:1] == ["next"]) for k, v in obj.items())


def _declared_incomplete(obj: Any) -> str | None:
    if not isinstance(obj, dict):
        return None
    if obj.keys().isdisjoint(INCOMPLETE_KEYS):
        return _flagged(obj) if flag_keys(tuple(obj)) else None
    if not obj.keys().isdisjoint(_FLAG_SET):  # (each test below starts from a key of its own)
        for key in _INCOMPLETE_TRUE:
            if obj.get(key) is True:
                return f"{key}: true"
        for key in _COMPLETE_FALSE:
            if obj.get(key) is False and any(isinstance(v, list) for v in obj.values()):
                return f"{key}: false"
    if lower_word(obj.get("status")) == "incomplete":
        reason = obj.get("incomplete_details")
        return "status: incomplete" + (f" ({describe(reason)})" if isinstance(reason, dict) else "")
    keys = obj.keys()
    if not keys.isdisjoint(_REASON_SET):  # each test below starts from a key of its own
        found = _cut_reason(obj)
        if found is not None:
            return found
    for key in ("choices", "candidates"):  # OpenAI's finish_reason, Gemini's finishReason
        choices = obj.get(key)
        for choice in choices if isinstance(choices, list) else ():  # ({"candidates": 1} is a count)
            found = _cut_reason(choice) if isinstance(choice, dict) else None
            if found is not None:
                return found
    return _noted_incomplete(obj) if not keys.isdisjoint(_NOTE_KEYS) else _flagged(obj) if flag_keys(
        tuple(obj)) else None


@lru_cache(maxsize=4096)
def flag_keys(keys: tuple[str, ...]) -> bool:
    return any(map(_says_not_whole, keys))


def _flagged(obj: dict[str, Any]) -> str | None:
    """A flag of the result's own under another name (``partialResults: true``)."""
    flag = next((k for k, v in obj.items() if _not_whole(k, v)), None)
    return None if flag is None else _flag_text(flag, obj[flag])


def _cut_reason(holder: dict[str, Any]) -> str | None:
    for key in _REASON_KEYS:
        reason = holder.get(key)
        if isinstance(reason, str) and reason.lower() in _CUT_REASONS:
            return f"{key}: {reason}"
    return None


def _noted_incomplete(obj: dict[str, Any]) -> str | None:
    """A note of the result's own that says its results may be incomplete."""
    for key in _NOTE_KEYS:
        notes = obj.get(key)
        for note in notes if isinstance(notes, list) else [notes]:
            text = note if isinstance(note, str) else next(
                (v for k in ("text", "message", "msg", "detail") if isinstance(v := note.get(k), str)), "") \
                if isinstance(note, dict) else ""
            if text and _SAYS_INCOMPLETE.search(text):
                return text[:200]
    return None


def flagged_below(nodes: list[tuple[dict[str, Any], dict[str, Any] | None]]) -> str | None:
    """A flag that says the result is not whole, on an object below the top (the objects a walk
    noted: ``status_survey``), named by its path's last key."""
    for node, parent in nodes:
        if parent is None or not flag_keys(tuple(node)):
            continue
        found = _flagged(node)
        if found is not None:
            key = next((k for k, v in parent.items() if v is node), "")
            return f"{key}.{found}" if key else found
    return None


def flagged_deep(obj: dict[str, Any], depth: int = 0) -> str | None:
    """``flagged_below``'s plain twin: every object to the job reader's depth, breadth first."""
    items = [(item, obj) for item in only_items(obj)] if len(obj) <= 2 else []  # (as the survey reads them)
    level: list[tuple[dict[str, Any], dict[str, Any] | None]] = [(obj, None), *items]
    found_nodes: list[tuple[dict[str, Any], dict[str, Any] | None]] = list(items)
    for _ in range(JOB_DEPTH):
        level = [(v, node) for node, _p in level for v in node.values() if isinstance(v, dict)]
        found_nodes += level
    return flagged_below(found_nodes)


@lru_cache(maxsize=4096)
def names_model(keys: tuple[str, ...]) -> bool:
    """A key naming the model that answered (``model``, ``model_id``, ``modelVersion``)."""
    return "model" in keys or any("model" in key_words(k) for k in keys if "odel" in k)


def listed_cut(obj: dict[str, Any]) -> str | None:
    """A model's answers (the result names its ``model``) in a list of any name (``responses``,
    ``outputs``, ``generations``), the first of which says it was cut at its budget."""
    for items in filter(_IS_LIST, obj.values()):  # (in C: the lists only)
        if items and type(first := items[0]) is dict and not first.keys().isdisjoint(_REASON_SET):
            found = _cut_reason(first)
            if found is not None:
                key = next(k for k, v in obj.items() if v is items)
                return f"{key}[0].{found}"
    return None


_IS_LIST = partial(type.__instancecheck__, list)
