"""TaskState builds its views' row-key prefixes from the task's part escaped once (a dozen
sections a record); ``row_key`` is the plain form they must equal."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from obsline.streams.state import TaskState, row_key

SECTIONS = ("facts", "effects", "baselines", "shown", "secrets", "loop", "")


@given(st.text(max_size=40))
def test_every_views_prefix_is_row_key_of_its_task_and_section(task: str) -> None:
    state = TaskState({}, task, SECTIONS)
    assert {s: view._prefix for s, view in state.items()} == {s: row_key(task, s) for s in SECTIONS}
