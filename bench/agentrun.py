"""A second coding-agent dev corpus: real shell sessions on public repositories (issue 17 item 4).

    python -m bench agentrun --repo URL_OR_PATH [--repo ...] [--tasks 8] [--out var/agentrun/agentrun.jsonl]
    python -m bench quality --corpus var/agentrun/agentrun.jsonl

Each task is one agent-like session on a fresh copy of a repository: it looks around
(``ls``, ``git ls-files``, ``grep -rn``), reads a module whole (``cat``) and by windows
(``sed -n a,bp``, ``nl -ba | sed``, ``head``), runs the module's tests (``python -m pytest``),
edits one line (``sed -i``), reads the window and ``git diff`` again, re-runs the tests,
reverts and runs them once more (the tests are those of the module's test file that name
the function, ``-k``). The commands run for real (``bash -c`` in the copy, 60 s
each); what they print is the raw of the result, followed by the exit line the way OpenHands'
shell tool reports it (``[The command completed with exit code N.]``). Which module, which
function, which windows and which line to edit are drawn from the repository with the task's
seed, never chosen by looking at obsline's output: the session is the mechanism's test, not its
training. The corpus stays outside the repository (``var/`` is ignored); this script is how
to build it again (``--repo`` takes a git URL to clone or a local checkout).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import orjson

from bench.common import REPO

TIMEOUT_S = 60
OUT = REPO / "var" / "agentrun" / "agentrun.jsonl"
_DEF = re.compile(r"^\s*def ([A-Za-z_]\w{3,})\(", re.MULTILINE)


def run(cwd: Path, command: str) -> str:
    """The command's output as an agent's shell tool returns it."""
    proc = subprocess.Popen(["bash", "-c", command], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, errors="replace", start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=TIMEOUT_S)
        code = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the whole pipeline, not only bash
        out, _ = proc.communicate()
        out, code = f"{out or ''}\nCommand timed out after {TIMEOUT_S} seconds", -1
    return f"{out.rstrip()}\n[The command completed with exit code {code}.]"


def modules(checkout: Path) -> list[tuple[str, str | None]]:
    """(module, its test file or None) for the repository's Python modules with functions."""
    files = run(checkout, "git ls-files '*.py'").splitlines()[:-1]
    tests = [f for f in files if "test" in f]
    found = []
    for f in files:
        if f in tests or not _DEF.search((checkout / f).read_text(errors="replace")):
            continue
        found.append((f, _test_of(f, tests)))
    return found


def _test_of(module: str, tests: list[str]) -> str | None:
    """The module's test file (``test_<stem>.py`` or ``<stem>_test.py``), else the first test file."""
    stem = Path(module).stem.lstrip("_")
    test = next((t for t in tests if Path(t).stem in (f"test_{stem}", f"{stem}_test")), None)
    return test or (tests[0] if tests else None)


def session(checkout: Path, rng: random.Random) -> Iterator[str]:
    """The commands of one task, drawn with ``rng``."""
    module, test = rng.choice(modules(checkout))
    text = (checkout / module).read_text(errors="replace")
    lines = text.count("\n") + 1
    name = rng.choice(_DEF.findall(text))
    at = next(i for i, line in enumerate(text.splitlines(), 1) if re.match(rf"\s*def {name}\(", line))
    top = Path(module).parts[0]
    yield "ls -la"
    yield "git ls-files | head -60"
    yield f"grep -rn 'def {name}' {top}"
    yield f"cat {module}"
    for _ in range(rng.randint(2, 4)):  # windows around the function, overlapping
        start = max(1, at - rng.randint(0, 30))
        yield f"sed -n {start},{start + rng.randint(20, 80)}p {module}"
    yield f"nl -ba {module} | sed -n {max(1, at - 10)},{at + 40}p"
    yield f"grep -rn '{name}' . --include=*.py | head -40"
    if test:
        yield f"python -m pytest -q -x -p no:cacheprovider {test} -k {name} 2>&1 | tail -30"
        yield f"head -80 {test}"
    edit = min(lines - 1, at + rng.randint(1, 6))
    yield f"sed -i '{edit}s/$/  # checked/' {module}"
    yield f"sed -n {max(1, at - 5)},{at + 40}p {module}"
    yield "git diff"
    if test:
        yield f"python -m pytest -q -x -p no:cacheprovider {test} -k {name} 2>&1 | tail -30"
    yield f"cat {module}"  # the whole module again, one line changed
    yield "git status --short"
    yield f"git checkout -- {module}"
    if test:
        yield f"python -m pytest -q -x -p no:cacheprovider {test} -k {name} 2>&1 | tail -30"
    yield f"grep -n '{name}' {module}"


def clone(repo: str, into: Path) -> Path:
    subprocess.run(["git", "clone", "-q", repo, str(into)], check=True)
    return into


def envelopes(repo: str, tasks: int, seed: int) -> Iterator[dict]:
    name = Path(repo.rstrip("/")).name.removesuffix(".git")
    for k in range(tasks):
        rng = random.Random(f"{seed}/{name}/{k}")
        with tempfile.TemporaryDirectory() as tmp:
            checkout = clone(repo, Path(tmp) / name)
            for step, command in enumerate(session(checkout, rng)):
                yield {"task_id": f"agentrun/{name}/{k}", "step_id": step, "action_id": f"call_{step}",
                       "tool": "bash", "args": {"command": command}, "raw": run(checkout, command),
                       "kind": "agentrun", "source": f"{repo} (bench/agentrun.py, seed {seed})"}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench agentrun", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repo", action="append", required=True, help="a git URL or a local checkout")
    parser.add_argument("--tasks", type=int, default=8, help="sessions per repository")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if shutil.which("git") is None:
        raise SystemExit("git is needed to copy the repositories")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    with args.out.open("wb") as out:
        for repo in args.repo:
            for envelope in envelopes(repo, args.tasks, args.seed):
                out.write(orjson.dumps(envelope) + b"\n")
                count += 1
    print(f"{count:,} results -> {args.out}")
