"""What a real client needs of a call through the gateway, against the SDK test server
(``feature_server.py``) over stdio and HTTP: structured output within a budget and valid against
its schema, progress relayed, a timeout that cancels one call only, and error codes whose retry
advice reads the same in the text and in ``_meta``."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import anyio
import jsonschema
import mcp_types as types
import orjson
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from bench.common import free_port, wait_for_port
from obsline.adapters.error_codes import SUGGESTIONS
from obsline.core.errors import ErrorCode
from tests.integrations.mcp.feature_server import REPORT_SCHEMA
from tests.integrations.mcp.reference import PYTHON, REPO, HttpGateway, gateway_argv

FEATURE = f"{PYTHON} -m tests.integrations.mcp.feature_server"


def gateway(*extra: str, upstream: str = FEATURE) -> StdioServerParameters:
    return StdioServerParameters(command=PYTHON, cwd=str(REPO), env={**os.environ, "PYTHONPATH": str(REPO)},
                                 args=gateway_argv(f"f={upstream}", extra=extra))


def meta(result: types.CallToolResult) -> dict:
    assert result.meta is not None
    return result.meta["obsline"]


def wire_size(result: types.CallToolResult) -> int:
    return len(orjson.dumps(result.model_dump(by_alias=True, mode="json", exclude_none=True)))


async def test_a_5_mb_structured_result_comes_back_under_64_kb_valid_and_readable_where_cut() -> None:
    async with Client(gateway()) as client:  # the SDK's client validates against the outputSchema itself
        result = await client.call_tool("report", {})
        cut = meta(result)["structured"]["cut"]
        rows = next(c for c in cut if c["path"] == "rows")
        rest = await client.call_tool("obsline_read_artifact", {"ref": meta(result)["artifact"], "path": "rows",
                                                                "items": "4999-5000"})
    assert not result.is_error and wire_size(result) < 64_000
    jsonschema.validate(result.structured_content, REPORT_SCHEMA)
    assert result.structured_content["count"] == 5000 and rows["items"].endswith("-5000")
    assert "structuredContent cut" in result.content[0].text and "obsline_read_artifact" in result.content[0].text
    assert [r["id"] for r in orjson.loads(rest.content[0].text.split("\n[bytes")[0])] == [4998, 4999]


async def test_structure_without_a_schema_is_dropped_with_a_note_unless_the_client_asks() -> None:
    async with Client(gateway()) as client:
        dropped = await client.call_tool("loose_report", {"rows": 3})
        kept = await client.call_tool("loose_report", {"rows": 3}, meta={"obsline/structured": True})
    assert dropped.structured_content is None and meta(dropped)["structured"]["dropped"] is True
    assert kept.structured_content["count"] == 3


async def test_progress_is_relayed_and_keeps_a_call_alive_up_to_its_maximum() -> None:
    seen: list[float] = []

    async def progress(value: float, total: float | None, message: str | None) -> None:
        seen.append(value)

    async with Client(gateway("--call-timeout", "1.5", "--call-max", "4")) as client:
        long = await client.call_tool("slow", {"seconds": 3, "interval": 0.5}, progress_callback=progress)
        over = await client.call_tool("slow", {"seconds": 8, "interval": 0.5})
    assert not long.is_error and "slow done after 3s" in long.content[0].text
    assert seen == [0.5, 1.0, 1.5, 2.0, 2.5, 3.0]  # each one relayed, in order, and the 1.5 s idle limit reset
    assert meta(over)["error_code"] == "TIMEOUT" and "maximum" in over.content[0].text


async def test_a_timeout_cancels_that_call_upstream_and_spares_its_neighbours(tmp_path: Path) -> None:
    marker = tmp_path / "cancelled"
    results: dict[str, types.CallToolResult] = {}
    async with Client(gateway("--call-timeout", "2")) as client:
        before = await client.call_tool("bump", {})

        async def call(key: str, name: str, args: dict) -> None:
            results[key] = await client.call_tool(name, args)

        async with anyio.create_task_group() as group:
            group.start_soon(call, "hung", "hang", {"marker": str(marker)})
            group.start_soon(call, "healthy", "slow", {"seconds": 3.5, "interval": 0.5})
        after = await client.call_tool("bump", {})
    assert meta(results["hung"])["error_code"] == "TIMEOUT"
    assert not results["healthy"].is_error and "slow done" in results["healthy"].content[0].text
    assert marker.read_text() == "cancelled"  # notifications/cancelled reached the upstream's handler
    pid = before.content[0].text.split("pid ")[1].split()[0]
    assert "counter 2" in after.content[0].text and f"pid {pid}" in after.content[0].text  # same process, state kept


def _advice_agrees(result: types.CallToolResult) -> None:
    text, m = result.content[0].text, meta(result)
    assert f"retryable={'yes' if m['retryable'] else 'no'}" in text
    # the advice is in the text, or it is the code's own (the code says it: no next: line)
    own = m["advice"] == SUGGESTIONS[ErrorCode(m["error_code"])]
    assert (f"next: {m['advice']}" in text) != own
    assert "ExceptionGroup" not in text and "Traceback" not in text


async def test_a_call_that_may_have_taken_effect_says_not_to_retry_in_text_and_meta_alike() -> None:
    async with Client(gateway("--call-timeout", "1")) as client:
        stalled = await client.call_tool("stall", {})
        hung = await client.call_tool("hang", {})
    assert meta(stalled)["error_code"] == "TIMEOUT" and meta(stalled)["retryable"] is False
    assert meta(hung)["retryable"] is True
    # the stages say it (typed fields), so no retry signal contradicts retryable=no (the regex rewrite left one)
    assert not any(line.startswith("retry ") for line in stalled.content[0].text.split("\n"))
    assert any(line.startswith("retry 1: wait") for line in hung.content[0].text.split("\n"))
    _advice_agrees(stalled)
    _advice_agrees(hung)


async def test_an_upstream_gone_away_is_upstream_failure_without_a_dump() -> None:
    port = free_port()
    upstream = subprocess.Popen([PYTHON, "-m", "tests.integrations.mcp.feature_server", "--http", str(port)],
                                cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port)
        async with Client(gateway(upstream=f"http://127.0.0.1:{port}/mcp")) as client:
            ok = await client.call_tool("bump", {})
            upstream.kill()  # gone at once, as a crash or a lost host would be
            upstream.wait(10)
            down = await client.call_tool("bump", {})
    finally:
        upstream.kill()
        upstream.wait()
    assert not ok.is_error
    assert down.is_error and meta(down)["error_code"] == "UPSTREAM_FAILURE"
    _advice_agrees(down)


async def test_over_http_the_sdk_default_client_gets_progress_and_compact_structure() -> None:
    seen: list[float] = []

    async def progress(value: float, total: float | None, message: str | None) -> None:
        seen.append(value)

    with HttpGateway(f"f={FEATURE}") as gw:
        async with Client(gw.url) as client:
            report = await client.call_tool("report", {})
            slow = await client.call_tool("slow", {"seconds": 1, "interval": 0.25}, progress_callback=progress)
    assert wire_size(report) < 64_000
    jsonschema.validate(report.structured_content, REPORT_SCHEMA)
    assert not slow.is_error and seen == [0.25, 0.5, 0.75, 1.0]


async def test_a_first_read_is_at_most_a_few_tokens_over_its_raw(tmp_path: Path) -> None:
    from obsline.core.tokens import count_tokens
    from tests.integrations.mcp.reference import filesystem_server

    files = {"s.txt": "hello\n", "m.txt": "".join(f"def f{i}(x):\n    return x * {i}\n" for i in range(60))}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    params = StdioServerParameters(command=PYTHON, cwd=str(REPO), args=gateway_argv(f"fs={filesystem_server(tmp_path)}"))
    async with Client(params) as client:
        for name, text in files.items():
            result = await client.call_tool("read_text_file", {"path": str(tmp_path / name)})
            assert count_tokens(result.content[0].text) <= count_tokens(text) + 3, result.content[0].text[:80]
