"""A text re-read after a one-line edit is a line diff, never the whole old string -> the whole
new one (issue 17 item 2): through the gateway in front of the real reference filesystem
server (its ``read_text_file`` returns the file as a string field of a JSON result)."""

from __future__ import annotations

from pathlib import Path

from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.integrations.mcp.reference import PYTHON, REPO, filesystem_server, gateway_argv

LINES = [f"line {k:03d}: the quick brown fox jumps over the lazy dog, value={k * 7}" for k in range(400)]


async def test_read_text_file_after_a_one_line_edit_is_a_short_line_diff(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_text("\n".join(LINES) + "\n")
    params = StdioServerParameters(command=PYTHON, args=gateway_argv(f"fs={filesystem_server(tmp_path)}"), cwd=str(REPO))
    async with Client(params) as client:
        first = await client.call_tool("read_text_file", {"path": str(path)})
        edited = LINES[:200] + ["line 200: an edited line"] + LINES[201:]
        path.write_text("\n".join(edited) + "\n")
        second = await client.call_tool("read_text_file", {"path": str(path)})
    meta = second.meta["obsline"]
    text = second.content[0].text
    assert meta["dedup"] == "delta"
    assert "+line 200: an edited line" in text  # the old line is in the first read: not repeated
    assert "-line 200: the quick brown fox" not in text and "@@ -201 +201 @@" in text
    assert "line 199" not in text and "->" not in text  # only the changed line, never old -> new
    raw = first.content[0].text  # the first read is shown in full: about the raw's size
    assert len(text) < 0.05 * len(raw), (len(text), len(raw))
