"""What the safety scans cost on long documents: policy and help-centre pages of 1-20 KB, full of
the words that trip the pre-scans (password, token, secret, key, ignore, instructions, system,
assistant, agent, transfer, send, delete, do not tell, never share), in several languages.

    python -m bench scancost [--docs 120] [--repeat 5]
    python -m bench scancost --instructions REV    (callgrind: REV's code against this tree's)

Each check is timed on its own (best of ``--repeat`` passes, CPU time, the injection detector's
caches of a text cleared before every pass) and per KB of text scanned: the raw-level pre-scans, the
secrets scan of the text (``Hidden.text``: every pattern, gitleaks' rules, structure), the
injection scan (``injection_reasons``: phrase rules, meanings, structure, tricks), the
internal-details scrub, and the whole adapt stage on a ``documents`` result holding the text.
Writes its table into docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.common import machine, write_section

_EN = [
    "To reset your password, open Settings > Security and choose Reset password. We will send a one-time code to your e-mail.",
    "Never share your password, PIN or one-time code with anyone, not even someone who says they work for the bank.",
    "Agents must not tell the customer the verification code over chat; read it only to the verified account holder.",
    "API keys are created under Developer > API keys. A key is shown once; store it in a secret manager, not in code.",
    "Access tokens expire after 60 minutes. Use the refresh token to get a new access token without signing in again.",
    "If you receive an e-mail asking you to transfer money urgently, ignore it and report it to security@example.com.",
    "Our virtual assistant can answer most questions. To talk to a human agent, type 'agent' at any time.",
    "The system sends a notification when a transfer of more than 1,000 EUR is made from your account.",
    "Previous versions of this policy are archived. These instructions replace the guidelines published in 2023.",
    "Session cookies are deleted when you sign out. Do not use the 'remember me' option on a shared computer.",
    "To delete your account, contact support. Deleted accounts cannot be restored after 30 days.",
    "Two-factor authentication adds a second step: after your password, enter the code from your authenticator app.",
    "Customer credentials are stored encrypted; support staff can never see your password.",
    "Forward suspicious messages to phishing@example.com and then delete them from your inbox.",
    "The assistant will ask you to confirm before it sends a payment or changes a beneficiary.",
    "Rotate service account keys every 90 days; the key ID is shown in the console, the secret never is.",
]


def _paragraphs() -> list[str]:
    from tests.adapters.corpora.phrases import BENIGN_KINDS, PHRASES
    foreign = [PHRASES[lang][kind] for lang in PHRASES for kind in BENIGN_KINDS]
    return _EN * 3 + foreign


def documents(n: int, seed: int = 18, distinct: bool = False) -> list[str]:
    """``n`` documents of 1 to 20 KB made of policy and help paragraphs (deterministic).
    ``distinct``: each paragraph numbered (``4.12``), so that none is read twice: the cost of text
    never seen, where the paragraph cache of the injection scan saves nothing."""
    rng = random.Random(seed)
    paragraphs = _paragraphs()
    out = []
    for i in range(n):
        size = 1024 + (i * 19 * 1024) // max(1, n - 1)
        parts, length = [f"# Help centre article {i}\n"], 0
        while length < size:
            p = rng.choice(paragraphs)
            parts.append(f"{i}.{len(parts)} {p}" if distinct else p)
            length += len(p.encode()) + 2
        out.append("\n\n".join(parts))
    return out


def _best(fn: Callable[[str], object], docs: list[str], repeat: int, before: Callable[[], None]) -> float:
    best = float("inf")
    for _ in range(repeat):
        before()
        start = time.process_time()
        for doc in docs:
            fn(doc)
        best = min(best, time.process_time() - start)
    return best


def measure(n: int, repeat: int, distinct: bool = False) -> tuple[list[tuple[str, float]], float]:
    from obsline.adapters import injection, injection_signals, secret_blocks
    from obsline.adapters.adapt import Limits, adapt
    from obsline.adapters.injection import DEFAULT, injection_reasons, may_hold_injection
    from obsline.adapters.injection_signals import signal_reasons
    from obsline.adapters.internal import scrub_internal
    from obsline.adapters.safety import may_hold_secrets
    from obsline.adapters.secrets import Hidden, find_secrets, find_secrets_reference
    from obsline.core.models import RawEnvelope

    docs = documents(n, distinct=distinct)
    kb = sum(len(d.encode()) for d in docs) / 1024

    def clear() -> None:  # every per-text cache, so that no pass reads a text another pass read
        for cached in (signal_reasons, injection_signals.fold, injection_signals.skeleton,
                       injection_signals._meanings, injection._normalised):
            cached.cache_clear()
        injection.cache_clear()
        secret_blocks.cache_clear()

    def adapt_one(doc: str) -> object:
        raw = json.dumps({"hits": [{"title": "Help", "body": doc}]})
        return adapt(RawEnvelope(task_id="t", step_id=0, action_id="a", tool="kb_search", raw=raw), {}, Limits())

    checks = [
        ("pre-scan: secrets (may_hold_secrets)", may_hold_secrets),
        ("pre-scan: injection (may_hold_injection)", may_hold_injection),
        ("secrets: Hidden.text (patterns, gitleaks, structure, layers)", lambda d: Hidden().text(d, "$")),
        ("injection: injection_reasons (rules, meanings, structure, tricks)", injection_reasons),
        ("internal details: scrub_internal", scrub_internal),
    ]
    rows = [(name, _best(fn, docs, repeat, clear) / kb * 1e6) for name, fn in checks]
    rows.append(("whole adapt stage on a documents result", _best(adapt_one, docs, repeat, clear) / kb * 1e6))
    from obsline.adapters.injection import prescan
    from obsline.adapters.injection_blocks import blocks

    def units(doc: str) -> list[str]:
        return blocks(doc) or [doc]

    split = [  # where the injection scan's time goes (each part timed on its own, caches cleared)
        ("injection, of which: each paragraph's pre-scan (anchors, normalisation)", lambda d: [prescan(u) for u in units(d)]),
        ("injection, of which: meanings and structure (signal_reasons) of the paragraphs that pass",
         lambda d: [signal_reasons(u) for u in units(d) if prescan(u)]),
    ]
    rows += [(name, _best(fn, docs, repeat, clear) / kb * 1e6) for name, fn in split]
    twins = [  # the plain twins, in the same run: every pattern and rule over the whole text
        ("plain twin: secrets (find_secrets_reference)", find_secrets_reference),
        ("plain twin: injection (RuleDetector.scan, fast=False, after the pre-scan)", lambda d: DEFAULT.scan(d, fast=False)),
        ("fast: injection (RuleDetector.scan, after the pre-scan)", DEFAULT.scan),
        ("fast: secrets (find_secrets)", find_secrets),
    ]
    rows += [(name, _best(fn, docs, repeat, clear) / kb * 1e6) for name, fn in twins]
    return rows, kb


# --- instructions (callgrind): what the scans cost whatever the machine's load ------------------

_WORKER = """
import os, subprocess, sys
from bench.scancost import documents
from obsline.adapters.injection import injection_reasons
from obsline.adapters.secrets import Hidden
scan = {"injection": injection_reasons, "secrets": lambda d: Hidden().text(d, "$")}[sys.argv[1]]
docs = documents(60, distinct=sys.argv[2] == "new")[::6]
for d in documents(6, seed=5, distinct=True):
    scan(d)
subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], capture_output=True, check=True)
for d in docs:
    scan(d)
subprocess.run(["callgrind_control", "-i", "off", str(os.getpid())], capture_output=True, check=True)
print(sum(len(d.encode()) for d in docs) / 1024)
"""


def instructions(tree: Path, scan: str, paragraphs: str) -> float:
    """Instructions per KB of one scan (``injection``/``secrets``) over 10 of the documents
    (``paragraphs``: ``new`` or ``recur``), by callgrind, the code of ``tree`` (its warm-up and
    imports not counted)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        proc = subprocess.run(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
                               sys.executable, "-P", "-c", _WORKER, scan, paragraphs],
                              cwd=tree, env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True, text=True,
                              check=True)
        total = re.search(r"Collected : (\d+)", proc.stderr)
        if total is None:
            raise SystemExit(f"{tree}: no callgrind count ({proc.stderr[-300:]})")
        return int(total.group(1)) / float(proc.stdout.split()[-1])


def compare_instructions(old: str) -> str:
    """The four scans by instructions per KB, the code of ``old`` against this tree."""
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", old, "obsline", "bench", "tests"], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        jobs = [(tree, scan, paragraphs) for scan in ("secrets", "injection") for paragraphs in ("recur", "new")
                for tree in (Path(tmp), Path.cwd())]
        with ThreadPoolExecutor(max_workers=4) as pool:
            counts = list(pool.map(lambda job: instructions(*job), jobs))
    lines = [f"| scan, paragraphs | {old} | this tree | old / new |", "|---|---|---|---|"]
    for k in range(0, len(jobs), 2):
        _, scan, paragraphs = jobs[k]
        lines.append(f"| {scan}, {paragraphs} | {counts[k] / 1e3:,.0f}k | {counts[k + 1] / 1e3:,.0f}k | "
                     f"{counts[k] / counts[k + 1]:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench scancost", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", type=int, default=120)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--instructions", metavar="REV", help="instead: instructions per KB by callgrind, "
                        "REV's code against this tree's (10 of the 60 documents, each scan alone; prints a table)")
    args = parser.parse_args(argv)
    if args.instructions:
        print(compare_instructions(args.instructions))
        return
    load = os.getloadavg()[0]
    rows, kb = measure(args.docs, args.repeat)
    cold, _ = measure(args.docs, args.repeat, distinct=True)
    together = [rows[2][1] + rows[3][1], cold[2][1] + cold[3][1]]
    body = "\n".join([
        "## Safety scan cost on long documents (`python -m bench scancost`)", "",
        f"{args.docs} policy / help-centre documents of 1-20 KB ({kb:,.0f} KB in all, 32 languages' help sentences "
        f"among English policy paragraphs full of trigger words), best of {args.repeat} passes, CPU time, every cache "
        f"cleared before a pass; {machine()}. The machine is shared by 6 engineers (load average {load:.1f} at the "
        "start of the run): figures are noisy.", "",
        "Two columns: the documents as built (paragraphs drawn from a pool of 240, so a paragraph comes back in "
        "other documents, as the same articles and boilerplate come back in search after search: the injection "
        "scan reads each distinct paragraph once, adapters/injection_blocks.py), and the same documents with "
        "every paragraph numbered, so that none is read twice (text never seen).", "",
        "| check | us per KB, paragraphs recur | us per KB, every paragraph new |", "|---|---|---|",
        *[f"| {name} | {us:,.1f} | {c:,.1f} |" for (name, us), (_, c) in zip(rows[:6], cold[:6], strict=True)],
        f"| **secrets + injection scans together** | **{together[0]:,.1f}** | **{together[1]:,.1f}** (target <= 100) |",
        *[f"| {name} | {us:,.1f} | {c:,.1f} |" for (name, us), (_, c) in zip(rows[6:8], cold[6:8], strict=True)], "",
        "The fast scans beside their plain twins in the same run (adapters/anchored.py: each pattern tried only "
        "where its literal stands; the twins run every pattern and rule over the whole text, read no paragraph "
        "from the cache, and find the same):", "",
        "| scan | us per KB, paragraphs recur | us per KB, every paragraph new |", "|---|---|---|",
        *[f"| {name} | {us:,.1f} | {c:,.1f} |" for (name, us), (_, c) in zip(rows[8:], cold[8:], strict=True)],
    ])
    write_section("scancost", body)
    print(body)
