"""What a new user hits first (issue 19, item 7): a second worker on the host, a broker on
another port or none at all, and a tail of a topic longer than the consumer's buffer."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from aiokafka import AIOKafkaProducer

from bench.reliability import partition_counts
from obsline.core import codec
from obsline.pipeline import Runner, Stages
from obsline.sinks.metrics import PipelineMetrics
from obsline.streams.admin import ensure_topics
from obsline.streams.cli import _tail
from obsline.streams.settings import Settings
from obsline.streams.worker import serve_metrics

REPO = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_taken_metrics_port_gives_way_to_a_free_one(capsys: pytest.CaptureFixture[str]) -> None:
    first = serve_metrics(PipelineMetrics(), Settings(metrics_port=0))
    second = serve_metrics(PipelineMetrics(), Settings(metrics_port=first))  # a second worker on the host
    assert second and second != first
    assert f"metrics port {first} is taken" in capsys.readouterr().err


def test_obsline_kafka_port_points_the_commands_at_the_local_broker() -> None:
    assert Settings.from_env({"OBSLINE_KAFKA_PORT": "19999"}).bootstrap == "127.0.0.1:19999"
    assert Settings.from_env({"OBSLINE_KAFKA_PORT": "19999", "OBSLINE_BROKER": "kafka://h:1"}).bootstrap == "h:1"
    assert Settings.from_env({}).bootstrap == "127.0.0.1:9092"


@pytest.mark.parametrize("command", [["publish", "-"], ["tail", "--timeout", "1"], ["worker", "--metrics-port=-1"]])
def test_no_broker_is_one_line_without_a_traceback(command: list[str], tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OBSLINE_")}
    env |= {"OBSLINE_KAFKA_PORT": str(_free_port()), "OBSLINE_ARTIFACT_DIR": str(tmp_path / "a"),
            "OBSLINE_BROKER_WAIT": "2"}  # a worker waits that long for a broker first
    done = subprocess.run([sys.executable, "-m", "obsline", *command], cwd=REPO, env=env, input=b"{}\n",
                          capture_output=True, timeout=120)
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert "Traceback" not in err
    [line] = [x for x in err.splitlines() if x.startswith("error")]
    assert "no Kafka broker answers at 127.0.0.1:" in line and "OBSLINE_BROKER" in line


@pytest.mark.integration
async def test_tail_prints_every_observation_of_a_long_topic(kafka_bootstrap: str, topic_prefix: str,
                                                              capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    settings = Settings(broker=f"kafka://{kafka_bootstrap}", topic_prefix=topic_prefix, partitions=2)
    await ensure_topics(settings)
    line = orjson.dumps({"task_id": "t", "step_id": 0, "action_id": "a", "tool": "x", "raw": {"ok": True}})
    obs = orjson.loads(codec.encode(Runner(Stages.default()).process(line).observation))
    n = 6000  # over the consumer's 4,096-observation buffer
    producer = AIOKafkaProducer(bootstrap_servers=kafka_bootstrap, linger_ms=20)
    await producer.start()
    try:
        for i in range(n):
            task = f"task-{i % 50}"
            await producer.send(settings.topic("observations"), key=task.encode(),
                                value=orjson.dumps(obs | {"task_id": task, "step_id": i}))
        await producer.flush()
    finally:
        await producer.stop()
    await asyncio.sleep(0.5)
    assert await _tail(settings, None, True, None, True, 5.0) == 0
    assert len(capsysbinary.readouterr().out.splitlines()) == n


async def _forward(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, to: str) -> None:
    host, port = to.rsplit(":", 1)
    up_reader, up_writer = await asyncio.open_connection(host, int(port))

    async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
        while data := await src.read(65536):
            dst.write(data)
            await dst.drain()
        dst.close()

    await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer), return_exceptions=True)


@pytest.mark.integration
async def test_a_worker_started_while_the_broker_is_away_waits_for_it(kafka_bootstrap: str, topic_prefix: str,
                                                                      tmp_path: Path) -> None:
    """Before: a worker that found no broker at start exited at once (rc 2), so a broker restart
    while a fleet (re)started killed the starting workers. It now tries again for
    OBSLINE_BROKER_WAIT seconds. The broker here answers on a port that is closed until the worker
    has said it is waiting (then a forwarder to the real broker opens it)."""
    port, log = _free_port(), tmp_path / "worker.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith("OBSLINE_")}
    env |= {"OBSLINE_ARTIFACT_DIR": str(tmp_path / "a"), "OBSLINE_BROKER_WAIT": "120"}
    with log.open("wb") as err:
        worker = subprocess.Popen([sys.executable, "-m", "obsline", "worker", f"--broker=kafka://127.0.0.1:{port}",
                                   f"--topic-prefix={topic_prefix}", "--partitions=2", "--metrics-port=-1"],
                                  cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=err)
    server = None
    try:
        for _ in range(240):
            if worker.poll() is not None or f"answers at 127.0.0.1:{port} yet" in log.read_text():
                break
            await asyncio.sleep(0.5)
        assert worker.poll() is None, log.read_text()
        assert f"no Kafka broker answers at 127.0.0.1:{port} yet; trying again" in log.read_text()
        server = await asyncio.start_server(lambda r, w: _forward(r, w, kafka_bootstrap), "127.0.0.1", port)
        wanted = {"raw", "observations"}
        for _ in range(240):  # the worker creates its stage topics once it reaches the broker
            if worker.poll() is not None or wanted <= (await partition_counts(kafka_bootstrap, topic_prefix)).keys():
                break
            await asyncio.sleep(0.5)
        assert worker.poll() is None, log.read_text()
        assert wanted <= (await partition_counts(kafka_bootstrap, topic_prefix)).keys()
    finally:
        worker.terminate()
        worker.wait(60)
        if server is not None:
            server.close()

