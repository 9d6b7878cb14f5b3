"""A keyed line that says again the value its key was last shown with, as ``ditto`` (issue 17).

Tools of every kind end their texts with the same status lines: a phone's status bar after
each action, ``(Current directory: /repo)``, ``Status: running``. A line ``KEY: VALUE`` of a
text result whose VALUE is the one the task's texts last showed under KEY becomes::

    Status Bar: ditto

read as: the value of the nearest line ``Status Bar: ...`` above, in the task's earlier
observations as they were shown. Exact without a label (``#N``): the key names the line, and
the nearest one above is one line of one observation. Decided by structure alone (a line that
starts with a key of a few words, then ``: ``); a value is only replaced when the ditto is
shorter by ``MIN_SAVED_CHARS`` (a short value costs what its ditto does).

State (JSON-native, one row ``v`` of the fold state's ``keys`` section, so a stream engine's
get/set table view holds it too): {key: the value last shown under it}, from every observation's
final text (``keep_shown``: headers and rendered records included, the budget's cuts left
out), so a ditto never points at a line the model was not shown. A text that holds a line
already reading as a ditto is left as it is (its ditto could not be told from it: lossless).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

DITTO = "ditto"
# A key: a word character or "(" first, up to 40 characters without ":"; then ": " and the value.
_KEYED = re.compile(r"^([\w(][^:\n]{0,39}): (.+)$", re.MULTILINE)
# A shown line, the first one behind its ``#N`` label: a value (a ditto names none), a value
# too long to keep (its key is forgotten), or any.
_SHOWN = re.compile(rf"^(?:#\d+ )?([\w(][^:\n]{{0,39}}): (?!{DITTO}$)([^\n]{{1,240}})$", re.MULTILINE)
_LONG = re.compile(r"^(?:#\d+ )?([\w(][^:\n]{0,39}): [^\n]{241}", re.MULTILINE)
_LABELLED = re.compile(r"^(?:#\d+ )?([\w(][^:\n]{0,39}): (.+)$", re.MULTILINE)
_LITERAL = f": {DITTO}"
MIN_SAVED_CHARS = 16  # ~4 tokens: a shorter value is said again
MAX_KEYS = 64  # keys remembered per task (past it, only the last text's: the row stays small)
MARKS = "§"  # a line with a legend mark (aligner.textcommon) is not compared: its value is the legend's


def task_keys(section: Any) -> dict[str, str]:
    """The keys of a task's fold state section ``keys`` (a dict, or a stream engine's table view)."""
    keys: dict[str, str] = section.setdefault("v", {})
    return keys


def say_once(text: str, keys: dict[str, str] | None) -> str | None:
    """``text`` with each keyed line whose value ``keys`` holds for its key as a ditto, or None
    when no line is."""
    if not keys or _LITERAL in text:
        return None
    candidates = _ditto_lines_cached(text) if len(text) <= CACHED_TEXT_CHARS else _ditto_lines(text)
    said = [(i, key) for i, key, value in candidates if keys.get(key) == value]
    if not said:
        return None
    lines = text.split("\n")
    for i, key in said:
        lines[i] = f"{key}: {DITTO}"
    return "\n".join(lines)


# The caches hold texts of up to this many characters: a worker or gateway that serves long
# documents for days keeps at most 4,096 x 4 KB a cache alive, not 4,096 whole pages; a text that
# long is rarely seen twice, and its one read costs little beside its rendering.
CACHED_TEXT_CHARS = 4096


def _ditto_lines(text: str) -> tuple[tuple[int, str, str], ...]:
    """The keyed lines of ``text`` whose value is worth a ditto: (line index, key, value)."""
    if ": " not in text:
        return ()
    found = []
    for i, line in enumerate(text.split("\n")):
        m = _KEYED.match(line) if ": " in line else None
        if m is not None:
            key, value = m.groups()
            if len(value) >= len(DITTO) + MIN_SAVED_CHARS and MARKS not in value:
                found.append((i, key, value))
    return tuple(found)


_ditto_lines_cached = lru_cache(maxsize=4096)(_ditto_lines)  # (a text is read once, whatever the task's keys)


def say_once_reference(text: str, keys: dict[str, str] | None) -> str | None:
    """The plain twin of ``say_once``: every line matched against the task's keys."""
    if not keys or _LITERAL in text:
        return None
    lines = text.split("\n")
    changed = False
    for i, line in enumerate(lines):
        m = _KEYED.match(line)
        if m is None:
            continue
        key, value = m.groups()
        if keys.get(key) == value and len(value) >= len(DITTO) + MIN_SAVED_CHARS and MARKS not in value:
            lines[i] = f"{key}: {DITTO}"
            changed = True
    return "\n".join(lines) if changed else None


def keep_shown(keys: dict[str, Any], text: str, dittoed: bool = False) -> None:
    """Remember the keyed lines of an observation's final text (its first line's ``#N`` label
    is not part of a key; ``dittoed``: its dittos are ours, ``say_once``'s). A tool's own ditto
    line forgets its key: the model would read it as the value."""
    shown, too_long, dittos = (_keyed_lines_cached(text) if len(text) <= CACHED_TEXT_CHARS
                               else _keyed_lines(text))
    keys.update(shown)
    for key in too_long:
        keys.pop(key, None)
    if not dittoed:
        for key in dittos:
            keys.pop(key, None)
    if len(keys) > MAX_KEYS:
        keys.clear()
        keys.update(shown)


def _keyed_lines(text: str) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...], tuple[str, ...]]:
    """What ``keep_shown_reference`` reads of a text: its (key, value) lines to remember, in
    order; the keys of its lines too long to keep; the keys of its lines reading ``KEY: ditto``."""
    # Every pattern matches within one line that holds ": " (their classes exclude the newline),
    # so the patterns need read only those lines, not every character of the text (a line long
    # enough for _LONG keeps the rest over its 240-character gate).
    if ": " not in text:
        return (), (), ()
    keyed = "\n".join([line for line in text.split("\n") if ": " in line])
    too_long = tuple(_LONG.findall(keyed)) if len(keyed) > 240 else ()
    dittos = tuple(key for key, value in _LABELLED.findall(keyed) if value == DITTO) if _LITERAL in keyed else ()
    return tuple(_SHOWN.findall(keyed)), too_long, dittos


# texts repeat across a fleet's tasks (a status bar after every action): read once each
_keyed_lines_cached = lru_cache(maxsize=4096)(_keyed_lines)


def keep_shown_reference(keys: dict[str, Any], text: str, dittoed: bool = False) -> None:
    """``keep_shown`` over the whole text: the three patterns read every character."""
    found = _SHOWN.findall(text)
    keys.update(found)
    if len(text) > 240:
        for key in _LONG.findall(text):
            keys.pop(key, None)
    if not dittoed and _LITERAL in text:
        for key, value in _LABELLED.findall(text):
            if value == DITTO:
                keys.pop(key, None)
    if len(keys) > MAX_KEYS:
        keys.clear()
        keys.update(found)


def put_back(lines: list[str], keys: dict[str, str]) -> list[str]:
    """The inverse of ``say_once``: each ditto line given back its key's value (``keys``: the
    values the task's earlier observations showed)."""
    out = []
    for line in lines:
        m = _KEYED.match(line) if line.endswith(f": {DITTO}") else None
        if m is not None:
            value = keys.get(m.group(1))
            if value is None:
                raise KeyError(f"{m.group(1)}: ditto of a key not shown before")
            line = f"{m.group(1)}: {value}"
        out.append(line)
    return out
