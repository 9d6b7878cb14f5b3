"""A stage that raises for one record, inside a worker subprocess on the real broker, on both
engines: that record is a dead letter with its reason and stage (and an error observation),
the other records of the same poll go through."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from conftest import WorkerProc, covers, read_record

pytestmark = [pytest.mark.integration]

HELPER = Path(__file__).with_name("breaking_worker.py")


class BreakingWorker(WorkerProc):
    def start(self) -> BreakingWorker:
        fh = self.log.open("ab")
        self.proc = subprocess.Popen([sys.executable, str(HELPER)], cwd=Path(__file__).parents[2], env=self.env,
                                     stdout=fh, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        fh.close()
        return self


@pytest.mark.parametrize("engine", ["batch", "faust"])
async def test_a_stage_exception_dead_letters_only_its_record(stream, engine):
    settings = stream.settings.with_(engine=engine)
    env = stream.env(settings) | {"PYTHONPATH": str(Path(__file__).parents[2])}
    w = BreakingWorker(env, stream.tmp / "worker0.log").start()
    stream.workers.append(w)
    await stream.create_topics()
    lines = [read_record("p1", 1), read_record("p2", 3), read_record("p3", 4), read_record("p1", 2),
             read_record("p4", 0)]
    await stream.publish(lines)  # one poll: the broken records sit between good ones
    wanted = {(orjson.loads(x)["task_id"], orjson.loads(x)["step_id"]) for x in lines}
    got = {(o["task_id"], o["step_id"]): o for o in (orjson.loads(r.value) for r in
           await stream.read("observations", until=covers(wanted), timeout=90))}
    assert wanted <= set(got), stream.logs()
    dlq = [orjson.loads(r.value) for r in await stream.read("dlq", until=lambda r: len(r) >= 2, timeout=30)]
    letters = {d["ids"]["task_id"]: d for d in dlq}
    assert sorted(letters) == ["p2", "p3"], stream.logs()
    assert (letters["p2"]["stage"], letters["p2"]["reason"]) == ("align", "stage_exception")
    assert "align broke" in letters["p2"]["problems"][0]
    assert (letters["p3"]["stage"], letters["p3"]["reason"]) == ("observe", "stage_exception")
    assert "observe broke" in " ".join(letters["p3"]["problems"])
    for broken in (("p2", 3), ("p3", 4)):
        assert got[broken]["metadata"]["rejected"] == "stage_exception", got[broken]
    for fine in (("p1", 1), ("p1", 2), ("p4", 0)):
        assert got[fine]["status"] == "success", got[fine]
    assert got[("p1", 2)]["dedup"]["kind"] == "unchanged"
    assert w.alive(), stream.logs()
