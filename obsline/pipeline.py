"""The three stages as plain functions over (message, task state), and an in-process runner.

    adapt    RawEnvelope            -> Adapted (+ raw bytes for the artifact store)
    align    Adapted, AlignState    -> Snapshot, AlignState
    observe  Snapshot, FoldState    -> Observation, FoldState

The same ``Stages`` object runs here (``obsline replay``, tests, the embedded default) and
inside the Faust agents of ``obsline.streams``; only the transport between stages differs.
"""

from __future__ import annotations

import dataclasses
import gc
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from obsline.adapters.adapt import AdaptMemo, AdaptResult, Limits, adapt
from obsline.adapters.contract import ToolSpec
from obsline.adapters.envelope import Rejected, decode
from obsline.adapters.noise import NoiseConfig, inject_noise
from obsline.adapters.status import make_error
from obsline.aligner.align import AlignState, align
from obsline.aligner.fold import Fingerprint, FoldDecision, FoldState, fold, shown
from obsline.aligner.signals import SignalLimits, Signals, read_signals, settle
from obsline.aligner.signals import sections as signal_sections
from obsline.contracts import load_contracts
from obsline.core.errors import ErrorCode
from obsline.core.memo import DEFAULT_ENTRIES, Memo
from obsline.core.models import (
    Adapted,
    Control,
    Dedup,
    DedupKind,
    Ids,
    Observation,
    RawEnvelope,
    Snapshot,
    Status,
    slot_init,
)
from obsline.core.tokens import DEFAULT_BUDGET_TOKENS, budget_tokens, count_tokens
from obsline.sinks.handles import bindings
from obsline.sinks.observe import RenderMemo, Template, observe, plain_body
from obsline.stores.vault import SecretVault

_NONE_VOLATILE: frozenset[str] = frozenset()  # a tool without a contract names no volatile fields


@dataclass(frozen=True)
class Stages:
    """Pure stage logic, configured once."""

    contracts: Mapping[str, ToolSpec]
    limits: Limits = Limits()
    template: Template = "concise"
    noise: NoiseConfig | None = None
    memo_entries: int = DEFAULT_ENTRIES  # per memo; 0 adapts and renders every record afresh
    budget_tokens: int = DEFAULT_BUDGET_TOKENS  # display budget of tools whose contract sets none
    artifact_key: bytes | None = field(default=None, repr=False)  # signs artifact refs (obsline/ids.py)
    signal_limits: SignalLimits = SignalLimits()  # breakers, retries, staleness (aligner/signals)
    # Results derived from a raw's content alone, reused when the same bytes come again.
    adapt_memo: AdaptMemo = field(init=False, compare=False, repr=False)
    render_memo: RenderMemo = field(init=False, compare=False, repr=False)
    fold_memo: Memo[tuple[str, str], Fingerprint] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "budget_tokens", budget_tokens(self.budget_tokens, "budget_tokens"))
        object.__setattr__(self, "adapt_memo", AdaptMemo.of(self.memo_entries))
        # Noise changes data after adapt: then it is no longer a function of the raw's bytes.
        by_content = self.memo_entries if self.noise is None else 0
        object.__setattr__(self, "render_memo",
                           RenderMemo(Memo(by_content), Memo(self.memo_entries), Memo(self.memo_entries)))
        object.__setattr__(self, "fold_memo", Memo(by_content))

    @classmethod
    def default(cls, **kwargs: Any) -> Stages:
        return cls(contracts=load_contracts(kwargs.pop("contracts_dir", None)), **kwargs)

    def adapt(self, envelope: RawEnvelope) -> AdaptResult:
        result = adapt(envelope, self.contracts, self.limits, self.adapt_memo, self.artifact_key)
        if self.noise is not None:
            spec = self.contracts.get(envelope.tool)
            result = AdaptResult(inject_noise(result.adapted, spec, self.noise), result.raw_bytes, result.secrets)
        return result

    def align(self, adapted: Any, state: AlignState | None) -> tuple[Snapshot, AlignState]:
        spec = self.contracts.get(adapted.tool)
        return align(adapted, state, spec.volatile_fields if spec else _NONE_VOLATILE)

    def observe(self, snapshot: Snapshot, state: FoldState | None) -> tuple[Observation, FoldState]:
        a = snapshot.adapted
        spec = self.contracts.get(a.tool)
        budget = spec.budget_tokens if spec is not None and spec.budget_tokens else self.budget_tokens
        # Without a contract the fold compares the text the model reads (memoised by content).
        # A text result is compared as it came (its rendering only adds fences).
        text = None
        if spec is None and a.status is Status.SUCCESS:
            text = a.data if isinstance(a.data, str) else plain_body(a, self.render_memo.bodies, budget)
        decision, state = fold(a, spec, a.args, state, self.fold_memo, text=text, conflicts=snapshot.conflicts)
        names = state.get("secrets")
        if names is None:  # a state from before secret handles (Kafka engines name the section)
            names = state["secrets"] = {}
        found = self.loop_signals(a, state, decision)
        control = dataclasses.replace(a.control, **found.control) if found.has_control else None
        obs = observe(snapshot, decision, self.template, self.render_memo, names, budget, found.line, control,
                      self.artifact_key)
        settle(state, obs.tokens["text"])
        shown(state, decision.number, obs.text)
        return obs, state

    def loop_signals(self, adapted: Adapted, state: FoldState, decision: FoldDecision) -> Signals:
        """Repeated calls, breakers, retry advice (obsline/aligner/signals): kept in the
        observe stage's state, so they are the same in-process and on Kafka."""
        if "loop" not in state:  # a state from before the signals, or a Kafka state without their sections
            signal_sections(state)
        return read_signals(adapted, state, decision.number, self.signal_limits)

    def rejected(self, rejected: Rejected, fallback_action: str) -> Observation:
        """The error observation for input that was not a valid envelope."""
        error = make_error(ErrorCode.MALFORMED, f"{rejected.reason}: " + "; ".join(rejected.problems))
        ids = rejected.ids
        text = f"error MALFORMED retryable=no: {error.message}\nnext: " + "; ".join(error.suggested_actions)
        return Observation(
            task_id=ids.task_id if ids else "", step_id=ids.step_id if ids else -1,
            action_id=ids.action_id if ids else fallback_action, tool=rejected.tool or "",
            status=Status.ERROR, error=error, data=None,
            metadata={"retrieved_at": None, "age_seconds": None, "truncated": False, "has_more": False,
                      "next_cursor": None, "rejected": rejected.reason},
            evidence={"source": "envelope", "raw_sha256": None, "artifact": None,
                      "raw_bytes": len(rejected.original)},
            dedup=Dedup(kind=DedupKind.NEVER), conflicts=[], control=Control(),
            text=text, tokens={"raw": 0, "text": count_tokens(text)},
        )


def keep_secrets(vault: SecretVault, result: AdaptResult | None, snapshot: Snapshot,
                 observation: Observation) -> None:
    """Store what adapt hid (values) and what the task was shown (handles). Either part may be
    given alone: on Kafka the raw agent has the values, the snapshots agent the handles."""
    task = snapshot.adapted.ids.task_id
    if result is not None and result.secrets:
        vault.keep(task, result.secrets)
    if observation.control.redactions:
        vault.name(task, bindings(snapshot.adapted.control.redactions, observation.control.redactions))


GC_GEN0 = 20_000  # young-generation threshold for long runs (CPython's default is 700)


def tune_gc() -> None:
    """Garbage-collector settings for a process that runs the stages for long: everything
    loaded so far (contracts, modules) is frozen out of future scans, and the young generation
    is collected less often (the stages make many short-lived dicts). ~7% more records/s on
    the dev traces (bench/inprocess.py measures with it, as `obsline replay` and workers run)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_GEN0, 20, 50)


class GcSettle:
    """Keeps the content memos out of full garbage collections in a long-running worker.

    The memos hold a few hundred thousand long-lived containers (parsed results, fragments,
    rendered parts); a full collection walks them all, ~90 ms on the dev traces' memos, and
    one such pause in a latency window is the worker's p99. Each time the adapt memo has
    doubled (64, 128, ... entries), ``maybe`` collects once and freezes what is alive, so later
    full collections skip it. Collecting first leaves no garbage in the frozen set; a frozen
    object that later ends in a reference cycle is never freed, which the doubling bounds to
    a handful of settles per process (memo entries are acyclic and freed by refcount).
    """

    def __init__(self, stages: Stages, first: int = 64) -> None:
        self.stages, self.next = stages, first

    def maybe(self) -> bool:
        if not self.next or len(self.stages.adapt_memo.contents) < self.next:
            return False
        self.next = 0 if self.next >= self.stages.memo_entries else self.next * 2
        gc.collect()
        gc.freeze()
        return True


@dataclass
class StageTimes:
    """Seconds spent per stage, for the replay summary and the benchmark."""

    seconds: dict[str, float] = field(default_factory=lambda: {"decode": 0.0, "adapt": 0.0, "align": 0.0,
                                                               "observe": 0.0})


@slot_init
@dataclass(frozen=True, slots=True)
class Processed:
    observation: Observation
    raw_bytes: bytes | None  # None for rejected input
    envelope: RawEnvelope | None
    rejected: Rejected | None


class Runner:
    """Runs the stages in-process over records in order, holding per-task state in dicts.
    With a ``vault``, hidden secrets are kept there for the task's client (obsline.secrets)."""

    def __init__(self, stages: Stages, vault: SecretVault | None = None) -> None:
        self.stages = stages
        self.vault = vault
        self.align_state: dict[str, AlignState] = {}
        self.fold_state: dict[str, FoldState] = {}
        self.times = StageTimes()

    def process(self, line: bytes | str, position: int = 0) -> Processed:
        t = self.times.seconds
        t0 = time.perf_counter()
        decoded = decode(line)
        t1 = time.perf_counter()
        t["decode"] += t1 - t0
        if isinstance(decoded, Rejected):
            return Processed(self.stages.rejected(decoded, f"line:{position}"), None, None, decoded)
        try:
            result = self.stages.adapt(decoded)
            t2 = time.perf_counter()
            task = decoded.task_id
            snapshot, self.align_state[task] = self.stages.align(result.adapted, self.align_state.get(task))
            t3 = time.perf_counter()
            observation, self.fold_state[task] = self.stages.observe(snapshot, self.fold_state.get(task))
            t4 = time.perf_counter()
            if self.vault is not None:
                keep_secrets(self.vault, result, snapshot, observation)
        except Exception as exc:  # a stage bug: the task still gets its error observation
            original = line.encode("utf-8", "surrogateescape") if isinstance(line, str) else line
            failed = Rejected("stage_exception", [repr(exc)[:500]], Ids(decoded.task_id, decoded.step_id,
                              decoded.action_id), decoded.tool, original)
            return Processed(self.stages.rejected(failed, f"line:{position}"), None, decoded, failed)
        t["adapt"] += t2 - t1
        t["align"] += t3 - t2
        t["observe"] += t4 - t3
        return Processed(observation, result.raw_bytes, decoded, None)

    def run(self, lines: Iterable[bytes | str]) -> Iterator[Processed]:
        for position, line in enumerate(lines):
            if isinstance(line, bytes | str) and not line.strip():
                continue
            yield self.process(line, position)


__all__ = ["FoldDecision", "GcSettle", "keep_secrets", "Processed", "Runner", "StageTimes", "Stages", "tune_gc"]
