"""Fleet mode: the gateway answers with the Kafka workers' observation, or, when none comes in
time, with the in-process one and a note (real broker, real worker, real filesystem server)."""

from __future__ import annotations

import os
import subprocess
import uuid
from pathlib import Path

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from obsline.streams.admin import ensure_topics
from obsline.streams.settings import Settings
from tests.integrations.mcp.reference import PYTHON, REPO, filesystem_server, gateway_argv

pytestmark = [pytest.mark.integration]
KEY = "mcp-fleet-test-key"  # shared by the workers and the gateway: one capability for both stores


def fleet_env(tmp: Path, prefix: str, bootstrap: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OBSLINE_")}
    return env | {"OBSLINE_BROKER": f"kafka://{bootstrap}", "OBSLINE_TOPIC_PREFIX": prefix,
                  "OBSLINE_APP_ID": f"mcp-{prefix}", "OBSLINE_PARTITIONS": "2", "OBSLINE_ENGINE": "batch",
                  "OBSLINE_DATA_DIR": str(tmp / "data"), "OBSLINE_ARTIFACT_DIR": str(tmp / "artifacts"),
                  "OBSLINE_METRICS_PORT": "0", "OBSLINE_LOG_LEVEL": "warning", "OBSLINE_ARTIFACT_KEY": KEY}


async def test_fleet_mode_answers_with_the_workers_observation_else_in_process(kafka_bootstrap: str,
                                                                                tmp_path: Path) -> None:
    prefix = f"m{uuid.uuid4().hex[:8]}."
    env = fleet_env(tmp_path, prefix, kafka_bootstrap)
    await ensure_topics(Settings.from_env(env))
    (tmp_path / "f.txt").write_text("fleet file\n")
    path = str(tmp_path / "f.txt")
    env["OBSLINE_CONTRACTS_DIR"] = str(tmp_path / "contracts")  # written by the gateway, read by the worker
    argv = gateway_argv(f"fs={filesystem_server(tmp_path)}",
                        extra=("--kafka", kafka_bootstrap, "--topic-prefix", prefix, "--write-contracts",
                               env["OBSLINE_CONTRACTS_DIR"], "--fleet-timeout", "3"))
    server = StdioServerParameters(command=PYTHON, args=argv, cwd=str(REPO), env=env)
    async with Client(server) as client:
        alone = await client.call_tool("read_text_file", {"path": path})  # no worker yet: topics may not exist
    worker = subprocess.Popen([PYTHON, "-m", "obsline", "worker", "--engine", "batch"], cwd=REPO, env=env,
                              stdout=subprocess.DEVNULL, stderr=open(tmp_path / "worker.log", "wb"))  # noqa: SIM115
    try:
        argv[-1] = "60"  # the first records of a fresh worker wait for its partitions
        async with Client(StdioServerParameters(command=PYTHON, args=argv, cwd=str(REPO), env=env)) as client:
            first = await client.call_tool("read_text_file", {"path": path})
            second = await client.call_tool("read_text_file", {"path": path})
            page = await client.call_tool("obsline_read_artifact", {"ref": second.meta["obsline"]["artifact"]})
    finally:
        worker.terminate()
        worker.wait(30)
    assert alone.meta["obsline"]["source"] == "in-process" and "fleet gave no observation" in alone.content[0].text
    log = (tmp_path / "worker.log").read_text()[-3000:]
    assert first.meta["obsline"]["source"] == "fleet", log
    assert second.meta["obsline"]["source"] == "fleet" and second.meta["obsline"]["dedup"] == "unchanged"
    assert not page.is_error and "fleet file" in page.content[0].text
