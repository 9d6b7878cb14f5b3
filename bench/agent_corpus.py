"""A coding-agent corpus nobody tuned on: scripted sessions on real checkouts, every command run.

    python -m bench agent_corpus [--kind coding|search] [--out var/agent-corpus/KIND.jsonl] [--tasks 5] [--seed 17]
    python -m bench quality --corpus var/agent-corpus/coding.jsonl
    python -m bench peers --file var/agent-corpus/coding.jsonl

Issue 17 is verified on traces of a coding agent the project does not have (it reads files with
`cat`/`sed -n`/`grep`, edits, re-reads, diffs, runs tests). This builds such traces from public
repositories (snapshots fetched under /work/.mirror, exported with `git archive`, never copied
into this repository): each task is one session on a fresh checkout with a seeded script of the
commands such agents run, and **each command really runs there**, so every raw is a real output
(real files, real greps, real diffs after real edits, real test runs). What varies by task, so
that no rule can key on it: the tool's name, the wrapper around the output (plain, an exit-code
footer, a JSON stdout/stderr envelope, a `cat -n` read tool with offset/limit, an editor that
answers with a snippet), and the order and ranges of the reads.

`--kind search` is the other kind issue 17 names, a document search over a knowledge base: two public
documentation sets (The Rust Programming Language's chapters cut at their `##` sections, and the tldr
pages) indexed by TF-IDF; each task asks a drifting series of questions about one topic, and some
tasks also open a document by its id, so a document comes back as a search hit more than once and
again in full. The result's format varies by task (a JSON list, a JSON object with `results`,
numbered text blocks, Markdown sections), as do the tool names and `k`.

bench/agentrun.py (session 19) runs one shell tool on Python repositories with OpenHands' exit line;
this one varies what that one keeps fixed (tool names, wrappers, read and edit tools, Go and
JavaScript checkouts) and adds the document search.

Written after the text dedup's rules (session 21), and run as it came: a held-out measure, not
tuning material.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import shlex
import shutil
import subprocess
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bench.common import REPO

MIRROR = Path("/work/.mirror")
#: (snapshot, source suffix, test command or None); repositories with no dependencies to install.
REPOS = (
    ("tkem+cachetools", ".py", "python -m pytest -q -x -p no:asyncio -p no:cacheprovider tests"),
    ("more-itertools+more-itertools", ".py", "python -m pytest -q -x -p no:asyncio -p no:cacheprovider tests/test_recipes.py"),
    ("pallets+itsdangerous", ".py", "python -m pytest -q -x -p no:asyncio -p no:cacheprovider tests"),
    ("jazzband+prettytable", ".py", "python -m pytest -q -x -p no:asyncio -p no:cacheprovider tests"),
    ("google+uuid", ".go", "go test ./..."),
    ("chalk+chalk", ".js", None),
)
SHELL_TOOLS = ("bash", "shell", "run_shell_command", "terminal", "execute_command", "exec")
READ_TOOLS = ("read_file", "Read", "view_file", "open_file")
EDIT_TOOLS = ("edit_file", "str_replace", "apply_edit", "Edit")
WRAPPERS = ("plain", "exit_footer", "json")
_IDENT = re.compile(r"^\s*(?:def|func|function|class)\s+([A-Za-z_][A-Za-z0-9_]{3,})", re.M)


@dataclass
class Session:
    """One task: a checkout, its tool names and wrapper, and the records written so far."""

    task_id: str
    root: Path
    rng: random.Random
    wrapper: str
    shell_tool: str
    read_tool: str | None
    edit_tool: str | None
    records: list[dict[str, object]] = field(default_factory=list)

    def record(self, tool: str, args: dict[str, object], raw: str) -> None:
        step = len(self.records)
        self.records.append({"task_id": self.task_id, "step_id": step, "action_id": f"call_{step}",
                             "tool": tool, "args": args, "raw": raw, "kind": "coding-agent-scripted"})

    def shell(self, command: str) -> str:
        proc = subprocess.run(["bash", "-c", command], cwd=self.root, capture_output=True, text=True,
                              timeout=300, errors="replace")
        self.record(self.shell_tool, {"command": command}, wrap(self.wrapper, proc.stdout, proc.stderr,
                                                                  proc.returncode))
        return proc.stdout

    def read(self, path: str, start: int, count: int) -> None:
        """A read: a read tool with offset/limit (`cat -n` lines) when the task has one, else sed/cat."""
        if self.read_tool:
            lines = (self.root / path).read_text(errors="replace").splitlines()[start - 1:start - 1 + count]
            raw = "\n".join(f"{start + i:6}\t{line}" for i, line in enumerate(lines))
            self.record(self.read_tool, {"path": path, "offset": start, "limit": count}, raw)
        elif start == 1 and self.rng.random() < 0.5:
            self.shell(f"cat {shlex.quote(path)}")
        else:
            style = self.rng.choice(("sed", "nl", "awk"))
            end = start + count - 1
            self.shell({"sed": f"sed -n '{start},{end}p' {shlex.quote(path)}",
                        "nl": f"nl -ba {shlex.quote(path)} | sed -n '{start},{end}p'",
                        "awk": f"awk 'NR>={start} && NR<={end}' {shlex.quote(path)}"}[style])

    def edit(self, path: str, line_no: int, new_line: str) -> None:
        """Replace one line; an edit tool answers with a numbered snippet around it, a shell edit with nothing."""
        file = self.root / path
        lines = file.read_text(errors="replace").splitlines()
        old = lines[line_no - 1]
        lines[line_no - 1] = new_line
        file.write_text("\n".join(lines) + "\n")
        if self.edit_tool:
            lo, hi = max(1, line_no - 4), min(len(lines), line_no + 4)
            snippet = "\n".join(f"{i:6}\t{lines[i - 1]}" for i in range(lo, hi + 1))
            self.record(self.edit_tool, {"path": path, "old_str": old, "new_str": new_line},
                        f"The file {path} has been edited. Here's a snippet of the edited file:\n{snippet}")
        else:
            self.record(self.shell_tool, {"command": f"python3 - <<'EOF'\n# replace line {line_no} of {path}\nEOF"},
                        wrap(self.wrapper, "", "", 0))


def wrap(wrapper: str, out: str, err: str, code: int) -> str:
    if wrapper == "json":
        return json.dumps({"stdout": out, "stderr": err, "exit_code": code})
    text = out + err
    if wrapper == "exit_footer":
        return f"{text.rstrip()}\n[The command completed with exit code {code}.]"
    return text


def checkout(snapshot: str, into: Path) -> None:
    git_dir = MIRROR / snapshot / "repo"
    archive = subprocess.run(["git", "--git-dir", str(git_dir), "archive", "HEAD"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    for command in (["git", "init", "-q"], ["git", "add", "-A"],
                    ["git", "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-qm", "snapshot"]):
        subprocess.run(command, cwd=into, check=True, capture_output=True)


def sources(root: Path, suffix: str) -> list[str]:
    names = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True).stdout.split()
    return [n for n in names if n.endswith(suffix) and 60 <= len((root / n).read_text(errors="replace").splitlines()) <= 900]


def run_task(session: Session, suffix: str, test_command: str | None) -> None:
    rng = session.rng
    files = sources(session.root, suffix)
    target, other = rng.sample(files, 2) if len(files) > 1 else (files[0], files[0])
    session.shell(rng.choice(("ls -la", "git ls-files | head -60", f"find . -name '*{suffix}' | sort | head -40")))
    total = len((session.root / target).read_text(errors="replace").splitlines())
    chunk = rng.choice((60, 100, 200, total))
    for start in range(1, total + 1, chunk):  # the first full read, whole or in chunks
        session.read(target, start, chunk)
    names = _IDENT.findall((session.root / target).read_text(errors="replace"))
    word = rng.choice(names) if names else target.rsplit("/", 1)[-1].split(".")[0]
    session.shell(f"grep -rn {shlex.quote(word)} --include='*{suffix}' . | head -40")
    session.read(other, 1, rng.choice((80, 150)))
    for attempt in range(rng.choice((2, 3))):
        line_no = rng.randint(1, total)
        session.edit(target, line_no, _edited((session.root / target).read_text().splitlines()[line_no - 1], attempt, suffix))
        around = max(1, line_no - rng.choice((10, 20, 40)))
        session.read(target, around, rng.choice((40, 80)))  # a re-read around the edit
        session.shell(rng.choice(("git diff", "git diff --stat && git diff", f"git diff -- {shlex.quote(target)}")))
        if test_command:
            session.shell(test_command + " 2>&1 | tail -40")
        session.shell(f"grep -rn {shlex.quote(word)} --include='*{suffix}' . | head -40")  # the same search again
    if rng.random() < 0.6:
        session.read(target, 1, total)  # the whole file once more before finishing
    session.shell("git status --short")


def _edited(line: str, attempt: int, suffix: str) -> str:
    comment = {".py": "#", ".go": "//", ".js": "//"}[suffix]
    return f"{line}  {comment} reviewed ({attempt + 1})" if line.strip() else f"{comment} note {attempt + 1}"


def fetched(snapshot: str, log: Callable[[str], None]) -> bool:
    if (MIRROR / snapshot / "repo").exists():
        return True
    log(f"skip {snapshot}: no snapshot under {MIRROR} (fetch github:{snapshot.replace('+', '/')})")
    return False


def write_jsonl(out: Path, records: list[dict[str, object]]) -> int:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(json.dumps(r) + "\n" for r in records))
    return len(records)


def build(out: Path, tasks_per_repo: int, seed: int, log: Callable[[str], None] = print) -> int:
    rng = random.Random(seed)
    records: list[dict[str, object]] = []
    for snapshot, suffix, test_command in REPOS:
        if not fetched(snapshot, log):
            continue
        for n in range(tasks_per_repo):
            with tempfile.TemporaryDirectory() as tmp:
                root = Path(tmp)
                checkout(snapshot, root)
                task_rng = random.Random(rng.random())
                session = Session(f"coding/{snapshot}/{n}", root, task_rng, task_rng.choice(WRAPPERS),
                                  task_rng.choice(SHELL_TOOLS),
                                  task_rng.choice(READ_TOOLS) if task_rng.random() < 0.35 else None,
                                  task_rng.choice(EDIT_TOOLS) if task_rng.random() < 0.4 else None)
                run_task(session, suffix, test_command)
                records.extend(session.records)
                log(f"{session.task_id}: {len(session.records)} records ({session.wrapper}, {session.shell_tool})")
    return write_jsonl(out, records)


# -- the document search -------------------------------------------------------------------------

KB_SOURCES = (("rust-lang+book", "src/ch", "#{2,3}"), ("tldr-pages+tldr", "pages/common/", None))
SEARCH_TOOLS = ("search_knowledge_base", "kb_search", "search_docs", "retrieve", "lookup")
OPEN_TOOLS = ("get_document", "fetch_document", "read_doc")
RESULT_FORMATS = ("json_list", "json_results", "numbered", "markdown")
_WORD = re.compile(r"[a-z][a-z0-9_]{3,}")


@dataclass
class Doc:
    doc_id: str
    title: str
    text: str


def documents(snapshot: str, prefix: str, cut: str | None) -> list[Doc]:
    """A knowledge base from one snapshot: every Markdown file under PREFIX, cut at CUT headings."""
    docs: list[Doc] = []
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "--git-dir", str(MIRROR / snapshot / "repo"), "archive", "HEAD"],
                                 capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", tmp, "--wildcards", f"{prefix}*"], input=archive.stdout, check=True)
        for path in sorted(Path(tmp).rglob("*.md")):
            text = path.read_text(errors="replace")
            parts = re.split(rf"(?m)^(?={cut} )", text) if cut else [text]
            for n, part in enumerate(p for p in parts if len(p.strip()) > 200):
                title = part.strip().splitlines()[0].lstrip("#> ").strip()
                docs.append(Doc(f"{path.stem}-{n}" if cut else path.stem, title, part.strip()))
    return docs


class Index:
    """TF-IDF over the documents' words: enough to make the hits of related questions overlap."""

    def __init__(self, docs: list[Doc]) -> None:
        self.docs = docs
        self.terms = [Counter(_WORD.findall(d.text.lower())) for d in docs]
        df = Counter(t for terms in self.terms for t in terms)
        self.idf = {t: math.log(len(docs) / n) for t, n in df.items()}

    def search(self, query: str, k: int) -> list[Doc]:
        words = _WORD.findall(query.lower())
        scores = [(sum(terms[w] and (1 + math.log(terms[w])) * self.idf.get(w, 0) for w in words), i)
                  for i, terms in enumerate(self.terms)]
        return [self.docs[i] for score, i in sorted(scores, reverse=True)[:k] if score > 0]

    def topic_words(self, doc: Doc, rng: random.Random, n: int) -> list[str]:
        terms = self.terms[self.docs.index(doc)]
        ranked = sorted(terms, key=lambda t: -terms[t] * self.idf.get(t, 0))[:12]
        return rng.sample(ranked, min(n, len(ranked)))


def render_hits(fmt: str, hits: list[Doc], query: str) -> str:
    rows = [{"id": d.doc_id, "title": d.title, "content": d.text} for d in hits]
    if fmt == "json_list":
        return json.dumps(rows)
    if fmt == "json_results":
        return json.dumps({"query": query, "total": len(rows), "results": rows})
    if fmt == "numbered":
        return "\n\n".join(f"[{n}] {d.title} ({d.doc_id})\n{d.text}" for n, d in enumerate(hits, 1))
    return "\n\n".join(f"### {d.title}\nid: {d.doc_id}\n\n{d.text}" for d in hits)


def search_task(task_id: str, index: Index, rng: random.Random) -> list[dict[str, object]]:
    fmt, tool, opener, k = rng.choice(RESULT_FORMATS), rng.choice(SEARCH_TOOLS), rng.choice(OPEN_TOOLS), rng.choice((3, 4, 5))
    topic = rng.choice(index.docs)
    records: list[dict[str, object]] = []

    def record(name: str, args: dict[str, object], raw: str) -> None:
        step = len(records)
        records.append({"task_id": task_id, "step_id": step, "action_id": f"call_{step}", "tool": name,
                        "args": args, "raw": raw, "kind": "kb-search-scripted"})

    seen: list[Doc] = []
    for _ in range(rng.randint(4, 9)):
        query = " ".join(index.topic_words(topic, rng, rng.choice((2, 3))))
        hits = index.search(query, k)
        record(tool, {"query": query, "top_k": k}, render_hits(fmt, hits, query))
        seen.extend(hits)
        if seen and rng.random() < 0.3:  # open one hit in full, as an agent checks a passage
            doc = rng.choice(seen)
            record(opener, {"id": doc.doc_id}, json.dumps({"id": doc.doc_id, "title": doc.title, "content": doc.text})
                   if fmt.startswith("json") else doc.text)
        if hits and rng.random() < 0.4:
            topic = rng.choice(hits)  # the questions drift to a neighbouring document
    return records


def build_search(out: Path, tasks_per_kb: int, seed: int, log: Callable[[str], None] = print) -> int:
    rng = random.Random(seed)
    records: list[dict[str, object]] = []
    for snapshot, prefix, cut in KB_SOURCES:
        if not fetched(snapshot, log):
            continue
        index = Index(documents(snapshot, prefix, cut))
        for n in range(tasks_per_kb):
            task = search_task(f"search/{snapshot}/{n}", index, random.Random(rng.random()))
            records.extend(task)
        log(f"{snapshot}: {len(index.docs)} documents, {tasks_per_kb} tasks")
    return write_jsonl(out, records)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench agent_corpus", description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=("coding", "search"), default="coding")
    parser.add_argument("--out", type=Path, help="default var/agent-corpus/KIND.jsonl")
    parser.add_argument("--tasks", type=int, default=5, help="tasks per repository (coding) or knowledge base (search)")
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args(argv)
    if shutil.which("git") is None:
        raise SystemExit("git is needed to export the snapshots")
    out = args.out or REPO / "var" / "agent-corpus" / f"{args.kind}.jsonl"
    count = (build if args.kind == "coding" else build_search)(out, args.tasks, args.seed)
    print(f"{count} records -> {out}")


if __name__ == "__main__":
    main()
