"""Partial, pending, cancelled and uncertain (cut-off or declared incomplete) results."""

from __future__ import annotations

import json

from obsline.protocol_corpus.case import Case

# --- partial results ------------------------------------------------------------------------

_PAIRS = [("updated", "failed"), ("succeeded", "failed"), ("successful", "failed"), ("Successful", "Failed"),
          ("created", "errors"), ("processed", "failures"), ("sent", "failed"), ("imported", "rejected"),
          ("deleted", "failed"), ("completed", "failed"), ("ok", "failed"), ("saved", "errors")]
_REASONS = ["locked", "not found", "permission denied", "invalid email", "duplicate key", "quota exceeded"]


def partial_cases() -> list[Case]:
    out = []
    for i, (good, bad) in enumerate(_PAIRS):
        n_ok, n_bad = 3 + i % 6, 1 + i % 3
        oks = [f"u{k}" for k in range(1, n_ok + 1)]
        fails = [{"id": f"u{n_ok + k}", "reason": _REASONS[(i + k) % len(_REASONS)]} for k in range(1, n_bad + 1)]
        raw = {good: oks, bad: fails}
        vis = tuple(oks) + tuple(f["id"] for f in fails) + tuple(f["reason"] for f in fails)
        out.append(Case(f"partial-lists-{good}-{bad}", raw, "partial", visible=vis, style="batch lists"))
        out.append(Case(f"partial-nested-{good}-{bad}", {"batch_id": f"b-{i}", "result": raw}, "partial",
                        visible=vis, style="batch lists nested"))
        out.append(Case(f"partial-items-{good}", {bad: [], good: oks}, "success", visible=tuple(oks),
                        style="batch lists all ok"))
    counts = [("succeeded", "failed"), ("success_count", "failure_count"), ("successCount", "failureCount"),
              ("ok_count", "error_count"), ("processed", "errors"), ("num_succeeded", "num_failed")]
    for i, (good, bad) in enumerate(counts):
        out.append(Case(f"partial-counts-{good}", {good: 3 + i, bad: 2, "total": 5 + i}, "partial",
                        visible=(str(3 + i), "2"), style="batch counts"))
        out.append(Case(f"partial-counts-zero-{good}", {good: 4 + i, bad: 0}, "success", style="batch counts"))
    seed = {"status": "partial", "data": {"updated": ["a1", "a2"]}, "failed": [{"id": "a3", "error": "timeout"}]}
    out.append(Case("partial-status-word", seed, "partial", visible=("a1", "a2", "a3", "timeout"), style="seed 000"))
    out.append(Case("partial-status-partial-success", {"status": "partial_success", "data": [{"id": 1}, {"id": 2}],
                                                        "errors": [{"id": 3, "message": "row locked"}]},
                    "partial", visible=("row locked",), style="seed 004"))
    out.append(Case("partial-graphql-data-and-errors", {"data": {"user": {"name": "Ada"}, "repo": None},
                                                        "errors": [{"message": "Could not resolve to a Repository",
                                                                    "path": ["repo"],
                                                                    "extensions": {"code": "NOT_FOUND"}}]},
                    "partial", visible=("Ada", "Could not resolve to a Repository"), style="graphql"))
    out.append(Case("partial-es-bulk", {"took": 30, "errors": True, "items": [
        {"index": {"_index": "logs", "_id": "1", "status": 201, "result": "created"}},
        {"index": {"_index": "logs", "_id": "2", "status": 409,
                   "error": {"type": "version_conflict_engine_exception", "reason": "[2]: version conflict"}}},
        {"index": {"_index": "logs", "_id": "3", "status": 201, "result": "created"}}]},
        "partial", visible=("version_conflict_engine_exception", "[2]: version conflict"), style="elasticsearch bulk"))
    out.append(Case("partial-kinesis", {"FailedRecordCount": 1, "Records": [
        {"SequenceNumber": "4960001", "ShardId": "shardId-000000000001"},
        {"ErrorCode": "ProvisionedThroughputExceededException", "ErrorMessage": "Rate exceeded for shard"}]},
        "partial", visible=("4960001", "ProvisionedThroughputExceededException"), style="aws kinesis"))
    out.append(Case("partial-sqs-batch", {"Successful": [{"Id": "m1", "MessageId": "a-1"}], "Failed": [
        {"Id": "m2", "Code": "InvalidParameterValue", "Message": "Message too long", "SenderFault": True}]},
        "partial", visible=("a-1", "InvalidParameterValue", "Message too long"), style="aws sqs"))
    out.append(Case("partial-mixed-item-status", {"results": [
        {"id": "r1", "status": "success"}, {"id": "r2", "status": "failed", "error": "card declined"},
        {"id": "r3", "status": "success"}]}, "partial", visible=("r1", "r2", "r3", "card declined"),
        style="per-item status"))
    out.append(Case("partial-all-failed", {"updated": [], "failed": [{"id": "u1", "reason": "not found"}]},
                    "error", "NOT_FOUND", retryable=False, visible=("u1",), style="batch lists"))
    texts = [
        ("en", "Updated 8 of 10 records; 2 failed: u9 (locked), u10 (not found)", ("u9", "u10", "locked")),
        ("en", "3 succeeded, 2 failed", ()),
        ("zh", "批量更新完成：成功 8 条，失败 2 条（u9 被锁定，u10 不存在）", ()),
        ("de", "8 erfolgreich, 2 fehlgeschlagen", ()),
        ("fr", "8 réussis, 2 échoués", ()),
        ("es", "8 correctos, 2 fallidos", ()),
        ("ja", "成功 8 件、失敗 2 件", ()),
    ]
    for lang, text, vis in texts:
        out.append(Case(f"partial-text-{lang}-{len(text)}", text, "partial", visible=vis, style="text", lang=lang))
    return out


# --- pending ----------------------------------------------------------------------------------

def pending_cases() -> list[Case]:
    out = []
    words = ["queued", "running", "in_progress", "processing", "started", "RUNNING", "QUEUED", "InProgress"]
    for i, word in enumerate(words):
        h = f"job-{100 + i}"
        out.append(Case(f"pending-status-{word}", {"status": word, "job_id": h}, "pending", handle=h, style="job"))
        out.append(Case(f"pending-state-{word}", {"state": word, "id": h, "progress": 10 * i}, "pending", handle=h,
                        style="job state"))
        url = f"https://api.example.com/v1/tasks/{h}"
        out.append(Case(f"pending-nested-{word}", {"task": {"status": word, "poll_url": url, "id": h}}, "pending",
                        handle=h, poll_url=url, style="nested job"))
        out.append(Case(f"pending-wait-{word}", {"status": word, "operation_id": h, "retry_after": 5 + i},
                        "pending", handle=h, retry_after_ms=(5 + i) * 1000, style="job with wait"))
    for i in range(4):
        name = f"operations/op-{7 + i}"
        out.append(Case(f"pending-lro-{i}", {"name": name, "done": False, "metadata": {
            "@type": "type.googleapis.com/google.cloud.CreateInstanceMetadata", "progressPercent": 20 * i}},
            "pending", handle=name, style="google lro"))
        out.append(Case(f"pending-lro-nested-{i}", {"operation": {"name": name, "done": False}}, "pending",
                        handle=name, style="google lro nested"))
        out.append(Case(f"success-lro-done-{i}", {"name": name, "done": True, "response": {"id": f"vm-{i}"}},
                        "success", visible=(f"vm-{i}",), style="google lro"))
    out += [
        Case("pending-celery", {"task_id": "c9f1", "state": "PENDING"}, "pending", handle="c9f1", style="celery"),
        Case("pending-sfn", {"executionArn": "arn:aws:states:us-east-1:1:execution:sm:run-1", "status": "RUNNING"},
             "pending", handle="arn:aws:states:us-east-1:1:execution:sm:run-1", style="aws step functions"),
        Case("pending-openai-batch", {"id": "batch_abc123", "object": "batch", "status": "in_progress"},
             "pending", handle="batch_abc123", style="openai batch"),
        Case("pending-openai-ft", {"id": "ftjob-abc", "object": "fine_tuning.job", "status": "queued"},
             "pending", handle="ftjob-abc", style="openai fine-tune"),
        Case("pending-replicate", {"id": "p-77", "status": "starting", "urls": {
            "get": "https://api.replicate.com/v1/predictions/p-77"}}, "pending", handle="p-77",
             poll_url="https://api.replicate.com/v1/predictions/p-77", style="replicate"),
        Case("pending-azure", {"id": "/subscriptions/s1/providers/Microsoft.Compute/operations/op-5",
                               "status": "InProgress", "startTime": "2024-06-10T08:23:11Z"}, "pending",
             handle="/subscriptions/s1/providers/Microsoft.Compute/operations/op-5", style="azure async"),
        Case("pending-databricks", {"run_id": 455, "state": {"life_cycle_state": "RUNNING"}}, "pending",
             handle="455", style="databricks"),
        Case("pending-http-202-json", {"job_id": "exp-55", "status_url": "/v1/exports/exp-55"}, "pending",
             handle="exp-55", poll_url="/v1/exports/exp-55", http_status=202, style="http 202"),
        Case("pending-http-202-text", "HTTP/1.1 202 Accepted\nLocation: /jobs/42\n\nJob 42 accepted", "pending",
             handle="42", poll_url="/jobs/42", style="http 202 text"),
        Case("pending-http-202-text-jobid", "202 Accepted: job_id=J-9 queued", "pending", handle="J-9",
             style="http 202 text"),
        Case("pending-text-build", "Build still in progress (42%). Poll again in 30 seconds.", "pending",
             retry_after_ms=30_000, style="text"),
        Case("pending-text-check-back", "Job 7f3a is queued. Check back in 2 minutes.", "pending", handle="7f3a",
             retry_after_ms=120_000, style="text"),
        Case("pending-text-export", "Your export is being processed. Status URL: https://x.example.com/exports/55",
             "pending", poll_url="https://x.example.com/exports/55", style="text"),
        Case("pending-text-zh", "任务正在处理中，请30秒后查询。任务ID: T-88", "pending", handle="T-88",
             retry_after_ms=30_000, style="text", lang="zh"),
        Case("pending-text-de", "Der Auftrag wird noch bearbeitet. Bitte in 10 Sekunden erneut abfragen.",
             "pending", retry_after_ms=10_000, style="text", lang="de"),
        Case("pending-text-fr", "Traitement en cours. Réessayez dans 15 secondes.", "pending",
             retry_after_ms=15_000, style="text", lang="fr"),
        Case("pending-text-es", "La tarea está en proceso. Vuelva a consultar en 20 segundos.", "pending",
             retry_after_ms=20_000, style="text", lang="es"),
        Case("pending-text-ja", "ジョブは処理中です。30秒後に再確認してください。", "pending", retry_after_ms=30_000,
             style="text", lang="ja"),
        Case("pending-text-ko", "작업이 처리 중입니다. 10초 후에 다시 확인하세요.", "pending", retry_after_ms=10_000,
             style="text", lang="ko"),
        Case("pending-text-pt", "Processamento em andamento. Tente novamente em 5 segundos.", "pending",
             retry_after_ms=5_000, style="text", lang="pt"),
        Case("pending-text-ru", "Задача выполняется. Повторите запрос через 60 секунд.", "pending",
             retry_after_ms=60_000, style="text", lang="ru"),
    ]
    # Business records whose status field is data: never the call's status.
    biz = [
        {"order_id": "#W1", "status": "processing", "items": [{"sku": "A1", "qty": 2}], "total": 42.5},
        {"order_id": "#W2", "status": "pending", "user_id": "u_7", "payment_method": "card_1", "total": 9.99},
        {"ticket_id": 5, "status": "queued", "subject": "Printer broken", "priority": "low", "assignee": "kim"},
        {"reservation_id": "R8", "status": "in_progress", "flight": "HAT001", "cabin": "economy", "passengers": 2},
        {"user": "ada", "status": "active", "plan": "pro"},
        {"shipment": {"tracking_number": "SF123456789CN", "status": "running late", "carrier": "SF"}},
        {"order_id": "12345", "status": "shipped", "tracking_number": "SF123456789CN",
         "estimated_delivery": "2024-06-15"},
        {"pipeline": "deploy", "status": "completed", "job_id": "j-1", "duration_s": 42},
        {"id": "pi_1", "object": "payment_intent", "status": "succeeded", "amount": 2000, "currency": "usd"},
    ]
    for i, rec in enumerate(biz):
        out.append(Case(f"success-business-status-{i}", rec, "success", style="business status"))
    return out


# --- cancelled --------------------------------------------------------------------------------

def cancelled_cases() -> list[Case]:
    out = []
    for i, word in enumerate(["cancelled", "canceled", "CANCELLED", "aborted", "Canceled"]):
        out.append(Case(f"cancelled-handle-{word}", {"status": word, "job_id": f"j-{i}"}, "cancelled",
                        handle=f"j-{i}", style="job"))
        out.append(Case(f"cancelled-nohandle-{word}", {"status": word, "message": "stopped by user"}, "cancelled",
                        style="job"))
        out.append(Case(f"cancelled-nested-{word}", {"job": {"state": word, "id": f"k-{i}"}}, "cancelled",
                        handle=f"k-{i}", style="nested job"))
    out.append(Case("cancelled-lro", {"name": "operations/op-3", "done": True, "error": {
        "code": 1, "message": "Operation was cancelled"}}, "cancelled", handle="operations/op-3", style="google lro"))
    texts = [("en", "Deployment cancelled by operator."), ("en", "Job 12 was cancelled."),
             ("en", "Operation aborted by user"), ("zh", "操作已取消"), ("de", "Vorgang vom Benutzer abgebrochen."),
             ("fr", "Opération annulée par l'utilisateur."), ("es", "Operación cancelada por el usuario."),
             ("pt", "Operação cancelada pelo usuário."), ("ru", "Операция отменена пользователем."),
             ("ja", "操作はキャンセルされました。"), ("ko", "작업이 취소되었습니다.")]
    for lang, text in texts:
        out.append(Case(f"cancelled-text-{lang}-{len(text)}", text, "cancelled", style="text", lang=lang))
    out.append(Case("success-business-cancelled", {"order_id": "#W9", "status": "cancelled", "items": [
        {"sku": "B2"}], "refund_amount": 12.5, "cancel_reason": "no longer needed"}, "success", style="business status"))
    return out


# --- uncertain (cut off or incomplete) ----------------------------------------------------------

_WHOLE = [
    {"order_id": "#W1", "status": "delivered", "total": 186.45, "items": [{"sku": "A1"}, {"sku": "B2"}]},
    {"user_id": "mia_li_3668", "name": {"first": "Mia", "last": "Li"}, "email": "mia.li@example.com"},
    [{"id": "r1", "score": 0.91}, {"id": "r2", "score": 0.87}, {"id": "r3", "score": 0.5}],
    {"results": [{"title": "Observation design", "url": "https://example.com/a"}], "count": 1},
]


def uncertain_cases() -> list[Case]:
    out = [Case("uncertain-issue-example", '{"order_id": "#W1", "status": "deliv', "uncertain", visible=("#W1",),
                style="cut-off json")]
    for i, whole in enumerate(_WHOLE):
        text = json.dumps(whole)
        for frac in (0.35, 0.55, 0.8, 0.95):
            cut = text[: int(len(text) * frac)]
            out.append(Case(f"uncertain-cut-{i}-{int(frac * 100)}", cut, "uncertain", style="cut-off json"))
    flags = [
        {"rows": [{"id": 1}, {"id": 2}], "truncated": True},
        {"items": ["a", "b"], "incomplete": True},
        {"data": [1, 2, 3], "complete": False},
        {"id": "resp_1", "status": "incomplete", "incomplete_details": {"reason": "max_output_tokens"}},
        {"choices": [{"message": {"content": "The answer is"}, "finish_reason": "length"}]},
        {"content": [{"type": "text", "text": "Partial answ"}], "stop_reason": "max_tokens"},
        {"hits": [{"id": 1}], "timed_out": True, "_shards": {"total": 5, "successful": 3, "failed": 2}},
        {"results": ["x"], "is_partial": True},
    ]
    for i, raw in enumerate(flags):
        out.append(Case(f"uncertain-flag-{i}", raw, "uncertain", style="declared incomplete"))
    return out
