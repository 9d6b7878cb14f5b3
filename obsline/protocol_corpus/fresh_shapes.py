"""The fresh held-out part's partial, pending, cancelled and uncertain results and its
successes that must stay successes (see ``fresh``: written after the rules, never tuned on)."""

from __future__ import annotations

import json

from obsline.protocol_corpus.case import Case


def _c(id: str, raw: object, status: str, **kw: object) -> Case:
    return Case(f"fresh-{id}", raw, status, fresh=True, **kw)  # type: ignore[arg-type]


def _partials() -> list[Case]:
    return [
        _c("firehose", {"FailedPutCount": 1, "Encrypted": False, "RequestResponses": [
            {"RecordId": "49543463076548007"}, {"ErrorCode": "ServiceUnavailableException",
                                                "ErrorMessage": "Slow down."}]},
           "partial", visible=("49543463076548007", "ServiceUnavailableException", "Slow down."),
           style="aws firehose"),
        _c("eventbridge", {"FailedEntryCount": 1, "Entries": [{"EventId": "11710aed-b79e"},
                                                              {"ErrorCode": "InternalFailure",
                                                               "ErrorMessage": "Internal failure"}]},
           "partial", visible=("11710aed-b79e", "InternalFailure"), style="aws eventbridge"),
        _c("sns-batch", {"Successful": [{"Id": "1", "MessageId": "m-41"}], "Failed": [
            {"Id": "2", "Code": "InvalidParameter", "Message": "Message too long", "SenderFault": True}]},
           "partial", visible=("m-41", "InvalidParameter", "Message too long"), style="aws sns"),
        _c("mailchimp-batch", {"new_members": [{"email_address": "a@x.io"}], "updated_members": [],
                               "errors": [{"email_address": "bad@", "error": "bad@ looks fake or invalid",
                                           "error_code": "ERROR_GENERIC"}],
                               "total_created": 1, "total_updated": 0, "error_count": 1},
           "partial", visible=("a@x.io", "bad@ looks fake or invalid"), style="mailchimp batch"),
        _c("per-item-results", {"results": [{"sku": "A1", "ok": True}, {"sku": "B2", "ok": False,
                                                                         "error": "out of stock"},
                                            {"sku": "C3", "ok": True}]},
           "partial", visible=("A1", "B2", "C3", "out of stock"), style="per-item ok"),
        _c("bulk-counts", {"inserted": 97, "failed": 3, "failures": [{"row": 4, "error": "bad date"},
                                                                     {"row": 17, "error": "bad date"},
                                                                     {"row": 88, "error": "missing id"}]},
           "partial", visible=("97", "bad date", "missing id"), style="bulk counts"),
        _c("text-import", "Imported 120 rows; 3 rows failed (rows 4, 17, 88: invalid date).", "partial",
           visible=("120", "4, 17, 88"), style="text"),
        _c("text-emails", "45 emails sent, 5 failed", "partial", style="text"),
        _c("text-zh", "已成功导入 98 条记录，2 条失败", "partial", style="text", lang="zh"),
        _c("text-pt", "8 atualizados com sucesso, 2 falharam", "partial", style="text", lang="pt"),
        _c("all-ok-batch", {"succeeded": ["a", "b", "c"], "failed": []}, "success", style="batch lists all ok"),
    ]


def _pendings() -> list[Case]:
    return [
        _c("openai-run", {"id": "run_abc123", "object": "thread.run", "status": "queued",
                          "thread_id": "thread_1"}, "pending", handle="run_abc123", style="openai run"),
        _c("anthropic-batch", {"id": "msgbatch_013Zva2CMHLNnXjNJJKqJ2EF", "type": "message_batch",
                               "processing_status": "in_progress", "request_counts": {"processing": 100}},
           "pending", handle="msgbatch_013Zva2CMHLNnXjNJJKqJ2EF", style="anthropic batch"),
        _c("bigquery-job", {"kind": "bigquery#job", "jobReference": {"projectId": "p", "jobId": "job_7Yq"},
                            "status": {"state": "RUNNING"}}, "pending", handle="job_7Yq", style="bigquery job"),
        _c("snowflake-async", {"code": "333334", "message": "Asynchronous execution in progress. Use provided "
                               "query id to perform query monitoring and management.",
                               "statementHandle": "01a2b3c4-0000-1111", "statementStatusUrl":
                                   "/api/v2/statements/01a2b3c4-0000-1111"},
           "pending", handle="01a2b3c4-0000-1111", poll_url="/api/v2/statements/01a2b3c4-0000-1111",
           style="snowflake sql api"),
        _c("github-run", {"id": 30433642, "name": "CI", "status": "in_progress", "conclusion": None},
           "pending", handle="30433642", style="github actions run"),
        _c("stability", {"id": "a6dc6c6e20acda010fe14d71f180658f", "status": "in-progress"}, "pending",
           handle="a6dc6c6e20acda010fe14d71f180658f", style="generation job"),
        _c("azure-async", {"status": "Running", "id": "op-3f1", "percentComplete": 40}, "pending",
           handle="op-3f1", style="azure async"),
        _c("nested-export", {"export": {"id": "ex_9", "state": "pending", "check_url":
                                        "https://api.example.com/exports/ex_9"}},
           "pending", handle="ex_9", poll_url="https://api.example.com/exports/ex_9", style="nested job"),
        _c("wait-header", {"job": {"id": "j-55", "status": "queued"}, "headers": {"Retry-After": "15"}},
           "pending", handle="j-55", retry_after_ms=15_000, style="job with wait"),
        _c("text-queue", "Request queued (position 3). Check status again in 45 seconds.", "pending",
           retry_after_ms=45_000, style="text"),
        _c("text-zh-report", "报表生成中，请稍后查询，任务编号：RPT-2024-88", "pending", handle="RPT-2024-88", style="text",
           lang="zh"),
        _c("text-ja", "エクスポートを処理しています。1分後に再度確認してください。", "pending", retry_after_ms=60_000,
           style="text", lang="ja"),
        _c("lro-done-error", {"name": "operations/op-9", "done": True, "error": {
            "code": 5, "message": "Instance not found"}}, "error", code="NOT_FOUND", retryable=False,
           style="google lro"),
        _c("biz-order-processing", {"order_id": "SO-1009", "status": "processing", "customer": "Ada",
                                    "lines": [{"sku": "K1", "qty": 1}], "amount_due": 18.0},
           "success", style="business status"),
        _c("biz-ticket-open", {"id": 88, "status": "pending", "requester": "kim", "subject": "VPN down",
                               "priority": "high"}, "success", style="business status"),
    ]


def _cancelleds() -> list[Case]:
    return [
        _c("github-run-cancelled", {"id": 30433650, "status": "completed", "conclusion": "cancelled"},
           "cancelled", handle="30433650", style="github actions run"),
        _c("openai-batch-cancelled", {"id": "batch_x9", "object": "batch", "status": "cancelled"}, "cancelled",
           handle="batch_x9", style="openai batch"),
        _c("k8s-job-aborted", {"job": {"name": "etl-42", "state": "ABORTED"}}, "cancelled", handle="etl-42",
           style="nested job"),
        _c("text-it", "Operazione annullata dall'utente.", "cancelled", style="text", lang="it"),
        _c("text-nl", "De taak is geannuleerd.", "cancelled", style="text", lang="nl"),
        _c("text-en", "The upload was canceled before it finished.", "cancelled", style="text"),
        _c("biz-stripe-pi", {"id": "pi_3MtwBw", "object": "payment_intent", "status": "canceled",
                             "cancellation_reason": "abandoned", "amount": 2000, "currency": "usd"},
           "success", style="business status"),
    ]


_WHOLE = [
    {"customer": {"id": "cus_9", "email": "ada@example.com"}, "invoices": [{"id": "in_1", "total": 1999}]},
    [{"sku": "A1", "price": "9.99"}, {"sku": "B2", "price": "14.50"}, {"sku": "C3", "price": "3.00"}],
]


def _uncertains() -> list[Case]:
    out = []
    for i, whole in enumerate(_WHOLE):
        text = json.dumps(whole)
        for frac in (0.4, 0.7, 0.9):
            out.append(_c(f"cut-{i}-{int(frac * 100)}", text[: int(len(text) * frac)], "uncertain",
                          style="cut-off json"))
    out += [
        _c("es-timed-out", {"took": 1001, "timed_out": True, "hits": {"total": 3, "hits": [{"_id": "1"}]}},
           "uncertain", style="declared incomplete"),
        _c("partial-result-flag", {"records": [{"id": 1}], "partial_result": True}, "uncertain",
           style="declared incomplete"),
        _c("gemini-max-tokens", {"candidates": [{"content": {"parts": [{"text": "The capital is"}]},
                                                 "finishReason": "MAX_TOKENS"}]}, "uncertain",
           style="declared incomplete"),
        _c("paginated", {"data": [{"id": 1}, {"id": 2}], "has_more": True}, "success", style="pagination"),
        _c("next-link", {"results": [{"id": 3}], "next": "https://api.example.com/items?page=2"}, "success",
           style="pagination"),
    ]
    return out


def _controls() -> list[Case]:
    rows: list[object] = [
        {"status": "ok", "failures": [], "checked": 14},
        {"isError": False, "content": [{"type": "text", "text": "3 files changed"}]},
        {"success": True, "message": "User not found in cache, loaded from database", "user_id": 7},
        {"error_rate": 0.02, "p99_ms": 412, "service": "checkout"},
        {"title": "How to fix 'Connection refused' in Postgres", "url": "https://example.com/q/1", "score": 12},
        "Deleted 4 stale branches.",
        {"code": "ok", "data": {"balance": "12.40"}},
        {"result": "OK", "rows": 3},
    ]
    return [_c(f"control-{i}", raw, "success", style="control") for i, raw in enumerate(rows)]


def fresh_shape_cases() -> list[Case]:
    return _partials() + _pendings() + _cancelleds() + _uncertains() + _controls()
