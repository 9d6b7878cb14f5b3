"""bench quality --leave-out: a family measured with drafts learned from the other families only."""

from __future__ import annotations

import orjson

from bench.leaveout import family, leave_out, table


def _line(kind: str, task: str, step: int, tool: str, raw: object) -> bytes:
    return orjson.dumps({"task_id": task, "step_id": step, "action_id": f"a{step}", "tool": tool, "kind": kind,
                         "args": {"id": "R1"}, "raw": orjson.dumps(raw).decode()})


def test_each_family_is_measured_three_ways_and_the_gap_is_reported() -> None:
    record = {"id": "R1", "owner": "ann", "status": "open", "items": [{"sku": "A", "n": 1}, {"sku": "B", "n": 2}]}
    lines = [_line("one", f"t{k}", s, "get_record", record) for k in range(3) for s in range(2)]
    lines += [_line("two", f"u{k}", s, "lookup_order", {**record, "total": 10 + s}) for k in range(3) for s in range(2)]
    results = leave_out(lines, ["one", "two"], 8000)
    assert [r.family for r in results] == ["one", "two"] and family(lines[0]) == "one"
    for r in results:
        assert r.left_out.records == r.all_rules.records == r.built_in.records == 6
        assert r.left_out.fact_visibility == 1.0
    # the drafts learned from "one" never name "two"'s tool: left out, "two" is read with built-in rules only
    two = results[1]
    assert two.left_out.token_ratio == two.built_in.token_ratio
    assert "| `two` | 6 |" in table(results)
