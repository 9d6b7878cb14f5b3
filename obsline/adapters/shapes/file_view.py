"""Line-numbered file views: SWE-agent's ``[File: path (N lines total)]`` windows (with
``(N more lines above/below)``) and ``cat -n`` output. Line numbers stay as they are: agents
edit by line number. The text around a window (an edit's notice, a lint report) is kept."""

from __future__ import annotations

import re

from obsline.adapters.shapes.base import Meaning, Tree

_HEADER = re.compile(r"^\[File: (?P<file>.+) \((?P<total>\d+) lines total\)\]$")
_MORE = re.compile(r"^\((?P<n>\d+) more lines (?P<where>above|below)\)$")
_NUMBERED = re.compile(r"^(?:\d+:|<<<<< (?:START|END) CURSOR >>>>>$)")  # SWE-agent marks its edit cursors
_CAT_N = re.compile(r"^ *\d+\t")


class FileView:
    name = "file_view"
    meaning = Meaning(origin="workspace", names_file=True)  # a file of the agent's own workspace

    def detect(self, text: str, head: str) -> bool:
        return "[File: " in head or (head[:8].strip()[:1].isdigit() and "\t" in head[:16])

    def parse(self, text: str) -> Tree | None:
        lines = text.split("\n")
        start = next((i for i, line in enumerate(lines) if _HEADER.match(line)), None)
        if start is None:
            return _cat_n(lines)
        header = _HEADER.match(lines[start])
        assert header is not None
        tree: dict[str, Tree] = {}
        if start:
            tree["before"] = "\n".join(lines[:start])
        tree["file"] = header["file"]
        tree["lines_total"] = int(header["total"])
        i = _more_lines(tree, lines, start + 1, "above")
        end = i
        while end < len(lines) and _NUMBERED.match(lines[end]):
            end += 1
        if end > i:
            tree["lines"] = "\n".join(lines[i:end])
        end = _more_lines(tree, lines, end, "below")
        if end < len(lines):
            tree["after"] = "\n".join(lines[end:])
        return tree

    def render(self, tree: Tree) -> str | None:
        if "file" not in tree:
            return str(tree["lines"])  # cat -n
        parts = [tree["before"]] if "before" in tree else []
        parts.append(f"[File: {tree['file']} ({tree['lines_total']} lines total)]")
        if "above" in tree:
            parts.append(f"({tree['above']} more lines above)")
        if "lines" in tree:
            parts.append(tree["lines"])
        if "below" in tree:
            parts.append(f"({tree['below']} more lines below)")
        if "after" in tree:
            parts.append(tree["after"])
        return "\n".join(parts)


def _more_lines(tree: dict[str, Tree], lines: list[str], i: int, where: str) -> int:
    """Line ``i`` when it is the viewer's "(N more lines above/below)": N kept as ``where``,
    and the index after it; else ``i``."""
    more = _MORE.match(lines[i]) if i < len(lines) else None
    if more and more["where"] == where:
        tree[where] = int(more["n"])
        return i + 1
    return i


def _cat_n(lines: list[str]) -> Tree | None:
    """``cat -n``: most lines start with a right-aligned number and a tab."""
    filled = [line for line in lines if line]
    if len(filled) < 2 or sum(1 for line in filled if _CAT_N.match(line)) < 0.9 * len(filled):
        return None
    return {"lines": "\n".join(lines)}
