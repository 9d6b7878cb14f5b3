"""``obsline mcp intercept``: one tool call's response, transformed, for gateways that exist.

Reads ``{"request": ..., "response": ...}`` (the Docker MCP Gateway's ``after:exec`` interceptor
input: the tools/call request and its CallToolResult, either may be a whole JSON-RPC message)
and prints the response with the observation in place of the content, in the shape it came.
Each call is its own process there, so there is no state across calls: no dedup, and the
artifact store is not kept (``evidence.artifact`` names the raw for a store the caller keeps).
"""

from __future__ import annotations

import tempfile
from typing import Any

import mcp_types as types
import orjson

from obsline.core.errors import ErrorCode, error_line
from obsline.integrations.mcp import mapping
from obsline.integrations.mcp.scrub import scrub_items
from obsline.integrations.mcp.tasks import TASK_META_KEY, CallIds
from obsline.pipeline import Runner, Stages
from obsline.stores.vault import SecretVault


def _params(request: Any) -> dict[str, Any]:
    if isinstance(request, dict):
        params = request.get("params", request)
        if isinstance(params, dict):
            return params
    return {}


def intercept(data: bytes, *, template: str = "concise") -> bytes:
    try:
        message = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        return orjson.dumps({"isError": True, "content": [{"type": "text",
                             "text": error_line(ErrorCode.MALFORMED, False, f"interceptor input is not JSON: {exc}")}]})
    message = message if isinstance(message, dict) else {}
    response, wrapped, body = _response(message)
    try:
        result = types.CallToolResult.model_validate(body)
    except Exception as exc:  # a response we cannot read passes through untouched
        return orjson.dumps(response) if response else orjson.dumps({"error": f"unreadable response: {exc}"})
    dumped = _observed(message, result, template).model_dump(by_alias=True, exclude_none=True, mode="json")
    return orjson.dumps({**response, "result": dumped} if wrapped else dumped)


def _response(message: dict[str, Any]) -> tuple[Any, bool, Any]:
    """The response as it came, whether it is a JSON-RPC message around the result, and the
    CallToolResult's body."""
    response = message.get("response", message if "content" in message else {})
    wrapped = isinstance(response, dict) and "result" in response and "content" not in response
    return response, wrapped, response.get("result") if wrapped else response


def _call_ids(message: dict[str, Any], params: dict[str, Any]) -> CallIds:
    """The task from the request's ``_meta`` (else one task per call), the action from its RPC id."""
    given = params.get("_meta")
    meta: dict[str, Any] = given if isinstance(given, dict) else {}
    task = str(meta.get(TASK_META_KEY) or "intercept")
    request = message.get("request")
    rpc = request.get("id") if isinstance(request, dict) else None
    return CallIds(task, 0, f"rpc-{rpc}" if rpc is not None else "call-0", "meta" if meta.get(TASK_META_KEY) else "call")


def _observed(message: dict[str, Any], result: types.CallToolResult, template: str) -> types.CallToolResult:
    """The call's result with its observation in place of the content (a vault of its own: the
    one call's secrets)."""
    params = _params(message.get("request"))
    ids = _call_ids(message, params)
    tool = str(params.get("name") or "tool")
    args = params.get("arguments") if isinstance(params.get("arguments"), dict) else None
    line = mapping.encode(mapping.envelope(ids, tool, args, mapping.raw_of(result), error=result.is_error,
                                         upstream="intercept"))
    with tempfile.TemporaryDirectory(prefix="obsline-intercept-") as tmp:
        vault = SecretVault(tmp)
        obs = Runner(Stages.default(template=template), vault=vault).process(line).observation
        return mapping.call_result(obs, ids, structured=result.structured_content,
                                   secrets=mapping.shown_secrets(vault, obs),
                                   passthrough=scrub_items(mapping.passthrough_of(result.content), ids.task_id,
                                                           None, vault))
