"""``obsline demo``: generate a synthetic fleet workload, replay it in-process, and show a few
raw results beside the observations the model would see, then the summary."""

from __future__ import annotations

import shutil
import sys
import textwrap
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from obsline.core.models import DedupKind, Observation, Status
from obsline.pipeline import Processed, Runner, Stages
from obsline.stores.artifacts import ArtifactStore
from obsline.stores.vault import SecretVault
from workload.generate import generate

WIDTH = 100


def _raw_preview(processed: Processed, limit: int = 700) -> str:
    raw = (processed.raw_bytes or b"").decode("utf-8", "replace")
    return raw if len(raw) <= limit else raw[:limit] + f"... [{len(raw):,} chars]"


def _show(title: str, processed: Processed) -> None:
    obs = processed.observation
    print("=" * WIDTH)
    print(f"{title}: {obs.tool}  task={obs.task_id} step={obs.step_id}  "
          f"status={obs.status.value} dedup={obs.dedup.kind.value}  tokens {obs.tokens['raw']} -> {obs.tokens['text']}")
    print("-- raw " + "-" * (WIDTH - 7))
    print(textwrap.fill(_raw_preview(processed), WIDTH, replace_whitespace=False))
    print("-- observation text (what the model sees) " + "-" * (WIDTH - 43))
    print(obs.text)


# What the demo shows, in order: the first observation of each kind (a kind not met is left out).
_SHOWN: list[tuple[str, Callable[[Observation], object]]] = [
    ("a first read", lambda o: o.dedup.kind is DedupKind.NEW and o.tokens["raw"] > 150),
    ("a repeated read, folded", lambda o: o.dedup.kind is DedupKind.UNCHANGED),
    ("a re-read after a change", lambda o: o.dedup.kind is DedupKind.DELTA),
    ("an error", lambda o: o.status is Status.ERROR and o.error is not None and o.error.code != "MALFORMED"),
    ("a huge result", lambda o: o.metadata.get("truncated")),
    ("injection-like text, fenced", lambda o: o.control.suspicious),
    ("secrets and internal addresses, shown as handles",
     lambda o: {"password", "address"} <= {r["kind"] for r in o.control.redactions}),
]


def _pick(processed: list[Processed]) -> list[tuple[str, Processed]]:
    picks = []
    for title, test in _SHOWN:
        found = next((p for p in processed if test(p.observation)), None)
        if found is not None:
            picks.append((title, found))
    return picks


def run_demo(tasks: int = 20, seed: int = 1, directory: Path = Path("var/demo")) -> int:
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    workload = directory / "raw.jsonl"
    lines = list(generate(tasks, seed))
    workload.write_text("\n".join(lines) + "\n")
    store = ArtifactStore(directory / "artifacts")
    runner = Runner(Stages.default(artifact_key=store.key), vault=SecretVault.beside(directory / "artifacts"))
    processed = list(runner.run(line.encode() for line in lines))
    with (directory / "observations.jsonl").open("wb") as out:
        from obsline.core.codec import encode_line

        for p in processed:
            ref = p.observation.evidence["artifact"]
            if p.raw_bytes is not None and ref is not None:
                store.put(ref, p.raw_bytes)
            out.write(encode_line(p.observation))
    store.flush()
    for title, p in _pick(processed):
        _show(title, p)
    _summary([p.observation for p in processed], directory)
    return 0


def _summary(observations: list[Observation], directory: Path) -> None:
    raw = sum(o.tokens["raw"] for o in observations)
    text = sum(o.tokens["text"] for o in observations)
    print("=" * WIDTH)
    print(f"records      {len(observations):,} from {len({o.task_id for o in observations})} synthetic tasks")
    print("statuses     " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(o.status.value for o in observations).items())))
    print("dedup        " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(o.dedup.kind.value for o in observations).items())))
    print(f"tokens       raw {raw:,} -> observations {text:,} ({text / raw:.1%} of raw; o200k_base)")
    print(f"files        {directory}/raw.jsonl, observations.jsonl, artifacts/ "
          f"(obsline artifact get REF --artifacts {directory}/artifacts; REF as the observation gives it)")


if __name__ == "__main__":
    sys.exit(run_demo())
