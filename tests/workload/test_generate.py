"""Tests for the synthetic fleet workload generator (workload.generate)."""

from __future__ import annotations

import hashlib
import io
import json
from collections import defaultdict
from functools import cache

import pytest

from workload.generate import BASE_TS, generate, write_jsonl

REQUIRED_FIELDS = {"task_id": str, "step_id": int, "action_id": str, "tool": str, "ts": float,
                   "query_ts": float, "tenant": str, "user_intent": str, "error": bool, "tool_version": str}


@cache
def _lines(tasks: int = 20, seed: int = 7, **kw) -> tuple[str, ...]:
    return tuple(generate(tasks, seed, **kw))


@cache
def _envs(tasks: int = 20, seed: int = 7) -> tuple[dict, ...]:
    return tuple(json.loads(line) for line in _lines(tasks, seed))


def _raw_text(env: dict) -> str:
    raw = env["raw"]
    return raw if isinstance(raw, str) else json.dumps(raw)


def _by_task(envs) -> dict[str, list[dict]]:
    out = defaultdict(list)
    for e in envs:
        out[e["task_id"]].append(e)
    return out


def _depth(obj) -> int:
    best, stack = 0, [(obj, 1)]
    while stack:
        o, d = stack.pop()
        best = max(best, d)
        if isinstance(o, dict):
            stack += [(v, d + 1) for v in o.values()]
        elif isinstance(o, list):
            stack += [(v, d + 1) for v in o]
    return best


def _parsed(env):
    raw = env["raw"]
    if not isinstance(raw, str):
        return raw
    try:
        return json.loads(raw)
    except ValueError:
        return None


def _digest(lines) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def test_deterministic_same_seed_and_differs_for_other_seed():
    assert _digest(generate(20, 7)) == _digest(_lines())
    assert _digest(generate(20, 8, huge=False)) != _digest(_lines(20, 7, huge=False))


def test_huge_flag_only_drops_big_payloads():
    small = _lines(20, 7, huge=False)
    assert max(map(len, small)) < 1 << 20
    assert sum(map(len, small)) < sum(map(len, _lines()))


def test_every_line_is_a_valid_envelope():
    for env in _envs():
        for field, typ in REQUIRED_FIELDS.items():
            assert isinstance(env[field], typ), (field, env.get(field))
        assert "raw" in env
        assert isinstance(env.get("args", {}), dict)
        assert env["action_id"].startswith("call_")
        assert env["query_ts"] <= env["ts"] and env["ts"] >= BASE_TS
        if "http_status" in env:
            assert isinstance(env["http_status"], int)


def test_per_task_ordering_and_unique_action_ids():
    tasks = _by_task(_envs())
    assert len(tasks) == 20
    for lines in tasks.values():
        steps = [e["step_id"] for e in lines]
        assert steps == sorted(steps) and steps[0] == 0
        ts = [e["ts"] for e in lines]
        assert all(a < b for a, b in zip(ts, ts[1:]))
        ids = [e["action_id"] for e in lines]
        assert len(ids) == len(set(ids))
        assert len(set(steps)) <= 40
    # a fleet: lines of different tasks interleave (not one task after another)
    order = [e["task_id"] for e in _envs()]
    switches = sum(a != b for a, b in zip(order, order[1:]))
    assert switches > 5 * len(tasks)


def test_tau_tool_names_and_shapes():
    envs = _envs()
    tools = {e["tool"] for e in envs}
    assert {"get_user_details", "get_order_details", "get_reservation_details", "calculate", "think"} <= tools
    assert {"web_fetch", "http_get_json"} <= tools
    for e in envs:
        if e["tool"] == "get_order_details" and not e["error"]:
            d = _parsed(e)
            if isinstance(d, dict):  # (a MALFORMED raw is truncated on purpose)
                assert d["order_id"].startswith("#W") and {"items", "status", "payment_history"} <= d.keys()
        if e["tool"] == "get_reservation_details" and not e["error"] and isinstance(_parsed(e), dict):
            assert len(_parsed(e)["reservation_id"]) == 6


def test_reads_repeated_changed_and_list_rereads():
    repeated = changed = list_changed = False
    for lines in _by_task(_envs()).values():
        seen: dict[tuple, set] = defaultdict(set)
        for e in lines:
            if e["error"]:
                continue
            key = (e["tool"], json.dumps(e["args"], sort_keys=True))
            raw = _raw_text(e)
            if raw in seen[key]:
                repeated = True
            elif seen[key]:
                changed |= e["tool"] in ("get_order_details", "get_reservation_details", "get_user_details")
                list_changed |= e["tool"] in ("search_direct_flight", "kb_search")
            seen[key].add(raw)
    assert repeated and changed and list_changed


def test_parallel_steps():
    counts = defaultdict(int)
    for e in _envs():
        counts[(e["task_id"], e["step_id"])] += 1
    assert max(counts.values()) >= 3
    assert sum(1 for n in counts.values() if n > 1) >= 3


def test_error_taxonomy_shapes_present():
    envs = _envs()
    statuses = {e.get("http_status") for e in envs if e["error"]}
    assert {429, 401, 403, 413} <= statuses
    assert statuses & {502, 503}
    texts = [_raw_text(e) for e in envs]
    joined = "\n".join(t for t in texts if len(t) < 100_000)
    assert any(e.get("http_status") == 429 and "retry_after" in _raw_text(e) for e in envs)
    assert "Error: request timed out after 30s" in joined and '"type": "timeout"' in joined
    assert "400" in joined or "Error: Invalid characters in expression" in joined
    assert "not found" in joined.lower()
    assert "cannot be cancelled" in joined or any(e.get("http_status") == 409 for e in envs)
    assert "Error: unexpected internal state" in joined
    assert any(isinstance(e["raw"], dict) and e["raw"].get("isError") is True for e in envs)
    assert any(isinstance(e["raw"], (dict, list)) for e in envs if e["tool"] == "http_get_json")
    parsed = [_parsed(e) for e in envs]
    assert any(isinstance(p, dict) and "failed" in p and "results" in p for p in parsed)
    assert any(isinstance(p, dict) and p.get("status") == "pending" and "job_id" in p for p in parsed)
    # MALFORMED: a JSON-looking raw that does not parse
    assert any(isinstance(e["raw"], str) and e["raw"][:1] in "{[" and p is None for e, p in zip(envs, parsed))


def test_huge_deep_injection_and_secrets():
    envs = _envs()
    assert sum(1 for e in envs if len(_raw_text(e)) > 1 << 20) >= 3
    assert max(_depth(p) for p in map(_parsed, envs) if p is not None) > 40
    joined = "\n".join(_raw_text(e) for e in envs if len(_raw_text(e)) < 100_000)
    assert "Ignore all previous instructions" in joined
    assert any(e["tool"] == "web_fetch" and "Ignore all previous instructions" in _raw_text(e) for e in envs)
    assert "sk-live-" in joined and "AKIA" in joined and "password=" in joined
    assert "Authorization': 'Bearer " in joined and "Traceback (most recent call last):" in joined
    assert "10.0.3.7" in joined
    for leak in ('"aws_secret_access_key"', '"db_password"', '"x-api-key"', "postgres://payments:", "localhost",
                 "[::1]", "fe80::", "fd12:"):  # the leak forms of issue 10
        assert leak in joined, leak


def test_malformed_lines_only_when_asked():
    bad = 0
    lines = list(generate(20, 7, malformed=0.2, huge=False))
    for line in lines:
        try:
            env = json.loads(line)
        except ValueError:
            bad += 1
            continue
        if not isinstance(env, dict) or "tool" not in env or not isinstance(env.get("step_id"), int):
            bad += 1
    assert 0.1 * len(lines) < bad < 0.3 * len(lines)
    # broken lines replace envelopes one for one; every other line is byte-identical to malformed=0
    clean = _lines(20, 7, huge=False)
    assert len(lines) == len(clean)
    assert sum(a != b for a, b in zip(lines, clean)) == bad


def test_small_and_empty_fleets_and_write_jsonl(tmp_path):
    assert list(generate(0, 1)) == []
    one = [json.loads(line) for line in generate(1, 3, huge=False)]
    assert len({e["task_id"] for e in one}) == 1
    buf = io.StringIO()
    n = write_jsonl(buf, 3, 5, huge=False)
    assert n == buf.getvalue().count("\n") and buf.getvalue().endswith("\n")
    path = tmp_path / "w.jsonl"
    assert write_jsonl(str(path), 3, 5, huge=False) == n
    assert path.read_text() == buf.getvalue()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_categories_hold_for_other_seeds(seed):
    envs = [json.loads(line) for line in generate(20, seed, huge=False)]
    assert any(e.get("http_status") == 429 for e in envs)
    assert any(isinstance(e["raw"], dict) and e["raw"].get("isError") for e in envs)
    assert any("sk-live-" in _raw_text(e) for e in envs)


def test_hostile_multilingual_text_is_generated_and_flagged_and_fenced():
    from obsline.pipeline import Runner, Stages
    from obsline.sinks.render import FENCE_OPEN

    lines = list(generate(5, 1, huge=False))
    hidden = [orjson_line for orjson_line in lines if "refund policy" in orjson_line or "mail-0042" in orjson_line
              or "\u200b" in orjson_line or "tool_calls" in orjson_line]
    assert len(hidden) >= 4
    for processed in Runner(Stages.default()).run([line.encode() for line in hidden]):
        obs = processed.observation
        assert obs.control.suspicious, obs.text[:200]
        assert obs.text.count(FENCE_OPEN) == 1
