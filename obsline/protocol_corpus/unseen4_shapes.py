"""The fourth unseen part's error texts in other languages, command-line tools, jobs,
cancellations, partial and uncertain results and the successes that must stay successes (see
``unseen4``: written after session 21's rules, before any run; run once, never tuned on)."""

from __future__ import annotations

from obsline.protocol_corpus.case import Case, err

# Languages no earlier part used. Some share words with a lexicon language (Luxembourgish with
# German, Corsican with Italian, Occitan with Catalan/French, Igbo's "ahụghị" was written in
# session 20); the rest have none in the lexicon.
LANGUAGES = ("lb", "br", "co", "oc", "gd", "ku", "ky", "su", "ceb", "haw", "sm", "xh", "tn", "rw", "ny", "sn", "ig",
             "or", "as", "sd", "ba")


def _c(id: str, raw: object, status: str, **kw: object) -> Case:
    return Case(f"unseen4-{id}", raw, status, unseen4=True, **kw)  # type: ignore[arg-type]


def _l(lang: str, text: str, code: str, **kw: object) -> Case:
    return err(f"unseen4-{lang}", text, code, style="text", lang=lang, unseen4=True, **kw)  # type: ignore[arg-type]


def _t(id: str, text: str, code: str, tool: str | None = None, **kw: object) -> Case:
    return err(f"unseen4-{id}", text, code, tool, style="cli", unseen4=True, **kw)  # type: ignore[arg-type]


def _languages() -> list[Case]:
    return [
        _l("lb", "Feeler: d'Datei gouf net fonnt", "NOT_FOUND"),
        _l("br", "Fazi: n'eo ket bet kavet ar restr", "NOT_FOUND"),
        _l("co", "Errore: u schedariu ùn hè micca statu trovu", "NOT_FOUND"),
        _l("oc", "Error: fichièr pas trobat", "NOT_FOUND"),
        _l("gd", "Mearachd: cha deach am faidhle a lorg", "NOT_FOUND"),
        _l("ku", "Çewtî: pel nehat dîtin", "NOT_FOUND"),
        _l("ky", "Ката: файл табылган жок", "NOT_FOUND"),
        _l("su", "Kasalahan: berkas teu kapanggih", "NOT_FOUND"),
        _l("ceb", "Sayop: wala makit-an ang file", "NOT_FOUND"),
        _l("haw", "Hewa: ʻaʻole i loaʻa ka waihona", "NOT_FOUND"),
        _l("sm", "Mea sese: e leʻi maua le faila", "NOT_FOUND"),
        _l("xh", "Impazamo: ifayile ayifumanekanga", "NOT_FOUND"),
        _l("tn", "Phoso: faele ga e a bonwa", "NOT_FOUND"),
        _l("rw", "Ikosa: dosiye ntiyabonetse", "NOT_FOUND"),
        _l("ny", "Cholakwika: fayilo sinapezeke", "NOT_FOUND"),
        _l("sn", "Kukanganisa: faira haina kuwanikwa", "NOT_FOUND"),
        _l("ig", "Njehie: ahụghị faịlụ ahụ", "NOT_FOUND"),
        _l("or", "ତ୍ରୁଟି: ଫାଇଲ୍ ମିଳିଲା ନାହିଁ", "NOT_FOUND"),
        _l("as", "ত্ৰুটি: ফাইল পোৱা নগ'ল", "NOT_FOUND"),
        _l("sd", "غلطي: فائل نه ملي", "NOT_FOUND"),
        _l("ba", "Хата: файл табылманы", "NOT_FOUND"),
        err("unseen4-lb-denied", "Feeler: Zougang refuséiert", "PERMISSION_DENIED", style="text", lang="lb",
            unseen4=True),
        err("unseen4-oc-denied", "Error: accès refusat", "PERMISSION_DENIED", style="text", lang="oc", unseen4=True),
    ]


def _cli() -> list[Case]:
    return [
        _t("nix", "error: attribute 'hello2' missing\n\n       at «string»:1:1:", "NOT_FOUND"),
        _t("opam", "[ERROR] No package named foo found.", "NOT_FOUND"),
        _t("rebar3", "===> Package not found in any repo: cowboyz", "NOT_FOUND"),
        _t("cabal", "Error: cabal: Could not resolve dependencies:\n[__0] unknown package: aesonx (user goal)",
           "NOT_FOUND"),
        _t("zig", "error: unable to open 'src/main2.zig': FileNotFound", "NOT_FOUND"),
        _t("dart", "Because app depends on httpx any which doesn't exist (could not find package httpx at "
                   "https://pub.dev), version solving failed.", "NOT_FOUND"),
        _t("rustup", "error: toolchain 'nightly-2019-01-01-x86_64-unknown-linux-gnu' is not installed",
           "NOT_FOUND"),
        _t("choco", "Chocolatey installed 0/1 packages. 1 packages failed.\n - notepadplusplusx - "
                    "notepadplusplusx not installed. The package was not found with the source(s) listed.",
           "NOT_FOUND"),
        _t("scoop", "Couldn't find manifest for 'gitx'.", "NOT_FOUND"),
        _t("snap", "error: snap \"vlcx\" not found", "NOT_FOUND"),
        _t("flatpak", "error: No remote refs found similar to ‘org.gimp.GIMPX’", "NOT_FOUND"),
        _t("zypper", "Package 'vimx' not found.", "NOT_FOUND"),
        _t("apk", "ERROR: unable to select packages:\n  curlx (no such package):\n    required by: world[curlx]",
           "NOT_FOUND"),
        _t("nmcli", "Error: Connection activation failed: Secrets were required, but not provided.",
           "AUTH_FAILED"),
        _t("git-lfs", "batch response: Authentication required: Authorization error: "
                      "https://example.com/repo.git/info/lfs/objects/batch", "AUTH_FAILED"),
        _t("openshift-oc", "Error from server (Forbidden): projects.project.openshift.io \"x\" is forbidden: User \"dev\" "
                 "cannot get resource \"projects\"", "PERMISSION_DENIED", "Forbidden"),
        _t("vagrant", "A Vagrant environment or target machine is required to run this\ncommand. Run `vagrant "
                      "init` to create a new Vagrant environment.", "INVALID_ARGUMENT"),
        _t("etcdctl", "{\"level\":\"warn\",\"msg\":\"retrying of unary invoker failed\",\"error\":\"rpc error: code "
                      "= DeadlineExceeded desc = context deadline exceeded\"}\nError: context deadline exceeded",
           "TIMEOUT"),
        _t("sqlite3", "Error: in prepare, no such table: userz (1)", "NOT_FOUND"),
        _t("duckdb", "Catalog Error: Table with name userz does not exist!\nDid you mean \"users\"?", "NOT_FOUND"),
        _t("pandoc", "pandoc: notes.md: openBinaryFile: does not exist (No such file or directory)", "NOT_FOUND"),
        _t("buildah", "Error: creating build container: initializing source docker://nginx:lates: reading "
                      "manifest lates in docker.io/library/nginx: manifest unknown", "NOT_FOUND"),
        _t("crictl", "E0501 10:00:00.000000 1234 remote_runtime.go:1] \"ContainerStatus from runtime service "
                     "failed\" err=\"rpc error: code = NotFound desc = an error occurred when try to find "
                     "container \\\"abc\\\": not found\"", "NOT_FOUND"),
        _t("argocd", "FATA[0000] rpc error: code = PermissionDenied desc = permission denied: applications, get, "
                     "default/web", "PERMISSION_DENIED"),
        _t("tkn", "Error: pipelineruns.tekton.dev \"build-9\" not found", "NOT_FOUND"),
        _t("glab", "ERROR: 404 Project Not Found", "NOT_FOUND"),
        _t("sam", "Error: Template file not found at /work/template.yml", "NOT_FOUND"),
        _t("cdk", "❌  web failed: AccessDenied: User: arn:aws:iam::1:user/dev is not authorized to perform: "
                  "cloudformation:DescribeStacks", "PERMISSION_DENIED"),
        _t("serverless", "Error:\nThe provided AWS credentials are invalid or expired.", "AUTH_FAILED"),
        _t("salt", "minion1:\n    Minion did not return. [No response]", "TIMEOUT"),
        _t("puppet", "Error: Could not find class ::nginxx for web1.example.com on node web1.example.com",
           "NOT_FOUND"),
    ]


def _jobs() -> list[Case]:
    return [
        _c("textract", {"JobStatus": "IN_PROGRESS", "DocumentMetadata": {"Pages": 0}, "AnalyzeDocumentModelVersion":
                        "1.0"}, "pending"),
        _c("polly", {"SynthesisTask": {"TaskId": "57a4b5c8", "TaskStatus": "scheduled", "OutputUri":
                                       "https://s3.us-east-1.amazonaws.com/b/57a4b5c8.mp3",
                                       "CreationTime": 1700000000.0}}, "pending", handle="57a4b5c8"),
        _c("redshift-data", {"Id": "d9b6c0c9-0747-4bf4-b142-e8883122f766", "Status": "STARTED",
                             "CreatedAt": 1700000000.0, "QueryString": "select 1"}, "pending",
           handle="d9b6c0c9-0747-4bf4-b142-e8883122f766"),
        _c("stepfunctions", {"executionArn": "arn:aws:states:us-east-1:1:execution:m:e1", "stateMachineArn":
                             "arn:aws:states:us-east-1:1:stateMachine:m", "name": "e1", "status": "RUNNING",
                             "startDate": 1700000000.0}, "pending", handle="arn:aws:states:us-east-1:1:execution:m:e1"),
        _c("cloud-run-exec", {"apiVersion": "run.googleapis.com/v1", "kind": "Execution", "metadata":
                              {"name": "job-x-abcde"}, "status": {"conditions": [
                                  {"type": "Completed", "status": "Unknown", "reason": "Running"}],
                                  "runningCount": 1}}, "pending", handle="job-x-abcde"),
        _c("azure-batch", {"id": "job-7", "url": "https://acct.region.batch.azure.com/jobs/job-7", "state": "active",
                           "creationTime": "2024-05-01T10:00:00Z", "poolInfo": {"poolId": "p1"}}, "pending",
           handle="job-7"),
        _c("azure-translator", {"id": "727bf148-f327-47a0-9481-abae6362f11e", "createdDateTimeUtc":
                                "2024-05-01T10:00:00Z", "status": "NotStarted", "summary": {"total": 3, "failed": 0,
                                                                                            "success": 0}},
           "pending", handle="727bf148-f327-47a0-9481-abae6362f11e"),
        _c("form-recognizer", {"status": "running", "createdDateTime": "2024-05-01T10:00:00Z",
                               "lastUpdatedDateTime": "2024-05-01T10:00:01Z"}, "pending"),
        _c("drone", {"id": 100207, "number": 42, "status": "running", "event": "push", "started": 1700000000,
                     "created": 1700000000}, "pending", handle="100207"),
        _c("woodpecker", {"id": 8, "number": 8, "status": "pending", "event": "push", "created_at": 1700000000},
           "pending", handle="8"),
        _c("gocd", {"name": "build-linux", "counter": 9, "scheduled_date": 1700000000000, "state": "Building",
                    "result": "Unknown"}, "pending", handle="build-linux"),
        _c("concourse", {"id": 2011, "name": "17", "status": "started", "team_name": "main", "job_name": "unit",
                         "api_url": "/api/v1/builds/2011", "start_time": 1700000000}, "pending", handle="2011"),
        _c("appveyor", {"build": {"buildId": 981, "version": "1.0.42", "status": "queued", "created":
                                  "2024-05-01T10:00:00Z"}}, "pending", handle="981"),
        _c("runpod", {"id": "c80ffee4-f315-4e25-a146-0f3d98cf024b", "status": "IN_QUEUE", "delayTime": 0},
           "pending", handle="c80ffee4-f315-4e25-a146-0f3d98cf024b"),
        _c("heygen", {"code": 100, "data": {"video_id": "v-3f1", "status": "processing", "video_url": None},
                      "message": "Success"}, "pending", handle="v-3f1"),
        _c("synthesia", {"id": "ad5d3a4c", "status": "in_progress", "createdAt": 1700000000, "title": "demo",
                         "visibility": "private"}, "pending", handle="ad5d3a4c"),
        _c("d-id", {"id": "tlk_8d", "status": "started", "created_at": "2024-05-01T10:00:00Z", "object": "talk"},
           "pending", handle="tlk_8d"),
        _c("leonardo", {"sdGenerationJob": {"generationId": "g-2b", "apiCreditCost": 8}}, "pending",
           handle="g-2b"),
        _c("zamzar", {"id": 15, "key": "k", "status": "initialising", "sandbox": True, "created_at":
                      "2024-05-01T10:00:00Z", "target_format": "pdf"}, "pending", handle="15"),
        _c("cloudconvert", {"data": {"id": "6559c281", "status": "waiting", "created_at": "2024-05-01T10:00:00Z",
                                     "tasks": [{"id": "t1", "name": "import", "status": "waiting"}],
                                     "links": {"self": "https://api.cloudconvert.com/v2/jobs/6559c281"}}},
           "pending", handle="6559c281", poll_url="https://api.cloudconvert.com/v2/jobs/6559c281"),
        _c("docraptor", {"status": "queued", "status_id": "4a2b"}, "pending", handle="4a2b"),
        _c("pdfmonkey", {"document": {"id": "b5c1", "status": "pending", "download_url": None,
                                      "created_at": "2024-05-01T10:00:00Z"}}, "pending", handle="b5c1"),
        _c("adobe-pdf", {"status": "in progress"}, "pending"),
        _c("meta-async-report", {"id": "6023", "async_status": "Job Running", "async_percent_completion": 40,
                                 "time_ref": 1700000000}, "pending", handle="6023"),
        _c("google-ads-batch", {"resourceName": "customers/1/batchJobs/9", "status": "RUNNING",
                                "metadata": {"creationDateTime": "2024-05-01 10:00:00"}}, "pending",
           handle="customers/1/batchJobs/9"),
        _c("ebay-feed", {"taskId": "task-1-777", "status": "QUEUED", "feedType": "LMS_ADD_ITEM",
                         "creationDate": "2024-05-01T10:00:00.000Z"}, "pending", handle="task-1-777"),
        _c("knative", {"apiVersion": "serving.knative.dev/v1", "kind": "Revision", "metadata": {"name": "web-00002"},
                       "status": {"conditions": [{"type": "Ready", "status": "Unknown", "reason": "Deploying"}]}},
           "pending", handle="web-00002"),
        _c("argocd-sync", {"metadata": {"name": "guestbook"}, "status": {"operationState": {
            "phase": "Running", "message": "waiting for healthy state", "startedAt": "2024-05-01T10:00:00Z"}}},
           "pending", handle="guestbook"),
        _c("hf-space", {"stage": "BUILDING", "hardware": {"current": None, "requested": "cpu-basic"}}, "pending"),
        _c("text-accepted-de", "Der Export 5521 wurde in die Warteschlange gestellt. Bitte versuchen Sie es in 30 "
                               "Sekunden erneut.", "pending", handle="5521", retry_after_ms=30000),
        _c("text-es-queue", "El trabajo 88 está en cola.", "pending", handle="88"),
        _c("text-building", "Deployment dpl_9x is still building, check back in 2 minutes.", "pending",
           handle="dpl_9x", retry_after_ms=120000),
    ]


def _cancelled() -> list[Case]:
    return [
        _c("stepfunctions-aborted", {"executionArn": "arn:aws:states:us-east-1:1:execution:m:e2", "status":
                                     "ABORTED", "startDate": 1700000000.0, "stopDate": 1700000100.0},
           "cancelled", handle="arn:aws:states:us-east-1:1:execution:m:e2"),
        _c("drone-killed", {"id": 100208, "number": 43, "status": "killed", "event": "push"}, "cancelled",
           handle="100208"),
        _c("concourse-aborted", {"id": 2012, "name": "18", "status": "aborted", "job_name": "unit"}, "cancelled",
           handle="2012"),
        _c("azure-translator-cancelled", {"id": "9a1c", "createdDateTimeUtc": "2024-05-01T10:00:00Z",
                                          "status": "Cancelled"}, "cancelled", handle="9a1c"),
        _c("runpod-cancelled", {"id": "r-5", "status": "CANCELLED"}, "cancelled", handle="r-5"),
        _c("text-cancelled-nl", "De taak 4410 is geannuleerd door de gebruiker.", "cancelled", handle="4410"),
    ]


def _partial() -> list[Case]:
    return [
        _c("sns-batch", {"Successful": [{"Id": "1", "MessageId": "m1"}], "Failed": [{"Id": "2", "Code":
                                                                                     "InvalidParameter",
                                                                                     "Message": "bad attr",
                                                                                     "SenderFault": True}]},
           "partial"),
        _c("typesense-import", [{"success": True}, {"success": False, "error": "Bad JSON.", "document": "{x"}],
           "partial"),
        _c("zoho-crm", {"data": [{"code": "SUCCESS", "status": "success", "details": {"id": "1"}, "message":
                                  "record added"}, {"code": "INVALID_DATA", "status": "error", "details":
                                                    {"api_name": "Email"}, "message": "invalid data"}]},
           "partial"),
        _c("braze-batch", {"message": "success", "errors": [{"type": "'external_id' or 'braze_id' is required",
                                                             "input_array": "attributes", "index": 2}]},
           "partial"),
        _c("mailchimp-batch", {"id": "b-1", "status": "finished", "total_operations": 10, "finished_operations": 10,
                               "errored_operations": 2, "response_body_url": "https://x/r.tar.gz"}, "partial"),
        _c("twitter-partial", {"data": [{"id": "1", "text": "hi"}], "errors": [{"value": "2", "detail":
                                                                               "Could not find tweet with ids: [2].",
                                                                               "title": "Not Found Error",
                                                                               "type": "https://api.twitter.com/2/"
                                                                                       "problems/resource-not-found"}]},
           "partial"),
        _c("azure-translator-summary", {"id": "5c1", "status": "Succeeded", "summary": {"total": 10, "failed": 2,
                                                                                      "success": 8}}, "partial"),
        _c("text-uploaded", "Uploaded 17 files, 3 failed (permission denied).", "partial"),
        _c("text-de-share", "12 von 15 Dateien wurden hochgeladen.", "partial"),
        _c("text-zh-share", "共 20 条，成功 18 条，失败 2 条", "partial"),
        _c("text-ko", "10건 중 8건 처리 완료, 2건 실패", "partial"),
    ]


def _uncertain() -> list[Case]:
    return [
        _c("watsonx-cut", {"model_id": "ibm/granite-13b", "results": [{"generated_text": "The answer is",
                                                                      "generated_token_count": 20,
                                                                      "stop_reason": "max_tokens"}]}, "uncertain"),
        _c("tgi-cut", {"generated_text": "Once upon a", "details": {"finish_reason": "length",
                                                                    "generated_tokens": 3}}, "uncertain"),
        _c("algolia-exhaustive", {"hits": [{"objectID": "1"}], "nbHits": 1000, "exhaustiveNbHits": False,
                                  "processingTimeMS": 3000}, "uncertain"),
        _c("typesense-cutoff", {"found": 10, "hits": [{"document": {"id": "1"}}], "search_cutoff": True},
           "uncertain"),
        _c("github-search", {"total_count": 40000, "incomplete_results": True, "items": [{"id": 1}]},
           "uncertain"),
        _c("cut-json", '{"items": [{"id": 1, "name": "a"}, {"id": 2, "na', "uncertain"),
        _c("text-truncated", "... output truncated (showing first 200 of 5000 lines) ...", "uncertain"),
    ]


def _successes() -> list[Case]:
    return [
        _c("queue-stats", {"messages_ready": 12, "messages_unacknowledged": 3, "consumers": 2, "name": "jobs"},
           "success"),
        _c("flight-status", {"flight": "BA117", "status": "cancelled", "origin": "LHR", "destination": "JFK",
                             "gate": "B32"}, "success"),
        _c("order-pending", {"order_id": "ord_99", "status": "pending", "total": 42.5, "currency": "EUR",
                             "items": [{"sku": "A", "qty": 1}]}, "success"),
        _c("build-done", {"id": 77, "status": "success", "finished_at": "2024-05-01T10:00:00Z"}, "success"),
        _c("rabbit-ok", {"status": "ok"}, "success"),
        _c("ci-summary", "Tests:       4 skipped, 120 passed, 124 total", "success"),
        _c("error-log-search", {"query": "level:error", "hits": [{"message": "timeout connecting to db"}],
                                "total": 1}, "success"),
        _c("zero-code", {"code": 0, "msg": "成功", "data": {"id": 1}}, "success"),
        _c("ret-ok", {"retCode": 0, "retMsg": "OK", "result": {"list": []}}, "success"),
        _c("conditions-ready", {"kind": "Certificate", "metadata": {"name": "tls"}, "status": {"conditions": [
            {"type": "Ready", "status": "True", "reason": "Ready"}]}}, "success"),
        _c("text-fixed", "Resolved: the timeout on the payments endpoint no longer occurs.", "success"),
        _c("k8s-pods", {"items": [{"metadata": {"name": "web-1"}, "status": {"phase": "Running"}},
                                  {"metadata": {"name": "web-2"}, "status": {"phase": "Running"}}]}, "success"),
    ]


def unseen4_shape_cases() -> list[Case]:
    return _languages() + _cli() + _jobs() + _cancelled() + _partial() + _uncertain() + _successes()
