"""Unified diffs (``git diff``, SWE-agent's ``submit``): the files touched with their counts;
the diff itself is already compact and is shown as it is."""

from __future__ import annotations

from obsline.adapters.shapes.base import Meaning, Tree


class Diff:
    name = "diff"
    meaning = Meaning(origin="workspace")

    def detect(self, text: str, head: str) -> bool:
        return "diff --git " in head or ("\n--- " in head and "\n+++ " in head and "\n@@ " in head) \
            or (head.startswith("--- ") and "\n+++ " in head)

    def parse(self, text: str) -> Tree | None:
        files: list[dict[str, Tree]] = []
        for line in text.split("\n"):
            if line.startswith("+++ "):
                path = line[4:].split("\t")[0]
                files.append({"path": path[2:] if path.startswith("b/") else path, "added": 0, "removed": 0})
            elif files and line.startswith("+"):
                files[-1]["added"] += 1
            elif files and line.startswith("-") and not line.startswith("--- "):
                files[-1]["removed"] += 1
        if not files:
            return None
        return {"files": files, "diff": text}

    def render(self, tree: Tree) -> str | None:
        return str(tree["diff"])
