"""The one small protocol every shape implements (STYLE 3b: one module per format).

A shape turns a raw text into a JSON-native tree (dicts, lists, strings, numbers) and, where
the generic notation does not fit, writes that tree back as compact text. ``detect`` is cheap
(literal checks on the head); ``parse`` may still decline (None) and the next shape is tried.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Protocol

Tree = Any  # JSON-native: dict[str, Tree] | list[Tree] | str | int | float | bool | None

HEAD = 2048  # detectors look at this much of the text, so detection cost does not grow with size

# Who wrote the text: the called tool (an API's output), the agent's own workspace (its files,
# its commands' output: frames, paths and ids are content), or the outside world (pages,
# documents: fenced as outside text, adapters/trust.py).
Origin = Literal["tool", "workspace", "outside"]
# What of a failed result the observation shows beside its error line (sinks/observe.py):
# nothing (the message is the result), the content when it says more than one line, or all.
ErrorContent = Literal["none", "beyond_one_line", "all"]


@dataclass(frozen=True, slots=True)
class Meaning:
    """What a shape means to the other stages. They ask the shape (``shapes.meaning(name)``),
    never test its name, so a new shape is one module and its tests."""

    origin: Origin = "tool"
    json_like: bool = False  # its tree is read (status, paging, keys) and walked like parsed JSON
    words_at_edges: bool = False  # a failure shows in the tool's own words at the text's edges (status_text)
    exit_status: bool = False  # its tree holds a command's exit code and streams (status_text reads them)
    crash: bool = False  # a program's crash report (a traceback)
    error_content: ErrorContent = "all"
    own_renderer: bool = True  # written by its ``render``; False: by the generic notation (sinks/render.py)
    budget_unit: str | None = None  # what the display budget counts its items as (None: rows or items)
    names_file: bool = False  # a view of one file: text folds key it by that file (aligner/textfold.py)
    path_addressable: bool = False  # the raw itself is JSON a path reads into (cut statements name paths)

    @property
    def untrusted(self) -> bool:
        return self.origin == "outside"


class Shape(Protocol):
    name: str
    meaning: Meaning

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
