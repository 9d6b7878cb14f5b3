"""The adapt stage with shapes: contracts and JSON first, every other text a shape, never
MALFORMED; the observation shows a text shape as compact as its raw, unfenced when it is the
tool's own output."""

from __future__ import annotations

import importlib
from typing import Any

import orjson
import pytest

from obsline.adapters.adapt import Limits, adapt
from obsline.contracts import load_contracts
from obsline.core.models import RawEnvelope, Status
from obsline.core.tokens import count_tokens
from obsline.pipeline import Runner, Stages

adapt_module = importlib.import_module("obsline.adapters.adapt")  # the module, not the function
VIEW = "[File: /repo/a.py (3 lines total)]\n1:import os\n2:\n3:print(os.getcwd())"


def _observe(raw: Any, tool: str):
    line = orjson.dumps({"task_id": "t", "step_id": 0, "action_id": "a0", "tool": tool, "raw": raw})
    [processed] = list(Runner(Stages.default()).run([line]))
    return processed.observation


def test_file_view_is_a_success_shown_as_it_is_without_a_fence() -> None:
    obs = _observe(VIEW, "open")
    assert obs.status is Status.SUCCESS and obs.metadata["shape"] == "file_view"
    assert obs.text == VIEW
    assert obs.data["file"] == "/repo/a.py" and obs.data["lines_total"] == 3


def test_python_literal_is_a_success_with_its_values_visible() -> None:
    obs = _observe("{'result': mpf('2.0'), 'airports': ['RMS', 'SBK']}", "mean")
    assert obs.status is Status.SUCCESS and obs.metadata["shape"] == "python_literal"
    assert "mpf('2.0')" in obs.text and "RMS" in obs.text and "SBK" in obs.text


def test_json_looking_text_that_does_not_parse_is_text_not_malformed() -> None:
    obs = _observe('{"a": 1, "b": ', "api")  # cut off: uncertain (issue 23), shown as the text it is
    assert obs.status is Status.UNCERTAIN and obs.metadata["shape"] == "text"
    assert '{"a": 1, "b":' in obs.text


def test_key_value_status_lines_are_shown_unfenced_and_no_longer_than_the_raw() -> None:
    raw = "Airplane Mode: ON\nSIM Card Status: missing\nWi-Fi Connected: No"
    obs = _observe(raw, "check_network_status")
    assert obs.text == raw and obs.metadata["shape"] == "key_value"
    assert obs.tokens["text"] <= count_tokens(raw)


def test_html_page_is_fenced_once_as_outside_text() -> None:
    page = "<html><body>" + "".join(f"<p>Paragraph number {i} of the page text.</p>" for i in range(5)) + "</body></html>"
    obs = _observe(page, "web_fetch")
    assert obs.metadata["shape"] == "html"
    assert obs.text.count("<<<untrusted data") == 1 and "Paragraph number 4" in obs.text


def test_a_json_raw_takes_the_fast_path_and_no_shape_detector_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(text: str) -> None:
        raise AssertionError("a shape detector ran on a JSON raw")

    monkeypatch.setattr(adapt_module, "read_shape", fail)
    env = RawEnvelope.parse({"task_id": "t", "step_id": 0, "action_id": "a", "tool": "get_user_details",
                             "raw": '{"user_id": "u1", "name": {"first_name": "A", "last_name": "B"}}'})
    adapted = adapt(env, load_contracts(), Limits()).adapted
    assert adapted.shape == "json" and adapted.status is Status.SUCCESS


def test_a_contract_tool_s_text_result_keeps_its_contract_trust() -> None:
    contracts = load_contracts()
    env = RawEnvelope.parse({"task_id": "t", "step_id": 0, "action_id": "a", "tool": "get_user_details",
                             "raw": "Error: user not found"})
    adapted = adapt(env, contracts, Limits()).adapted
    assert adapted.status is Status.ERROR and adapted.kind is contracts["get_user_details"].kind


def test_a_contract_tool_s_traceback_is_infrastructure_and_stays_scrubbed() -> None:
    raw = ('Traceback (most recent call last):\n  File "/srv/app/gateway.py", line 212, in forward\n'
           "    resp = session.post(url)\nConnectionError: refused")
    env = RawEnvelope.parse({"task_id": "t", "step_id": 0, "action_id": "a", "tool": "get_user_details", "raw": raw})
    adapted = adapt(env, load_contracts(), Limits()).adapted
    assert adapted.shape == "text" and "gateway.py" not in str(adapted.data)
