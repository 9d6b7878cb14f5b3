"""Plain text: the shape of last resort. It gains nothing from structure and is shown as it is."""

from __future__ import annotations

from obsline.adapters.shapes.base import Meaning, Tree


class Text:
    name = "text"
    meaning = Meaning(words_at_edges=True, error_content="beyond_one_line", own_renderer=False)

    def detect(self, text: str, head: str) -> bool:
        return True

    def parse(self, text: str) -> Tree | None:
        return text

    def render(self, tree: Tree) -> str | None:
        return None
