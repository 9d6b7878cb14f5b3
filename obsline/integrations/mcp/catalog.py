"""The upstreams' prompts and resources, listed and routed by the gateway.

    prompts     listed from every upstream that has them (prefixed ``<upstream>_`` like tools when
                there are several); ``prompts/get`` goes to the owner unchanged
    resources   listed live from every upstream (so a list change is seen at the next list);
                a read goes to the upstream that listed the URI, linked it in a result
                (``resource_link``), or owns a template it matches; with one upstream, to it
    subscribe   forwarded to the owner (``resources/subscribe``, or a listen stream on 2026-07-28)

Only routing lives here; the gateway turns a read's text into an observation.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TypeVar

import mcp_types as types
from mcp import Client

from obsline.integrations.mcp.upstream import Upstream, UpstreamError, all_pages

T = TypeVar("T")
MAX_KNOWN_URIS = 10_000  # URIs remembered for routing; the oldest go first


def _template_regex(template: str) -> re.Pattern[str]:
    """An RFC 6570 template's level-1 shape (``{var}`` is one path segment, ``{+var}`` any)."""
    out, last = [], 0
    for m in re.finditer(r"\{([+#]?)[^}]*\}", template):
        out.append(re.escape(template[last:m.start()]))
        out.append(".+" if m.group(1) else "[^/?#]+")
        last = m.end()
    out.append(re.escape(template[last:]))
    return re.compile("^" + "".join(out) + "$")


class Catalog:
    def __init__(self, upstreams: list[Upstream]) -> None:
        self.upstreams = upstreams
        self.prefix = len(upstreams) > 1
        self.prompts: dict[str, tuple[Upstream, types.Prompt]] = {}
        self._uris: dict[str, Upstream] = {}
        self._templates: list[tuple[re.Pattern[str], Upstream]] = []

    @staticmethod
    def _has(up: Upstream, capability: str) -> bool:
        client = up.client
        caps = client.server_capabilities if client is not None else None
        return caps is not None and getattr(caps, capability, None) is not None

    async def _each(self, capability: str, call: Callable[[Client], Awaitable[T]]) -> list[tuple[Upstream, T]]:
        out = []
        for up in self.upstreams:
            try:
                await up.connect()
                if self._has(up, capability):
                    out.append((up, await up.run(capability, call)))
            except UpstreamError:
                continue  # one upstream down must not hide the others' prompts and resources
        return out

    def remember(self, uri: str, up: Upstream) -> None:
        self._uris.pop(uri, None)
        self._uris[uri] = up
        while len(self._uris) > MAX_KNOWN_URIS:
            self._uris.pop(next(iter(self._uris)))

    # ------------------------------------------------------------------ prompts
    async def list_prompts(self) -> list[types.Prompt]:
        self.prompts = {}
        for up, prompts in await self._each("prompts", _all_prompts):
            for prompt in prompts:
                name = f"{up.config.name}_{prompt.name}" if self.prefix else prompt.name
                self.prompts[name] = (up, prompt)
        return [p.model_copy(update={"name": n}) for n, (_, p) in self.prompts.items()]

    async def get_prompt(self, name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name not in self.prompts:
            await self.list_prompts()
        if name not in self.prompts:
            raise KeyError(name)
        up, prompt = self.prompts[name]
        return await up.run("prompts/get", lambda c: c.get_prompt(prompt.name, arguments))

    # ---------------------------------------------------------------- resources
    async def list_resources(self) -> list[types.Resource]:
        out = []
        for up, resources in await self._each("resources", _all_resources):
            for resource in resources:
                self.remember(str(resource.uri), up)
                out.append(resource)
        return out

    async def list_templates(self) -> list[types.ResourceTemplate]:
        out, routes = [], []
        for up, templates in await self._each("resources", lambda c: c.list_resource_templates()):
            for template in templates.resource_templates:
                routes.append((_template_regex(template.uri_template), up))
                out.append(template)
        self._templates = routes
        return out

    async def owner(self, uri: str) -> Upstream:
        if uri in self._uris:
            return self._uris[uri]
        if len(self.upstreams) == 1:
            return self.upstreams[0]
        if not self._templates:
            await self.list_templates()
        for pattern, up in self._templates:
            if pattern.match(uri):
                return up
        await self.list_resources()
        if uri in self._uris:
            return self._uris[uri]
        raise KeyError(uri)

    async def read(self, uri: str) -> types.ReadResourceResult:
        up = await self.owner(uri)
        return await up.run("resources/read", lambda c: c.read_resource(uri))

    async def subscribe(self, uri: str, on: bool) -> None:
        await (await self.owner(uri)).subscribe(uri, on)


async def _all_prompts(client: Client) -> list[types.Prompt]:
    return await all_pages(lambda cursor: client.list_prompts(cursor=cursor), lambda page: page.prompts)


async def _all_resources(client: Client) -> list[types.Resource]:
    return await all_pages(lambda cursor: client.list_resources(cursor=cursor), lambda page: page.resources)


__all__ = ["Catalog"]
