"""The kind of a tool that has no contract, from its name (and, for shells, its command).

Folding a repeated result is only safe for a tool that changes nothing: a second identical
answer of a read says "nothing changed", a second identical answer of a write says "it was
done again" (seed 003). Without a contract the name is the evidence we have, so this module
is deliberately conservative: a name is ``read`` only when its first verb is a read verb, a
``side_effect`` when it is a write verb, and ``generic`` (never folded) otherwise. A shell
tool is read only when every command of its pipeline starts with a read-only program and
nothing is redirected into a file.

Pure and cheap (one split of the name, one dict look-up per word); results are cached per
(tool, command) because a fleet repeats both. ``obsline contracts infer`` reuses it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from obsline.core.models import ToolKind

READ_VERBS = frozenset(
    "get list search find read open view cat check show fetch retrieve lookup look query describe "
    "display inspect count head tail grep ls wc diff du stat pwd which whoami goto scroll can is has "
    "sort verify estimate compute calculate".split())
WRITE_VERBS = frozenset(
    "set create update delete send book cancel toggle edit post place add remove rm mv cp touch write "
    "submit reset reboot restart enable disable grant revoke transfer pay make purchase lock unlock "
    "start stop press fill refuel login logout authenticate connect disconnect insert mkdir rmdir "
    "register fund modify exchange return resume suspend close resolve comment mention retweet "
    "upload install apply patch move rename replace save put assign approve reject order "
    "activate deactivate reseat cd".split())
SHELL_TOOLS = frozenset("bash sh shell zsh exec execute run_command execute_command terminal run_shell".split())
COMMAND_ARGS = ("command", "cmd", "script")
# Programs whose output depends only on what they read. ``find`` is read unless it runs or
# deletes something (checked below); ``git`` only with a read-only subcommand.
READ_PROGRAMS = frozenset(
    "cat ls grep egrep fgrep rg head tail find wc diff du stat pwd file which whoami tree nl less more "
    "sort uniq cut sed awk echo printf env date".split())
GIT_READS = frozenset("diff status log show blame branch ls-files rev-parse describe grep".split())
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_SEGMENTS = re.compile(r"\|\||&&|[|;\n]")
_UNSAFE = ("`", "$(", ">", "<(")  # command substitution or a redirection into a file
_FIND_ACTIONS = (" -exec", " -delete", " -ok", " -fprint")


def name_words(tool: str) -> list[str]:
    """``get_order_details`` / ``pressBrakePedal`` / ``find-file`` -> lower-case words."""
    return [w.lower() for w in _WORD.findall(tool)]


@lru_cache(maxsize=4096)
def _kind_of_name(tool: str) -> ToolKind:
    for word in name_words(tool):
        if word in READ_VERBS:
            return ToolKind.READ
        if word in WRITE_VERBS:
            return ToolKind.SIDE_EFFECT
        return ToolKind.GENERIC  # the first word is the verb: anything else is unknown
    return ToolKind.GENERIC


@lru_cache(maxsize=4096)
def command_kind(command: str) -> ToolKind:
    """A shell command is read-only when every command of its pipeline is a read program
    with no redirection, substitution or action flag; anything else is never folded."""
    if any(mark in command for mark in _UNSAFE) and not _only_harmless_redirects(command):
        return ToolKind.GENERIC
    if all(_segment_reads(segment) for segment in _SEGMENTS.split(command)):
        return ToolKind.READ
    return ToolKind.GENERIC


def _segment_reads(segment: str) -> bool:
    """One command of a pipeline only reads (an empty one does nothing)."""
    words = segment.split()
    if not words:
        return True
    program = words[0].rsplit("/", 1)[-1]
    if program == "git":
        return len(words) >= 2 and words[1] in GIT_READS
    if program not in READ_PROGRAMS:
        return False
    if program == "find":
        return not any(a in f" {segment}" for a in _FIND_ACTIONS)
    if program == "sed":
        return not any(w.startswith("-i") for w in words[1:])
    return True


def _only_harmless_redirects(command: str) -> bool:
    """``2>&1`` and ``2>/dev/null`` write no file the agent could read back."""
    rest = command.replace("2>&1", "").replace("2>/dev/null", "").replace(">/dev/null", "")
    return not any(mark in rest for mark in _UNSAFE)


def infer_kind(tool: str, args: dict[str, Any] | None) -> ToolKind:
    """The kind of a tool without a contract: shells by their command, others by their name.

    A tool named after a program (``cat``, ``ls``; SWE-agent names each call by the first
    word of its command) is judged by the whole command when the call carries one, so
    ``echo x > f`` is not a read because ``echo`` is."""
    command = _command(args)
    if command is not None and (tool.lower() in SHELL_TOOLS or command.split(None, 1)[:1] == [tool]):
        if tool.lower() in SHELL_TOOLS or tool in READ_PROGRAMS:
            return command_kind(command)
    if tool == "echo":  # BFCL's echo writes its content into file_name when it has one
        return ToolKind.SIDE_EFFECT if args and any(k.startswith("file") for k in args) else ToolKind.READ
    return _kind_of_name(tool)


def _command(args: dict[str, Any] | None) -> str | None:
    if not args:
        return None
    for name in COMMAND_ARGS:
        value = args.get(name)
        if isinstance(value, str):
            return value
    return None
