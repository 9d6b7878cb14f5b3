"""``linerefs.refer_lines`` (runs looked for only at the lines whose hash the index holds, found
in C) against its plain twin ``refer_lines_reference`` (a run looked for at every line), on
generated tasks: earlier texts, then a text made of their lines, edits and new lines."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.aligner.linerefs import expand_lines, refer_lines, refer_lines_reference, remember_shown, shown_lines

LINE = st.one_of(
    st.sampled_from(["", "}", "---", "    return value", "def handler(event, context):",
                     "ERROR: connection refused by host db-1", "[3 lines same as #1 from line 2]",
                     "#2 a line that looks like a label", "  File \"/srv/app/main.py\", line 41, in run"]),
    st.text(alphabet="abcdefgh ()[]#:\n"[:-1], min_size=0, max_size=60),
)
TEXT = st.lists(LINE, min_size=1, max_size=25).map("\n".join)


@st.composite
def tasks(draw: Any) -> tuple[list[str], list[str]]:
    earlier = draw(st.lists(TEXT, min_size=0, max_size=4))
    pool = [line for text in earlier for line in text.split("\n")] or [""]
    picks = draw(st.lists(st.one_of(st.sampled_from(pool), LINE,
                                    st.integers(0, len(pool) - 1).map(lambda i: pool[i:i + 12])), max_size=20))
    lines: list[str] = []
    for pick in picks:
        lines.extend(pick if isinstance(pick, list) else [pick])
    return earlier, lines or [""]


@settings(max_examples=400, deadline=None)
@given(task=tasks(), labelled=st.booleans())
def test_refer_lines_agrees_with_its_plain_twin(task: tuple[list[str], list[str]], labelled: bool) -> None:
    earlier, lines = task
    texts: dict[str, str] = {}
    for n, text in enumerate(earlier, 1):
        remember_shown(texts, n, f"#{n} {text}" if labelled else text)
    upto = len(earlier)
    index: dict[str, Any] = {}
    fast = refer_lines(lines, copy.deepcopy(texts), index, upto)
    plain_index: dict[str, Any] = {}
    plain = refer_lines_reference(lines, copy.deepcopy(texts), plain_index, upto)
    assert fast == plain
    assert index == plain_index
    if fast[0] is not None:  # and the references name what they replace
        assert expand_lines(fast[0], {k: shown_lines(int(k), v) for k, v in texts.items()}) == lines
