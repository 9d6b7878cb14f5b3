"""Tracebacks of the program the agent runs (Python, Java, JavaScript): content, typed as
frames (file, line, function, code) and the exception, and shown in the language's own
compact frame lines. Text before and
after the trace (the program's output) is kept."""

from __future__ import annotations

import re

from obsline.adapters.shapes.base import Meaning, Tree

PY_HEADER = "Traceback (most recent call last):"
_PY_FRAME = re.compile(r'^  File "(?P<file>[^"]*)", line (?P<line>\d+)(?:, in (?P<function>.*))?$')
_CHAIN = ("During handling of the above exception", "The above exception was the direct cause")
_AT = re.compile(r"^\s+at (?:(?P<function>[^()]+?) ?\()?(?P<file>[^()\s]+?):(?P<line>\d+)(?::(?P<col>\d+))?\)?$")
_AT_ANY = re.compile(r"^\s+at \S")


class Traceback:
    name = "traceback"
    # the workspace's own only from an exec tool (adapters/trust.py: own_output)
    meaning = Meaning(crash=True)

    def detect(self, text: str, head: str) -> bool:
        return PY_HEADER in text or "\n\tat " in head or "\n    at " in head

    def parse(self, text: str) -> Tree | None:
        lines = text.split("\n")
        if PY_HEADER in text:
            return _python(lines)
        return _at_frames(lines)

    def render(self, tree: Tree) -> str | None:
        out = [tree["before"]] if "before" in tree else []
        if tree.get("language") == "python":
            for block in tree["blocks"]:
                if "context" in block:
                    out.append(block["context"])
                out.append(PY_HEADER)
                out.extend(_py_frame(f) for f in block["frames"])
                out.append(block["error"])
        else:
            out.append(tree["error"])
            out.extend(_at_frame(f) for f in tree["frames"])
        if "after" in tree:
            out.append(tree["after"])
        return "\n".join(out)


def _python(lines: list[str]) -> Tree | None:
    if PY_HEADER not in lines:
        return None
    start = lines.index(PY_HEADER)
    tree: dict[str, Tree] = {"language": "python"}
    if start:
        tree["before"] = "\n".join(lines[:start])
    blocks: list[dict[str, Tree]] = []
    i, context = start, None
    while i < len(lines) and lines[i] == PY_HEADER:
        frames, i = _py_frames(lines, i + 1)
        end = i
        while end < len(lines) and lines[end] and lines[end] != PY_HEADER:
            end += 1
        block: dict[str, Tree] = {"context": context} if context is not None else {}
        block.update(frames=frames, error="\n".join(lines[i:end]))
        blocks.append(block)
        context, i = _chain_link(lines, end)
    tree["blocks"] = blocks
    if i < len(lines):
        tree["after"] = "\n".join(lines[i:])
    return tree


def _chain_link(lines: list[str], i: int) -> tuple[str | None, int]:
    """A chained exception's link sentence ("During handling of the above exception, ...")
    before the next traceback, and where that traceback starts; (None, i) when there is none."""
    link = i
    while link < len(lines) and (not lines[link] or lines[link].startswith(_CHAIN)):
        link += 1
    if link < len(lines) and lines[link] == PY_HEADER and any(lines[k].startswith(_CHAIN) for k in range(i, link)):
        return "\n".join(lines[i:link]), link
    return None, i


def _py_frames(lines: list[str], i: int) -> tuple[list[dict[str, Tree]], int]:
    frames: list[dict[str, Tree]] = []
    while i < len(lines) and lines[i].startswith("  "):
        found = _PY_FRAME.match(lines[i])
        if found:
            frame: dict[str, Tree] = {"file": found["file"], "line": int(found["line"])}
            if found["function"] is not None:
                frame["function"] = found["function"]
            frames.append(frame)
        elif frames and "text" not in frames[-1] and lines[i].startswith("    "):
            frame = frames[-1]
            frame["code"] = f"{frame['code']}\n{lines[i][4:]}" if "code" in frame else lines[i][4:]
        else:
            frames.append({"text": lines[i][2:]})
        i += 1
    return frames, i


def _py_frame(frame: dict[str, Tree]) -> str:
    if "text" in frame:
        return f"  {frame['text']}"
    # Python's own frame line: a shorter form (``path:N function``) would drop the words
    # "File" and "line" that agents and readers search for, for 3-4 tokens a frame.
    where = f"  File \"{frame['file']}\", line {frame['line']}"
    if "function" in frame:
        where += f", in {frame['function']}"
    if "code" in frame:
        where += "\n" + "\n".join(f"    {line}" for line in str(frame["code"]).split("\n"))
    return where


def _at_frames(lines: list[str]) -> Tree | None:
    first = next((i for i, line in enumerate(lines) if _AT_ANY.match(line)), None)
    if first is None or first == 0:
        return None
    frames, end = _at_run(lines, first)
    parsed = [f for f in frames if "file" in f]
    if not parsed:
        return None  # indented lines starting with "at" in prose, not frames
    return _at_tree(lines, first, end, frames, "java" if parsed[0].get("style") == "java" else "js")


def _at_tree(lines: list[str], first: int, end: int, frames: list[dict[str, Tree]], language: str) -> Tree:
    """The text before the error line, the error, its frames, and what follows them."""
    tree: dict[str, Tree] = {"language": language}
    if first > 1:
        tree["before"] = "\n".join(lines[: first - 1])
    tree["error"] = lines[first - 1]
    tree["frames"] = frames
    if end < len(lines):
        tree["after"] = "\n".join(lines[end:])
    return tree


def _at_run(lines: list[str], first: int) -> tuple[list[dict[str, Tree]], int]:
    """The frames of the ``at`` lines from ``first`` on (and ``... N more``), and where they end."""
    end = first
    frames: list[dict[str, Tree]] = []
    while end < len(lines) and (_AT_ANY.match(lines[end]) or lines[end].lstrip().startswith("... ")):
        frames.append(_read_at_frame(lines[end]))
        end += 1
    return frames, end


def _read_at_frame(line: str) -> dict[str, Tree]:
    """One ``at`` line of a Java or JavaScript trace (or a ``... N more`` line, kept as text)."""
    found = _AT.match(line)
    if not found:
        return {"text": line}
    frame: dict[str, Tree] = {"file": found["file"], "line": int(found["line"])}
    if found["col"] is not None:
        frame["col"] = int(found["col"])
    if found["function"]:
        frame["function"] = found["function"]
    frame["style"] = "java" if line.startswith("\t") or "(" in line and found["col"] is None else "js"
    return frame


def _at_frame(frame: dict[str, Tree]) -> str:
    if "text" in frame:
        return str(frame["text"])
    where = f"{frame['file']}:{frame['line']}" + (f":{frame['col']}" if "col" in frame else "")
    if frame.get("style") == "java":
        return f"\tat {frame.get('function', '')}({where})"
    return f"    at {frame['function']} ({where})" if "function" in frame else f"    at {where}"
