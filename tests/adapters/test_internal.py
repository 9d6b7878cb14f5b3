"""Internal details of a tool's service are scrubbed; the agent's own program output is kept."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from obsline.adapters.internal import scrub_internal
from obsline.pipeline import Runner, Stages
from tests.conftest import REPO, shared_or_skip

FOREIGN_DEV = REPO.parent / "shared" / "data" / "foreign-dev" / "foreign-dev.jsonl"
STAGES = Stages.default()

SERVICE_TRACE = ("Traceback (most recent call last):\n"
                 '  File "/srv/app/handlers.py", line 88, in get_order\n'
                 "    return ORDERS[order_id]\n"
                 '  File "/usr/lib/python3/site-packages/flask/app.py", line 1523, in dispatch\n'
                 "    return view(**req.view_args)\n"
                 "KeyError: 'x'")


def _one(tool: str, raw, step: int = 0):
    line = orjson.dumps({"task_id": "t", "step_id": step, "action_id": f"a{step}", "tool": tool, "raw": raw})
    [processed] = list(Runner(STAGES).run([line]))
    return processed.observation


@pytest.mark.parametrize("trace", [
    SERVICE_TRACE,
    'File "/srv/app/handlers.py", line 88, in get_order\nKeyError: \'x\'',  # only the tail
    "java.lang.IllegalStateException: no order\n\tat com.acme.Orders.get(Orders.java:42)\n\t... 7 more",
    "TypeError: x is undefined\n    at getOrder (/srv/app/src/orders.js:12:5)\n    at node:internal/main:1:1",
])
def test_a_service_trace_keeps_its_exception_and_loses_its_frames(trace: str) -> None:
    text, n = scrub_internal(trace)
    assert n >= 1
    assert "/srv/app" not in text and "line 88" not in text and ".java:42" not in text
    assert "stack trace removed" in text
    assert trace.rsplit("\n", 1)[-1] in text or trace.split("\n", 1)[0] in text


def test_request_ids_and_service_paths_are_replaced() -> None:
    text, n = scrub_internal("upstream failed request_id: 8f3a9c2e11d4 X-Request-Id: abc-123-def "
                             "at /var/task/lambda_function.py:41")
    assert n == 3
    assert "8f3a9c2e11d4" not in text and "abc-123-def" not in text and "/var/task" not in text


def test_a_request_id_field_of_a_json_result_is_replaced() -> None:
    obs = _one("http_get_json", orjson.dumps({"order": "W1", "request_id": "8f3a9c2e11d4"}).decode())
    assert "8f3a9c2e11d4" not in obs.text and "W1" in obs.text


def test_a_service_trace_in_an_api_result_never_reaches_the_model() -> None:
    obs = _one("http_get_json", orjson.dumps({"error": {"message": "boom", "trace": SERVICE_TRACE}}).decode())
    assert "/srv/app" not in obs.text and "handlers.py" not in obs.text


def test_the_agent_s_own_traceback_keeps_its_frames() -> None:
    obs = _one("python", SERVICE_TRACE.replace("/srv/app", "/home/me/project"))
    assert 'File "/home/me/project/handlers.py", line 88, in get_order' in obs.text
    assert "KeyError: 'x'" in obs.text


def test_plain_text_is_left_as_it_is() -> None:
    assert scrub_internal("Airplane Mode: ON") == ("Airplane Mode: ON", 0)


def test_the_swe_agent_tracebacks_of_foreign_dev_keep_their_frames() -> None:
    path = shared_or_skip(FOREIGN_DEV)
    recs = [orjson.loads(line) for line in Path(path).read_bytes().splitlines() if line.strip()]
    traces = [r for r in recs if isinstance(r["raw"], str) and "Traceback (most recent" in r["raw"]]
    assert traces
    lines = [orjson.dumps({k: r[k] for k in ("task_id", "step_id", "action_id", "tool", "raw")}) for r in traces]
    for rec, processed in zip(traces, Runner(Stages.default()).run(lines)):
        frames = [line.strip() for line in rec["raw"].splitlines() if line.strip().startswith('File "')]
        assert frames and all(f in processed.observation.text for f in frames)
