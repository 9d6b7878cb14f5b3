"""What the adapt memos keep of one raw, by its size and form: the measure behind
``adapt.LARGE_MEMO_BYTES`` (docs/design.md, Content memos).

    python -m bench memo_memory

Each raw (a text of ``row N yyyy...`` lines, as `bench mcp`'s 20 kB file, or a JSON list of
customer records) is decoded from its envelope line and adapted into an empty memo under
tracemalloc; the envelope and the result are then dropped, so what is still allocated is what
the memos hold (the content and its fragments), and nothing else that would be freed.
"""

from __future__ import annotations

import gc
import sys
import tracemalloc
from typing import Any

import orjson

from obsline.adapters.adapt import AdaptMemo, adapt
from obsline.adapters.envelope import decode

ADAPT = sys.modules["obsline.adapters.adapt"]  # (``obsline.adapters.adapt`` is also the function's name)


def text_raw(lines: int) -> str:
    return "".join(f"row {i} " + "y" * 40 + "\n" for i in range(lines))


def json_raw(records: int) -> list[dict[str, Any]]:
    return [{"id": i, "name": f"user {i}", "email": f"u{i}@example.com", "balance": i * 1.5, "tags": ["a", "b"],
             "created": "2024-01-02T03:04:05Z"} for i in range(records)]


CASES = {"text 20 kB": text_raw(400), "text 1 MB": text_raw(20_000), "JSON 20 kB": json_raw(150),
         "JSON 200 kB": json_raw(1_500), "JSON 1 MB": json_raw(7_500)}


def _line(raw: Any) -> bytes:
    return orjson.dumps({"task_id": "t", "step_id": 0, "action_id": "a", "tool": "get_users", "raw": raw})


def kept_bytes(raw: Any) -> tuple[int, int]:
    """(the raw's bytes, what the memos keep of it)."""
    line = _line(raw)
    memo = AdaptMemo.of(8)
    gc.collect()
    tracemalloc.start()
    envelope = decode(line)
    result = adapt(envelope, {}, memo=memo)
    size = result.adapted.raw_bytes
    del envelope, result
    gc.collect()
    kept, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(memo.large_contents) + len(memo.contents) == 1
    return size, kept


def main(argv: list[str] | None = None) -> None:
    ADAPT.LARGE_MEMO_BYTES = 1 << 30  # every case memoised, whatever its size
    kept_bytes(json_raw(3))  # first calls fill caches that outlive a record (compiled patterns, names)
    kept_bytes(text_raw(3))
    print("| raw | bytes | kept by the memos | kept / raw |\n|---|---:|---:|---:|")
    for name, raw in CASES.items():
        size, kept = kept_bytes(raw)
        print(f"| {name} | {size:,} | {kept:,} | {kept / size:.1f}x |")


if __name__ == "__main__":
    main()
