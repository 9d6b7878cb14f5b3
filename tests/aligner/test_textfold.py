"""Text dedup for tools without a contract, through the in-process Runner: a re-read with the
same text is one line, a changed one a diff that gives the new text back, a write never folds
to ``unchanged``, and every reference names one numbered observation."""

from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest

from obsline.aligner.textdiff import patch, unfold_runs
from obsline.core.models import DedupKind, Observation
from obsline.pipeline import Runner, Stages
from obsline.sinks.rebuild import held_by_number, rebuild

FOREIGN = Path(__file__).resolve().parents[3] / "shared" / "data" / "foreign-dev" / "foreign-dev.jsonl"
PATH = "/repo/src/app.py"


def _view(contents: list[str], first: int = 1, total: int = 40) -> str:
    return "\n".join([f"[File: {PATH} ({total} lines total)]", *(f"{first + i}:{c}" for i, c in enumerate(contents))])


FILE = [f"    value_{k} = compute({k})" for k in range(1, 31)]


def _line(step: int, tool: str, raw: str, command: str, task: str = "t", action: str | None = None) -> bytes:
    return orjson.dumps({"task_id": task, "step_id": step, "action_id": action or f"a{step}", "tool": tool,
                         "raw": raw, "args": {"command": command}})


STAGES = Stages.default()


def _run(lines: list[bytes]) -> list[Observation]:
    return [p.observation for p in Runner(STAGES).run(lines)]


def _diff_lines(text: str) -> list[str]:
    body = text.split("\n")[1:]  # after the fold line
    return body[1:-1] if body and body[0].startswith("<<<") else body  # inside the fence, if any


def test_reopening_an_unchanged_file_is_one_line_naming_the_first_view() -> None:
    first, again = _run([_line(0, "open", _view(FILE), "open app.py"), _line(1, "open", _view(FILE), "open app.py")])
    assert first.dedup.kind is DedupKind.NEW and first.text.startswith(f"#{first.dedup.number} ")
    assert again.dedup.kind is DedupKind.UNCHANGED
    assert again.text == f"unchanged since #{first.dedup.number}"
    assert again.dedup.refs == [first.dedup.number]


def test_a_changed_reread_is_a_diff_that_gives_the_new_view_back() -> None:
    edited = FILE[:4] + ["    inserted = True"] + FILE[4:]
    old, new = _view(FILE), _view(edited, total=41)
    first, second = _run([_line(0, "open", old, "open app.py"), _line(1, "open", new, "open app.py")])
    assert second.dedup.kind is DedupKind.DELTA
    assert second.text.startswith(f"#{second.dedup.number} changed since #{first.dedup.number} (diff):")
    assert patch(old.split("\n"), _diff_lines(second.text)) == new.split("\n")
    assert second.tokens["text"] < first.tokens["text"] // 2  # the shifted lines are not shown again


def test_an_edit_result_is_diffed_against_the_last_view_but_never_unchanged() -> None:
    old = _view(FILE)
    edited = _view(FILE[:2] + ["    value_3 = 0"] + FILE[3:]) + "\nFile updated. Please review the changes."
    obs = _run([_line(0, "open", old, "open app.py"), _line(1, "edit", edited, "edit 3:3\n    value_3 = 0\nend"),
                _line(2, "edit", edited, "edit 3:3\n    value_3 = 0\nend")])
    assert obs[1].dedup.kind is DedupKind.DELTA and "+3:    value_3 = 0" in obs[1].text
    assert obs[2].dedup.kind is DedupKind.NEVER  # a write with the same text: never "unchanged"
    assert "unchanged" not in obs[2].text and obs[0].dedup.number in obs[2].dedup.refs  # lines shown by #1
    held = held_by_number(obs)
    assert [rebuild(o, held) for o in obs] == [old, edited, edited]


def test_a_window_elsewhere_in_the_file_is_shown_in_full_and_folds_later() -> None:
    top, far = _view(FILE[:10], 1, 2000), _view(FILE[10:20], 1474, 2000)
    obs = _run([_line(0, "open", top, "open app.py"), _line(1, "goto", far, "goto 1474"),
                _line(2, "open", top, "open app.py")])
    assert obs[1].dedup.kind is DedupKind.NEW  # no earlier view of these lines
    assert obs[2].dedup.kind is DedupKind.UNCHANGED and obs[2].dedup.refs == [obs[0].dedup.number]


def test_an_older_text_arriving_late_is_said_to_be_older_not_a_change() -> None:
    old, new = _view(FILE), _view(FILE[:29] + ["    changed = 1"])
    obs = _run([_line(3, "open", new, "open app.py"), _line(2, "open", old, "open app.py")])
    late = obs[1]
    assert late.dedup.kind is DedupKind.OLDER
    assert late.text.startswith(f"result of step 2, older than step 3 (#{obs[0].dedup.number})")
    assert "value_30" in late.text and "changed since" not in late.text


def test_tools_neither_read_nor_write_are_never_folded() -> None:
    out = "Ran 3 tests\n" + "\n".join(f"test_{k} ... ok" for k in range(30))
    obs = _run([_line(0, "python", out, "python -m pytest"), _line(1, "python", out, "python -m pytest")])
    assert [o.dedup.kind for o in obs] == [DedupKind.NEVER, DedupKind.NEVER]
    assert "test_29" in obs[0].text  # in full the first time; the repeat points at it, whatever the tool
    assert obs[1].text == f"#{obs[1].dedup.number} [31 lines same as #{obs[0].dedup.number} from line 1]"
    assert rebuild(obs[1], held_by_number(obs)) == out


def test_repeated_lines_fold_with_a_count_losslessly() -> None:
    out = "\n".join(["downloading", *["progress: 100% [==========]"] * 40, "done"])
    [obs] = _run([_line(0, "cat", out, "cat log.txt")])
    assert "(the line above 39 more times)" in obs.text
    text = re.sub(r"^#\d+ ", "", obs.text)
    body = [x for x in text.split("\n") if not x.startswith("<<<")]
    assert unfold_runs(body) == out.split("\n")


def test_parallel_calls_of_one_step_get_distinct_numbers_and_references() -> None:
    a, b = _view(FILE), _view(FILE).replace(PATH, "/repo/src/other.py")
    obs = _run([_line(4, "open", a, "open app.py", action="x"), _line(4, "open", b, "open other.py", action="y"),
                _line(5, "open", b, "open other.py"), _line(5, "open", a, "open app.py", action="z")])
    assert obs[0].dedup.number != obs[1].dedup.number
    assert obs[2].text == f"unchanged since #{obs[1].dedup.number}"
    assert obs[3].text == f"unchanged since #{obs[0].dedup.number}"


@pytest.fixture(scope="module")
def foreign() -> list[bytes]:
    if not FOREIGN.exists():
        import os
        if os.environ.get("CI") == "true":
            pytest.fail(f"{FOREIGN} is missing")
        pytest.skip(f"{FOREIGN} is absent (the shared data lives beside the checkout)")
    return [line for line in FOREIGN.read_bytes().splitlines() if line.strip()]


def test_real_rereads_fold_and_every_reference_names_an_earlier_observation(foreign: list[bytes]) -> None:
    obs = _run(foreign)
    assert len(obs) == len(foreign)
    numbers: dict[str, dict[int, Observation]] = {}
    unchanged = 0
    for o in obs:
        mine = numbers.setdefault(o.task_id, {})
        for ref in o.dedup.refs:
            assert ref in mine, (o.task_id, o.step_id, ref)  # an earlier, numbered observation
            assert f"#{ref}" in o.text or any(f"#{ref}" in mine[r].text for r in o.dedup.refs)
        if o.dedup.kind is DedupKind.UNCHANGED:
            unchanged += 1
            assert o.metadata["kind"] == "read" and re.fullmatch(r"(unchanged since|same text as) #\d+", o.text)
        if o.dedup.number is not None:
            assert o.dedup.number not in mine and o.text.startswith(f"#{o.dedup.number} ")
            mine[o.dedup.number] = o
    assert unchanged >= 20  # tau2 get_* re-reads of the same customer or line (23 on the dev file)


def test_real_ls_after_a_file_was_created_shows_only_the_new_name(foreign: list[bytes]) -> None:
    recs = [orjson.loads(x) for x in foreign if b"marshmallow-1867" in x]
    ls = [r for r in recs if r["tool"] == "ls"][:2]
    assert len(ls) == 2 and ls[0]["raw"] != ls[1]["raw"]
    first, second = _run([orjson.dumps(r) for r in ls])
    assert second.dedup.kind is DedupKind.DELTA
    assert "+reproduce.py" in second.text and "setup.py" not in second.text
    assert patch(ls[0]["raw"].split("\n"), _diff_lines(second.text)) == ls[1]["raw"].split("\n")


def test_real_repeated_texts_become_line_references_that_rebuild_the_text(foreign: list[bytes]) -> None:
    recs = [orjson.loads(x) for x in foreign if b"sweagent/crypto/BabyEncryption" in x]
    failed = [r for r in recs if r["tool"] == "edit" and r["raw"].startswith("Your proposed edit")][:2]
    assert failed[0]["raw"] == failed[1]["raw"]  # the agent made the same bad edit twice
    first, second = _run([orjson.dumps(r) for r in failed])
    assert first.dedup.kind is second.dedup.kind is DedupKind.NEVER  # writes: never "unchanged"
    assert re.fullmatch(rf"#2 \[\d+ lines same as #{first.dedup.number} from line 1\]", second.text)
    assert "(the view above with this diff:)" in first.text  # the original window: one changed line
    assert second.dedup.refs == [first.dedup.number]
    held = held_by_number([first, second])
    for obs, rec in ((first, failed[0]), (second, failed[1])):
        assert rebuild(obs, held, task=[first, second]) == rec["raw"]


def test_real_rejected_edits_show_their_windows_as_diffs_of_views_shown_before(foreign: list[bytes]) -> None:
    """A rejected edit's preview and original window, shown as diffs of the file's last view
    (or of the preview above), rebuild byte for byte from the observations they name."""
    recs = [orjson.loads(x) for x in foreign if b"marshmallow-1867__function_calling__" in x]
    obs = _run([orjson.dumps(r) for r in recs])
    held = held_by_number(obs)
    rejected = [(o, r) for o, r in zip(obs, recs, strict=True) if r["raw"].startswith("Your proposed edit")]
    assert rejected
    for o, r in rejected:
        assert "with this diff:)" in o.text and o.tokens["text"] < o.tokens["raw"] // 3
        assert rebuild(o, held, task=obs) == r["raw"].replace("\r\n", "\n")
        assert all(n < (o.dedup.number or 10**9) for n in o.dedup.refs)


def test_real_repeated_commands_of_a_generic_tool_show_a_diff_of_their_last_text(foreign: list[bytes]) -> None:
    """curl posting a form again prints the same page: shown as a diff against the last
    curl text (never "unchanged"), which patches back to the raw."""
    recs = [orjson.loads(x) for x in foreign if b"sweagent/web/i_got_id_demo" in x]
    obs = _run([orjson.dumps(r) for r in recs])
    texts = {o.dedup.number: r["raw"] for o, r in zip(obs, recs, strict=True) if o.dedup.number is not None}
    diffs = [(o, r) for o, r in zip(obs, recs, strict=True) if " differs from #" in o.text.split("\n")[0]]
    assert len(diffs) >= 10
    for o, r in diffs:
        m = re.fullmatch(r"#\d+ differs from #(\d+) by this diff:", o.text.split("\n")[0])
        assert m and o.dedup.kind is DedupKind.NEVER and int(m.group(1)) in o.dedup.refs
        assert patch(texts[int(m.group(1))].split("\n"), _diff_lines(o.text)) == r["raw"].split("\n")
