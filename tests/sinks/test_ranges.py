"""Range reads of stored results: the units the display budget's cut statements name."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from obsline.core.errors import ArtifactError, ErrorCode
from obsline.core.ids import artifact_ref
from obsline.sinks.ranges import parse_range, select
from obsline.stores.artifacts import ArtifactStore

TEXT = "first\nsecond\r\nthird é\n\nfifth"


def test_lines_are_split_at_newline_only_and_joined_back() -> None:
    assert select(TEXT.encode(), lines=(2, 3)) == "second\r\nthird é".encode()
    assert select(TEXT.encode(), lines=(4, 4)) == b""
    assert b"\n".join(select(TEXT.encode(), lines=(i, i)) for i in range(1, 6)) == TEXT.encode()


def test_chars_of_the_chosen_lines() -> None:
    assert select(TEXT.encode(), lines=(3, 3), chars=(7, 7)) == "é".encode()
    assert select(TEXT.encode(), chars=(1, 5)) == b"first"


def test_items_at_a_path_of_a_json_result() -> None:
    raw = orjson.dumps({"total": 3, "rows": [{"id": 1}, {"id": 2}, {"id": 3}], "meta": {"notes": "a\nb\nc"}})
    assert orjson.loads(select(raw, path="rows", items=(2, 3))) == [{"id": 2}, {"id": 3}]
    assert select(raw, path="meta.notes", lines=(3, 3)) == b"c"
    assert select(raw, path="rows.0") == b'{"id":1}'
    assert orjson.loads(select(b"[1,2,3,4]", items=(1, 2))) == [1, 2]


@pytest.mark.parametrize(("raw", "kwargs", "code", "words"), [
    (TEXT.encode(), {"lines": (5, 6)}, ErrorCode.INVALID_ARGUMENT, "lines 5-6 out of range: there are 5"),
    (TEXT.encode(), {"lines": (0, 1)}, ErrorCode.INVALID_ARGUMENT, "out of range"),
    (TEXT.encode(), {"items": (1, 1)}, ErrorCode.INVALID_ARGUMENT, "not JSON"),
    (b'{"a": 1}', {"items": (1, 1)}, ErrorCode.INVALID_ARGUMENT, "the result is not a list"),
    (b'{"a": 1}', {"path": "b", "lines": (1, 1)}, ErrorCode.NOT_FOUND, "no field 'b'"),
    (b'{"a": [1]}', {"path": "a", "lines": (1, 1)}, ErrorCode.INVALID_ARGUMENT, "is not a text"),
    (b"[1]", {"items": (1, 1), "lines": (1, 1)}, ErrorCode.INVALID_ARGUMENT, "items select from a list"),
])
def test_bad_ranges_are_typed_errors_that_say_why(raw: bytes, kwargs: dict, code: ErrorCode, words: str) -> None:
    with pytest.raises(ArtifactError, match=words) as info:
        select(raw, **kwargs)
    assert info.value.code is code


@pytest.mark.parametrize(("text", "expected"), [("3-9", (3, 9)), ("7", (7, 7)), ("1,000-2,000", (1000, 2000))])
def test_parse_range(text: str, expected: tuple[int, int]) -> None:
    assert parse_range(text) == expected


@pytest.mark.parametrize("text", ["", "a-b", "3-", "-3", "1.5"])
def test_parse_range_rejects_what_is_not_a_range(text: str) -> None:
    with pytest.raises(ArtifactError, match="A-B"):
        parse_range(text, "--lines")


def test_store_read_checks_the_task_like_get(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path)
    ref = artifact_ref("t", 1, "a", store.key)
    store.put(ref, TEXT.encode())
    assert store.read_range(ref, task_id="t", lines=(1, 2)) == b"first\nsecond\r"
    for bad_ref, task in ((ref, "other"), (artifact_ref("t", 1, "a"), "t")):  # another task; unsigned
        with pytest.raises(ArtifactError) as info:
            store.read_range(bad_ref, task_id=task, lines=(1, 2))
        assert info.value.code is ErrorCode.PERMISSION_DENIED
