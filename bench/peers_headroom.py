"""Headroom's side of ``bench peers``, run by the Python that has ``headroom-ai`` (var/peers):
reads tasks as JSONL on stdin ({"task": id, "tools": [[name, args, raw text], ...]}), writes
per task the tool messages as Headroom compressed them ({"task": id, "texts": [...]}), one
conversation per task (its dedup reaches across the task's messages, as in an agent).

Kept apart from the project's Python because headroom-ai pulls in litellm and its pins."""

from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("HEADROOM_OFFLINE", "1")  # no network, no model download

from headroom import compress  # noqa: E402


def conversation(tools: list[list[str]]) -> list[dict]:
    messages: list[dict] = [{"role": "user", "content": "Solve the task with the tools."}]
    for i, (name, args, raw) in enumerate(tools):
        call = {"id": f"c{i}", "type": "function", "function": {"name": name, "arguments": args}}
        messages.append({"role": "assistant", "content": None, "tool_calls": [call]})
        messages.append({"role": "tool", "tool_call_id": f"c{i}", "content": raw})
    return messages


def main() -> None:
    # The settings as JSON (argv[1]): Headroom's documented "aggressive" ones by default, every
    # message compressed (the measure is the whole task's tool messages, none protected as recent).
    settings = json.loads(sys.argv[1]) if len(sys.argv) > 1 else {"target_ratio": 0.2, "protect_recent": 0}
    for line in sys.stdin:
        task = json.loads(line)
        result = compress(conversation(task["tools"]), model="gpt-4o", **settings)
        texts = [m.get("content") or "" for m in result.messages if m.get("role") == "tool"]
        texts = [t if isinstance(t, str) else json.dumps(t) for t in texts]
        print(json.dumps({"task": task["task"], "texts": texts}), flush=True)


if __name__ == "__main__":
    main()
