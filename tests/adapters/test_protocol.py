"""Issue 23: the protocol as the design notes write it. Every example of the issue, through the
real pipeline (each failed on the code before the change)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from obsline.core.errors import ErrorCode
from obsline.core.models import Observation, Status
from obsline.pipeline import Runner, Stages


def _observe(raw: Any, tool: str = "call_api", **extra: Any) -> Observation:
    env = {"task_id": "t", "step_id": 0, "action_id": "a0", "tool": tool,
           "raw": raw if isinstance(raw, str) else orjson.dumps(raw).decode(), **extra}
    return next(Runner(Stages.default()).run([orjson.dumps(env)])).observation


def test_partial_lists_keep_every_success_and_every_failure() -> None:
    raw = {"updated": [f"u{i}" for i in range(1, 9)],
           "failed": [{"id": "u9", "reason": "locked"}, {"id": "u10", "reason": "not found"}]}
    obs = _observe(raw)
    assert obs.status is Status.PARTIAL and obs.error is None
    assert obs.text.startswith("partial: 8 succeeded, 2 failed: id=u9, reason=locked; id=u10, reason=not found")
    for value in [f"u{i}" for i in range(1, 11)] + ["locked", "not found"]:
        assert value in obs.text


@pytest.mark.parametrize("raw", [
    {"status": "partial", "processed": 7, "report_url": "https://example.com/r/7"},
    {"succeeded": 3, "failed": 2},
])
def test_partial_word_and_counts_are_partial(raw: dict[str, Any]) -> None:
    assert _observe(raw).status is Status.PARTIAL


@pytest.mark.parametrize(("raw", "status"), [
    ({"status": "cancelled", "message": "stopped by user"}, Status.CANCELLED),  # a job without a handle
    ("Deployment cancelled by operator.", Status.CANCELLED),
    ({"state": "running", "job_id": "j-7"}, Status.PENDING),
    ({"done": False, "name": "operations/op-1"}, Status.PENDING),
])
def test_cancelled_and_running_jobs(raw: Any, status: Status) -> None:
    assert _observe(raw).status is status


def test_nested_job_gives_handle_and_poll_url() -> None:
    obs = _observe({"task": {"status": "queued", "id": "t-9", "poll_url": "https://api.example.com/tasks/t-9"}})
    assert obs.status is Status.PENDING
    assert obs.metadata["details"] == {"handle": "t-9", "poll_url": "https://api.example.com/tasks/t-9"}
    assert "poll_url=https://api.example.com/tasks/t-9" in obs.text


def test_progress_text_is_pending_with_its_wait() -> None:
    obs = _observe("Build still in progress (42%). Poll again in 30 seconds.")
    assert obs.status is Status.PENDING and obs.metadata["details"]["retry_after_ms"] == 30_000
    assert obs.text.startswith("pending: poll retry_after=30s")


def test_http_202_text_gives_the_handle() -> None:
    obs = _observe("Accepted: job_id=J-42 queued", http_status=202)
    assert obs.status is Status.PENDING and obs.metadata["details"]["handle"] == "J-42"


def test_business_status_is_data() -> None:
    obs = _observe({"order_id": "#W1", "status": "processing", "items": [{"sku": "A1"}], "total": 42.5})
    assert obs.status is Status.SUCCESS


def test_seed_004_error_detail_keeps_code_message_and_actions() -> None:
    raw = {"status": "error", "error_detail": {"code": "FILE_LOCKED", "message": "目标文件被其他进程占用，无法写入。",
                                               "suggested_actions": ["等待后重试", "尝试写入临时文件"]}}
    obs = _observe(raw)
    assert obs.error.code is ErrorCode.CONFLICT and obs.error.tool_code == "FILE_LOCKED"
    assert obs.error.message == "目标文件被其他进程占用，无法写入。"
    assert obs.error.suggested_actions == ["等待后重试", "尝试写入临时文件"]
    assert obs.text.startswith("error CONFLICT (tool: FILE_LOCKED) retryable=no: 目标文件被其他进程占用")
    assert "next: 等待后重试; 尝试写入临时文件" in obs.text


@pytest.mark.parametrize(("raw", "code", "tool_code"), [
    ({"ok": False, "error": "LOG_NOT_FOUND"}, ErrorCode.NOT_FOUND, "LOG_NOT_FOUND"),  # seed 002
    ("请求失败，请稍后再试", ErrorCode.UPSTREAM_FAILURE, None),  # seed 000
    ("User not found", ErrorCode.NOT_FOUND, None),
    ("429 Too Many Requests", ErrorCode.RATE_LIMITED, "429"),
    ("Internal Server Error\njava.lang.NullPointerException: x\n\tat com.example.A.b(A.java:4)",
     ErrorCode.UPSTREAM_FAILURE, "java.lang.NullPointerException"),
    ({"code": 404, "msg": "资源不存在"}, ErrorCode.NOT_FOUND, "404"),
    ({"errcode": 40001, "errmsg": "invalid credential"}, ErrorCode.AUTH_FAILED, "40001"),
    ({"error": {"type": "card_error", "code": "card_declined", "message": "Your card was declined."}},
     ErrorCode.CONFLICT, "card_declined"),
    ({"__type": "ThrottlingException", "message": "Rate exceeded"}, ErrorCode.RATE_LIMITED, "ThrottlingException"),
    ("rpc error: code = DeadlineExceeded desc = context deadline exceeded", ErrorCode.TIMEOUT, "DeadlineExceeded"),
    ("Error: connect ECONNREFUSED 127.0.0.1:5432", ErrorCode.UPSTREAM_FAILURE, "ECONNREFUSED"),
    ({"rc": 2}, ErrorCode.COMMAND_FAILED, "2"),
])
def test_errors_keep_the_tools_code_beside_the_stable_one(raw: Any, code: ErrorCode, tool_code: str | None) -> None:
    obs = _observe(raw)
    assert obs.status is Status.ERROR and obs.error.code is code
    assert obs.error.tool_code == tool_code
    if tool_code:
        assert tool_code in obs.text


def test_throttling_header_states_tool_code_and_wait() -> None:
    obs = _observe({"__type": "ThrottlingException", "message": "Rate exceeded, retry in 20 seconds"})
    assert obs.text.startswith("error RATE_LIMITED (tool: ThrottlingException) retryable=yes retry_after=20s: ")


@pytest.mark.parametrize(("text", "code"), [
    ("Benutzer nicht gefunden", ErrorCode.NOT_FOUND), ("Accès refusé", ErrorCode.PERMISSION_DENIED),
    ("Tiempo de espera agotado", ErrorCode.TIMEOUT), ("ユーザーが見つかりません", ErrorCode.NOT_FOUND),
    ("접근이 거부되었습니다", ErrorCode.PERMISSION_DENIED), ("Пользователь не найден", ErrorCode.NOT_FOUND),
    ("Usuário não encontrado", ErrorCode.NOT_FOUND), ("權限不足", ErrorCode.PERMISSION_DENIED),
    ("Utente non trovato", ErrorCode.NOT_FOUND), ("Gebruiker niet gevonden", ErrorCode.NOT_FOUND),
])
def test_non_english_errors_map_to_their_code(text: str, code: ErrorCode) -> None:
    obs = _observe(text)
    assert obs.status is Status.ERROR and obs.error.code is code


def test_retry_in_seconds_gives_retry_after() -> None:
    obs = _observe("Too many requests, retry in 20 seconds")
    assert obs.error.retry_after_ms == 20_000 and obs.error.retryable


def test_cut_off_json_is_uncertain_with_what_is_known() -> None:
    obs = _observe('{"order_id": "#W1", "status": "deliv')
    assert obs.status is Status.UNCERTAIN
    assert obs.text.startswith("uncertain: the result is cut off (after 36 characters inside a string, 1 bracket "
                               "open); complete: order_id=#W1; incomplete: status")


def test_a_cut_off_re_read_is_not_folded_against_the_whole_one() -> None:
    whole = orjson.dumps({"order_id": "#W1", "status": "delivered"}).decode()
    lines = [orjson.dumps({"task_id": "t", "step_id": i, "action_id": f"a{i}", "tool": "get_order_details",
                           "args": {"order_id": "#W1"}, "raw": raw})
             for i, raw in enumerate([whole, whole[:30]])]
    second = list(Runner(Stages.default()).run(lines))[1].observation
    assert second.status is Status.UNCERTAIN and "changed since" not in second.text


@pytest.mark.parametrize("raw", ["No matches found for \"timeout\" in /src", "Reservation cancelled successfully.",
                                 "cancelled", {"ok": True, "error": None}, {"code": "SFO", "name": "SF Intl"}])
def test_look_alikes_stay_successes(raw: Any) -> None:
    assert _observe(raw).status is Status.SUCCESS
