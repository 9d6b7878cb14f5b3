"""The protocol corpus (issue 23): tool results of the kinds seeds 000/001/002/004 describe and
of public API error formats, each with what the protocol must read from it.

Every case is a raw result (and an optional HTTP status) with its expected status, stable
code, the tool's own code, handle, poll URL, retry advice and the values that must stay
visible. Cases are built from tables by small generators (``cases()``), deterministic, and
split by a hash of their id into a *dev* part (the status rules were written against it) and a
*held-out* part (never looked at while writing rules); ``obsline.protocol_quality`` measures
both and ``python -m bench quality`` reports them apart.

Formats come from the providers' public documentation: Stripe (``error.type/code/decline_code``),
AWS JSON (``__type``, ``message``) and Query/S3 XML (``<Error><Code>``), Google JSON
(``error.code/status/details`` with ``RetryInfo``) and long-running operations (``done``),
gRPC status codes, GitHub (``message``, ``documentation_url``, ``errors[].code``), Slack
(``ok: false``, ``error``), WeChat (``errcode``/``errmsg``), Alibaba Cloud (``Code``/``Message``/
``RequestId``), Alipay (``code``/``msg``/``sub_code``), Tencent Cloud (``Response.Error``),
Baidu (``error_code``/``error_msg``), Feishu (``code``/``msg``), Telegram (``error_code``/
``description``/``parameters.retry_after``), Twilio (``code``/``more_info``), OAuth 2.0
(RFC 6749 ``error``/``error_description``), RFC 7807 problem details, JSON:API ``errors``,
GraphQL ``errors[].extensions.code``, Kubernetes ``Status``, Elasticsearch, Azure/Microsoft
Graph (``error.code``), PayPal (``name``/``details``), Salesforce (``errorCode``), Anthropic and
OpenAI API errors, Node.js system errors (``ECONNREFUSED``), Java and Python stack traces.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

HELD_OUT_SHARE = 30  # percent of cases, by a hash of their id


@dataclass(frozen=True)
class Case:
    id: str
    raw: Any  # a JSON value, or the text as received
    status: str  # success | partial | pending | error | cancelled | uncertain
    code: str | None = None  # stable ErrorCode for errors
    tool_code: str | None = None  # the tool's own code, verbatim
    retryable: bool | None = None
    retry_after_ms: int | None = None
    handle: str | None = None
    poll_url: str | None = None
    visible: tuple[str, ...] = ()  # values that must be in the observation text
    http_status: int | None = None
    style: str = ""
    lang: str = "en"
    tags: tuple[str, ...] = field(default=())

    @property
    def part(self) -> str:
        digest = int(hashlib.sha256(self.id.encode()).hexdigest()[:8], 16)
        return "held-out" if digest % 100 < HELD_OUT_SHARE else "dev"

    def envelope(self) -> dict[str, Any]:
        env: dict[str, Any] = {"task_id": f"protocol/{self.id}", "step_id": 0, "action_id": "call-0",
                               "tool": "call_api", "raw": self.raw if isinstance(self.raw, str) else json.dumps(
                                   self.raw, ensure_ascii=False)}
        if self.http_status is not None:
            env["http_status"] = self.http_status
        return env


RETRYABLE = {"TIMEOUT", "RATE_LIMITED", "UPSTREAM_FAILURE"}


def _err(id: str, raw: Any, code: str, tool_code: str | None = None, *, retry_after_ms: int | None = None,
         retryable: bool | None = None, style: str, lang: str = "en", http_status: int | None = None,
         visible: tuple[str, ...] = ()) -> Case:
    return Case(id, raw, "error", code, tool_code, code in RETRYABLE if retryable is None else retryable,
                retry_after_ms, visible=visible, http_status=http_status, style=style, lang=lang)


# --- partial results ------------------------------------------------------------------------

_PAIRS = [("updated", "failed"), ("succeeded", "failed"), ("successful", "failed"), ("Successful", "Failed"),
          ("created", "errors"), ("processed", "failures"), ("sent", "failed"), ("imported", "rejected"),
          ("deleted", "failed"), ("completed", "failed"), ("ok", "failed"), ("saved", "errors")]
_REASONS = ["locked", "not found", "permission denied", "invalid email", "duplicate key", "quota exceeded"]


def _partial_cases() -> list[Case]:
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

def _pending_cases() -> list[Case]:
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

def _cancelled_cases() -> list[Case]:
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


def _uncertain_cases() -> list[Case]:
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


# --- errors: API envelopes ------------------------------------------------------------------------

def _api_error_cases() -> list[Case]:
    out: list[Case] = []
    code: str | int  # each API's tables give its codes as text or as numbers
    status: str | int
    stripe = [("card_error", "card_declined", "Your card was declined.", "CONFLICT"),
              ("card_error", "expired_card", "Your card has expired.", "CONFLICT"),
              ("invalid_request_error", "parameter_missing", "Missing required param: amount.", "INVALID_ARGUMENT"),
              ("invalid_request_error", "resource_missing", "No such customer: 'cus_123'", "NOT_FOUND"),
              ("rate_limit_error", "rate_limit", "Too many requests hit the API too quickly.", "RATE_LIMITED"),
              ("authentication_error", "api_key_expired", "Expired API Key provided: sk_test_***", "AUTH_FAILED"),
              ("api_error", "api_error", "An unexpected error occurred on Stripe's end.", "UPSTREAM_FAILURE"),
              ("idempotency_error", "idempotency_key_in_use", "Keys for idempotent requests can only be used with "
               "the same parameters they were first used with.", "CONFLICT")]
    for kind, code, msg, stable in stripe:
        out.append(_err(f"stripe-{code}", {"error": {"type": kind, "code": code, "message": msg,
                                                     "doc_url": f"https://stripe.com/docs/error-codes/{code}"}},
                        stable, code, style="stripe"))
    aws = [("ThrottlingException", "Rate exceeded", "RATE_LIMITED"),
           ("com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
            "The level of configured provisioned throughput for the table was exceeded.", "RATE_LIMITED"),
           ("AccessDeniedException", "User: arn:aws:iam::1:user/x is not authorized to perform: s3:GetObject",
            "PERMISSION_DENIED"),
           ("ResourceNotFoundException", "Requested resource not found", "NOT_FOUND"),
           ("ValidationException", "1 validation error detected: Value null at 'name' failed to satisfy constraint",
            "INVALID_ARGUMENT"),
           ("ServiceUnavailableException", "Service is unavailable, try again later.", "UPSTREAM_FAILURE"),
           ("UnrecognizedClientException", "The security token included in the request is invalid.", "AUTH_FAILED"),
           ("ConditionalCheckFailedException", "The conditional request failed", "CONFLICT")]
    for i, (t, msg, stable) in enumerate(aws):
        tool = t.split("#")[-1]
        out.append(_err(f"aws-json-{tool}", {"__type": t, "message": msg}, stable, tool, style="aws json"))
        if i < 4:
            out.append(_err(f"aws-json-Message-{tool}", {"__type": t, "Message": msg}, stable, tool,
                            style="aws json"))
    xml = [("Throttling", "Rate exceeded", "RATE_LIMITED"), ("NoSuchKey", "The specified key does not exist.",
                                                          "NOT_FOUND"),
           ("AccessDenied", "Access Denied", "PERMISSION_DENIED"),
           ("SlowDown", "Please reduce your request rate.", "RATE_LIMITED"),
           ("InvalidParameterValue", "Value (x) for parameter instanceType is invalid.", "INVALID_ARGUMENT")]
    for code, msg, stable in xml:
        text = (f'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>{code}</Code><Message>{msg}</Message>'
                f"<RequestId>4442587FB7D0A2F9</RequestId></Error>")
        out.append(_err(f"aws-xml-{code}", text, stable, code, style="aws xml"))
    out.append(_err("aws-boto-clienterror", {"Error": {"Code": "ThrottlingException", "Message": "Rate exceeded"},
                                             "ResponseMetadata": {"HTTPStatusCode": 400, "RequestId": "r-1"}},
                    "RATE_LIMITED", "ThrottlingException", style="aws sdk"))
    google = [(429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Read requests'.", "RATE_LIMITED", "20s"),
              (404, "NOT_FOUND", "Requested entity was not found.", "NOT_FOUND", None),
              (403, "PERMISSION_DENIED", "The caller does not have permission", "PERMISSION_DENIED", None),
              (400, "INVALID_ARGUMENT", "Invalid value at 'page_size' (TYPE_INT32), \"x\"", "INVALID_ARGUMENT",
               None),
              (503, "UNAVAILABLE", "The service is currently unavailable.", "UPSTREAM_FAILURE", "3s"),
              (504, "DEADLINE_EXCEEDED", "Deadline expired before operation could complete.", "TIMEOUT", None),
              (401, "UNAUTHENTICATED", "Request had invalid authentication credentials.", "AUTH_FAILED", None),
              (409, "ABORTED", "Transaction was aborted due to contention.", "CONFLICT", None)]
    for code, status, msg, stable, delay in google:
        err: dict[str, Any] = {"code": code, "message": msg, "status": status}
        if delay:
            err["details"] = [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": delay}]
        ms = int(delay[:-1]) * 1000 if delay else None
        out.append(_err(f"google-{status}", {"error": err}, stable, status, retry_after_ms=ms, style="google json"))
    grpc = [(4, "DEADLINE_EXCEEDED", "Deadline exceeded", "TIMEOUT"), (14, "UNAVAILABLE", "connection reset",
                                                                      "UPSTREAM_FAILURE"),
            (8, "RESOURCE_EXHAUSTED", "quota exhausted", "RATE_LIMITED"), (5, "NOT_FOUND", "book 12 missing",
                                                                          "NOT_FOUND"),
            (7, "PERMISSION_DENIED", "caller lacks role", "PERMISSION_DENIED"),
            (16, "UNAUTHENTICATED", "bad token", "AUTH_FAILED"), (3, "INVALID_ARGUMENT", "page_size < 0",
                                                                  "INVALID_ARGUMENT"),
            (6, "ALREADY_EXISTS", "shelf exists", "CONFLICT"), (13, "INTERNAL", "stream terminated",
                                                               "UPSTREAM_FAILURE")]
    for num, name, msg, stable in grpc:
        out.append(_err(f"grpc-json-{name}", {"code": num, "message": msg, "details": []}, stable, str(num),
                        style="grpc status"))
        camel = "".join(p.capitalize() for p in name.split("_"))
        out.append(_err(f"grpc-go-{name}", f"rpc error: code = {camel} desc = {msg}", stable, camel,
                        style="grpc go text"))
        out.append(_err(f"grpc-py-{name}", f"<_InactiveRpcError of RPC that terminated with:\n\tstatus = "
                        f"StatusCode.{name}\n\tdetails = \"{msg}\"\n>", stable, f"StatusCode.{name}",
                        style="grpc python text"))
    github = [("Not Found", "NOT_FOUND", None), ("Bad credentials", "AUTH_FAILED", None),
              ("API rate limit exceeded for 203.0.113.7.", "RATE_LIMITED", None),
              ("Resource not accessible by integration", "PERMISSION_DENIED", None)]
    for msg, stable, _ in github:
        out.append(_err(f"github-{msg[:12]}", {"message": msg, "documentation_url": "https://docs.github.com/rest"},
                        stable, style="github"))
    out.append(_err("github-validation", {"message": "Validation Failed", "errors": [
        {"resource": "Issue", "field": "title", "code": "missing_field"}],
        "documentation_url": "https://docs.github.com/rest/issues/issues#create-an-issue"},
        "INVALID_ARGUMENT", "missing_field", style="github"))
    slack = [("ratelimited", "RATE_LIMITED"), ("channel_not_found", "NOT_FOUND"), ("invalid_auth", "AUTH_FAILED"),
             ("not_authed", "AUTH_FAILED"), ("missing_scope", "PERMISSION_DENIED"), ("not_in_channel",
                                                                                     "PERMISSION_DENIED"),
             ("invalid_arguments", "INVALID_ARGUMENT"), ("internal_error", "UPSTREAM_FAILURE")]
    for code, stable in slack:
        out.append(_err(f"slack-{code}", {"ok": False, "error": code}, stable, code, style="slack"))
    out.append(_err("seed002-log-not-found", {"ok": False, "error": "LOG_NOT_FOUND"}, "NOT_FOUND", "LOG_NOT_FOUND",
                    style="seed 002"))
    out.append(_err("seed002-path-outside", {"ok": False, "error": "PATH_OUTSIDE_SANDBOX"}, "PERMISSION_DENIED",
                    "PATH_OUTSIDE_SANDBOX", style="seed 002"))
    wechat = [(40001, "invalid credential, access_token is invalid or not latest", "AUTH_FAILED"),
              (42001, "access_token expired", "AUTH_FAILED"), (45009, "reach max api daily quota limit",
                                                               "RATE_LIMITED"),
              (-1, "system error", "UPSTREAM_FAILURE"), (40003, "invalid openid", "INVALID_ARGUMENT")]
    for code, msg, stable in wechat:
        out.append(_err(f"wechat-{code}", {"errcode": code, "errmsg": msg}, stable, str(code), style="wechat",
                        lang="en"))
    # No words: the code is kept, but what 40001 means is WeChat's table, not the result's.
    out.append(_err("wechat-no-msg", {"errcode": 40001}, "UNKNOWN", "40001", style="wechat"))
    out.append(Case("wechat-ok", {"errcode": 0, "errmsg": "ok", "msgid": 1234}, "success", style="wechat"))
    ali = [("Throttling.User", "Request was denied due to user flow control.", "RATE_LIMITED"),
           ("InvalidAccessKeyId.NotFound", "Specified access key is not found.", "AUTH_FAILED"),
           ("Forbidden.RAM", "User not authorized to operate on the specified resource.", "PERMISSION_DENIED"),
           ("InvalidParameter", "The specified parameter is not valid.", "INVALID_ARGUMENT"),
           ("ServiceUnavailable", "The request has failed due to a temporary failure of the server.",
            "UPSTREAM_FAILURE")]
    for code, msg, stable in ali:
        out.append(_err(f"alibaba-{code}", {"Code": code, "Message": msg, "RequestId": "7A2F-11",
                                            "HostId": "ecs.aliyuncs.com",
                                            "Recommend": "https://api.aliyun.com/troubleshoot?q=" + code},
                        stable, code, style="alibaba cloud"))
    codemsg = [(404, "资源不存在", "NOT_FOUND", "zh"), (401, "未授权", "AUTH_FAILED", "zh"),
               (500, "服务器内部错误", "UPSTREAM_FAILURE", "zh"), (429, "请求过于频繁", "RATE_LIMITED", "zh"),
               (403, "无权限访问", "PERMISSION_DENIED", "zh"), (400, "参数错误", "INVALID_ARGUMENT", "zh"),
               (1001, "用户不存在", "NOT_FOUND", "zh"), (10003, "签名无效", "AUTH_FAILED", "zh")]
    for code, msg, stable, lang in codemsg:
        out.append(_err(f"codemsg-{code}", {"code": code, "msg": msg}, stable, str(code), style="code/msg",
                        lang=lang))
        out.append(_err(f"codemsg-data-{code}", {"code": code, "msg": msg, "data": None}, stable, str(code),
                        style="code/msg", lang=lang))
    out.append(Case("codemsg-ok", {"code": 0, "msg": "success", "data": {"id": 7}}, "success", style="code/msg"))
    out.append(Case("codemsg-200", {"code": 200, "message": "OK", "data": [1, 2]}, "success", style="code/msg"))
    out.append(_err("alipay-sub-code", {"alipay_trade_query_response": {
        "code": "40004", "msg": "Business Failed", "sub_code": "ACQ.TRADE_NOT_EXIST", "sub_msg": "交易不存在"}},
        "NOT_FOUND", "ACQ.TRADE_NOT_EXIST", style="alipay", lang="zh"))
    out.append(_err("tencent-cloud", {"Response": {"Error": {"Code": "AuthFailure.SignatureExpire",
                                                             "Message": "签名过期"}, "RequestId": "b5d1"}},
                    "AUTH_FAILED", "AuthFailure.SignatureExpire", style="tencent cloud", lang="zh"))
    out.append(_err("tencent-cloud-limit", {"Response": {"Error": {"Code": "RequestLimitExceeded",
                                                                   "Message": "请求的次数超过了频率限制"},
                                                         "RequestId": "b5d2"}},
                    "RATE_LIMITED", "RequestLimitExceeded", style="tencent cloud", lang="zh"))
    out.append(_err("baidu", {"error_code": 110, "error_msg": "Access token invalid or no longer valid"},
                    "AUTH_FAILED", "110", style="baidu"))
    out.append(_err("baidu-qps", {"error_code": 18, "error_msg": "Open api qps request limit reached"},
                    "RATE_LIMITED", "18", style="baidu"))
    out.append(_err("huawei", {"error_code": "APIGW.0301", "error_msg": "Incorrect IAM authentication information"},
                    "AUTH_FAILED", "APIGW.0301", style="huawei cloud"))
    out.append(_err("feishu", {"code": 99991663, "msg": "tenant access token invalid"}, "AUTH_FAILED", "99991663",
                    style="feishu"))
    out.append(_err("dingtalk", {"errcode": 88, "errmsg": "ding talk error[subcode=40078,submsg=不存在的临时授权码]"},
                    "NOT_FOUND", "88", style="dingtalk", lang="zh"))
    out.append(_err("telegram-429", {"ok": False, "error_code": 429, "description": "Too Many Requests: retry after 35",
                                     "parameters": {"retry_after": 35}}, "RATE_LIMITED", "429",
                    retry_after_ms=35_000, style="telegram"))
    out.append(_err("telegram-400", {"ok": False, "error_code": 400, "description": "Bad Request: chat not found"},
                    "NOT_FOUND", "400", style="telegram"))
    out.append(_err("twilio", {"code": 20404, "message": "The requested resource /Calls/CA1 was not found",
                               "more_info": "https://www.twilio.com/docs/errors/20404", "status": 404},
                    "NOT_FOUND", "20404", style="twilio"))
    out.append(_err("twilio-429", {"code": 20429, "message": "Too Many Requests",
                                   "more_info": "https://www.twilio.com/docs/errors/20429", "status": 429},
                    "RATE_LIMITED", "20429", style="twilio"))
    oauth = [("invalid_grant", "Bad credentials", "AUTH_FAILED"), ("invalid_client", "Client authentication failed",
                                                                   "AUTH_FAILED"),
             ("invalid_request", "Missing required parameter: code", "INVALID_ARGUMENT"),
             ("access_denied", "The user denied the request", "PERMISSION_DENIED"),
             ("invalid_scope", "The requested scope is invalid", "INVALID_ARGUMENT"),
             ("temporarily_unavailable", "The server is temporarily unavailable", "UPSTREAM_FAILURE")]
    for code, msg, stable in oauth:
        out.append(_err(f"oauth-{code}", {"error": code, "error_description": msg}, stable, code, style="oauth2"))
    problems = [(403, "https://example.com/probs/out-of-credit", "You do not have enough credit.",
                 "Your current balance is 30, but that costs 50.", "PERMISSION_DENIED"),
                (404, "about:blank", "Not Found", "Order 77 does not exist", "NOT_FOUND"),
                (429, "about:blank", "Too Many Requests", "Too Many Requests", "RATE_LIMITED"),
                (422, "https://api.example.com/errors/validation", "Validation failed", "email is invalid",
                 "INVALID_ARGUMENT"),
                (503, "https://api.example.com/errors/maintenance", "Service Unavailable", "Down for maintenance",
                 "UPSTREAM_FAILURE")]
    for status, typ, title, detail, stable in problems:
        tool = typ if typ != "about:blank" else str(status)
        out.append(_err(f"rfc7807-{status}", {"type": typ, "title": title, "status": status, "detail": detail,
                                              "instance": "/account/12345/msgs/abc"}, stable, tool,
                        style="rfc 7807"))
    jsonapi = [("422", "VALIDATION", "Invalid Attribute", "First name must contain at least three characters.",
                "INVALID_ARGUMENT"), ("404", "RECORD_NOT_FOUND", "Not Found", "Article 9 not found", "NOT_FOUND"),
               ("403", "FORBIDDEN", "Forbidden", "You cannot edit this article", "PERMISSION_DENIED"),
               ("409", "CONFLICT_VERSION", "Conflict", "Version mismatch", "CONFLICT")]
    for status, code, title, detail, stable in jsonapi:
        out.append(_err(f"jsonapi-{code}", {"errors": [{"status": status, "code": code, "title": title,
                                                        "detail": detail,
                                                        "source": {"pointer": "/data/attributes/firstName"}}]},
                        stable, code, style="json:api"))
    gql = [("UNAUTHENTICATED", "You must be logged in", "AUTH_FAILED"), ("FORBIDDEN", "Not allowed to view",
                                                                         "PERMISSION_DENIED"),
           ("BAD_USER_INPUT", "Invalid argument value", "INVALID_ARGUMENT"),
           ("INTERNAL_SERVER_ERROR", "Unexpected error", "UPSTREAM_FAILURE"),
           ("RATE_LIMITED", "Rate limit exceeded", "RATE_LIMITED")]
    for code, msg, stable in gql:
        out.append(_err(f"graphql-{code}", {"errors": [{"message": msg, "locations": [{"line": 2, "column": 3}],
                                                        "path": ["viewer"], "extensions": {"code": code}}],
                                            "data": None}, stable, code, style="graphql"))
    k8s = [("NotFound", 404, 'pods "web-1" not found', "NOT_FOUND"),
           ("Forbidden", 403, 'pods is forbidden: User "dev" cannot list resource "pods"', "PERMISSION_DENIED"),
           ("AlreadyExists", 409, 'deployments.apps "web" already exists', "CONFLICT"),
           ("Invalid", 422, 'Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1', "INVALID_ARGUMENT")]
    for reason, code, msg, stable in k8s:
        out.append(_err(f"k8s-{reason}", {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
                                          "message": msg, "reason": reason, "code": code}, stable, reason,
                        style="kubernetes"))
    es = [("index_not_found_exception", "no such index [logs-2024]", 404, "NOT_FOUND"),
          ("search_phase_execution_exception", "all shards failed", 503, "UPSTREAM_FAILURE"),
          ("es_rejected_execution_exception", "rejected execution of coordinating operation", 429, "RATE_LIMITED")]
    for typ, reason, status, stable in es:
        out.append(_err(f"es-{typ}", {"error": {"root_cause": [{"type": typ, "reason": reason}], "type": typ,
                                                "reason": reason}, "status": status}, stable, typ,
                        style="elasticsearch"))
    azure = [("ResourceNotFound", "The Resource 'Microsoft.Storage/storageAccounts/x' was not found.", "NOT_FOUND"),
             ("InvalidAuthenticationToken", "Access token has expired or is not yet valid.", "AUTH_FAILED"),
             ("AuthorizationFailed", "The client does not have authorization to perform action", "PERMISSION_DENIED"),
             ("TooManyRequests", "Rate limit is exceeded. Try again in 20 seconds.", "RATE_LIMITED")]
    for code, msg, stable in azure:
        ms = 20_000 if "20 seconds" in msg else None
        out.append(_err(f"azure-{code}", {"error": {"code": code, "message": msg,
                                                    "innerError": {"date": "2024-06-10T08:23:11",
                                                                   "request-id": "9a1"}}},
                        stable, code, retry_after_ms=ms, style="azure / ms graph"))
    paypal = [("INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.",
               "INVALID_ARGUMENT"), ("RESOURCE_NOT_FOUND", "The specified resource does not exist.", "NOT_FOUND"),
              ("PERMISSION_DENIED", "You do not have permission to access or perform operations on this resource.",
               "PERMISSION_DENIED")]
    for name, msg, stable in paypal:
        out.append(_err(f"paypal-{name}", {"name": name, "message": msg, "debug_id": "b1f3c2",
                                           "details": [{"field": "/amount", "issue": "MISSING_REQUIRED_PARAMETER"}]},
                        stable, name, style="paypal"))
    out.append(_err("salesforce", [{"message": "Session expired or invalid", "errorCode": "INVALID_SESSION_ID"}],
                    "AUTH_FAILED", "INVALID_SESSION_ID", style="salesforce"))
    out.append(_err("salesforce-notfound", [{"message": "The requested resource does not exist",
                                             "errorCode": "NOT_FOUND"}], "NOT_FOUND", "NOT_FOUND", style="salesforce"))
    out.append(_err("anthropic-overloaded", {"type": "error", "error": {"type": "overloaded_error",
                                                                        "message": "Overloaded"}},
                    "UPSTREAM_FAILURE", "overloaded_error", style="anthropic"))
    out.append(_err("anthropic-rate", {"type": "error", "error": {"type": "rate_limit_error",
                                                                  "message": "Number of requests has exceeded your "
                                                                             "rate limit"}},
                    "RATE_LIMITED", "rate_limit_error", style="anthropic"))
    out.append(_err("openai-rate", {"error": {"message": "Rate limit reached for gpt-4 in organization org-x on "
                                                         "requests per min. Please try again in 20s.",
                                              "type": "requests", "param": None, "code": "rate_limit_exceeded"}},
                    "RATE_LIMITED", "rate_limit_exceeded", retry_after_ms=20_000, style="openai"))
    out.append(_err("openai-key", {"error": {"message": "Incorrect API key provided: sk-abc***.",
                                             "type": "invalid_request_error", "param": None,
                                             "code": "invalid_api_key"}},
                    "AUTH_FAILED", "invalid_api_key", style="openai"))
    node = [("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432", "UPSTREAM_FAILURE"),
            ("ETIMEDOUT", "connect ETIMEDOUT 203.0.113.9:443", "TIMEOUT"),
            ("ENOTFOUND", "getaddrinfo ENOTFOUND api.example.invalid", "UPSTREAM_FAILURE"),
            ("ECONNRESET", "read ECONNRESET", "UPSTREAM_FAILURE"),
            ("EACCES", "EACCES: permission denied, open '/etc/shadow'", "PERMISSION_DENIED"),
            ("ENOENT", "ENOENT: no such file or directory, open 'config.yml'", "NOT_FOUND")]
    for code, msg, stable in node:
        out.append(_err(f"node-json-{code}", {"code": code, "errno": -111, "syscall": "connect", "message": msg},
                        stable, code, style="node system error"))
        out.append(_err(f"node-text-{code}", f"Error: {msg}", stable, code, style="node text"))
    nest = {"statusCode": 400, "message": ["email must be an email"], "error": "Bad Request"}
    out.append(_err("nestjs-400", nest, "INVALID_ARGUMENT", "400", style="nestjs"))
    out.append(_err("boom-404", {"statusCode": 404, "error": "Not Found", "message": "Missing user 7"},
                    "NOT_FOUND", "404", style="hapi boom"))
    out.append(_err("discord-429", {"message": "You are being rate limited.", "retry_after": 64.57, "global": False},
                    "RATE_LIMITED", retry_after_ms=64_570, style="discord"))
    out.append(_err("seed004-file-locked", {"skill_name": "write_file", "execution_id": "req_123456", "status": "error",
                                            "data": None, "error_detail": {
                                                "code": "FILE_LOCKED", "message": "目标文件被其他进程占用，无法写入。",
                                                "suggested_actions": ["等待后重试", "尝试写入临时文件", "通知用户文件被锁"]},
                                            "metadata": {"start_time": "2023-10-27T10:00:00Z",
                                                         "end_time": "2023-10-27T10:00:00.050Z", "cost_units": 5}},
                    "CONFLICT", "FILE_LOCKED", style="seed 004", lang="zh",
                    visible=("等待后重试", "尝试写入临时文件", "通知用户文件被锁")))
    out.append(_err("seed004-db-unavailable", {"status": "error", "error_detail": {
        "code": "DATABASE_UNAVAILABLE", "message": "无法连接到工作事项数据库，请检查网络或服务状态。",
        "suggested_actions": ["请稍后重试", "联系系统管理员"]}}, "UPSTREAM_FAILURE", "DATABASE_UNAVAILABLE",
        style="seed 004", lang="zh", visible=("请稍后重试", "联系系统管理员")))
    out.append(_err("seed002-db-timeout-log", "2025-01-01T10:00:00Z service=demo level=ERROR code=DB_TIMEOUT",
                    "TIMEOUT", "DB_TIMEOUT", style="seed 002 log", visible=("2025-01-01T10:00:00Z",)))
    out.append(_err("rc-2", {"rc": 2, "stdout": "", "stderr": "make: *** [all] Error 2"}, "COMMAND_FAILED", "2",
                    style="exit code"))
    out.append(_err("rc-only", {"rc": 2}, "COMMAND_FAILED", "2", style="exit code"))
    out.append(Case("rc-0", {"rc": 0, "stdout": "built"}, "success", style="exit code"))
    out.append(_err("retryable-flag", {"error": {"code": "LOCK_TIMEOUT", "message": "lock wait timeout",
                                                 "retryable": True, "retry_after_ms": 1500}},
                    "TIMEOUT", "LOCK_TIMEOUT", retry_after_ms=1500, style="generic envelope"))
    out.append(_err("status-failed-reason", {"status": "failed", "reason": "quota exceeded", "job_id": "j-9"},
                    "RATE_LIMITED", style="job"))
    return out


# --- errors: text in many languages, HTTP lines, traces ----------------------------------------

_LANG_ERRORS: dict[str, list[tuple[str, str, int | None]]] = {
    # (text, stable code, retry_after_ms)
    "zh": [("请求失败，请稍后再试", "UPSTREAM_FAILURE", None), ("用户不存在", "NOT_FOUND", None),
           ("权限不足，无法访问该资源", "PERMISSION_DENIED", None), ("请求超时", "TIMEOUT", None),
           ("请求过于频繁，请20秒后重试", "RATE_LIMITED", 20_000), ("参数错误：缺少 order_id", "INVALID_ARGUMENT", None),
           ("登录已过期，请重新登录", "AUTH_FAILED", None), ("服务器内部错误", "UPSTREAM_FAILURE", None)],
    "zh-Hant": [("請求失敗，請稍後再試", "UPSTREAM_FAILURE", None), ("找不到該訂單", "NOT_FOUND", None),
                ("權限不足", "PERMISSION_DENIED", None), ("連線逾時", "TIMEOUT", None)],
    "ja": [("リクエストに失敗しました。しばらくしてから再試行してください。", "UPSTREAM_FAILURE", None),
           ("ユーザーが見つかりません", "NOT_FOUND", None), ("アクセスが拒否されました", "PERMISSION_DENIED", None),
           ("タイムアウトしました", "TIMEOUT", None), ("リクエストが多すぎます。30秒後に再試行してください。",
                                                  "RATE_LIMITED", 30_000), ("認証に失敗しました", "AUTH_FAILED", None)],
    "ko": [("요청에 실패했습니다. 잠시 후 다시 시도해 주세요.", "UPSTREAM_FAILURE", None),
           ("사용자를 찾을 수 없습니다", "NOT_FOUND", None), ("접근이 거부되었습니다", "PERMISSION_DENIED", None),
           ("요청 시간이 초과되었습니다", "TIMEOUT", None), ("요청이 너무 많습니다. 20초 후에 다시 시도하세요.",
                                                     "RATE_LIMITED", 20_000), ("인증에 실패했습니다", "AUTH_FAILED", None)],
    "de": [("Anfrage fehlgeschlagen, bitte später erneut versuchen", "UPSTREAM_FAILURE", None),
           ("Benutzer nicht gefunden", "NOT_FOUND", None), ("Zugriff verweigert", "PERMISSION_DENIED", None),
           ("Zeitüberschreitung der Anfrage", "TIMEOUT", None),
           ("Zu viele Anfragen. Bitte in 30 Sekunden erneut versuchen.", "RATE_LIMITED", 30_000),
           ("Ungültiger Parameter: email", "INVALID_ARGUMENT", None), ("Authentifizierung fehlgeschlagen",
                                                                       "AUTH_FAILED", None)],
    "fr": [("La requête a échoué, veuillez réessayer plus tard", "UPSTREAM_FAILURE", None),
           ("Utilisateur introuvable", "NOT_FOUND", None), ("Accès refusé", "PERMISSION_DENIED", None),
           ("Délai d'attente dépassé", "TIMEOUT", None), ("Trop de requêtes. Réessayez dans 20 secondes.",
                                                          "RATE_LIMITED", 20_000),
           ("Paramètre invalide : email", "INVALID_ARGUMENT", None), ("Échec de l'authentification", "AUTH_FAILED",
                                                                      None)],
    "es": [("La solicitud falló, inténtelo de nuevo más tarde", "UPSTREAM_FAILURE", None),
           ("Usuario no encontrado", "NOT_FOUND", None), ("Acceso denegado", "PERMISSION_DENIED", None),
           ("Tiempo de espera agotado", "TIMEOUT", None),
           ("Demasiadas solicitudes. Inténtelo de nuevo en 30 segundos.", "RATE_LIMITED", 30_000),
           ("Parámetro inválido: email", "INVALID_ARGUMENT", None), ("Error de autenticación", "AUTH_FAILED", None)],
    "pt": [("A solicitação falhou, tente novamente mais tarde", "UPSTREAM_FAILURE", None),
           ("Usuário não encontrado", "NOT_FOUND", None), ("Acesso negado", "PERMISSION_DENIED", None),
           ("Tempo limite esgotado", "TIMEOUT", None), ("Muitas solicitações. Tente novamente em 10 segundos.",
                                                        "RATE_LIMITED", 10_000),
           ("Falha na autenticação", "AUTH_FAILED", None)],
    "ru": [("Запрос не выполнен, повторите попытку позже", "UPSTREAM_FAILURE", None),
           ("Пользователь не найден", "NOT_FOUND", None), ("Доступ запрещён", "PERMISSION_DENIED", None),
           ("Превышено время ожидания", "TIMEOUT", None),
           ("Слишком много запросов. Повторите попытку через 30 секунд.", "RATE_LIMITED", 30_000),
           ("Ошибка аутентификации", "AUTH_FAILED", None)],
    "it": [("Richiesta non riuscita, riprova più tardi", "UPSTREAM_FAILURE", None),
           ("Utente non trovato", "NOT_FOUND", None), ("Accesso negato", "PERMISSION_DENIED", None),
           ("Troppe richieste. Riprova tra 30 secondi.", "RATE_LIMITED", 30_000)],
    "nl": [("Verzoek mislukt, probeer het later opnieuw", "UPSTREAM_FAILURE", None),
           ("Gebruiker niet gevonden", "NOT_FOUND", None), ("Toegang geweigerd", "PERMISSION_DENIED", None)],
    "tr": [("İstek başarısız oldu, lütfen daha sonra tekrar deneyin", "UPSTREAM_FAILURE", None),
           ("Kullanıcı bulunamadı", "NOT_FOUND", None), ("Erişim reddedildi", "PERMISSION_DENIED", None)],
    "pl": [("Żądanie nie powiodło się, spróbuj ponownie później", "UPSTREAM_FAILURE", None),
           ("Nie znaleziono użytkownika", "NOT_FOUND", None), ("Odmowa dostępu", "PERMISSION_DENIED", None)],
    "vi": [("Yêu cầu thất bại, vui lòng thử lại sau", "UPSTREAM_FAILURE", None),
           ("Không tìm thấy người dùng", "NOT_FOUND", None)],
    "id": [("Permintaan gagal, silakan coba lagi nanti", "UPSTREAM_FAILURE", None),
           ("Pengguna tidak ditemukan", "NOT_FOUND", None)],
    "ar": [("فشل الطلب، يرجى المحاولة مرة أخرى لاحقًا", "UPSTREAM_FAILURE", None),
           ("المستخدم غير موجود", "NOT_FOUND", None)],
}

_EN_ERRORS: list[tuple[str, str, str | None, int | None]] = [
    # (text, stable code, tool code, retry_after_ms): errors that do not start with an error word
    ("User not found", "NOT_FOUND", None, None),
    ("429 Too Many Requests", "RATE_LIMITED", "429", None),
    ("404 Not Found", "NOT_FOUND", "404", None),
    ("503 Service Unavailable", "UPSTREAM_FAILURE", "503", None),
    ("502 Bad Gateway", "UPSTREAM_FAILURE", "502", None),
    ("401 Unauthorized", "AUTH_FAILED", "401", None),
    ("403 Forbidden", "PERMISSION_DENIED", "403", None),
    ("HTTP Error 404: Not Found", "NOT_FOUND", "404", None),
    ("Request failed with status code 500", "UPSTREAM_FAILURE", "500", None),
    ("Too many requests, retry in 20 seconds", "RATE_LIMITED", None, 20_000),
    ("Rate limit exceeded. Retry after 5s.", "RATE_LIMITED", None, 5_000),
    ("Service temporarily unavailable, please try again in 2 minutes", "UPSTREAM_FAILURE", None, 120_000),
    ("Connection refused", "UPSTREAM_FAILURE", None, None),
    ("Permission denied (publickey).", "PERMISSION_DENIED", None, None),
    ("Access denied for user 'app'@'10.0.0.5' (using password: YES)", "PERMISSION_DENIED", None, None),
    ("Invalid API key", "AUTH_FAILED", None, None),
    ("Unauthorized", "AUTH_FAILED", None, None),
    ("Internal Server Error", "UPSTREAM_FAILURE", None, None),
    ("The request timed out", "TIMEOUT", None, None),
    ("Order #W0000000 not found", "NOT_FOUND", None, None),
    ("curl: (28) Operation timed out after 30001 milliseconds with 0 bytes received", "TIMEOUT", "28", None),
    ("curl: (7) Failed to connect to api.example.com port 443: Connection refused", "UPSTREAM_FAILURE", "7", None),
    ("ERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)", "PERMISSION_DENIED",
     "1045", None),
    ('ERROR:  duplicate key value violates unique constraint "users_email_key"', "CONFLICT", None, None),
    ("dial tcp 203.0.113.5:443: i/o timeout", "TIMEOUT", None, None),
    ("context deadline exceeded", "TIMEOUT", None, None),
    ("Quota exceeded. Please retry in 45 seconds.", "RATE_LIMITED", None, 45_000),
]

_TRACES: list[tuple[str, str, str, str]] = [
    ("java-npe", "Internal Server Error\njava.lang.NullPointerException: Cannot invoke \"String.length()\"\n"
                 "\tat com.example.OrderService.total(OrderService.java:42)\n"
                 "\tat com.example.OrderController.get(OrderController.java:17)",
     "UPSTREAM_FAILURE", "java.lang.NullPointerException"),
    ("java-connect", "Exception in thread \"main\" java.net.ConnectException: Connection refused\n"
                     "\tat java.base/sun.nio.ch.Net.connect0(Native Method)\n"
                     "\tat java.base/sun.nio.ch.Net.connect(Net.java:579)",
     "UPSTREAM_FAILURE", "java.net.ConnectException"),
    ("java-timeout", "java.net.SocketTimeoutException: Read timed out\n\tat java.base/java.net.SocketInputStream"
                     ".socketRead0(Native Method)", "TIMEOUT", "java.net.SocketTimeoutException"),
    ("py-requests-timeout", "Traceback (most recent call last):\n  File \"/srv/app/client.py\", line 12, in get\n"
                            "    r = requests.get(url, timeout=5)\n"
                            "requests.exceptions.ReadTimeout: HTTPSConnectionPool(host='api.example.com', "
                            "port=443): Read timed out. (read timeout=5)",
     "TIMEOUT", "requests.exceptions.ReadTimeout"),
    ("py-keyerror", "Traceback (most recent call last):\n  File \"/srv/app/orders.py\", line 88, in lookup\n"
                    "    return ORDERS[order_id]\nKeyError: 'W123'", "NOT_FOUND", "KeyError"),
    ("py-permission", "Traceback (most recent call last):\n  File \"/srv/app/io.py\", line 3, in save\n"
                      "    open(path, 'w')\nPermissionError: [Errno 13] Permission denied: '/var/data/out.csv'",
     "PERMISSION_DENIED", "PermissionError"),
    ("dotnet-timeout", "Unhandled exception. System.TimeoutException: The operation has timed out.\n"
                       "   at Program.Main() in /src/Program.cs:line 14", "TIMEOUT", "System.TimeoutException"),
    ("dotnet-notfound", "System.IO.FileNotFoundException: Could not find file '/data/report.pdf'.\n"
                        "   at System.IO.FileStream..ctor(String path)", "NOT_FOUND",
     "System.IO.FileNotFoundException"),
    ("php-fatal", "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in "
                  "/var/www/db.php:10", "UPSTREAM_FAILURE", "PDOException"),
    ("ruby-nomethod", "NoMethodError (undefined method `total' for nil:NilClass)\n"
                      "app/models/order.rb:12:in `sum'", "UNKNOWN", "NoMethodError"),
]


def _text_error_cases() -> list[Case]:
    out = []
    for lang, rows in _LANG_ERRORS.items():
        for i, (text, code, ms) in enumerate(rows):
            out.append(_err(f"text-{lang}-{i}", text, code, retry_after_ms=ms, style="plain text", lang=lang,
                            retryable=True if code in RETRYABLE else False))
            if i < 2:  # the same words under the most common envelopes
                out.append(_err(f"msg-{lang}-{i}", {"success": False, "message": text}, code, retry_after_ms=ms,
                                style="success:false", lang=lang))
                out.append(_err(f"errmsg-{lang}-{i}", {"error": {"message": text}}, code, retry_after_ms=ms,
                                style="error.message", lang=lang))
    for i, (text, code, tool, ms) in enumerate(_EN_ERRORS):
        out.append(_err(f"text-en-{i}", text, code, tool, retry_after_ms=ms, style="plain text"))
    for name, text, code, tool in _TRACES:
        out.append(_err(f"trace-{name}", text, code, tool, style="stack trace"))
    http = [(400, "Bad Request", "INVALID_ARGUMENT"), (401, "Unauthorized", "AUTH_FAILED"),
            (403, "Forbidden", "PERMISSION_DENIED"), (404, "Not Found", "NOT_FOUND"),
            (408, "Request Timeout", "TIMEOUT"), (409, "Conflict", "CONFLICT"), (413, "Payload Too Large",
                                                                               "TOO_LARGE"),
            (422, "Unprocessable Entity", "INVALID_ARGUMENT"), (429, "Too Many Requests", "RATE_LIMITED"),
            (500, "Internal Server Error", "UPSTREAM_FAILURE"), (502, "Bad Gateway", "UPSTREAM_FAILURE"),
            (503, "Service Unavailable", "UPSTREAM_FAILURE"), (504, "Gateway Timeout", "TIMEOUT")]
    for status, phrase, code in http:
        out.append(_err(f"http-line-{status}", f"HTTP/1.1 {status} {phrase}\nContent-Type: text/plain\n\n{phrase}",
                        code, str(status), style="http status line"))
        out.append(_err(f"http-hint-{status}", {"detail": phrase}, code, str(status), http_status=status,
                        style="http status hint"))
    out.append(_err("http-429-retry-after", "HTTP/1.1 429 Too Many Requests\nRetry-After: 20\n\nslow down",
                    "RATE_LIMITED", "429", retry_after_ms=20_000, style="http status line"))
    out.append(_err("http-503-json-retry", {"message": "maintenance", "retry_after": 120}, "UPSTREAM_FAILURE",
                    "503", retry_after_ms=120_000, http_status=503, style="http status hint"))
    return out


def _success_controls() -> list[Case]:
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


def cases() -> list[Case]:
    all_cases = (_partial_cases() + _pending_cases() + _cancelled_cases() + _uncertain_cases()
                 + _api_error_cases() + _text_error_cases() + _success_controls())
    ids = [c.id for c in all_cases]
    dupes = {i for i in ids if ids.count(i) > 1}
    if dupes:
        raise ValueError(f"duplicate case ids: {sorted(dupes)}")
    return all_cases
