"""Helpers for tests that check PromQL against a real Prometheus.

Used by tests/deploy/test_prometheus_config.py and meant to be reused by the
end-to-end test that scrapes a running worker and checks every dashboard
panel returns data::

    import sys, pathlib
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # tests/
    from promql import dashboard_exprs, running_prometheus, query

    with running_prometheus(["127.0.0.1:9464"]) as url:
        ...
        for expr in dashboard_exprs(DASHBOARD):
            status, body = query(url, expr)

Needs the ``prometheus`` binary (Debian package ``prometheus``, which also
ships ``promtool``).  :func:`require_tool` skips a test when a tool is missing,
except under ``CI=true`` where it fails instead.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
DASHBOARD = REPO / "deploy" / "grafana" / "dashboards" / "obsline.json"
PROMETHEUS_YML = REPO / "deploy" / "prometheus" / "prometheus.yml"
ALERTS = REPO / "deploy" / "prometheus" / "alerts.yml"
ALERTS_TEST = REPO / "deploy" / "prometheus" / "alerts_test.yml"

#: What Grafana's built-in variables are replaced with so that Prometheus
#: itself can parse a panel's query.
GRAFANA_BUILTINS = {
    "__rate_interval": "1m",
    "__interval": "15s",
    "__interval_ms": "15000",
    "__range": "5m",
    "__range_s": "300",
    "__range_ms": "300000",
}

_VAR_RE = re.compile(r"\$\{(\w+)(?::\w+)?\}|\[\[(\w+)\]\]|\$(\w+)")


def require_tool(name: str) -> str:
    """Path of ``name`` on PATH; else skip the test (or fail it when CI=true)."""
    import pytest

    path = shutil.which(name)
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{name} not found on PATH; CI must install it (Debian package 'prometheus')")
        pytest.skip(f"{name} not installed (Debian package 'prometheus'); under CI=true this fails")
    return path


# --------------------------------------------------------------------- exprs
def _template_values(dashboard: dict) -> dict[str, str]:
    values = dict(GRAFANA_BUILTINS)
    for var in dashboard.get("templating", {}).get("list", []):
        name = var.get("name")
        if not name:
            continue
        if var.get("allValue"):
            values[name] = var["allValue"]
        elif var.get("type") in {"interval", "custom", "constant", "textbox"} and var.get("query"):
            values[name] = str(var["query"]).split(",")[0].strip()
        else:
            values[name] = ".*"
    return values


def substitute(expr: str, values: dict[str, str]) -> str:
    """Replace ``$var``, ``${var}``, ``${var:fmt}`` and ``[[var]]`` by their values."""

    def repl(m: re.Match[str]) -> str:
        name = m.group(1) or m.group(2) or m.group(3)
        return values.get(name, m.group(0))

    return _VAR_RE.sub(repl, expr)


def _walk_panels(panels: list[dict]) -> Iterator[dict]:
    for panel in panels:
        yield panel
        yield from _walk_panels(panel.get("panels", []))  # collapsed rows nest panels


def dashboard_panels(path: str | Path = DASHBOARD) -> list[dict]:
    """Every non-row panel of a dashboard JSON (rows flattened)."""
    dash = json.loads(Path(path).read_text())
    return [p for p in _walk_panels(dash.get("panels", [])) if p.get("type") != "row"]


def dashboard_exprs(path: str | Path = DASHBOARD, *, raw: bool = False) -> list[str]:
    """Every PromQL ``expr`` of every panel target, with Grafana variables
    replaced (``$__rate_interval`` -> ``1m``, multi-value ``$instance`` -> its
    allValue ``.*``) unless ``raw``."""
    dash = json.loads(Path(path).read_text())
    values = _template_values(dash)
    out: list[str] = []
    for panel in _walk_panels(dash.get("panels", [])):
        for target in panel.get("targets", []):
            expr = (target.get("expr") or "").strip()
            if expr:
                out.append(expr if raw else substitute(expr, values))
    return out


def rule_exprs(path: str | Path = ALERTS) -> list[str]:
    """Every ``expr`` of every recording and alerting rule in a rules file."""
    doc = yaml.safe_load(Path(path).read_text()) or {}
    return [
        str(rule["expr"]).strip()
        for group in doc.get("groups", [])
        for rule in group.get("rules", [])
        if "expr" in rule
    ]


# -------------------------------------------------------------------- server
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http_get(url: str, timeout: float = 10.0) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


def query(base_url: str, expr: str, at: float | None = None, timeout: float = 10.0) -> tuple[int, dict]:
    """``GET /api/v1/query``; returns (HTTP status, decoded JSON body).

    A PromQL parse error answers 400 with ``{"status": "error", "errorType": "bad_data"}``.
    """
    params = {"query": expr}
    if at is not None:
        params["time"] = f"{at:.3f}"
    status, body = http_get(f"{base_url}/api/v1/query?{urllib.parse.urlencode(params)}", timeout)
    try:
        return status, json.loads(body)
    except ValueError:
        return status, {"status": "error", "errorType": "not_json", "error": body[:500].decode(errors="replace")}


def wait_for(predicate, timeout: float = 30.0, interval: float = 0.25, what: str = "condition"):
    """Poll ``predicate()`` until it returns something truthy; return that value."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        last = predicate()
        if last:
            return last
        time.sleep(interval)
    raise TimeoutError(f"timed out after {timeout}s waiting for {what} (last: {last!r})")


@contextmanager
def running_prometheus(
    scrape_targets: Sequence[str] = (),
    port: int | None = None,
    *,
    rule_files: Sequence[str | Path] = (),
    scrape_interval: str = "1s",
    job: str = "obsline",
    startup_timeout: float = 30.0,
) -> Iterator[str]:
    """Run a real ``prometheus`` on 127.0.0.1:``port`` (a free one if None),
    scraping ``scrape_targets`` (``host:port``) as job ``job`` every
    ``scrape_interval`` and loading ``rule_files``; yield its base URL
    (``http://127.0.0.1:PORT``) once ``/-/ready`` answers.  Stopped (SIGTERM,
    then SIGKILL) and its temporary TSDB removed on exit.
    """
    binary = shutil.which("prometheus")
    if binary is None:
        raise FileNotFoundError("prometheus binary not found (Debian package 'prometheus')")
    port = port or free_port()
    with tempfile.TemporaryDirectory(prefix="obsline-prom-") as tmp:
        tmpdir = Path(tmp)
        config = {
            "global": {"scrape_interval": scrape_interval, "evaluation_interval": scrape_interval,
                       "scrape_timeout": scrape_interval},
            "rule_files": [str(Path(f).resolve()) for f in rule_files],
            "scrape_configs": [
                {"job_name": job, "static_configs": [{"targets": list(scrape_targets)}]}
            ] if scrape_targets else [],
        }
        (tmpdir / "prometheus.yml").write_text(yaml.safe_dump(config, sort_keys=False))
        log_path = tmpdir / "prometheus.log"
        base_url = f"http://127.0.0.1:{port}"
        with open(log_path, "wb") as log:
            proc = subprocess.Popen(
                [
                    binary,
                    f"--config.file={tmpdir / 'prometheus.yml'}",
                    f"--storage.tsdb.path={tmpdir / 'data'}",
                    f"--web.listen-address=127.0.0.1:{port}",
                    "--storage.tsdb.retention.time=1h",
                    "--log.level=warn",
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        try:
            deadline = time.monotonic() + startup_timeout
            while True:
                if proc.poll() is not None:
                    raise RuntimeError(
                        f"prometheus exited with {proc.returncode}:\n{log_path.read_text()[-3000:]}"
                    )
                try:
                    status, _ = http_get(f"{base_url}/-/ready", timeout=2)
                    if status == 200:
                        break
                except OSError:
                    pass
                if time.monotonic() > deadline:
                    raise TimeoutError(
                        f"prometheus not ready after {startup_timeout}s:\n{log_path.read_text()[-3000:]}"
                    )
                time.sleep(0.2)
            yield base_url
        finally:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=10)
