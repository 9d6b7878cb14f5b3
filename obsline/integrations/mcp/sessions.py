"""The client sessions the gateway has served, to pass list changes on to them.

Held weakly (a closed session goes with its connection) and capped: a session is remembered
when it lists or calls tools; an upstream's ``notifications/*/list_changed`` and
``resources/updated`` reach every live one. A session that can no longer be written to
(closed, or a stateless 2026-07-28 request with no stream left) is skipped; 2026-07-28 clients
get the same changes as events on their ``subscriptions/listen`` streams (``bus``).
"""

from __future__ import annotations

import contextlib
import weakref
from typing import Any

import mcp_types as types
from mcp.server.subscriptions import InMemorySubscriptionBus
from mcp.shared.subscriptions import (
    PromptsListChanged,
    ResourcesListChanged,
    ResourceUpdated,
    ServerEvent,
    ToolsListChanged,
)

MAX_SESSIONS = 10_000


class Sessions:
    def __init__(self) -> None:
        self._live: weakref.WeakSet[Any] = weakref.WeakSet()
        self.bus = InMemorySubscriptionBus()  # 2026-07-28 clients: their subscriptions/listen streams

    def seen(self, ctx: Any) -> None:
        # The connection, not the per-request ServerSession the context carries (that one goes
        # when its request ends); the SDK keeps it as the session's _connection, as tasks.py reads.
        session = getattr(getattr(ctx, "session", None), "_connection", None)
        if session is not None and len(self._live) < MAX_SESSIONS:
            with contextlib.suppress(TypeError):  # not weak-referenceable: nothing to keep
                self._live.add(session)

    def __len__(self) -> int:
        return len(self._live)

    async def notify(self, notification: Any) -> None:
        event = _event(notification)
        if event is not None:
            await self.bus.publish(event)
        for session in list(self._live):
            with contextlib.suppress(Exception):
                await _send(session, notification)


async def _send(session: Any, notification: Any) -> None:
    if isinstance(notification, types.ToolListChangedNotification):
        await session.send_tool_list_changed()
    elif isinstance(notification, types.PromptListChangedNotification):
        await session.send_prompt_list_changed()
    elif isinstance(notification, types.ResourceListChangedNotification):
        await session.send_resource_list_changed()
    elif isinstance(notification, types.ResourceUpdatedNotification):
        await session.send_resource_updated(str(notification.params.uri))


def _event(notification: Any) -> ServerEvent | None:
    if isinstance(notification, types.ToolListChangedNotification):
        return ToolsListChanged()
    if isinstance(notification, types.PromptListChangedNotification):
        return PromptsListChanged()
    if isinstance(notification, types.ResourceListChangedNotification):
        return ResourcesListChanged()
    if isinstance(notification, types.ResourceUpdatedNotification):
        return ResourceUpdated(uri=str(notification.params.uri))
    return None
