"""Values the JSON standard has no literal for (NaN, Infinity) on the real broker: every engine
shows them as written, as the in-process runner does (issue 23)."""

from __future__ import annotations

import orjson
import pytest
from conftest import expected_observations, strip  # tests/streams/conftest.py

pytestmark = [pytest.mark.integration]


def _line(task: str, step: int, raw: str) -> bytes:
    return orjson.dumps({"task_id": task, "step_id": step, "action_id": f"call-{step}", "tool": "get_reading",
                         "raw": raw})


RAWS = [  # the second result of a task re-reads the first: its diff names the values too
    ("nan-1", ['{"a": NaN}', '{"a": 1.5}']),
    ("inf-1", ['{"id": "s1", "max": Infinity, "min": -Infinity}', '{"id": "s1", "max": 3, "min": -Infinity}']),
    ("nan-list", ['[{"id": "r1", "v": NaN}, {"id": "r2", "v": 2.50}]', '[{"id": "r1", "v": NaN}, {"id": "r2", "v": 2.5}]']),
]


# A raw sent as a JSON value, not a string: the envelope line itself holds the constants (Python's
# json.dumps writes them so), which orjson refuses.
STRUCTURED = [b'{"task_id": "nan-value", "step_id": 0, "action_id": "call-0", "tool": "get_reading", '
              b'"raw": {"a": NaN, "b": [Infinity, -Infinity], "c": 9.990}}']


@pytest.mark.parametrize("engine", ["faust", "batch"])
async def test_nan_and_infinity_are_shown_as_written_on_every_engine(stream, engine):
    lines = [_line(task, step, raw) for task, raws in RAWS for step, raw in enumerate(raws)] + STRUCTURED
    expected = expected_observations(lines)
    assert "NaN" in expected["nan-1"][0]["text"]  # the in-process runner shows it as written
    assert all(w in expected["nan-value"][0]["text"] for w in ("NaN", "-Infinity", "9.990"))
    await stream.create_topics()
    stream.worker(engine=engine)
    await stream.publish(lines)
    got = await stream.observations(len(lines), timeout=90)
    assert len(got) == len(lines), stream.logs()
    by_task: dict[str, list[dict]] = {}
    for o in got:
        by_task.setdefault(o["task_id"], []).append(strip(o))
    for task, want in expected.items():
        have = sorted(by_task[task], key=lambda o: o["step_id"])
        assert [o["text"] for o in have] == [o["text"] for o in want], (engine, task)
        assert [o["data"] for o in have] == [o["data"] for o in want], (engine, task)
