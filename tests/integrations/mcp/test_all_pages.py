"""upstream.all_pages: every item of a paginated MCP list, in order, following next_cursor."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from obsline.integrations.mcp.upstream import all_pages


@dataclass
class _Page:
    items: list[int]
    next_cursor: str | None


def test_all_pages_follows_the_cursor_to_the_last_page() -> None:
    pages = {None: _Page([1, 2], "b"), "b": _Page([3], "c"), "c": _Page([], None)}
    asked: list[str | None] = []

    async def fetch(cursor: str | None) -> _Page:
        asked.append(cursor)
        return pages[cursor]

    assert asyncio.run(all_pages(fetch, lambda page: page.items)) == [1, 2, 3]
    assert asked == [None, "b", "c"]
