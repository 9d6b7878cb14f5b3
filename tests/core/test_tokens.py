"""Token counts are the tokenizer's own (o200k_base), never an estimate."""

from __future__ import annotations

import bpe_openai
import orjson

from obsline.core.tokens import CHUNK_CHARS, count_tokens

ENC = bpe_openai.get_encoding("o200k_base")


def test_count_equals_the_length_of_the_encoding_on_every_dev_record(dev_lines):
    for line in dev_lines:
        raw = orjson.loads(line)["raw"]
        assert count_tokens(raw) == len(ENC.encode_ordinary(raw))


def test_known_counts():
    assert count_tokens("") == 0
    assert count_tokens("hello world") == 2
    assert count_tokens('{"reservation_id": "XEWRD9"}') == len(ENC.encode_ordinary('{"reservation_id": "XEWRD9"}'))


def test_text_past_the_encoders_one_million_character_limit_is_counted():
    words = 3 * CHUNK_CHARS  # 1.5 M characters: "word", then " word" per word, then " "
    assert count_tokens("word " * words) == words + 1
