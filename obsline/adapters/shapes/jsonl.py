"""JSON lines: one JSON value per line (event streams, exports)."""

from __future__ import annotations

import orjson

from obsline.adapters.shapes.base import Meaning, Tree


class JsonLines:
    name = "jsonl"
    meaning = Meaning(json_like=True, error_content="none", own_renderer=False)  # an API's output, like JSON

    def detect(self, text: str, head: str) -> bool:
        start = head.lstrip()[:1]
        return start in ("{", "[") and "\n" in text.strip()

    def parse(self, text: str) -> Tree | None:
        values = []
        for line in text.split("\n"):
            if not line.strip():
                continue
            if line.lstrip()[:1] not in ("{", "["):
                return None
            try:
                values.append(orjson.loads(line))
            except orjson.JSONDecodeError:
                return None
        return values if len(values) >= 2 else None

    def render(self, tree: Tree) -> str | None:
        return None
