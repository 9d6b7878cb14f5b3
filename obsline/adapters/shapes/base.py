"""The one small protocol every shape implements (STYLE 3b: one module per format).

A shape turns a raw text into a JSON-native tree (dicts, lists, strings, numbers) and, where
the generic notation does not fit, writes that tree back as compact text. ``detect`` is cheap
(literal checks on the head); ``parse`` may still decline (None) and the next shape is tried.
"""

from __future__ import annotations

from typing import Any, Protocol

Tree = Any  # JSON-native: dict[str, Tree] | list[Tree] | str | int | float | bool | None

HEAD = 2048  # detectors look at this much of the text, so detection cost does not grow with size


class Shape(Protocol):
    name: str
    untrusted: bool  # outside text (pages, documents): fenced like outside text by default

    def detect(self, text: str, head: str) -> bool:
        """Cheap: could this text have the shape? ``head`` is ``text[:HEAD]``."""
        ...

    def parse(self, text: str) -> Tree | None:
        """The tree, or None when the text does not have the shape after all."""
        ...

    def render(self, tree: Tree) -> str | None:
        """The tree as compact text, or None to use the generic notation (sinks/render.py)."""
        ...


def split_lines(text: str) -> list[str]:
    """Lines without their terminators; ``"\\n".join`` gives the text back exactly."""
    return text.split("\n")


def join_parts(*parts: str | None) -> str:
    """Non-empty text parts joined by newlines (the inverse of cutting a text at lines)."""
    return "\n".join(p for p in parts if p is not None)
