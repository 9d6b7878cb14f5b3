"""bench agentrun: real shell sessions on a repository become envelopes that bench quality reads."""

from __future__ import annotations

import subprocess
from pathlib import Path

import orjson

from bench import agentrun
from bench.quality import FILES, replay

MODULE = '''"""A tiny module."""


def add_numbers(a, b):
    """Add two numbers."""
    total = a + b
    return total


def scale_values(values, factor):
    return [v * factor for v in values]
''' + "".join(f"\n\ndef helper_{k}(x):\n    return x + {k}\n" for k in range(30))
TESTS = "from pkg.calc import add_numbers, scale_values\n\n\ndef test_add_numbers():\n    assert add_numbers(1, 2) == 3\n" \
        "\n\ndef test_scale_values():\n    assert scale_values([1], 2) == [2]\n"


def _repo(root: Path) -> Path:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "calc.py").write_text(MODULE)
    (root / "tests").mkdir()
    (root / "tests" / "test_calc.py").write_text(TESTS)
    for command in (["git", "init", "-q"], ["git", "add", "."],
                    ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init"]):
        subprocess.run(command, cwd=root, check=True)
    return root


def test_sessions_run_for_real_and_the_corpus_is_measured(tmp_path: Path, monkeypatch) -> None:
    repo = _repo(tmp_path / "calc")
    out = tmp_path / "corpus.jsonl"
    agentrun.main(["--repo", str(repo), "--tasks", "1", "--out", str(out)])
    records = [orjson.loads(line) for line in out.read_bytes().splitlines()]
    assert {r["task_id"] for r in records} == {"agentrun/calc/0"}
    assert all(r["raw"].endswith(".]") and "[The command completed with exit code" in r["raw"] for r in records)
    commands = [r["args"]["command"] for r in records]
    assert any(c.startswith("cat pkg/calc.py") for c in commands) and any("pytest" in c for c in commands)
    diffs = [r["raw"] for r in records if r["args"]["command"] == "git diff"]
    assert diffs and all("+" in d and "# checked" in d for d in diffs)  # the edit really happened
    assert (repo / "pkg" / "calc.py").read_text() == MODULE  # the checkout itself is never touched
    monkeypatch.setitem(FILES, "corpus", out)  # as --corpus does
    report = replay("corpus", 8_000)
    assert report.overall.records == len(records) and report.overall.malformed == 0
    assert report.overall.word_visibility >= 0.995 and report.overall.token_ratio < 1
