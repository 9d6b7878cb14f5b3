"""The ``obsline`` command: replay, generate, contracts check, artifact get, rebuild (+ streams commands)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING

import orjson

from obsline.core import codec
from obsline.core.errors import ArtifactError, ObslineError
from obsline.core.memo import DEFAULT_ENTRIES
from obsline.core.tokens import BUDGET_ENV, DEFAULT_BUDGET_TOKENS, budget_tokens

if TYPE_CHECKING:  # (imported lazily: the CLI starts fast)
    from obsline.core.models import Observation
    from obsline.pipeline import Runner, Stages
    from obsline.sinks.ranges import Range
    from obsline.stores.artifacts import ArtifactStore


def _lines(path: str) -> Iterator[bytes]:
    stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    with stream:
        yield from stream


class Progress:
    """A one-line progress bar on stderr for long inputs (only when stderr is a terminal)."""

    def __init__(self, stream: IO[str], every: int = 1000) -> None:
        self.stream, self.every, self.enabled = stream, every, stream.isatty()
        self.start = time.perf_counter()

    def tick(self, n: int) -> None:
        if self.enabled and n % self.every == 0:
            rate = n / max(time.perf_counter() - self.start, 1e-9)
            self.stream.write(f"\r  {n:>9,} records  {rate:>9,.0f}/s")
            self.stream.flush()

    def done(self) -> None:
        if self.enabled:
            self.stream.write("\r" + " " * 40 + "\r")


def _budget_arg(text: str) -> int:
    try:
        return budget_tokens(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def budget_from(flag: int | None, env: dict[str, str] | os._Environ[str] | None = None) -> int:
    """The global display budget: the flag, else ``OBSLINE_BUDGET_TOKENS``, else the default."""
    if flag is not None:
        return flag
    value = (os.environ if env is None else env).get(BUDGET_ENV, "").strip()
    return budget_tokens(value, BUDGET_ENV) if value else DEFAULT_BUDGET_TOKENS


def cmd_replay(args: argparse.Namespace) -> int:
    from obsline.integrations.otel import Telemetry, emit_tool_span
    from obsline.pipeline import prepare_long_running

    try:
        budget = budget_from(args.budget_tokens)
    except ValueError as exc:  # the environment's value (argparse checks the flag)
        print(f"error INVALID_ARGUMENT: {exc}", file=sys.stderr)
        return 2
    runner, store = _replay_runner(args, budget)
    stages = runner.stages
    telemetry = Telemetry.from_env()  # OBSLINE_OTEL=1: one execute_tool span per observation
    prepare_long_running()  # the readers' database now, not at the first long page; then the collector
    out = sys.stdout.buffer if args.out in (None, "-") else open(args.out, "wb")  # noqa: SIM115
    tally = _Tally()
    progress = Progress(sys.stderr)
    try:
        for n, processed in enumerate(runner.run(_lines(args.input)), 1):
            obs = processed.observation
            out.write(codec.encode_line(obs))
            if telemetry.enabled:
                emit_tool_span(obs, arguments=processed.envelope.args if processed.envelope else None,
                               telemetry=telemetry)
            tally.add(obs)
            progress.tick(n)
    finally:
        progress.done()
        if store is not None:
            store.flush()
        if out is not sys.stdout.buffer:
            out.close()
    print("\n".join(tally.summary(stages.adapt_memo.contents.hit_rate)), file=sys.stderr)
    return 0


def _replay_runner(args: argparse.Namespace, budget: int) -> tuple[Runner, ArtifactStore | None]:
    """The replay's runner, with ``--artifacts``' store (and its vault) when one is named."""
    from obsline.pipeline import Runner, Stores
    from obsline.stores.artifacts import ArtifactStore
    from obsline.stores.vault import SecretVault

    store = ArtifactStore(args.artifacts) if args.artifacts else None
    stages = _replay_stages(args, budget, store.key if store else None)
    return Runner(stages, stores=Stores(store, SecretVault.beside(store) if store else None)), store


def _replay_stages(args: argparse.Namespace, budget: int, artifact_key: bytes | None) -> Stages:
    from obsline.adapters.noise import NoiseConfig
    from obsline.pipeline import Stages

    return Stages.default(
        contracts_dir=[Path(c) for c in args.contracts] if args.contracts else None, template=args.template,
        noise=NoiseConfig(args.noise, args.seed) if args.noise else None, memo_entries=args.memo_entries,
        artifact_key=artifact_key,  # refs signed: the capability to read them back
        budget_tokens=budget,
    )


class _Tally:
    """What a replay made, for its summary on stderr."""

    def __init__(self) -> None:
        self.statuses: Counter[str] = Counter()
        self.kinds: Counter[str] = Counter()
        self.raw_tokens = self.text_tokens = self.n = 0
        self.started = time.perf_counter()

    def add(self, obs: Observation) -> None:
        self.n += 1
        self.statuses[obs.status.value] += 1
        self.kinds[obs.dedup.kind.value] += 1
        self.raw_tokens += obs.tokens["raw"]
        self.text_tokens += obs.tokens["text"]

    def summary(self, reused: float) -> list[str]:
        seconds = time.perf_counter() - self.started
        n, ratio = self.n, self.text_tokens / self.raw_tokens if self.raw_tokens else 0.0
        return [
            f"records      {n:,}",
            "statuses     " + ", ".join(f"{k} {v:,}" for k, v in sorted(self.statuses.items())),
            "dedup        " + ", ".join(f"{k} {v:,}" for k, v in sorted(self.kinds.items())),
            f"tokens       raw {self.raw_tokens:,} -> observation {self.text_tokens:,} ({ratio:.1%} of raw, "
            f"{1 - ratio:.1%} saved; o200k_base)",
            f"speed        {n / seconds if seconds else 0:,.0f} records/s ({seconds:.2f} s)",
            f"reused       {reused:.0%} of raws adapted before (content memo)",
        ]


def cmd_generate(args: argparse.Namespace) -> int:
    from workload.generate import write_jsonl

    write_jsonl(None if args.out in (None, "-") else args.out, args.tasks, args.seed,
                malformed=args.malformed, huge=not args.no_huge)
    return 0


def cmd_contracts_check(args: argparse.Namespace) -> int:
    from obsline.contracts import check_contracts

    specs, errors = check_contracts(Path(args.dir) if args.dir else None)
    for error in errors:
        print(f"error: {error}", file=sys.stderr)
    print(f"{len(specs)} contracts valid, {len(errors)} errors", file=sys.stderr)
    return 1 if errors else 0


def cmd_contracts_infer(args: argparse.Namespace) -> int:
    from obsline.contracts import check_contracts, write_inferred

    out = Path(args.out)
    written = write_inferred(Path(args.traces), out)
    _, errors = check_contracts(out)
    for error in errors:
        print(f"error: {error}", file=sys.stderr)
    print(f"{len(written)} draft contracts written to {out}, {len(errors)} errors", file=sys.stderr)
    return 1 if errors else 0


def cmd_artifact_get(args: argparse.Namespace) -> int:
    """The raw with the task's secrets as their handles; ``--unscrubbed`` (the operator, who holds
    the store's key) as received."""
    from obsline.sinks.ranges import parse_range
    from obsline.stores.artifacts import ArtifactStore

    try:
        ranges = {name: parse_range(text, f"--{name}") for name in ("lines", "items", "chars")
                  if (text := getattr(args, name)) is not None}
        store = ArtifactStore(args.artifacts, create=False)  # a mistyped folder is not a new store
        data = _artifact_bytes(store, args, ranges)
    except ArtifactError as exc:
        print(f"error {exc.code.value}: {exc}", file=sys.stderr)
        return 2
    sys.stdout.buffer.write(data)
    return 0


def _artifact_bytes(store: ArtifactStore, args: argparse.Namespace, ranges: dict[str, Range]) -> bytes:
    """The raw's bytes ``artifact get`` prints: a range of it (``--path``/``--lines``/``--items``/
    ``--chars``) or a page (``--offset``/``--limit``); unscrubbed for the operator."""
    operator = store.operator_capability() if args.unscrubbed else None
    if ranges or args.path:
        data = store.read_range(args.ref, task_id=args.task, path=args.path, unscrubbed=operator,
                                lines=ranges.get("lines"), items=ranges.get("items"), chars=ranges.get("chars"))
        return data[args.offset:None if args.limit is None else args.offset + args.limit]
    return store.get(args.ref, task_id=args.task, offset=args.offset, limit=args.limit, unscrubbed=operator)


def cmd_rebuild(args: argparse.Namespace) -> int:
    """Print the exact text of one observation's result, rebuilt from it and the observations
    of its task that it names (sinks/rebuild.py); a part cut by the budget from the raw store."""
    from obsline.sinks.rebuild import NotRebuildable, held_by_number, rebuild

    task = [o for line in _lines(args.observations) if line.strip()
            if (o := codec.observation_from(codec.decode(line))).task_id == args.task]
    target = _observation_at(task, args.at)
    if target is None:
        print(f"error NOT_FOUND: no observation {args.at} in task {args.task}", file=sys.stderr)
        return 2
    raw = _raw_reader(args.artifacts)
    try:
        sys.stdout.write(rebuild(target, held_by_number(task), raw, task))
    except (NotRebuildable, ArtifactError) as exc:
        print(f"error NOT_REBUILDABLE: {exc}", file=sys.stderr)
        return 2
    return 0


def _observation_at(task: list[Observation], at: str) -> Observation | None:
    """The task's observation named ``STEP/ACTION`` or ``#N``."""
    return next((o for o in task if f"{o.step_id}/{o.action_id}" == at or
                 (o.dedup.number is not None and at == f"#{o.dedup.number}")), None)


def _raw_reader(artifacts: str | None) -> Callable[[Observation], str] | None:
    """How ``rebuild`` reads an observation's raw back: from the ``--artifacts`` store, if named."""
    from obsline.stores.artifacts import ArtifactStore

    if not artifacts:
        return None
    store = ArtifactStore(artifacts)
    # (rebuild reads only a part the budget cut, whose observation names its artifact)
    return lambda o: store.read(store.authorize(o.evidence["artifact"], o.task_id)).decode(  # type: ignore[arg-type]
        "utf-8", "replace")


def cmd_demo(args: argparse.Namespace) -> int:
    from workload.demo import run_demo

    return run_demo(args.tasks, args.seed, Path(args.dir))


def _observations(lines: list[bytes]) -> list[Observation]:
    """Observations as ``replay --out`` wrote them, or made from raw envelopes in-process."""
    from obsline.pipeline import Runner, Stages

    first = orjson.loads(lines[0]) if lines else {}
    if isinstance(first, dict) and "text" in first and "dedup" in first:
        return [codec.observation_from(orjson.loads(line)) for line in lines]
    return [p.observation for p in Runner(Stages.default()).run(lines)]


def cmd_context(args: argparse.Namespace) -> int:
    """The task's context view: its observations still current, superseded ones masked."""
    from obsline.aligner.signals.context import as_dict, context_of_task

    entries = context_of_task(_observations([line for line in _lines(args.input) if line.strip()]), args.task)
    if not entries:
        print(f"error NOT_FOUND: no observation of task {args.task!r} in {args.input}", file=sys.stderr)
        return 2
    for entry in entries:
        print(orjson.dumps(as_dict(entry)).decode() if args.json else entry.text)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="obsline", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    replay = sub.add_parser("replay", help="turn a JSONL file of raw tool results into observations, in-process")
    replay.add_argument("input", help="JSONL file of raw-result envelopes, or - for stdin")
    replay.add_argument("--out", help="where observations go (JSONL; default stdout)")
    replay.add_argument("--artifacts", help="artifact store directory (raw responses, content-addressed)")
    replay.add_argument("--contracts", action="append",
                        help="directory of tool contracts (default: the built-in ones); repeat to add more, "
                             "the first to define a tool wins")
    replay.add_argument("--template", choices=("concise", "verbose", "debug"), default="concise")
    replay.add_argument("--noise", type=float, default=0.0, help="controlled noise intensity (0 = off; 0.3 typical)")
    replay.add_argument("--seed", type=int, default=0, help="noise seed")
    replay.add_argument("--memo-entries", type=int, default=DEFAULT_ENTRIES,
                        help="distinct raws whose derived content is kept for reuse (0: off; output is the same)")
    replay.add_argument("--budget-tokens", type=_budget_arg, default=None, metavar="N",
                        help=f"display budget: o200k tokens an observation shows of a result before it cuts "
                             f"(tools' contracts may set their own) [env {BUDGET_ENV}; default {DEFAULT_BUDGET_TOKENS}]")
    replay.set_defaults(func=cmd_replay)

    context = sub.add_parser("context", help="a task's observations still current, superseded ones masked to one line")
    context.add_argument("task", help="task id")
    context.add_argument("--input", required=True, help="JSONL of raw envelopes (replayed) or of observations")
    context.add_argument("--json", action="store_true", help="one JSON object per observation")
    context.set_defaults(func=cmd_context)

    gen = sub.add_parser("generate", help="write a synthetic fleet workload (JSONL envelopes)")
    gen.add_argument("--tasks", type=int, default=20)
    gen.add_argument("--seed", type=int, default=1)
    gen.add_argument("--out", help="output file (default stdout)")
    gen.add_argument("--malformed", type=float, default=0.0, help="share of broken envelope lines")
    gen.add_argument("--no-huge", action="store_true", help="leave out the >1 MiB payloads")
    gen.set_defaults(func=cmd_generate)

    demo = sub.add_parser("demo", help="generate a synthetic workload, replay it, show raw beside observations")
    demo.add_argument("--tasks", type=int, default=20)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--dir", default="var/demo")
    demo.set_defaults(func=cmd_demo)

    contracts = sub.add_parser("contracts", help="tool contracts")
    csub = contracts.add_subparsers(dest="contracts_command", required=True)
    check = csub.add_parser("check", help="validate a directory of contracts")
    check.add_argument("dir", nargs="?", help="directory (default: the built-in contracts)")
    check.set_defaults(func=cmd_contracts_check)
    infer = csub.add_parser("infer", help="write draft contracts for review, inferred from traffic")
    infer.add_argument("traces", help="JSONL file of raw-result envelopes")
    infer.add_argument("--out", required=True, help="directory for the drafts (existing files are kept)")
    infer.set_defaults(func=cmd_contracts_infer)

    artifact = sub.add_parser("artifact", help="stored raw responses")
    asub = artifact.add_subparsers(dest="artifact_command", required=True)
    get = asub.add_parser("get", help="print a stored raw response, its secrets as the handles the task saw")
    get.add_argument("ref", help="an observation's evidence.artifact, as given (signed: the capability to read it)")
    get.add_argument("--task", help="also require the artifact to belong to this task")
    get.add_argument("--artifacts", default="var/artifacts")
    get.add_argument("--unscrubbed", action="store_true",
                     help="the raw as received, secrets included (the operator: needs the store's key); "
                          "by default each secret the task was shown is its handle")
    get.add_argument("--offset", type=int, default=0, help="bytes to skip (of the range, when one is given)")
    get.add_argument("--limit", type=int, default=None, help="bytes at most")
    get.add_argument("--path", help="a field of a JSON result (dotted), as an observation's cut names it")
    get.add_argument("--lines", metavar="A-B", help="lines A-B of the text (1-based, inclusive; split at \\n)")
    get.add_argument("--items", metavar="A-B", help="items A-B of the JSON list (printed as a JSON list)")
    get.add_argument("--chars", metavar="A-B", help="characters A-B (of the lines chosen, if any)")
    get.set_defaults(func=cmd_artifact_get)

    rebuild = sub.add_parser("rebuild", help="print the exact text of an observation's result, from it and the "
                                             "observations it names")
    rebuild.add_argument("observations", help="JSONL of observations (obsline replay's output), or - for stdin")
    rebuild.add_argument("--task", required=True, help="the task whose observation to rebuild")
    rebuild.add_argument("at", help="the observation: #N (its number) or STEP/ACTION")
    rebuild.add_argument("--artifacts", help="artifact store: read a part cut by the display budget from the raw")
    rebuild.set_defaults(func=cmd_rebuild)

    try:
        from obsline.streams.cli import add_commands
    except ImportError:
        pass
    else:
        add_commands(sub)
    from obsline.integrations.mcp.server import add_commands as add_mcp_commands

    add_mcp_commands(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except ObslineError as exc:
        print(f"error {exc.code.value}: {exc}", file=sys.stderr)
        return 2

    except BrokenPipeError:
        return 0
