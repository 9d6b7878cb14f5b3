"""Results that say they are incomplete: *uncertain*, with the reason they give.

``truncated: true``, ``incomplete``, ``partial_result``, ``complete: false`` beside a list,
``timed_out: true`` (Elasticsearch), OpenAI ``finish_reason: length``/``status: incomplete``,
Gemini ``finishReason: MAX_TOKENS``, Anthropic ``stop_reason: max_tokens``. Pagination
(``has_more``, a ``next`` link) is not incompleteness: the page is whole.
"""

from __future__ import annotations

from typing import Any

from obsline.adapters.status_batches import describe
from obsline.adapters.status_shapes import lower_word

_INCOMPLETE_TRUE = ("truncated", "incomplete", "is_partial", "partial_response", "timed_out", "is_truncated",
                    "isTruncated", "partial_results", "partial_result", "partialResult", "is_incomplete")
_CUT_REASONS = frozenset({"length", "max_tokens", "max_output_tokens"})  # a model's answer cut at its budget
_COMPLETE_FALSE = ("complete", "is_complete", "isComplete")  # beside the list they qualify (not a to-do's flag)


_FLAG_SET = frozenset({*_INCOMPLETE_TRUE, *_COMPLETE_FALSE})
INCOMPLETE_KEYS = frozenset({*_INCOMPLETE_TRUE, *_COMPLETE_FALSE, "status", "stop_reason", "choices", "candidates"})


def declared_incomplete(obj: Any) -> str | None:
    """Why the result says it is incomplete (``truncated: true``), or None."""
    if not isinstance(obj, dict) or obj.keys().isdisjoint(INCOMPLETE_KEYS):
        return None
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
    if obj.get("stop_reason") == "max_tokens":
        return "stop_reason: max_tokens"
    for key in ("choices", "candidates"):  # OpenAI's finish_reason, Gemini's finishReason
        for choice in obj.get(key) or ():
            if isinstance(choice, dict):
                reason = choice.get("finish_reason") or choice.get("finishReason")
                if isinstance(reason, str) and reason.lower() in _CUT_REASONS:
                    return f"{'finish_reason' if 'finish_reason' in choice else 'finishReason'}: {reason}"
    return None
