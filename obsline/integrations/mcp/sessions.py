"""The client sessions the gateway has served, to pass list changes on to them.

Held weakly (a closed session goes with its connection) and capped: a session is remembered
when it lists or calls tools; an upstream's ``notifications/*/list_changed`` reach every live
one, and ``resources/updated`` only the connections that subscribed to that resource (and have
not unsubscribed). A session that can no longer be written to
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
MAX_SUBSCRIBED_URIS = 10_000  # resources with live subscribers remembered (a new one past it is refused)


class Sessions:
    def __init__(self) -> None:
        self._live: weakref.WeakSet[Any] = weakref.WeakSet()
        self.bus = InMemorySubscriptionBus()  # 2026-07-28 clients: their subscriptions/listen streams
        self._subscribers: dict[str, weakref.WeakSet[Any]] = {}  # uri -> connections subscribed to it

    def seen(self, ctx: Any) -> None:
        session = _connection(ctx)
        if session is None or session in self._live:  # known: no new weak reference per call
            return
        if len(self._live) < MAX_SESSIONS:
            with contextlib.suppress(TypeError):  # not weak-referenceable: nothing to keep
                self._live.add(session)

    def subscribe(self, ctx: Any, uri: str, on: bool) -> bool:
        """Note that this request's connection (un)subscribed to ``uri``. True when the upstream
        is to be told: the first subscriber came, or the last one went."""
        for gone in [u for u, subs in self._subscribers.items() if not subs]:
            del self._subscribers[gone]  # every subscriber's connection closed
        session = _connection(ctx)
        subs = self._subscribers.get(uri)
        if not on:
            if subs is not None and session is not None:
                subs.discard(session)
            return not subs
        if session is None:
            return True  # nothing to hold it by: the upstream is asked, no update reaches it
        if subs is None:
            subs = self._new_subscribers(uri)
        first = not subs
        with contextlib.suppress(TypeError):
            subs.add(session)
        return first

    def _new_subscribers(self, uri: str) -> weakref.WeakSet[Any]:
        """The (empty) set of ``uri``'s subscribers; ``OverflowError`` past ``MAX_SUBSCRIBED_URIS``."""
        if len(self._subscribers) >= MAX_SUBSCRIBED_URIS:
            raise OverflowError(f"more than {MAX_SUBSCRIBED_URIS} resources subscribed to")
        subs: weakref.WeakSet[Any] = weakref.WeakSet()
        self._subscribers[uri] = subs
        return subs

    def __len__(self) -> int:
        return len(self._live)

    async def notify(self, notification: Any) -> None:
        event = _event(notification)
        if event is not None:
            await self.bus.publish(event)
        if isinstance(notification, types.ResourceUpdatedNotification):
            targets = list(self._subscribers.get(str(notification.params.uri)) or ())
        else:
            targets = list(self._live)
        for session in targets:
            with contextlib.suppress(Exception):
                await _send(session, notification)


def _connection(ctx: Any) -> Any:
    # The connection, not the per-request ServerSession the context carries (that one goes
    # when its request ends); the SDK keeps it as the session's _connection, as tasks.py reads.
    return getattr(getattr(ctx, "session", None), "_connection", None)


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
