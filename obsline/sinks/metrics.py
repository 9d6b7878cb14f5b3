"""Every Prometheus metric of obsline, in one place.

The stream workers never name a metric themselves: they hold one
:class:`PipelineMetrics` and call its methods (``stage_done``,
``observe_observation``, ``dead_letter``, ``set_lag`` ...).  The metrics live
on a dedicated :class:`~prometheus_client.CollectorRegistry`, never on the
process-global one, so tests and several pipelines in one process do not
collide.

Conventions (checked by ``promtool check metrics`` in the tests):

* every name starts with ``obsline_``; base units only (``_seconds``,
  ``_bytes``); counters end in ``_total``;
* labels only carry values from closed, bounded sets.  A value outside its set
  is mapped to a fallback (``other`` for stages, statuses, kinds and reasons,
  ``UNKNOWN`` for error codes), so a bug upstream can never blow up the label
  cardinality.  Task ids, action ids and free text are never labels.

The alert rules in ``deploy/prometheus/alerts.yml`` and the Grafana dashboard
in ``deploy/grafana/dashboards/obsline.json`` read these names; the metrics
reference table is in ``docs/operations.md``.
"""

from __future__ import annotations

import math
import os
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from wsgiref.simple_server import WSGIServer

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client import start_http_server as _start_http_server

from obsline.core.errors import ErrorCode
from obsline.core.models import DedupKind, Status

__all__ = [
    "CONTENT_TYPE_LATEST",
    "DEDUP_KINDS",
    "DEFAULT_METRICS_ADDR",
    "DEFAULT_METRICS_PORT",
    "DLQ_REASONS",
    "FALLBACK_PARTS",
    "ERROR_CODES",
    "GUARANTEES",
    "LATENCY_BUCKETS",
    "NOISE_KINDS",
    "OBJECT_KINDS",
    "OTHER",
    "STAGES",
    "STATUSES",
    "STORES",
    "PipelineMetrics",
    "metrics_addr_from_env",
    "metrics_port_from_env",
]

#: Port the workers expose ``/metrics`` on unless ``OBSLINE_METRICS_PORT`` says otherwise.
DEFAULT_METRICS_PORT = 9464
#: Loopback by default; a worker in a container sets ``OBSLINE_METRICS_ADDR=0.0.0.0``.
DEFAULT_METRICS_ADDR = "127.0.0.1"

#: Fallback label value for any closed set except error codes.
OTHER = "other"

STAGES: tuple[str, ...] = ("adapt", "align", "observe")
# Derived from the enums, so a new status, error code or dedup kind gets its own series.
STATUSES: tuple[str, ...] = tuple(s.value for s in Status)
ERROR_CODES: tuple[str, ...] = tuple(c.value for c in ErrorCode)
DEDUP_KINDS: tuple[str, ...] = tuple(k.value for k in DedupKind)
NOISE_KINDS: tuple[str, ...] = ("drop_fragment", "truncate_text", "perturb_value", "unknown_enum")
BREAKER_KINDS: tuple[str, ...] = ("consecutive_errors", "tool_timeouts", "max_steps", "token_budget")
DLQ_REASONS: tuple[str, ...] = ("not_json", "bad_envelope", "too_large", "stage_exception", "store_unavailable",
                                 "other")
FALLBACK_PARTS: tuple[str, ...] = ("letter", "observation")  # obsline_dead_letter_fallbacks_total{part}
GUARANTEES: tuple[str, ...] = ("at_least_once", "exactly_once")
STORES: tuple[str, ...] = ("memory", "rocksdb")
#: what the object store holds (stores/sweeper.py): raw segments, their index, claim checks, vault objects
OBJECT_KINDS: tuple[str, ...] = ("segments", "index", "claims", "vault")

#: Histogram buckets resolving 1 ms to 10 s.
LATENCY_BUCKETS: tuple[float, ...] = (
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
)

#: Consumer-lag label bounds: a topic name must look like a Kafka topic name,
#: at most ``MAX_LAG_TOPICS`` distinct topics and partitions ``0..MAX_PARTITION``
#: get their own series; anything else is reported under ``other``.
MAX_LAG_TOPICS = 64
#: A batch larger than this (a bug upstream) is observed as this many records.
MAX_BATCH_RECORDS = 100_000
MAX_PARTITION = 1023
_TOPIC_RE = re.compile(r"^[A-Za-z0-9._-]{1,249}$")


def metrics_port_from_env(default: int = DEFAULT_METRICS_PORT) -> int:
    """``OBSLINE_METRICS_PORT`` as an int, or ``default`` when unset or empty."""
    raw = os.environ.get("OBSLINE_METRICS_PORT", "").strip()
    if not raw:
        return default
    port = int(raw)
    if not 0 <= port <= 65535:
        raise ValueError(f"OBSLINE_METRICS_PORT out of range: {raw!r}")
    return port


def metrics_addr_from_env(default: str = DEFAULT_METRICS_ADDR) -> str:
    """``OBSLINE_METRICS_ADDR`` or ``default``."""
    return os.environ.get("OBSLINE_METRICS_ADDR", "").strip() or default


def _closed(value: object, allowed: tuple[str, ...], fallback: str, *, upper: bool = False) -> str:
    """Map ``value`` into ``allowed`` (case-insensitively), else ``fallback``."""
    if value is None:
        return fallback
    text = str(getattr(value, "value", value)).strip()  # accept str-valued Enums
    text = text.upper() if upper else text.lower()
    return text if text in allowed else fallback


def _amount(value: object) -> float:
    """A non-negative finite number for a counter increment; anything else is 0."""
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return 0.0
    if math.isnan(number) or math.isinf(number) or number < 0:
        return 0.0
    return number


def _default_version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("obsline")
        except PackageNotFoundError:
            return "0.0.0"
    except Exception:  # pragma: no cover - importlib.metadata always exists on 3.11
        return "0.0.0"


class PipelineMetrics:
    """All obsline metrics on one registry, with the methods the workers call.

    >>> m = PipelineMetrics()
    >>> m.stage_done("adapt", 0.004)
    >>> m.observe_observation("success", None, "new", raw_tokens=900, text_tokens=120)
    >>> b"obsline_observations_total" in m.render()
    True
    """

    def __init__(
        self,
        registry: CollectorRegistry | None = None,
        *,
        version: str | None = None,
        guarantee: str = "at_least_once",
        store: str = "memory",
    ) -> None:
        self.registry = registry if registry is not None else CollectorRegistry(auto_describe=True)
        r = self.registry
        self._lock = threading.Lock()
        self._lag_topics: set[str] = set()

        # -- throughput -------------------------------------------------------------
        self.stage_records_in = Counter(
            "obsline_stage_records_in_total", "Records consumed by a pipeline stage.",
            ["stage"], registry=r)
        self.stage_records_out = Counter(
            "obsline_stage_records_out_total", "Records produced by a pipeline stage.",
            ["stage"], registry=r)
        self.stage_duration = Histogram(
            "obsline_stage_duration_seconds",
            "Time a stage spent on one record (a batch observes its mean once per record).",
            ["stage"], buckets=LATENCY_BUCKETS, registry=r)
        self.end_to_end_latency = Histogram(
            "obsline_end_to_end_latency_seconds",
            "Time from a raw tool response entering obsline.raw to its observation being emitted.",
            buckets=LATENCY_BUCKETS, registry=r)

        # -- observations and quality ------------------------------------------------
        self.observations = Counter(
            "obsline_observations_total", "Observations emitted, by status.",
            ["status"], registry=r)
        self.observation_errors = Counter(
            "obsline_observation_errors_total",
            "Observations that carry an error code (status error or partial), by code.",
            ["code"], registry=r)
        self.dedup = Counter(
            "obsline_dedup_total", "Dedup decisions against the held baseline, by outcome.",
            ["kind"], registry=r)
        self.raw_tokens = Counter(
            "obsline_raw_tokens_total", "Tokens of the raw tool responses that produced observations.",
            registry=r)
        self.observation_tokens = Counter(
            "obsline_observation_tokens_total", "Tokens of the rendered observation text.",
            registry=r)
        self.conflicts = Counter(
            "obsline_conflicts_total", "Field conflicts found while aligning fragments.",
            registry=r)
        self.noise_injections = Counter(
            "obsline_noise_injections_total", "Noise injected on purpose (robustness runs), by kind.",
            ["kind"], registry=r)
        self.dead_letters = Counter(
            "obsline_dead_letters_total", "Records sent to obsline.dlq, by reason and stage.",
            ["reason", "stage"], registry=r)
        self.dead_letter_fallbacks = Counter(
            "obsline_dead_letter_fallbacks_total", "Failed records whose dead letter went out in its bare form "
            "(part=letter) or got no error observation (part=observation): the full one could not be made.",
            ["part"], registry=r)
        self.suspicious_text = Counter(
            "obsline_suspicious_text_total",
            "Tool texts flagged as suspicious (e.g. instructions aimed at the model).",
            registry=r)

        # -- loop signals (obsline/aligner/signals) -----------------------------------
        self.breaker_trips = Counter(
            "obsline_breaker_trips_total",
            "Breakers tripped (counted once, on the record that trips it), by kind.",
            ["kind"], registry=r)
        self.repeated_calls = Counter(
            "obsline_repeated_calls_total",
            "Calls repeating one that already succeeded (same tool, same normalised arguments), by result.",
            ["result"], registry=r)
        self.retry_advice = Counter(
            "obsline_retry_advice_total", "Transient errors told to retry (with a wait) or that retries are exhausted.",
            ["advice"], registry=r)

        # -- engine ------------------------------------------------------------------
        self.consumer_lag = Gauge(
            "obsline_consumer_lag",
            "Messages behind: partition end offset minus committed offset.",
            ["topic", "partition"], registry=r)
        self.rebalances = Counter(
            "obsline_rebalances_total", "Consumer-group rebalances seen by this worker.",
            registry=r)
        self.table_recovery_in_progress = Gauge(
            "obsline_table_recovery_in_progress",
            "1 while the worker is recovering its tables from changelog topics, else 0.",
            registry=r)
        self.active_tasks = Gauge(
            "obsline_active_tasks", "Agent tasks with state held by this worker.", registry=r)
        self.baselines_held = Gauge(
            "obsline_baselines_held", "Dedup baselines held by this worker.", registry=r)
        self.artifact_bytes = Gauge(
            "obsline_artifact_bytes", "Bytes of artifacts stored by this worker.", registry=r)
        self.store_errors = Counter(
            "obsline_store_errors", "Object-store writes that failed and were retried (the batch waits: "
            "nothing is produced or committed before its blobs are stored).", registry=r)
        self.store_objects = Gauge(
            "obsline_store_objects", "Objects the object store holds, by kind, as this worker's sweeper last "
            "counted them (one shard of each kind a sweep: the figure trails by up to a sweep cycle).",
            ["kind"], registry=r)
        self.store_bytes = Gauge(
            "obsline_store_bytes", "Bytes the object store holds, by kind, counted as obsline_store_objects.",
            ["kind"], registry=r)
        self.store_swept_objects = Counter(
            "obsline_store_swept_objects_total", "Objects this worker's sweeper deleted, past their TTL, by kind.",
            ["kind"], registry=r)
        self.store_swept_bytes = Counter(
            "obsline_store_swept_bytes_total", "Bytes of the objects this worker's sweeper deleted, by kind.",
            ["kind"], registry=r)
        self.build_info = Gauge(
            "obsline_build_info", "Always 1; labels say the version, delivery guarantee and table store.",
            ["version", "guarantee", "store"], registry=r)

        self._init_children()
        self.set_build_info(version or _default_version(), guarantee, store)

    # ------------------------------------------------------------------ setup
    def _init_children(self) -> None:
        """Create every closed-set series at 0 so rate() and dashboards see them at once."""
        for stage in STAGES:
            self.stage_records_in.labels(stage=stage)
            self.stage_records_out.labels(stage=stage)
            self.stage_duration.labels(stage=stage)
            for reason in DLQ_REASONS:
                self.dead_letters.labels(reason=reason, stage=stage)
        for part in FALLBACK_PARTS:
            self.dead_letter_fallbacks.labels(part=part)
        for status in STATUSES:
            self.observations.labels(status=status)
        for code in ERROR_CODES:
            self.observation_errors.labels(code=code)
        for kind in DEDUP_KINDS:
            self.dedup.labels(kind=kind)
        for kind in NOISE_KINDS:
            self.noise_injections.labels(kind=kind)
        for kind in BREAKER_KINDS:
            self.breaker_trips.labels(kind=kind)
        for result in ("same", "differs"):
            self.repeated_calls.labels(result=result)
        for advice in ("retry", "exhausted"):
            self.retry_advice.labels(advice=advice)
        for kind in OBJECT_KINDS:
            self.store_objects.labels(kind=kind)
            self.store_bytes.labels(kind=kind)
            self.store_swept_objects.labels(kind=kind)
            self.store_swept_bytes.labels(kind=kind)
        self.table_recovery_in_progress.set(0)

    def set_build_info(self, version: str, guarantee: str, store: str) -> None:
        """(Re)set ``obsline_build_info`` to exactly one series with value 1."""
        version = re.sub(r"[^0-9A-Za-z.+_-]", "", str(version))[:64] or "0.0.0"
        self.build_info.clear()
        self.build_info.labels(
            version=version,
            guarantee=_closed(guarantee, GUARANTEES, OTHER),
            store=_closed(store, STORES, OTHER),
        ).set(1)

    # --------------------------------------------------------------- stages
    @staticmethod
    def stage_label(stage: object) -> str:
        return _closed(stage, STAGES, OTHER)

    def records_in(self, stage: str, n: int = 1) -> None:
        self.stage_records_in.labels(stage=self.stage_label(stage)).inc(_amount(n))

    def records_out(self, stage: str, n: int = 1) -> None:
        self.stage_records_out.labels(stage=self.stage_label(stage)).inc(_amount(n))

    def stage_done(self, stage: str, seconds: float, n_in: int = 1, n_out: int = 1) -> None:
        """``n_in`` records (one, or an engine's batch) went through ``stage`` in ``seconds`` in all.

        The duration histogram is per record in every engine: a batch observes its mean time
        once per record it took in, so its count is records and its sum is seconds either way."""
        label = self.stage_label(stage)
        self.stage_records_in.labels(stage=label).inc(_amount(n_in))
        self.stage_records_out.labels(stage=label).inc(_amount(n_out))
        records = min(max(int(_amount(n_in)), 1), MAX_BATCH_RECORDS)
        per_record = _amount(seconds) / records
        duration = self.stage_duration.labels(stage=label)
        for _ in range(records):
            duration.observe(per_record)

    @contextmanager
    def time_stage(self, stage: str, n_in: int = 1, n_out: int = 1) -> Iterator[None]:
        """``with metrics.time_stage("align"): ...`` -> ``stage_done`` with the elapsed time.

        If the body raises, only ``records_in`` and the duration are counted.
        """
        start = time.perf_counter()
        ok = False
        try:
            yield
            ok = True
        finally:
            self.stage_done(stage, time.perf_counter() - start, n_in=n_in, n_out=n_out if ok else 0)

    def end_to_end(self, seconds: float) -> None:
        self.end_to_end_latency.observe(_amount(seconds))

    # --------------------------------------------------------- observations
    def observe_observation(
        self,
        status: str,
        error_code: str | None = None,
        dedup_kind: str | None = None,
        raw_tokens: int = 0,
        text_tokens: int = 0,
        conflicts: int = 0,
        suspicious: bool | int = False,
        latency_seconds: float | None = None,
    ) -> None:
        """Count one emitted observation.

        ``error_code`` is counted in ``obsline_observation_errors_total`` when not
        ``None``/empty (unknown codes become ``UNKNOWN``); ``dedup_kind`` when not
        ``None``; ``conflicts`` is the number of field conflicts it carried;
        ``suspicious`` a flag or a count of suspicious texts; ``latency_seconds``,
        if given, the end-to-end latency.
        """
        self.observations.labels(status=_closed(status, STATUSES, OTHER)).inc()
        if error_code is not None and str(getattr(error_code, "value", error_code)).strip():
            self.observation_errors.labels(code=_closed(error_code, ERROR_CODES, "UNKNOWN", upper=True)).inc()
        if dedup_kind is not None:
            self.dedup.labels(kind=_closed(dedup_kind, DEDUP_KINDS, OTHER)).inc()
        self.raw_tokens.inc(_amount(raw_tokens))
        self.observation_tokens.inc(_amount(text_tokens))
        self.conflicts.inc(_amount(conflicts))
        self.suspicious_text.inc(_amount(suspicious))
        if latency_seconds is not None:
            self.end_to_end(latency_seconds)

    def loop_signals(self, control: Any) -> None:
        """Count one observation's loop signals (its ``Control``: breaker, repeat_of, retry)."""
        breaker, repeat, retry = control.breaker, control.repeat_of, control.retry
        if breaker is not None and breaker.get("first"):
            self.breaker_trips.labels(kind=_closed(breaker.get("kind"), BREAKER_KINDS, OTHER)).inc()
        if repeat is not None:
            self.repeated_calls.labels(result="same" if repeat.get("same_result") else "differs").inc()
        if retry is not None:
            self.retry_advice.labels(advice="retry" if retry.get("retry") else "exhausted").inc()

    def dedup_outcome(self, kind: str, n: int = 1) -> None:
        self.dedup.labels(kind=_closed(kind, DEDUP_KINDS, OTHER)).inc(_amount(n))

    def conflict(self, n: int = 1) -> None:
        self.conflicts.inc(_amount(n))

    def suspicious(self, n: int = 1) -> None:
        self.suspicious_text.inc(_amount(n))

    def noise_injected(self, kind: str, n: int = 1) -> None:
        self.noise_injections.labels(kind=_closed(kind, NOISE_KINDS, OTHER)).inc(_amount(n))

    def dead_letter_fallback(self, part: str) -> None:
        self.dead_letter_fallbacks.labels(part=_closed(part, FALLBACK_PARTS, OTHER)).inc()

    def dead_letter(self, reason: str, stage: str) -> None:
        self.dead_letters.labels(
            reason=_closed(reason, DLQ_REASONS, OTHER), stage=self.stage_label(stage)
        ).inc()

    # --------------------------------------------------------------- engine
    def _lag_labels(self, topic: str, partition: int) -> tuple[str, str]:
        topic = str(topic)
        with self._lock:
            if not _TOPIC_RE.match(topic):
                topic = OTHER
            elif topic not in self._lag_topics:
                if len(self._lag_topics) >= MAX_LAG_TOPICS:
                    topic = OTHER
                else:
                    self._lag_topics.add(topic)
        try:
            part = int(partition)
        except (TypeError, ValueError):
            part = -1
        return topic, (str(part) if 0 <= part <= MAX_PARTITION else OTHER)

    def set_lag(self, topic: str, partition: int, lag: int) -> None:
        """``lag`` = end offset minus committed offset (negative values read as 0)."""
        t, p = self._lag_labels(topic, partition)
        self.consumer_lag.labels(topic=t, partition=p).set(_amount(lag))

    def remove_lag(self, topic: str, partition: int) -> None:
        """Drop the lag series of a partition this worker no longer owns (on revoke)."""
        t, p = self._lag_labels(topic, partition)
        try:
            self.consumer_lag.remove(t, p)
        except KeyError:
            pass

    def rebalance(self) -> None:
        self.rebalances.inc()

    def set_table_recovery(self, in_progress: bool) -> None:
        self.table_recovery_in_progress.set(1 if in_progress else 0)

    def set_active_tasks(self, n: int) -> None:
        self.active_tasks.set(_amount(n))

    def set_baselines_held(self, n: int) -> None:
        self.baselines_held.set(_amount(n))

    def set_artifact_bytes(self, n: int) -> None:
        self.artifact_bytes.set(_amount(n))

    def store_error(self) -> None:
        self.store_errors.inc()

    def store_held(self, kind: str, objects: int, nbytes: int) -> None:
        label = _closed(kind, OBJECT_KINDS, OTHER)
        self.store_objects.labels(kind=label).set(_amount(objects))
        self.store_bytes.labels(kind=label).set(_amount(nbytes))

    def store_swept(self, kind: str, objects: int, nbytes: int) -> None:
        label = _closed(kind, OBJECT_KINDS, OTHER)
        self.store_swept_objects.labels(kind=label).inc(_amount(objects))
        self.store_swept_bytes.labels(kind=label).inc(_amount(nbytes))

    def add_artifact_bytes(self, delta: int) -> None:
        """Adjust the stored-bytes gauge by ``delta`` (may be negative on eviction)."""
        try:
            d = float(delta)
        except (TypeError, ValueError):
            return
        if math.isfinite(d):
            self.artifact_bytes.inc(d)

    # ---------------------------------------------------------------- export
    def render(self) -> bytes:
        """The registry in the Prometheus text exposition format."""
        return generate_latest(self.registry)

    def start_http_server(self, port: int | None = None,
                          addr: str = DEFAULT_METRICS_ADDR) -> tuple[WSGIServer, threading.Thread]:
        """Serve ``/metrics`` for this registry in a daemon thread.

        ``port`` defaults to ``OBSLINE_METRICS_PORT`` or 9464; port 0 picks a
        free one.  Returns ``(server, thread)``; ``server.server_port`` is the
        bound port and ``server.shutdown()`` stops it.
        """
        if port is None:
            port = metrics_port_from_env()
        return _start_http_server(port, addr=addr, registry=self.registry)
