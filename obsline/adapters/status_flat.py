"""Envelopes written flat in a text: the leaf elements of an XML reply (WeChat Pay v2's
``<xml><return_code><![CDATA[FAIL]]></return_code>...``, eBay's ``<Ack>Failure</Ack>``, data.go.kr's
``<cmmMsgHeader>``) and a form-encoded reply (PayPal NVP's ``ACK=Failure&L_ERRORCODE0=...``). Their
fields are read by the same slots as a JSON envelope's (``status_slots``): a verdict word, a code
beside a message, whatever the provider names them.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qsl

from obsline.adapters.status_slots import has_code_slot, slot_error

# A leaf element, its text or CDATA (a namespace prefix dropped); nested elements are not leaves.
_XML_LEAF = re.compile(r"<(?:[\w.-]+:)?([\w.-]{1,60})(?:\s[^<>]*)?>(?:<!\[CDATA\[(.*?)\]\]>|([^<]*))</(?:[\w.-]+:)?\1>",
                       re.S)
_FORM = re.compile(r"[\w.-]{1,60}=[^&\s]*(?:&[\w.-]{1,60}=[^&\s]*)+")
_HEAD_MAX = 8000


def flat_fields(text: str) -> dict[str, str] | None:
    """The fields of a reply written flat (the first of each name), or None: an XML document that
    is no HTML page, or one form-encoded line."""
    body = text.strip()
    return _xml_fields(body) if body.startswith("<") else _form_fields(body)


def _xml_fields(body: str) -> dict[str, str] | None:
    if "<html" in body[:300].lower() or "<!doctype html" in body[:300].lower():
        return None
    fields: dict[str, str] = {}
    for leaf in _XML_LEAF.finditer(body[:_HEAD_MAX]):
        fields.setdefault(leaf.group(1), (leaf.group(2) if leaf.group(2) is not None else leaf.group(3)).strip())
    return fields or None


def _form_fields(body: str) -> dict[str, str] | None:
    if "\n" in body or len(body) > _HEAD_MAX or not _FORM.fullmatch(body):
        return None
    return dict(parse_qsl(body, keep_blank_values=True))


Slots = tuple[str | None, str, dict[str, Any], int | None]


def form_envelope(text: str) -> Slots | None:
    """The slots of a form-encoded reply that is an error envelope (read before any sentence
    reader: its fields are no sentence), else None."""
    head = text.lstrip()[:300]
    return _envelope(_form_fields(text.strip())) if "&" in head and "=" in head else None


def xml_envelope(text: str) -> Slots | None:
    """The slots (``status_slots.slot_error``) of an XML reply's leaves that are an error envelope."""
    return _envelope(_xml_fields(text.strip())) if text.lstrip().startswith("<") else None


def _envelope(fields: dict[str, str] | None) -> Slots | None:
    if not fields or not has_code_slot(tuple(fields)):
        return None
    return slot_error(fields, inner=False)
