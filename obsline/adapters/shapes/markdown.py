"""Markdown pages (READMEs, docs, converted web pages): headings counted, text shown as is."""

from __future__ import annotations

import re

from obsline.adapters.shapes.base import Meaning, Tree

_HEADING = re.compile(r"^#{1,6} \S", re.M)
_LINK = re.compile(r"\[[^\]\n]+\]\([^)\s]+\)")


class Markdown:
    name = "markdown"
    meaning = Meaning(origin="outside")  # pages and documents come from outside

    def detect(self, text: str, head: str) -> bool:
        return "# " in head or "](" in head or "```" in head

    def parse(self, text: str) -> Tree | None:
        headings = _HEADING.findall(text)
        if not headings and len(_LINK.findall(text[:4096])) < 2:
            return None
        first = next((line.lstrip("# ").strip() for line in text.split("\n") if _HEADING.match(line)), None)
        tree: dict[str, Tree] = {"title": first} if first else {}
        tree.update(sections=len(headings), text=text)
        return tree

    def render(self, tree: Tree) -> str | None:
        return str(tree["text"])
