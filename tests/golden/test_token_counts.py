"""Every observation's token counts are the tokenizer's own, however they were memoised.

The observe stage counts a numbered text in two parts (its ``#N`` label, and the text behind
it, memoised); this checks the sum against the tokenizer on the whole text, for every record
of both dev files, in the default and the debug template, with memos on and off."""

from __future__ import annotations

import pytest

from obsline.core.tokens import exact_count
from obsline.pipeline import Runner, Stages


def _wrong_counts(lines: list[bytes], **stages: object) -> list[tuple[int, int, int]]:
    runner = Runner(Stages.default(**stages))
    wrong = []
    for i, processed in enumerate(runner.run(lines)):
        text = processed.observation.text
        if processed.observation.tokens["text"] != exact_count(text):
            wrong.append((i, processed.observation.tokens["text"], exact_count(text)))
    return wrong


@pytest.mark.parametrize("stages", [{}, {"memo_entries": 0}, {"template": "debug"}], ids=["memo", "no-memo", "debug"])
def test_tau_dev_traces(dev_lines: list[bytes], stages: dict[str, object]) -> None:
    assert _wrong_counts(dev_lines, **stages) == []


@pytest.mark.parametrize("stages", [{}, {"template": "debug"}], ids=["memo", "debug"])
def test_foreign_dev(foreign_dev_lines: list[bytes], stages: dict[str, object]) -> None:
    assert _wrong_counts(foreign_dev_lines, **stages) == []


def test_numbered_texts_are_counted_in_two_parts(dev_lines: list[bytes]) -> None:
    """(The test above can fail: most tau observations carry a label.)"""
    texts = [p.observation.text for p in Runner(Stages.default()).run(dev_lines[:200])]
    assert sum(t.startswith("#") for t in texts) > 100
