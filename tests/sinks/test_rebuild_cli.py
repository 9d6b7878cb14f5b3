"""``obsline rebuild``: the exact text of an observation's result from replay's output, for a
text folded to line references and diffs, and a clear error when it names one not held."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from obsline.cli import main

LOG = "\n".join(f"collected test_{k} in module alpha ... PASSED [{k}%]" for k in range(40))
EDITED = LOG.replace("test_7 in", "test_7b in")


def _replayed(tmp_path: Path) -> Path:
    raws = [("python", LOG), ("python", LOG + "\n1 failed"), ("cat", LOG), ("cat", EDITED)]
    lines = [orjson.dumps({"task_id": "t", "step_id": i, "action_id": f"a{i}", "tool": tool, "raw": raw,
                           "args": {"command": f"{tool} x"}}) for i, (tool, raw) in enumerate(raws)]
    (tmp_path / "in.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    assert main(["replay", str(tmp_path / "in.jsonl"), "--out", str(tmp_path / "out.jsonl")]) == 0
    return tmp_path / "out.jsonl"


def test_rebuild_prints_each_text_exactly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _replayed(tmp_path)
    texts = [orjson.loads(x)["text"] for x in out.read_bytes().splitlines()]
    assert "differs from #1" in texts[1] and "same as #1" in texts[2] and "(diff)" in texts[3]  # not repeated
    capsys.readouterr()
    for i, want in enumerate([LOG, LOG + "\n1 failed", LOG, EDITED]):
        assert main(["rebuild", str(out), "--task", "t", f"{i}/a{i}"]) == 0
        assert capsys.readouterr().out == want


def test_rebuild_of_an_observation_that_is_not_there_is_a_clear_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _replayed(tmp_path)
    assert main(["rebuild", str(out), "--task", "t", "#99"]) == 2
    assert "error NOT_FOUND: no observation #99 in task t" in capsys.readouterr().err
    lines = out.read_bytes().splitlines()
    (tmp_path / "part.jsonl").write_bytes(lines[1] + b"\n")  # #1 left out: #2 names it
    assert main(["rebuild", str(tmp_path / "part.jsonl"), "--task", "t", "1/a1"]) == 2
    assert "error NOT_REBUILDABLE: #1 is not held" in capsys.readouterr().err
