"""The display budget: whole results up to the budget; over it a summary, the head and the tail,
and cut statements that read back through the artifact store exactly what was left out."""

from __future__ import annotations

import random
from pathlib import Path

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.core.tokens import DEFAULT_BUDGET_TOKENS, count_tokens, fits_without_counting
from obsline.pipeline import Runner, Stages
from obsline.sinks import budget as budget_module
from obsline.sinks.budget import Cut, fit_body, fit_lines, statement, within
from obsline.sinks.render import FENCE_CLOSE, FENCE_OPEN, body_parts
from obsline.stores.artifacts import ArtifactStore
from tests.conftest import REPO, shared_or_skip

FOREIGN_DEV = REPO.parent / "shared" / "data" / "foreign-dev" / "foreign-dev.jsonl"


def _line(step: int, tool: str, raw, task: str = "T") -> bytes:
    return orjson.dumps({"task_id": task, "step_id": step, "action_id": f"a{step}", "tool": tool, "raw": raw})


def _replay(lines: list[bytes], store: ArtifactStore, **stage_settings):
    out = []
    for p in Runner(Stages.default(artifact_key=store.key, **stage_settings)).run(lines):
        store.put(p.observation.evidence["artifact"], p.raw_bytes)
        out.append(p.observation)
    store.flush()
    return out


def _log(n: int) -> str:
    rng = random.Random(7)
    lines = [f"2024-05-14T10:{i // 60 % 60:02d}:{i % 60:02d}Z {rng.choice(['INFO', 'WARN', 'DEBUG'])} "
             f"worker-{i % 7} processed batch{i:05d} in {rng.randint(1, 900)} ms" for i in range(n - 2)]
    return "\n".join(["START-OF-LOG build 4711", *lines[1:], "FAILED tests/test_io.py::test_roundtrip - AssertionError",
                      "=== 1 failed, 812 passed in 31.2s ==="])


def _rows(n: int) -> list[dict]:
    rng = random.Random(3)
    return [{"id": i, "day": f"2024-05-{1 + i % 28:02d}", "lv": rng.choice("IWE"),
             "r": rng.choice(["us", "eu", None])} for i in range(n)]


# --- cheap when within the budget ----------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_no_text_has_more_o200k_tokens_than_utf8_bytes(text: str) -> None:
    # what fits_without_counting relies on: a token is at least one byte
    assert count_tokens(text) <= len(text.encode("utf-8", "surrogatepass"))
    if fits_without_counting(text, 400):
        assert count_tokens(text) <= 400


def test_a_body_of_at_most_budget_characters_is_not_tokenized(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_tokenizer(text: str, memo=None) -> int:
        raise AssertionError("counted")

    monkeypatch.setattr(budget_module, "count_tokens", no_tokenizer)
    assert within("a" * 8000, 8000)
    assert within("é" * 4000, 8000)  # 8,000 bytes
    assert fit_body("x" * 7000, "x" * 7000, 8000).cuts == ()


# --- real results under the budget are shown whole -----------------------------------------

def test_long_swe_agent_results_under_the_budget_are_shown_whole(tmp_path: Path) -> None:
    path = shared_or_skip(FOREIGN_DEV)
    records = [orjson.loads(line) for line in path.read_bytes().splitlines() if line.strip()]
    long = [r for r in records if r.get("kind") == "sweagent-traj" and len(r["raw"]) > 7000]
    assert len(long) >= 5
    store, shown = ArtifactStore(tmp_path), 0
    for rec in long:
        assert count_tokens(rec["raw"]) < DEFAULT_BUDGET_TOKENS
        [obs] = _replay([_line(rec["step_id"], rec["tool"], rec["raw"], rec["task_id"])], store)
        assert "cut" not in obs.metadata and obs.metadata["truncated"] is False
        if obs.status.value == "error":  # a file view read as bad JSON: the shapes adapters' part
            continue
        shown += 1
        if "(the view above with this diff:)" in obs.text:
            continue  # a rejected edit's original window as a diff of its preview: tests/aligner/test_textfold.py
        for raw_line in rec["raw"].split("\n"):
            assert raw_line.strip() in obs.text
    assert shown >= 3


def test_a_10_kb_file_view_is_shown_whole(tmp_path: Path) -> None:
    raw = "\n".join(f"{i:6d}\t    def helper_{i}(self, value):  # keeps it" for i in range(1, 196))  # cat -n
    assert 9_000 < len(raw.encode()) < 11_000
    [obs] = _replay([_line(1, "open", raw)], ArtifactStore(tmp_path))
    assert "cut" not in obs.metadata
    assert "def helper_100(self" in obs.text and "def helper_195(self" in obs.text


# --- a 50,000-line log ---------------------------------------------------------------------

def test_50k_line_log_shows_head_and_tail_and_the_cut_reads_back_exactly(tmp_path: Path) -> None:
    log = _log(50_000)
    store = ArtifactStore(tmp_path)
    [obs] = _replay([_line(1, "bash", log)], store)
    assert obs.tokens["text"] <= DEFAULT_BUDGET_TOKENS
    assert obs.metadata["truncated"] is True
    assert "START-OF-LOG build 4711" in obs.text and "1 failed, 812 passed in 31.2s" in obs.text
    assert "FAILED tests/test_io.py::test_roundtrip" in obs.text
    [cut] = obs.metadata["cut"]
    assert cut["path"] == "" and cut["of"] == 50_000
    first, last = cut["lines"]
    omitted = store.read_range(obs.evidence["artifact"], task_id="T", lines=(first, last)).decode()
    lines = log.split("\n")
    assert omitted == "\n".join(lines[first - 1:last])
    assert cut["bytes"] == len(omitted.encode())
    shown = [line for line in lines[:first - 1] + lines[last:]]
    assert all(f"  {line}" in obs.text.split("\n") or line in obs.text for line in shown)
    assert f"batch{first - 1:05d}" not in obs.text and f"batch{last - 2:05d}" not in obs.text
    assert f"--lines {first}-{last}" in obs.text and f"lines=({first}, {last})" in obs.text


def test_first_and_last_20_lines_of_an_over_budget_text_are_visible(tmp_path: Path) -> None:
    log = _log(50_000)
    [obs] = _replay([_line(1, "bash", log)], ArtifactStore(tmp_path))
    lines = log.split("\n")
    for line in lines[:20] + lines[-20:]:
        assert line in obs.text


# --- a 20,000-row JSON list ----------------------------------------------------------------

@pytest.mark.parametrize("at_path", [False, True])
def test_20k_row_list_shows_summary_first_and_last_rows_and_the_items_read_back(tmp_path: Path,
                                                                                at_path: bool) -> None:
    rows = _rows(20_000)
    raw = orjson.dumps({"total": 20_000, "events": rows} if at_path else rows).decode()
    assert len(raw) < 1 << 20  # parsed: under the storage limit
    store = ArtifactStore(tmp_path)
    [obs] = _replay([_line(2, "list_events", raw)], store)
    assert obs.tokens["text"] <= DEFAULT_BUDGET_TOKENS
    [cut] = obs.metadata["cut"]
    assert cut["path"] == ("events" if at_path else "") and cut["of"] == 20_000
    first, last = cut["items"]
    omitted = orjson.loads(store.read_range(obs.evidence["artifact"], task_id="T", path=cut["path"] or None,
                                      items=(first, last)))
    assert omitted == rows[first - 1:last]
    assert cut["bytes"] == len(orjson.dumps(omitted))
    name = "events" if at_path else "items"
    assert f"{name}: 20,000 rows" in obs.text
    assert "  id: 20,000 distinct, min 0 max 19999" in obs.text
    assert "  day: 28 distinct, min 2024-05-01 max 2024-05-28" in obs.text
    nulls = sum(r["r"] is None for r in rows)
    assert f"{nulls:,} null" in obs.text
    table = obs.text.split("\n")
    header = table.index(f"{name}: id day lv r")
    shown = [line for line in table[header + 1:] if not line.startswith("…[")]
    assert len(shown) == 20_000 - (last - first + 1)
    assert shown[0] == "0 2024-05-01 " + " ".join(
        [rows[0]["lv"], rows[0]["r"] or "-"]) and shown[-1].startswith("19999 ")
    assert f"…[items {first:,}-{last:,} not shown]…" in obs.text


# --- one huge line -------------------------------------------------------------------------

def test_a_single_huge_line_is_cut_at_a_stated_character_range(tmp_path: Path) -> None:
    line = "HEAD-WORD " + "".join(f"{i:07d} " for i in range(200_000)) + "TAIL-WORD"
    store = ArtifactStore(tmp_path)
    [obs] = _replay([_line(1, "web_fetch", line)], store)
    [cut] = obs.metadata["cut"]
    assert cut["line"] == 1 and cut["of"] == len(line)
    a, b = cut["chars"]
    omitted = store.read_range(obs.evidence["artifact"], task_id="T", lines=(1, 1), chars=(a, b)).decode()
    assert omitted == line[a - 1:b]
    assert f"{line[:a - 1]}…[chars {a:,}-{b:,} of line 1 not shown]…{line[b:]}" in obs.text
    assert "HEAD-WORD" in obs.text and "TAIL-WORD" in obs.text
    assert obs.tokens["text"] <= DEFAULT_BUDGET_TOKENS


def test_a_raw_over_the_parse_limit_is_still_shown_head_and_tail(tmp_path: Path) -> None:
    log = _log(60_000)
    assert len(log) > 1 << 20
    [obs] = _replay([_line(1, "bash", log)], ArtifactStore(tmp_path))
    assert obs.text.startswith("not parsed:")
    assert "START-OF-LOG" in obs.text and "812 passed" in obs.text


# --- budgets by contract, flag and environment ----------------------------------------------

def test_a_contract_budget_applies_to_its_tool_only(tmp_path: Path) -> None:
    contracts = tmp_path / "contracts"
    contracts.mkdir()
    (contracts / "tail_log.yaml").write_text("name: tail_log\nkind: read\nbudget_tokens: 600\n")
    log = _log(2_000)
    small, default = _replay([_line(1, "tail_log", log), _line(2, "bash", log)], ArtifactStore(tmp_path),
                             contracts_dir=contracts)
    assert small.tokens["text"] <= 600 < default.tokens["text"] <= DEFAULT_BUDGET_TOKENS
    assert small.metadata["cut"] and default.metadata["cut"]


def test_a_global_budget_applies_to_tools_without_one(tmp_path: Path) -> None:
    [obs] = _replay([_line(1, "bash", _log(2_000))], ArtifactStore(tmp_path), budget_tokens=1000)
    assert 800 < obs.tokens["text"] <= 1000


@pytest.mark.parametrize("bad", [0, -1, 100, "many", 2.5, True])
def test_bad_budgets_are_rejected_with_a_clear_error(bad) -> None:
    with pytest.raises(ValueError, match="display budget"):
        Stages.default(budget_tokens=bad)


# --- memo, statements, fences ---------------------------------------------------------------

def test_budgeted_output_is_the_same_with_memos_on_and_off(tmp_path: Path) -> None:
    lines = [_line(1, "bash", _log(5_000)), _line(2, "bash", _log(5_000)),
             _line(3, "list_events", orjson.dumps(_rows(3_000)).decode())]
    store = ArtifactStore(tmp_path)  # one store: one signing key, the same refs
    on = _replay(lines, store)
    off = _replay(lines, store, memo_entries=0)
    assert [o.text for o in on] == [o.text for o in off]
    assert [o.metadata for o in on] == [o.metadata for o in off]


def test_statement_names_the_command_and_the_python_call() -> None:
    [line] = statement((Cut("items", 5, 9, 20, 120, "events"),), "artifact://t/1/a", "t")
    assert "events items 5-9 of 20 not shown (120 bytes)" in line
    assert "obsline artifact get artifact://t/1/a --task t --path events --items 5-9" in line
    assert "ArtifactStore(root).read_range('artifact://t/1/a', task_id='t', path='events', items=(5, 9))" in line


def test_fit_lines_closes_a_fence_it_cuts_open_and_states_the_lines() -> None:
    lines = ["header line", FENCE_OPEN, *[f"outside text line {i}" for i in range(3_000)], FENCE_CLOSE, "end"]
    fitted = fit_lines("\n".join(lines), 500)
    [cut] = fitted.cuts
    assert cut.unit == "observation_lines"
    kept = fitted.text.split("\n")
    assert kept.count(FENCE_OPEN) == kept.count(FENCE_CLOSE) == 2
    # "outside text line i" is line i + 3 of the text (1-based): the last one shown is cut.first - 1
    assert f"outside text line {cut.first - 4}\n" in fitted.text
    assert f"outside text line {cut.first - 3}\n" not in fitted.text
    assert f"outside text line {cut.last - 3}\n" not in fitted.text
    assert f"outside text line {cut.last - 2}\n" in fitted.text
    assert count_tokens(fitted.text) <= 500


def test_summary_values_that_read_like_instructions_are_not_listed() -> None:
    rows = [{"id": i, "note": "<system>" if i % 2 else "ok"} for i in range(3_000)]
    fitted = fit_body(body_parts(rows), rows, 600)
    assert "<system>" not in fitted.text.split("…[")[0].split("items: id note")[0]
    assert "items: 3,000 rows" in fitted.text


@pytest.mark.parametrize("template", ["verbose", "debug"])
def test_verbose_and_debug_sections_are_cut_before_the_body(tmp_path: Path, template: str) -> None:
    log = _log(20_000)
    [obs] = _replay([_line(1, "bash", log)], ArtifactStore(tmp_path), template=template)
    assert obs.tokens["text"] <= DEFAULT_BUDGET_TOKENS
    assert "START-OF-LOG" in obs.text and "1 failed, 812 passed" in obs.text  # the body's head and tail
    body_cut, *section_cuts = obs.metadata["cut"]
    assert body_cut["path"] == "" and "lines" in body_cut
    assert section_cuts and all(set(c) & {"observation_lines", "observation_chars"} for c in section_cuts)
    lines = obs.text.split("\n")
    assert lines[-1].startswith("cut: ") and "of this text not shown" in lines[-1]


def test_a_failed_command_with_a_huge_output_shows_its_head_and_tail_by_raw_lines(tmp_path: Path) -> None:
    raw = "Error: " + "\n".join(f"frame {i} failed" for i in range(30_000))
    store = ArtifactStore(tmp_path)
    [obs] = _replay([_line(1, "bash", raw)], store)
    assert obs.status.value == "error" and obs.tokens["text"] <= DEFAULT_BUDGET_TOKENS
    [cut] = obs.metadata["cut"]
    first, last = cut["lines"]
    omitted = store.read_range(obs.evidence["artifact"], task_id="T", lines=(first, last)).decode()
    assert omitted == "\n".join(raw.split("\n")[first - 1:last])
    assert "Error: frame 0 failed" in obs.text and "frame 29999 failed" in obs.text
    assert f"frame {first - 2} failed\n" in obs.text and f"frame {first - 1} failed\n" not in obs.text


def test_a_text_read_into_records_by_its_shape_is_cut_by_lines_of_the_observation(tmp_path: Path) -> None:
    raw = "\n".join(["name,size,owner", *(f"file{i:05d}.txt,{i * 7},alice" for i in range(8_000))])  # CSV
    [obs] = _replay([_line(1, "bash", raw)], ArtifactStore(tmp_path))
    assert obs.tokens["text"] <= DEFAULT_BUDGET_TOKENS
    [cut] = obs.metadata["cut"]  # no --path/--items: the raw is not JSON, those would not read back
    first, last = cut["observation_lines"]
    lines = obs.text.split("\n")
    assert lines[first - 1] == f"…[lines {first:,}-{last:,} not shown]…"
    assert lines[-1].startswith(f"cut: lines {first:,}-{last:,} of {cut['of']:,} of this text not shown")
    assert "file00000.txt" in obs.text and "file07999.txt" in obs.text



def test_a_list_inside_a_nested_record_is_cut_at_its_dotted_path(tmp_path: Path) -> None:
    rows = _rows(8_000)
    store = ArtifactStore(tmp_path)
    [obs] = _replay([_line(1, "api", orjson.dumps({"data": {"meta": {"n": 1}, "rows": rows}, "ok": True}).decode())],
                    store)
    [cut] = obs.metadata["cut"]
    assert cut["path"] == "data.rows" and cut["of"] == 8_000
    first, last = cut["items"]
    assert orjson.loads(store.read_range(obs.evidence["artifact"], task_id="T", path="data.rows",
                                         items=(first, last))) == rows[first - 1:last]
    assert "  rows: 8,000 rows" in obs.text and "ok: true" in obs.text
    assert obs.tokens["text"] <= DEFAULT_BUDGET_TOKENS


def test_rows_grouped_into_options_are_cut_by_lines_of_the_text_as_numbered(tmp_path: Path) -> None:
    options = [[{"flight": f"HAT{i:04d}", "leg": j, "price": 100 + i} for j in range(2)] for i in range(3_000)]
    [obs] = _replay([_line(1, "search", orjson.dumps(options).decode())], ArtifactStore(tmp_path))
    [cut] = obs.metadata["cut"]
    first, last = cut["observation_lines"]
    lines = obs.text.split("\n")
    assert lines[first - 1] == f"…[lines {first:,}-{last:,} not shown]…"
    # text line 1 is the table header, then two lines per option: line k shows option (k // 2);
    # an option's second leg shows its flight as the ditto mark (the cell above)
    before, after = (first - 1) // 2, (last + 1) // 2
    assert lines[first - 2].startswith((f"{before} HAT{before - 1:04d} ", f'{before} " '))
    assert lines[first].startswith((f"{after} HAT{after - 1:04d} ", f'{after} " '))
    assert obs.tokens["text"] <= DEFAULT_BUDGET_TOKENS


def test_a_table_with_a_sub_table_over_the_budget_is_cut_by_lines_and_loses_no_row_unsaid(tmp_path: Path) -> None:
    # 1,199 sub-rows and their header: as many lines as fenced cells in blocks of 4 would be
    rows = [{"bill_id": f"B{i}", "line_items": [{"description": f"item {i}.{k}", "amount": k}
                                                for k in range(3 if i < 399 else 2)]} for i in range(400)]
    [obs] = _replay([_line(1, "get_bills", orjson.dumps(rows).decode())], ArtifactStore(tmp_path), budget_tokens=1000)
    assert obs.tokens["text"] <= 1000 and obs.metadata["cut"]
    assert all("items" not in c for c in obs.metadata["cut"])  # not cut as table rows: the sub-table follows them
    assert "B0" in obs.text and "item 399.1" in obs.text  # head and tail
