"""Shell results: an exit code with the command's output, in the wrappers agents use
(mini-swe-agent ``<returncode>1</returncode><output>...</output>``, ``Exit code: N`` lines,
``[Command finished with exit code N]``, SWE-agent's ``///PROCESS-DONE:N:PROCESS-DONE///``,
``<stdout>``/``<stderr>`` sections). Output written around an exit-code line is kept as it
is; only the XML wrappers are rewritten, as labelled lines."""

from __future__ import annotations

import re

from obsline.adapters.shapes.base import Meaning, Tree

_RETURNCODE = re.compile(r"<returncode>\s*(-?\d+)\s*</returncode>")
_SECTIONS = ("output", "stdout", "stderr", "warning")
_EXIT_LINE = re.compile(
    r"(?im)^\W{0,3}(?:exit(?:ed)?(?: with)?[ _-]?(?:code|status)|return[ _-]?code|returncode"
    r"|(?:the )?(?:command|process) (?:finished|completed|exited) with exit code)[ :=]*(-?\d+)\b")
_PROCESS_DONE = re.compile(r"///PROCESS-DONE:(-?\d+):PROCESS-DONE///")
_TRIGGERS = ("<returncode>", "<stdout>", "<stderr>", "xit code", "xit Code", "xit status", "eturn code",
             "returncode", "PROCESS-DONE", "EXIT CODE", "exited with")


class Shell:
    name = "shell"
    meaning = Meaning(origin="workspace", words_at_edges=True, exit_status=True)  # the agent's own command

    def detect(self, text: str, head: str) -> bool:
        tail = text[-512:]
        return any(t in head or t in tail for t in _TRIGGERS)

    def parse(self, text: str) -> Tree | None:
        code = _RETURNCODE.search(text)
        tagged, rest = _sections(_RETURNCODE.sub("", text) if code else text)
        if code or tagged:
            rest = rest.strip()
            if rest and not code:
                return None  # tags inside free text: not a wrapper
            tree: dict[str, Tree] = {"exit_code": int(code.group(1))} if code else {}
            tree.update(tagged)
            if rest:
                tree["text"] = rest
            return tree
        done = _PROCESS_DONE.search(text)
        found = done or _exit_line(text)
        if found is None:
            return None
        return {"exit_code": int(found.group(1)), "transcript": text}  # the code is written inside

    def render(self, tree: Tree) -> str | None:
        if "transcript" in tree:
            return str(tree["transcript"])
        lines = [f"returncode: {tree['exit_code']}"] if "exit_code" in tree else []
        for key in ("warning", "output", "stdout", "stderr", "text"):
            if key in tree:
                lines.append(f"{key}:")
                lines.append(str(tree[key]))
        return "\n".join(lines)


def _sections(text: str) -> tuple[dict[str, str], str]:
    """``<output>...</output>``-style sections (found with str.find: linear on any input) and
    the text left around them."""
    found: dict[str, str] = {}
    for name in _SECTIONS:
        start = text.find(f"<{name}>")
        end = text.find(f"</{name}>", start) if start >= 0 else -1
        if end < 0:
            continue
        body = text[start + len(name) + 2:end]
        found[name] = body[1:] if body.startswith("\n") else body
        if found[name].endswith("\n"):
            found[name] = found[name][:-1]
        text = text[:start] + text[end + len(name) + 3:]
    return found, text


def _exit_line(text: str) -> re.Match[str] | None:
    """An exit-code line among the first or last few lines (not one quoted mid-output)."""
    lines = text.strip().split("\n")
    for line in lines[:3] + lines[-3:]:
        found = _EXIT_LINE.match(line.strip())
        if found:
            return found
    return None
