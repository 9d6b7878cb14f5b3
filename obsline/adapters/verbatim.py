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
CONSTANT = re.compile(r"(?<![\w\"])(?:-?Infinity|NaN)(?![\w\"])")


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
