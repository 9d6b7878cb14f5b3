"""``obsline mcp intercept`` on a real upstream's response (Docker MCP Gateway after:exec shape)."""

from __future__ import annotations

import json
import subprocess

from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.integrations.mcp.reference import PYTHON, REPO, time_server


async def test_intercept_turns_a_real_response_into_the_observation() -> None:
    argv = time_server().split()
    async with Client(StdioServerParameters(command=argv[0], args=argv[1:])) as client:
        result = await client.call_tool("get_current_time", {"timezone": "UTC"})
    response = result.model_dump(by_alias=True, exclude_none=True, mode="json")
    request = {"jsonrpc": "2.0", "id": 9, "method": "tools/call",
               "params": {"name": "get_current_time", "arguments": {"timezone": "UTC"}}}
    out = subprocess.run([PYTHON, "-m", "obsline", "mcp", "intercept"], cwd=REPO, capture_output=True, check=True,
                         input=json.dumps({"request": request, "response": response}).encode(), timeout=60)
    transformed = json.loads(out.stdout)
    assert [c["type"] for c in transformed["content"]] == ["text"]
    assert transformed["content"][0]["text"].startswith("{timezone datetime")
    assert transformed["structuredContent"] == response["structuredContent"]
    assert transformed["_meta"]["obsline"]["status"] == "success"
    assert transformed["_meta"]["obsline"]["action_id"] == "rpc-9"


def test_intercept_answers_input_that_is_not_json_with_a_malformed_error() -> None:
    out = subprocess.run([PYTHON, "-m", "obsline", "mcp", "intercept"], cwd=REPO, capture_output=True, check=True,
                         input=b"{nope", timeout=60)
    transformed = json.loads(out.stdout)
    assert transformed["isError"] is True and "MALFORMED" in transformed["content"][0]["text"]


def test_intercept_scrubs_an_embedded_resource_like_text() -> None:
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    response = {"content": [{"type": "text", "text": "config attached"},
                            {"type": "resource", "resource": {"uri": "file:///srv/.env", "mimeType": "text/plain",
                                                              "text": f"GITHUB_TOKEN={token}\n"}}]}
    request = {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "attach", "arguments": {}}}
    out = subprocess.run([PYTHON, "-m", "obsline", "mcp", "intercept"], cwd=REPO, capture_output=True, check=True,
                         input=json.dumps({"request": request, "response": response}).encode(), timeout=60)
    assert token.encode() not in out.stdout
    assert json.loads(out.stdout)["content"][1]["resource"]["text"].startswith("GITHUB_TOKEN=[secret:")
