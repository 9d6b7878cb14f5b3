"""Token counts from a real tokenizer (o200k_base via bpe-openai), never len(text)/4."""

from __future__ import annotations

from functools import cache

import bpe_openai

ENCODING = "o200k_base"


@cache
def _encoding() -> bpe_openai.Encoding:
    return bpe_openai.get_encoding(ENCODING)


def count_tokens(text: str) -> int:
    if not text:
        return 0
    return len(_encoding().encode_ordinary(text))
