"""Status normalisation: every error shape a tool uses maps to one stable ``ErrorCode``."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from obsline.adapters.adapt import Limits, adapt
from obsline.adapters.status import detect_status, make_error
from obsline.contracts import load_contracts
from obsline.core.errors import RETRYABLE, ErrorCode
from obsline.core.models import RawEnvelope, Status

CONTRACTS = load_contracts()


def _adapt(raw: Any, tool: str = "get_order_details", **extra: Any):
    env = RawEnvelope.parse({"task_id": "t", "step_id": 0, "action_id": "a0", "tool": tool, "raw": raw, **extra})
    return adapt(env, CONTRACTS, Limits()).adapted


@pytest.mark.parametrize(("text", "code"), [
    ("Error: user not found", ErrorCode.NOT_FOUND),
    ("Error: order #W0000000 not found", ErrorCode.NOT_FOUND),
    ("Error: Non-pending order cannot be cancelled", ErrorCode.CONFLICT),
    ("Error: payment amount does not add up", ErrorCode.INVALID_ARGUMENT),
    ("Error: the request timed out", ErrorCode.TIMEOUT),
])
def test_plain_tau_error_text_maps_to_its_stable_code(text: str, code: ErrorCode) -> None:
    adapted = _adapt(text)
    assert adapted.status is Status.ERROR
    assert adapted.error is not None and adapted.error.code is code
    assert adapted.error.message == text  # the whole line: its words are the tool's
    assert adapted.fragments == []  # an error has no facts


@pytest.mark.parametrize(("http", "code"), [
    (401, ErrorCode.AUTH_FAILED), (403, ErrorCode.PERMISSION_DENIED), (404, ErrorCode.NOT_FOUND),
    (409, ErrorCode.CONFLICT), (413, ErrorCode.TOO_LARGE), (429, ErrorCode.RATE_LIMITED),
    (502, ErrorCode.UPSTREAM_FAILURE), (503, ErrorCode.UPSTREAM_FAILURE),
])
def test_http_status_maps_to_its_stable_code(http: int, code: ErrorCode) -> None:
    adapted = _adapt('{"message": "something happened"}', tool="http_get_json", http_status=http)
    assert adapted.status is Status.ERROR
    assert adapted.error.code is code
    assert adapted.error.retryable is (code in RETRYABLE)


def test_http_status_with_plain_text_body_keeps_the_body_as_message() -> None:
    found = detect_status(None, "<html>Bad Gateway</html>", http_status=502, error_hint=None)
    assert found.status is Status.ERROR
    assert found.error.code is ErrorCode.UPSTREAM_FAILURE
    assert "Bad Gateway" in found.error.message


def test_http_429_retry_after_seconds_becomes_retry_after_ms() -> None:
    adapted = _adapt(orjson.dumps({"error": "Too many requests", "retry_after": 2}).decode(),
                     tool="http_get_json", http_status=429)
    assert adapted.error.code is ErrorCode.RATE_LIMITED
    assert adapted.error.retry_after_ms == 2000
    assert adapted.error.retryable is True


def test_http_429_retry_after_inside_error_object_is_kept() -> None:
    parsed = {"error": {"type": "rate_limit", "message": "slow down", "retry_after": 3}}
    found = detect_status(parsed, None, http_status=429, error_hint=None)
    assert found.error.code is ErrorCode.RATE_LIMITED
    assert found.error.retry_after_ms == 3000


def test_http_success_status_is_not_an_error() -> None:
    assert detect_status({"a": 1}, None, http_status=200, error_hint=None).status is Status.SUCCESS


def test_mcp_is_error_maps_by_its_text() -> None:
    raw = {"isError": True, "content": [{"type": "text", "text": "ENOENT: file not found: /etc/x"}]}
    adapted = _adapt(orjson.dumps(raw).decode(), tool="mcp__filesystem__read_file")
    assert adapted.status is Status.ERROR
    assert adapted.error.code is ErrorCode.NOT_FOUND
    assert "file not found" in adapted.error.message


def test_mcp_is_error_without_text_is_unknown_error() -> None:
    found = detect_status({"isError": True, "content": []}, None, http_status=None, error_hint=None)
    assert found.status is Status.ERROR
    assert found.error.code is ErrorCode.UNKNOWN


@pytest.mark.parametrize(("etype", "code"), [
    ("rate_limit", ErrorCode.RATE_LIMITED), ("not_found", ErrorCode.NOT_FOUND),
    ("timeout", ErrorCode.TIMEOUT), ("forbidden", ErrorCode.PERMISSION_DENIED),
    ("unauthorized", ErrorCode.AUTH_FAILED), ("validation_error", ErrorCode.INVALID_ARGUMENT),
    ("unavailable", ErrorCode.UPSTREAM_FAILURE), ("CONFLICT", ErrorCode.CONFLICT),
])
def test_ok_false_error_type_maps_to_its_code(etype: str, code: ErrorCode) -> None:
    raw = {"ok": False, "error": {"type": etype, "message": "the call failed"}}
    adapted = _adapt(orjson.dumps(raw).decode(), tool="http_get_json")
    assert adapted.status is Status.ERROR
    assert adapted.error.code is code
    assert adapted.error.message == "the call failed"


def test_ok_false_error_keeps_field_errors_and_retry_after() -> None:
    raw = {"ok": False, "error": {"type": "rate_limit", "message": "slow", "retry_after_ms": 250,
                                  "field_errors": {"q": "too short"}}}
    found = detect_status(raw, None, http_status=None, error_hint=None)
    assert found.error.retry_after_ms == 250
    assert found.error.field_errors == [{"field": "q", "problem": "too short"}]


def test_partial_results_and_failed_is_partial_with_details() -> None:
    raw = {"results": [{"id": 1}, {"id": 2}], "failed": [{"id": 3, "reason": "timeout"}]}
    adapted = _adapt(orjson.dumps(raw).decode(), tool="kb_search")
    assert adapted.status is Status.PARTIAL
    assert adapted.error is None
    assert adapted.details["succeeded"] == 2
    assert adapted.details["failed"] == ["id=3, reason=timeout"]


def test_only_failures_is_an_error_not_partial() -> None:
    found = detect_status({"results": [], "failed": [{"error": "upstream timed out"}]}, None,
                          http_status=None, error_hint=None)
    assert found.status is Status.ERROR


def test_pending_job_is_pending_with_handle_and_retry() -> None:
    raw = {"status": "pending", "job_id": "job-42", "retry_after_ms": 1500}
    adapted = _adapt(orjson.dumps(raw).decode(), tool="kb_search")
    assert adapted.status is Status.PENDING
    assert adapted.details == {"handle": "job-42", "retry_after_ms": 1500}
    assert adapted.error is None


def test_pending_without_retry_hint_has_no_invented_wait() -> None:
    found = detect_status({"status": "running", "job_id": "j"}, None, http_status=None, error_hint=None)
    assert found.status is Status.PENDING and found.details == {"handle": "j"}


def test_a_business_status_pending_without_handle_is_success() -> None:
    order = {"order_id": "#W1", "user_id": "u", "status": "pending", "items": [], "payment_history": []}
    assert detect_status(order, None, http_status=None, error_hint=None).status is Status.SUCCESS


def test_cancelled_job_is_cancelled() -> None:
    found = detect_status({"status": "cancelled", "job_id": "j9"}, None, http_status=None, error_hint=None)
    assert found.status is Status.CANCELLED and found.details == {"handle": "j9"}


def test_error_hint_without_shape_is_unknown_error() -> None:
    found = detect_status(None, "it broke", http_status=None, error_hint=True)
    assert found.status is Status.ERROR and found.error.code is ErrorCode.UNKNOWN


def test_success_text_is_success() -> None:
    assert _adapt("Reservation cancelled successfully.", tool="think").status is Status.SUCCESS


@pytest.mark.parametrize("code", list(ErrorCode))
def test_retryable_only_for_timeout_rate_limited_upstream(code: ErrorCode) -> None:
    expected = code in {ErrorCode.TIMEOUT, ErrorCode.RATE_LIMITED, ErrorCode.UPSTREAM_FAILURE}
    error = make_error(code, "m")
    assert error.retryable is expected
    assert error.suggested_actions  # always one next step


def test_observation_header_states_code_retryable_and_next_step() -> None:
    from obsline.pipeline import Runner, Stages

    line = orjson.dumps({"task_id": "t", "step_id": 1, "action_id": "a", "tool": "http_get_json",
                         "raw": '{"error": "slow down", "retry_after": 1.5}', "http_status": 429})
    obs = next(Runner(Stages.default()).run([line])).observation
    assert obs.text.startswith("error RATE_LIMITED (tool: 429) retryable=yes retry_after=1.5s: slow down")
    assert "\nnext: " not in obs.text  # RATE_LIMITED's own advice ("wait, then retry"): the code says it
    assert obs.error is not None and obs.error.suggested_actions == ["wait, then retry"]


@pytest.mark.parametrize(("text", "tool_code"), [
    ("NoMethodError (undefined method `total' for nil:NilClass)\napp/models/order.rb:12:in `sum'", "NoMethodError"),
    ("app/models/order.rb:12:in `sum': undefined method `total' for nil:NilClass (NoMethodError)\n"
     "\tfrom app/x.rb:3:in `<main>'", "NoMethodError"),
    ("panic: runtime error: index out of range [5] with length 3\n\ngoroutine 1 [running]:\nmain.main()\n"
     "\t/tmp/x.go:8 +0x1d", "panic"),
    ("thread 'main' panicked at src/main.rs:2:5:\ncalled `Option::unwrap()` on a `None` value", "panicked"),
])
def test_other_languages_uncaught_errors_are_errors_with_their_class(text: str, tool_code: str) -> None:
    # Ruby's two forms (Rails' "Class (message)" and the interpreter's "file:line:in `m': message
    # (Class)"), Go's and Rust's panics: the trace is the tool's answer, its class the tool's code.
    adapted = _adapt(text, tool="call_api")
    assert adapted.status is Status.ERROR and adapted.error is not None
    assert adapted.error.tool_code == tool_code
