"""bench peers: the real Headroom and TOON (var/peers, made by `python -m bench peers --setup`)
on a few records beside obsline; skipped where the venv was not made."""

from __future__ import annotations

import orjson
import pytest

from bench import peers


def test_peers_measure_the_same_records_with_each_tool() -> None:
    if not peers.PYTHON.exists():
        pytest.skip(f"{peers.VENV} not made: python -m bench peers --setup")
    rows = [{"id": f"R{k}", "owner": "ann", "status": "open", "total": k} for k in range(40)]
    log = "\n".join(f"INFO step {k} ok" for k in range(300)) + "\nFATAL disk full"
    lines = [orjson.dumps({"task_id": "t", "step_id": i, "action_id": f"a{i}", "tool": tool, "raw": raw})
             for i, (tool, raw) in enumerate([("list_rows", orjson.dumps(rows).decode()), ("logs", log), ("logs", log)])]
    f = peers.measure(lines)
    assert f.records == 3 and f.raw > 0
    assert 0 < f.obsline < f.raw and 0 < f.toon < f.raw and 0 < f.minified <= f.raw and 0 < f.headroom
    assert "| x | 3 |" in peers.table({"x": f})
