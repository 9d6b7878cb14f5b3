"""Keyed lines said again as dittos (aligner.textkeys): exact, lossless, never a line not shown."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from obsline.aligner.foldstate import restrict
from obsline.aligner.textkeys import (
    DITTO,
    keep_shown,
    keep_shown_reference,
    put_back,
    say_once,
    say_once_reference,
    task_keys,
)

BAR = "Status Bar: 📶⁴ Excellent | 5G | 📱 Data Enabled | 🔋 80%"


def test_a_value_the_key_was_last_shown_with_is_a_ditto_and_comes_back() -> None:
    keys: dict[str, str] = {}
    keep_shown(keys, f"#3 {BAR}\nWi-Fi Radio: OFF")  # (a label is not part of the key)
    text = f"Airplane Mode is now OFF.\n{BAR}\nWi-Fi Radio: OFF"
    said = say_once(text, keys)
    assert said == "Airplane Mode is now OFF.\nStatus Bar: ditto\nWi-Fi Radio: OFF"  # a short value is said again
    assert put_back(said.split("\n"), keys) == text.split("\n")


def test_only_the_last_shown_value_counts_and_a_literal_ditto_forgets_its_key() -> None:
    keys: dict[str, str] = {}
    keep_shown(keys, BAR)
    keep_shown(keys, "Status Bar: 📵 No Signal | 📵 Data Disabled | 🔋 80%")
    assert say_once(BAR, keys) is None  # the nearest line above says another value
    keep_shown(keys, BAR)
    keep_shown(keys, f"Status Bar: {DITTO}")  # a tool's own "ditto": the model reads it as the value
    assert say_once(BAR, keys) is None
    assert say_once(f"{BAR}\nnote: {DITTO}", {"Status Bar": BAR[12:]}) is None  # a text with a ditto-like line: as it is


def test_a_restricted_state_forgets_every_key() -> None:
    state = {"keys": {"v": {"Status Bar": BAR[12:]}}, "numbers": {"next": 5}}
    assert restrict(state, {1, 2})["keys"] == {}  # a reader that lacks some observations may lack the line


@given(st.lists(st.sampled_from([BAR, "Status Bar: short", "(Current directory: /repo/src/marshmallow)",
                                 "plain line", "key: ditto", "Status: a ditto of it", ""]), max_size=8),
       st.lists(st.sampled_from([BAR, "(Current directory: /repo/src/marshmallow)", "x"]), max_size=4))
def test_put_back_undoes_say_once(lines: list[str], shown: list[str]) -> None:
    keys: dict[str, str] = {}
    keep_shown(keys, "\n".join(shown))
    text = "\n".join(lines)
    said = say_once(text, keys)
    assert said is None or put_back(said.split("\n"), keys) == lines


def test_through_the_runner_a_status_line_after_any_result_is_a_ditto_and_rebuilds() -> None:
    import orjson

    from obsline.pipeline import Runner, Stages
    from obsline.sinks.rebuild import held_by_number, rebuild

    raws = [f"Airplane Mode is now OFF.\n{BAR}", f"Error. App 'x' not found. Cannot grant permission.\n{BAR}",
            f"Wi-Fi Calling is now OFF.\n{BAR}", BAR]
    lines = [orjson.dumps({"task_id": "t", "step_id": i, "action_id": f"a{i}", "tool": f"tool_{i}", "raw": raw,
                           "args": {"i": i}}) for i, raw in enumerate(raws)]
    obs = [p.observation for p in Runner(Stages.default()).run(lines)]
    assert obs[1].status.value == "error" and obs[1].text.endswith("\nStatus Bar: ditto")  # an error's output too
    assert [o.text.endswith("Status Bar: ditto") for o in obs] == [False, True, True, True]
    held = held_by_number(obs)
    assert [rebuild(o, held, task=obs) for o in obs[:3]] == raws[:3]


def test_the_keys_live_in_one_row_a_stream_engines_table_view_holds() -> None:
    from obsline.streams.state import TableView

    table: dict[bytes, bytes] = {}
    view = TableView(table, "t", "keys")
    keep_shown(task_keys(view), f"Airplane Mode is now OFF.\n{BAR}")
    view.flush()
    again = TableView(table, "t", "keys")  # a restarted worker reads the row back
    assert say_once(BAR, again.get("v")) == "Status Bar: ditto"
    keys: dict[str, str] = {"Status Bar": BAR[12:]}
    keep_shown(keys, "Status Bar: " + "x" * 300)  # too long to keep: the key is forgotten, not left stale
    assert keys == {}


_LINES = st.sampled_from(["Status Bar: 4G | 80% battery | wifi on", "#3 Status Bar: 4G", "(Current directory: /repo)",
                          "note: ditto", "Status: ditto", "key: " + "v" * 250, "a: b", "plain line", "x:y", ": lead",
                          "Mode: airplane off, roaming on, data saver on", "", "#12 total: 42 items across 3 pages"])


@given(st.lists(_LINES, max_size=12), st.dictionaries(st.sampled_from(["Status Bar", "Status", "note", "a", "key"]),
                                                     st.text(max_size=30), max_size=5), st.booleans())
def test_keep_shown_reads_only_keyed_lines_as_its_reference_reads_the_whole_text(lines, before, dittoed):
    fast, plain = dict(before), dict(before)
    keep_shown(fast, "\n".join(lines), dittoed)
    keep_shown_reference(plain, "\n".join(lines), dittoed)
    assert fast == plain and list(fast) == list(plain)


@given(st.lists(_LINES | st.text(alphabet="ab :§\n#1(", max_size=40), max_size=12),
       st.dictionaries(st.sampled_from(["Status Bar", "Status", "note", "a", "key", "Mode", "#12 total", "total"]),
                       st.sampled_from(["4G | 80% battery | wifi on", "airplane off, roaming on, data saver on",
                                        "42 items across 3 pages", "v" * 250, "b", "ditto"]), max_size=5))
def test_say_once_reads_a_texts_keyed_lines_once_as_its_reference_reads_every_line(lines, keys):
    text = "\n".join(lines)
    assert say_once(text, keys) == say_once_reference(text, keys)


def test_a_long_text_is_read_but_not_kept_by_the_caches():
    from obsline.aligner import textkeys

    long_text = "\n".join(f"field_{n}: value number {n} of a long page" for n in range(200))
    assert len(long_text) > textkeys.CACHED_TEXT_CHARS
    kept = textkeys._keyed_lines_cached.cache_info().currsize, textkeys._ditto_lines_cached.cache_info().currsize
    keys: dict = {}
    textkeys.keep_shown(keys, long_text)
    reference: dict = {}
    textkeys.keep_shown_reference(reference, long_text)
    assert keys == reference and len(keys) == 200
    assert textkeys.say_once(long_text, keys) == textkeys.say_once_reference(long_text, keys)
    assert (textkeys._keyed_lines_cached.cache_info().currsize,
            textkeys._ditto_lines_cached.cache_info().currsize) == kept
