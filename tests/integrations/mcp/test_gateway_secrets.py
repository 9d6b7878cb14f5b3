"""#18 items 2 and 3 on the real thing: the official SDK client against ``obsline mcp`` in front
of server-filesystem and an SDK test server (secrets_server.py). The model-facing reads give the
observation's handles, never the secret; embedded resources are scrubbed; handles never collide."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import mcp_types as types
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.integrations.mcp.reference import PYTHON, REPO, filesystem_server, gateway_argv

TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
SECRETS_SERVER = f"{PYTHON} {Path(__file__).with_name('secrets_server.py')}"


def gateway(*upstreams: str, extra: tuple[str, ...] = ()) -> StdioServerParameters:
    return StdioServerParameters(command=PYTHON, args=gateway_argv(*upstreams, extra=extra), cwd=str(REPO))


def handles_in(text: str) -> set[str]:
    import re

    return set(re.findall(r"\[secret:[a-z0-9_]+-\d+\]", text))


async def test_read_artifact_and_resources_read_give_handles_not_the_secret(tmp_path: Path) -> None:
    (tmp_path / "cfg.txt").write_text(f"deploy token {TOKEN}\nregion eu\n")
    async with Client(gateway(f"fs={filesystem_server(tmp_path)}")) as client:
        read = await client.call_tool("read_text_file", {"path": str(tmp_path / "cfg.txt")})
        ref = read.meta["obsline"]["artifact"]
        whole = await client.call_tool("obsline_read_artifact", {"ref": ref})
        ranged = await client.call_tool("obsline_read_artifact", {"ref": ref, "path": "content", "chars": "1-30"})
        resource = await client.read_resource(ref)
    shown = handles_in(read.content[0].text)
    assert len(shown) == 1 and TOKEN not in read.content[0].text
    for text in (whole.content[0].text, ranged.content[0].text, resource.contents[0].text):
        assert TOKEN not in text and TOKEN[:10] not in text
    assert handles_in(whole.content[0].text) == shown and "region eu" in whole.content[0].text


async def test_embedded_resources_text_and_blob_are_scrubbed_like_text() -> None:
    async with Client(gateway(f"sec={SECRETS_SERVER}")) as client:
        result = await client.call_tool("attach_config", {})
    dumped = json.dumps(result.model_dump(mode="json", by_alias=True))
    blobs = [base64.b64decode(c.resource.blob).decode() for c in result.content
             if getattr(getattr(c, "resource", None), "blob", None)]
    assert TOKEN not in dumped and all(TOKEN not in b for b in blobs)
    texts = [c.resource.text for c in result.content if getattr(getattr(c, "resource", None), "text", None)]
    assert texts and handles_in(texts[0]) and "REGION=eu-west-1" in texts[0]
    assert blobs and handles_in(blobs[0]) == handles_in(texts[0])


async def test_a_secret_in_a_pattern_constrained_field_keeps_the_result_valid_and_the_client_is_told() -> None:
    """The SDK client validates structuredContent against the outputSchema and raised on a handle
    in a `pattern` field; the next identical call then said `unchanged` for a result never received."""
    async with Client(gateway(f"sec={SECRETS_SERVER}")) as client:
        first = await client.call_tool("whoami", {})  # raised RuntimeError before
        second = await client.call_tool("whoami", {})
        handle = handles_in(first.content[0].text).pop()
        used = await client.call_tool("use_token", {"token": handle})
    data = first.structured_content
    assert TOKEN not in json.dumps(data) and TOKEN not in first.content[0].text
    assert "backup_token" not in data and data["user"] == "ann"  # optional: left out
    assert data["token"].startswith("ghp_") and len(data["token"]) == len(TOKEN)  # required: a masked form
    told = {f["path"]: f["action"] for f in first.meta["obsline"]["structured_secrets"]}
    assert told == {"token": "masked", "backup_token": "left out", "tokens[0]": "masked"}
    assert handle in first.content[0].text and "left out" in first.content[0].text
    assert second.meta["obsline"]["dedup"] == "unchanged"  # the first was delivered
    assert not used.is_error and "accepted" in used.content[0].text


async def test_a_result_the_client_refuses_does_not_advance_dedup() -> None:
    async with Client(gateway(f"sec={SECRETS_SERVER}")) as client:
        with pytest.raises(RuntimeError, match="Invalid structured content"):
            await client.call_tool("strict_whoami", {})  # the SDK client refuses it: never received
        again = await client.session.send_request(  # the same call, read without the client's check
            types.CallToolRequest(params=types.CallToolRequestParams(name="strict_whoami", arguments={})),
            types.CallToolResult)
    assert again.meta["obsline"]["dedup"] == "new" and TOKEN not in json.dumps(again.model_dump(mode="json"))
    assert again.meta["obsline"]["structured_secrets"][0]["action"] == "kept as handle (no valid form)"
    assert "not counted as seen" in again.meta["obsline"]["undelivered"]
