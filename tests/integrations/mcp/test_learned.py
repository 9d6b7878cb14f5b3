"""learned.py alone: who is a candidate, when a tool turns read, and that a contradiction is final."""

from __future__ import annotations

from typing import Any

import mcp_types as types

from obsline.integrations.mcp.learned import MAX_SLOTS, Learned, candidate


def tool(name: str, description: str | None = None, **hints: bool) -> types.Tool:
    return types.Tool(name=name, description=description, input_schema={"type": "object"},
                      annotations=types.ToolAnnotations(**hints) if hints else None)


def test_only_a_tool_that_says_nothing_is_a_candidate() -> None:
    assert candidate(tool("forecast", "Conditions for a city."))
    assert not candidate(tool("forecast", "Sends the forecast by mail."))  # names a write
    assert not candidate(tool("forecast", read_only_hint=False))
    assert not candidate(tool("forecast", destructive_hint=True))
    assert not candidate(tool("delete_rows"))  # a write verb
    assert not candidate(tool("get_status"))  # a read by name already: decided without traffic


def _spec(data: dict[str, Any]) -> dict[str, Any]:
    return data


def test_equal_repeats_make_a_read_and_one_different_result_undoes_it_for_good() -> None:
    learned = Learned()
    learned.watch("forecast", tool("forecast"))
    raw = '{"city": "Oslo", "sky": "clear", "id": "OSL1"}'
    changes = [learned.saw("forecast", "T", {"city": "Oslo"}, raw, False, _spec) for _ in range(3)]
    assert changes[:2] == [None, None] and changes[2]["kind"] == "read" and learned.reads("forecast")
    assert "fields" in changes[2]  # the draft `obsline contracts infer` writes
    changed = learned.saw("forecast", "T", {"city": "Oslo"}, raw.replace("clear", "rain"), False, _spec)
    assert changed == {"name": "forecast", "kind": "side_effect"} and not learned.reads("forecast")
    for _ in range(5):
        assert learned.saw("forecast", "T", {"city": "Oslo"}, raw, False, _spec) is None
    assert not learned.reads("forecast")


def test_a_write_between_two_reads_and_errors_count_for_nothing() -> None:
    learned = Learned()
    learned.watch("stock", tool("stock"))
    learned.saw("stock", "T", {}, "5 left", False, _spec)
    learned.wrote("T")  # a side effect ran: the next result may differ, and that is no contradiction
    learned.saw("stock", "T", {}, "4 left", False, _spec)
    learned.saw("stock", "T", {}, "oops", True, _spec)
    assert learned._watched["stock"].changed == 0 and learned._watched["stock"].equal == 0


def test_what_is_kept_per_tool_is_bounded() -> None:
    learned = Learned()
    learned.watch("forecast", tool("forecast"))
    for i in range(MAX_SLOTS + 500):
        learned.saw("forecast", "T", {"city": f"c{i}"}, "x" * 100_000, False, _spec)
    w = learned._watched["forecast"]
    assert len(w.last) == MAX_SLOTS and len(w.records) == 50 and all(len(r["raw"]) == 32 for r in w.records)
