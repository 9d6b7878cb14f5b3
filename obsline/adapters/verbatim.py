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

# A JSON number whose text float() would not give back (0.50, 1.00, 1e3, 17+ decimals, or X.0 with
# 16 digits and more before the point: past 2**53 a float may round, from 1e16 on repr writes
# 1e+16). A lone zero after at most 15 digits gives back what came (repr(2.0) is "2.0"), so it is
# no reason: it was the most common one on both dev files (9 in 10 of the texts sent to the
# slower verbatim read, which gave the same values there). JSON numbers are ASCII: [0-9] is
# tested inline, where \d asks the Unicode table at every character (~2x slower).
REWRITTEN_NUMBER = re.compile(r"[0-9](?:\.[0-9]+0(?![0-9.])|[eE][-+]?[0-9]|\.[0-9]{16,})|[0-9]{16}\.0(?![0-9.])")
REWRITTEN_NUMBER_BYTES = re.compile(REWRITTEN_NUMBER.pattern.encode())
# The same test, split at the character after the digit: each part starts with one literal
# character ("." or the exponent's e / E), which the regex engine finds by a plain scan, where
# the leading [0-9] is a class test at every digit (~1.8x the time on texts full of numbers).
_AFTER_DIGIT = (r"\.(?<=[0-9]\.)(?:[0-9]+0(?![0-9.])|[0-9]{16,}|(?<=[0-9]{16}\.)0(?![0-9.]))",
                r"e(?<=[0-9]e)[-+]?[0-9]", r"E(?<=[0-9]E)[-+]?[0-9]")
_DOT, _EXP, _EXP_UPPER = (re.compile(p) for p in _AFTER_DIGIT)
_DOT_BYTES, _EXP_BYTES, _EXP_UPPER_BYTES = (re.compile(p.encode()) for p in _AFTER_DIGIT)
CONSTANT = re.compile(r"(?<![\w\"])(?:-?Infinity|NaN)(?![\w\"])")


def holds_constant(text: str) -> bool:
    """Whether ``text`` holds JavaScript's NaN / Infinity as a bare token (``CONSTANT.search``, its
    twin): every match holds one of the two words, and two substring searches in C decide most
    texts, where the regex, led by a lookbehind, tries every character."""
    return ("NaN" in text or "Infinity" in text) and CONSTANT.search(text) is not None


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


# orjson writes integers from -2**63 to 2**64 - 1 and reads a longer one as a rounded float: an
# integer outside that range is kept as its text (as a float that would not write back is), so
# every value the stages hold can be written, and none is rounded.
_INT_MIN, _INT_MAX = -(2**63), 2**64 - 1
_INT_TEXT_MAX = len(str(_INT_MIN))  # 20 characters: a longer integer is out of range unread


# A run of 19 digits: the necessary condition of an integer orjson would round (19 digits reach
# 2**63, where its range ends below zero). Digits mapped to one byte, then one substring search in
# C, ~4x cheaper than a regex that tries every digit (LONG_DIGIT_RUN, the reference twin).
LONG_DIGIT_RUN = re.compile(r"[0-9]{19}")
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_ZEROS = b"0" * 19


def holds_long_integer_bytes(data: bytes) -> bool:
    """Whether ``data`` holds 19 digits in a row (``LONG_DIGIT_RUN``'s search, its twin)."""
    return _ZEROS in data.translate(_DIGITS_AS_ZERO)


def holds_long_integer(text: str) -> bool:
    return holds_long_integer_bytes(text.encode("utf-8", "surrogatepass"))


def _integer(text: str) -> int | str:
    if len(text) > _INT_TEXT_MAX:  # (int() of 4,300+ digits raises ValueError)
        return text
    number = int(text)
    return number if _INT_MIN <= number <= _INT_MAX else text


def writable(value: Any) -> Any:
    """``value`` (a JSON-like tree from a caller in-process) with each integer orjson cannot
    write kept as its text, as ``verbatim_loads`` keeps it; without recursion, for any depth."""
    root = [value]
    stack: list[tuple[Any, Any]] = [(root, 0)]
    while stack:
        holder, key = stack.pop()
        item = holder[key]
        if type(item) is int and not _INT_MIN <= item <= _INT_MAX:
            holder[key] = str(item)
        elif isinstance(item, dict):
            holder[key] = copy = dict(item)
            stack += [(copy, k) for k in copy]
        elif isinstance(item, list | tuple):
            holder[key] = copy_list = list(item)
            stack += [(copy_list, i) for i in range(len(copy_list))]
    return root[0]


def verbatim_loads(text: str) -> Any:
    return json.loads(text, parse_float=_number, parse_int=_integer, parse_constant=str)
