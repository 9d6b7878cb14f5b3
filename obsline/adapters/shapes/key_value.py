"""``key: value`` text blocks (tau2 telecom: ``Airplane Mode: ON``, ``Status Bar: ✈️ Airplane
Mode | 🔋 80%``): every line one field. Values stay text as written (``ON``, ``80%``)."""

from __future__ import annotations

import re

from obsline.adapters.shapes.base import Meaning, Tree

_FIELD = re.compile(r"^(?P<key>[A-Za-z][A-Za-z0-9 _./()'-]{0,40}?): (?P<value>\S.*)$")


def is_field(line: str) -> bool:
    """One ``key: value`` line as this shape reads it."""
    return _FIELD.match(line) is not None


class KeyValue:
    name = "key_value"
    meaning = Meaning(words_at_edges=True, error_content="beyond_one_line")  # a tool's own status lines

    def detect(self, text: str, head: str) -> bool:
        return ": " in head

    def parse(self, text: str) -> Tree | None:
        tree: dict[str, Tree] = {}
        for line in text.split("\n"):
            found = _FIELD.match(line)
            if found is None or found["key"] in tree or found["key"].endswith(" "):
                return None
            tree[found["key"]] = found["value"]
        if len(tree) == 1 and " " not in next(iter(tree)):
            return None  # one "Word: text" line is a sentence (``Error: ...``, ``Note: ...``)
        return tree

    def render(self, tree: Tree) -> str | None:
        return "\n".join(f"{k}: {v}" for k, v in tree.items())
