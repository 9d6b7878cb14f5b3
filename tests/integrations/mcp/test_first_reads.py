"""A first read is never more than a few tokens over its raw (issue 21, item 5): through the
gateway in front of the real reference filesystem server, files of 6 B to 20 kB, JSON, code, a
listing and file info. The only addition is the ``#N`` label (2 tokens up to #99), which every
later reference ("unchanged since #N", "same as #N", line refs) resolves to, so it stays: a
first read without it could not be pointed at, and each repeat would cost the whole raw again."""

from __future__ import annotations

import json
from pathlib import Path

from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.integrations.mcp.reference import PYTHON, REPO, filesystem_server, gateway_argv

LABEL_TOKENS = 2  # "#N " for N < 100


async def test_first_reads_cost_their_raw_plus_the_label_at_most(tmp_path: Path) -> None:
    (tmp_path / "small.txt").write_text("hello\n")
    (tmp_path / "cfg.json").write_text(json.dumps({"name": "svc", "port": 8080, "hosts": ["a", "b"]}, indent=2))
    (tmp_path / "big.txt").write_text("".join(f"row {i} " + "y" * 40 + "\n" for i in range(400)))
    (tmp_path / "code.py").write_text("".join(f"def f{i}(x):\n    return x + {i}\n\n" for i in range(60)))
    calls = [("read_text_file", {"path": str(tmp_path / n)}) for n in ("small.txt", "cfg.json", "big.txt", "code.py")]
    calls += [("list_directory", {"path": str(tmp_path)}), ("get_file_info", {"path": str(tmp_path / "big.txt")})]
    params = StdioServerParameters(command=PYTHON, args=gateway_argv(f"fs={filesystem_server(tmp_path)}"),
                                   cwd=str(REPO))
    async with Client(params) as client:
        results = [await client.call_tool(tool, args) for tool, args in calls]
        again = await client.call_tool(*calls[2])
    for (tool, args), result in zip(calls, results, strict=True):
        tokens = result.meta["obsline"]["tokens"]
        assert result.meta["obsline"]["dedup"] == "new"
        assert tokens["text"] <= tokens["raw"] + LABEL_TOKENS, (tool, args, tokens, result.content[0].text[:80])
    label = results[2].content[0].text.split(" ", 1)[0]
    assert label.startswith("#") and again.content[0].text.startswith(f"unchanged since {label}")  # what the label is for
