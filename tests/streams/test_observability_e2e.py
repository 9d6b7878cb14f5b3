"""Observation health end to end: a real Prometheus scrapes a running worker on the real
broker; every dashboard and alert expression parses, every dashboard panel returns data, and
the worker's /metrics passes ``promtool check metrics``."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for promql.py
from promql import (  # noqa: E402
    ALERTS,
    dashboard_exprs,
    dashboard_panels,
    query,
    require_tool,
    rule_exprs,
    running_prometheus,
    substitute,
)

pytestmark = pytest.mark.integration

_PORT = re.compile(r"metrics on http://[\d.]+:(\d+)/metrics")


def _metrics_port(worker, timeout: float = 60.0) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = _PORT.search(worker.output())
        if found:
            return int(found.group(1))
        time.sleep(0.2)
    raise TimeoutError("the worker never said where its metrics are:\n" + worker.output()[-3000:])


def _has_data(url: str, expr: str) -> bool:
    status, body = query(url, expr)
    return status == 200 and bool(body["data"]["result"])


async def test_prometheus_scrapes_a_worker_and_every_panel_returns_data(stream, dev_lines):
    require_tool("prometheus")
    promtool = require_tool("promtool")
    await stream.create_topics()
    worker = stream.worker()
    port = _metrics_port(worker)
    target = f"127.0.0.1:{port}"
    with running_prometheus([target], rule_files=[ALERTS]) as url:
        await stream.publish(dev_lines[:300] + [b"not json at all"])
        got = await stream.observations(300, timeout=90)
        assert len(got) >= 300, stream.logs()
        deadline = time.monotonic() + 60
        while not _has_data(url, 'sum(obsline_observations_total{job="obsline"}) >= 300'):
            assert time.monotonic() < deadline, "Prometheus never scraped the observations"
            await asyncio.sleep(1)
        await asyncio.sleep(3)  # a few more scrapes, so every rate() has two samples in its window

        for expr in rule_exprs():
            status, body = query(url, expr)
            assert status == 200, (expr, body)

        empty = []
        for panel in dashboard_panels():
            exprs = [t.get("expr", "") for t in panel.get("targets", []) if t.get("expr")]
            values = {"instance": ".*", "__rate_interval": "1m", "__interval": "15s"}
            results = [query(url, substitute(e, values)) for e in exprs]
            assert all(status == 200 for status, _ in results), (panel.get("title"), results)
            if not any(body["data"]["result"] for _, body in results):
                empty.append(panel.get("title"))
        assert not empty, f"panels without data: {empty}"
        assert len(dashboard_exprs()) >= len(dashboard_panels())

        body = urllib.request.urlopen(f"http://{target}/metrics", timeout=10).read()
        lint = subprocess.run([promtool, "check", "metrics"], input=body, capture_output=True, timeout=30)
        assert lint.returncode == 0 and not lint.stdout.strip(), lint.stdout.decode() + lint.stderr.decode()
        assert b'obsline_dead_letters_total{reason="not_json",stage="adapt"} 1.0' in body
