"""The MCP server's instructions quote the words a repeat really comes back as."""

from __future__ import annotations

import re

import orjson

from obsline.integrations.mcp.server import INSTRUCTIONS
from obsline.pipeline import Runner, Stages


def test_the_quoted_repeat_line_is_the_one_observations_use():
    raw = orjson.dumps({"user_id": "u1", "email": "a@example.com"}).decode()
    lines = [orjson.dumps({"task_id": "t", "step_id": i, "action_id": f"a{i}", "tool": "get_user_details",
                           "args": {"user_id": "u1"}, "raw": raw}) for i in range(2)]
    first, repeat = (p.observation.text for p in Runner(Stages.default()).run(lines))
    quoted = [q for q in re.findall(r"`([^`]*)`", INSTRUCTIONS) if "unchanged" in q]
    assert quoted, INSTRUCTIONS
    pattern = re.escape(quoted[0]).replace("N", r"\d+")
    assert re.fullmatch(pattern, repeat), (quoted[0], repeat)
    assert first.startswith("#1 ")
