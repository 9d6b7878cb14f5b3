"""The header line of a raw over the parse limit names the limit adapt ran with."""

from __future__ import annotations

import orjson

from obsline.adapters.adapt import Limits
from obsline.pipeline import Runner, Stages


def _text_of(raw: object, limits: Limits) -> str:
    line = orjson.dumps({"task_id": "t", "step_id": 0, "action_id": "a0", "tool": "lookup", "raw": raw})
    [processed] = list(Runner(Stages(contracts={}, limits=limits)).run([line]))
    return processed.observation.text


def test_a_configured_parse_limit_is_named_not_called_a_nesting_cut():
    raw = {"rows": [{"id": i, "name": f"item {i}"} for i in range(400)]}  # ~10 KB of JSON, 3 levels
    text = _text_of(raw, Limits(max_raw_bytes=4_000))
    assert "nesting" not in text
    assert "not parsed:" in text and "over the 4,000-byte parse limit" in text


def test_the_default_limit_reads_in_mib_and_a_small_raw_is_not_cut():
    raw = "x" * ((1 << 20) + 10)
    assert "over the 1 MiB parse limit" in _text_of(raw, Limits())
    assert "parse limit" not in _text_of({"id": 1}, Limits(max_raw_bytes=4_000))


def test_a_depth_cut_still_says_nesting():
    deep: object = 1
    for _ in range(10):
        deep = {"d": deep}
    text = _text_of(deep, Limits(max_depth=4))
    assert "nesting past the depth limit" in text and "parse limit" not in text
