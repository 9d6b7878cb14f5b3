"""The third unseen part's error texts in other languages, jobs, cancellations, partial and
uncertain results and the successes that must stay successes (see ``unseen3``: written after
session 20's rules, run once, never tuned on)."""

from __future__ import annotations

from obsline.protocol_corpus.case import Case, err

# Error-text languages of this part by what the lexicon held when it was written: words written
# before session 20, words written in session 20 (by the author of this part: an upper bound),
# and none.
LANGUAGES_BEFORE = frozenset({"sq", "hy", "kk", "uz", "mn", "am", "eu", "gl", "tl", "af", "be"})
LANGUAGES_SESSION_20 = frozenset({"pa", "gu", "kn", "ml", "si", "lo", "my", "ha", "so", "ps", "tg", "eo", "ht"})
LANGUAGES_NONE = frozenset({"ti", "ug", "tt", "tk", "fo", "fy", "mi", "mg", "jv", "st", "la"})


def _c(id: str, raw: object, status: str, **kw: object) -> Case:
    return Case(f"unseen3-{id}", raw, status, unseen3=True, **kw)  # type: ignore[arg-type]


def _l(lang: str, text: str, code: str, **kw: object) -> Case:
    return err(f"unseen3-{lang}", text, code, style="text", lang=lang, unseen3=True, **kw)  # type: ignore[arg-type]


def _languages() -> list[Case]:
    return [
        _l("sq", "Gabim: skedari nuk u gjet", "NOT_FOUND"),
        _l("hy", "Սխալ: մուտքը մերժված է", "PERMISSION_DENIED"),
        _l("kk", "Қате: тым көп сұраныс, кейінірек қайталаңыз", "RATE_LIMITED"),
        _l("uz", "Xato: foydalanuvchi topilmadi", "NOT_FOUND"),
        _l("mn", "Алдаа: хугацаа дууссан", "TIMEOUT"),
        _l("am", "ስህተት: ፋይሉ አልተገኘም", "NOT_FOUND"),
        _l("eu", "Errorea: sarbidea ukatua", "PERMISSION_DENIED"),
        _l("gl", "Erro: non se atopou o ficheiro", "NOT_FOUND"),
        _l("tl", "Error: hindi natagpuan ang file", "NOT_FOUND"),
        _l("af", "Fout: te veel versoeke, probeer later weer", "RATE_LIMITED"),
        _l("be", "Памылка: доступ забаронены", "PERMISSION_DENIED"),
        _l("pa", "ਗਲਤੀ: ਫਾਈਲ ਨਹੀਂ ਮਿਲੀ", "NOT_FOUND"),
        _l("gu", "ભૂલ: આ ફાઇલ ખોલવાની પરવાનગી નથી", "PERMISSION_DENIED"),
        _l("kn", "ದೋಷ: ವಿನಂತಿಯ ಸಮಯ ಮೀರಿದೆ", "TIMEOUT"),
        _l("ml", "പിശക്: ഫയൽ കണ്ടെത്തിയില്ല", "NOT_FOUND"),
        _l("si", "දෝෂය: ගොනුව සොයාගත නොහැක", "NOT_FOUND"),
        _l("lo", "ຂໍ້ຜິດພາດ: ບໍ່ພົບໄຟລ໌", "NOT_FOUND"),
        _l("my", "အမှား: ဖိုင်ကို ရှာမတွေ့ပါ", "NOT_FOUND"),
        _l("ha", "Kuskure: ba a samu fayil ɗin ba", "NOT_FOUND"),
        _l("so", "Khalad: faylka lama helin", "NOT_FOUND"),
        _l("ps", "تېروتنه: لاسرسی رد شو", "PERMISSION_DENIED"),
        _l("tg", "Хато: файл ёфт нашуд", "NOT_FOUND"),
        _l("eo", "Eraro: tro multaj petoj, provu denove post 30 sekundoj", "RATE_LIMITED", retry_after_ms=30000),
        _l("ht", "Erè: pa jwenn fichye a", "NOT_FOUND"),
        _l("ti", "ጌጋ: ፋይል ኣይተረኽበን", "NOT_FOUND"),
        _l("ug", "خاتالىق: ھۆججەت تېپىلمىدى", "NOT_FOUND"),
        _l("tt", "Хата: файл табылмады", "NOT_FOUND"),
        _l("tk", "Ýalňyşlyk: faýl tapylmady", "NOT_FOUND"),
        _l("fo", "Villa: fílan finst ikki", "NOT_FOUND"),
        _l("fy", "Flater: triem net fûn", "NOT_FOUND"),
        _l("mi", "Hapa: kāore i kitea te kōnae", "NOT_FOUND"),
        _l("mg", "Hadisoana: tsy hita ny rakitra", "NOT_FOUND"),
        _l("jv", "Kesalahan: berkas ora ketemu", "NOT_FOUND"),
        _l("st", "Phoso: faele ha e a fumaneha", "NOT_FOUND"),
        _l("la", "Error: plica non inventa", "NOT_FOUND"),
    ]


def _pending() -> list[Case]:
    return [
        _c("runway", {"id": "17f20503", "status": "RUNNING", "createdAt": "2024-09-13T23:01:54.520Z", "progress": 0.4},
           "pending", handle="17f20503", style="runway tasks"),
        _c("revai", {"id": "Umx5c6F7pH7r", "status": "in_progress", "created_on": "2018-05-05T23:23:22.29Z",
                     "name": "call.mp3", "type": "async", "language": "en"}, "pending", handle="Umx5c6F7pH7r",
           style="rev.ai"),
        _c("gladia", {"id": "45463597", "request_id": "G-45463597", "status": "processing", "created_at":
                      "2024-05-01T10:00:00Z", "kind": "pre-recorded", "file": {"filename": "a.mp3"}}, "pending",
           handle="45463597", style="gladia"),
        _c("luma", {"id": "d1968551", "state": "dreaming", "failure_reason": None, "created_at":
                    "2024-06-01T10:00:00Z"}, "pending", handle="d1968551", style="luma dream machine"),
        _c("together-batch", {"id": "batch-1f2e", "status": "VALIDATING", "created_at": "2024-05-01T10:00:00Z",
                              "input_file_id": "file-1", "progress": 0}, "pending", handle="batch-1f2e",
           style="together batch"),
        _c("fireworks-ft", {"name": "accounts/a/fineTuningJobs/ft1", "state": "JOB_STATE_CREATING", "createTime":
                            "2024-05-01T10:00:00Z"}, "pending", handle="accounts/a/fineTuningJobs/ft1",
           style="fireworks fine-tuning"),
        _c("modal", {"function_call_id": "fc-01HX", "status": "PENDING"}, "pending", handle="fc-01HX",
           style="modal function call"),
        _c("baseten", {"request_id": "8b0f", "status": "QUEUED"}, "pending", handle="8b0f", style="baseten async"),
        _c("azure-devops-run", {"id": 1234, "name": "20240501.3", "state": "inProgress", "result": None,
                                "createdDate": "2024-05-01T10:00:00Z", "_links": {"web": {
                                    "href": "https://dev.azure.com/org/proj/_build/results?buildId=1234"}},
                                "pipeline": {"id": 7, "name": "ci"}}, "pending", handle="1234",
           style="azure devops pipelines"),
        _c("octopus", {"Id": "ServerTasks-1", "Name": "Deploy", "State": "Executing", "IsCompleted": False,
                       "QueueTime": "2024-05-01T10:00:00Z"}, "pending", handle="ServerTasks-1", style="octopus deploy"),
        _c("harness", {"status": "SUCCESS", "data": {"planExecutionId": "px1", "status": "Running", "startTs":
                                                     1700000000000}}, "pending", handle="px1", style="harness"),
        _c("spinnaker", {"id": "01HXA", "application": "app", "name": "deploy", "status": "RUNNING", "buildTime":
                         1700000000000, "stages": [{"type": "deployManifest", "status": "RUNNING"}]}, "pending",
           handle="01HXA", style="spinnaker"),
        _c("tekton", {"apiVersion": "tekton.dev/v1", "kind": "PipelineRun", "metadata": {"name": "build-run-x7"},
                      "status": {"conditions": [{"type": "Succeeded", "status": "Unknown", "reason": "Running"}],
                                 "startTime": "2024-05-01T10:00:00Z"}}, "pending", handle="build-run-x7",
           style="tekton"),
        _c("flux", {"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization", "metadata": {
            "name": "apps"}, "status": {"conditions": [{"type": "Ready", "status": "Unknown", "reason":
                                                        "Progressing"}]}}, "pending", handle="apps", style="flux"),
        _c("semaphore", {"pipeline": {"ppl_id": "a1b2", "state": "running", "result": None, "created_at": {
            "seconds": 1700000000}}}, "pending", handle="a1b2", style="semaphore ci"),
        _c("bitrise", {"data": {"slug": "b-77", "status": 0, "status_text": "in-progress", "triggered_at":
                                "2024-05-01T10:00:00Z"}}, "pending", handle="b-77", style="bitrise"),
        _c("codemagic", {"build": {"_id": "5f9a", "status": "building", "startedAt": "2024-05-01T10:00:00Z"}},
           "pending", handle="5f9a", style="codemagic"),
        _c("dagster", {"data": {"runOrError": {"__typename": "Run", "runId": "c3f0", "status": "STARTED"}}},
           "pending", handle="c3f0", style="dagster graphql"),
        _c("flyte", {"id": {"project": "p", "domain": "development", "name": "f1a2"}, "closure": {
            "phase": "RUNNING", "started_at": "2024-05-01T10:00:00Z"}}, "pending", style="flyte"),
        _c("kubeflow", {"run_id": "6b1a", "display_name": "train", "state": "RUNNING", "created_at":
                        "2024-05-01T10:00:00Z"}, "pending", handle="6b1a", style="kubeflow pipelines"),
        _c("ray-job", {"job_id": "raysubmit_1", "submission_id": "raysubmit_1", "status": "PENDING", "entrypoint":
                       "python train.py", "start_time": 1700000000}, "pending", handle="raysubmit_1", style="ray jobs"),
        _c("klaviyo", {"data": {"type": "profile-bulk-import-job", "id": "ZXhw", "attributes": {
            "status": "processing", "created_at": "2024-05-01T10:00:00Z", "total_count": 10, "completed_count": 2}}},
           "pending", handle="ZXhw", style="klaviyo bulk import"),
        _c("text-export", "Your export is being generated. We'll email you when it's ready (export id EXP-9912).",
           "pending", handle="EXP-9912", style="text"),
        _c("text-rollout", 'Waiting for deployment "web" rollout to finish: 2 of 5 updated replicas are available...',
           "pending", style="kubectl rollout"),
        _c("text-fr", "La tâche 8841 est en file d'attente. Réessayez dans 15 secondes.", "pending",
           retry_after_ms=15000, style="text", lang="fr"),
    ]


def _cancelled() -> list[Case]:
    return [
        _c("octopus-canceled", {"Id": "ServerTasks-2", "State": "Canceled", "IsCompleted": True}, "cancelled",
           handle="ServerTasks-2", style="octopus deploy"),
        _c("azure-devops-canceled", {"id": 1235, "state": "completed", "result": "canceled"}, "cancelled",
           handle="1235", style="azure devops pipelines"),
        _c("tekton-cancelled", {"kind": "PipelineRun", "metadata": {"name": "run-y"}, "status": {"conditions": [
            {"type": "Succeeded", "status": "False", "reason": "Cancelled"}]}}, "cancelled", handle="run-y",
           style="tekton"),
        _c("ray-stopped", {"job_id": "raysubmit_2", "status": "STOPPED"}, "cancelled", handle="raysubmit_2",
           style="ray jobs"),
        _c("text-build-aborted", "Build #4521 was aborted by user dana.", "cancelled", handle="4521", style="text"),
        _c("text-de-cancelled", "Der Auftrag wurde vom Benutzer abgebrochen.", "cancelled", style="text", lang="de"),
    ]


def _partials() -> list[Case]:
    return [
        _c("weaviate-batch", [{"id": "a1", "result": {}}, {"id": "a2", "result": {"errors": {"error": [
            {"message": "invalid vector length"}]}}}], "partial", visible=("a1", "a2"), style="weaviate batch"),
        _c("mailjet", {"Messages": [{"Status": "success", "To": [{"Email": "a@x.io"}]}, {"Status": "error",
                                                                                        "Errors": [{
                                                                                            "ErrorCode": "mj-0013",
                                                                                            "ErrorMessage":
                                                                                            "\"b@x\" is an invalid "
                                                                                            "email address."}]}]},
           "partial", visible=("mj-0013", "a@x.io"), style="mailjet send v3.1"),
        _c("astra", {"status": {"insertedIds": ["a", "b"]}, "errors": [{"message": "Document already exists with the "
                                                                        "given _id", "errorCode":
                                                                        "DOCUMENT_ALREADY_EXISTS", "id": "c"}]},
           "partial", visible=("DOCUMENT_ALREADY_EXISTS",), style="astra data api"),
        _c("airbyte", {"job": {"id": 55, "status": "succeeded", "recordsSynced": 1200, "recordsFailed": 7}},
           "partial", style="airbyte"),
        _c("hightouch", {"id": "r1", "status": "warning", "successfulRows": {"addedCount": 10, "changedCount": 2,
                                                                             "removedCount": 0},
                         "failedRows": {"addedCount": 3, "changedCount": 0, "removedCount": 0}}, "partial",
           style="hightouch sync run"),
        _c("text-indexed", "Indexed 940 documents, 60 rejected (mapping conflicts).", "partial", style="text"),
        _c("text-migration", "Migration finished with warnings: 12 tables copied, 1 table skipped because of an error.",
           "partial", style="text"),
        _c("text-es-share", "Se enviaron 48 de 50 correos.", "partial", style="text", lang="es"),
        _c("text-ja", "50件中47件を登録しました。3件は失敗しました。", "partial", style="text", lang="ja"),
        _c("customerio", {"errors": [{"batch_index": 1, "reason": "invalid email", "field": "email"}],
                          "processed": 99}, "partial", style="customer.io track batch"),
    ]


def _uncertain() -> list[Case]:
    return [
        _c("ai21", {"id": "chat-1", "choices": [{"index": 0, "message": {"role": "assistant", "content": "The"},
                                                 "finish_reason": "length"}]}, "uncertain", style="ai21 jamba"),
        _c("reka", {"id": "r1", "model": "reka-core", "responses": [{"finish_reason": "length", "message": {
            "role": "assistant", "content": "Once upon"}}]}, "uncertain", style="reka"),
        _c("loki", {"status": "success", "data": {"resultType": "streams", "result": []}, "warnings": [
            "query was partial: some queriers returned errors"]}, "uncertain", style="grafana loki"),
        _c("vespa", {"root": {"id": "toplevel", "relevance": 1.0, "fields": {"totalCount": 10}, "coverage": {
            "coverage": 60, "documents": 600, "full": False, "nodes": 1, "results": 1, "resultsFull": 0,
            "degraded": {"timeout": True}}, "children": [{"id": "d1"}]}}, "uncertain", style="vespa"),
        _c("sourcegraph", {"data": {"search": {"results": {"limitHit": True, "matchCount": 500, "results": [
            {"file": {"path": "a.go"}}]}}}}, "uncertain", style="sourcegraph graphql"),
        _c("cut-items", '{"items": [{"id": 1}, {"id": 2}, {"id": 3, "na', "uncertain", style="cut-off json"),
        _c("cut-list", '[{"sku": "A1", "qty": 3}, {"sku": "B2", "q', "uncertain", style="cut-off json"),
    ]


def _successes() -> list[Case]:
    return [
        _c("paddle-sub", {"data": {"id": "sub_01", "status": "active", "next_billed_at": "2024-06-01T00:00:00Z"},
                          "meta": {"request_id": "r9"}}, "success", style="paddle billing"),
        _c("chargebee-invoice", {"invoice": {"id": "inv_1", "status": "payment_due", "amount_due": 1200}}, "success",
           style="chargebee"),
        _c("octopus-env", {"Id": "Environments-1", "Name": "Production", "SortOrder": 0}, "success",
           style="octopus deploy"),
        _c("mattermost-post", {"id": "p1", "message": "Build failed on main, see logs", "channel_id": "c1",
                               "create_at": 1700000000}, "success", style="mattermost"),
        _c("uptimerobot-list", {"stat": "ok", "monitors": [{"id": 1, "friendly_name": "api", "status": 9}]},
           "success", style="uptimerobot"),
        _c("statuspage-incident", {"id": "inc1", "name": "API errors", "status": "investigating", "impact": "major"},
           "success", style="business status"),
        _c("easypost-tracker", {"id": "trk_1", "status": "in_transit", "carrier": "USPS", "tracking_code": "9400"},
           "success", style="business status"),
        _c("ray-cluster", {"cluster_name": "c", "status": "running", "head_ip": "10.0.0.1", "workers": 3}, "success",
           style="business status"),
        _c("hetzner-server", {"server": {"id": 42, "name": "web", "status": "running", "server_type": {
            "name": "cx22"}, "public_net": {"ipv4": {"ip": "1.2.3.4"}}}}, "success", style="business status"),
        _c("calendly-event", {"resource": {"uri": "https://api.calendly.com/scheduled_events/E1", "name": "Intro",
                                           "status": "canceled", "start_time": "2024-05-01T10:00:00Z", "end_time":
                                           "2024-05-01T10:30:00Z", "event_type":
                                           "https://api.calendly.com/event_types/T1", "location": {
                                               "type": "zoom"}, "invitees_counter": {"total": 1, "active": 0,
                                                                                     "limit": 1},
                                           "created_at": "2024-04-20T10:00:00Z"}}, "success",
           style="business status"),
        _c("azure-devops-done", {"id": 1236, "state": "completed", "result": "succeeded"}, "success",
           style="azure devops pipelines"),
        _c("tekton-done", {"kind": "PipelineRun", "metadata": {"name": "run-z"}, "status": {"conditions": [
            {"type": "Succeeded", "status": "True", "reason": "Succeeded"}]}}, "success", style="tekton"),
        _c("search-about-errors", {"results": [{"title": "Fixing error 404 in nginx", "url": "https://x.io/a"}],
                                   "total": 1}, "success", style="business status"),
        _c("bullmq-counts", {"active": 3, "completed": 5000, "delayed": 0, "failed": 1, "paused": 0, "prioritized": 0,
                             "waiting": 12, "waiting-children": 0}, "success", style="bullmq job counts"),
        _c("text-deployed", "Deployed web@1.4.2 to production (3 of 3 instances healthy).", "success", style="text"),
        _c("text-no-errors", "No errors found.", "success", style="text"),
        _c("text-pytest", "42 passed, 0 failed in 3.1s", "success", style="text"),
        _c("text-log", "2024-05-01 10:00:00 INFO export finished: 120 rows", "success", style="text"),
    ]


def unseen3_shape_cases() -> list[Case]:
    return _languages() + _pending() + _cancelled() + _partials() + _uncertain() + _successes()
