"""deploy/prometheus and deploy/grafana, checked with the real promtool and prometheus.

* promtool check config / check rules / test rules on the shipped files;
* every PromQL expression of the dashboard and of the rules is sent to a real
  Prometheus server's /api/v1/query (a parse error answers 400 bad_data);
* the rules load and evaluate in that server, and it scrapes a live
  PipelineMetrics endpoint;
* structure: alerts carry for/severity/summary/description/runbook_url, every
  runbook anchor exists in docs/operations.md, every alert has a firing and a
  silent unit test, metric names used by the dashboard and rules exist.

Skipped when promtool/prometheus are missing, unless CI=true (then it fails).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from prometheus_client.parser import text_string_to_metric_families

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for promql.py

from promql import (  # noqa: E402
    ALERTS,
    ALERTS_TEST,
    DASHBOARD,
    PROMETHEUS_YML,
    REPO,
    dashboard_exprs,
    dashboard_panels,
    http_get,
    query,
    require_tool,
    rule_exprs,
    running_prometheus,
    wait_for,
)

from obsline.sinks.metrics import PipelineMetrics  # noqa: E402

GRAFANA = REPO / "deploy" / "grafana"
OPERATIONS = REPO / "docs" / "operations.md"
DS_UID = "obsline-prom"

ALERT_NAMES = {
    "ObslineConsumerLagGrowing",
    "ObslineObservationsStalled",
    "ObslineDeadLetters",
    "ObslineErrorRatioHigh",
    "ObslineConflictRatioHigh",
    "ObslineLatencyP99AboveObjective",
    "ObslineWorkerDown",
    "ObslineBreakerTrips",
}


def _rules() -> list[dict]:
    doc = yaml.safe_load(ALERTS.read_text())
    return [rule for group in doc["groups"] for rule in group["rules"]]


def _alerts() -> list[dict]:
    return [r for r in _rules() if "alert" in r]


def _promtool(*args: str) -> subprocess.CompletedProcess:
    promtool = require_tool("promtool")
    return subprocess.run([promtool, *args], cwd=REPO, capture_output=True, text=True, timeout=120)


# ------------------------------------------------------------------ promtool
def test_promtool_check_config():
    proc = _promtool("check", "config", "deploy/prometheus/prometheus.yml")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "SUCCESS" in proc.stdout


def test_promtool_check_rules():
    proc = _promtool("check", "rules", "deploy/prometheus/alerts.yml")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"SUCCESS: {len(_rules())} rules found" in proc.stdout


def test_promtool_test_rules():
    proc = _promtool("test", "rules", "deploy/prometheus/alerts_test.yml")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "SUCCESS" in proc.stdout


def test_promtool_test_rules_catches_a_broken_rule(tmp_path):
    """The unit tests are not vacuous: a wrong threshold makes them fail."""
    broken = ALERTS.read_text().replace("obsline:observation_error_ratio:ratio10m > 0.2",
                                        "obsline:observation_error_ratio:ratio10m > 0.5")
    assert broken != ALERTS.read_text()
    (tmp_path / "alerts.yml").write_text(broken)
    (tmp_path / "alerts_test.yml").write_text(ALERTS_TEST.read_text())
    promtool = require_tool("promtool")
    proc = subprocess.run([promtool, "test", "rules", str(tmp_path / "alerts_test.yml")],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0
    assert "ObslineErrorRatioHigh" in proc.stdout + proc.stderr


# ----------------------------------------------------------------- structure
def test_prometheus_config_scrapes_the_workers():
    cfg = yaml.safe_load(PROMETHEUS_YML.read_text())
    assert cfg["global"]["scrape_interval"] == "5s"
    assert cfg["rule_files"] == ["alerts.yml"]
    jobs = {job["job_name"]: job for job in cfg["scrape_configs"]}
    discovery = jobs["obsline"]["dns_sd_configs"]  # every replica of the compose service
    assert [d["names"] for d in discovery] == [["worker"]]
    assert all(d["type"] == "A" and d["port"] == 9464 for d in discovery)


def test_alerts_are_complete_and_documented():
    alerts = _alerts()
    assert {a["alert"] for a in alerts} == ALERT_NAMES
    doc = OPERATIONS.read_text()
    anchors = {
        re.sub(r"[^a-z0-9 _-]", "", h.strip().lower()).replace(" ", "-")
        for h in re.findall(r"^#+\s+(.+)$", doc, flags=re.M)
    }
    for a in alerts:
        assert "for" in a, a["alert"]
        assert a["labels"]["severity"] in {"warning", "critical"}, a["alert"]
        ann = a["annotations"]
        assert ann["summary"] and ann["description"], a["alert"]
        path, _, anchor = ann["runbook_url"].partition("#")
        assert path == "docs/operations.md", a["alert"]
        assert anchor == a["alert"].lower(), a["alert"]
        assert anchor in anchors, f"docs/operations.md has no heading for #{anchor}"


def test_every_alert_has_a_firing_and_a_silent_unit_test():
    doc = yaml.safe_load(ALERTS_TEST.read_text())
    fires: set[str] = set()
    silent: set[str] = set()
    for case in doc["tests"]:
        for check in case.get("alert_rule_test", []):
            (fires if check.get("exp_alerts") else silent).add(check["alertname"])
    assert fires == ALERT_NAMES
    assert silent == ALERT_NAMES


def _metric_names(exprs: list[str]) -> set[str]:
    return {name for expr in exprs for name in re.findall(r"\b(obsline_[a-z_]+)\b", expr)}


def test_dashboard_and_rules_only_use_metrics_that_exist():
    m = PipelineMetrics()
    m.set_lag("obsline.raw", 0, 1)  # the only family without a series until set
    text = m.render().decode()
    samples = {re.split(r"[{ ]", line, maxsplit=1)[0]
               for line in text.splitlines() if line and not line.startswith("#")}
    used = _metric_names(dashboard_exprs()) | _metric_names(rule_exprs())
    assert used, "no obsline metric found in dashboard/rules"
    assert used <= samples, f"unknown metrics: {sorted(used - samples)}"
    # and every metric family is shown somewhere on the dashboard
    dash_used = _metric_names(dashboard_exprs())
    families = {
        f.name + ("_total" if f.type == "counter" else "")
        for f in text_string_to_metric_families(text)
        if not f.name.endswith("_created")
    }
    missing = {n for n in families if not any(u == n or u.startswith(n + "_") for u in dash_used)}
    assert not missing, f"metrics with no dashboard panel: {sorted(missing)}"


def test_dashboard_rows_and_datasource():
    dash = json.loads(DASHBOARD.read_text())
    rows = [p["title"] for p in dash["panels"] if p["type"] == "row"]
    assert rows == ["Throughput", "Latency", "Savings", "Quality", "Engine"]
    panels = dashboard_panels()
    assert panels
    ids = [p["id"] for p in dash["panels"]]
    assert len(ids) == len(set(ids))
    for p in panels:
        assert p["datasource"]["uid"] == DS_UID, p["title"]
        assert p["targets"], p["title"]
        for t in p["targets"]:
            assert t["datasource"]["uid"] == DS_UID, p["title"]
    for var in dash["templating"]["list"]:
        assert var["datasource"]["uid"] == DS_UID


def test_grafana_provisioning():
    ds = yaml.safe_load((GRAFANA / "provisioning/datasources/prometheus.yml").read_text())
    (source,) = ds["datasources"]
    assert source["uid"] == DS_UID and source["type"] == "prometheus"
    assert source["url"] == "http://prometheus:9090"
    prov = yaml.safe_load((GRAFANA / "provisioning/dashboards/obsline.yml").read_text())
    (provider,) = prov["providers"]
    assert provider["type"] == "file"
    assert provider["options"]["path"] == "/var/lib/grafana/dashboards"


# ------------------------------------------------------------ real prometheus
@pytest.fixture(scope="module")
def prometheus_url():
    require_tool("prometheus")
    with running_prometheus([], rule_files=[ALERTS]) as url:
        yield url


ALL_EXPRS = sorted(set(dashboard_exprs()) | set(rule_exprs()))


def test_expressions_were_found():
    assert len(dashboard_exprs()) >= 20
    assert len(rule_exprs()) == len(_rules())


@pytest.mark.parametrize("expr", ALL_EXPRS, ids=[f"expr{i}" for i in range(len(ALL_EXPRS))])
def test_expression_parses_in_real_prometheus(prometheus_url, expr):
    status, body = query(prometheus_url, expr)
    assert status == 200 and body["status"] == "success", f"{expr}\n-> {status} {body}"


def test_real_prometheus_rejects_a_bad_expression(prometheus_url):
    """The parse check can fail: a broken query answers 400 bad_data."""
    status, body = query(prometheus_url, "sum(rate(obsline_observations_total[1m])")
    assert status == 400
    assert body["errorType"] == "bad_data"


def test_dashboard_grafana_variables_are_substituted():
    raw = dashboard_exprs(raw=True)
    assert any("$__rate_interval" in e for e in raw)
    assert all("$" not in e for e in dashboard_exprs())


def test_rules_load_and_evaluate_in_real_prometheus(prometheus_url):
    def rules_evaluated():
        status, body = http_get(f"{prometheus_url}/api/v1/rules")
        if status != 200:
            return None
        rules = [r for g in json.loads(body)["data"]["groups"] for r in g["rules"]]
        if len(rules) == len(_rules()) and all(r["health"] == "ok" for r in rules):
            return rules
        return None

    rules = wait_for(rules_evaluated, timeout=30, what="all rules evaluated with health ok")
    assert {r["name"] for r in rules if r["type"] == "alerting"} == ALERT_NAMES


def test_running_prometheus_scrapes_a_live_metrics_endpoint():
    """The helper the end-to-end test reuses: scrape a PipelineMetrics server."""
    require_tool("prometheus")
    m = PipelineMetrics()
    m.stage_done("adapt", 0.002)
    m.observe_observation("success", None, "new", raw_tokens=1000, text_tokens=100, latency_seconds=0.01)
    server, thread = m.start_http_server(0)
    try:
        target = f"127.0.0.1:{server.server_port}"
        with running_prometheus([target], rule_files=[ALERTS]) as url:
            def scraped():
                status, body = query(url, 'obsline_build_info{job="obsline"}')
                return status == 200 and body["data"]["result"]

            wait_for(scraped, timeout=30, what="obsline_build_info scraped")
            status, body = query(url, f'up{{job="obsline",instance="{target}"}}')
            assert body["data"]["result"][0]["value"][1] == "1"
            status, body = query(url, "sum(obsline_raw_tokens_total)")
            assert float(body["data"]["result"][0]["value"][1]) == 1000
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
