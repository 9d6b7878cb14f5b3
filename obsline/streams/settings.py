"""Settings of the obsline stream worker: environment variables, overridable by CLI flags.

Every knob has one environment variable (``OBSLINE_*``) and one ``obsline worker`` flag;
a flag wins over the variable, the variable over the default. ``Settings`` is frozen:
build it once (``Settings.from_env()`` or ``Settings.from_args(ns)``) and pass it around.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any

from obsline.core.memo import DEFAULT_ENTRIES
from obsline.core.tokens import BUDGET_ENV, DEFAULT_BUDGET_TOKENS, budget_tokens
from obsline.stores.retention import Retention

if TYPE_CHECKING:
    from obsline.pipeline import Stages

GUARANTEES = ("at_least_once", "exactly_once")
STORES = ("memory://", "rocksdb://")
TEMPLATES = ("concise", "verbose", "debug")
ENGINES = ("faust", "batch")
COMPRESSIONS = ("none", "gzip", "snappy", "lz4", "zstd")

#: The stage topics, by role; the topic name is ``topic_prefix + role``.
TOPIC_ROLES = ("raw", "fragments", "snapshots", "observations", "dlq", "control")


def _str(v: str) -> str:
    return v


def _opt(v: str) -> str | None:
    return v or None


def _budget(v: str) -> int:
    return budget_tokens(v, BUDGET_ENV)


def _budget_flag(v: str) -> int:
    try:
        return budget_tokens(v)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


UNSAFE_FAUST_EOS = "OBSLINE_UNSAFE_FAUST_EXACTLY_ONCE"
KAFKA_PORT_ENV = "OBSLINE_KAFKA_PORT"  # the port deploy/kafka/local.sh runs its broker on


def local_broker(env: Mapping[str, str] | None = None) -> str:
    """``kafka://127.0.0.1:$OBSLINE_KAFKA_PORT`` (9092 without it): where local.sh's broker listens."""
    port = (os.environ if env is None else env).get(KAFKA_PORT_ENV, "").strip() or "9092"
    return f"kafka://127.0.0.1:{port}"

# name -> (env var, parser, default, help)
_SPEC: dict[str, tuple[str, Any, Any, str]] = {
    "broker": ("OBSLINE_BROKER", _str, "kafka://127.0.0.1:9092",
               "Kafka bootstrap URL(s), faust style (kafka://host:port;host2:port); without it "
               "OBSLINE_KAFKA_PORT names the local broker's port"),
    "topic_prefix": ("OBSLINE_TOPIC_PREFIX", _str, "obsline.",
                     "prefix of every topic: <prefix>raw, fragments, snapshots, observations, dlq, control"),
    "partitions": ("OBSLINE_PARTITIONS", int, 8,
                   "partitions of every stage topic and table changelog (created at start-up)"),
    "replication": ("OBSLINE_REPLICATION", int, 1, "replication factor of the topics created at start-up"),
    "store": ("OBSLINE_STORE", _str, "",
              "where raw results, claim checks and the secret vault live: a folder (file:///path) or "
              "s3://bucket/prefix, shared by the fleet (default: --artifact-dir; docs/operations.md)"),
    "table_store": ("OBSLINE_TABLE_STORE", _str, "memory://",
                    "faust engine's table store: memory:// (rebuilt from changelogs) or rocksdb:// (local, on data dir)"),
    "state_ttl": ("OBSLINE_STATE_TTL", float, 3600.0,
                  "seconds a task may stay idle before its align/fold state is expired"),
    "expiry_interval": ("OBSLINE_EXPIRY_INTERVAL", float, 30.0,
                        "seconds between two sweeps for idle tasks"),
    "retention": ("OBSLINE_RETENTION", _str, "",
                  "TTLs of the object store: artifacts=7d,vault=7d,claims=8d (the defaults), and rules "
                  "tenant:GLOB=DUR, task:GLOB=DUR for a task's raws and vault entries (docs/operations.md)"),
    "sweep_interval": ("OBSLINE_SWEEP_INTERVAL", float, 60.0,
                       "seconds between two store sweeps (each deletes what is past its TTL in 1/256 of the store)"),
    "template": ("OBSLINE_TEMPLATE", _str, "concise", "observation text template: concise|verbose|debug"),
    "contracts_dir": ("OBSLINE_CONTRACTS_DIR", _opt, None,
                      "directory of tool contracts (default: the packaged ones)"),
    "artifact_dir": ("OBSLINE_ARTIFACT_DIR", _str, "var/artifacts",
                     "the local folder of raw tool results when --store is not set"),
    "data_dir": ("OBSLINE_DATA_DIR", _str, "var/faust", "faust data dir (rocksdb tables live here)"),
    "processing_guarantee": ("OBSLINE_PROCESSING_GUARANTEE", _str, "at_least_once",
                             "at_least_once | exactly_once (Kafka transactions)"),
    "metrics_port": ("OBSLINE_METRICS_PORT", int, 9464, "Prometheus /metrics port (0: any free port, -1: off)"),
    "metrics_addr": ("OBSLINE_METRICS_ADDR", _str, "127.0.0.1", "address /metrics binds to"),
    "app_id": ("OBSLINE_APP_ID", _str, "obsline",
               "faust app id = consumer group and transactional id prefix; names the changelog topics"),
    "commit_interval": ("OBSLINE_COMMIT_INTERVAL", float, 1.0, "seconds between offset commits"),
    "broker_wait": ("OBSLINE_BROKER_WAIT", float, 60.0,
                    "seconds a starting worker waits for the broker to answer (one being restarted) before it "
                    "gives up with one line"),
    "session_timeout": ("OBSLINE_SESSION_TIMEOUT", float, 30.0,
                        "seconds before the group gives a dead worker's partitions to the others (>= 6)"),
    "loglevel": ("OBSLINE_LOG_LEVEL", _str, "warning", "worker log level"),
    "compression": ("OBSLINE_COMPRESSION", _str, "lz4",
                    "batch engine: compression of what the worker produces, none|gzip|snappy|lz4|zstd (a record "
                    "is written ~5 times: stage topics and state rows). The faust engine writes uncompressed"),
    "memo_entries": ("OBSLINE_MEMO_ENTRIES", int, DEFAULT_ENTRIES,
                     "distinct raw results whose derived content (typed tree, body, counts) is kept for "
                     "reuse when the same bytes come again (0: off)"),
    "budget_tokens": (BUDGET_ENV, _budget, DEFAULT_BUDGET_TOKENS,
                      "display budget: o200k tokens an observation shows of a result before it shows a "
                      "summary, head and tail (a tool's contract may set its own)"),
    "audit_topic": ("OBSLINE_AUDIT_TOPIC", _str, "",
                    "topic of the audit trail, one record per observation, hashes and decisions, no values "
                    "(docs/signals.md): empty = <prefix>audit, 'off' = none"),
    "engine": ("OBSLINE_ENGINE", _str, "batch",
               "batch (plain aiokafka, all stages in one loop per batch; the default: docs/streaming.md) | "
               "faust (agents per stage, tables)"),
}


@dataclass(frozen=True)
class Settings:
    broker: str = "kafka://127.0.0.1:9092"
    topic_prefix: str = "obsline."
    partitions: int = 8
    replication: int = 1
    store: str = ""
    table_store: str = "memory://"
    state_ttl: float = 3600.0
    expiry_interval: float = 30.0
    retention: str = ""
    sweep_interval: float = 60.0
    template: str = "concise"
    contracts_dir: str | None = None
    artifact_dir: str = "var/artifacts"
    data_dir: str = "var/faust"
    processing_guarantee: str = "at_least_once"
    metrics_port: int = 9464
    metrics_addr: str = "127.0.0.1"
    app_id: str = "obsline"
    commit_interval: float = 1.0
    broker_wait: float = 60.0
    session_timeout: float = 30.0
    loglevel: str = "warning"
    compression: str = "lz4"
    memo_entries: int = DEFAULT_ENTRIES
    budget_tokens: int = DEFAULT_BUDGET_TOKENS
    audit_topic: str = ""
    engine: str = "batch"
    extra: Mapping[str, Any] = field(default_factory=dict)  # passed to faust.App as-is

    def __post_init__(self) -> None:
        if self.processing_guarantee not in GUARANTEES:
            raise ValueError(f"processing_guarantee must be one of {GUARANTEES}: {self.processing_guarantee!r}")
        if self.store.startswith(STORES):  # the table store's old name: --store memory:// still works
            object.__setattr__(self, "table_store", self.store)
            object.__setattr__(self, "store", "")
        if not self.table_store.startswith(STORES):
            raise ValueError(f"table_store must start with one of {STORES}: {self.table_store!r}")
        if self.store and "://" in self.store and not self.store.startswith(("file://", "s3://")):
            raise ValueError(f"store must be a folder, file:///path or s3://bucket/prefix: {self.store!r}")
        if self.template not in TEMPLATES:
            raise ValueError(f"template must be one of {TEMPLATES}: {self.template!r}")
        if self.compression not in COMPRESSIONS:
            raise ValueError(f"compression must be one of {COMPRESSIONS}: {self.compression!r}")
        if self.engine not in ENGINES:
            raise ValueError(f"engine must be one of {ENGINES}: {self.engine!r}")
        if (self.engine == "faust" and self.processing_guarantee == "exactly_once"
                and os.environ.get(UNSAFE_FAUST_EOS) != "1"):
            # Measured: 1,910 missing and 9 worker exits in 10 SIGKILL runs (docs/reliability.md),
            # inside faust's own recovery (faust-streaming #517/#323). Refused rather than lost.
            raise ValueError("the faust engine loses records with exactly_once after a crash (faust-streaming "
                             "#517/#323, docs/reliability.md): use --engine batch for exactly_once "
                             f"({UNSAFE_FAUST_EOS}=1 runs it anyway, to reproduce the upstream bug)")
        object.__setattr__(self, "budget_tokens", budget_tokens(self.budget_tokens, "budget_tokens"))
        if self.partitions < 1:
            raise ValueError("partitions must be >= 1")
        if self.state_ttl <= 0 or self.expiry_interval <= 0 or self.sweep_interval <= 0:
            raise ValueError("state_ttl, expiry_interval and sweep_interval must be > 0")
        self.retention_policy  # noqa: B018 - a bad OBSLINE_RETENTION refuses to start, with its item named

    @property
    def retention_policy(self) -> Retention:
        return Retention.parse(self.retention)

    @property
    def compression_type(self) -> str | None:
        """The producer's ``compression_type`` (None: uncompressed)."""
        return None if self.compression == "none" else self.compression

    def stages(self) -> Stages:
        from obsline.pipeline import Stages
        from obsline.stores.artifacts import artifact_key

        return Stages.default(template=self.template, contracts_dir=self.contracts_dir,
                              memo_entries=self.memo_entries, budget_tokens=self.budget_tokens,
                              artifact_key=artifact_key(self.store_url))

    # ------------------------------------------------------------------ naming
    def topic(self, role: str) -> str:
        if role not in TOPIC_ROLES:
            raise KeyError(role)
        return f"{self.topic_prefix}{role}"

    @property
    def audit(self) -> str | None:
        """The audit trail's topic, or None when it is off."""
        if self.audit_topic.strip().lower() == "off":
            return None
        return self.audit_topic.strip() or f"{self.topic_prefix}audit"

    @property
    def bootstrap(self) -> str:
        """host:port[,host:port] for plain Kafka clients (aiokafka, kcat)."""
        urls = self.broker.replace(";", ",").split(",")
        return ",".join(u.strip().split("://", 1)[-1] for u in urls if u.strip())

    @property
    def store_kind(self) -> str:
        """The table store's kind (memory, rocksdb), as the build_info metric labels it."""
        return self.table_store.split("://", 1)[0]

    @property
    def store_url(self) -> str:
        """The object store of artifacts, claims and the vault (``stores/objects.py``)."""
        return self.store or self.artifact_dir

    # ----------------------------------------------------------------- sources
    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: Any) -> Settings:
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        if env.get(KAFKA_PORT_ENV, "").strip() and not env.get("OBSLINE_BROKER", "").strip():
            values["broker"] = local_broker(env)  # the local broker of deploy/kafka/local.sh
        for name, (var, parse, _default, _help) in _SPEC.items():
            raw = env.get(var, "").strip()
            if raw:
                values[name] = parse(raw)
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)

    @staticmethod
    def add_arguments(parser: argparse.ArgumentParser, env: Mapping[str, str] | None = None) -> None:
        """One flag per setting; help shows the env var and its current effective default."""
        env = os.environ if env is None else env
        group = parser.add_argument_group("worker settings (flag > environment > default)")
        for name, (var, parse, default, help_text) in _SPEC.items():
            current = env.get(var, "").strip() or default
            kwargs: dict[str, Any] = {"dest": name, "default": None, "metavar": var,
                                      "help": f"{help_text} [env {var}; default: {current}]"}
            if parse in (int, float):
                kwargs["type"] = parse
            if parse is _budget:
                kwargs["type"] = _budget_flag
            if name == "processing_guarantee":
                kwargs["choices"] = GUARANTEES
                kwargs.pop("metavar")
            if name in ("template", "engine"):
                kwargs["choices"] = TEMPLATES if name == "template" else ENGINES
                kwargs.pop("metavar")
            group.add_argument("--" + name.replace("_", "-"), **kwargs)

    @classmethod
    def from_args(cls, ns: argparse.Namespace, env: Mapping[str, str] | None = None) -> Settings:
        return cls.from_env(env, **{f.name: getattr(ns, f.name, None) for f in fields(cls) if f.name != "extra"})

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)


__all__ = ["ENGINES", "GUARANTEES", "STORES", "Settings", "TEMPLATES", "TOPIC_ROLES"]
