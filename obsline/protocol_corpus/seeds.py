"""The seeds' own shapes (002, 004), exit codes, generic envelopes, and the successes that must
stay successes (error words inside data)."""

from __future__ import annotations

from typing import Any

from obsline.protocol_corpus.case import Case, err


def seed_cases() -> list[Case]:
    """The seeds' own error shapes, exit codes and generic envelopes."""
    out: list[Case] = []
    out.append(err("seed004-file-locked", {"skill_name": "write_file", "execution_id": "req_123456", "status": "error",
                                            "data": None, "error_detail": {
                                                "code": "FILE_LOCKED", "message": "目标文件被其他进程占用，无法写入。",
                                                "suggested_actions": ["等待后重试", "尝试写入临时文件", "通知用户文件被锁"]},
                                            "metadata": {"start_time": "2023-10-27T10:00:00Z",
                                                         "end_time": "2023-10-27T10:00:00.050Z", "cost_units": 5}},
                    "CONFLICT", "FILE_LOCKED", style="seed 004", lang="zh",
                    visible=("等待后重试", "尝试写入临时文件", "通知用户文件被锁")))
    out.append(err("seed004-db-unavailable", {"status": "error", "error_detail": {
        "code": "DATABASE_UNAVAILABLE", "message": "无法连接到工作事项数据库，请检查网络或服务状态。",
        "suggested_actions": ["请稍后重试", "联系系统管理员"]}}, "UPSTREAM_FAILURE", "DATABASE_UNAVAILABLE",
        style="seed 004", lang="zh", visible=("请稍后重试", "联系系统管理员")))
    # Seed 002's demo.log is what its read_local_log returns with ok: true (its own test asserts
    # that): a log line saying ERROR is the log's content, not the call's failure.
    out.append(Case("seed002-db-timeout-log", "2025-01-01T10:00:00Z service=demo level=ERROR code=DB_TIMEOUT",
                    "success", style="seed 002 log", visible=("2025-01-01T10:00:00Z", "DB_TIMEOUT")))
    out.append(err("rc-2", {"rc": 2, "stdout": "", "stderr": "make: *** [all] Error 2"}, "COMMAND_FAILED", "2",
                    style="exit code"))
    out.append(err("rc-only", {"rc": 2}, "COMMAND_FAILED", "2", style="exit code"))
    out.append(Case("rc-0", {"rc": 0, "stdout": "built"}, "success", style="exit code"))
    out.append(err("retryable-flag", {"error": {"code": "LOCK_TIMEOUT", "message": "lock wait timeout",
                                                 "retryable": True, "retry_after_ms": 1500}},
                    "TIMEOUT", "LOCK_TIMEOUT", retry_after_ms=1500, style="generic envelope"))
    out.append(err("status-failed-reason", {"status": "failed", "reason": "quota exceeded", "job_id": "j-9"},
                    "RATE_LIMITED", style="job"))
    return out


def success_controls() -> list[Case]:
    """Results that must stay successes: words that look like errors inside data."""
    rows: list[Any] = [
        {"order_id": "#W3", "status": "delivered", "note": "customer said the first box was not found at the door"},
        {"errors": [], "data": {"id": 5}},
        {"ok": True, "error": None, "channel": "C1"},
        {"code": "SFO", "name": "San Francisco International"},
        {"message": "Order placed", "order_id": "#W4"},
        {"errcode": 0, "errmsg": "ok"},
        "No matches found for \"timeout\" in /src",
        "Found 3 results for 'connection refused' in docs",
        {"level": "error", "count": 3, "service": "billing"},
        {"failed": 0, "passed": 12, "skipped": 1},
        {"stderr": "", "exit_code": 0, "stdout": "ok"},
        {"status": "done", "result": {"url": "https://cdn.example.com/a.png"}},
    ]
    return [Case(f"success-control-{i}", raw, "success", style="control") for i, raw in enumerate(rows)]

