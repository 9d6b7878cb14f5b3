"""``Runner.run`` (its batching done in one loop) against its plain form: ``batches`` of the
decoded lines, each processed in action order and handed back in the order it came."""

from __future__ import annotations

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.adapters.envelope import decode
from obsline.pipeline import Runner, Stages, batches, in_action_order

STAGES = Stages.default()  # memos keyed by content: sharing them changes no output
ROWS = [{"sku": f"S{i}", "name": f"item {i}", "price": i} for i in range(12)]  # long enough to be numbered (#N)


def _reference(lines: list[bytes | str]) -> list[tuple[str, str]]:
    runner = Runner(STAGES)
    decoded = [(i, line, decode(line)) for i, line in enumerate(lines)
               if not (isinstance(line, bytes | str) and not line.strip())]
    out = []
    for batch in batches(decoded):
        done = {r[0]: runner.process(r[1], r[0], r[2]) for r in in_action_order(batch)}
        out.extend(done[r[0]] for r in batch)
    return [_seen(p.observation) for p in out]


def _seen(o) -> tuple[str, str, str, str]:
    return o.action_id, o.text, repr(o.dedup), repr(o.metadata)


@st.composite
def lines(draw: st.DrawFn) -> list[bytes | str]:
    out: list[bytes | str] = []
    step = 0
    for _ in range(draw(st.integers(0, 12))):
        kind = draw(st.sampled_from(["record", "record", "record", "sibling", "other task", "blank", "bad"]))
        if kind == "blank":
            out.append(draw(st.sampled_from([b"", b"  ", "\n"])))
            continue
        if kind == "bad":
            out.append(draw(st.sampled_from([b"{not json", b'{"task_id": "t"}', "[1, 2]"])))
            continue
        if kind == "record":
            step += 1
        task = "u" if kind == "other task" else "t"
        action = draw(st.sampled_from(["a", "b", "c", "d"]))
        out.append(orjson.dumps({"task_id": task, "step_id": step, "action_id": action, "tool": "get_order",
                                 "args": {"id": action}, "raw": orjson.dumps({"id": action, "step": step, "rows": ROWS}).decode()}))
    return out


@settings(max_examples=60, deadline=None)
@given(given_lines=lines())
def test_run_agrees_with_batches_processed_in_action_order(given_lines: list[bytes | str]) -> None:
    got = [_seen(p.observation) for p in Runner(STAGES).run(given_lines)]
    assert got == _reference(given_lines)


def test_a_rejected_line_is_handed_back_at_once():
    """Not held until the next line comes (a replay from stdin shows it as it is read)."""
    record = orjson.dumps({"task_id": "t", "step_id": 1, "action_id": "a", "tool": "x", "raw": "ok"})

    def feed():
        yield record
        yield b"{not json"
        raise AssertionError("read past the rejected line before handing it back")

    out = Runner(STAGES).run(feed())
    assert next(out).observation.action_id == "a"
    assert next(out).observation.metadata.get("rejected") == "not_json"
