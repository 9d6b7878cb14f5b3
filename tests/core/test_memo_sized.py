"""``SizedMemo`` (bounded by the sizes put with its items) and the adapt memos of raws over
``MEMO_MAX_BYTES``: a repeated large raw is read once, and the memo never holds more bytes than
its budget."""

from __future__ import annotations

import sys

import orjson
from hypothesis import given
from hypothesis import strategies as st

from obsline.adapters.adapt import LARGE_MEMO_BYTES, MEMO_MAX_BYTES
from obsline.core.memo import SizedMemo
from obsline.pipeline import Runner, Stages

adapt_module = sys.modules["obsline.adapters.adapt"]  # (obsline.adapters.adapt is also a function's name)


@given(st.lists(st.tuples(st.integers(0, 9), st.integers(0, 40)), max_size=60))
def test_the_sizes_kept_stay_within_the_budget_and_the_newest_is_kept(puts: list[tuple[int, int]]) -> None:
    memo: SizedMemo[str, int] = SizedMemo(100)
    for key, size in puts:
        memo.put(str(key), size, size)
        assert memo.used == sum(memo._sizes.values()) <= 100 and memo._sizes.keys() == memo._items.keys()
        if size <= 25:  # a quarter of the budget: kept, and read back
            assert memo.get(str(key)) == size


def test_the_least_recently_used_goes_first() -> None:
    memo: SizedMemo[str, str] = SizedMemo(100)
    memo.put("a", "A", 25)
    memo.put("b", "B", 25)
    memo.put("c", "C", 25)
    memo.put("d", "D", 25)
    assert memo.get("a") == "A"  # now the most recently used
    memo.put("e", "E", 25)
    assert memo.get("b") is None and memo.get("a") == "A" and len(memo) == 4
    memo.put("huge", "H", 26)  # over a quarter: not kept, nothing evicted
    assert memo.get("huge") is None and len(memo) == 4


def _line(step: int, raw: str) -> bytes:
    return orjson.dumps({"task_id": "t", "step_id": step, "action_id": f"a{step}", "tool": "read_text_file",
                         "args": {"path": "/w/big.txt"}, "raw": raw})


def test_a_repeated_large_raw_is_read_once_and_observed_as_without_the_memo(monkeypatch) -> None:
    big = "".join(f"row {i} " + "y" * 40 + "\n" for i in range(400))  # ~20 kB, the p95 call of bench mcp
    assert MEMO_MAX_BYTES < len(big) <= LARGE_MEMO_BYTES // 4
    reads = []
    real = adapt_module.read_content
    monkeypatch.setattr(adapt_module, "read_content", lambda *a: reads.append(1) or real(*a))
    lines = [_line(step, big) for step in range(4)]
    on = [p.observation.text for p in Runner(Stages.default()).run(lines)]
    assert len(reads) == 1
    off = [p.observation.text for p in Runner(Stages.default(memo_entries=0)).run(lines)]
    assert len(reads) == 1 + 4 and on == off
