"""The second unseen part's jobs, cancellations, partial and uncertain results and the successes
that must stay successes (see ``unseen2``: written after the general rules, run once; it has
informed session 20's rules)."""

from __future__ import annotations

from obsline.protocol_corpus.case import Case

# Error-text languages of ``unseen2`` whose words the lexicon held before this part was written.
LANGUAGES_IN_LEXICON = frozenset({"bg", "hr", "sr", "sk", "sl", "lt", "lv", "et", "is", "ca", "bn", "ta", "ur", "sw",
                                  "ka", "az"})


def _c(id: str, raw: object, status: str, **kw: object) -> Case:
    return Case(f"unseen2-{id}", raw, status, unseen2=True, **kw)  # type: ignore[arg-type]


def _pending() -> list[Case]:
    return [
        _c("sagemaker", {"TrainingJobName": "xgb-0501", "TrainingJobArn": "arn:aws:sagemaker:us-east-1:1:"
                         "training-job/xgb-0501", "TrainingJobStatus": "InProgress", "SecondaryStatus": "Training"},
           "pending", handle="xgb-0501", style="aws sagemaker"),
        _c("cloudformation", {"Stacks": [{"StackName": "app", "StackId": "arn:aws:cloudformation:us-east-1:1:"
                                          "stack/app/9a", "StackStatus": "CREATE_IN_PROGRESS"}]}, "pending",
           style="aws cloudformation"),
        _c("mediaconvert", {"job": {"id": "1690000000-abc", "status": "PROGRESSING", "jobPercentComplete": 40}},
           "pending", handle="1690000000-abc", style="aws mediaconvert"),
        _c("emr", {"Cluster": {"Id": "j-2AXXXXXXGAPLF", "Name": "etl", "Status": {"State": "STARTING",
                                                                               "StateChangeReason": {}}}},
           "pending", handle="j-2AXXXXXXGAPLF", style="aws emr"),
        _c("cloud-build", {"name": "operations/build/p1/b-77", "metadata": {"@type": "type.googleapis.com/"
                                                                            "google.devtools.cloudbuild.v1."
                                                                            "BuildOperationMetadata", "build": {
                                                                                "id": "b-77", "status": "WORKING"}}},
           "pending", handle="operations/build/p1/b-77", style="google cloud build"),
        _c("dataflow", {"id": "2024-05-01_10_00_00-123", "name": "wordcount", "currentState": "JOB_STATE_RUNNING",
                        "createTime": "2024-05-01T10:00:00Z"}, "pending", handle="2024-05-01_10_00_00-123",
           style="google dataflow"),
        _c("vertex", {"name": "projects/p/locations/us/customJobs/42", "displayName": "train",
                      "state": "JOB_STATE_QUEUED", "createTime": "2024-05-01T10:00:00Z"}, "pending",
           handle="projects/p/locations/us/customJobs/42", style="vertex ai"),
        _c("adf", {"runId": "2f8c-11", "pipelineName": "copy", "status": "InProgress", "runStart":
                   "2024-05-01T10:00:00Z", "runEnd": None}, "pending", handle="2f8c-11", style="azure data factory"),
        _c("azure-ml", {"name": "job-blue-7", "properties": {"status": "Queued", "jobType": "Command"}},
           "pending", handle="job-blue-7", style="azure ml"),
        _c("buildkite", {"id": "f1e2", "number": 12, "state": "scheduled", "web_url":
                         "https://buildkite.com/acme/app/builds/12"}, "pending", handle="f1e2", style="buildkite"),
        _c("travis", {"@type": "build", "id": 8811, "state": "created", "number": "301"}, "pending", handle="8811",
           style="travis ci"),
        _c("teamcity", {"id": 5512, "buildTypeId": "App_Build", "state": "queued", "href":
                        "/app/rest/buildQueue/id:5512"}, "pending", handle="5512", style="teamcity"),
        _c("bitbucket-pipe", {"uuid": "{7a2c}", "build_number": 88, "state": {"name": "IN_PROGRESS", "stage": {
            "name": "RUNNING"}}}, "pending", handle="{7a2c}", style="bitbucket pipelines"),
        _c("vercel-deploy", {"id": "dpl_89qyp", "url": "app-89qyp.vercel.app", "readyState": "BUILDING"},
           "pending", handle="dpl_89qyp", style="vercel deployment"),
        _c("netlify-deploy", {"id": "5f1c", "site_id": "s1", "state": "building", "deploy_url":
                              "https://5f1c--app.netlify.app"}, "pending", handle="5f1c", style="netlify deploy"),
        _c("mux", {"data": {"id": "a1b2", "status": "preparing", "playback_ids": []}}, "pending", handle="a1b2",
           style="mux video"),
        _c("speechmatics", {"job": {"id": "yjbmf9kqub", "status": "running", "created_at":
                                    "2024-05-01T10:00:00.000Z", "data_name": "call.wav"}}, "pending",
           handle="yjbmf9kqub", style="speechmatics"),
        _c("deepl-doc", {"document_id": "04DE5AD98A02647D83285A36021911C6", "status": "translating",
                         "seconds_remaining": 20}, "pending", handle="04DE5AD98A02647D83285A36021911C6",
           style="deepl document"),
        _c("shopify-bulk", {"data": {"currentBulkOperation": {"id": "gid://shopify/BulkOperation/720",
                                                              "status": "RUNNING", "objectCount": "120",
                                                              "url": None}}}, "pending",
           handle="gid://shopify/BulkOperation/720", style="shopify bulk operation"),
        _c("sf-bulk", {"id": "7505fEXAMPLE", "operation": "insert", "object": "Account", "state": "InProgress",
                       "numberRecordsProcessed": 0}, "pending", handle="7505fEXAMPLE", style="salesforce bulk 2.0"),
        _c("hubspot-import", {"id": "17458", "state": "PROCESSING", "createdAt": "2024-05-01T10:00:00Z",
                              "importName": "contacts"}, "pending", handle="17458", style="hubspot import"),
        _c("twilio-comp", {"sid": "CJ0123", "status": "processing", "room_sid": "RM01", "url":
                           "https://video.twilio.com/v1/Compositions/CJ0123"}, "pending", handle="CJ0123",
           style="twilio composition"),
        _c("k8s-job", {"kind": "Job", "metadata": {"name": "migrate-db"}, "status": {"active": 1, "startTime":
                                                                                    "2024-05-01T10:00:00Z"}},
           "pending", handle="migrate-db", style="kubernetes job"),
        _c("text-ko", "내보내기가 진행 중입니다. 작업 ID: EX-42", "pending", handle="EX-42", style="text", lang="ko"),
        _c("text-en-eta", "Your report is queued (position 3). Check back in 2 minutes; request id: rq-7781.",
           "pending", handle="rq-7781", retry_after_ms=120000, style="text"),
        _c("text-pl", "Eksport jest w toku. Spróbuj ponownie za 30 sekund.", "pending", retry_after_ms=30000,
           style="text", lang="pl"),
    ]


def _cancelled() -> list[Case]:
    return [
        _c("buildkite-canceled", {"id": "f1e3", "number": 13, "state": "canceled", "web_url":
                                  "https://buildkite.com/acme/app/builds/13"}, "cancelled", handle="f1e3",
           style="buildkite"),
        _c("dataflow-cancelled", {"id": "2024-05-01_11-9", "currentState": "JOB_STATE_CANCELLED"}, "cancelled",
           handle="2024-05-01_11-9", style="google dataflow"),
        _c("adf-cancelled", {"runId": "2f8c-12", "pipelineName": "copy", "status": "Cancelled", "message": ""},
           "cancelled", handle="2f8c-12", style="azure data factory"),
        _c("sf-bulk-aborted", {"id": "7505fEXAMPLF", "object": "Account", "state": "Aborted"}, "cancelled",
           handle="7505fEXAMPLF", style="salesforce bulk 2.0"),
        _c("text-es", "La exportación fue cancelada por el administrador.", "cancelled", style="text", lang="es"),
        _c("text-bg", "Задачата беше отменена.", "cancelled", style="text", lang="bg"),
    ]


def _partials() -> list[Case]:
    return [
        _c("onesignal-partial", {"id": "b98881cc", "errors": {"invalid_player_ids": ["5fdc92b2"]}, "recipients": 3},
           "partial", visible=("5fdc92b2",), style="onesignal"),
        _c("hubspot-batch", {"status": "COMPLETE", "results": [{"id": "51", "properties": {"email": "a@x.io"}}],
                             "numErrors": 1, "errors": [{"status": "error", "category": "VALIDATION_ERROR",
                                                         "message": "Property values were not valid"}]},
           "partial", visible=("a@x.io", "VALIDATION_ERROR"), style="hubspot batch"),
        _c("sf-bulk-done", {"id": "7505fEXAMPLG", "state": "JobComplete", "numberRecordsProcessed": 98,
                            "numberRecordsFailed": 2}, "partial", style="salesforce bulk 2.0"),
        _c("firebase-send-each", {"successCount": 2, "failureCount": 1, "responses": [
            {"success": True, "messageId": "projects/p/messages/1"}, {"success": True, "messageId":
                                                                      "projects/p/messages/2"},
            {"success": False, "error": {"code": "messaging/registration-token-not-registered",
                                         "message": "Requested entity was not found."}}]}, "partial",
           visible=("messaging/registration-token-not-registered",), style="firebase admin send each"),
        _c("zendesk-job", {"job_status": {"id": "8b72", "status": "completed", "results": [
            {"id": 1, "status": "Updated", "success": True}, {"id": 2, "status": "Failed", "success": False,
                                                               "error": "TicketNotFound"}]}}, "partial",
           visible=("TicketNotFound",), style="zendesk job status"),
        _c("cosmos-bulk", {"results": [{"statusCode": 201, "id": "d1"}, {"statusCode": 409, "id": "d2",
                                                                         "message": "Conflict"}]}, "partial",
           visible=("d1", "d2"), style="cosmos db bulk"),
        _c("text-sk", "Importované: 45 záznamov, zlyhalo: 5.", "partial", style="text", lang="sk"),
        _c("text-en", "Sent 18 of 20 messages; 2 bounced.", "partial", style="text"),
    ]


def _uncertain() -> list[Case]:
    return [
        _c("bedrock", {"output": {"message": {"role": "assistant", "content": [{"text": "The first"}]}},
                       "stopReason": "max_tokens", "usage": {"outputTokens": 10}}, "uncertain",
           style="aws bedrock converse"),
        _c("mistral-length", {"id": "c1", "object": "chat.completion", "choices": [{"index": 0, "message": {
            "role": "assistant", "content": "Paris is"}, "finish_reason": "length"}]}, "uncertain", style="mistral"),
        _c("solr-partial", {"responseHeader": {"status": 0, "partialResults": True}, "response": {
            "numFound": 12, "docs": [{"id": "a"}]}}, "uncertain", style="solr"),
        _c("opensearch-shards", {"took": 12, "timed_out": False, "_shards": {"total": 5, "successful": 4,
                                                                           "skipped": 0, "failed": 1},
                                 "hits": {"total": {"value": 40}, "hits": [{"_id": "a"}]}}, "uncertain",
           style="opensearch shards"),
        _c("cut-csv-json", '{"rows": [["a", 1], ["b", 2], ["c"', "uncertain", style="cut-off json"),
    ]


def _successes() -> list[Case]:
    return [
        _c("deploy-done", {"id": "dpl_1", "readyState": "READY", "url": "app.vercel.app"}, "success",
           style="vercel deployment"),
        _c("vm", {"id": "123", "name": "vm-1", "status": "RUNNING", "machineType": "e2-small", "zone":
                  "us-central1-a"}, "success", style="business status"),
        _c("container", {"Id": "4f66", "Name": "/web", "State": {"Status": "running", "Running": True, "Pid": 42}},
           "success", style="business status"),
        _c("payment-processing", {"id": "pay_1", "status": "processing", "amount": 1999, "currency": "eur",
                                  "customer": "cus_9"}, "success", style="business status"),
        _c("shipment", {"tracking_number": "1Z999", "status": "in_transit", "carrier": "UPS", "eta":
                        "2024-05-03"}, "success", style="business status"),
        _c("support-case", {"case_id": "5003", "status": "Waiting on Customer", "subject": "Login issue",
                            "owner": "dana"}, "success", style="business status"),
        _c("event-cancelled", {"event_id": "ev1", "title": "Standup", "status": "cancelled", "start":
                               "2024-05-01T09:00:00Z"}, "success", style="business status"),
        _c("error-log-view", {"service": "api", "error_rate": 0.02, "errors_last_hour": 14, "p99_ms": 320},
           "success", style="business status"),
        _c("text-fixed", "Fixed: the error in the login form no longer appears.", "success", style="text"),
        _c("text-de-done", "Der Export wurde erfolgreich abgeschlossen.", "success", style="text", lang="de"),
    ]


def unseen2_shape_cases() -> list[Case]:
    return _pending() + _cancelled() + _partials() + _uncertain() + _successes()
