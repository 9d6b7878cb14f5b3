"""Search hits: ``grep -n`` lines (``path:line:text``) and SWE-agent's ``Found N matches for
"X" in DIR:`` / ``No matches found for "X" in DIR`` reports. Finding nothing is a result
(zero hits), not an error. Hit lines are kept as they are: ``path:line:text`` is how agents
cite them."""

from __future__ import annotations

import re

from obsline.adapters.shapes.base import Meaning, Tree

_FOUND = re.compile(r'^Found (?P<n>\d+) matches for "(?P<query>.*)" in (?P<where>.*):$')
_NONE = re.compile(r'^No matches found for "(?P<query>.*)" in (?P<where>.*)$')
_END = re.compile(r'^End of matches for ".*" in .*$')
_GREP = re.compile(r"^(?P<path>[^\s:][^:\s]*):(?P<line>[1-9]\d*)[:-](?P<text>.*)$")
# ``2025-01-01T10:00:00Z ...`` splits like ``path:line:text``; a date and an hour are no path
_TIME_PATH = re.compile(r"\[?(\d{4}-\d{2}-\d{2}[T ])?\d{1,2}")


class SearchHits:
    name = "search_hits"
    meaning = Meaning(origin="workspace")

    def detect(self, text: str, head: str) -> bool:
        return "matches for \"" in head or "No matches found" in head or _GREP.match(head.split("\n", 1)[0]) is not None

    def parse(self, text: str) -> Tree | None:
        lines = text.split("\n")
        start = next((i for i, line in enumerate(lines[:5]) if _FOUND.match(line) or _NONE.match(line)), None)
        if start is not None:
            return _report(lines, start)
        return _grep(lines)

    def render(self, tree: Tree) -> str | None:
        if "hits" in tree and isinstance(tree["hits"], list):
            return "\n".join(f"{h['path']}:{h['line']}{h.get('sep', ':')}{h['text']}" for h in tree["hits"])
        out = [tree["before"]] if "before" in tree else []
        if tree["found"] == 0:
            out.append(f'No matches found for "{tree["query"]}" in {tree["in"]}')
        else:
            out.append(f'Found {tree["found"]} matches for "{tree["query"]}" in {tree["in"]}:')
            out.append(tree["hits"])
        if "end" in tree:
            out.append(tree["end"])
        if "after" in tree:
            out.append(tree["after"])
        return "\n".join(out)


def _report(lines: list[str], start: int) -> Tree:
    tree: dict[str, Tree] = {}
    if start:
        tree["before"] = "\n".join(lines[:start])
    found = _FOUND.match(lines[start])
    if found is None:
        none = _NONE.match(lines[start])
        assert none is not None
        tree.update(found=0, query=none["query"], **{"in": none["where"]})
        end = start + 1
    else:
        tree.update(found=int(found["n"]), query=found["query"], **{"in": found["where"]})
        end = start + 1
        while end < len(lines) and not _END.match(lines[end]):
            end += 1
        tree["hits"] = "\n".join(lines[start + 1:end])
        if end < len(lines):
            tree["end"] = lines[end]
            end += 1
    if end < len(lines):
        tree["after"] = "\n".join(lines[end:])
    return tree


def _grep(lines: list[str]) -> Tree | None:
    hits: list[dict[str, Tree]] = []
    for line in lines:
        found = _GREP.match(line)
        if found is None or _TIME_PATH.fullmatch(found["path"]):
            return None  # every line a hit, or it is some other text (a log, times of day)
        hit: dict[str, Tree] = {"path": found["path"], "line": int(found["line"]), "text": found["text"]}
        if line[found.end("line")] == "-":
            hit["sep"] = "-"  # a context line of grep -C
        hits.append(hit)
    return {"hits": hits} if len(hits) >= 2 else None
