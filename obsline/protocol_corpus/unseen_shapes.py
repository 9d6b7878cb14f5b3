"""The unseen part's partial, pending, cancelled and uncertain results and the successes that
must stay successes (see ``unseen``: written after the rules, run once, never tuned on)."""

from __future__ import annotations

from obsline.protocol_corpus.case import Case


def _c(id: str, raw: object, status: str, **kw: object) -> Case:
    return Case(f"unseen-{id}", raw, status, unseen=True, **kw)  # type: ignore[arg-type]


def _pending() -> list[Case]:
    return [
        _c("aws-batch", {"jobId": "8a1c-44f2", "jobName": "nightly", "status": "RUNNABLE",
                         "createdAt": 1714556400000}, "pending", handle="8a1c-44f2", style="aws batch"),
        _c("aws-glue", {"JobRun": {"Id": "jr_5c2f9a", "JobName": "etl", "JobRunState": "RUNNING",
                                   "StartedOn": "2024-05-01T10:00:00Z"}}, "pending", handle="jr_5c2f9a",
           style="aws glue"),
        _c("athena", {"QueryExecution": {"QueryExecutionId": "a1b2c3d4-5678", "Status": {
            "State": "QUEUED", "SubmissionDateTime": "2024-05-01T10:00:00Z"}}}, "pending",
           handle="a1b2c3d4-5678", style="aws athena"),
        _c("transcribe", {"TranscriptionJob": {"TranscriptionJobName": "call-42",
                                               "TranscriptionJobStatus": "IN_PROGRESS",
                                               "LanguageCode": "en-US"}}, "pending", handle="call-42",
           style="aws transcribe"),
        _c("codebuild", {"build": {"id": "proj:7f1e2d", "buildStatus": "IN_PROGRESS", "currentPhase": "BUILD"}},
           "pending", handle="proj:7f1e2d", style="aws codebuild"),
        _c("azure-devops", {"id": 1234, "name": "20240501.1", "state": "inProgress", "result": None, "_links": {
            "self": {"href": "https://dev.azure.com/o/p/_apis/pipelines/7/runs/1234"}}}, "pending", handle="1234",
           poll_url="https://dev.azure.com/o/p/_apis/pipelines/7/runs/1234", style="azure devops"),
        _c("gitlab-pipeline", {"id": 987, "status": "running", "ref": "main", "sha": "a1b2c3",
                               "web_url": "https://gitlab.com/g/p/-/pipelines/987"}, "pending", handle="987",
           style="gitlab pipeline"),
        _c("circleci", {"id": "5034460f-c7c4", "number": 42, "state": "running",
                        "created_at": "2024-05-01T10:00:00Z"}, "pending", handle="5034460f-c7c4", style="circleci"),
        _c("jenkins-queue", {"_class": "hudson.model.Queue$WaitingItem", "id": 77, "why": "In the quiet period. "
                             "Expires in 4.9 sec", "url": "queue/item/77/"}, "pending", handle="77",
           style="jenkins"),
        _c("argo", {"metadata": {"name": "wf-abc12", "namespace": "ci"}, "status": {"phase": "Running",
                                                                                   "progress": "1/3"}},
           "pending", handle="wf-abc12", style="argo workflows"),
        _c("temporal", {"workflowExecutionInfo": {"execution": {"workflowId": "order-9", "runId": "r-1"},
                                                  "status": "WORKFLOW_EXECUTION_STATUS_RUNNING"}}, "pending",
           handle="order-9", style="temporal"),
        _c("airflow", {"dag_id": "etl", "dag_run_id": "manual__2024-05-01", "state": "queued",
                       "execution_date": "2024-05-01T10:00:00+00:00"}, "pending", handle="manual__2024-05-01",
           style="airflow"),
        _c("prefect", {"id": "a9f3-11", "name": "crimson-fox", "state_type": "RUNNING", "state_name": "Running"},
           "pending", handle="a9f3-11", style="prefect"),
        _c("stability", {"id": "a6dc6c6e20acda010fe14d71", "status": "in-progress"}, "pending",
           handle="a6dc6c6e20acda010fe14d71", style="stability ai"),
        _c("assemblyai", {"id": "6rlr37h2v5-c3f0", "status": "queued", "audio_url": "https://cdn.example/a.mp3",
                          "text": None}, "pending", handle="6rlr37h2v5-c3f0", style="assemblyai"),
        _c("apify", {"data": {"id": "HG7ML7M8z78YcAPEB", "actId": "x1", "status": "RUNNING",
                              "startedAt": "2024-05-01T10:00:00Z"}}, "pending", handle="HG7ML7M8z78YcAPEB",
           style="apify"),
        _c("cloudinary", {"status": "pending", "public_id": "img-1", "batch_id": "b-12"}, "pending", handle="b-12",
           style="cloudinary"),
        _c("trino", {"id": "20240501_100000_00001_abcde", "infoUri": "https://trino/ui/query.html?20240501",
                     "nextUri": "https://trino/v1/statement/queued/20240501_100000_00001_abcde/1",
                     "stats": {"state": "QUEUED"}}, "pending", handle="20240501_100000_00001_abcde",
           poll_url="https://trino/v1/statement/queued/20240501_100000_00001_abcde/1", style="trino"),
        _c("text-export", "Your export is being prepared. We'll email you when it's ready (export id: EXP-2291).",
           "pending", handle="EXP-2291", style="text"),
        _c("text-de", "Der Export läuft noch. Bitte in 30 Sekunden erneut abfragen.", "pending",
           retry_after_ms=30000, style="text", lang="de"),
        _c("text-202", "Accepted. Track the job at https://api.example.com/v2/jobs/j-8812", "pending",
           poll_url="https://api.example.com/v2/jobs/j-8812", http_status=202, style="http 202 text"),
    ]


def _cancelled() -> list[Case]:
    return [
        _c("gitlab-canceled", {"id": 988, "status": "canceled", "ref": "main", "sha": "b2c3d4",
                               "web_url": "https://gitlab.com/g/p/-/pipelines/988"}, "cancelled", handle="988",
           style="gitlab pipeline"),
        _c("azure-canceled", {"id": 1235, "state": "completed", "result": "canceled"}, "cancelled", handle="1235",
           style="azure devops"),
        _c("circleci-canceled", {"id": "77aa-19", "number": 43, "state": "canceled"}, "cancelled", handle="77aa-19",
           style="circleci"),
        _c("airflow-failed-is-error", {"dag_id": "etl", "dag_run_id": "scheduled__x", "state": "failed"}, "error",
           style="airflow"),
        _c("text-build", "Build #512 was canceled by admin.", "cancelled", handle="512", style="text"),
        _c("text-sv", "Jobbet avbröts av användaren.", "cancelled", style="text", lang="sv"),
        _c("text-el", "Η εργασία ακυρώθηκε.", "cancelled", style="text", lang="el"),
    ]


def _partials() -> list[Case]:
    return [
        _c("fcm", {"multicast_id": 216, "success": 2, "failure": 1, "canonical_ids": 0, "results": [
            {"message_id": "0:1"}, {"error": "NotRegistered"}, {"message_id": "0:3"}]}, "partial",
           visible=("NotRegistered",), style="fcm legacy"),
        _c("expo", {"data": [{"status": "ok", "id": "XXXX-1"}, {"status": "error", "message": "not a registered "
                                                                "push notification recipient",
                                                                "details": {"error": "DeviceNotRegistered"}}]},
           "partial", visible=("XXXX-1", "DeviceNotRegistered"), style="expo push"),
        _c("salesforce-composite", {"hasErrors": True, "results": [
            {"statusCode": 201, "result": {"id": "001xx000003DGb2"}},
            {"statusCode": 400, "result": [{"errorCode": "REQUIRED_FIELD_MISSING",
                                            "message": "Required fields are missing: [Name]"}]}]},
           "partial", visible=("001xx000003DGb2", "REQUIRED_FIELD_MISSING"), style="salesforce composite"),
        _c("graph-batch", {"responses": [{"id": "1", "status": 200, "body": {"displayName": "Ada"}},
                                         {"id": "2", "status": 404, "body": {"error": {"code": "itemNotFound"}}}]},
           "partial", visible=("Ada", "itemNotFound"), style="ms graph batch"),
        _c("text-nl", "12 bestanden geüpload, 3 mislukt.", "partial", style="text", lang="nl"),
        _c("text-uk", "Оброблено 40 записів, 2 з помилками.", "partial", style="text", lang="uk"),
    ]


def _uncertain() -> list[Case]:
    return [
        _c("cohere-max-tokens", {"text": "The capital of France is", "finish_reason": "MAX_TOKENS",
                      "generation_id": "g-1"}, "uncertain", style="cohere"),
        _c("ollama", {"model": "llama3", "response": "The answer is", "done": True, "done_reason": "length"},
           "uncertain", style="ollama"),
        _c("splunk", {"messages": [{"type": "WARN", "text": "Search results might be incomplete: the search "
                                    "process on peer idx-2 ended prematurely."}], "results": [{"count": "12"}]},
           "uncertain", style="splunk"),
        _c("cut-yaml-json", '{"events": [{"id": "e1", "type": "push"}, {"id": "e2", "ty', "uncertain",
           style="cut-off json"),
    ]


def _successes() -> list[Case]:
    return [
        _c("gh-issue", {"number": 12, "title": "Crash on start", "state": "open", "user": {"login": "ada"},
                        "labels": []}, "success", style="business status"),
        _c("shopify-order", {"id": 450789469, "financial_status": "pending", "fulfillment_status": None,
                             "total_price": "199.00", "currency": "USD"}, "success", style="business status"),
        _c("ride", {"ride_id": "r1", "status": "processing", "driver": {"name": "Sam"},
                    "pickup": "5th Ave"}, "success", style="business status"),
        _c("zendesk-ticket", {"id": 35436, "subject": "Help", "status": "pending", "priority": "high",
                              "requester_id": 1}, "success", style="business status"),
        _c("flight", {"flight": "UA 123", "status": "cancelled", "gate": "B3",
                      "departure": "2024-05-01T10:00:00Z"}, "success", style="business status"),
        _c("pod", {"kind": "Pod", "metadata": {"name": "web"}, "status": {"phase": "Running", "podIP": "10.0.0.1"}},
           "success", style="business status"),
        _c("gmaps-zero", {"results": [], "status": "ZERO_RESULTS"}, "success", style="google maps"),
        _c("search-none", "No results found for 'timeout errors'.", "success", style="text"),
        _c("el-done", "Η παραγγελία ολοκληρώθηκε.", "success", style="text", lang="el"),
    ]


def unseen_shape_cases() -> list[Case]:
    return _pending() + _cancelled() + _partials() + _uncertain() + _successes()
