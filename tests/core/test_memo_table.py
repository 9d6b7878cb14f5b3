"""docs/design.md's memo table names every content memo the stages hold, where it lives."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from obsline.core.memo import Memo
from obsline.pipeline import Stages

DESIGN = Path(__file__).resolve().parents[2] / "docs" / "design.md"


def memo_table() -> str:
    text = DESIGN.read_text(encoding="utf-8")
    start = text.index("## Content memos")
    return text[start:text.index("\n## ", start + 1)]


def held_memos() -> list[str]:
    """Every Memo a Stages object holds, as ``Owner.field``."""
    stages = Stages.default()
    found = []
    for owner in (stages, stages.adapt_memo, stages.render_memo):
        for f in dataclasses.fields(owner):
            if isinstance(getattr(owner, f.name), Memo):
                found.append(f"{type(owner).__name__}.{f.name}")
    return found


def test_the_design_doc_names_every_memo():
    memos = held_memos()
    assert {"AdaptMemo.contents", "RenderMemo.token_counts", "Stages.fold_memo"} <= set(memos)
    table = memo_table()
    assert [m for m in memos if f"`{m}`" not in table] == []
