"""Prompts, resources, resource links, list changes and zero-config kinds through the gateway,
in front of the SDK test server (``feature_server.py``), with the SDK client and the Inspector."""

from __future__ import annotations

import warnings
from typing import Any

import anyio
import mcp_types as types
from mcp import Client

from tests.integrations.mcp.feature_server import UI_MIME, UI_URI
from tests.integrations.mcp.reference import PYTHON, HttpGateway, gateway_argv
from tests.integrations.mcp.test_gateway_calls import FEATURE, gateway, meta
from tests.integrations.mcp.test_inspector import inspector


async def test_prompts_and_resources_are_proxied_and_a_resource_read_is_an_observation() -> None:
    async with Client(gateway()) as client:
        prompts = {p.name for p in (await client.list_prompts()).prompts}
        prompt = await client.get_prompt("summarize", {"note": "1"})
        listed = {str(r.uri) for r in (await client.list_resources()).resources}
        templates = [t.uri_template for t in (await client.list_resource_templates()).resource_templates]
        first = await client.read_resource("mem://notes/2")
        again = await client.read_resource("mem://notes/2")
        ui = await client.read_resource(UI_URI)
    assert "summarize" in prompts and "Summarize note 1" in prompt.messages[0].content.text
    assert {"mem://notes/1", "mem://notes/2", UI_URI} <= listed and templates == ["mem://notes/{id}"]
    assert "second note: beta" in first.contents[0].text and first.meta["obsline"]["dedup"] == "new"
    assert again.meta["obsline"]["dedup"] == "unchanged"
    assert ui.contents[0].mime_type == UI_MIME and ui.contents[0].text.startswith("<html>")  # as the host needs it


async def test_a_linked_resource_is_readable_and_a_tool_added_later_is_callable() -> None:
    changes: list[object] = []

    async def on_message(message: object) -> None:
        if isinstance(message, types.ToolListChangedNotification):
            changes.append(message)

    async with Client(gateway(), mode="legacy", message_handler=on_message) as client:
        linked = await client.call_tool("linked", {})
        link = next(c for c in linked.content if isinstance(c, types.ResourceLink))
        target = await client.read_resource(str(link.uri))
        await client.call_tool("grow", {})
        late = await client.call_tool("late", {})
        names = {t.name for t in (await client.list_tools()).tools}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            subscribed = await client.subscribe_resource("mem://notes/1")
    assert "first note: alpha" in target.contents[0].text
    assert not late.is_error and "late tool answered" in late.content[0].text and "late" in names
    assert changes, "the upstream's tools/list_changed reached the client"
    assert isinstance(subscribed, types.EmptyResult)


async def test_a_2026_client_listening_hears_of_a_tool_added_upstream() -> None:
    async with Client(gateway()) as client:  # the SDK default: 2026-07-28, changes on a listen stream
        async with client.listen(tools_list_changed=True) as subscription:
            await client.call_tool("grow", {})
            with anyio.fail_after(10):
                event = await subscription.__anext__()
        late = await client.call_tool("late", {})
    assert type(event).__name__ == "ToolsListChanged" and not late.is_error


async def test_without_contracts_a_tool_that_reads_by_name_and_description_folds_and_others_never() -> None:
    async with Client(gateway()) as client:
        reads = [await client.call_tool("get_status", {}) for _ in range(2)]
        vetoed = [await client.call_tool("get_and_reset", {}) for _ in range(2)]
        bumps = [await client.call_tool("bump", {}) for _ in range(2)]
    assert meta(reads[1])["dedup"] == "unchanged"
    assert meta(vetoed[1])["dedup"] != "unchanged"  # "resets" in its description: not known read-only
    assert meta(bumps[1])["dedup"] != "unchanged"  # readOnlyHint false


async def test_a_tool_that_says_nothing_folds_once_its_results_show_it_reads_and_never_before() -> None:
    async with Client(gateway()) as client:
        sky = [await client.call_tool("forecast", {"city": "Oslo"}) for _ in range(5)]
        other_city = await client.call_tool("forecast", {"city": "Rome"})
        tickets = [await client.call_tool("ticket", {}) for _ in range(5)]
    # two identical results for identical calls first (MIN_EQUAL_REPEATS), never folded meanwhile
    assert [meta(r)["dedup"] for r in sky] == ["never", "never", "never", "new", "unchanged"]
    assert meta(sky[0])["hints"]["read_only"] is False and meta(sky[3])["hints"]["read_only"] is True
    assert meta(other_city)["dedup"] == "new"
    assert [meta(t)["dedup"] for t in tickets] == ["never"] * 5  # its results differ: never folded
    assert meta(tickets[-1])["hints"]["read_only"] is False


def test_the_inspector_lists_and_reads_resources_and_prompts_through_the_gateway() -> None:
    server = [PYTHON, *gateway_argv(f"f={FEATURE}")]
    wait = ("--connect-timeout", "90000")  # two Python servers to start on a loaded machine
    resources = inspector(*wait, "--method", "resources/list", *server)
    read = inspector(*wait, "--method", "resources/read", "--uri", "mem://notes/1", "--", *server)
    prompts = inspector(*wait, "--method", "prompts/list", *server)
    assert "mem://notes/1" in {r["uri"] for r in resources["resources"]}
    assert "first note: alpha" in read["contents"][0]["text"] and read["_meta"]["obsline"]["status"] == "success"
    assert "summarize" in {p["name"] for p in prompts["prompts"]}


async def test_a_resource_update_reaches_only_the_sessions_subscribed_to_it() -> None:
    heard: dict[str, list[str]] = {"one": [], "two": [], "three": []}

    def listener(name: str) -> Any:
        async def on_message(message: object) -> None:
            if isinstance(message, types.ResourceUpdatedNotification):
                heard[name].append(str(message.params.uri))
        return on_message

    with HttpGateway(f"f={FEATURE}") as gw, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # resources/subscribe is deprecated in 2026-07-28
        async with Client(gw.url, mode="legacy", message_handler=listener("one")) as one, \
                Client(gw.url, mode="legacy", message_handler=listener("two")) as two, \
                Client(gw.url, mode="legacy", message_handler=listener("three")) as three:
            await one.subscribe_resource("mem://notes/1")
            await two.subscribe_resource("mem://notes/2")
            await three.subscribe_resource("mem://notes/1")
            await three.unsubscribe_resource("mem://notes/1")
            await three.call_tool("edit_note", {"id": 1, "text": "first note: edited"})
            with anyio.fail_after(10):
                while not heard["one"]:
                    await anyio.sleep(0.05)
            await two.call_tool("edit_note", {"id": 2, "text": "second note: edited"})
            with anyio.fail_after(10):
                while not heard["two"]:
                    await anyio.sleep(0.05)
            await anyio.sleep(0.5)  # time for a stray update to arrive
    # (the test server says each change both ways, a notification and a listen event: counts vary)
    assert {k: set(v) for k, v in heard.items()} == {"one": {"mem://notes/1"}, "two": {"mem://notes/2"}, "three": set()}
