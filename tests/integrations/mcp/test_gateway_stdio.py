"""The gateway over stdio, driven by the SDK's client, in front of the reference servers."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import mcp_types as types
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.integrations.mcp.reference import (
    PYTHON,
    REPO,
    everything_server,
    filesystem_server,
    gateway_argv,
    git_server,
    time_server,
)


def gateway(*upstreams: str, extra: tuple[str, ...] = ()) -> StdioServerParameters:
    return StdioServerParameters(command=PYTHON, args=gateway_argv(*upstreams, extra=extra), cwd=str(REPO))


def meta(result: types.CallToolResult) -> dict:
    assert result.meta is not None
    return result.meta["obsline"]


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "notes.txt").write_text("alpha\nbeta\n")
    return tmp_path


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    path = tmp_path / "repo"
    path.mkdir()
    for cmd in (["init", "-q"], ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m",
                                 "first"]):
        subprocess.run(["git", *cmd], cwd=path, check=True)
    return path


async def test_a_second_read_is_unchanged_a_write_gives_a_delta_a_failure_a_stable_code(files: Path) -> None:
    path = str(files / "notes.txt")
    async with Client(gateway(f"fs={filesystem_server(files)}")) as client:
        first = await client.call_tool("read_text_file", {"path": path})
        second = await client.call_tool("read_text_file", {"path": path})
        await client.call_tool("write_file", {"path": path, "content": "alpha\ngamma\n"})
        third = await client.call_tool("read_text_file", {"path": path})
        failed = await client.call_tool("read_text_file", {"path": str(files / "missing.txt")})
        denied = await client.call_tool("obsline_read_artifact", {"ref": "artifact://someone-else/0/rpc-1"})
    assert failed.is_error
    assert meta(failed)["error_code"] == "NOT_FOUND" and meta(failed)["retryable"] is False
    assert failed.content[0].text.startswith("error NOT_FOUND retryable=no:")
    assert denied.is_error and meta(denied)["error_code"] == "PERMISSION_DENIED"
    assert (meta(first)["dedup"], meta(second)["dedup"], meta(third)["dedup"]) == ("new", "unchanged", "delta")
    assert [len(r.content) for r in (first, second, third)] == [1, 1, 1]
    assert second.content[0].text.startswith("unchanged since") and len(second.content[0].text) < 30
    # the change: its new line, and which old line it replaces (that one is in #1, not repeated)
    assert "+gamma" in third.content[0].text and "@@ -2 +2 @@" in third.content[0].text
    assert meta(second)["baseline_step"] == 0 and meta(third)["baseline_step"] == 0
    assert second.structured_content == {"content": "alpha\nbeta\n"}  # the structure stays as sent
    assert meta(third)["step_id"] == 3 and meta(third)["action_id"].startswith("rpc-")


async def test_a_large_result_is_read_back_through_the_gateway_page_by_page(files: Path) -> None:
    big = "".join(f"line {i:05d} " + "x" * 60 + "\n" for i in range(3000))  # ~200 kB
    (files / "big.txt").write_text(big)
    async with Client(gateway(f"fs={filesystem_server(files)}")) as client:
        result = await client.call_tool("read_text_file", {"path": str(files / "big.txt")})
        ref = meta(result)["artifact"]
        pages, offset = [], 0
        while offset is not None:
            page = await client.call_tool("obsline_read_artifact", {"ref": ref, "offset": offset, "limit": 50_000})
            assert not page.is_error
            pages.append(page.content[0].text.split("\n[bytes ")[0] if meta(page)["next_offset"] else
                         page.content[0].text)
            offset = meta(page)["next_offset"]
        cut = meta(result)["cut"][0]  # what the text left out, in the store's range units
        first, last = cut["lines"]
        left_out = await client.call_tool("obsline_read_artifact", {
            "ref": ref, "path": cut["path"], "lines": f"{first}-{last}", "limit": 200_000})
        resources = await client.list_resources()
        resource = await client.read_resource(ref)
    assert meta(result)["tokens"]["text"] < meta(result)["tokens"]["raw"] / 4
    assert "".join(pages) == big  # {"content": <the text>} only mirrors the text: the text is the raw
    assert left_out.content[0].text.rstrip("\n") == "\n".join(big.split("\n")[first - 1:last])
    assert "obsline artifact get" in result.content[0].text or "cut:" in result.content[0].text
    assert ref in {str(r.uri) for r in resources.resources}
    assert resource.contents[0].text == big


async def test_images_and_resources_pass_through_unchanged_and_the_observation_says_so() -> None:
    async with Client(gateway(f"every={everything_server()}")) as client:
        result = await client.call_tool("get-tiny-image", {})
        embedded = await client.call_tool("get-resource-reference", {"resourceType": "Text", "resourceId": 1})
        links = await client.call_tool("get-resource-links", {"count": 2})
    resources = [c for c in embedded.content if isinstance(c, types.EmbeddedResource)]
    assert [c.type for c in embedded.content] == ["text", "resource"] and len(resources) == 1
    assert f"embedded resource {resources[0].resource.uri}" in embedded.content[0].text
    assert [c.type for c in links.content] == ["text", "resource_link", "resource_link"]
    assert links.content[0].text.count("resource link ") == 2
    images = [c for c in result.content if isinstance(c, types.ImageContent)]
    assert len(images) == 1 and images[0].mime_type == "image/png" and images[0].data
    assert "passed through unchanged: image image/png" in result.content[0].text
    assert meta(result)["passed_through"]


async def test_several_upstreams_are_prefixed_and_structured_content_is_kept(repo: Path) -> None:
    async with Client(gateway(f"time={time_server()}", f"git={git_server(repo)}")) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        result = await client.call_tool("time_get_current_time", {"timezone": "UTC"})
        status = await client.call_tool("git_git_status", {"repo_path": str(repo)})
    assert {"time_get_current_time", "git_git_status", "obsline_read_artifact"} <= names
    assert not {"get_current_time", "git_status"} & names
    assert not status.is_error and "branch" in status.content[0].text.lower()
    assert not result.is_error and result.structured_content["timezone"] == "UTC"
    assert "UTC" in result.content[0].text and meta(result)["hints"]["read_only"] is True


async def test_a_crashed_upstream_gives_an_error_result_and_the_next_call_reconnects() -> None:
    flaky = f"{PYTHON} {Path(__file__).with_name('flaky_server.py')}"
    async with Client(gateway(f"flaky={flaky}", extra=("--call-timeout", "3"))) as client:
        before = await client.call_tool("ok", {})
        crashed = await client.call_tool("crash", {})
        after = await client.call_tool("ok", {})
    assert not before.is_error and not after.is_error
    assert crashed.is_error and meta(crashed)["error_code"] in ("UPSTREAM_FAILURE", "TIMEOUT")
    assert before.content[0].text != after.content[0].text  # another process answered


async def test_a_hung_upstream_gives_a_timeout_not_a_hung_gateway() -> None:
    flaky = f"{PYTHON} {Path(__file__).with_name('flaky_server.py')}"
    async with Client(gateway(f"flaky={flaky}", extra=("--call-timeout", "1.5"))) as client:
        hung = await client.call_tool("hang", {})
        after = await client.call_tool("ok", {})
    assert hung.is_error and meta(hung)["error_code"] == "TIMEOUT" and meta(hung)["retryable"] is True
    assert not after.is_error


async def test_secrets_are_the_same_handles_in_text_and_structure_and_handles_go_back_as_values(
        files: Path) -> None:
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    (files / "cfg.txt").write_text(f"deploy token {token}\n")
    async with Client(gateway(f"fs={filesystem_server(files)}")) as client:
        read = await client.call_tool("read_text_file", {"path": str(files / "cfg.txt")})
        handle = next(w for w in read.content[0].text.replace("\n", " ").split() if w.startswith("[secret:"))
        wrote = await client.call_tool("write_file", {"path": str(files / "copy.txt"), "content": handle})
        unknown = await client.call_tool("write_file", {"path": str(files / "x.txt"), "content": "[secret:token-99]"})
    assert token not in read.content[0].text and token not in json.dumps(read.structured_content)
    assert read.structured_content == {"content": f"deploy token {handle}\n"}
    assert not wrote.is_error and (files / "copy.txt").read_text() == token
    assert unknown.is_error and meta(unknown)["error_code"] == "NOT_FOUND" and not (files / "x.txt").exists()


async def test_an_upstream_dead_at_start_leaves_the_others_served_and_alone_is_an_error() -> None:
    async with Client(gateway("dead=/bin/false", f"time={time_server()}")) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        result = await client.call_tool("time_get_current_time", {"timezone": "UTC"})
    assert "time_get_current_time" in names and not any(n.startswith("dead_") for n in names)
    assert not result.is_error
    alone = subprocess.run([PYTHON, *gateway_argv("dead=/bin/false")], cwd=REPO, capture_output=True,
                           stdin=subprocess.DEVNULL, timeout=60)
    assert alone.returncode == 2 and b"error UPSTREAM_FAILURE" in alone.stderr
