"""The aligner's state is a join-semilattice: merge is associative, commutative, idempotent,
and aligning A+B equals merging the alignments of A and B. Conflicts are reported, never
arbitrated, only between different tools with no side effect between the two reads."""

from __future__ import annotations

import copy
import dataclasses
import re
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from obsline.adapters.adapt import Limits, adapt
from obsline.adapters.contract import parse_contract
from obsline.aligner.align import align, align_all, conflicts, empty_state, facts_of, looks_volatile, merge
from obsline.contracts import load_contracts
from obsline.core.models import Adapted, RawEnvelope, Status, ToolKind

# A second read tool on the same entity, so two different sources can disagree.
SNAPSHOT_TOOL = parse_contract({
    "name": "get_reservation_snapshot", "kind": "read", "entity": "reservation", "key": ["reservation_id"],
    "fields": {"cabin": {"type": "enum", "values": ["basic_economy", "economy", "business"]},
               "total_baggages": {"type": "int"}},
}, "test").build()
CONTRACTS = {**load_contracts(), SNAPSHOT_TOOL.name: SNAPSHOT_TOOL}
TOOLS = ("get_reservation_details", "get_reservation_snapshot", "cancel_reservation", "update_reservation_baggages")

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

record = st.fixed_dictionaries({
    "tool": st.sampled_from(TOOLS),
    "reservation_id": st.sampled_from(["R1", "R2"]),
    "cabin": st.sampled_from(["economy", "business", "basic_economy"]),
    "total_baggages": st.integers(0, 2),
    "status": st.sampled_from([None, None, "cancelled"]),
    "error": st.booleans(),  # an error result (on every third step) contributes no facts
})
records = st.lists(record, max_size=8)


def _adapted(recs: list[dict[str, Any]], first_step: int = 0) -> list[Adapted]:
    out = []
    for i, r in enumerate(recs):
        step = first_step + i
        if r["error"] and step % 3 == 0:
            raw: Any = "Error: reservation not found"
        else:
            raw = orjson.dumps({"reservation_id": r["reservation_id"], "user_id": "u1", "cabin": r["cabin"],
                                "total_baggages": r["total_baggages"], "status": r["status"]}).decode()
        env = RawEnvelope.parse({"task_id": "t", "step_id": step, "action_id": f"a{step}", "tool": r["tool"],
                                 "raw": raw, "args": {"reservation_id": r["reservation_id"]}})
        out.append(adapt(env, CONTRACTS, Limits()).adapted)
    return out


@SETTINGS
@given(records, records)
def test_align_of_concatenation_is_merge_of_alignments(a: list, b: list) -> None:
    xs, ys = _adapted(a), _adapted(b, first_step=len(a))
    assert merge(align_all(xs), align_all(ys)) == align_all(xs + ys)


@SETTINGS
@given(records, records, records)
def test_merge_is_associative(a: list, b: list, c: list) -> None:
    xs, ys, zs = _adapted(a), _adapted(b, len(a)), _adapted(c, len(a) + len(b))
    left = merge(merge(align_all(xs), align_all(ys)), align_all(zs))
    right = merge(align_all(xs), merge(align_all(ys), align_all(zs)))
    assert left == right


@SETTINGS
@given(records, records)
def test_merge_is_commutative(a: list, b: list) -> None:
    xs, ys = _adapted(a), _adapted(b, len(a))
    assert merge(align_all(xs), align_all(ys)) == merge(align_all(ys), align_all(xs))


@SETTINGS
@given(records)
def test_merge_is_idempotent_and_empty_is_identity(a: list) -> None:
    xs = _adapted(a)
    assert merge(align_all(xs), align_all(xs)) == align_all(xs)
    assert merge(align_all(xs), empty_state()) == align_all(xs)
    assert merge(empty_state(), align_all(xs)) == align_all(xs)


@SETTINGS
@given(records)
def test_merge_does_not_modify_its_inputs(a: list) -> None:
    xs = _adapted(a)
    left, right = align_all(xs[: len(xs) // 2]), align_all(xs[len(xs) // 2:])
    before = copy.deepcopy((left, right))
    merge(left, right)
    assert (left, right) == before


@SETTINGS
@given(records)
def test_stepwise_align_reaches_the_same_state(a: list) -> None:
    xs = _adapted(a)
    state = None
    for x in xs:
        _, state = align(x, state)
    whole = align_all(xs)
    state = state or empty_state()
    assert (state["facts"], state["effects"]) == (whole["facts"], whole["effects"])


@SETTINGS
@given(records)
def test_each_conflict_is_reported_once_per_set_of_values(a: list) -> None:
    state = None
    reported: list[tuple[str, str, frozenset[str]]] = []
    for x in _adapted(a):
        snapshot, state = align(x, state)
        reported += [(c.entity_id, c.fact, frozenset(v["value"] for v in c.values)) for c in snapshot.conflicts]
    assert len(reported) == len(set(reported))
    final = align_all(_adapted(a))
    for entity in ("reservation:R1", "reservation:R2"):  # every conflict there is was reported
        for c in conflicts(final, entity):
            assert (entity, c.fact, frozenset(v["value"] for v in c.values)) in reported


@SETTINGS
@given(records, records, st.randoms(use_true_random=False))
def test_the_order_of_unrelated_tasks_does_not_change_their_observations(a: list, b: list, rng: Any) -> None:
    from obsline.core import codec
    from obsline.pipeline import Runner, Stages

    def lines(recs: list[dict[str, Any]], task: str) -> list[bytes]:
        out = []
        for i, r in enumerate(recs):
            raw = "Error: reservation not found" if r["error"] and i % 3 == 0 else orjson.dumps(
                {"reservation_id": r["reservation_id"], "user_id": "u1", "cabin": r["cabin"],
                 "total_baggages": r["total_baggages"], "status": r["status"]}).decode()
            out.append(orjson.dumps({"task_id": task, "step_id": i, "action_id": f"a{i}", "tool": r["tool"],
                                     "raw": raw, "args": {"reservation_id": r["reservation_id"]}}))
        return out

    xs, ys = lines(a, "A"), lines(b, "B")
    merged, i, j = [], 0, 0
    while i < len(xs) or j < len(ys):  # a random interleaving that keeps each task's order
        if j >= len(ys) or (i < len(xs) and rng.random() < 0.5):
            merged.append(xs[i])
            i += 1
        else:
            merged.append(ys[j])
            j += 1
    stages = Stages.default()

    def per_task(stream: list[bytes]) -> dict[str, list[bytes]]:
        out: dict[str, list[bytes]] = {}
        for p in Runner(stages).run(stream):
            out.setdefault(p.observation.task_id, []).append(codec.encode(p.observation))
        return out

    assert per_task(merged) == per_task(xs + ys)


def _oracle(xs: list[Adapted], entity: str) -> dict[str, set[tuple[int, str, str]]]:
    """Per fact, the readings that clash: different value, different tool, no side effect between."""
    from obsline.sinks.render import cell

    ok = [x for x in xs if x.status is Status.SUCCESS and x.entity_id == entity]
    effects = [x.ids.step_id for x in ok if x.kind is ToolKind.SIDE_EFFECT]
    readings: dict[str, list[tuple[int, str, str]]] = {}
    for x in ok:
        for f in x.fragments:
            if f.entity_id is not None and not isinstance(f.value, dict | list):
                readings.setdefault(f.name, []).append((x.ids.step_id, x.tool, cell(f.value)))
    found: dict[str, set[tuple[int, str, str]]] = {}
    for fact, rs in readings.items():
        rs = sorted(set(rs))
        for i, r1 in enumerate(rs):
            for r2 in rs[i + 1:]:
                if r1[2] != r2[2] and r1[1] != r2[1] and not any(r1[0] <= s <= r2[0] for s in effects):
                    found.setdefault(fact, set()).update({r1, r2})
    return found


@SETTINGS
@given(records)
def test_conflicts_only_between_different_tools_without_side_effect_between(a: list) -> None:
    xs = _adapted(a)
    state = align_all(xs)
    for entity in ("reservation:R1", "reservation:R2"):
        expected = _oracle(xs, entity)
        got = {c.fact: c for c in conflicts(state, entity)}
        assert set(got) == set(expected)
        for fact, c in got.items():
            listed = {(v["step_id"], v["source"].split(":")[0], v["value"]) for v in c.values}
            assert listed == expected[fact]  # every clashing value listed: nothing arbitrated
            assert len({v["value"] for v in c.values}) >= 2
            assert len({v["source"] for v in c.values}) >= 2
            assert [v["step_id"] for v in c.values] == sorted(v["step_id"] for v in c.values)


def test_two_reads_disagreeing_list_both_values() -> None:
    xs = _adapted([
        {"tool": "get_reservation_details", "reservation_id": "R1", "cabin": "economy", "total_baggages": 0,
         "status": None, "error": False},
        {"tool": "get_reservation_snapshot", "reservation_id": "R1", "cabin": "business", "total_baggages": 0,
         "status": None, "error": False},
    ])
    snapshot, _ = align(xs[1], align_all(xs[:1]))
    [c] = snapshot.conflicts
    assert c.entity_id == "reservation:R1" and c.fact == "cabin"
    assert [(v["value"], v["step_id"]) for v in c.values] == [("economy", 0), ("business", 1)]
    assert c.confidence == pytest.approx((c.values[0]["confidence"] + c.values[1]["confidence"]) / 2)
    text = _text(xs)
    assert "conflict reservation:R1 cabin: economy (get_reservation_details #1) vs business" in text
    assert "confidence 0.95" in text


def _reads(*cabins: str, tools: tuple[str, ...] = ("get_reservation_details", "get_reservation_snapshot")):
    return _adapted([{"tool": tools[i % len(tools)], "reservation_id": "R1", "cabin": c, "total_baggages": 0,
                      "status": None, "error": False} for i, c in enumerate(cabins)])


def test_a_conflict_is_reported_when_it_appears_and_again_only_when_its_values_change() -> None:
    state = None
    seen = []
    for x in _reads("economy", "business", "economy", "business", "basic_economy"):
        snapshot, state = align(x, state)
        seen.append([sorted({v["value"] for v in c.values}) for c in snapshot.conflicts])
    assert seen == [[], [["business", "economy"]], [], [], [["basic_economy", "business", "economy"]]]


def test_volatile_fields_are_never_conflicts() -> None:
    served = parse_contract({"name": "get_reservation_status", "kind": "read", "entity": "reservation",
                             "key": ["reservation_id"], "volatile_fields": ["checked_by"]}, "test").build()
    contracts = {**CONTRACTS, served.name: served}
    xs = []
    for step, (tool, stamp, who) in enumerate([("get_reservation_details", "2024-05-01T10:00:00Z", "a"),
                                               ("get_reservation_status", "2024-05-01T10:00:09Z", "b")]):
        raw = orjson.dumps({"reservation_id": "R1", "cabin": "economy", "served_at": stamp,
                            "request_id": f"req-{step}", "checked_by": who}).decode()
        env = RawEnvelope.parse({"task_id": "t", "step_id": step, "action_id": f"a{step}", "tool": tool, "raw": raw,
                                 "args": {"reservation_id": "R1"}})
        xs.append(adapt(env, contracts).adapted)
    state = None
    for x in xs:
        snapshot, state = align(x, state, contracts[x.tool].volatile_fields)
        assert snapshot.conflicts == []
    assert looks_volatile("served_at") and looks_volatile("requestId") and looks_volatile("trace_id")
    assert not looks_volatile("created_at") and not looks_volatile("order_id")


def test_a_late_older_result_is_shown_as_older_never_as_a_change_nor_the_baseline() -> None:
    from obsline.aligner.fold import fold
    from obsline.sinks.observe import observe

    newer, older, again = _adapted([
        {"tool": "get_reservation_details", "reservation_id": "R1", "cabin": c, "total_baggages": 0,
         "status": None, "error": False} for c in ("business", "economy", "business")], first_step=2)
    newer = dataclasses.replace(newer, ids=dataclasses.replace(newer.ids, step_id=3))
    older = dataclasses.replace(older, ids=dataclasses.replace(older.ids, step_id=2))
    again = dataclasses.replace(again, ids=dataclasses.replace(again.ids, step_id=4))
    state = fstate = None
    texts = []
    for x in (newer, older, again):
        snap, state = align(x, state)
        decision, fstate = fold(x, CONTRACTS.get(x.tool), x.args, fstate)
        texts.append(observe(snap, decision).text)
    assert texts[1].split("\n")[0].endswith("result of step 2, older than step 3 (#1); not a change, #1 is newer:")
    assert "changed since" not in texts[1] and "economy" in texts[1]
    assert texts[2] == "unchanged since #1"  # the newer read stayed the baseline


def _text(xs: list[Adapted]) -> str:
    from obsline.aligner.fold import fold
    from obsline.sinks.observe import observe

    state = fstate = None
    text = ""
    for x in xs:
        snap, state = align(x, state)
        decision, fstate = fold(x, CONTRACTS.get(x.tool), x.args, fstate, conflicts=snap.conflicts)
        text = observe(snap, decision).text
    return text


def test_a_side_effect_between_two_reads_is_a_change_not_a_conflict() -> None:
    recs = [
        {"tool": "get_reservation_details", "reservation_id": "R1", "cabin": "economy", "total_baggages": 0,
         "status": None, "error": False},
        {"tool": "update_reservation_baggages", "reservation_id": "R1", "cabin": "economy", "total_baggages": 2,
         "status": None, "error": False},
        {"tool": "get_reservation_snapshot", "reservation_id": "R1", "cabin": "economy", "total_baggages": 2,
         "status": None, "error": False},
    ]
    assert conflicts(align_all(_adapted(recs)), "reservation:R1") == []


def test_same_tool_changing_value_is_not_a_conflict() -> None:
    recs = [{"tool": "get_reservation_details", "reservation_id": "R1", "cabin": c, "total_baggages": 0,
             "status": None, "error": False} for c in ("economy", "business")]
    assert conflicts(align_all(_adapted(recs)), "reservation:R1") == []


def test_errors_contribute_no_facts() -> None:
    env = RawEnvelope.parse({"task_id": "t", "step_id": 0, "action_id": "a", "tool": "get_reservation_details",
                             "raw": "Error: reservation R1 not found", "args": {"reservation_id": "R1"}})
    assert facts_of(adapt(env, CONTRACTS).adapted) == empty_state()


# -- text fold: lossless against the view it points to -----------------------------------

_CODE = st.sampled_from([f"    x_{k} = compute({k}, 'some text')" for k in range(8)] + ["", "def f():", "    return 1"])


_X0, _X1 = "    x_0 = compute(0, 'some text')", "    x_1 = compute(1, 'some text')"


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(["cat", "edit"]), st.lists(_CODE, min_size=6, max_size=25),
                          st.integers(1, 30)), min_size=1, max_size=6))
# Found by hypothesis: the third window is the second one less its last line, so the diff
# against that view's lines inside the window is empty (once shown as a fold line with no hunk).
@example([("cat", [_X0] * 6, 1), ("cat", [_X0, _X0, _X1, _X0, _X1, _X0, _X0], 1),
          ("cat", [_X0, _X0, _X1, _X0, _X1, _X0], 1)])
def test_a_folded_text_rebuilds_exactly_from_the_observation_it_names(views: list) -> None:
    """Every text fold is lossless: ``unchanged since #N`` is #N's text, a diff applied to
    #N's text gives the new text; a write is never ``unchanged``."""
    from obsline.aligner.fold import fold
    from obsline.aligner.textdiff import patch
    from obsline.aligner.textfold import window_of
    from obsline.core.models import DedupKind

    state = None
    texts: dict[int, str] = {}  # number -> the text that observation stands for
    for step, (tool, body, first) in enumerate(views):  # windows of one file, anywhere in it
        text = "\n".join(["[File: /r/a.py (99 lines total)]", *(f"{first + i}:{c}" for i, c in enumerate(body))])
        env = RawEnvelope.parse({"task_id": "t", "step_id": step, "action_id": f"a{step}", "tool": tool,
                                 "raw": "x" * 300, "args": {"command": f"{tool} a.py"}})
        adapted = dataclasses.replace(adapt(env, CONTRACTS).adapted, data=text)
        decision, state = fold(adapted, None, adapted.args, state, text=text)
        if decision.kind is DedupKind.UNCHANGED:
            m = re.fullmatch(r"(?:unchanged since|same text as) #(\d+)(?: lines (\d+)-(\d+))?", decision.text_head)
            assert tool == "cat" and m and int(m.group(1)) == decision.baseline_number
            old = texts[decision.baseline_number].split("\n")
            if m.group(2):  # the lines of that view inside this window
                old, _ = window_of(old, (int(m.group(2)), int(m.group(3))))
            assert old == text.split("\n")
        elif decision.kind is DedupKind.DELTA:
            m = re.fullmatch(r"changed since #(\d+)(?: lines (\d+)-(\d+))? \(diff\):", decision.text_head)
            assert m and int(m.group(1)) == decision.baseline_number
            old = texts[decision.baseline_number].split("\n")
            if m.group(2):  # compared with the lines of that view inside the new window
                old, _ = window_of(old, (int(m.group(2)), int(m.group(3))))
            assert patch(old, decision.text_body.split("\n")) == text.split("\n")
        if decision.number is not None:
            texts[decision.number] = text


@settings(max_examples=300, deadline=None)
@given(values=st.lists(st.one_of(st.text(max_size=12), st.integers(), st.booleans(), st.none(), st.floats(),
                                 st.sampled_from(["-", "", "a b", 'say "x"', "T1001", "ünïcode", "1\t2"])),
                       min_size=1, max_size=6))
def test_a_facts_value_texts_are_its_cells(values: list[Any]) -> None:
    """``_add_facts`` writes a bare word or an int inline: each value's text is ``cell``'s."""
    from obsline.core.models import Fragment, Ids
    from obsline.core.notation import cell

    fragments = [Fragment(f"f{i}", "string", v, 0.9, "t:f", "E1") for i, v in enumerate(values)]
    adapted = dataclasses.replace(_adapted([{"tool": TOOLS[0], "reservation_id": "E1", "cabin": "economy", "total_baggages": 1,
                                            "status": None, "error": False}], 1)[0], entity_id="E1", fragments=fragments,
                                  ids=Ids("t", 1, "a"))
    facts = facts_of(adapted)["facts"]["E1"]
    assert {name: list(texts) for name, texts in facts.items()} == {f"f{i}": [cell(v)] for i, v in enumerate(values)}
