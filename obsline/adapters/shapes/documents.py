"""Ranked document lists from search/retrieval tools::

    1. Title
    ID: doc-1
    Score: 0.92
    Content: ...

Each document becomes one item (rank, title and its ``Key: value`` fields); the content is
outside text."""

from __future__ import annotations

import re

from obsline.adapters.shapes.base import Meaning, Tree

_RANK = re.compile(r"^(?P<rank>\d{1,3})[.)] (?P<title>\S.*)$")
_FIELD = re.compile(r"^(?P<key>[A-Z][A-Za-z_ ]{0,20}): ?(?P<value>.*)$")
_KEYS = ("ID:", "Id:", "Score:", "URL:", "Url:", "Content:", "Snippet:", "Source:", "Text:", "Title:")


class Documents:
    name = "documents"
    meaning = Meaning(origin="outside", budget_unit="documents")  # document text comes from outside

    def detect(self, text: str, head: str) -> bool:
        return _RANK.match(head.lstrip("\n").split("\n", 1)[0]) is not None and sum(k in head for k in _KEYS) >= 2

    def parse(self, text: str) -> Tree | None:
        docs: list[dict[str, Tree]] = []
        key: str | None = None
        for line in text.strip("\n").split("\n"):
            rank = _RANK.match(line)
            if rank and _opens_document(docs, key, line, rank):
                docs.append({"rank": int(rank["rank"]), "title": rank["title"]})
                key = None
                continue
            if not docs:
                return None
            fits, key = _add_line(docs[-1], key, line)
            if not fits:
                return None
        if not any(len(d) > 2 for d in docs):  # (a list of titles alone is no document list)
            return None
        return {"documents": [_trimmed(doc) for doc in docs]}

    def render(self, tree: Tree) -> str | None:
        blocks = []
        for doc in tree["documents"]:
            lines = [f"{doc['rank']}. {doc['title']}"]
            lines.extend(f"{k}: {v}" for k, v in doc.items() if k not in ("rank", "title"))
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks)


def _add_line(doc: dict[str, Tree], key: str | None, line: str) -> tuple[bool, str | None]:
    """A document's line: a new field, more of the field before, or (False) not a document's."""
    field = _FIELD.match(line)
    if field and field["key"] not in doc:
        doc[field["key"]] = field["value"]
        return True, field["key"]
    if key is not None:
        doc[key] = f"{doc[key]}\n{line}"
        return True, key
    return not line.strip(), key


def _trimmed(doc: dict[str, Tree]) -> dict[str, Tree]:
    """A blank line between documents is layout, not content."""
    for k, v in doc.items():
        if isinstance(v, str):
            doc[k] = v.rstrip("\n")
    return doc


def _opens_document(docs: list[dict[str, Tree]], key: str | None, line: str, rank: re.Match[str]) -> bool:
    """A ranked line starts the next document, unless it is indented inside a content."""
    return (not docs or key != "Content" or not line.startswith(" ")) and _next_rank(docs, rank)


def _next_rank(docs: list[dict[str, Tree]], rank: re.Match[str]) -> bool:
    return int(rank["rank"]) == (int(docs[-1]["rank"]) + 1 if docs else int(rank["rank"]))
