"""The ``obsline`` command, called in-process through ``obsline.cli.main``."""

from __future__ import annotations

import shutil
from pathlib import Path

import orjson
import pytest

from obsline.cli import main
from obsline.contracts import BUILTIN_CONTRACTS, load_contracts

CONTRACTS = load_contracts()


def _gen(tmp_path: Path, tasks: int = 3, seed: int = 5, name: str = "in.jsonl") -> Path:
    path = tmp_path / name
    assert main(["generate", "--tasks", str(tasks), "--seed", str(seed), "--no-huge", "--out", str(path)]) == 0
    return path


def _replay(inp: Path, out: Path, *extra: str) -> list[dict]:
    assert main(["replay", str(inp), "--out", str(out), *extra]) == 0
    return [orjson.loads(line) for line in out.read_bytes().splitlines()]


# --- contracts check ---------------------------------------------------------------------

def test_contracts_check_builtin_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["contracts", "check"]) == 0
    assert f"{len(CONTRACTS)} contracts valid, 0 errors" in capsys.readouterr().err


@pytest.mark.parametrize(("text", "field"), [
    ("name: broken\nkind: sometimes\n", "kind"),
    ("name: broken\nkind: read\nfields:\n  x: {type: enum}\n", "fields.x"),
    ("name: broken\nkind: list\n", "item_key"),
    ("name: [unclosed\n", "<yaml>"),
])
def test_contracts_check_on_a_broken_contract_exits_1_naming_file_and_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, field: str) -> None:
    (tmp_path / "good.yaml").write_text((BUILTIN_CONTRACTS / "think.yaml").read_text())
    (tmp_path / "broken.yaml").write_text(text)
    assert main(["contracts", "check", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    line = next(line for line in err.splitlines() if line.startswith("error"))
    assert "broken.yaml" in line and field in line
    assert "1 contracts valid, 1 errors" in err


def test_contracts_check_on_an_empty_dir_exits_1(tmp_path: Path) -> None:
    assert main(["contracts", "check", str(tmp_path)]) == 1


# --- replay ------------------------------------------------------------------------------

def test_replay_writes_one_observation_per_line_in_order_and_a_summary(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [
        orjson.dumps({"task_id": "t", "step_id": 0, "action_id": "a0", "tool": "think", "raw": "ok"}),
        b"not json",
        orjson.dumps({"task_id": "t", "step_id": 1, "action_id": "a1", "tool": "get_reservation_details",
                      "raw": "Error: reservation not found"}),
        orjson.dumps({"task_id": "u", "step_id": 0, "action_id": "b0", "tool": "web_fetch", "raw": "page"}),
    ]
    inp = tmp_path / "in.jsonl"
    inp.write_bytes(b"\n".join(lines) + b"\n")
    capsys.readouterr()
    obs = _replay(inp, tmp_path / "out.jsonl")
    assert [(o["task_id"], o["action_id"]) for o in obs] == [("t", "a0"), ("", "line:1"), ("t", "a1"), ("u", "b0")]
    assert [o["status"] for o in obs] == ["success", "error", "error", "success"]
    err = capsys.readouterr().err
    for label in ("records", "statuses", "dedup", "tokens", "speed"):
        assert any(line.startswith(label) for line in err.splitlines()), label
    assert "records      4" in err
    assert "error 2" in err and "success 2" in err


def test_generate_replay_round_trip(tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    inp = _gen(tmp_path)
    envelopes = [orjson.loads(line) for line in inp.read_bytes().splitlines()]
    obs = _replay(inp, tmp_path / "out.jsonl", "--artifacts", str(tmp_path / "art"))
    assert len(obs) == len(envelopes) > 20
    assert [(o["task_id"], o["step_id"], o["action_id"]) for o in obs] == \
        [(e["task_id"], e["step_id"], e["action_id"]) for e in envelopes]
    assert {o["status"] for o in obs} >= {"success", "error"}
    assert {o["dedup"]["kind"] for o in obs} >= {"new", "never"}
    # every raw is in the artifact store, readable by its own task, exactly as received
    for i in range(0, len(obs), max(1, len(obs) // 5)):
        o, env = obs[i], envelopes[i]
        capsysbinary.readouterr()
        assert main(["artifact", "get", o["evidence"]["artifact"], "--task", o["task_id"],
                     "--artifacts", str(tmp_path / "art")]) == 0
        expected = env["raw"].encode() if isinstance(env["raw"], str) else orjson.dumps(env["raw"])
        assert capsysbinary.readouterr().out == expected


def test_generate_is_deterministic(tmp_path: Path) -> None:
    assert _gen(tmp_path, name="a.jsonl").read_bytes() == _gen(tmp_path, name="b.jsonl").read_bytes()


@pytest.mark.parametrize("template", ["verbose", "debug"])
def test_verbose_and_debug_templates_include_fragments(tmp_path: Path, template: str) -> None:
    inp = _gen(tmp_path, tasks=2)
    concise = _replay(inp, tmp_path / "c.jsonl")
    other = _replay(inp, tmp_path / "o.jsonl", "--template", template)
    with_fragments = [o for o in other if "-- fragments --" in o["text"]]
    assert with_fragments
    assert not any("-- fragments --" in o["text"] for o in concise)
    sample = next(o for o in with_fragments if "conf 0.95" in o["text"])
    assert sample["tool"] in sample["text"].split("-- fragments --")[1]
    if template == "debug":
        assert all("-- debug --" in o["text"] for o in with_fragments)
    else:
        assert not any("-- debug --" in o["text"] for o in other)


def test_noise_is_deterministic_logged_and_spares_critical_fields(tmp_path: Path) -> None:
    inp = _gen(tmp_path, tasks=4)
    first = tmp_path / "n1.jsonl"
    second = tmp_path / "n2.jsonl"
    _replay(inp, first, "--noise", "0.3", "--seed", "7")
    noisy = _replay(inp, second, "--noise", "0.3", "--seed", "7")
    assert first.read_bytes() == second.read_bytes()
    clean = _replay(inp, tmp_path / "clean.jsonl")
    logged = [(o, n) for o in noisy for n in o["control"]["noise"]]
    assert logged, "intensity 0.3 injected nothing"
    for o, n in logged:
        assert {"type", "field", "original", "injected", "reason"} <= set(n)
        spec = CONTRACTS.get(o["tool"])
        if spec is not None:
            assert n["field"] not in spec.critical
    assert all(not o["control"]["noise"] for o in clean)
    for n, c in zip(noisy, clean):
        spec = CONTRACTS.get(n["tool"])
        if spec is not None and isinstance(c["data"], dict):
            for name in spec.critical:
                assert n["data"].get(name) == c["data"].get(name), (n["tool"], name)
    other_seed = _replay(inp, tmp_path / "n3.jsonl", "--noise", "0.3", "--seed", "8")
    assert [o["control"]["noise"] for o in other_seed] != [o["control"]["noise"] for o in noisy]


def test_noise_touches_non_critical_fields_only(tmp_path: Path) -> None:
    contracts = tmp_path / "contracts"
    shutil.copytree(BUILTIN_CONTRACTS, contracts)
    (contracts / "quote.yaml").write_text(
        "name: get_quote\nkind: read\nentity: quote\nkey: [quote_id]\nfields:\n"
        "  quote_id: {type: id, critical: true}\n"
        "  price: {type: money, critical: true}\n"
        "  discount: {type: money}\n"
        "  valid_until: {type: date}\n")
    raw = '{"quote_id": "Q1", "price": 100.25, "discount": 10.5, "valid_until": "2024-06-01"}'
    inp = tmp_path / "in.jsonl"
    inp.write_bytes(orjson.dumps({"task_id": "t", "step_id": 0, "action_id": "a", "tool": "get_quote",
                                  "raw": raw}) + b"\n")
    [obs] = _replay(inp, tmp_path / "out.jsonl", "--contracts", str(contracts), "--noise", "1.0", "--seed", "7")
    fields = {n["field"] for n in obs["control"]["noise"]}
    assert fields == {"discount", "valid_until"}
    assert obs["data"]["price"] == "100.25" and obs["data"]["quote_id"] == "Q1"
    assert obs["data"]["discount"] != "10.5"
    for n in obs["control"]["noise"]:
        assert n["original"] in ("10.5", "2024-06-01") and n["injected"] != n["original"]


# --- display budget ----------------------------------------------------------------------

def _long_log(tmp_path: Path, lines: int = 3_000) -> Path:
    log = "\n".join(f"build step {i:05d} done in 3 ms" for i in range(lines))
    path = tmp_path / "log.jsonl"
    path.write_bytes(orjson.dumps({"task_id": "T", "step_id": 1, "action_id": "a", "tool": "bash", "raw": log}) + b"\n")
    return path


def test_replay_budget_flag_beats_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    inp = _long_log(tmp_path)
    monkeypatch.setenv("OBSLINE_BUDGET_TOKENS", "900")
    [by_env] = _replay(inp, tmp_path / "env.jsonl")
    [by_flag] = _replay(inp, tmp_path / "flag.jsonl", "--budget-tokens", "400")
    assert 700 < by_env["tokens"]["text"] <= 900
    assert by_flag["tokens"]["text"] <= 400
    monkeypatch.delenv("OBSLINE_BUDGET_TOKENS")
    [default] = _replay(inp, tmp_path / "default.jsonl")
    assert 900 < default["tokens"]["text"] <= 8000


@pytest.mark.parametrize("bad", ["0", "-5", "lots", "1e3"])
def test_replay_rejects_a_bad_budget_flag(tmp_path: Path, bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["replay", str(_long_log(tmp_path)), "--budget-tokens", bad])
    assert info.value.code == 2
    assert "display budget" in capsys.readouterr().err


def test_replay_rejects_a_bad_budget_in_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("OBSLINE_BUDGET_TOKENS", "ten")
    assert main(["replay", str(_long_log(tmp_path)), "--out", str(tmp_path / "o.jsonl")]) == 2
    assert "OBSLINE_BUDGET_TOKENS: a display budget is a whole number of tokens" in capsys.readouterr().err


def test_contracts_check_rejects_a_bad_budget(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "t.yaml").write_text("name: t\nkind: read\nbudget_tokens: 10\n")
    assert main(["contracts", "check", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "t.yaml: budget_tokens:" in err and "at least 256 tokens" in err


def test_artifact_get_reads_the_range_an_observation_states(tmp_path: Path,
                                                            capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    [obs] = _replay(_long_log(tmp_path), tmp_path / "o.jsonl", "--artifacts", str(tmp_path / "art"),
                    "--budget-tokens", "500")
    [cut] = obs["metadata"]["cut"]
    first, last = cut["lines"]
    assert f"--lines {first}-{last}" in obs["text"]
    capsysbinary.readouterr()
    assert main(["artifact", "get", obs["evidence"]["artifact"], "--task", "T", "--artifacts", str(tmp_path / "art"),
                 "--lines", f"{first}-{last}"]) == 0
    out = capsysbinary.readouterr().out.decode()
    assert out.split("\n") == [f"build step {i:05d} done in 3 ms" for i in range(first - 1, last)]
    assert len(out.encode()) == cut["bytes"]
    assert main(["artifact", "get", obs["evidence"]["artifact"], "--task", "T", "--artifacts", str(tmp_path / "art"),
                 "--lines", "2-1"]) == 2
