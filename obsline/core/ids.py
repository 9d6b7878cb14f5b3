"""Ids inside composite names: artifact references and the capability that reads them.

Task and action ids are the agents' strings: they may hold ``/``, ``%``, ``\\x1f``, NUL or
10 KB. Joined raw, ``shop/T`` step 3 action ``0/call`` and ``shop/T/3`` step 0 action
``call`` named the same artifact. Each id is therefore percent-encoded (every byte but
RFC 3986's unreserved ones), so a reference has exactly three ``/``-separated parts and
decodes to the one (task, step, action) it was made from.

A reference is also a capability: ``?sig=`` carries an HMAC-SHA256 (truncated to 128 bits)
of the reference under the workers' artifact key, so only what the pipeline handed out in
an observation can be read, never a reference a caller writes down for another task. Pure
(no I/O): the key is passed in (``sinks.artifacts.artifact_key`` loads it).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from functools import lru_cache
from urllib.parse import quote, unquote

from obsline.core.errors import ArtifactError, ErrorCode

PREFIX = "artifact://"
SIG = "?sig="
_DOMAIN = b"obsline-artifact-ref-v1\n"


_PLAIN = re.compile(r"[A-Za-z0-9_.~-]*")  # what quote() leaves alone


def quote_id(part: str) -> str:
    # Most ids need no escape; the regex test is ~10x cheaper than quote() (every record signs a ref).
    return part if _PLAIN.fullmatch(part) else quote(part, safe="")


# A worker sees the same task ids again and again; action ids are new on every call, so they
# are not cached (a cache of them would only churn: ~1.5 us a record on the dev traces).
_quoted_task = lru_cache(maxsize=8192)(quote_id)


def artifact_ref(task_id: str, step_id: int, action_id: str, key: bytes | None = None) -> str:
    """Where the raw is kept (signed when a key is given). The step is part of it because
    agents reuse action ids within a task (427 of the 4,313 dev-trace records)."""
    ref = f"{PREFIX}{_quoted_task(task_id)}/{step_id}/{quote_id(action_id)}"
    return sign_ref(ref, key) if key else ref


@lru_cache(maxsize=8)
def _keyed(key: bytes) -> hmac.HMAC:
    return hmac.new(key, _DOMAIN, hashlib.sha256)  # copied per ref: the key schedule is done once


def _mac(ref: str, key: bytes) -> str:
    mac = _keyed(key).copy()
    mac.update(ref.encode())
    digest = mac.digest()[:16]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def sign_ref(ref: str, key: bytes) -> str:
    return f"{unsigned(ref)}{SIG}{_mac(unsigned(ref), key)}"


def unsigned(ref: str) -> str:
    return ref.split("?", 1)[0]


def _well_formed(parts: list[str]) -> bool:
    """Three parts, none empty, the step a canonical decimal number."""
    if len(parts) != 3 or not parts[0] or not parts[2]:
        return False
    step = parts[1]
    return step.isascii() and step.isdigit() and str(int(step)) == step


def parse_ref(ref: str) -> tuple[str, int, str]:
    """(task_id, step_id, action_id) of a reference, signed or not."""
    body = unsigned(ref)
    parts = body[len(PREFIX):].split("/") if body.startswith(PREFIX) else []
    if not _well_formed(parts):
        raise ArtifactError(ErrorCode.INVALID_ARGUMENT,
                            f"not an artifact reference (artifact://<task>/<step>/<action>): {ref[:200]!r}")
    try:
        task, action = unquote(parts[0], errors="strict"), unquote(parts[2], errors="strict")
    except UnicodeDecodeError:
        raise ArtifactError(ErrorCode.INVALID_ARGUMENT, f"artifact reference is not UTF-8: {ref[:200]!r}") from None
    if quote_id(task) != parts[0] or quote_id(action) != parts[2]:  # one spelling per id
        raise ArtifactError(ErrorCode.INVALID_ARGUMENT, f"artifact reference not in canonical form: {ref[:200]!r}")
    return task, int(parts[1]), action


def verify_ref(ref: str, key: bytes) -> str:
    """The reference without its signature, if the signature is ours; else PERMISSION_DENIED."""
    parse_ref(ref)
    body, _, sig = ref.partition(SIG)
    if not sig or not hmac.compare_digest(sig.encode(), _mac(body, key).encode()):
        raise ArtifactError(ErrorCode.PERMISSION_DENIED,
                            "artifact reference not signed by this store: read it from the observation "
                            "that carries it (evidence.artifact)")
    return body


__all__ = ["PREFIX", "artifact_ref", "parse_ref", "quote_id", "sign_ref", "unsigned", "verify_ref"]
