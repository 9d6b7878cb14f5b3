"""Ranges of a stored raw result, in the units the display budget's cut statements name
(sinks/budget.py): lines of a text, items of a JSON list, characters of the lines chosen, at a
field ``path`` of a JSON result or of the result itself. Pure: the store reads the bytes (and
checks who may read them), this module only selects.

Lines are split at ``\\n`` only (a ``\\r`` stays at its line's end), the same split the budget
counts with; ranges are 1-based and inclusive, as stated in observations.
"""

from __future__ import annotations

from typing import Any

import orjson

from obsline.core.errors import ArtifactError, ErrorCode

Range = tuple[int, int]


def parse_range(text: str, what: str = "range") -> Range:
    """``A-B`` or ``A`` (1-based, inclusive), as the CLI takes it."""
    first, sep, last = text.replace(",", "").partition("-")
    if not first.strip().isdigit() or (sep and not last.strip().isdigit()):
        raise ArtifactError(ErrorCode.INVALID_ARGUMENT, f"{what} must be A-B or A (1-based numbers), not {text!r}")
    a = int(first)
    return a, int(last) if sep else a


def select(raw: bytes, *, path: str | None = None, lines: Range | None = None, items: Range | None = None,
           chars: Range | None = None) -> bytes:
    """The part of ``raw`` named: a text's lines joined by ``\\n`` (then ``chars`` of them), or
    items as a compact JSON list. No range: the value at ``path`` (the raw itself without one)."""
    if items is not None and (lines is not None or chars is not None):
        raise ArtifactError(ErrorCode.INVALID_ARGUMENT, "items select from a list; lines and chars from a text")
    value: Any = raw.decode("utf-8", "surrogateescape") if not path and items is None else _at(raw, path)
    if items is not None:
        return _items(value, path, items)
    if lines is None and chars is None:
        return _bytes(value)
    if not isinstance(value, str):
        raise ArtifactError(ErrorCode.INVALID_ARGUMENT, f"{_where(path)} is not a text: lines and chars do not apply")
    return _text_range(value, lines, chars).encode("utf-8", "surrogateescape")


def _items(value: Any, path: str | None, items: Range) -> bytes:
    """Items ``items`` of the list ``value``, as a compact JSON list."""
    if not isinstance(value, list):
        raise ArtifactError(ErrorCode.INVALID_ARGUMENT, f"{_where(path)} is not a list: items do not apply")
    a, b = _checked(items, len(value), "items")
    return orjson.dumps(value[a - 1:b])


def _text_range(text: str, lines: Range | None, chars: Range | None) -> str:
    """A text's lines ``lines`` joined by ``\\n``, then characters ``chars`` of them."""
    if lines is not None:
        all_lines = text.split("\n")
        a, b = _checked(lines, len(all_lines), "lines")
        text = "\n".join(all_lines[a - 1:b])
    if chars is not None:
        a, b = _checked(chars, len(text), "chars")
        text = text[a - 1:b]
    return text


def _at(raw: bytes, path: str | None) -> Any:
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError:
        raise ArtifactError(ErrorCode.INVALID_ARGUMENT, "the result is not JSON: only lines and chars of it "
                                                        "can be read") from None
    for step in path.split(".") if path else ():
        if isinstance(value, dict) and step in value:
            value = value[step]
        elif isinstance(value, list) and step.isdigit() and int(step) < len(value):
            value = value[int(step)]
        else:
            raise ArtifactError(ErrorCode.NOT_FOUND, f"the result has no field {path!r}")
    return value


def _checked(bounds: Range, size: int, what: str) -> Range:
    a, b = bounds
    if not 1 <= a <= b <= size:
        raise ArtifactError(ErrorCode.INVALID_ARGUMENT,
                            f"{what} {a}-{b} out of range: there are {size:,} (1-based, first <= last)")
    return a, b


def _where(path: str | None) -> str:
    return f"field {path!r}" if path else "the result"


def _bytes(value: Any) -> bytes:
    if isinstance(value, str):
        return value.encode("utf-8", "surrogateescape")
    return orjson.dumps(value)
