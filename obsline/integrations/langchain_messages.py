"""The LangGraph agent state's messages as the LangChain middleware (langchain.py) reads and
answers them: the observation numbers a thread holds, the calls of one AI message, a tool
result's text, and a tool message passed back unchanged with the reason."""

from __future__ import annotations

from typing import Any

import orjson
from langchain_core.messages import AIMessage, ToolMessage

from obsline.core import codec
from obsline.core.models import Observation


def held_numbers(state: Any) -> set[int]:
    """The numbers (#N) of the observations the thread holds (its ToolMessages' artifacts)."""
    held = set()
    for message in state_messages(state):
        artifact = getattr(message, "artifact", None)
        number = (artifact.get("dedup") or {}).get("number") if isinstance(artifact, dict) else None
        if isinstance(number, int):
            held.add(number)
    return held


def state_messages(state: Any) -> list[Any]:
    messages = state.get("messages") if isinstance(state, dict) else getattr(state, "messages", None)
    return messages if isinstance(messages, list) else []


def sibling_call_ids(state: Any, call_id: str | None) -> list[str]:
    """The ids of the calls in the AI message that made ``call_id``, in its order."""
    if not call_id:
        return []
    for message in reversed(state_messages(state)):
        if isinstance(message, AIMessage) and any(c.get("id") == call_id for c in message.tool_calls):
            return [cid for c in message.tool_calls if (cid := c.get("id"))]
    return []


def text_of(content: Any) -> str | None:
    """The text a tool returned, or None when it holds more than text (images, files)."""
    if isinstance(content, str):
        return content
    parts: list[str] = []
    for block in content if isinstance(content, list) else [content]:
        if isinstance(block, str):
            parts.append(block)
        elif isinstance(block, dict) and block.get("type") == "text" and isinstance(block.get("text"), str):
            parts.append(block["text"])
        else:
            return None
    return "\n".join(parts)


def as_dict(observation: Observation) -> dict[str, Any]:
    return orjson.loads(codec.encode(observation))


def passthrough(message: ToolMessage, why: str) -> ToolMessage:
    note = {**message.response_metadata.get("obsline", {}), "passthrough": why}
    return message.model_copy(update={"response_metadata": {**message.response_metadata, "obsline": note}})
