"""The fifth unseen part's error texts in other languages, command-line tools, jobs,
cancellations, partial and uncertain results and the successes that must stay successes (see
``unseen5``: written after session 22's rules, before any run; run once, never tuned on)."""

from __future__ import annotations

from obsline.protocol_corpus.case import Case, err

# Languages no earlier part used: some of Google Translate's list given words in session 22 by the
# author of this part (an upper bound: yi, hmn, ilo, ckb, mai, bho, sa, gn, qu, ln, lg, om, ak, ee,
# ts, nso, lus, ay), and languages outside that list (fj, to, wo, ff, bo, cv, se, rm, sc, fur, ast,
# gv, kw, ty, pap, yue).
IN_LIST = ("yi", "hmn", "ilo", "ckb", "mai", "bho", "sa", "gn", "qu", "ln", "lg", "om", "ak", "ee", "ts", "nso", "lus",
           "ay")
OUTSIDE = ("fj", "to", "wo", "ff", "bo", "cv", "se", "rm", "sc", "fur", "ast", "gv", "kw", "ty", "pap", "yue")


def _c(id: str, raw: object, status: str, **kw: object) -> Case:
    return Case(f"unseen5-{id}", raw, status, unseen5=True, **kw)  # type: ignore[arg-type]


def _l(lang: str, text: str, code: str, suffix: str = "") -> Case:
    return err(f"unseen5-{lang}{suffix}", text, code, style="text", lang=lang, unseen5=True)


def _t(id: str, text: str, code: str, tool: str | None = None) -> Case:
    return err(f"unseen5-{id}", text, code, tool, style="cli", unseen5=True)


def _languages() -> list[Case]:
    return [
        _l("yi", "טעות: דער טעקע איז נישט געפונען", "NOT_FOUND"),
        _l("hmn", "Yuam kev: tsis pom cov ntaub ntawv", "NOT_FOUND"),
        _l("ilo", "Biddut: saan a nasarakan ti file", "NOT_FOUND"),
        _l("ckb", "هەڵە: فایلەکە نەدۆزرایەوە", "NOT_FOUND"),
        _l("mai", "त्रुटि: फाइल नहि भेटल", "NOT_FOUND"),
        _l("bho", "गलती: फाइल ना मिलल", "NOT_FOUND"),
        _l("sa", "दोषः: सञ्चिका न लब्धा", "NOT_FOUND"),
        _l("gn", "Jejavy: marandurenda ndojejuhúi", "NOT_FOUND"),
        _l("qu", "Pantay: willañiqiqa mana tarisqachu", "NOT_FOUND"),
        _l("ln", "Libunga: fisyé ezwami te", "NOT_FOUND"),
        _l("lg", "Ensobi: fayiro teyazuuliddwa", "NOT_FOUND"),
        _l("om", "Dogoggora: faayiliin hin argamne", "NOT_FOUND"),
        _l("ak", "Mfomsoɔ: wɔanhu fael no", "NOT_FOUND"),
        _l("ee", "Vodada: womekpɔ faɛl la o", "NOT_FOUND"),
        _l("ts", "Xihoxo: fayili a yi kumekanga", "NOT_FOUND"),
        _l("nso", "Phošo: faele ga e a hwetšwa", "NOT_FOUND"),
        _l("lus", "Dik lo: file hmuh a ni lo", "NOT_FOUND"),
        _l("ay", "Pantja: janiw archivox jikxatatäkiti", "NOT_FOUND"),
        _l("fj", "Cala: sega ni kune na faili", "NOT_FOUND"),
        _l("to", "Fehalaaki: ʻoku ʻikai ke maʻu ʻa e faile", "NOT_FOUND"),
        _l("wo", "Njuumte: gisuñu fichier bi", "NOT_FOUND"),
        _l("ff", "Juumre: fiilde nde yiytaaka", "NOT_FOUND"),
        _l("bo", "ནོར་འཁྲུལ། ཡིག་ཆ་རྙེད་མ་སོང་།", "NOT_FOUND"),
        _l("cv", "Йăнăш: файл тупăнмарĕ", "NOT_FOUND"),
        _l("se", "Meattáhus: fiila ii gávdnon", "NOT_FOUND"),
        _l("rm", "Errur: la datoteca n'è betg vegnida chattada", "NOT_FOUND"),
        _l("sc", "Faddina: s'archìviu no est istadu agatadu", "NOT_FOUND"),
        _l("fur", "Erôr: il file nol è stât cjatât", "NOT_FOUND"),
        _l("ast", "Error: nun s'atopó'l ficheru", "NOT_FOUND"),
        _l("gv", "Marranys: cha row yn coadan feddynit", "NOT_FOUND"),
        _l("kw", "Kamgemmeryans: ny veu kevys an restren", "NOT_FOUND"),
        _l("ty", "Hape: ʻaita te fāʻira i ʻitehia", "NOT_FOUND"),
        _l("pap", "Eror: no a haña e archivo", "NOT_FOUND"),
        _l("yue", "錯誤：搵唔到檔案", "NOT_FOUND"),
        _l("rm", "Errur: access refusà", "PERMISSION_DENIED", "-denied"),
        _l("ast", "Error: escosó'l tiempu d'espera", "TIMEOUT", "-timeout"),
        _l("yue", "錯誤：連線逾時，請稍後再試", "TIMEOUT", "-timeout"),
    ]


def _cli() -> list[Case]:
    return [
        _t("minikube", "🤷  Profile \"dev\" not found. Run \"minikube profile list\" to view all profiles.",
           "NOT_FOUND"),
        _t("eksctl", "Error: unable to describe cluster control plane: operation error EKS: DescribeCluster, https "
                     "response error StatusCode: 404, RequestID: r-1, ResourceNotFoundException: No cluster found "
                     "for name: dev.", "NOT_FOUND"),
        _t("terragrunt", "ERRO[0000] Error reading file at path /x/terragrunt.hcl: open /x/terragrunt.hcl: no such "
                         "file or directory", "NOT_FOUND"),
        _t("tflint", "Failed to load configurations; main.tf:3,1-7: Unsupported block type; Blocks of type "
                     "\"resorce\" are not expected here. Did you mean \"resource\"?", "INVALID_ARGUMENT"),
        _t("trivy", "2024-05-01T10:00:00Z\tFATAL\timage scan error: scan error: unable to initialize a scanner: "
                    "unable to find the specified image \"nginx:lates\" in [\"docker\" \"containerd\" \"remote\"]",
           "NOT_FOUND"),
        _t("grype", "1 error occurred:\n\t* failed to catalog: unable to load image: GET "
                    "https://index.docker.io/v2/library/nginx/manifests/lates: MANIFEST_UNKNOWN: manifest unknown",
           "NOT_FOUND"),
        _t("poetry", "Could not find a matching version of package requestz", "NOT_FOUND"),
        _t("pdm", "[PackageNotFound]: No candidates are found for requestz", "NOT_FOUND"),
        _t("tox", "ERROR: unknown environment 'py313'", "NOT_FOUND"),
        _t("vitest", "No test files found, exiting with code 1", "NOT_FOUND"),
        _t("lein", "'foo' is not a task. See 'lein help'.", "INVALID_ARGUMENT"),
        _t("bundle", "Could not find gem 'railz' in locally installed gems.", "NOT_FOUND"),
        _t("artisan", "ERROR  Command \"migrat\" is not defined. Did you mean one of these?", "NOT_FOUND"),
        _t("pod", "[!] Unable to find a specification for `AFNetworkingX`", "NOT_FOUND"),
        _t("ninja", "ninja: error: unknown target 'instal'", "NOT_FOUND"),
        _t("meson", "meson.build:5:0: ERROR: Dependency \"glib-3.0\" not found, tried pkgconfig", "NOT_FOUND"),
        _t("rclone", "2024/05/01 10:00:00 Failed to copy: directory not found", "NOT_FOUND"),
        _t("restic", "Fatal: wrong password or no key found", "AUTH_FAILED"),
        _t("borg", "Repository /backup does not exist.", "NOT_FOUND"),
        _t("s3cmd", "ERROR: S3 error: 403 (AccessDenied): Access Denied", "PERMISSION_DENIED", "AccessDenied"),
        _t("gsutil", "AccessDeniedException: 403 dev@x.iam.gserviceaccount.com does not have storage.objects.list "
                     "access to the Google Cloud Storage bucket.", "PERMISSION_DENIED", "AccessDeniedException"),
        _t("azcopy", "failed to perform copy command due to error: cannot list files due to reason -> "
                     "===== RESPONSE ERROR (ServiceCode=AuthenticationFailed) =====", "AUTH_FAILED"),
        _t("pg-dump", "pg_dump: error: connection to server at \"db\" (10.0.0.5), port 5432 failed: FATAL:  "
                      "password authentication failed for user \"app\"", "AUTH_FAILED"),
        _t("mysqldump", "mysqldump: Got error: 1044: Access denied for user 'app'@'%' to database 'prod' when "
                        "selecting the database", "PERMISSION_DENIED", "1044"),
        _t("liquibase", "Unexpected error running Liquibase: ERROR: relation \"users\" already exists [Failed SQL: "
                        "(0) CREATE TABLE public.users (id INT)]", "CONFLICT"),
        _t("alembic", "FAILED: Can't locate revision identified by 'abc123'", "NOT_FOUND"),
        _t("prisma", "Error: P1001: Can't reach database server at `db:5432`\n\nPlease make sure your database "
                     "server is running at `db:5432`.", "UPSTREAM_FAILURE", "P1001"),
        _t("supervisorctl", "web: ERROR (no such process)", "NOT_FOUND"),
        _t("pm2", "[PM2][ERROR] Process or Namespace api not found", "NOT_FOUND"),
        _t("certbot", "Error creating new order :: too many certificates already issued for: example.com: see "
                      "https://letsencrypt.org/docs/rate-limits/", "RATE_LIMITED"),
        _t("ufw", "ERROR: You need to be root to run this script", "PERMISSION_DENIED"),
        _t("nerdctl", "FATA[0000] 1 errors:\nno such container: web", "NOT_FOUND"),
        _t("multipass", "instance \"dev\" does not exist", "NOT_FOUND"),
        _t("virsh", "error: failed to get domain 'vm1'\nerror: Domain not found: no domain with matching name 'vm1'",
           "NOT_FOUND"),
        _t("velero", "An error occurred: backups.velero.io \"nightly\" not found", "NOT_FOUND"),
        _t("kubeseal", "error: cannot fetch certificate: no endpoints available for service "
                       "\"sealed-secrets-controller\"", "UPSTREAM_FAILURE"),
        _t("tesseract", "Error, cannot read input file scan.png: No such file or directory", "NOT_FOUND"),
        _t("yt-dlp", "ERROR: [youtube] abc123: Video unavailable. This video is private", "PERMISSION_DENIED"),
    ]


def _jobs() -> list[Case]:
    return [
        _c("shotstack-queued", {"success": True, "message": "Created", "response": {
            "message": "Render Successfully Queued", "id": "d2b46ed6-998a-4d6b-9d91-b8cf0193a655"}}, "pending",
           handle="d2b46ed6-998a-4d6b-9d91-b8cf0193a655"),
        _c("shotstack-rendering", {"success": True, "message": "OK", "response": {
            "id": "d2b4", "owner": "o1", "status": "rendering", "url": None, "created": "2024-05-01T10:00:00Z",
            "updated": "2024-05-01T10:00:05Z"}}, "pending", handle="d2b4"),
        _c("creatomate", [{"id": "a862", "status": "planned", "url": "https://cdn.creatomate.com/renders/a862.mp4",
                           "template_id": "t1", "output_format": "mp4"}], "pending", handle="a862"),
        _c("bannerbear", {"uid": "jJWBKNELpQPvbX5R93Gk", "status": "pending", "image_url": None, "self":
                          "https://api.bannerbear.com/v2/images/jJWBKNELpQPvbX5R93Gk", "created_at":
                          "2024-05-01T10:00:00Z"}, "pending", handle="jJWBKNELpQPvbX5R93Gk"),
        _c("mindee", {"api_request": {"status": "success", "status_code": 202}, "job": {
            "id": "76c90710", "status": "waiting", "issued_at": "2024-05-01T10:00:00"}}, "pending",
           handle="76c90710"),
        _c("apify", {"data": {"id": "HG7ML7M8z78YcAPEB", "actId": "a1", "status": "RUNNING", "startedAt":
                              "2024-05-01T10:00:00.000Z", "finishedAt": None, "defaultDatasetId": "d1"}}, "pending",
           handle="HG7ML7M8z78YcAPEB"),
        _c("firecrawl-started", {"success": True, "id": "123-456-789", "url":
                                 "https://api.firecrawl.dev/v1/crawl/123-456-789"}, "pending", handle="123-456-789",
           poll_url="https://api.firecrawl.dev/v1/crawl/123-456-789"),
        _c("firecrawl-scraping", {"status": "scraping", "total": 36, "completed": 10, "creditsUsed": 10,
                                  "expiresAt": "2024-05-02T10:00:00Z", "next": None, "data": []}, "pending"),
        _c("llamaparse", {"id": "c0ffee12", "status": "PENDING"}, "pending", handle="c0ffee12"),
        _c("sonix", {"id": "x7Kq", "status": "transcribing", "name": "call.mp3", "language": "en",
                     "created_at": 1700000000}, "pending", handle="x7Kq"),
        _c("azure-speech-batch", {"self": "https://eastus.api.cognitive.microsoft.com/speechtotext/v3.1/"
                                          "transcriptions/8b2c", "status": "Running", "createdDateTime":
                                  "2024-05-01T10:00:00Z", "locale": "en-US", "displayName": "t1"}, "pending",
           poll_url="https://eastus.api.cognitive.microsoft.com/speechtotext/v3.1/transcriptions/8b2c"),
        _c("gcp-speech-lro", {"name": "1234567890", "metadata": {
            "@type": "type.googleapis.com/google.cloud.speech.v1.LongRunningRecognizeMetadata", "progressPercent": 20,
            "startTime": "2024-05-01T10:00:00Z"}}, "pending", handle="1234567890"),
        _c("comprehend", {"EntitiesDetectionJobProperties": {"JobId": "1e9a", "JobName": "ents", "JobStatus":
                                                             "SUBMITTED", "SubmitTime": 1700000000.0}}, "pending",
           handle="1e9a"),
        _c("aws-batch", {"jobs": [{"jobId": "876da822", "jobName": "etl", "status": "RUNNABLE", "createdAt":
                                   1700000000000}]}, "pending", handle="876da822"),
        _c("dataproc", {"reference": {"jobId": "job-4f2", "projectId": "p"}, "placement": {"clusterName": "c1"},
                        "status": {"state": "PENDING", "stateStartTime": "2024-05-01T10:00:00Z"}}, "pending",
           handle="job-4f2"),
        _c("gcp-batch", {"name": "projects/p/locations/us-central1/jobs/j-1", "uid": "j-1-abc", "status":
                         {"state": "QUEUED"}, "createTime": "2024-05-01T10:00:00Z"}, "pending",
           handle="projects/p/locations/us-central1/jobs/j-1"),
        _c("cf-pages", {"success": True, "errors": [], "messages": [], "result": {
            "id": "f64788e9", "short_id": "f64788e9", "project_name": "site", "environment": "production",
            "latest_stage": {"name": "build", "status": "active", "started_on": "2024-05-01T10:00:00Z"}}},
           "pending", handle="f64788e9"),
        _c("eas-build", {"id": "eas-1", "status": "NEW", "platform": "ANDROID", "createdAt":
                         "2024-05-01T10:00:00Z"}, "pending", handle="eas-1"),
        _c("appcenter", {"buildNumber": "12", "queueTime": "2024-05-01T10:00:00Z", "status": "notStarted",
                         "sourceBranch": "main", "id": 12}, "pending", handle="12"),
        _c("text-pl", "Zadanie 4411 jest w kolejce.", "pending", handle="4411"),
        _c("text-it", "L'esportazione 812 è in corso, riprova tra 20 secondi.", "pending", handle="812",
           retry_after_ms=20000),
        _c("text-pt", "A exportação 77 está sendo processada.", "pending", handle="77"),
        _c("text-tr", "Dışa aktarma 55 kuyrukta bekliyor.", "pending", handle="55"),
        _c("text-ja", "エクスポート 9001 を処理中です。30 秒後に再試行してください。", "pending", handle="9001",
           retry_after_ms=30000),
        _c("text-vi", "Tác vụ 314 đang được xử lý.", "pending", handle="314"),
        _c("text-en-poll", "Your report is being generated. Poll /v2/reports/rep_88 in 15 seconds.", "pending",
           retry_after_ms=15000),
    ]


def _cancelled() -> list[Case]:
    return [
        _c("apify-aborted", {"data": {"id": "r9Xk", "status": "ABORTED", "startedAt": "2024-05-01T10:00:00Z",
                                      "finishedAt": "2024-05-01T10:01:00Z"}}, "cancelled", handle="r9Xk"),
        _c("dataproc-cancelled", {"reference": {"jobId": "job-5"}, "status": {"state": "CANCELLED"}},
           "cancelled", handle="job-5"),
        _c("llamaparse-cancelled", {"id": "c0ffee13", "status": "CANCELED"}, "cancelled", handle="c0ffee13"),
        _c("appcenter-cancelling", {"id": 13, "buildNumber": "13", "status": "cancelling", "queueTime":
                                    "2024-05-01T10:00:00Z"}, "cancelled", handle="13"),
        _c("text-pl-cancelled", "Zadanie 4412 zostało anulowane.", "cancelled", handle="4412"),
        _c("text-sv-cancelled", "Jobb 77 avbröts av användaren.", "cancelled", handle="77"),
    ]


def _partial() -> list[Case]:
    return [
        _c("africastalking", {"SMSMessageData": {"Message": "Sent to 2/3 Total Cost: KES 1.60", "Recipients": [
            {"statusCode": 101, "number": "+254711000001", "status": "Success", "cost": "KES 0.80", "messageId": "a"},
            {"statusCode": 101, "number": "+254711000002", "status": "Success", "cost": "KES 0.80", "messageId": "b"},
            {"statusCode": 403, "number": "+25470", "status": "InvalidPhoneNumber", "cost": "0", "messageId":
             "None"}]}}, "partial", visible=("InvalidPhoneNumber",)),
        _c("mandrill-send", [{"email": "a@x.com", "status": "sent", "_id": "1"},
                             {"email": "b@x", "status": "rejected", "reject_reason": "invalid", "_id": "2"}],
           "partial", visible=("rejected",)),
        _c("ses-bulk", {"BulkEmailEntryResults": [{"Status": "SUCCESS", "MessageId": "m1"},
                                                  {"Status": "MESSAGE_REJECTED", "Error":
                                                   "Email address is not verified."}]}, "partial",
           visible=("MESSAGE_REJECTED",)),
        _c("google-ads-partial", {"results": [{"resourceName": "customers/1/campaigns/2"}, {}],
                                  "partialFailureError": {"code": 3, "message": "Multiple errors in 'details'. First "
                                                          "error: Too low., at operations[1].campaign_budget",
                                                          "details": []}}, "partial"),
        _c("text-cs", "Nahráno 18 z 20 souborů.", "partial"),
        _c("text-id", "Berhasil mengirim 45 dari 50 pesan.", "partial"),
        _c("text-ar", "تم إرسال 8 من 10 رسائل", "partial"),
        _c("text-ru", "Отправлено 95 из 100 писем, 5 с ошибками.", "partial"),
        _c("text-hi", "10 में से 7 फ़ाइलें अपलोड हुईं", "partial"),
        _c("text-en-skipped", "Imported 1,204 rows; 3 rows skipped due to errors.", "partial"),
    ]


def _uncertain() -> list[Case]:
    return [
        _c("deepseek-cut", {"id": "c1", "object": "chat.completion", "model": "deepseek-chat", "choices": [
            {"index": 0, "message": {"role": "assistant", "content": "The first"}, "finish_reason": "length"}]},
           "uncertain"),
        _c("dashscope-cut", {"output": {"text": "Once upon", "finish_reason": "length"}, "usage": {
            "output_tokens": 2}, "request_id": "r-7"}, "uncertain"),
        _c("datadog-timeout", {"data": [{"id": "l1", "attributes": {"message": "ok"}}], "meta": {
            "status": "timeout", "elapsed": 30000}}, "uncertain"),
        _c("thanos-partial", {"status": "success", "data": {"resultType": "vector", "result": []}, "warnings": [
            "partial response: store 10.0.0.3:10901 unavailable"]}, "uncertain"),
        _c("text-cut-en", "Showing the first 1000 results; the rest were cut off.", "uncertain"),
        _c("text-cut-de", "Die Ausgabe wurde gekürzt (erste 200 von 9000 Zeilen).", "uncertain"),
        _c("text-more-lines", "line 1\nline 2\n[... 4,218 more lines not shown ...]", "uncertain"),
        _c("cut-json", '[{"id": 1}, {"id": 2}, {"id"', "uncertain"),
    ]


def _successes() -> list[Case]:
    return [
        _c("ticket-in-progress", {"id": "TCK-1", "status": "In Progress", "summary": "Fix login", "assignee": "bob"},
           "success"),
        _c("shipment", {"shipment_id": "s1", "status": "in_transit", "carrier": "DHL", "eta": "2024-05-03"},
           "success"),
        _c("subscription", {"id": "sub_1", "status": "active", "plan": "pro", "current_period_end": 1700000000},
           "success"),
        _c("device", {"device_id": "d1", "state": "running", "uptime_s": 3600, "cpu": 0.3}, "success"),
        _c("zero-code", {"code": 0, "message": "success", "data": {"list": [], "total": 0}}, "success"),
        _c("errcode-ok", {"errcode": 0, "errmsg": "ok", "msgid": 123}, "success"),
        _c("order-processing", {"status": "processing", "order_number": "1001", "total_price": "19.99",
                                "line_items": [{"sku": "A", "quantity": 1}]}, "success"),
        _c("es-health", {"status": "green", "number_of_nodes": 3, "active_shards": 10, "unassigned_shards": 0},
           "success"),
        _c("log-search", {"results": [{"level": "ERROR", "msg": "connection refused"}], "count": 1}, "success"),
        _c("job-postings", {"jobs": [{"title": "Backend Engineer", "location": "Remote", "status": "open"}]},
           "success"),
        _c("sidekiq-stats", {"processed": 1200, "failed": 12, "busy": 2, "enqueued": 5, "retries": 1,
                             "scheduled_size": 0}, "success"),
        _c("text-checks", "All 42 checks passed.", "success"),
        _c("text-no-issues", "No issues found.", "success"),
        _c("text-deployed", "Deployment completed successfully in 2m 3s.", "success"),
        _c("text-tally", "0 failed, 17 passed", "success"),
    ]


def unseen5_shape_cases() -> list[Case]:
    return _languages() + _cli() + _jobs() + _cancelled() + _partial() + _uncertain() + _successes()
