"""bench/agent_corpus.py on a knowledge base and a checkout made here (the real corpora need the
fetched snapshots under /work/.mirror, which a clean machine does not have)."""

from __future__ import annotations

import random
import re
import subprocess
from pathlib import Path

import orjson

from bench.agent_corpus import Doc, Index, Session, run_task, search_task
from obsline.pipeline import Runner, Stages


def _docs() -> list[Doc]:
    words = ["ownership borrow lifetime", "closure capture move", "iterator adapter collect",
             "trait object dispatch", "error result propagate"]
    return [Doc(f"doc-{n}", w.title(), f"# {w}\n\n" + f"{w} explained with an example. " * 30)
            for n, w in enumerate(words)]


def test_a_search_task_repeats_documents_and_every_record_is_observed() -> None:
    records = search_task("search/x/0", Index(_docs()), random.Random(3))
    assert len(records) >= 4
    returned = [set(re.findall(r"doc-\d", str(r["raw"]))) for r in records]
    assert any(returned[i] & returned[j] for i in range(len(returned)) for j in range(i))  # a document again
    lines = [orjson.dumps(r) for r in records]
    observations = [p.observation for p in Runner(Stages.default()).run(lines)]
    assert all(o.status.value != "error" for o in observations)


def test_a_coding_session_runs_its_commands_for_real(tmp_path: Path) -> None:
    for n in range(3):
        (tmp_path / f"m{n}.py").write_text("".join(f"def function_{n}_{i}(x):\n    return x + {i}\n\n" for i in range(40)))
    for command in (["git", "init", "-q"], ["git", "add", "-A"],
                    ["git", "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-qm", "s"]):
        subprocess.run(command, cwd=tmp_path, check=True, capture_output=True)
    session = Session("coding/x/0", tmp_path, random.Random(5), "plain", "bash", None, None)
    run_task(session, ".py", None)
    diffs = [r for r in session.records if str(dict(r["args"]).get("command", "")).startswith("git diff")]  # type: ignore[arg-type]
    assert diffs and all("reviewed" in str(r["raw"]) for r in diffs)  # the edits really happened
    assert [r["step_id"] for r in session.records] == list(range(len(session.records)))
