"""JSON read with every number and constant kept as the tool wrote it (issue 23: no value is
rewritten). orjson reads floats, so ``9.990``, ``1e3`` or a 17-digit fraction would come back as
``9.99``, ``1000.0`` or a rounded number, and it refuses JavaScript's ``NaN``/``Infinity``: one
regex decides this rare slow path, ``json.loads`` with a ``parse_float`` that keeps a number a
float cannot write back as its text, and ``parse_constant`` keeping the constants' text.
"""

from __future__ import annotations

import json
import re
from typing import Any

# A JSON number whose text float() would not give back (0.00, 1e3, 17+ decimals). JSON numbers are
# ASCII: [0-9] is tested inline, where \d asks the Unicode table at every character (~2x slower).
REWRITTEN_NUMBER = re.compile(r"[0-9](?:\.[0-9]*0(?![0-9.])|[eE][-+]?[0-9]|\.[0-9]{16,})")
REWRITTEN_NUMBER_BYTES = re.compile(REWRITTEN_NUMBER.pattern.encode())
# The same test, split at the character after the digit: each part starts with one literal
# character ("." or the exponent's e / E), which the regex engine finds by a plain scan, where
# the leading [0-9] is a class test at every digit (~1.8x the time on texts full of numbers).
_AFTER_DIGIT = (r"\.(?<=[0-9]\.)(?:[0-9]*0(?![0-9.])|[0-9]{16,})", r"e(?<=[0-9]e)[-+]?[0-9]", r"E(?<=[0-9]E)[-+]?[0-9]")
_DOT, _EXP, _EXP_UPPER = (re.compile(p) for p in _AFTER_DIGIT)
_DOT_BYTES, _EXP_BYTES, _EXP_UPPER_BYTES = (re.compile(p.encode()) for p in _AFTER_DIGIT)
CONSTANT = re.compile(r"(?<![\w\"])(?:-?Infinity|NaN)(?![\w\"])")


def rewrites_number(text: str) -> bool:
    """Whether ``text`` holds a number float() would not write back (``REWRITTEN_NUMBER.search``,
    its reference twin)."""
    return bool(_DOT.search(text) or _EXP.search(text) or _EXP_UPPER.search(text))


def rewrites_number_bytes(data: bytes) -> bool:
    """``rewrites_number`` of UTF-8 bytes (``REWRITTEN_NUMBER_BYTES.search``, its twin)."""
    return bool(_DOT_BYTES.search(data) or _EXP_BYTES.search(data) or _EXP_UPPER_BYTES.search(data))


def _number(text: str) -> float | str:
    number = float(text)
    return number if repr(number) == text else text  # the tool's text where a float would rewrite it


def verbatim_json(text: str) -> tuple[Any, bool]:
    """JSON whose numbers keep their text: one a float cannot write back as it came is kept
    as that text (shown as written; contract typing still reads it), NaN/Infinity likewise."""
    try:
        return verbatim_loads(text), True
    except (ValueError, RecursionError):
        return None, False


def verbatim_loads(text: str) -> Any:
    return json.loads(text, parse_float=_number, parse_constant=str)
