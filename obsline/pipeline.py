"""The three stages as plain functions over (message, task state), and an in-process runner.

    adapt    RawEnvelope            -> Adapted (+ raw bytes for the artifact store)
    align    Adapted, AlignState    -> Snapshot, AlignState
    observe  Snapshot, FoldState    -> Observation, FoldState

The same ``Stages`` object runs here (``obsline replay``, tests, the embedded default) and
inside the Faust agents of ``obsline.streams``; only the transport between stages differs.
"""

from __future__ import annotations

import gc
import hashlib
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, cast

from obsline.adapters.adapt import AdaptMemo, AdaptResult, Limits, adapt, raw_as_bytes
from obsline.adapters.envelope import Rejected, decode
from obsline.adapters.error_codes import not_idempotent
from obsline.adapters.noise import NoiseConfig, inject_noise
from obsline.adapters.secrets import build_databases
from obsline.adapters.status import make_error
from obsline.aligner.align import AlignState, align
from obsline.aligner.fold import Fingerprint, FoldDecision, FoldState, fold, shown
from obsline.aligner.signals import SignalLimits, Signals, read_signals, settle
from obsline.aligner.signals import sections as signal_sections
from obsline.aligner.signals.audit import audit_record
from obsline.contracts import load_contracts
from obsline.core.errors import ErrorCode, error_line
from obsline.core.ids import artifact_ref
from obsline.core.memo import DEFAULT_ENTRIES, ContentKey, Memo
from obsline.core.models import (
    Adapted,
    Control,
    Dedup,
    DedupKind,
    Ids,
    Metadata,
    Observation,
    RawEnvelope,
    Snapshot,
    Status,
    fast_new,
)
from obsline.core.spec import ToolSpec
from obsline.core.tokens import DEFAULT_BUDGET_TOKENS, budget_tokens, count_tokens
from obsline.sinks.handles import bindings
from obsline.sinks.observe import RenderMemo, Template, next_line, observe, plain_body
from obsline.stores.artifacts import ArtifactStore
from obsline.stores.objects import StoreError
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
    fold_memo: Memo[ContentKey, Fingerprint] = field(init=False, compare=False, repr=False)
    factor_memo: Memo[str, str] = field(init=False, compare=False, repr=False)  # text -> textcommon.factor's

    def __post_init__(self) -> None:
        object.__setattr__(self, "budget_tokens", budget_tokens(self.budget_tokens, "budget_tokens"))
        object.__setattr__(self, "adapt_memo", AdaptMemo.of(self.memo_entries))
        # Noise changes data after adapt: then it is no longer a function of the raw's bytes.
        by_content = self.memo_entries if self.noise is None else 0
        object.__setattr__(self, "render_memo",
                           RenderMemo(Memo(by_content), Memo(self.memo_entries), Memo(self.memo_entries)))
        object.__setattr__(self, "fold_memo", Memo(by_content))
        object.__setattr__(self, "factor_memo", Memo(self.memo_entries))  # (by the text itself: noise or not)

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
        decision, state = fold(a, spec, a.args, state, self.fold_memo, text=text, conflicts=snapshot.conflicts,
                               factors=self.factor_memo)
        names = state.get("secrets")
        if names is None:  # a state from before secret handles (Kafka engines name the section)
            names = state["secrets"] = {}
        if "loop" not in state:  # a state from before the signals, or a Kafka state without their sections
            signal_sections(state)
        found = read_signals(a, state, decision.number, self.signal_limits)  # (loop_signals, inlined: every record)
        control = found.completed(a.control)
        signals = cast(Metadata, {"call": found.call, **found.metadata} if found.metadata else {"call": found.call})
        obs = observe(snapshot, decision, self.template, self.render_memo, names, budget, found.line, control,
                      self.artifact_key, signals)
        settle(state, found, obs.tokens["text"])
        shown(state, decision.number, obs.text, decision.text_steps)
        return obs, state

    def loop_signals(self, adapted: Adapted, state: FoldState, decision: FoldDecision) -> Signals:
        """Repeated calls, breakers, retry advice (obsline/aligner/signals): kept in the
        observe stage's state, so they are the same in-process and on Kafka."""
        if "loop" not in state:  # a state from before the signals, or a Kafka state without their sections
            signal_sections(state)
        return read_signals(adapted, state, decision.number, self.signal_limits)

    def rejected(self, rejected: Rejected, fallback_action: str, *, idempotent: bool = True) -> Observation:
        """The error observation for input that was not a valid envelope, or whose stage raised
        (``MALFORMED``), or whose store write failed (``store_unavailable``: ``UPSTREAM_FAILURE``,
        retryable: the same call again once the store is back; not for a tool the envelope says
        is not idempotent, whose call did run: ``error_codes.not_idempotent``)."""
        if rejected.reason == STORE_UNAVAILABLE:  # what failed inside is the dead letter's, not the model's
            code, message = ErrorCode.UPSTREAM_FAILURE, f"{STORE_UNAVAILABLE}: {STORE_MESSAGE}"
        else:
            code, message = ErrorCode.MALFORMED, f"{rejected.reason}: " + "; ".join(rejected.problems)
        error = make_error(code, message)
        if not idempotent:
            error = not_idempotent(error)
        ids = rejected.ids
        advice = next_line(error.code, "; ".join(error.suggested_actions))
        text = error_line(code, error.retryable, error.message) + (f"\n{advice}" if advice else "")
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
                 observation: Observation, tenant: str | None = None) -> None:
    """Store what adapt hid (values) and what the task was shown (handles). Either part may be
    given alone: on Kafka the raw agent has the values, the snapshots agent the handles.
    ``tenant`` (the envelope's) may choose their TTL (stores/retention.py)."""
    task = snapshot.adapted.ids.task_id
    if result is not None and result.secrets:
        vault.keep(task, result.secrets, tenant=tenant)
    if observation.control.redactions:
        vault.name(task, bindings(snapshot.adapted.control.redactions, observation.control.redactions),
                   tenant=tenant)


GC_GEN0 = 20_000  # young-generation threshold for long runs (CPython's default is 700)


def tune_gc() -> None:
    """Garbage-collector settings for a process that runs the stages for long: everything
    loaded so far (contracts, modules) is frozen out of future scans, and the young generation
    is collected less often (the stages make many short-lived dicts). ~7% more records/s on
    the dev traces (bench/inprocess.py measures with it, as `obsline replay` and workers run)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_GEN0, 20, 50)


def prepare_stages() -> None:
    """What the stages would otherwise build at the first record that needs it: the secret readers'
    Hyperscan database (~1.1 s, once a process). For a host that embeds the stages (the LangChain
    middleware, the MCP gateway): the collector's settings are left as the host has them."""
    build_databases()


def prepare_long_running() -> None:
    """Once, at the start of a process that runs the stages for long (a worker, ``obsline replay``):
    ``prepare_stages``, then the collector's settings, which freeze what it built with the rest."""
    prepare_stages()
    tune_gc()


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


@fast_new  # (one a record)
@dataclass(frozen=True, slots=True)
class Processed:
    observation: Observation
    raw_bytes: bytes | None  # None for rejected input
    envelope: RawEnvelope | None
    rejected: Rejected | None
    adapted: Adapted | None = None  # what stage 1 and 2 made of it (the Kafka engines send both)
    snapshot: Snapshot | None = None
    failed_stage: str | None = None  # the stage that raised (stage_exception)


#: the rejection (and dead-letter) reason of a record whose store write failed inside ``process``
STORE_UNAVAILABLE = "store_unavailable"
#: the rejection (and dead-letter) reason of a record whose stage raised
STAGE_EXCEPTION = "stage_exception"
#: what its error observation says (the same on every path; the store's own error is the dead letter's)
STORE_MESSAGE = "obsline's store did not take this result; it was not observed. Call the tool again later"


class ErrorPolicy(StrEnum):
    """What ``process`` does when a stage raises (a bug, or a store that failed)."""

    OBSERVE = "observe"  # return the task's error observation (in-process, gateway, middleware, Kafka engines)
    RAISE = "raise"  # let it propagate: the caller retries or stops (no observation is made)


@dataclass(frozen=True, slots=True)
class Stores:
    """Where the record path writes: the raw bytes (staged until the engine flushes) and the
    values adapt hid. Either may be None (a test, a replay without ``--artifacts``)."""

    artifacts: ArtifactStore | None = None
    vault: SecretVault | None = None


@dataclass(slots=True)
class TaskStates:
    """One task's state, as the engine holds it: dicts in-process, changelogged views on Kafka."""

    align: AlignState | None = None
    fold: FoldState | None = None


def failure_line(stage: str, exc: BaseException) -> str:
    """The one line that says what failed where (a dead letter's ``error``, a rejection's problem)."""
    return f"{stage}: {exc!r}"[:500]


def process(stages: Stages, envelope: RawEnvelope, state: TaskStates, stores: Stores, now: float,
            policy: ErrorPolicy = ErrorPolicy.OBSERVE, times: dict[str, float] | None = None,
            original: bytes = b"") -> Processed:
    """THE record path: adapt -> align -> observe for one decoded envelope and its task's state,
    then the raw into the artifact store and the secrets into the vault. Every engine calls
    this; they keep only transport (decoding, topics), commits and checkpoints. ``state`` is
    updated in place; ``times`` (stage -> seconds) is added to when given; ``original`` (the
    record as it came) is what an error observation counts as its raw bytes."""
    stage = "adapt"
    t0 = time.perf_counter()
    try:
        result = stages.adapt(envelope)
        t1 = time.perf_counter()
        stage = "align"
        snapshot, state.align = stages.align(result.adapted, state.align)
        t2 = time.perf_counter()
        stage = "observe"
        observation, state.fold = stages.observe(snapshot, state.fold)  # the stores' writes count as observe
        if stores.artifacts is not None:
            stores.artifacts.put(result.adapted.artifact, result.raw_bytes, now, result.adapted.raw_sha256,
                                 tenant=envelope.tenant)
        if stores.vault is not None:
            keep_secrets(stores.vault, result, snapshot, observation, envelope.tenant)
        t3 = time.perf_counter()
    except Exception as exc:
        if policy is ErrorPolicy.RAISE:
            raise
        # A store that failed (an index flush at FLUSH_BYTES, a vault write) is no fault of the
        # record: ``store_unavailable``, which the Kafka record path retries (streams/record.py)
        # and every path shows as a retryable UPSTREAM_FAILURE; anything else is the stage's.
        reason = STORE_UNAVAILABLE if isinstance(exc, StoreError) else STAGE_EXCEPTION
        failed = Rejected(reason, [failure_line(stage, exc)],
                          Ids(envelope.task_id, envelope.step_id, envelope.action_id), envelope.tool, original)
        observation = stages.rejected(failed, envelope.action_id, idempotent=envelope.meta.get("idempotent") is not False)
        return Processed(observation, None, envelope, failed, failed_stage=stage)
    if times is not None:
        times["adapt"] += t1 - t0
        times["align"] += t2 - t1
        times["observe"] += t3 - t2
    return Processed(observation, result.raw_bytes, envelope, None, result.adapted, snapshot)


def kept_raw(stages: Stages, artifacts: ArtifactStore, processed: Processed, now: float) -> Processed:
    """In-process, a record whose stage raised has no topic to stay on: its raw goes to the
    artifact store under the record's own reference (signed as the stages sign theirs) and the
    error observation's evidence names it (``obsline artifact get``; the text is unchanged).
    A store that refuses it leaves the observation without one: the caller keeps the raw in its
    own dead letter (the middleware's ``response_metadata``). Staged: the caller flushes."""
    envelope = processed.envelope
    assert envelope is not None
    try:
        raw = raw_as_bytes(envelope.raw)[0]
    except Exception:  # the raw's own bytes could not be made (what raised, perhaps): the record as it came
        raw = processed.rejected.original if processed.rejected is not None else b""
    sha = hashlib.sha256(raw).hexdigest()
    ref = artifact_ref(envelope.task_id, envelope.step_id, envelope.action_id, stages.artifact_key)
    try:
        artifacts.put(ref, raw, now, sha, tenant=envelope.tenant)
    except StoreError:  # a flush at FLUSH_BYTES that failed: the raw stays staged, unnamed here
        return processed
    obs = processed.observation
    evidence = cast(Any, {**obs.evidence, "raw_sha256": sha, "artifact": ref, "raw_bytes": len(raw)})
    return replace(processed, observation=replace(obs, evidence=evidence))


class Runner:
    """Runs the stages in-process over records in order, holding per-task state in dicts.
    With ``stores``, raws go to the artifact store and hidden secrets to the vault (for the
    task's client, obsline.secrets); ``vault=`` alone is the older spelling of the second."""

    def __init__(self, stages: Stages, vault: SecretVault | None = None, *, stores: Stores | None = None,
                 audit: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.stages = stages
        self.stores = stores if stores is not None else Stores(vault=vault)
        self.vault = self.stores.vault
        self.audit = audit  # given: one audit record per observation (obsline/aligner/signals/audit.py)
        self.align_state: dict[str, AlignState] = {}
        self.fold_state: dict[str, FoldState] = {}
        self.times = StageTimes()

    def process(self, line: bytes | str, position: int = 0, decoded: RawEnvelope | Rejected | None = None) -> Processed:
        """One record (``decoded``: its envelope, when the caller decoded it already)."""
        t = self.times.seconds
        if decoded is None:
            t0 = time.perf_counter()
            decoded = decode(line)
            t["decode"] += time.perf_counter() - t0
        if isinstance(decoded, Rejected):
            return Processed(self.stages.rejected(decoded, f"line:{position}"), None, None, decoded)
        task = decoded.task_id
        state = TaskStates(self.align_state.get(task), self.fold_state.get(task))
        original = line.encode("utf-8", "surrogateescape") if isinstance(line, str) else line
        now = time.time()
        processed = process(self.stages, decoded, state, self.stores, now, times=t, original=original)
        if processed.rejected is None:
            self.align_state[task], self.fold_state[task] = state.align, state.fold  # type: ignore[assignment]
        elif processed.rejected.reason == STAGE_EXCEPTION and self.stores.artifacts is not None:
            processed = kept_raw(self.stages, self.stores.artifacts, processed, now)
        return processed

    def run(self, lines: Iterable[bytes | str]) -> Iterator[Processed]:
        """Each record, in the order given. The results of one batch of parallel calls (one
        task's step, arriving together) are processed in the order of their action ids: in
        whatever order they came, they get the same numbers, references and text (seed 000).
        ``batches`` is the plain form of the grouping done here in one loop (every record
        passes through it: no generator, list or call between a record and its processing when
        its batch is itself alone, as most are)."""
        seconds = self.times.seconds
        audit = self.audit
        batch: list[Decoded] = []
        key: tuple[str, int] | None = None
        for position, line in enumerate(lines):
            if isinstance(line, _TEXT) and (not line or line.isspace()):  # (``not line.strip()``, no copy)
                continue
            t0 = time.perf_counter()
            decoded = decode(line)
            seconds["decode"] += time.perf_counter() - t0
            rejected = isinstance(decoded, Rejected)
            here = None if rejected else (decoded.task_id, decoded.step_id)  # type: ignore[union-attr]
            if batch and (rejected or here != key):  # the batch before is complete
                if len(batch) == 1:
                    done = self.process(batch[0][1], batch[0][0], batch[0][2])
                    if audit is not None:
                        audit(audit_record(done.observation))
                    yield done
                else:
                    yield from self._batch(batch)
                batch = []
            if rejected:  # alone, at once
                yield from self._batch([(position, line, decoded)])
                continue
            key = here
            batch.append((position, line, decoded))
        if batch:
            yield from self._batch(batch)

    def _batch(self, batch: list[Decoded]) -> list[Processed]:
        """One batch's records processed (in action order), in the order they came."""
        by_position = {r[0]: self.process(r[1], r[0], r[2]) for r in in_action_order(batch)}
        done = [by_position[r[0]] for r in batch]
        if self.audit is not None:
            for processed in done:
                self.audit(audit_record(processed.observation))
        return done


_TEXT = (bytes, str)  # a line the runner may skip as blank (``bytes | str`` would be built again each line)
Decoded = tuple[int, bytes | str, RawEnvelope | Rejected]  # (position, line, envelope or rejection)


def batches(records: Iterable[Decoded]) -> Iterator[list[Decoded]]:
    """Consecutive records of one task and step (a batch of parallel calls) together; every
    other record alone. Pure; a rejected record is alone."""
    batch: list[Decoded] = []
    key: tuple[str, int] | None = None
    for record in records:
        envelope = record[2]
        if isinstance(envelope, Rejected):
            if batch:
                yield batch
                batch = []
            yield [record]
            continue
        here = (envelope.task_id, envelope.step_id)
        if batch and here != key:
            yield batch
            batch = []
        key = here
        batch.append(record)
    if batch:
        yield batch


def in_action_order(batch: list[Decoded]) -> list[Decoded]:
    if len(batch) < 2:
        return batch
    return sorted(batch, key=lambda r: r[2].action_id)  # type: ignore[union-attr]


StepKey = tuple[str, int, str]  # (task, step, action) of a record


def task_step_order(keys: list[StepKey | None]) -> list[int]:
    """The order to run one partition's poll in (Kafka engines; ``batches`` in-process): each
    task's consecutive records of one step (a batch of parallel calls) by action id, in the
    positions that batch held. Other tasks' records between them stay where they are (a task's
    state is its own), so interleaving does not break a batch. ``None``: a record without ids,
    left in place. Stable: records with the same action id keep their order."""
    order = list(range(len(keys)))
    runs: dict[str, tuple[int, list[int]]] = {}  # task -> (step, positions of its current run)

    def close(positions: list[int]) -> None:
        if len(positions) > 1:
            for position, index in zip(positions, sorted(positions, key=lambda i: keys[i][2]), strict=True):  # type: ignore[index]
                order[position] = index

    for i, key in enumerate(keys):
        if key is None:
            continue
        run = runs.get(key[0])
        if run is not None and run[0] == key[1]:
            run[1].append(i)
            continue
        if run is not None:
            close(run[1])
        runs[key[0]] = (key[1], [i])
    for _, positions in runs.values():
        close(positions)
    return order


__all__ = ["STAGE_EXCEPTION", "STORE_MESSAGE", "STORE_UNAVAILABLE", "kept_raw", "ErrorPolicy", "failure_line", "FoldDecision", "GcSettle", "keep_secrets", "process", "Processed", "Runner", "StageTimes",
           "Stages", "Stores", "TaskStates", "task_step_order", "tune_gc"]
