"""``python -m obsline worker`` whose stages raise for two tasks (align for p2, observe for p3):
a stage exception inside a worker subprocess, for the engines' dead-letter tests."""

from __future__ import annotations

import dataclasses
import sys

from obsline.pipeline import Stages
from obsline.streams.settings import Settings


class Breaking(Stages):
    """Stages whose align fails for task p2 and observe for task p3 (stage exceptions)."""

    def align(self, adapted, state):
        if adapted.ids.task_id == "p2":
            raise ValueError("align broke")
        return super().align(adapted, state)

    def observe(self, snapshot, state):
        if snapshot.adapted.ids.task_id == "p3":
            raise RuntimeError("observe broke")
        return super().observe(snapshot, state)


_default = Settings.stages


def _breaking(self: Settings) -> Stages:
    base = _default(self)
    return Breaking(**{f.name: getattr(base, f.name) for f in dataclasses.fields(base) if f.init})


if __name__ == "__main__":
    Settings.stages = _breaking  # type: ignore[method-assign]
    from obsline.cli import main

    sys.argv = ["obsline", "worker"]
    raise SystemExit(main())
