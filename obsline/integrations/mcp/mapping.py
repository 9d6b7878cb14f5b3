"""The call -> envelope -> observation -> CallToolResult mapping.

    raw       the upstream's structuredContent when it sent one, else its text content
              (one text item as is, several joined by newlines); a structure that is only the
              text in one field counts as the text; an isError result keeps the
              MCP shape ``{"isError": true, "content": [...]}`` so the status stage reads its code
    content   one text item: the observation text (+ a line naming what passed through)
    isError   the observation's status is error
    structuredContent  as the upstream sent it, with secrets replaced as in the text
    _meta["obsline"]   status, error code, retryable, dedup kind, artifact, tokens, ids
Image, audio, resource-link and embedded-resource items pass through unchanged after the text.
"""

from __future__ import annotations

import base64
import json
import re
import shlex
import time
from typing import Any

import mcp_types as types
import orjson

from obsline.core.models import Observation, Status
from obsline.core.tokens import count_tokens
from obsline.integrations.mcp.artifacts import READ_TOOL
from obsline.integrations.mcp.tasks import CallIds
from obsline.secrets import substitute
from obsline.stores.vault import SecretVault

META_KEY = "obsline"


def text_of(content: list[types.ContentBlock]) -> str:
    return "\n".join(c.text for c in content if isinstance(c, types.TextContent))


def passthrough_of(content: list[types.ContentBlock]) -> list[types.ContentBlock]:
    return [c for c in content if not isinstance(c, types.TextContent)]


def describe(item: types.ContentBlock) -> str:
    """One line of what a non-text item is, for the observation (its bytes stay out)."""
    if isinstance(item, types.ImageContent | types.AudioContent):
        size = len(base64.b64decode(item.data, validate=False)) if item.data else 0
        return f"{item.type} {item.mime_type} {size:,} bytes"
    if isinstance(item, types.ResourceLink):
        return f"resource link {item.uri}" + (f" ({item.mime_type})" if item.mime_type else "")
    if isinstance(item, types.EmbeddedResource):
        res = item.resource
        kind = "text" if isinstance(res, types.TextResourceContents) else "blob"
        return f"embedded resource {res.uri} ({res.mime_type or kind})"
    return str(getattr(item, "type", "content"))


def raw_of(result: types.CallToolResult) -> Any:
    if result.is_error:
        return {"isError": True, "content": [{"type": "text", "text": text_of(result.content)}]}
    text = text_of(result.content)
    if result.structured_content is not None and not mirrors(result.structured_content, text):
        return result.structured_content
    return text


def mirrors(structured: Any, text: str) -> bool:
    """Whether the structure is only the text in one field (``{"content": <the text>}``): then the
    text is the raw, so a small result is not read as a one-field record (6 -> 2 tokens)."""
    return isinstance(structured, dict) and len(structured) == 1 and next(iter(structured.values())) == text


def envelope(ids: CallIds, tool: str, args: dict[str, Any] | None, raw: Any, *,
             error: bool, upstream: str, idempotent: bool = True) -> dict[str, Any]:
    """The call as the record path reads it; ``"idempotent": false`` (from the tool's annotations)
    makes a call the upstream never answered not retryable, in the stages themselves
    (``adapters.error_codes.not_idempotent``): in-process and on the fleet alike."""
    line = {"task_id": ids.task_id, "step_id": ids.step_id, "action_id": ids.action_id, "tool": tool,
            "raw": raw, "args": args or None, "ts": time.time(), "error": error or None,
            "upstream": upstream}
    if not idempotent:
        line["idempotent"] = False
    return line


def encode(envelope_dict: Any) -> bytes:
    """The envelope as one JSON line. orjson refuses integers beyond 64 bits, which JSON (and so
    an upstream) allows: the standard encoder takes those, so such a result is not lost."""
    try:
        return orjson.dumps(envelope_dict)
    except TypeError:
        return json.dumps(envelope_dict, ensure_ascii=False, default=str).encode("utf-8", "surrogateescape")


def failure_raw(message: str, code: str, action_id: str) -> dict[str, Any]:
    """The raw of a call the upstream never answered, with its code stated (UPSTREAM_FAILURE,
    TIMEOUT; CANCELLED is a status, so a cancelled call reads as a cancelled job)."""
    if code == "CANCELLED":
        return {"status": "cancelled", "request_id": action_id, "message": message}
    return {"error": {"code": code, "message": message}}


_CLI_READ = re.compile(r"obsline artifact get (.+?)(?: \| python: [^\n]*)?$", re.M)


def mcp_read_hints(text: str) -> str:
    """Cut statements as an MCP client can follow them: ``obsline_read_artifact`` and its
    arguments in place of the CLI command and the Python call the stages write."""
    if "obsline artifact get " not in text:
        return text

    def as_tool_call(match: re.Match[str]) -> str:
        try:
            argv = shlex.split(match.group(1))
        except ValueError:
            return match.group(0)
        args: dict[str, str] = {"ref": argv[0]}
        for flag, value in zip(argv[1::2], argv[2::2], strict=False):
            if flag != "--task":  # the gateway knows the caller's task
                args[flag.removeprefix("--")] = value
        return f"{READ_TOOL} " + orjson.dumps(args).decode()

    return _CLI_READ.sub(as_tool_call, text)


def shown_secrets(vault: SecretVault | None, obs: Observation) -> dict[str, str]:
    """value -> handle for the secrets this observation's text shows as handles."""
    if vault is None or not obs.control.redactions:
        return {}
    values = vault.handles(obs.task_id)
    shown = {r["handle"] for r in obs.control.redactions}
    return {values[h]: h for h in shown if h in values}


def hide_secrets(value: Any, secrets: dict[str, str]) -> Any:
    """``structuredContent`` with each secret the text hides replaced by the same handle, so the
    structure leaks nothing the text keeps back and names each secret alike."""
    if not secrets:
        return value
    ordered = sorted(secrets.items(), key=lambda kv: -len(kv[0]))  # a value inside a longer one: longer first

    def walk(v: Any) -> Any:
        if isinstance(v, str):
            for secret, handle in ordered:
                if secret in v:
                    v = v.replace(secret, handle)
            return v
        if isinstance(v, dict):
            return {k: walk(x) for k, x in v.items()}
        if isinstance(v, list):
            return [walk(x) for x in v]
        return v

    return walk(value)


def substitute_args(task_id: str, args: dict[str, Any] | None, vault: SecretVault | None) -> dict[str, Any] | None:
    """Arguments as the upstream must get them: the secret handles the model copied from an
    earlier observation put back to their values (``obsline.secrets.substitute``; an unknown
    handle raises SecretError, NOT_FOUND: the call must not go out with a handle in it)."""
    if vault is None or not args or b"[secret:" not in encode(args):
        return args
    return substitute(task_id, args, vault=vault)


def obsline_meta(obs: Observation, text: str, ids: CallIds, *, passed: list[str], hints: dict[str, bool] | None,
                 extra: dict[str, Any] | None = None) -> dict[str, Any]:
    error = obs.error
    meta: dict[str, Any] = {
        "status": obs.status.value,
        "error_code": error.code.value if error else "CANCELLED" if obs.status is Status.CANCELLED else None,
        "retryable": error.retryable if error else None,
        "advice": "; ".join(error.suggested_actions) if error else None,
        "dedup": obs.dedup.kind.value,
        "baseline_step": obs.dedup.baseline_step,
        "artifact": obs.evidence.get("artifact"),
        "tokens": {"raw": obs.tokens.get("raw", 0), "text": _text_tokens(obs, text)},
        "task_id": ids.task_id, "step_id": ids.step_id, "action_id": ids.action_id, "task_scope": ids.scope,
    }
    if obs.metadata.get("cut"):
        meta["cut"] = obs.metadata["cut"]  # what the text left out: obsline_read_artifact's path/lines/items/chars
    if passed:
        meta["passed_through"] = passed
    if hints is not None:
        meta["hints"] = hints
    if ids.scope == "call":
        meta["note"] = ("stateless connection: pass _meta obsline/task = this result's task_capability to "
                        "continue this task (dedup, artifacts, handles)")
    return meta | (extra or {})


def _text_tokens(obs: Observation, text: str) -> int:
    """The text's o200k tokens: the stages' count when the text is theirs unchanged (no second
    tokenizer pass over a first read), else counted."""
    known = obs.tokens.get("text")
    if isinstance(known, int) and (text is obs.text or text == obs.text):
        return known
    return count_tokens(text)


def call_result(obs: Observation, ids: CallIds, *, structured: Any, passthrough: list[types.ContentBlock],
                secrets: dict[str, str] | None = None, hints: dict[str, bool] | None = None,
                note: str | None = None, extra: dict[str, Any] | None = None) -> types.CallToolResult:
    passed = [describe(item) for item in passthrough]
    text = mcp_read_hints(obs.text)
    if passed:
        text += "\npassed through unchanged: " + "; ".join(passed)
    if note:
        text += f"\nnote: {note}"
    meta = obsline_meta(obs, text, ids, passed=passed, hints=hints, extra=extra)
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=text), *passthrough],
        structured_content=None if structured is None else hide_secrets(structured, secrets or {}),
        is_error=obs.status is Status.ERROR,
        _meta={META_KEY: meta},
    )
