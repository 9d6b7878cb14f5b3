"""A JSON text cut off before its end: neither a success nor an error, but *uncertain*.

``{"order_id": "#W1", "status": "deliv`` does not parse; read as text it would look like a
complete (if odd) success. One pass over the text (no recursion) says whether it ends inside
a string or with brackets still open, with no bracket closed out of turn (that would be a
malformed text, not a cut one). What is known is the longest prefix that ends after a whole
member, closed and parsed: those values are complete; the member being written when the
text ended is named apart.
"""

from __future__ import annotations

from typing import Any

import orjson

from obsline.core.notation import cell

_CLOSE = {"{": "}", "[": "]"}
_MAX_SCAN = 1 << 20
_KNOWN_SHOWN = 12  # known top-level values listed in the header; the body shows the text itself


def _scan(text: str) -> tuple[list[str], bool, list[tuple[int, str]]] | None:
    """(open brackets at the end, ends inside a string, [(offset of a member separator, the
    brackets open there)]), or None when the text is not a JSON text cut short."""
    stack: list[str] = []
    in_string = escaped = False
    commas: list[tuple[int, str]] = []
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "{[":
            stack.append(ch)
        elif ch in "}]":
            if not stack or _CLOSE[stack.pop()] != ch:
                return None
            if not stack and text[i + 1:].strip():
                return None  # a whole value followed by more text: not one cut-off value
        elif ch == "," and stack:
            commas.append((i, "".join(stack)))
    return stack, in_string, commas


def cut_off_json(text: str) -> dict[str, Any] | None:
    """Details of a cut-off JSON text (``cut_off``, ``known``, ``incomplete``), or None."""
    body = text.strip()
    if not body or body[0] not in "{[" or len(body) > _MAX_SCAN:
        return None
    scanned = _scan(body)
    if scanned is None:
        return None
    stack, in_string, commas = scanned
    if not stack and not in_string:
        return None  # balanced: a malformed text, not a cut one
    details: dict[str, Any] = {"cut_off": f"after {len(body):,} characters"
                               + (" inside a string" if in_string else "")
                               + f", {len(stack)} bracket{'s' if len(stack) != 1 else ''} open"}
    known = _known(body, commas)
    if known is not None:
        details["known"] = known
        last = body[commas[-1][0] + 1:].strip() if commas else ""
        name = last.split(":", 1)[0].strip().strip('"') if ":" in last else ""
        if name:
            details["incomplete"] = name
    return details


def _known(body: str, commas: list[tuple[int, str]]) -> str | None:
    """The complete top-level values, as ``key=value`` cells (a few, the body shows all)."""
    for offset, open_brackets in reversed(commas[-8:]):
        candidate = body[:offset] + "".join(_CLOSE[b] for b in reversed(open_brackets))
        try:
            value = orjson.loads(candidate)
        except orjson.JSONDecodeError:
            continue
        if isinstance(value, dict):
            items = [f"{k}={cell(v)}" for k, v in value.items() if not isinstance(v, dict | list)]
            more = sum(1 for v in value.values() if isinstance(v, dict | list))
            shown = items[:_KNOWN_SHOWN]
            extra = len(items) - len(shown) + more
            return " ".join(shown) + (f" (+{extra} more)" if extra else "") if shown or extra else None
        if isinstance(value, list):
            return f"{len(value)} complete item{'s' if len(value) != 1 else ''}"
    return None
