"""The loop signals through the gateway, against a real upstream on the official SDK
(``versioned_server.py``) over stdio: a write based on an old version is flagged before it runs
(or blocked), and ``obsline_context`` returns the task's history with superseded results masked."""

from __future__ import annotations

from mcp import Client

from tests.integrations.mcp.reference import PYTHON
from tests.integrations.mcp.test_gateway_calls import gateway, meta

VERSIONED = f"{PYTHON} -m tests.integrations.mcp.versioned_server"


async def test_a_write_on_an_older_version_is_flagged_before_it_runs_and_still_sent_by_default() -> None:
    async with Client(gateway(upstream=VERSIONED)) as client:
        await client.call_tool("get_doc", {"id": "D1"})
        stale = await client.call_tool("update_doc", {"id": "D1", "title": "x", "expected_version": 3})
        fresh = await client.call_tool("update_doc", {"id": "D1", "title": "y", "expected_version": 6})
        writes = await client.call_tool("writes", {})
    flagged = meta(stale)["stale_write"]
    assert flagged["value"] == 3 and flagged["last"] == 5 and flagged["sent"] is True
    assert "write based on expected_version=3" in stale.content[0].text  # and said in the text when it comes
    assert "stale_write" not in meta(fresh)  # based on the version the first write made
    assert "writes: 2" in writes.content[0].text or '"writes": 2' in writes.content[0].text, writes.content[0].text


async def test_with_block_a_stale_write_never_reaches_the_upstream() -> None:
    async with Client(gateway("--stale-writes", "block", upstream=VERSIONED)) as client:
        await client.call_tool("get_doc", {"id": "D1"})
        stale = await client.call_tool("update_doc", {"id": "D1", "title": "x", "expected_version": 3})
        writes = await client.call_tool("writes", {})
    assert stale.is_error and meta(stale)["error_code"] == "CONFLICT" and meta(stale)["stale_write"]["sent"] is False
    assert "re-read before writing (not sent)" in stale.content[0].text
    assert "writes: 0" in writes.content[0].text or '"writes": 0' in writes.content[0].text, writes.content[0].text


async def test_obsline_context_masks_what_was_superseded() -> None:
    async with Client(gateway(upstream=VERSIONED)) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        await client.call_tool("start_export", {"q": "all"})
        done = await client.call_tool("export_status", {"job_id": "J-17"})
        view = await client.call_tool("obsline_context", {})
    assert "obsline_context" in names
    assert "result of pending" in done.content[0].text
    text = view.content[0].text
    assert text.startswith("step 0 start_export: superseded by #1"), text
    assert done.content[0].text in text and meta(view)["masked"] == 1 and meta(view)["observations"] == 2
