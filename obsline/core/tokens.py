"""Token counts from a real tokenizer (o200k_base via bpe-openai), never len(text)/4."""

from __future__ import annotations

from functools import cache

import bpe_openai

from obsline.core.memo import Memo

ENCODING = "o200k_base"
CHUNK_CHARS = 100_000  # bpe-openai refuses very long inputs; count those piecewise
MEMO_MAX_CHARS = 16_384  # longer texts are counted each time (bounds a memo's memory)


@cache
def _encoding() -> bpe_openai.Encoding:
    return bpe_openai.get_encoding(ENCODING)


@cache
def _counter():  # type: ignore[no-untyped-def]
    """The Rust backend's ``count``: the same number as ``len(encode_ordinary(text))`` (checked
    on every dev-trace record by tests/test_tokens.py) without building the token list."""
    backend = getattr(_encoding(), "_backend", None)
    return getattr(backend, "count", None)


def count_tokens(text: str, memo: Memo[str, int] | None = None, prefix: str = "") -> int:
    """Exact o200k_base count of ``prefix + text``; a pure function, so repeated texts may come
    from a memo, kept under ``text`` alone (the concatenation is made only to count it: a memo
    used with a prefix must always be used with that prefix)."""
    if not text:
        return exact_count(prefix) if prefix else 0
    if memo is None or len(text) > MEMO_MAX_CHARS:
        return exact_count(prefix + text)
    n = memo.get(text)
    if n is None:
        n = exact_count(prefix + text)
        memo.put(text, n)
    return n


def exact_count(text: str) -> int:
    """The tokenizer itself, without the memo."""
    counter = _counter()
    if counter is not None:
        try:
            return int(counter(text))
        except (UnicodeEncodeError, ValueError):
            text = text.encode("utf-8", "replace").decode("utf-8")
            return int(counter(text))
    encode = _encoding().encode_ordinary
    if len(text) <= CHUNK_CHARS:
        return len(encode(text))
    # Cut at whitespace so a word is never split across chunks (exact up to pre-tokenizer
    # merges of runs of spaces at the cut, a token or two per 100k characters).
    total, start = 0, 0
    while start < len(text):
        end = min(start + CHUNK_CHARS, len(text))
        if end < len(text):
            cut = text.rfind(" ", start + CHUNK_CHARS // 2, end)
            end = cut if cut > start else end
        total += len(encode(text[start:end]))
        start = end
    return total


# The display budget (sinks/budget.py): how many tokens of a result an observation shows.
DEFAULT_BUDGET_TOKENS = 8000
MIN_BUDGET_TOKENS = 256  # below this the summary and the cut statement alone would not fit
BUDGET_ENV = "OBSLINE_BUDGET_TOKENS"


def budget_tokens(value: object, source: str = "") -> int:
    """A display budget checked once where it is configured (flag, env, contract): an integer
    of at least ``MIN_BUDGET_TOKENS``; anything else raises ValueError (naming ``source``)."""
    where = f"{source}: " if source else ""
    if isinstance(value, str):
        text = value.strip().replace("_", "")
        if not text.lstrip("-").isdigit():
            raise ValueError(f"{where}a display budget is a whole number of tokens, not {value!r}")
        value = int(text)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{where}a display budget is a whole number of tokens, not {value!r}")
    if value < MIN_BUDGET_TOKENS:
        raise ValueError(f"{where}a display budget must be at least {MIN_BUDGET_TOKENS} tokens, not {value}")
    return value


def fits_without_counting(text: str, budget: int) -> bool:
    """True when ``text`` cannot exceed ``budget`` o200k tokens, decided without the tokenizer:
    every token is at least one UTF-8 byte, so a text of at most ``budget`` bytes fits (ASCII:
    one byte a character). False means "count it", not "over"."""
    if len(text) > budget:
        return False
    return text.isascii() or len(text.encode("utf-8", "surrogatepass")) <= budget
