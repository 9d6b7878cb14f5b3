"""The seventh unseen part's error texts in other languages, command-line tools, jobs and operations,
cancellations, batch results, the query's own incompleteness flags, cut-off results and the
successes that must stay successes (see ``unseen7``: written before session 25's rule changes and
before any run; split into halves by ``unseen7.half``)."""

from __future__ import annotations

from obsline.protocol_corpus.case import Case, err
from obsline.protocol_corpus.unseen7 import half


def _c(id: str, raw: object, status: str, **kw: object) -> Case:
    full = f"unseen7-{id}"
    return Case(full, raw, status, unseen7=half(full), **kw)  # type: ignore[arg-type]


def _l(lang: str, text: str, code: str, suffix: str = "", **kw: object) -> Case:
    full = f"unseen7-{lang}{suffix}"
    return err(full, text, code, style="text", lang=lang, unseen7=half(full), **kw)  # type: ignore[arg-type]


def _t(id: str, text: str, code: str, tool: str | None = None) -> Case:
    full = f"unseen7-{id}"
    return err(full, text, code, tool, style="cli", unseen7=half(full))


def _languages() -> list[Case]:
    # Meanings earlier parts give few entries for in each language: too large, suspended, quota, maintenance,
    # edited by someone else, already registered, expired session, signature, format.
    return [
        _l("de", "Die Datei ist zu groß (maximal 10 MB).", "TOO_LARGE"),
        _l("fr", "Votre compte a été suspendu. Contactez le support.", "PERMISSION_DENIED"),
        _l("es", "Cuota excedida. Inténtelo de nuevo mañana.", "RATE_LIMITED"),
        _l("it", "Il servizio è in manutenzione. Riprova più tardi.", "UPSTREAM_FAILURE"),
        _l("pt", "O arquivo excede o tamanho máximo permitido.", "TOO_LARGE"),
        _l("nl", "Uw sessie is verlopen. Log opnieuw in.", "AUTH_FAILED"),
        _l("pl", "Przekroczono limit czasu połączenia.", "TIMEOUT"),
        _l("cs", "Soubor nebyl nalezen.", "NOT_FOUND"),
        _l("ru", "Объект был изменён другим пользователем. Обновите страницу.", "CONFLICT"),
        _l("uk", "Недійсний формат електронної пошти.", "INVALID_ARGUMENT"),
        _l("tr", "Bu e-posta adresi zaten kayıtlı.", "CONFLICT"),
        _l("ja", "ファイルサイズが上限を超えています。", "TOO_LARGE"),
        _l("ko", "접근 권한이 없습니다.", "PERMISSION_DENIED"),
        _l("zh", "服务器繁忙，请稍后重试", "UPSTREAM_FAILURE"),
        _l("zh", "签名验证失败", "AUTH_FAILED", "-sign"),
        _l("vi", "Phiên đăng nhập đã hết hạn.", "AUTH_FAILED"),
        _l("th", "คำขอมากเกินไป กรุณาลองใหม่ภายหลัง", "RATE_LIMITED"),
        _l("id", "Data tidak ditemukan.", "NOT_FOUND"),
        _l("ar", "انتهت مهلة الطلب", "TIMEOUT"),
        _l("he", "הקובץ גדול מדי", "TOO_LARGE"),
        _l("hi", "आपको इस संसाधन तक पहुँचने की अनुमति नहीं है", "PERMISSION_DENIED"),
        _l("el", "Ο χρήστης δεν βρέθηκε.", "NOT_FOUND"),
        _l("hu", "A kérés túllépte az időkorlátot.", "TIMEOUT"),
        _l("ro", "Parolă incorectă.", "AUTH_FAILED"),
        _l("bg", "Услугата временно не е достъпна.", "UPSTREAM_FAILURE"),
        _l("sr", "Приступ одбијен.", "PERMISSION_DENIED"),
        _l("lt", "Puslapis nerastas.", "NOT_FOUND"),
        _l("lv", "Nederīgs pieprasījums.", "INVALID_ARGUMENT"),
        _l("et", "Liiga palju päringuid.", "RATE_LIMITED"),
        _l("sl", "Datoteka je prevelika.", "TOO_LARGE"),
        _l("ka", "მოთხოვნის დრო ამოიწურა", "TIMEOUT"),
        _l("hy", "Մուտքն արգելված է", "PERMISSION_DENIED"),
        _l("ta", "கோப்பு கிடைக்கவில்லை", "NOT_FOUND"),
        _l("ur", "درخواست کا وقت ختم ہو گیا", "TIMEOUT"),
        _l("fa", "نام کاربری یا رمز عبور اشتباه است", "AUTH_FAILED"),
        _l("sw", "Huduma haipatikani kwa sasa.", "UPSTREAM_FAILURE"),
        _l("ms", "Permintaan tidak sah.", "INVALID_ARGUMENT"),
        _l("tl", "Masyadong maraming kahilingan. Subukang muli mamaya.", "RATE_LIMITED"),
        _l("ca", "No s'ha trobat el fitxer.", "NOT_FOUND"),
        _l("mn", "Хандах эрхгүй байна", "PERMISSION_DENIED"),
        _l("is", "Aðgangi hafnað.", "PERMISSION_DENIED"),
        _l("af", "Lêer nie gevind nie.", "NOT_FOUND"),
        _l("da", "Adgangskoden er forkert.", "AUTH_FAILED"),
        _l("sv", "Begäran tog för lång tid.", "TIMEOUT"),
        _l("fi", "Käyttäjää ei löytynyt.", "NOT_FOUND"),
        _l("nb", "Økten din er utløpt. Logg inn på nytt.", "AUTH_FAILED"),
        _l("de", "Zu viele Anmeldeversuche. Bitte warten Sie 5 Minuten.", "RATE_LIMITED", "-wait",
           retry_after_ms=300000),
        _l("ja", "リクエストが多すぎます。60秒後に再試行してください。", "RATE_LIMITED", "-wait", retry_after_ms=60000),
        _l("vi", "Số dư tài khoản không đủ.", "CONFLICT", "-balance"),
        _l("ko", "이미 등록된 이메일입니다.", "CONFLICT", "-dup"),
    ]


def _envelopes_in_languages() -> list[Case]:
    return [
        err("unseen7-json-vi", {"success": False, "message": "Không tìm thấy sản phẩm"}, "NOT_FOUND",
            style="success:false", lang="vi", unseen7=half("unseen7-json-vi")),
        err("unseen7-json-id", {"status": False, "pesan": "Token tidak valid"}, "AUTH_FAILED",
            style="indonesian keys", lang="id", unseen7=half("unseen7-json-id")),
        err("unseen7-json-it", {"esito": "KO", "codice": "E042", "descrizione": "Utente non trovato"}, "NOT_FOUND",
            "E042", style="italian keys", lang="it", unseen7=half("unseen7-json-it")),
        err("unseen7-json-pl", {"blad": {"kod": 403, "opis": "Brak uprawnień do zasobu"}}, "PERMISSION_DENIED",
            "403", style="polish keys", lang="pl", unseen7=half("unseen7-json-pl")),
        err("unseen7-json-tr", {"basarili": False, "hata_kodu": "1002", "mesaj": "Geçersiz parametre"},
            "INVALID_ARGUMENT", "1002", style="turkish keys", lang="tr", unseen7=half("unseen7-json-tr")),
        err("unseen7-json-ja-keys", {"結果": "エラー", "エラーコード": "E404", "メッセージ": "該当するデータがありません"},
            "NOT_FOUND", "E404", style="japanese keys", lang="ja", unseen7=half("unseen7-json-ja-keys")),
        err("unseen7-json-ko-keys", {"결과코드": "99", "결과메시지": "인증키가 유효하지 않습니다"}, "AUTH_FAILED", "99",
            style="korean keys", lang="ko", unseen7=half("unseen7-json-ko-keys")),
        err("unseen7-json-nl", {"fout": {"code": "NIET_GEVONDEN", "bericht": "Klant niet gevonden"}}, "NOT_FOUND",
            "NIET_GEVONDEN", style="dutch keys", lang="nl", unseen7=half("unseen7-json-nl")),
    ]


def _cli() -> list[Case]:
    return [
        _t("duckdb", "Catalog Error: Table with name events does not exist!\nDid you mean \"event\"?\nLINE 1: "
                     "select * from events;", "NOT_FOUND"),
        _t("hana", "SAP DBTech JDBC: [259]: invalid table name:  Could not find table/view ORDERS in schema APP",
           "NOT_FOUND", "259"),
        _t("presto", "Query 20240501_100000_00001_abcde failed: line 1:15: Table 'hive.default.nope' does not exist",
           "NOT_FOUND"),
        _t("vertica", "ERROR 4566:  Relation \"nope\" does not exist", "NOT_FOUND", "4566"),
        _t("teradata", "*** Failure 3807 Object 'nope' does not exist.\n                Statement# 1, Info =0",
           "NOT_FOUND", "3807"),
        _t("memcached", "SERVER_ERROR out of memory storing object", "UPSTREAM_FAILURE"),
        _t("pg-dump", "pg_dump: error: connection to server at \"db\" (10.0.0.2), port 5432 failed: FATAL:  password "
                      "authentication failed for user \"app\"", "AUTH_FAILED"),
        _t("mysqldump", "mysqldump: Got error: 1045: Access denied for user 'app'@'10.0.0.3' (using password: YES) "
                        "when trying to connect", "AUTH_FAILED", "1045"),
        _t("restic", "Fatal: wrong password or no key found", "AUTH_FAILED"),
        _t("borg", "Repository /backup/repo does not exist.", "NOT_FOUND"),
        _t("rclone", "2024/05/01 10:00:00 ERROR : report.csv: Failed to copy: googleapi: Error 403: The user does not "
                     "have sufficient permissions for this file., insufficientFilePermissions", "PERMISSION_DENIED"),
        _t("aria2c", "05/01 10:00:00 [ERROR] CUID#7 - Download aborted. URI=https://x.example/y.iso\nException: "
                     "[AbstractCommand.cc:351] errorCode=3 URI=https://x.example/y.iso\n  -> "
                     "[HttpSkipResponseCommand.cc:218] errorCode=3 Resource not found", "NOT_FOUND"),
        _t("nginx-t", "nginx: [emerg] unknown directive \"serv\" in /etc/nginx/conf.d/app.conf:3\nnginx: "
                      "configuration file /etc/nginx/nginx.conf test failed", "INVALID_ARGUMENT"),
        _t("iptables", "iptables: No chain/target/match by that name.", "NOT_FOUND"),
        _t("mount", "mount: /mnt/data: special device /dev/sdb1 does not exist.", "NOT_FOUND"),
        _t("dig", ";; connection timed out; no servers could be reached", "TIMEOUT"),
        _t("nslookup", "Server:\t\t10.0.0.2\nAddress:\t10.0.0.2#53\n\n** server can't find nope.example.com: NXDOMAIN",
           "NOT_FOUND"),
        _t("apk", "ERROR: unable to select packages:\n  libfoo (no such package):\n    required by: world[libfoo]",
           "NOT_FOUND"),
        _t("snap", "error: snap \"nope\" not found", "NOT_FOUND"),
        _t("nix", "error: attribute 'nope' missing\n\n       at «string»:1:1:\n\n            1| with import "
                  "<nixpkgs> {}; nope", "NOT_FOUND"),
        _t("eksctl", "Error: cannot find cluster: ResourceNotFoundException: No cluster found for name: prod.",
           "NOT_FOUND"),
        _t("oc", "Error from server (Forbidden): projects.project.openshift.io \"prod\" is forbidden: User \"dev\" "
                 "cannot get resource \"projects\" in API group \"project.openshift.io\" in the namespace \"prod\"",
           "PERMISSION_DENIED"),
        _t("aws-s3-cp", "upload failed: ./report.csv to s3://bkt/report.csv An error occurred (AccessDenied) when "
                        "calling the PutObject operation: Access Denied", "PERMISSION_DENIED", "AccessDenied"),
        _t("docker-pull", "Error response from daemon: manifest for nginx:9.9 not found: manifest unknown: manifest "
                          "unknown", "NOT_FOUND"),
        _t("kubectl-wait", "error: timed out waiting for the condition on pods/web-0", "TIMEOUT"),
        _t("terraform-ec2", "╷\n│ Error: creating EC2 Instance: UnauthorizedOperation: You are not authorized to "
                            "perform this operation.\n│ \tstatus code: 403, request id: 5c1e\n│ \n│   with "
                            "aws_instance.web,\n│   on main.tf line 12\n╵", "PERMISSION_DENIED",
           "UnauthorizedOperation"),
        _t("etcdctl", "{\"level\":\"warn\",\"ts\":\"2024-05-01T10:00:05.000Z\",\"msg\":\"retrying of unary invoker "
                      "failed\"}\nError: context deadline exceeded", "TIMEOUT"),
        _t("ufw", "ERROR: Could not find a profile matching 'Nginx Ful'", "NOT_FOUND"),
        _t("scoop", "Couldn't find manifest for 'nope'.", "NOT_FOUND"),
        _t("admission", "Error from server (Forbidden): error when creating \"pod.yaml\": admission webhook "
                        "\"validation.gatekeeper.sh\" denied the request: [no-privileged] Privileged container is not "
                        "allowed: web", "PERMISSION_DENIED"),
        _t("go-panic", "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: "
                       "segmentation violation code=0x1 addr=0x0 pc=0x4a2b]\n\ngoroutine 1 [running]:\nmain.main()\n"
                       "\t/app/main.go:12 +0x1d\nexit status 2", "UNKNOWN"),
        _t("gsutil", "AccessDeniedException: 403 dev@x.com does not have storage.objects.list access to the Google "
                     "Cloud Storage bucket.", "PERMISSION_DENIED"),
        _t("wait-minutes", "You have reached the limit of 5 exports per hour. Try again in 45 minutes.",
           "RATE_LIMITED"),
    ]


def _jobs() -> list[Case]:
    fal_status = "https://queue.fal.run/fal-ai/flux/requests/764cabcf-b745-4b3e-ae38-1200304cf45b/status"
    speech = "https://westus.api.cognitive.microsoft.com/speechtotext/v3.1/transcriptions/9c142230"
    return [
        _c("fal-queue", {"status": "IN_QUEUE", "queue_position": 3, "request_id":
                         "764cabcf-b745-4b3e-ae38-1200304cf45b", "response_url":
                         "https://queue.fal.run/fal-ai/flux/requests/764cabcf-b745-4b3e-ae38-1200304cf45b",
                         "status_url": fal_status}, "pending", handle="764cabcf-b745-4b3e-ae38-1200304cf45b",
           poll_url=fal_status),
        _c("bq-incomplete", {"kind": "bigquery#getQueryResultsResponse", "jobReference": {
            "projectId": "p", "jobId": "job_Xy12", "location": "US"}, "jobComplete": False}, "pending",
           handle="job_Xy12"),
        _c("sumo-search", {"state": "GATHERING RESULTS", "messageCount": 90, "histogramBuckets": [], "pendingWarnings":
                           [], "pendingErrors": [], "recordCount": 0}, "pending"),
        _c("form-recognizer", {"status": "running", "createdDateTime": "2024-05-01T10:00:00Z", "lastUpdatedDateTime":
                               "2024-05-01T10:00:02Z"}, "pending"),
        _c("azure-speech", {"self": speech, "displayName": "calls-0501", "locale": "en-US", "createdDateTime":
                            "2024-05-01T10:00:00Z", "lastActionDateTime": "2024-05-01T10:00:01Z", "status":
                            "Running"}, "pending", poll_url=speech),
        _c("vertex-batch", {"name": "projects/p/locations/us-central1/batchPredictionJobs/4521", "displayName":
                            "nightly", "model": "projects/p/locations/us-central1/models/7", "state":
                            "JOB_STATE_RUNNING", "createTime": "2024-05-01T10:00:00Z"}, "pending",
           handle="projects/p/locations/us-central1/batchPredictionJobs/4521"),
        _c("dataproc", {"reference": {"projectId": "p", "jobId": "job-6f1a"}, "placement": {"clusterName": "c1"},
                        "status": {"state": "RUNNING", "stateStartTime": "2024-05-01T10:00:00Z"}}, "pending",
           handle="job-6f1a"),
        _c("polly", {"SynthesisTask": {"TaskId": "57548c6b-d21a", "TaskStatus": "scheduled", "OutputUri":
                                       "https://s3.us-east-1.amazonaws.com/b/57548c6b-d21a.mp3", "CreationTime":
                                       1700000000.0}}, "pending", handle="57548c6b-d21a"),
        _c("codedeploy", {"deploymentInfo": {"applicationName": "web", "deploymentId": "d-A1B2C3D4E",
                                             "status": "InProgress", "createTime": 1700000000.0}}, "pending",
           handle="d-A1B2C3D4E"),
        _c("datasync", {"TaskExecutionArn": "arn:aws:datasync:us-east-1:123:task/task-0a/execution/exec-0b",
                        "Status": "LAUNCHING", "StartTime": 1700000000.0}, "pending",
           handle="arn:aws:datasync:us-east-1:123:task/task-0a/execution/exec-0b"),
        _c("redshift-submitted", {"Id": "d9b6c0c7-2c3d", "Status": "SUBMITTED", "CreatedAt": 1700000000.0,
                                  "Database": "dev"}, "pending", handle="d9b6c0c7-2c3d"),
        _c("mistral-batch", {"id": "b_6f3c", "object": "batch", "status": "QUEUED", "total_requests": 100,
                             "completed_requests": 0, "succeeded_requests": 0, "failed_requests": 0, "created_at":
                             1714500000}, "pending", handle="b_6f3c"),
        _c("cohere-embed-job", {"job_id": "ej-71a2", "status": "processing", "created_at": "2024-05-01T10:00:00Z",
                                "input_dataset_id": "ds-1", "model": "embed-english-v3.0"}, "pending",
           handle="ej-71a2"),
        _c("heygen", {"error": None, "data": {"video_id": "v-5c21", "status": "processing"}}, "pending",
           handle="v-5c21"),
        _c("d-id", {"id": "tlk_AbC12", "object": "talk", "created_at": "2024-05-01T10:00:00.000Z", "status":
                    "created"}, "pending", handle="tlk_AbC12"),
        _c("cloudconvert", {"data": {"id": "6a1f-job", "status": "waiting", "tasks": [
            {"id": "t1", "name": "import-1", "operation": "import/url", "status": "finished"},
            {"id": "t2", "name": "convert-1", "operation": "convert", "status": "waiting"}]}}, "pending",
           handle="6a1f-job"),
        _c("docraptor", {"status_id": "d-77e1"}, "pending", handle="d-77e1", http_status=200),
        _c("pdfmonkey", {"document": {"id": "doc-91", "status": "pending", "download_url": None}}, "pending",
           handle="doc-91"),
        _c("marketo-export", {"requestId": "e42b#14272d07d78", "result": [{"exportId": "ce45a7a1",
                                                                         "format": "CSV", "status": "Queued",
                                                                         "createdAt": "2024-05-01T10:00:00Z"}],
                              "success": True}, "pending", handle="ce45a7a1"),
        _c("magento-bulk", {"bulk_uuid": "799a59c0-09ca-4d60-b432-2953986c1c38", "request_items": [
            {"id": 0, "data_hash": "1a2b", "status": "accepted"}], "errors": False}, "pending",
           handle="799a59c0-09ca-4d60-b432-2953986c1c38"),
        _c("zamzar", {"id": 15, "key": "k", "status": "initialising", "sandbox": True, "created_at":
                      "2024-05-01T10:00:00Z", "target_format": "pdf"}, "pending", handle="15"),
        _c("algolia-task", {"status": "notPublished", "pendingTask": True}, "pending"),
        _c("http-202-location", "HTTP/1.1 202 Accepted\r\nLocation: https://api.example.com/v2/jobs/j-41\r\n"
                                "Retry-After: 15\r\nContent-Length: 0\r\n\r\n", "pending",
           poll_url="https://api.example.com/v2/jobs/j-41", retry_after_ms=15000),
        _c("text-en-email", "Your export is being prepared. We'll email you when it's ready (request id req_88f1).",
           "pending", handle="req_88f1"),
        _c("text-en-status-url", "Deployment queued. Follow its status at "
                                 "https://api.example.com/deployments/dep-7/status", "pending",
           poll_url="https://api.example.com/deployments/dep-7/status"),
        _c("text-it", "L'operazione 991 è in corso.", "pending", handle="991"),
        _c("text-pt", "A exportação 332 está sendo processada.", "pending", handle="332"),
        _c("text-ja", "ジョブ 4471 を実行中です。しばらくお待ちください。", "pending", handle="4471"),
        _c("text-ko", "작업 2201이 대기열에 있습니다.", "pending", handle="2201"),
        _c("text-pl", "Zadanie 118 jest w trakcie realizacji.", "pending", handle="118"),
        _c("text-tr", "9090 numaralı iş kuyrukta bekliyor.", "pending", handle="9090"),
        _c("text-vi", "Tác vụ 3030 đang được xử lý.", "pending", handle="3030"),
        _c("text-sv", "Jobb 55 pågår.", "pending", handle="55"),
        _c("text-zh-wait", "报表 6120 正在生成，预计 2 分钟后完成。", "pending", handle="6120", retry_after_ms=120000),
    ]


def _cancelled() -> list[Case]:
    return [
        _c("redshift-aborted", {"Id": "d9b6c0c7-3e4f", "Status": "ABORTED", "QueryString": "select 1"}, "cancelled",
           handle="d9b6c0c7-3e4f"),
        _c("dataproc-cancelled", {"reference": {"projectId": "p", "jobId": "job-7a2b"}, "status": {
            "state": "CANCELLED", "stateStartTime": "2024-05-01T10:05:00Z"}}, "cancelled", handle="job-7a2b"),
        _c("vertex-cancelled", {"name": "projects/p/locations/us-central1/batchPredictionJobs/4522", "state":
                                "JOB_STATE_CANCELLED", "updateTime": "2024-05-01T10:05:00Z"}, "cancelled",
           handle="projects/p/locations/us-central1/batchPredictionJobs/4522"),
        _c("mistral-cancelled", {"id": "b_7a4d", "object": "batch", "status": "CANCELLED", "total_requests": 100,
                                 "completed_requests": 40}, "cancelled", handle="b_7a4d"),
        _c("sumo-cancelled", {"state": "CANCELLED", "messageCount": 0, "recordCount": 0, "pendingErrors": []},
           "cancelled"),
        _c("text-fr-cancelled", "L'import 5521 a été annulé.", "cancelled", handle="5521"),
        _c("text-es-cancelled", "La operación fue cancelada por el usuario.", "cancelled"),
        _c("text-zh-cancelled", "任务 771 已取消", "cancelled", handle="771"),
        _c("text-ko-cancelled", "작업이 취소되었습니다.", "cancelled"),
        _c("text-ru-cancelled", "Операция отменена пользователем.", "cancelled"),
        _c("text-pt-cancelled", "A tarefa 881 foi cancelada.", "cancelled", handle="881"),
        _c("text-ctrl-c", "^C\nOperation cancelled by user.", "cancelled"),
        _c("text-run-cancelled", "Workflow run 12345 was cancelled.", "cancelled", handle="12345"),
        _c("terraform-no", "Do you want to perform these actions?\n  Terraform will perform the actions described "
                           "above.\n  Only 'yes' will be accepted to approve.\n\n  Enter a value: no\n\nApply "
                           "cancelled.", "cancelled"),
    ]


def _partial() -> list[Case]:
    return [
        _c("iterable", {"successCount": 98, "failCount": 2, "invalidEmails": ["bad@", "x@y"], "invalidUserIds": [],
                        "filteredOutFields": []}, "partial"),
        _c("accepted-rejected", {"accepted": 8, "rejected": 2, "rejections": [{"id": "m9", "reason": "blocked"},
                                                                             {"id": "m10", "reason": "bounced"}]},
           "partial"),
        _c("ok-error-counts", {"ok_count": 5, "error_count": 1, "errors": [{"row": 6, "msg": "bad date"}]},
           "partial"),
        _c("firestore-batchwrite", {"writeResults": [{"updateTime": "2024-05-01T10:00:00Z"}, {}], "status": [
            {}, {"code": 5, "message": "No document to update: projects/p/databases/(default)/documents/u/9"}]},
           "partial"),
        _c("bq-insertall", {"kind": "bigquery#tableDataInsertAllResponse", "insertErrors": [
            {"index": 1, "errors": [{"reason": "invalid", "location": "age", "message": "no such field: age."}]}]},
           "partial"),
        _c("typesense-import", "{\"success\": true}\n{\"success\": false, \"error\": \"Bad JSON.\", \"document\": "
                               "\"{\\\"id\\\": 2,\"}\n{\"success\": true}", "partial", visible=("Bad JSON.",)),
        _c("akeneo-patch", "{\"line\":1,\"identifier\":\"sku-1\",\"status_code\":204}\n{\"line\":2,\"identifier\":"
                           "\"sku-2\",\"status_code\":422,\"message\":\"Validation failed.\"}", "partial",
           visible=("sku-2", "Validation failed.")),
        _c("quickbooks-batch", {"BatchItemResponse": [{"Customer": {"Id": "58", "DisplayName": "Ann"}, "bId": "b1"},
                                                      {"Fault": {"Error": [{"Message": "Duplicate Name Exists Error",
                                                                            "code": "6240"}], "type":
                                                                 "ValidationFault"}, "bId": "b2"}],
                                "time": "2024-05-01T10:00:00.000-07:00"}, "partial"),
        _c("facebook-batch", [{"code": 200, "headers": [], "body": "{\"id\":\"1\"}"},
                              {"code": 400, "headers": [], "body": "{\"error\":{\"message\":\"Unsupported get request."
                                                                   "\",\"type\":\"GraphMethodException\",\"code\":100}}"}],
           "partial"),
        _c("africastalking-sms", {"SMSMessageData": {"Message": "Sent to 1/2 Total Cost: KES 0.8000", "Recipients": [
            {"statusCode": 101, "number": "+254711000001", "status": "Success", "cost": "KES 0.8000", "messageId":
             "ATPid_1"}, {"statusCode": 403, "number": "+254711000002", "status": "InvalidPhoneNumber", "cost": "0",
                          "messageId": "None"}]}}, "partial"),
        _c("es-delete-by-query", {"took": 147, "timed_out": False, "total": 100, "deleted": 90, "batches": 1,
                                  "version_conflicts": 10, "noops": 0, "failures": []}, "partial"),
        _c("kafka-rest", {"key_schema_id": None, "value_schema_id": None, "offsets": [
            {"partition": 0, "offset": 101, "error_code": None, "error": None},
            {"partition": None, "offset": None, "error_code": 40403, "error": "Schema not found"}]}, "partial"),
        _c("salesforce-collections", [{"id": "001a", "success": True, "errors": []},
                                      {"success": False, "errors": [{"statusCode": "REQUIRED_FIELD_MISSING",
                                                                     "message": "Required fields are missing: [Name]",
                                                                     "fields": ["Name"]}]}], "partial"),
        _c("ses-bulk", {"BulkEmailEntryResults": [{"Status": "SUCCESS", "MessageId": "0100018f"},
                                                  {"Status": "ACCOUNT_SUSPENDED", "Error": "Account is suspended"}]},
           "partial"),
        _c("postmark-batch", [{"ErrorCode": 0, "Message": "OK", "MessageID": "b7bc2f4a", "To": "a@x.com"},
                              {"ErrorCode": 406, "Message": "You tried to send to a recipient that has been marked as "
                               "inactive.", "To": "b@x.com"}], "partial"),
        _c("text-en-hosts", "3 of 5 hosts updated; web-4, web-5 unreachable.", "partial",
           visible=("web-4", "web-5")),
        _c("text-en-rows", "Imported 120 rows, 4 rows skipped due to errors (see lines 12, 48, 77, 90).", "partial"),
        _c("text-ja-partial", "10件中8件を登録しました。2件は失敗しました。", "partial"),
        _c("text-zh", "共 20 条，成功 18 条，失败 2 条", "partial"),
        _c("text-de", "12 von 15 E-Mails wurden versendet, 3 sind fehlgeschlagen.", "partial"),
        _c("text-fr", "8 fichiers sur 10 ont été copiés ; 2 ont échoué.", "partial"),
        _c("text-es", "Se procesaron 9 de 10 pagos; 1 fue rechazado.", "partial"),
        _c("text-ru", "Загружено 14 из 16 файлов, 2 с ошибками.", "partial"),
        _c("text-it-partial", "Sincronizzati 30 contatti su 32; 2 non riusciti.", "partial"),
        _c("ansible-recap", "PLAY RECAP *********************************************************************\n"
                            "web-1                      : ok=5    changed=2    unreachable=0    failed=0    skipped=0\n"
                            "web-2                      : ok=3    changed=0    unreachable=1    failed=0    skipped=0",
           "partial", visible=("web-2",)),
    ]


def _uncertain() -> list[Case]:
    return [
        _c("splunk-preview", {"preview": True, "init_offset": 0, "messages": [], "results": [
            {"host": "web-1", "count": "12"}], "fields": [{"name": "host"}, {"name": "count"}]}, "uncertain"),
        _c("log-analytics-partial", {"tables": [{"name": "PrimaryResult", "columns": [{"name": "Count", "type":
                                                                                    "long"}], "rows": [[42]]}],
                                     "error": {"code": "PartialError", "message": "There were some errors when "
                                               "processing your query.", "details": [{"code": "EngineError",
                                                                                     "message": "Query exceeded the "
                                                                                     "memory limit"}]}},
           "uncertain"),
        _c("datadog-logs-timeout", {"data": [{"id": "AQAAAY", "type": "log", "attributes": {"message": "GET /"}}],
                                    "meta": {"status": "timeout", "elapsed": 10000, "request_id": "r1", "warnings": [
                                        {"code": "unknown_index", "title": "Unknown index"}]}}, "uncertain"),
        _c("vespa-degraded", {"root": {"id": "toplevel", "relevance": 1.0, "coverage": {
            "coverage": 50, "documents": 500, "full": False, "nodes": 1, "results": 1, "resultsFull": 0, "degraded": {
                "match-phase": False, "timeout": True, "adaptive-timeout": False, "non-ideal-state": False}},
            "children": [{"id": "d1", "relevance": 0.9}]}}, "uncertain"),
        _c("gemini-max-tokens", {"candidates": [{"content": {"parts": [{"text": "The three laws are: first,"}],
                                                             "role": "model"}, "finishReason": "MAX_TOKENS",
                                                 "index": 0}], "usageMetadata": {"promptTokenCount": 8,
                                                                                  "candidatesTokenCount": 8}},
           "uncertain"),
        _c("llamacpp-limit", {"content": "Once upon a time there", "stop": True, "stopped_eos": False,
                              "stopped_limit": True, "stopped_word": False, "tokens_predicted": 6}, "uncertain"),
        _c("jsonl-cut", "{\"id\": 1, \"name\": \"Ann\"}\n{\"id\": 2, \"name\": \"Bo\"}\n{\"id\": 3, \"na",
           "uncertain"),
        _c("json-cut-array", "[{\"id\": 1, \"total\": 9.99}, {\"id\": 2, \"total\": 19.5}, ", "uncertain"),
        _c("json-cut-literal", "{\"user\": {\"id\": 7, \"active\": tru", "uncertain"),
        _c("xml-cut-response", "<response><status>ok</status><items><item id=\"1\">A</item><item id=\"2\">B",
           "uncertain"),
        _c("truncated-marker", "line 1: started\nline 2: loaded 40 modules\n[... truncated 4096 bytes ...]",
           "uncertain"),
        _c("text-output-limit", "Output limit exceeded; showing the first 200 of 4,812 lines.", "uncertain"),
        _c("text-de-cut", "Ausgabe gekürzt (nur die ersten 100 Zeilen).", "uncertain"),
        _c("text-zh-cut", "输出已截断，仅显示前 50 行", "uncertain"),
        _c("text-ja-cut", "出力が長すぎるため、途中で省略されました。", "uncertain"),
    ]


def _successes() -> list[Case]:
    return [
        _c("redshift-finished", {"Id": "d9b6c0c7-5a6b", "Status": "FINISHED", "HasResultSet": True, "ResultRows": 3,
                                 "Duration": 812000000}, "success"),
        _c("bq-complete", {"kind": "bigquery#getQueryResultsResponse", "jobReference": {"projectId": "p", "jobId":
                                                                                        "job_Zz9"},
                           "jobComplete": True, "totalRows": "1", "rows": [{"f": [{"v": "42"}]}]}, "success"),
        _c("dataproc-done", {"reference": {"projectId": "p", "jobId": "job-8c3d"}, "status": {"state": "DONE"}},
           "success"),
        _c("vertex-succeeded", {"name": "projects/p/locations/us-central1/batchPredictionJobs/4523", "state":
                                "JOB_STATE_SUCCEEDED", "outputInfo": {"gcsOutputDirectory": "gs://b/out"}}, "success"),
        _c("fal-completed", {"status": "COMPLETED", "request_id": "a1b2", "response_url":
                             "https://queue.fal.run/fal-ai/flux/requests/a1b2"}, "success"),
        _c("firestore-batchwrite-ok", {"writeResults": [{"updateTime": "2024-05-01T10:00:00Z"}, {"updateTime":
                                                                                               "2024-05-01T10:00:00Z"}],
                                       "status": [{}, {}]}, "success"),
        _c("bq-insertall-ok", {"kind": "bigquery#tableDataInsertAllResponse"}, "success"),
        _c("es-dbq-ok", {"took": 12, "timed_out": False, "total": 5, "deleted": 5, "batches": 1,
                         "version_conflicts": 0, "noops": 0, "failures": []}, "success"),
        _c("counts-all-ok", {"succeeded": 12, "failed": 0, "skipped": 0}, "success"),
        _c("subscription-canceled", {"subscription": {"id": "sub_1", "status": "canceled", "canceled_at": 1714500000,
                                                      "plan": "pro"}}, "success"),
        _c("shipment-exception", {"shipment": {"tracking": "1Z999", "status": "exception", "detail": "Address "
                                                                                                   "unknown"}},
           "success"),
        _c("invoice-void", {"invoice": {"number": "INV-7", "status": "void", "amount_due": 0}}, "success"),
        _c("ticket-error-field", {"ticket": {"id": 88, "subject": "Login error 500 on checkout", "status": "open",
                                             "tags": ["error", "timeout"]}}, "success"),
        _c("errors-zero", {"items": [{"id": 1}], "errors": 0, "warnings": 3}, "success"),
        _c("errno-0", {"errno": 0, "errmsg": "success", "data": {"id": 9}}, "success"),
        _c("cli-tagged", "Successfully built 3f2a1b\nSuccessfully tagged app:1.2", "success"),
        _c("cli-configured", "deployment.apps/web configured\nservice/web unchanged", "success"),
        _c("cli-migrations", "Applying auth.0012_alter_user... OK\nApplying shop.0003_order... OK", "success"),
        _c("ja-done", "正常に完了しました。", "success"),
        _c("ko-done", "처리되었습니다.", "success"),
        _c("fr-done", "Enregistrement réussi.", "success"),
        _c("es-done", "Guardado correctamente.", "success"),
        _c("doc-about-errors", "HTTP 404 means the server could not find the requested resource; 429 means the "
                               "client sent too many requests and should retry later.", "success"),
        _c("log-with-errors", "2024-05-01T10:00:00Z WARN cache miss\n2024-05-01T10:00:01Z ERROR upstream timeout "
                              "(retrying)\n2024-05-01T10:00:02Z INFO request ok", "success"),
        _c("search-hits-on-error", {"results": [{"title": "Fixing 'Permission denied (publickey)'", "url":
                                                 "https://docs.example.com/ssh"}], "total": 1}, "success"),
    ]


def unseen7_shape_cases() -> list[Case]:
    return (_languages() + _envelopes_in_languages() + _cli() + _jobs() + _cancelled() + _partial() + _uncertain()
            + _successes())
