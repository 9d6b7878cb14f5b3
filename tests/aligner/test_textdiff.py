"""Text diffs and repeated-line runs are lossless: patching the last view with the diff gives
the new text back, numbered or not; unfolding runs gives the lines back."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.aligner.textdiff import NUMBERED_MARK, diff, fold_runs, is_numbered, patch, unfold_runs

SETTINGS = settings(max_examples=300, deadline=None)
line = st.sampled_from(["a", "b", "c", "", "x = 1", "  return y", "@@ -1,1 +1,1 @@", "+a", "-b", "12:z"])
lines = st.lists(line, max_size=30)


@SETTINGS
@given(lines, lines)
def test_patching_the_last_view_with_the_diff_gives_the_new_text(old: list[str], new: list[str]) -> None:
    assert patch(old, diff(old, new)) == new


def _view(contents: list[str], first: int) -> list[str]:
    return ["[File: /repo/x.py (99 lines total)]", *(f"{first + i}:{c}" for i, c in enumerate(contents))]


@SETTINGS
@given(st.lists(line, min_size=3, max_size=30), st.lists(line, min_size=3, max_size=30), st.integers(1, 500),
       st.integers(1, 500))
def test_numbered_views_diff_losslessly_whatever_their_windows(a: list[str], b: list[str], i: int, j: int) -> None:
    old, new = _view(a, i), _view(b, j)
    assert patch(old, diff(old, new)) == new


def test_an_inserted_line_does_not_reshow_the_rest_of_a_numbered_window() -> None:
    old = _view([f"line {k}" for k in range(1, 41)], 1)
    new = _view(["line 1", "line 2", "NEW", *(f"line {k}" for k in range(3, 41))], 1)
    assert is_numbered(new)
    d = diff(old, new)
    assert d[0] == NUMBERED_MARK
    assert [x for x in d if x.startswith(("+", "-"))] == ["+3:NEW"]
    assert patch(old, d) == new


def test_equal_views_have_an_empty_diff() -> None:
    assert diff(["a", "b"], ["a", "b"]) == []


@SETTINGS
@given(st.lists(st.sampled_from(["x", "y", "", "(the line above 2 more times)"]), max_size=40))
def test_runs_of_repeated_lines_unfold_to_the_same_lines(text: list[str]) -> None:
    folded = fold_runs(text)
    # A text holding a literal marker line is left as it is (unfolding it could not be undone).
    assert unfold_runs(folded) == text or folded == text


def test_a_progress_line_repeated_is_written_once_with_a_count() -> None:
    folded = fold_runs(["start", *["Downloading... 100%"] * 50, "done"])
    assert folded == ["start", "Downloading... 100%", "(the line above 49 more times)", "done"]
