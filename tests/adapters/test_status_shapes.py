"""Status from every shape: exit codes, tracebacks, timeouts, HTTP lines, Retry-After,
error prefixes in other languages, pending job words, and searches that found nothing."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from obsline.adapters.adapt import Limits, adapt
from obsline.core.errors import RETRYABLE, ErrorCode
from obsline.core.models import RawEnvelope, Status
from obsline.pipeline import Runner, Stages


def _adapt(raw: Any, tool: str = "bash", **extra: Any):
    env = RawEnvelope.parse({"task_id": "t", "step_id": 0, "action_id": "a0", "tool": tool, "raw": raw, **extra})
    return adapt(env, {}, Limits()).adapted


def _text(raw: Any, tool: str = "bash") -> str:
    line = orjson.dumps({"task_id": "t", "step_id": 0, "action_id": "a0", "tool": tool, "raw": raw})
    [processed] = list(Runner(Stages.default()).run([line]))
    return processed.observation.text


def test_non_zero_exit_code_in_a_mini_swe_agent_wrapper_is_command_failed() -> None:
    a = _adapt("<returncode>2</returncode>\n<output>\ngrep: foo.txt: No such file or directory\n</output>")
    assert a.status is Status.ERROR and a.error.code is ErrorCode.COMMAND_FAILED
    assert a.error.message == "exit code 2: grep: foo.txt: No such file or directory"
    assert not a.error.retryable and a.shape == "shell"


def test_zero_exit_code_is_success() -> None:
    assert _adapt("<returncode>0</returncode>\n<output>\nok\n</output>").status is Status.SUCCESS


def test_a_failed_command_shows_its_output_under_the_error_header() -> None:
    text = _text("Ran 3 tests\nFAILED (failures=1)\nExit code: 1")
    assert text.startswith("error COMMAND_FAILED retryable=no")
    assert "Ran 3 tests\nFAILED (failures=1)\nExit code: 1" in text


def test_json_exit_code_is_command_failed() -> None:
    a = _adapt(orjson.dumps({"exit_code": 1, "stdout": "", "stderr": "make: *** [all] Error 2"}).decode())
    assert a.error.code is ErrorCode.COMMAND_FAILED and "make: *** [all] Error 2" in a.error.message


_TRACE = ('Traceback (most recent call last):\n  File "/work/decrypt.py", line 5, in <module>\n'
          "    x = chr(1.5)\nTypeError: integer argument expected, got float")


def test_a_traceback_without_an_exit_code_is_content_shown_in_full() -> None:
    a = _adapt(_TRACE, tool="python")
    assert a.status is Status.SUCCESS and a.shape == "traceback"
    text = _text(_TRACE, tool="python")
    assert 'File "/work/decrypt.py", line 5, in <module>' in text and "[stack trace removed]" not in text


def test_a_failed_command_ending_in_a_traceback_says_its_exception() -> None:
    a = _adapt(f"<returncode>1</returncode>\n<output>\n{_TRACE}\n</output>", tool="bash")
    assert a.error.code is ErrorCode.COMMAND_FAILED
    assert a.error.message == "exit code 1: TypeError: integer argument expected, got float"


@pytest.mark.parametrize("raw", [
    "\nEXECUTION TIMED OUT",
    "The last command <command>sleep 100</command> timed out and has been killed.",
    "Command 'pytest -x tests' timed out after 60 seconds",
])
def test_timeouts_are_timeout_and_keep_the_command(raw: str) -> None:
    a = _adapt(raw)
    assert a.error.code is ErrorCode.TIMEOUT and a.error.retryable
    assert a.error.message == raw.strip()


def test_tau2_error_dot_text_is_an_error_and_the_rest_is_shown() -> None:
    raw = "Error. App 'nonexistent_app' not found. Cannot grant permission.\nStatus Bar: 📶⁴ Excellent | 5G"
    a = _adapt(raw, tool="grant_app_permission")
    assert a.status is Status.ERROR and a.error.code is ErrorCode.NOT_FOUND
    text = _text(raw, tool="grant_app_permission")
    assert text.startswith("error NOT_FOUND retryable=no\n") and "Status Bar: 📶⁴ Excellent | 5G" in text


@pytest.mark.parametrize(("raw", "code"), [
    ("Error during execution: MathAPI.logarithm() missing 1 required positional argument: 'precision'",
     ErrorCode.INVALID_ARGUMENT),
    ("错误：文件不存在 (not found)", ErrorCode.NOT_FOUND),
    ("失败: 请求超时 timed out", ErrorCode.TIMEOUT),
    ("エラー: アクセスが拒否されました", ErrorCode.PERMISSION_DENIED),  # issue 23: the words decide in every language
    ("Fehler: Datei nicht gefunden", ErrorCode.NOT_FOUND),
    ("Erreur : permission denied", ErrorCode.PERMISSION_DENIED),
    ("오류: 잘못된 요청", ErrorCode.INVALID_ARGUMENT),
    ("Ошибка: not found", ErrorCode.NOT_FOUND),
])
def test_error_prefixes_in_several_languages(raw: str, code: ErrorCode) -> None:
    a = _adapt(raw, tool="some_tool")
    assert a.status is Status.ERROR and a.error.code is code


def test_exception_tag_is_an_error() -> None:
    a = _adapt("result pending\n<exception>ValueError: bad input</exception>", tool="run")
    assert a.status is Status.ERROR and a.error.message == "ValueError: bad input"


def test_http_status_line_with_retry_after_header() -> None:
    a = _adapt("HTTP/1.1 503 Service Unavailable\nRetry-After: 30\n\nbusy", tool="http_get")
    assert a.error.code is ErrorCode.UPSTREAM_FAILURE and a.error.retry_after_ms == 30_000


def test_retry_after_in_error_text() -> None:
    a = _adapt("Error: rate limit exceeded, retry after 5 seconds", tool="api")
    assert a.error.code is ErrorCode.RATE_LIMITED and a.error.retry_after_ms == 5000


def test_retry_after_header_inside_json() -> None:
    raw = {"error": {"type": "rate_limit", "message": "slow down"}, "headers": {"Retry-After": "7"}}
    assert _adapt(orjson.dumps(raw).decode(), tool="api").error.retry_after_ms == 7000


def test_rate_limit_without_a_wait_has_no_invented_one() -> None:
    a = _adapt(orjson.dumps({"error": "Too many requests"}).decode(), tool="api")
    assert a.error.code is ErrorCode.RATE_LIMITED and a.error.retry_after_ms is None


@pytest.mark.parametrize("status", ["error", "failed", "FAILURE"])
def test_status_error_objects_are_errors(status: str) -> None:
    a = _adapt(orjson.dumps({"status": status, "message": "disk quota exceeded"}).decode(), tool="api")
    assert a.status is Status.ERROR and a.error.message == "disk quota exceeded"


def test_graphql_errors_without_data_are_an_error_and_with_data_partial() -> None:
    alone = {"data": None, "errors": [{"message": "Cannot query field 'x'"}]}
    assert _adapt(orjson.dumps(alone).decode(), tool="gql").status is Status.ERROR
    both = {"data": {"user": {"id": 1}}, "errors": [{"message": "field 'email' is private"}]}
    assert _adapt(orjson.dumps(both).decode(), tool="gql").status is Status.PARTIAL


@pytest.mark.parametrize("word", ["running", "queued", "in_progress", "accepted"])
def test_job_words_are_pending_without_a_handle(word: str) -> None:
    a = _adapt(orjson.dumps({"status": word}).decode(), tool="jobs")
    assert a.status is Status.PENDING and a.details == {}


def test_http_202_is_pending_with_the_result_s_handle_and_wait() -> None:
    a = _adapt(orjson.dumps({"operation_id": "op-9", "retry_after": 2}).decode(), tool="jobs", http_status=202)
    assert a.status is Status.PENDING and a.details == {"handle": "op-9", "retry_after_ms": 2000}


def test_pending_header_names_only_what_the_result_gave() -> None:
    assert _text(orjson.dumps({"status": "queued"}).decode(), tool="jobs").startswith("pending: not done yet")


def test_a_search_that_found_nothing_is_a_success_with_zero_results() -> None:
    a = _adapt('No matches found for "frobnicate" in /repo', tool="search_dir")
    assert a.status is Status.SUCCESS and a.data == {"found": 0, "query": "frobnicate", "in": "/repo"}


def test_command_failed_is_not_retryable_and_has_a_next_step() -> None:
    assert ErrorCode.COMMAND_FAILED not in RETRYABLE


def test_an_error_text_whose_first_line_says_little_takes_its_code_from_the_last_lines() -> None:
    raw = ("Error: Traceback (most recent call last):\n  File \"/srv/app/gateway.py\", line 212, in forward\n"
           "requests.exceptions.ConnectionError: Max retries exceeded with url: /orders")
    assert _adapt(raw, tool="get_reservation_details").error.code is ErrorCode.UPSTREAM_FAILURE


def test_a_timeout_names_the_command_from_the_call_when_its_text_does_not() -> None:
    a = _adapt("\nEXECUTION TIMED OUT", tool="python", args={"command": "python recover_flag.py"})
    assert a.error.message == "EXECUTION TIMED OUT (command: python recover_flag.py)"
