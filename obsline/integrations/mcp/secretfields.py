"""Secrets in ``structuredContent`` where the tool's ``outputSchema`` constrains the field.

The text shows a hidden value as its handle (``[secret:token-<n>]``), and so does the structure.
But a handle in a field with a ``pattern``/``format``/``enum``/``maxLength`` (``^ghp_[A-Za-z0-9]{36}$``)
made the result invalid: the SDK's client raised, and the result was never delivered. So, per
string that holds a secret and would break its own subschema with the handle in it:

  - an optional property: left out;
  - a required property or a list item: a *masked* form that the subschema accepts, letters
    ``x``/``X`` and digits ``0`` in place of the value's, keeping punctuation and, where the
    schema needs it, a vendor prefix up to a separator (``ghp_x0X0...``): it shows the value's
    shape, never its characters;
  - none of those valid: the handle stays (the structure is then invalid, and says so).

Each such field is named in ``_meta.obsline.structured.secrets`` (path, what was done, the
handle), so the client is told, and the handle stays usable from the text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from obsline.integrations.mcp.structured import subschema

_CONSTRAINTS = ("pattern", "format", "enum", "const", "maxLength", "minLength")
_SEPARATORS = "_-:.@/"


@dataclass(slots=True)
class Hidden:
    value: Any
    fields: list[dict[str, str]] = field(default_factory=list)  # {path, action, handle}

    def note(self) -> str | None:
        if not self.fields:
            return None
        parts = [f"{f['path']} {f['action']} ({f['handle']})" for f in self.fields[:5]]
        return "structured fields holding a secret the outputSchema cannot show as a handle: " + "; ".join(parts)


def _fits(value: str, schema: Mapping[str, Any]) -> bool:
    from jsonschema import Draft202012Validator

    try:
        return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER).is_valid(value)
    except Exception:  # an invalid subschema: nothing can be checked against it
        return False


def _mask(text: str, letter: str = "x") -> str:
    return "".join("0" if c.isdigit() else (letter.upper() if c.isupper() else letter) if c.isalpha() else c
                   for c in text)


def masked_forms(value: str) -> list[str]:
    """The value's shape (letters as x, or as a so that hex stays hex; digits as 0), with no
    prefix kept and then with each vendor prefix (up to a separator in its first 12 characters)."""
    cuts = [0] + [i + 1 for i, c in enumerate(value[:12]) if c in _SEPARATORS and i > 0]
    return [value[:cut] + _mask(value[cut:], letter) for cut in cuts for letter in ("x", "a")]


def _constrained(schema: Mapping[str, Any]) -> bool:
    return any(k in schema for k in _CONSTRAINTS)


def _replace(text: str, ordered: list[tuple[str, str]]) -> tuple[str, list[str]]:
    used = []
    for secret, handle in ordered:
        if secret in text:
            text = text.replace(secret, handle)
            used.append(handle)
    return text, used


class _Walk:
    def __init__(self, secrets: dict[str, str]) -> None:
        self.ordered = sorted(secrets.items(), key=lambda kv: -len(kv[0]))  # longer first
        self.fields: list[dict[str, str]] = []
        self.drop = object()

    def string(self, text: str, schema: Mapping[str, Any], path: str, optional: bool) -> Any:
        replaced, used = _replace(text, self.ordered)
        if not used or not _constrained(schema) or _fits(replaced, schema):
            return replaced
        handle = used[0]
        if optional:
            self.fields.append({"path": path, "action": "left out", "handle": handle})
            return self.drop
        for form in masked_forms(text):
            if _fits(form, schema) and not _replace(form, self.ordered)[1]:
                self.fields.append({"path": path, "action": "masked", "handle": handle})
                return form
        self.fields.append({"path": path, "action": "kept as handle (no valid form)", "handle": handle})
        return replaced

    def value(self, value: Any, schema: Mapping[str, Any], path: str, optional: bool = False) -> Any:
        if isinstance(value, str):
            return self.string(value, schema, path or "$", optional)
        if isinstance(value, list):
            return [self.value(v, subschema(schema, i), f"{path}[{i}]") for i, v in enumerate(value)]
        if isinstance(value, dict):
            required = schema.get("required", ()) if isinstance(schema, Mapping) else ()
            out = {}
            for k, v in value.items():
                got = self.value(v, subschema(schema, k), f"{path}.{k}" if path else k, k not in required)
                if got is not self.drop:
                    out[k] = got
            return out
        return value


def hide_in_structure(value: Any, schema: Mapping[str, Any] | None, secrets: dict[str, str]) -> Hidden:
    """``value`` with each secret (value -> handle) replaced, valid against ``schema`` where a
    handle alone would not be."""
    if not secrets or value is None:
        return Hidden(value)
    walk = _Walk(secrets)
    return Hidden(walk.value(value, schema or {}, ""), walk.fields)
