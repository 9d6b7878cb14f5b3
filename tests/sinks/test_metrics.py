"""obsline.sinks.metrics: names, bounded labels, and promtool's linter on the output."""

from __future__ import annotations

import os
import shutil
import subprocess
import urllib.request

import pytest
from prometheus_client import REGISTRY, CollectorRegistry
from prometheus_client.parser import text_string_to_metric_families

from obsline.sinks import metrics as M
from obsline.sinks.metrics import PipelineMetrics

EXPECTED = {
    # family name (as the parser reports it, counters without _total) -> (type, labels)
    "obsline_stage_records_in": ("counter", {"stage"}),
    "obsline_stage_records_out": ("counter", {"stage"}),
    "obsline_observations": ("counter", {"status"}),
    "obsline_observation_errors": ("counter", {"code"}),
    "obsline_dedup": ("counter", {"kind"}),
    "obsline_raw_tokens": ("counter", set()),
    "obsline_observation_tokens": ("counter", set()),
    "obsline_conflicts": ("counter", set()),
    "obsline_noise_injections": ("counter", {"kind"}),
    "obsline_dead_letters": ("counter", {"reason", "stage"}),
    "obsline_dead_letter_fallbacks": ("counter", {"part"}),
    "obsline_suspicious_text": ("counter", set()),
    "obsline_breaker_trips": ("counter", {"kind"}),
    "obsline_repeated_calls": ("counter", {"result"}),
    "obsline_retry_advice": ("counter", {"advice"}),
    "obsline_stage_duration_seconds": ("histogram", {"stage"}),
    "obsline_end_to_end_latency_seconds": ("histogram", set()),
    "obsline_consumer_lag": ("gauge", {"topic", "partition"}),
    "obsline_rebalances": ("counter", set()),
    "obsline_table_recovery_in_progress": ("gauge", set()),
    "obsline_active_tasks": ("gauge", set()),
    "obsline_baselines_held": ("gauge", set()),
    "obsline_artifact_bytes": ("gauge", set()),
    "obsline_store_errors": ("counter", set()),
    "obsline_store_objects": ("gauge", {"kind"}),
    "obsline_store_bytes": ("gauge", {"kind"}),
    "obsline_store_swept_objects": ("counter", {"kind"}),
    "obsline_store_swept_bytes": ("counter", {"kind"}),
    "obsline_build_info": ("gauge", {"version", "guarantee", "store"}),
}

ALLOWED = {
    "stage": set(M.STAGES) | {M.OTHER},
    "status": set(M.STATUSES) | {M.OTHER},
    "code": set(M.ERROR_CODES),
    "kind": set(M.DEDUP_KINDS) | set(M.NOISE_KINDS) | set(M.BREAKER_KINDS) | set(M.OBJECT_KINDS) | {M.OTHER},
    "result": {"same", "differs"},
    "advice": {"retry", "exhausted"},
    "reason": set(M.DLQ_REASONS),
    "part": set(M.FALLBACK_PARTS),
    "guarantee": set(M.GUARANTEES) | {M.OTHER},
    "store": set(M.STORES) | {M.OTHER},
}


def families(m: PipelineMetrics) -> dict:
    return {f.name: f for f in text_string_to_metric_families(m.render().decode())}


def sample(m: PipelineMetrics, name: str, **labels) -> float | None:
    value = m.registry.get_sample_value(name, labels)
    return value


def exercise(m: PipelineMetrics) -> None:
    """Drive every method, with good and hostile values."""
    for stage in (*M.STAGES, "fold", "render", None, "x" * 500):
        m.stage_done(stage, 0.004, n_in=2, n_out=1)
        m.dead_letter("stage_exception", stage)
    with m.time_stage("align"):
        pass
    with pytest.raises(RuntimeError):
        with m.time_stage("observe"):
            raise RuntimeError("boom")
    for status in (*M.STATUSES, "weird", "SUCCESS", None):
        m.observe_observation(status, None, "new", raw_tokens=1000, text_tokens=150)
    for code in (*M.ERROR_CODES, "timeout", "ECONNRESET", "a free text message from a tool"):
        m.observe_observation("error", code, "never", raw_tokens=10, text_tokens=5, conflicts=1,
                              suspicious=True, latency_seconds=0.02)
    for kind in (*M.DEDUP_KINDS, "surprise"):
        m.dedup_outcome(kind)
    for kind in (*M.NOISE_KINDS, "cosmic_ray"):
        m.noise_injected(kind)
    for reason in (*M.DLQ_REASONS, "task-1234 exploded"):
        m.dead_letter(reason, "adapt")
    m.set_lag("obsline.raw", 0, 12)
    m.set_lag("obsline.fragments", 3, -4)
    m.set_lag("not a topic!", 1, 2)
    m.set_lag("obsline.raw", 99999, 2)
    m.rebalance()
    m.set_table_recovery(True)
    m.set_active_tasks(7)
    m.set_baselines_held(5)
    m.set_artifact_bytes(4096)
    m.add_artifact_bytes(-96)
    m.suspicious()
    m.conflict(2)
    m.end_to_end(0.2)


def test_uses_its_own_registry_not_the_global_one():
    before = {f.name for f in REGISTRY.collect()}
    m = PipelineMetrics()
    assert m.registry is not REGISTRY
    assert not any(n.startswith("obsline") for n in {f.name for f in REGISTRY.collect()} - before)
    reg = CollectorRegistry()
    assert PipelineMetrics(reg).registry is reg
    # Two instances never collide (each has its own registry).
    PipelineMetrics()


def test_every_required_metric_with_its_type_and_labels():
    m = PipelineMetrics()
    exercise(m)
    fams = families(m)
    obsline = {n: f for n, f in fams.items() if not n.endswith("_created")}
    assert set(obsline) == set(EXPECTED)
    for name, (typ, labels) in EXPECTED.items():
        fam = fams[name]
        assert fam.type == typ, name
        assert fam.documentation, name
        for s in fam.samples:
            assert set(s.labels) - {"le"} == labels, (name, s.labels)


def test_names_follow_prometheus_conventions():
    text = PipelineMetrics().render().decode()
    names = {line.split()[2] for line in text.splitlines() if line.startswith("# TYPE")}
    for name in names:
        assert name.startswith("obsline_")
    types = dict(line.split()[2:4] for line in text.splitlines() if line.startswith("# TYPE"))
    for name, typ in types.items():
        if typ == "counter":
            assert name.endswith("_total"), name
        else:
            assert not name.endswith("_total") or name.endswith("_created"), name


def test_label_values_stay_in_closed_sets():
    m = PipelineMetrics()
    exercise(m)
    for fam in families(m).values():
        for s in fam.samples:
            for label, value in s.labels.items():
                if label in ALLOWED:
                    assert value in ALLOWED[label], (fam.name, label, value)
                elif label == "topic":
                    assert value in {"obsline.raw", "obsline.fragments", M.OTHER}
                elif label == "partition":
                    assert value == M.OTHER or 0 <= int(value) <= M.MAX_PARTITION
    # unknown values went to the fallback, not to a new series
    assert sample(m, "obsline_observation_errors_total", code="UNKNOWN") >= 3
    assert sample(m, "obsline_observations_total", status="other") == 2
    assert sample(m, "obsline_observations_total", status="success") == 2
    assert sample(m, "obsline_dead_letters_total", reason="other", stage="adapt") == 2  # "other" + unknown
    assert sample(m, "obsline_stage_records_in_total", stage="other") == 8


def test_lag_topic_cardinality_is_capped():
    m = PipelineMetrics()
    for i in range(M.MAX_LAG_TOPICS + 50):
        m.set_lag(f"topic-{i}", 0, i)
    topics = {s.labels["topic"] for s in families(m)["obsline_consumer_lag"].samples}
    assert len(topics) == M.MAX_LAG_TOPICS + 1
    assert M.OTHER in topics


def test_closed_sets_are_preinitialised_at_zero():
    m = PipelineMetrics()
    for stage in M.STAGES:
        assert sample(m, "obsline_stage_records_in_total", stage=stage) == 0
        assert sample(m, "obsline_stage_duration_seconds_count", stage=stage) == 0
    for status in M.STATUSES:
        assert sample(m, "obsline_observations_total", status=status) == 0
    for code in M.ERROR_CODES:
        assert sample(m, "obsline_observation_errors_total", code=code) == 0
    assert sample(m, "obsline_table_recovery_in_progress") == 0


def test_method_effects():
    m = PipelineMetrics(version="1.2.3", guarantee="exactly_once", store="rocksdb")
    assert sample(m, "obsline_build_info", version="1.2.3", guarantee="exactly_once", store="rocksdb") == 1
    assert len(families(m)["obsline_build_info"].samples) == 1

    m.stage_done("adapt", 0.003, n_in=1, n_out=4)
    assert sample(m, "obsline_stage_records_in_total", stage="adapt") == 1
    assert sample(m, "obsline_stage_records_out_total", stage="adapt") == 4
    assert sample(m, "obsline_stage_duration_seconds_bucket", stage="adapt", le="0.0025") == 0
    assert sample(m, "obsline_stage_duration_seconds_bucket", stage="adapt", le="0.005") == 1

    m.observe_observation("partial", "RATE_LIMITED", "delta", raw_tokens=1000, text_tokens=100,
                          conflicts=2, suspicious=1, latency_seconds=0.03)
    m.observe_observation("success", None, None, raw_tokens=500, text_tokens=50)
    m.observe_observation("success", "", "unchanged")
    assert sample(m, "obsline_observations_total", status="partial") == 1
    assert sample(m, "obsline_observations_total", status="success") == 2
    assert sample(m, "obsline_observation_errors_total", code="RATE_LIMITED") == 1
    assert sum(sample(m, "obsline_observation_errors_total", code=c) for c in M.ERROR_CODES) == 1
    assert sample(m, "obsline_dedup_total", kind="delta") == 1
    assert sample(m, "obsline_dedup_total", kind="unchanged") == 1
    assert sample(m, "obsline_raw_tokens_total") == 1500
    assert sample(m, "obsline_observation_tokens_total") == 150
    assert sample(m, "obsline_conflicts_total") == 2
    assert sample(m, "obsline_suspicious_text_total") == 1
    assert sample(m, "obsline_end_to_end_latency_seconds_count") == 1
    assert sample(m, "obsline_end_to_end_latency_seconds_bucket", le="0.025") == 0
    assert sample(m, "obsline_end_to_end_latency_seconds_bucket", le="0.05") == 1

    # counters never go down, whatever a caller passes
    m.observe_observation("success", None, None, raw_tokens=-5, text_tokens=float("nan"))
    assert sample(m, "obsline_raw_tokens_total") == 1500

    m.set_lag("obsline.raw", 2, 40)
    assert sample(m, "obsline_consumer_lag", topic="obsline.raw", partition="2") == 40
    m.set_lag("obsline.raw", 2, -1)
    assert sample(m, "obsline_consumer_lag", topic="obsline.raw", partition="2") == 0
    m.remove_lag("obsline.raw", 2)
    m.remove_lag("obsline.raw", 2)  # twice is fine
    assert sample(m, "obsline_consumer_lag", topic="obsline.raw", partition="2") is None

    m.rebalance()
    m.set_table_recovery(True)
    assert sample(m, "obsline_rebalances_total") == 1
    assert sample(m, "obsline_table_recovery_in_progress") == 1
    m.set_table_recovery(False)
    assert sample(m, "obsline_table_recovery_in_progress") == 0
    m.set_active_tasks(3)
    m.set_baselines_held(9)
    m.set_artifact_bytes(1000)
    m.add_artifact_bytes(-200)
    assert sample(m, "obsline_active_tasks") == 3
    assert sample(m, "obsline_baselines_held") == 9
    assert sample(m, "obsline_artifact_bytes") == 800
    m.noise_injected("truncate_text")
    assert sample(m, "obsline_noise_injections_total", kind="truncate_text") == 1


def test_buckets_resolve_1ms_to_10s():
    assert M.LATENCY_BUCKETS[0] == 0.001
    assert M.LATENCY_BUCKETS[-1] == 10.0
    assert list(M.LATENCY_BUCKETS) == sorted(M.LATENCY_BUCKETS)


def test_metrics_port_from_env(monkeypatch):
    monkeypatch.delenv("OBSLINE_METRICS_PORT", raising=False)
    assert M.metrics_port_from_env() == 9464
    monkeypatch.setenv("OBSLINE_METRICS_PORT", "9500")
    assert M.metrics_port_from_env() == 9500
    monkeypatch.setenv("OBSLINE_METRICS_PORT", "70000")
    with pytest.raises(ValueError):
        M.metrics_port_from_env()


def test_http_server_serves_the_registry():
    m = PipelineMetrics()
    m.stage_done("observe", 0.01)
    server, thread = m.start_http_server(0)
    try:
        port = server.server_port
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as resp:
            body = resp.read().decode()
        assert 'obsline_stage_records_in_total{stage="observe"} 1.0' in body
        assert "python_gc" not in body  # not the global registry
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def _promtool() -> str | None:
    path = shutil.which("promtool")
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail("promtool not found on PATH; CI must install it (Debian package 'prometheus')")
        pytest.skip("promtool not installed (Debian package 'prometheus'); set CI=true to make this fail")
    return path


@pytest.mark.parametrize("exercised", [False, True], ids=["fresh", "exercised"])
def test_promtool_check_metrics_has_no_lint_errors(exercised):
    promtool = _promtool()
    m = PipelineMetrics()
    if exercised:
        exercise(m)
    proc = subprocess.run(
        [promtool, "check", "metrics"], input=m.render(), capture_output=True, timeout=60,
    )
    out = (proc.stdout + proc.stderr).decode()
    assert proc.returncode == 0, out
    assert out.strip() == "", out


def test_every_status_error_code_and_dedup_kind_has_its_own_series():
    """The label sets are the enums: COMMAND_FAILED and `older` are not counted as UNKNOWN/other."""
    from obsline.core.errors import ErrorCode
    from obsline.core.models import DedupKind, Status

    m = PipelineMetrics()
    for code in ErrorCode:
        m.observe_observation("error", error_code=code)
    for kind in DedupKind:
        m.dedup_outcome(kind.value)
    for status in Status:
        m.observe_observation(status.value)
    for code in ErrorCode:
        assert sample(m, "obsline_observation_errors_total", code=code.value) == 1, code
    for kind in DedupKind:
        assert sample(m, "obsline_dedup_total", kind=kind.value) == 1, kind
    assert sample(m, "obsline_dedup_total", kind=M.OTHER) in (None, 0)
    assert sample(m, "obsline_observations_total", status="other") in (None, 0)


def test_stage_duration_is_per_record_whatever_the_batch():
    """A batch engine reports one batch of n records: the histogram counts n records (their mean
    each), as the faust engine's n calls for one record would, not one observation of the sum."""
    m = PipelineMetrics()
    m.stage_done("adapt", 0.3, n_in=100, n_out=100)
    assert sample(m, "obsline_stage_duration_seconds_count", stage="adapt") == 100
    assert abs(sample(m, "obsline_stage_duration_seconds_sum", stage="adapt") - 0.3) < 1e-9
    assert sample(m, "obsline_stage_duration_seconds_bucket", stage="adapt", le="0.005") == 100  # 3 ms each
    one = PipelineMetrics()
    for _ in range(100):
        one.stage_done("adapt", 0.003)
    assert sample(one, "obsline_stage_duration_seconds_bucket", stage="adapt", le="0.005") == 100
