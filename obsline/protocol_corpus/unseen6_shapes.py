"""The sixth unseen part's error texts in other languages, command-line tools, jobs and operations,
cancellations, partial and uncertain results and the successes that must stay successes (see
``unseen6``: written before session 24's rule changes and before any run; split into halves by
``unseen6.half``)."""

from __future__ import annotations

from obsline.protocol_corpus.case import Case, err
from obsline.protocol_corpus.unseen6 import half


def _c(id: str, raw: object, status: str, **kw: object) -> Case:
    full = f"unseen6-{id}"
    return Case(full, raw, status, unseen6=half(full), **kw)  # type: ignore[arg-type]


def _l(lang: str, text: str, code: str, suffix: str = "", **kw: object) -> Case:
    full = f"unseen6-{lang}{suffix}"
    return err(full, text, code, style="text", lang=lang, unseen6=half(full), **kw)  # type: ignore[arg-type]


def _t(id: str, text: str, code: str, tool: str | None = None) -> Case:
    full = f"unseen6-{id}"
    return err(full, text, code, tool, style="cli", unseen6=half(full))


def _languages() -> list[Case]:
    # Error messages of the kinds applications show (not "file not found" in each language, as unseen-5 wrote):
    # denials, waits, conflicts, expired sessions, invalid fields, unavailable services.
    return [
        _l("de", "Zugriff verweigert: Sie haben keine Berechtigung für diesen Ordner.", "PERMISSION_DENIED"),
        _l("fr", "Trop de requêtes. Veuillez réessayer dans 30 secondes.", "RATE_LIMITED", retry_after_ms=30000),
        _l("es", "El usuario ya existe.", "CONFLICT"),
        _l("pt", "Sessão expirada. Faça login novamente.", "AUTH_FAILED"),
        _l("it", "Impossibile connettersi al server: timeout della connessione.", "TIMEOUT"),
        _l("nl", "Ongeldige waarde voor het veld 'postcode'.", "INVALID_ARGUMENT"),
        _l("sv", "Behörighet saknas för att visa den här sidan.", "PERMISSION_DENIED"),
        _l("da", "Siden blev ikke fundet.", "NOT_FOUND"),
        _l("nb", "For mange forespørsler, prøv igjen senere.", "RATE_LIMITED"),
        _l("fi", "Pyyntö aikakatkaistiin.", "TIMEOUT"),
        _l("pl", "Nie znaleziono zamówienia o numerze 1234.", "NOT_FOUND"),
        _l("cs", "Přístup odepřen.", "PERMISSION_DENIED"),
        _l("hu", "Érvénytelen hozzáférési token.", "AUTH_FAILED"),
        _l("ro", "Prea multe cereri. Încercați din nou mai târziu.", "RATE_LIMITED"),
        _l("tr", "Kullanıcı adı veya şifre hatalı.", "AUTH_FAILED"),
        _l("ru", "Превышен лимит запросов. Повторите попытку через 10 секунд.", "RATE_LIMITED",
           retry_after_ms=10000),
        _l("uk", "Сервіс тимчасово недоступний.", "UPSTREAM_FAILURE"),
        _l("el", "Λήξη χρονικού ορίου αιτήματος.", "TIMEOUT"),
        _l("he", "הגישה נדחתה", "PERMISSION_DENIED"),
        _l("ar", "اسم المستخدم أو كلمة المرور غير صحيحة", "AUTH_FAILED"),
        _l("fa", "تعداد درخواست‌ها بیش از حد مجاز است", "RATE_LIMITED"),
        _l("hi", "अनुरोध का समय समाप्त हो गया", "TIMEOUT"),
        _l("bn", "ফাইলটি পাওয়া যায়নি", "NOT_FOUND"),
        _l("th", "ไม่พบผู้ใช้", "NOT_FOUND"),
        _l("vi", "Không tìm thấy đơn hàng.", "NOT_FOUND"),
        _l("id", "Terlalu banyak permintaan, silakan coba lagi nanti.", "RATE_LIMITED"),
        _l("ms", "Akses ditolak.", "PERMISSION_DENIED"),
        _l("tl", "Hindi nahanap ang pahina.", "NOT_FOUND"),
        _l("sw", "Muda wa ombi umekwisha.", "TIMEOUT"),
        _l("ja", "認証に失敗しました。APIキーを確認してください。", "AUTH_FAILED"),
        _l("ko", "요청 시간이 초과되었습니다.", "TIMEOUT"),
        _l("zh", "余额不足，无法完成支付", "CONFLICT"),
        _l("zh-TW", "權限不足，無法存取此資源", "PERMISSION_DENIED"),
        _l("uz", "Xato: fayl topilmadi", "NOT_FOUND"),
        _l("kk", "Қате: рұқсат жоқ", "PERMISSION_DENIED"),
        _l("az", "Xəta: sorğunun vaxtı bitdi", "TIMEOUT"),
        _l("sk", "Používateľ s týmto e-mailom už existuje.", "CONFLICT"),
        _l("hr", "Neispravna lozinka.", "AUTH_FAILED"),
    ]


def _cli() -> list[Case]:
    return [
        _t("kind", "ERROR: failed to create cluster: node(s) already exist for a cluster with the name \"kind\"",
           "CONFLICT"),
        _t("kubectx", "error: no context exists with the name: \"prod\"", "NOT_FOUND"),
        _t("kustomize", "Error: accumulating resources: accumulation err='accumulating resources from 'base': "
                        "evalsymlink failure on '/app/base' : lstat /app/base: no such file or directory'",
           "NOT_FOUND"),
        _t("compose", "service \"web\" refers to undefined network backend: invalid compose project",
           "INVALID_ARGUMENT"),
        _t("docker-daemon", "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker "
                            "daemon running?", "UPSTREAM_FAILURE"),
        _t("git-pathspec", "error: pathspec 'feature/x' did not match any file(s) known to git", "NOT_FOUND"),
        _t("git-rejected", "To github.com:o/r.git\n ! [rejected]        main -> main (fetch first)\nerror: failed to "
                           "push some refs to 'github.com:o/r.git'\nhint: Updates were rejected because the remote "
                           "contains work that you do\nhint: not have locally.", "CONFLICT"),
        _t("git-auth", "remote: Invalid username or password.\nfatal: Authentication failed for "
                       "'https://github.com/o/r.git/'", "AUTH_FAILED"),
        _t("ssh-publickey", "git@github.com: Permission denied (publickey).\nfatal: Could not read from remote "
                            "repository.", "AUTH_FAILED"),
        _t("bun", "error: Script not found \"dev\"", "NOT_FOUND"),
        _t("swift", "error: no such module 'Alamofire'", "NOT_FOUND"),
        _t("mix", "** (Mix) The task \"phx.serve\" could not be found. Did you mean \"phx.server\"?", "NOT_FOUND"),
        _t("r", "Error in library(ggplot3) : there is no package called ‘ggplot3’", "NOT_FOUND"),
        _t("julia", "ERROR: ArgumentError: Package Flux not found in current path.\n- Run `import Pkg; "
                    "Pkg.add(\"Flux\")` to install the Flux package.", "NOT_FOUND"),
        _t("node-module", "Error: Cannot find module 'express'\nRequire stack:\n- /app/server.js", "NOT_FOUND"),
        _t("bq", "BigQuery error in query operation: Error processing job 'p:bqjob_r1_0001': Not found: Table "
                 "p:d.events was not found in location US", "NOT_FOUND"),
        _t("dbt", "Compilation Error in model orders (models/orders.sql)\n  Model 'model.shop.orders' "
                  "(models/orders.sql) depends on a node named 'customers' which was not found", "NOT_FOUND"),
        _t("kcat", "% ERROR: Topic orders error: Broker: Unknown topic or partition", "NOT_FOUND"),
        _t("minio-mc", "mc: <ERROR> Unable to stat `local/bkt/x.csv`. Object does not exist.", "NOT_FOUND"),
        _t("ffmpeg", "input.mp4: No such file or directory", "NOT_FOUND"),
        _t("imagemagick", "convert: unable to open image 'logo.png': No such file or directory @ "
                          "error/blob.c/OpenBlob/3573.", "NOT_FOUND"),
        _t("wget", "--2024-05-01 10:00:00--  https://example.com/x.zip\nResolving example.com... 93.184.216.34\n"
                   "Connecting to example.com|93.184.216.34|:443... connected.\nHTTP request sent, awaiting "
                   "response... 404 Not Found\n2024-05-01 10:00:01 ERROR 404: Not Found.", "NOT_FOUND"),
        _t("httpie", "HTTP/1.1 401 Unauthorized\nContent-Type: application/json\n\n{\n    \"detail\": "
                     "\"Authentication credentials were not provided.\"\n}", "AUTH_FAILED"),
        _t("ssh-timeout", "ssh: connect to host 10.0.0.5 port 22: Connection timed out", "TIMEOUT"),
        _t("sudo", "sudo: a password is required", "AUTH_FAILED"),
        _t("chmod", "chmod: changing permissions of '/etc/hosts': Operation not permitted", "PERMISSION_DENIED"),
        _t("tar", "tar: backup.tgz: Cannot open: No such file or directory\ntar: Error is not recoverable: exiting "
                  "now", "NOT_FOUND"),
        _t("ldapsearch", "ldap_bind: Invalid credentials (49)", "AUTH_FAILED", "49"),
        _t("nc", "nc: connect to db.internal port 5432 (tcp) failed: Connection refused", "UPSTREAM_FAILURE"),
        _t("sc-exe", "[SC] OpenService FAILED 1060:\n\nThe specified service does not exist as an installed service.",
           "NOT_FOUND", "1060"),
        _t("robocopy", "2024/05/01 10:00:00 ERROR 5 (0x00000005) Accessing Source Directory C:\\data\\\nAccess is "
                       "denied.", "PERMISSION_DENIED"),
        _t("macos-security", "security: SecKeychainSearchCopyNext: The specified item could not be found in the "
                             "keychain.", "NOT_FOUND"),
        _t("launchctl", "Could not find service \"com.example.agent\" in domain for port", "NOT_FOUND"),
        _t("haskell", "prog: Prelude.head: empty list", "UNKNOWN"),
        _t("cpp-terminate", "terminate called after throwing an instance of 'std::out_of_range'\n  what():  "
                            "vector::_M_range_check: __n (which is 5) >= this->size() (which is 3)\nAborted (core "
                            "dumped)", "UNKNOWN"),
        _t("lua", "lua: main.lua:3: attempt to index a nil value (global 'cfg')\nstack traceback:\n\t[C]: in ?",
           "UNKNOWN"),
        _t("wait-text", "Please wait 2 minutes before requesting another code.", "RATE_LIMITED"),
        _t("try-later", "Service temporarily unavailable. Try again in a few minutes.", "UPSTREAM_FAILURE"),
    ]


def _jobs() -> list[Case]:
    compute_op = "https://www.googleapis.com/compute/v1/projects/p/zones/us-central1-a/operations/operation-17-abc"
    sql_op = "https://sqladmin.googleapis.com/v1/projects/p/operations/6d2a7c5e-1b2f-4c1a-9a1e-000000000001"
    durable = "https://app.azurewebsites.net/runtime/webhooks/durabletask/instances/abc123?code=x"
    return [
        _c("gcp-compute-op", {"kind": "compute#operation", "id": "7127550864823803662", "name": "operation-17-abc",
                              "zone": "https://www.googleapis.com/compute/v1/projects/p/zones/us-central1-a",
                              "operationType": "insert", "targetLink": "https://www.googleapis.com/compute/v1/"
                              "projects/p/zones/us-central1-a/instances/vm-1", "status": "RUNNING", "user":
                              "dev@p.iam.gserviceaccount.com", "progress": 0, "insertTime":
                              "2024-05-01T10:00:00.000-07:00", "selfLink": compute_op}, "pending",
           handle="operation-17-abc", poll_url=compute_op),
        _c("gcp-sql-op", {"kind": "sql#operation", "targetLink": "https://sqladmin.googleapis.com/v1/projects/p/"
                          "instances/db1", "status": "PENDING", "user": "u@x.com", "insertTime":
                          "2024-05-01T10:00:00Z", "operationType": "RESTART", "name":
                          "6d2a7c5e-1b2f-4c1a-9a1e-000000000001", "targetId": "db1", "selfLink": sql_op,
                          "targetProject": "p"}, "pending", handle="6d2a7c5e-1b2f-4c1a-9a1e-000000000001",
           poll_url=sql_op),
        _c("do-action", {"action": {"id": 36804636, "status": "in-progress", "type": "create", "started_at":
                                    "2024-05-01T10:00:00Z", "completed_at": None, "resource_id": 3164444,
                                    "resource_type": "droplet", "region_slug": "nyc3"}}, "pending",
           handle="36804636"),
        _c("aws-ssm", {"Command": {"CommandId": "ef7fdfd8-9b57-4151-a15c-db9a12345678", "DocumentName":
                                   "AWS-RunShellScript", "Status": "Pending", "RequestedDateTime": 1700000000.0,
                                   "TargetCount": 0, "CompletedCount": 0, "ErrorCount": 0}}, "pending",
           handle="ef7fdfd8-9b57-4151-a15c-db9a12345678"),
        _c("aws-ecs", {"tasks": [{"taskArn": "arn:aws:ecs:us-east-1:123:task/c1/0b69d5c0", "lastStatus":
                                  "PROVISIONING", "desiredStatus": "RUNNING", "createdAt": 1700000000.0, "group":
                                  "family:web"}], "failures": []}, "pending",
           handle="arn:aws:ecs:us-east-1:123:task/c1/0b69d5c0"),
        _c("aws-rekognition", {"JobStatus": "IN_PROGRESS", "VideoMetadata": {}, "Labels": []}, "pending"),
        _c("aws-lambda-async", {"StatusCode": 202}, "pending"),
        _c("aws-backup", {"BackupJobId": "A1B2C3", "CreationDate": 1700000000.0, "RecoveryPointArn": None,
                          "State": "CREATED"}, "pending", handle="A1B2C3"),
        _c("aws-dms", {"ReplicationTask": {"ReplicationTaskIdentifier": "orders-sync", "Status": "starting",
                                           "ReplicationTaskArn": "arn:aws:dms:us-east-1:123:task:ABC"}}, "pending"),
        _c("azure-async-op", {"status": "InProgress", "startTime": "2024-05-01T10:00:00Z"}, "pending",
           http_status=200),
        _c("azure-provisioning", {"id": "/subscriptions/s/resourceGroups/rg/providers/Microsoft.Web/sites/app1",
                                  "name": "app1", "type": "Microsoft.Web/sites", "location": "westeurope",
                                  "properties": {"provisioningState": "Creating"}}, "pending"),
        _c("yarn", {"app": {"id": "application_1700000000000_0042", "user": "etl", "name": "nightly", "queue":
                            "default", "state": "ACCEPTED", "finalStatus": "UNDEFINED", "progress": 0.0,
                            "trackingUI": "UNASSIGNED", "startedTime": 1700000000000, "finishedTime": 0}}, "pending",
           handle="application_1700000000000_0042"),
        _c("livy", {"id": 12, "name": None, "appId": None, "owner": None, "proxyUser": None, "state": "starting",
                    "appInfo": {"driverLogUrl": None, "sparkUiUrl": None}, "log": ["stdout: ", "\nstderr: "]},
           "pending", handle="12"),
        _c("flink", {"jid": "2a2bc8c3a0f4b4d0b8c9e1f2a3b4c5d6", "name": "wordcount", "state": "CREATED",
                     "start-time": 1700000000000, "end-time": -1, "duration": 12}, "pending",
           handle="2a2bc8c3a0f4b4d0b8c9e1f2a3b4c5d6"),
        _c("es-task", {"completed": False, "task": {"node": "oTUltX4IQMOUUVeiohTt8A", "id": 12345, "type":
                                                    "transport", "action": "indices:data/write/reindex", "status": {
                                                        "total": 6154, "updated": 3500, "created": 0, "deleted": 0,
                                                        "batches": 4}, "start_time_in_millis": 1700000000000,
                                                    "running_time_in_nanos": 1200000000, "cancellable": True}},
           "pending"),
        _c("es-reindex-async", {"task": "oTUltX4IQMOUUVeiohTt8A:12345"}, "pending",
           handle="oTUltX4IQMOUUVeiohTt8A:12345"),
        _c("es-async-search", {"id": "FmRldE8zREVEUzA2ZVpUeGs2ejJFUFEaMkZ5QTVrSTZSaVN3WlNFVmtlWHJsdzoxMDc=",
                               "is_partial": True, "is_running": True, "start_time_in_millis": 1700000000000,
                               "expiration_time_in_millis": 1700432000000, "response": {
                                   "took": 1122, "timed_out": False, "hits": {"total": {"value": 0, "relation":
                                                                                        "gte"}, "hits": []}}},
           "pending", handle="FmRldE8zREVEUzA2ZVpUeGs2ejJFUFEaMkZ5QTVrSTZSaVN3WlNFVmtlWHJsdzoxMDc="),
        _c("databricks-sql", {"statement_id": "01ed-92c4", "status": {"state": "PENDING"}}, "pending",
           handle="01ed-92c4"),
        _c("conductor", {"workflowId": "wf-3d1", "workflowName": "order_fulfillment", "status": "RUNNING",
                         "startTime": 1700000000000, "tasks": [{"taskType": "charge", "status": "COMPLETED"},
                                                               {"taskType": "ship", "status": "SCHEDULED"}]},
           "pending", handle="wf-3d1"),
        _c("n8n", {"id": "1042", "finished": False, "mode": "webhook", "startedAt": "2024-05-01T10:00:00.000Z",
                   "stoppedAt": None, "workflowId": "7", "status": "running"}, "pending", handle="1042"),
        _c("transloadit-executing", {"ok": "ASSEMBLY_EXECUTING", "message": "The Assembly is currently being executed.",
                           "assembly_id": "a7b0f2c4d5e6", "assembly_ssl_url":
                           "https://api2.transloadit.com/assemblies/a7b0f2c4d5e6", "bytes_received": 1024,
                           "bytes_expected": 2048}, "pending", handle="a7b0f2c4d5e6",
           poll_url="https://api2.transloadit.com/assemblies/a7b0f2c4d5e6"),
        _c("openai-finetune", {"object": "fine_tuning.job", "id": "ftjob-abc123", "model": "gpt-4o-mini-2024-07-18",
                               "created_at": 1721764800, "fine_tuned_model": None, "organization_id": "org-123",
                               "result_files": [], "status": "validating_files", "validation_file": None,
                               "training_file": "file-abc123"}, "pending", handle="ftjob-abc123"),
        _c("kling", {"code": 0, "message": "SUCCEED", "request_id": "r1", "data": {
            "task_id": "CjMkG2c", "task_status": "submitted", "created_at": 1722769557708, "updated_at":
            1722769557708}}, "pending", handle="CjMkG2c"),
        _c("aliyun-task", {"RequestId": "r-8", "TaskId": "t-1", "TaskStatus": "Running"}, "pending", handle="t-1"),
        _c("heroku-build", {"id": "01234567-89ab-cdef-0123-456789abcdef", "status": "pending", "output_stream_url":
                            "https://build-output.heroku.com/streams/01/01234567", "source_blob": {
                                "url": "https://s3.example/src.tgz", "version": "v1"}, "created_at":
                            "2024-05-01T10:00:00Z", "app": {"id": "app-1"}}, "pending",
           handle="01234567-89ab-cdef-0123-456789abcdef"),
        _c("durable-start", {"id": "abc123", "statusQueryGetUri": durable, "sendEventPostUri":
                             "https://app.azurewebsites.net/runtime/webhooks/durabletask/instances/abc123/raiseEvent",
                             "terminatePostUri": "https://app.azurewebsites.net/runtime/webhooks/durabletask/"
                             "instances/abc123/terminate"}, "pending", handle="abc123", poll_url=durable,
           http_status=202),
        _c("durable-status", {"name": "HelloCities", "instanceId": "abc123", "runtimeStatus": "Running", "input": None,
                              "customStatus": None, "output": None, "createdTime": "2024-05-01T10:00:00Z",
                              "lastUpdatedTime": "2024-05-01T10:00:05Z"}, "pending", handle="abc123"),
        _c("gh-pages-build", {"status": "building", "error": {"message": None}, "commit": "a1b2c3", "duration": 0,
                              "created_at": "2024-05-01T10:00:00Z", "url":
                              "https://api.github.com/repos/o/r/pages/builds/5"}, "pending"),
        _c("text-en-queue", "Job 7f3e queued at position 4.", "pending", handle="7f3e"),
        _c("text-en-track", "Accepted. Track progress at https://api.example.com/v1/operations/op-551", "pending",
           poll_url="https://api.example.com/v1/operations/op-551"),
        _c("text-de", "Der Auftrag 3319 wird gerade bearbeitet. Bitte in 10 Sekunden erneut abfragen.", "pending",
           handle="3319", retry_after_ms=10000),
        _c("text-fr", "La tâche 4410 est en cours d'exécution.", "pending", handle="4410"),
        _c("text-es", "La tarea 5521 está en cola.", "pending", handle="5521"),
        _c("text-zh", "任务 8812 正在排队中，请稍候。", "pending", handle="8812"),
        _c("text-ru", "Задача 1207 выполняется.", "pending", handle="1207"),
        _c("text-nl", "Taak 602 staat in de wachtrij.", "pending", handle="602"),
        _c("text-hi", "कार्य 77 प्रगति पर है", "pending", handle="77"),
    ]


def _cancelled() -> list[Case]:
    return [
        _c("conductor-terminated", {"workflowId": "wf-9", "status": "TERMINATED", "reasonForIncompletion":
                                    "Terminated by admin", "endTime": 1700000001000}, "cancelled", handle="wf-9"),
        _c("yarn-killed", {"app": {"id": "application_1700000000000_0043", "state": "KILLED", "finalStatus":
                                   "KILLED", "diagnostics": "Application killed by user."}}, "cancelled",
           handle="application_1700000000000_0043"),
        _c("flink-canceled", {"jid": "3b4c5d6e7f8091a2b3c4d5e6f7a8b9c0", "name": "etl", "state": "CANCELED",
                              "start-time": 1700000000000, "end-time": 1700000005000, "duration": 5000}, "cancelled",
           handle="3b4c5d6e7f8091a2b3c4d5e6f7a8b9c0"),
        _c("n8n-canceled", {"id": "1043", "finished": False, "mode": "manual", "status": "canceled", "startedAt":
                            "2024-05-01T10:00:00.000Z", "stoppedAt": "2024-05-01T10:00:09.000Z", "workflowId": "7"},
           "cancelled", handle="1043"),
        _c("durable-terminated", {"name": "Export", "instanceId": "def456", "runtimeStatus": "Terminated", "output":
                                  "cancelled by operator", "createdTime": "2024-05-01T10:00:00Z"}, "cancelled",
           handle="def456"),
        _c("aws-ssm-cancelled", {"Command": {"CommandId": "c1d2e3", "DocumentName": "AWS-RunShellScript", "Status":
                                             "Cancelled", "RequestedDateTime": 1700000000.0}}, "cancelled",
           handle="c1d2e3"),
        _c("text-de-cancelled", "Der Export 4411 wurde vom Benutzer abgebrochen.", "cancelled", handle="4411"),
        _c("text-ja-cancelled", "ジョブ 5520 はキャンセルされました。", "cancelled", handle="5520"),
        _c("text-en-cancelled", "Pipeline #8812 was canceled by alice.", "cancelled", handle="8812"),
    ]


def _partial() -> list[Case]:
    return [
        _c("mongo-bulk", {"ok": 1, "writeErrors": [{"index": 2, "code": 11000, "errmsg": "E11000 duplicate key error "
                                                    "collection: shop.users index: email_1 dup key: { email: "
                                                    "\"c@x.com\" }"}], "nInserted": 2, "nUpserted": 0,
                          "nMatched": 0, "nModified": 0, "nRemoved": 0}, "partial"),
        _c("dynamodb-batch", {"UnprocessedItems": {"Orders": [{"PutRequest": {"Item": {"id": {"S": "o-3"}}}}]},
                              "ConsumedCapacity": [{"TableName": "Orders", "CapacityUnits": 2.0}]}, "partial"),
        _c("jira-bulk", {"issues": [{"id": "10001", "key": "PRJ-1", "self":
                                     "https://x.atlassian.net/rest/api/3/issue/10001"}], "errors": [
            {"status": 400, "elementErrors": {"errorMessages": [], "errors": {"summary": "You must specify a summary "
                                                                              "of the issue."}},
             "failedElementNumber": 1}]}, "partial"),
        _c("graphql-partial", {"errors": [{"message": "Unauthorized field or type", "path": ["me", "email"],
                                           "extensions": {"code": "UNAUTHORIZED_FIELD_OR_TYPE"}}],
                               "data": {"me": {"name": "Ann", "email": None}}}, "partial"),
        _c("import-report", {"processed": 48, "skipped": 2, "errors": [{"line": 17, "message": "invalid date"},
                                                                       {"line": 33, "message": "missing sku"}]},
           "partial"),
        _c("ansible-like", {"summary": {"ok": 18, "failed": 2}, "failures": [{"host": "web-3", "reason":
                                                                              "unreachable"},
                                                                             {"host": "web-7", "reason": "timeout"}]},
           "partial"),
        _c("text-en-upload", "Uploaded 9 of 10 files. report.pdf failed: permission denied.", "partial",
           visible=("report.pdf",)),
        _c("rsync-23", "sent 1,234 bytes  received 56 bytes  2,580.00 bytes/sec\ntotal size is 10,240  speedup is "
                       "7.94\nrsync error: some files/attrs were not transferred (see previous errors) (code 23) at "
                       "main.c(1338) [sender=3.2.7]", "partial"),
        _c("git-push-some", "To github.com:o/r.git\n   1a2b3c4..5d6e7f8  dev -> dev\n ! [rejected]        main -> "
                            "main (non-fast-forward)\nerror: failed to push some refs to 'github.com:o/r.git'",
           "partial"),
        _c("text-nl-share", "7 van de 10 bestanden geüpload; 3 mislukt.", "partial"),
        _c("text-ko", "10개 중 7개 파일이 업로드되었습니다. 3개 실패.", "partial"),
        _c("text-pt", "Foram importados 45 registros; 5 falharam.", "partial"),
        _c("text-tr", "50 kayıttan 47'si içe aktarıldı, 3 kayıt başarısız.", "partial"),
    ]


def _uncertain() -> list[Case]:
    return [
        _c("cloudwatch-insights", {"status": "Timeout", "results": [[{"field": "@message", "value": "x"}]],
                                   "statistics": {"recordsMatched": 1.0, "recordsScanned": 9000.0}}, "uncertain"),
        _c("openai-responses", {"id": "resp_1", "object": "response", "status": "incomplete", "incomplete_details": {
            "reason": "max_output_tokens"}, "output": [{"type": "message", "content": [
                {"type": "output_text", "text": "The three main"}]}]}, "uncertain"),
        _c("sse-cut", "data: {\"choices\":[{\"delta\":{\"content\":\"Hel\"}}]}\n\ndata: {\"choices\":[{\"delta\":"
                      "{\"content\":\"lo wor", "uncertain"),
        _c("xml-cut", "<?xml version=\"1.0\"?><orders><order id=\"1\"><total>9.99</total></order><order id=\"2\">"
                      "<tot", "uncertain"),
        _c("json-cut-deep", "{\"data\": {\"items\": [{\"sku\": \"A-1\", \"qty\": 2}, {\"sku\": \"B-", "uncertain"),
        _c("text-limit", "Response exceeded the 100 KB limit and was truncated.", "uncertain"),
        _c("text-es-cut", "La salida se ha truncado a 500 líneas.", "uncertain"),
        _c("azure-search-coverage", {"@odata.count": 5000, "@search.coverage": 80.5, "value": [
            {"@search.score": 1.2, "id": "d1", "title": "Pricing"}]}, "uncertain"),
        _c("es-terminated-early", {"took": 3, "timed_out": False, "terminated_early": True, "hits": {
            "total": {"value": 10, "relation": "eq"}, "hits": [{"_id": "1", "_source": {"title": "a"}}]}},
           "uncertain"),
    ]


def _successes() -> list[Case]:
    return [
        _c("actuator", {"status": "UP", "components": {"db": {"status": "UP", "details": {"database": "PostgreSQL"}},
                                                       "diskSpace": {"status": "UP"}}}, "success"),
        _c("health-draft", {"status": "pass", "version": "1", "releaseId": "1.2.3", "checks": {"db:responseTime": [
            {"componentId": "db", "observedValue": 250, "observedUnit": "ms", "status": "pass"}]}}, "success"),
        _c("kafka-connect", {"name": "pg-sink", "connector": {"state": "RUNNING", "worker_id": "10.0.0.5:8083"},
                             "tasks": [{"id": 0, "state": "RUNNING", "worker_id": "10.0.0.5:8083"}], "type": "sink"},
           "success"),
        _c("tiktok-ok", {"data": {"user": {"open_id": "o1", "display_name": "Ann"}}, "error": {
            "code": "ok", "message": "", "log_id": "20240501"}}, "success"),
        _c("jsonrpc-ok", {"jsonrpc": "2.0", "id": 1, "result": "0x1b4"}, "success"),
        _c("amap-ok", {"status": "1", "info": "OK", "infocode": "10000", "count": "1", "geocodes": [
            {"formatted_address": "北京市朝阳区阜通东大街6号", "location": "116.482086,39.990496"}]}, "success"),
        _c("graphql-empty-errors", {"data": {"viewer": {"login": "octo"}}, "errors": []}, "success"),
        _c("s3-page", {"IsTruncated": True, "Contents": [{"Key": "a.csv", "Size": 10}], "Name": "bkt", "MaxKeys": 1,
                       "KeyCount": 1, "NextContinuationToken": "1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J="}, "success"),
        _c("cancelled-order", {"order_id": "A-77", "status": "cancelled", "cancelled_at": "2024-05-01T10:00:00Z",
                               "items": [{"sku": "X", "qty": 1}], "refund_total": "12.50"}, "success"),
        _c("payment-list", {"payments": [{"id": "p1", "status": "failed", "amount": 500},
                                         {"id": "p2", "status": "succeeded", "amount": 700}]}, "success"),
        _c("flight", {"flight": "LH400", "status": "Delayed", "departure": {"scheduled": "2024-05-01T13:00:00Z",
                                                                             "estimated": "2024-05-01T14:10:00Z"}},
           "success"),
        _c("user-record", {"id": "u1", "name": "Ann", "login_errors": 0, "last_error": None, "locked": False},
           "success"),
        _c("log-lines", "2024-05-01 10:00:00,123 INFO started\n2024-05-01 10:00:01,456 ERROR connection refused to "
                        "db:5432\n2024-05-01 10:00:02,789 INFO retry succeeded", "success"),
        _c("grep-hits", "src/app.py:42:    raise NotFoundError('user not found')\nsrc/app.py:57:    except "
                        "TimeoutError:", "success"),
        _c("ci-summary", "Tests: 128 passed, 0 failed, 3 skipped", "success"),
        _c("terraform-nochange", "No changes. Your infrastructure matches the configuration.", "success"),
        _c("git-uptodate", "Everything up-to-date", "success"),
        _c("de-done", "Der Vorgang wurde erfolgreich abgeschlossen.", "success"),
        _c("zh-done", "操作成功", "success"),
        _c("pt-done", "Operação concluída com sucesso.", "success"),
        _c("code-0000", {"code": "0000", "msg": "成功", "data": {"orderNo": "2024050100001"}}, "success"),
        _c("ret-0", {"ret": 0, "msg": "ok", "data": {"uid": 42}}, "success"),
        _c("result-ok", {"result": "OK", "data": {"id": 1}}, "success"),
        _c("lro-done", {"name": "operations/abc", "done": True, "response": {
            "@type": "type.googleapis.com/google.cloud.speech.v1.LongRunningRecognizeResponse", "results": []}},
           "success"),
        _c("workflow-done", {"workflowId": "wf-1", "status": "COMPLETED", "endTime": 1700000000000, "output": {
            "ok": True}}, "success"),
    ]


def unseen6_shape_cases() -> list[Case]:
    return _languages() + _cli() + _jobs() + _cancelled() + _partial() + _uncertain() + _successes()
