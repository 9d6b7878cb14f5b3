"""HTML pages, converted to markdown text with html2text (headings, lists, tables and link
targets kept; scripts, styles and markup dropped). Chosen over selectolax (lexbor) after a
side-by-side run (docs/design.md, Shapes): same words kept, ~20x slower, but it keeps the
page's structure, which a plain text extraction flattens."""

from __future__ import annotations

import re

import html2text

from obsline.adapters.shapes.base import Meaning, Tree

_TITLE = re.compile(r"<title[^>]*>(.*?)</title>", re.I | re.S)
_MARKERS = ("<!doctype html", "<html", "<body", "<head", "<div", "<p>", "<table", "<ul")


class HtmlPage:
    name = "html"
    meaning = Meaning(origin="outside")  # web pages are outside text

    def detect(self, text: str, head: str) -> bool:
        if head[:256].lstrip()[:1] != "<":
            return False
        lowered = head.lower()
        return any(marker in lowered for marker in _MARKERS)

    def parse(self, text: str) -> Tree | None:
        converter = html2text.HTML2Text()
        converter.body_width = 0  # never re-wrap lines: the text stays as the page had it
        converter.unicode_snob = True
        try:
            converted = converter.handle(text).strip("\n")
        except (ValueError, AssertionError, IndexError):  # html2text on broken markup
            return None
        tree: dict[str, Tree] = {}
        title = _TITLE.search(text[:8192])
        if title and title.group(1).strip():
            tree["title"] = " ".join(title.group(1).split())
        tree["text"] = converted
        return tree

    def render(self, tree: Tree) -> str | None:
        text = str(tree["text"])
        title = tree.get("title")
        return text if not title or title in text else f"{title}\n{text}"
