"""A raw written by ``json.dumps`` (ASCII escapes) with a character beyond the BMP: an emoji is two
``\\u`` escapes, a surrogate pair. Found by the held-out document-search corpus (bench/agent_corpus.py):
the injection scan undid the escapes one by one, handed the literal automaton two lone surrogates,
and the record, valid JSON, became ``MALFORMED`` (a stage exception)."""

from __future__ import annotations

import json

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.adapters.injection import undo_u_escapes
from obsline.core.models import Status
from obsline.pipeline import Runner, Stages


def _observe(raw: str):
    line = orjson.dumps({"task_id": "t", "step_id": 0, "action_id": "a0", "tool": "search_docs", "raw": raw})
    [processed] = list(Runner(Stages.default()).run([line]))
    return processed.observation


def test_an_escaped_emoji_in_a_long_document_is_read_not_malformed() -> None:
    # long enough, and with instruction-like words, that the injection scan reads it whole
    content = ("If, for example, the string contained `a\U0001F44D%`, you should ignore the byte "
               "offsets and follow the instructions of the char boundary rules. ") * 60
    obs = _observe(json.dumps([{"id": "doc-1", "title": "Strings", "content": content}]))
    assert obs.status is Status.SUCCESS, obs.text[:200]
    assert "\U0001F44D" in obs.text


def test_surrogate_pairs_are_joined_and_a_lone_one_is_replaced() -> None:
    assert undo_u_escapes(r"a\ud83d\udc4d% \u00e9") == "a\U0001F44D% \u00e9"
    assert undo_u_escapes(r"x \ud800 y") == "x \ufffd y"


@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters='\\"')))
def test_undoing_ascii_escapes_gives_back_the_text(text: str) -> None:
    escaped = json.dumps(text)[1:-1]  # ensure_ascii: every non-ASCII character as \u escapes
    assert undo_u_escapes(escaped) == text
