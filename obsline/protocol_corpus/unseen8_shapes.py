"""The eighth unseen part's error texts in other languages (by meaning: each language given
meanings of several kinds), shell tools' exit texts, jobs and operations, cancellations, batch
results, incomplete and cut-off results and the successes that must stay successes (see
``unseen8``: written before session 26's rule changes and before any run; split into halves by
``unseen8.half``)."""

from __future__ import annotations

from obsline.protocol_corpus.case import Case, err
from obsline.protocol_corpus.unseen8 import half


def _c(id: str, raw: object, status: str, **kw: object) -> Case:
    full = f"unseen8-{id}"
    return Case(full, raw, status, unseen8=half(full), **kw)  # type: ignore[arg-type]


def _l(lang: str, suffix: str, text: str, code: str, **kw: object) -> Case:
    full = f"unseen8-{lang}-{suffix}"
    return err(full, text, code, style="text", lang=lang, unseen8=half(full), **kw)  # type: ignore[arg-type]


def _t(id: str, text: str, code: str, tool: str | None = None, **kw: object) -> Case:
    full = f"unseen8-{id}"
    return err(full, text, code, tool, style="cli", unseen8=half(full), **kw)  # type: ignore[arg-type]


def _languages() -> list[Case]:
    return [
        _l("de", "auth", "Anmeldung fehlgeschlagen: Benutzername oder Passwort ist falsch.", "AUTH_FAILED"),
        _l("de", "conflict", "Der Datensatz wurde inzwischen von einem anderen Benutzer geändert.", "CONFLICT"),
        _l("de", "rate", "Zu viele Anfragen. Bitte warten Sie 60 Sekunden.", "RATE_LIMITED", retry_after_ms=60000),
        _l("fr", "notfound", "La commande demandée est introuvable.", "NOT_FOUND"),
        _l("fr", "timeout", "Le délai d'attente de la requête a expiré.", "TIMEOUT"),
        _l("fr", "exists", "Cette adresse e-mail est déjà utilisée.", "CONFLICT"),
        _l("es", "perm", "No tiene permisos para realizar esta acción.", "PERMISSION_DENIED"),
        _l("es", "unavail", "El servicio no está disponible en este momento.", "UPSTREAM_FAILURE"),
        _l("es", "large", "El archivo supera el tamaño máximo de 25 MB.", "TOO_LARGE"),
        _l("pt", "auth", "Token de acesso inválido ou expirado.", "AUTH_FAILED"),
        _l("pt", "notfound", "Cliente não encontrado.", "NOT_FOUND"),
        _l("pt", "rate", "Limite de requisições excedido. Tente novamente em 30 segundos.", "RATE_LIMITED",
           retry_after_ms=30000),
        _l("it", "perm", "Accesso negato: permessi insufficienti.", "PERMISSION_DENIED"),
        _l("it", "notfound", "Utente non trovato.", "NOT_FOUND"),
        _l("it", "invalid", "Il codice fiscale inserito non è valido.", "INVALID_ARGUMENT"),
        _l("nl", "notfound", "Bestelling niet gevonden.", "NOT_FOUND"),
        _l("nl", "perm", "U heeft geen toegang tot deze map.", "PERMISSION_DENIED"),
        _l("nl", "rate", "Te veel verzoeken, probeer het later opnieuw.", "RATE_LIMITED"),
        _l("sv", "notfound", "Filen kunde inte hittas.", "NOT_FOUND"),
        _l("sv", "auth", "Fel lösenord. Försök igen.", "AUTH_FAILED"),
        _l("no", "timeout", "Tidsavbrudd: serveren svarte ikke.", "TIMEOUT"),
        _l("da", "perm", "Du har ikke adgang til denne ressource.", "PERMISSION_DENIED"),
        _l("fi", "notfound", "Käyttäjää ei löytynyt.", "NOT_FOUND"),
        _l("fi", "large", "Tiedosto on liian suuri.", "TOO_LARGE"),
        _l("is", "notfound", "Síðan fannst ekki.", "NOT_FOUND"),
        _l("pl", "auth", "Nieprawidłowy login lub hasło.", "AUTH_FAILED"),
        _l("pl", "conflict", "Rekord o tym identyfikatorze już istnieje.", "CONFLICT"),
        _l("cs", "perm", "Přístup odepřen.", "PERMISSION_DENIED"),
        _l("cs", "timeout", "Vypršel časový limit požadavku.", "TIMEOUT"),
        _l("sk", "notfound", "Požadovaná stránka sa nenašla.", "NOT_FOUND"),
        _l("hu", "auth", "Érvénytelen felhasználónév vagy jelszó.", "AUTH_FAILED"),
        _l("hu", "notfound", "A keresett termék nem található.", "NOT_FOUND"),
        _l("ro", "notfound", "Fișierul nu a fost găsit.", "NOT_FOUND"),
        _l("ro", "perm", "Nu aveți permisiunea de a accesa această pagină.", "PERMISSION_DENIED"),
        _l("bg", "notfound", "Потребителят не е намерен.", "NOT_FOUND"),
        _l("sr", "timeout", "Истекло је време за повезивање.", "TIMEOUT"),
        _l("hr", "auth", "Neispravna lozinka.", "AUTH_FAILED"),
        _l("sl", "notfound", "Stran ni bila najdena.", "NOT_FOUND"),
        _l("uk", "perm", "Доступ заборонено.", "PERMISSION_DENIED"),
        _l("uk", "notfound", "Замовлення не знайдено.", "NOT_FOUND"),
        _l("ru", "rate", "Слишком много запросов. Повторите попытку через 10 секунд.", "RATE_LIMITED",
           retry_after_ms=10000),
        _l("ru", "unavail", "Сервис временно недоступен.", "UPSTREAM_FAILURE"),
        _l("ru", "exists", "Пользователь с таким email уже существует.", "CONFLICT"),
        _l("be", "notfound", "Файл не знойдзены.", "NOT_FOUND"),
        _l("el", "perm", "Δεν έχετε δικαίωμα πρόσβασης.", "PERMISSION_DENIED"),
        _l("tr", "notfound", "Kullanıcı bulunamadı.", "NOT_FOUND"),
        _l("tr", "auth", "Geçersiz kullanıcı adı veya şifre.", "AUTH_FAILED"),
        _l("tr", "timeout", "İstek zaman aşımına uğradı.", "TIMEOUT"),
        _l("ar", "notfound", "المستخدم غير موجود", "NOT_FOUND"),
        _l("ar", "perm", "ليس لديك صلاحية للوصول إلى هذا المورد", "PERMISSION_DENIED"),
        _l("fa", "notfound", "فایل مورد نظر یافت نشد.", "NOT_FOUND"),
        _l("fa", "auth", "نام کاربری یا رمز عبور اشتباه است.", "AUTH_FAILED"),
        _l("he", "notfound", "המשתמש לא נמצא", "NOT_FOUND"),
        _l("he", "perm", "אין לך הרשאה לבצע פעולה זו", "PERMISSION_DENIED"),
        _l("ur", "notfound", "صارف نہیں ملا", "NOT_FOUND"),
        _l("hi", "notfound", "उपयोगकर्ता नहीं मिला", "NOT_FOUND"),
        _l("hi", "auth", "अमान्य पासवर्ड", "AUTH_FAILED"),
        _l("bn", "notfound", "ফাইলটি পাওয়া যায়নি", "NOT_FOUND"),
        _l("ta", "notfound", "பயனர் கிடைக்கவில்லை", "NOT_FOUND"),
        _l("zh", "perm", "您没有权限执行此操作", "PERMISSION_DENIED"),
        _l("zh", "rate", "请求过于频繁，请30秒后再试", "RATE_LIMITED", retry_after_ms=30000),
        _l("zh", "exists", "该手机号已被注册", "CONFLICT"),
        _l("zh-tw", "notfound", "找不到該筆訂單", "NOT_FOUND"),
        _l("zh-tw", "timeout", "連線逾時，請稍後再試", "TIMEOUT"),
        _l("ja", "notfound", "指定されたユーザーは存在しません。", "NOT_FOUND"),
        _l("ja", "auth", "パスワードが正しくありません。", "AUTH_FAILED"),
        _l("ja", "unavail", "ただいまメンテナンス中です。しばらくしてから再度お試しください。", "UPSTREAM_FAILURE"),
        _l("ko", "notfound", "요청하신 페이지를 찾을 수 없습니다.", "NOT_FOUND"),
        _l("ko", "auth", "비밀번호가 일치하지 않습니다.", "AUTH_FAILED"),
        _l("ko", "rate", "요청 횟수를 초과했습니다. 잠시 후 다시 시도해 주세요.", "RATE_LIMITED"),
        _l("vi", "notfound", "Không tìm thấy đơn hàng.", "NOT_FOUND"),
        _l("vi", "perm", "Bạn không có quyền truy cập.", "PERMISSION_DENIED"),
        _l("th", "notfound", "ไม่พบผู้ใช้", "NOT_FOUND"),
        _l("id", "auth", "Kata sandi salah.", "AUTH_FAILED"),
        _l("id", "timeout", "Waktu permintaan habis.", "TIMEOUT"),
        _l("ms", "notfound", "Pengguna tidak dijumpai.", "NOT_FOUND"),
        _l("tl", "notfound", "Hindi mahanap ang file.", "NOT_FOUND"),
        _l("sw", "notfound", "Mtumiaji hakupatikana.", "NOT_FOUND"),
        _l("sw", "auth", "Nenosiri si sahihi.", "AUTH_FAILED"),
        _l("ca", "notfound", "No s'ha trobat el fitxer.", "NOT_FOUND"),
        _l("eu", "notfound", "Ez da fitxategia aurkitu.", "NOT_FOUND"),
        _l("gl", "perm", "Non tes permiso para acceder a este recurso.", "PERMISSION_DENIED"),
        _l("lt", "auth", "Neteisingas slaptažodis.", "AUTH_FAILED"),
        _l("lv", "notfound", "Lietotājs nav atrasts.", "NOT_FOUND"),
        _l("et", "notfound", "Faili ei leitud.", "NOT_FOUND"),
        _l("ka", "notfound", "მომხმარებელი ვერ მოიძებნა", "NOT_FOUND"),
        _l("hy", "notfound", "Օգտատերը չի գտնվել", "NOT_FOUND"),
        _l("kk", "notfound", "Пайдаланушы табылмады", "NOT_FOUND"),
        _l("az", "notfound", "İstifadəçi tapılmadı.", "NOT_FOUND"),
        _l("mn", "notfound", "Хэрэглэгч олдсонгүй", "NOT_FOUND"),
        _l("am", "notfound", "ተጠቃሚው አልተገኘም", "NOT_FOUND"),
        _l("af", "notfound", "Gebruiker nie gevind nie.", "NOT_FOUND"),
        _l("cy", "notfound", "Heb ddod o hyd i'r dudalen.", "NOT_FOUND"),
        _l("ga", "perm", "Diúltaíodh rochtain.", "PERMISSION_DENIED"),
        _l("mt", "notfound", "Il-fajl ma nstabx.", "NOT_FOUND"),
        _l("sq", "notfound", "Përdoruesi nuk u gjet.", "NOT_FOUND"),
        _l("mk", "perm", "Пристапот е одбиен.", "PERMISSION_DENIED"),
        _l("bs", "timeout", "Isteklo je vrijeme zahtjeva.", "TIMEOUT"),
        _l("ne", "notfound", "प्रयोगकर्ता फेला परेन", "NOT_FOUND"),
        _l("si", "notfound", "පරිශීලකයා හමු නොවීය", "NOT_FOUND"),
        _l("my", "notfound", "အသုံးပြုသူကို ရှာမတွေ့ပါ", "NOT_FOUND"),
        _l("km", "notfound", "រកមិនឃើញអ្នកប្រើប្រាស់", "NOT_FOUND"),
        _l("lo", "notfound", "ບໍ່ພົບຜູ້ໃຊ້", "NOT_FOUND"),
    ]


def _cli() -> list[Case]:
    return [
        _t("ssh-refused", "ssh: connect to host 10.0.0.7 port 22: Connection refused", "UPSTREAM_FAILURE"),
        _t("ssh-perm", "git@github.com: Permission denied (publickey).\nfatal: Could not read from remote "
                       "repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.",
           "AUTH_FAILED"),
        _t("scp-nofile", "scp: /srv/data/report.csv: No such file or directory", "NOT_FOUND"),
        _t("rsync-timeout", "rsync: connection unexpectedly closed (0 bytes received so far) [Receiver]\nrsync error: "
                            "timeout in data send/receive (code 30) at io.c(204) [Receiver=3.2.7]", "TIMEOUT"),
        _t("tar-eof", "tar: Unexpected EOF in archive\ntar: Error is not recoverable: exiting now", "MALFORMED"),
        _t("unzip-missing", "unzip:  cannot find or open backup.zip, backup.zip.zip or backup.zip.ZIP.",
           "NOT_FOUND"),
        _t("gpg-nokey", "gpg: decryption failed: No secret key", "AUTH_FAILED"),
        _t("openssl-verify", "error 20 at 0 depth lookup: unable to get local issuer certificate\nerror cert.pem: "
                             "verification failed", "AUTH_FAILED"),
        _t("systemctl-notfound", "Failed to restart nginx2.service: Unit nginx2.service not found.", "NOT_FOUND"),
        _t("journalctl-perm", "Hint: You are currently not seeing messages from other users and the system.\n"
                              "      Users in groups 'adm', 'systemd-journal' can see all messages.\n"
                              "      Pass -q to turn off this notice.\nNo journal files were opened due to "
                              "insufficient permissions.", "PERMISSION_DENIED"),
        _t("apt-lock", "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 2207 (apt)\n"
                       "E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), is another "
                       "process using it?", "CONFLICT"),
        _t("apt-nopkg", "E: Unable to locate package python3-foo", "NOT_FOUND"),
        _t("dnf-nomatch", "Last metadata expiration check: 0:10:02 ago on Wed 01 May 2024 10:00:00 AM UTC.\nNo match"
                          " for argument: nginx-extras\nError: Unable to find a match: nginx-extras", "NOT_FOUND"),
        _t("brew-nofound", "Warning: No available formula with the name \"pythn\". Did you mean python?\n==> "
                           "Searching for similarly named formulae and casks...\nError: No formulae or casks found "
                           "for pythn.", "NOT_FOUND"),
        _t("pip-noversion", "ERROR: Could not find a version that satisfies the requirement torch==9.9 (from "
                            "versions: 2.2.0, 2.2.1, 2.3.0)\nERROR: No matching distribution found for torch==9.9",
           "NOT_FOUND"),
        _t("poetry-solver", "Because myapp depends on requests (^9.0) which doesn't match any versions, version "
                            "solving failed.", "CONFLICT"),
        _t("cargo-build", "error[E0425]: cannot find value `cfg` in this scope\n --> src/main.rs:4:13\n  |\n4 |    "
                          " let x = cfg;\n  |             ^^^ not found in this scope\n\nerror: could not compile "
                          "`app` (bin \"app\") due to 1 previous error", "INVALID_ARGUMENT", "E0425"),
        _t("go-build", "# example.com/app\n./main.go:7:2: undefined: fmtt\n", "INVALID_ARGUMENT"),
        _t("gradle", "FAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task "
                     "':app:compileJava'.\n> Compilation failed; see the compiler error output for details.\n\n* Try:"
                     "\n> Run with --stacktrace option to get the stack trace.\n\nBUILD FAILED in 3s",
           "INVALID_ARGUMENT"),
        _t("mvn", "[ERROR] Failed to execute goal on project web: Could not resolve dependencies for project "
                  "com.example:web:jar:1.0: Could not find artifact com.example:lib:jar:2.0 in central "
                  "(https://repo.maven.apache.org/maven2) -> [Help 1]", "NOT_FOUND"),
        _t("dotnet", "error NU1101: Unable to find package Newtonsoft.Jsonn. No packages exist with this id in "
                     "source(s): nuget.org", "NOT_FOUND", "NU1101"),
        _t("composer", "  [InvalidArgumentException]\n  Could not find a matching version of package monolog/monolg."
                       " Check the package spelling, your version constraint and that the package is available in "
                       "a stability which matches your minimum-stability (stable).", "NOT_FOUND",
           "InvalidArgumentException"),
        _t("helm", "Error: INSTALLATION FAILED: cannot re-use a name that is still in use", "CONFLICT"),
        _t("kubectl-forbidden", "Error from server (Forbidden): pods is forbidden: User \"dev\" cannot list resource "
                                "\"pods\" in API group \"\" in the namespace \"prod\"", "PERMISSION_DENIED",
           "Forbidden"),
        _t("kubectl-notfound", "Error from server (NotFound): deployments.apps \"web\" not found", "NOT_FOUND",
           "NotFound"),
        _t("terraform-lock", "Error: Error acquiring the state lock\n\nError message: ConditionalCheckFailedException: "
                             "The conditional request failed\nLock Info:\n  ID:        3d2c\n  Path:      "
                             "tf-state/prod.tfstate\n  Operation: OperationTypeApply\n  Who:       ci@runner\n",
           "CONFLICT", "ConditionalCheckFailedException"),
        _t("ansible-unreachable", "web1 | UNREACHABLE! => {\n    \"changed\": false,\n    \"msg\": \"Failed to "
                                  "connect to the host via ssh: ssh: connect to host 10.0.0.8 port 22: Connection "
                                  "timed out\",\n    \"unreachable\": true\n}", "TIMEOUT"),
        _t("gcloud-perm", "ERROR: (gcloud.compute.instances.list) Some requests did not succeed:\n - Required "
                          "'compute.instances.list' permission for 'projects/p'", "PERMISSION_DENIED"),
        _t("az-login", "ERROR: Please run 'az login' to setup account.", "AUTH_FAILED"),
        _t("aws-cli-throttle", "An error occurred (ThrottlingException) when calling the DescribeInstances operation "
                               "(reached max retries: 4): Rate exceeded", "RATE_LIMITED", "ThrottlingException"),
        _t("psql-auth", "psql: error: connection to server at \"db.internal\" (10.0.0.3), port 5432 failed: FATAL:  "
                        "password authentication failed for user \"app\"", "AUTH_FAILED"),
        _t("mysql-deny", "ERROR 1045 (28000): Access denied for user 'app'@'10.0.0.4' (using password: YES)",
           "AUTH_FAILED", "1045"),
        _t("sqlite-locked", "Error: database is locked", "CONFLICT"),
        _t("mongosh", "MongoServerError: E11000 duplicate key error collection: shop.users index: email_1 dup key: "
                      "{ email: \"a@example.com\" }", "CONFLICT", "E11000"),
        _t("redis-cli", "(error) NOAUTH Authentication required.", "AUTH_FAILED", "NOAUTH"),
        _t("ffmpeg", "input.mp4: No such file or directory", "NOT_FOUND"),
        _t("curl-ssl", "curl: (60) SSL certificate problem: certificate has expired\nMore details here: "
                       "https://curl.se/docs/sslcerts.html", "AUTH_FAILED", "60"),
        _t("wget-refused", "--2024-05-01 10:00:00--  http://10.0.0.9:8080/\nConnecting to 10.0.0.9:8080... failed: "
                           "Connection refused.", "UPSTREAM_FAILURE"),
        _t("ping-unknown", "ping: unknown-host.invalid: Name or service not known", "NOT_FOUND"),
        _t("git-merge", "Auto-merging src/app.py\nCONFLICT (content): Merge conflict in src/app.py\nAutomatic merge "
                        "failed; fix conflicts and then commit the result.", "CONFLICT"),
        _t("git-push-rejected", "To github.com:org/repo.git\n ! [rejected]        main -> main (fetch first)\nerror: "
                                "failed to push some refs to 'github.com:org/repo.git'", "CONFLICT"),
        _t("npm-e404", "npm ERR! code E404\nnpm ERR! 404 Not Found - GET https://registry.npmjs.org/lefpad - Not "
                       "found\nnpm ERR! 404 \nnpm ERR! 404  'lefpad@*' is not in this registry.", "NOT_FOUND", "E404"),
        _t("yarn-auth", "error An unexpected error occurred: \"https://npm.pkg.github.com/@org%2fui: Request failed "
                        "\\\"401 Unauthorized\\\"\".", "AUTH_FAILED"),
        _t("docker-pull", "Error response from daemon: pull access denied for acme/private, repository does not "
                          "exist or may require 'docker login': denied: requested access to the resource is denied",
           "PERMISSION_DENIED"),
        _t("docker-port", "docker: Error response from daemon: driver failed programming external connectivity on "
                          "endpoint web (1a2b): Bind for 0.0.0.0:8080 failed: port is already allocated.", "CONFLICT"),
        _t("oom-killed", "Killed\nProcess exited with code 137 (out of memory)", "COMMAND_FAILED", "137"),
        _t("timeout-cmd", "Command 'pytest -q' timed out after 300 seconds", "TIMEOUT"),
    ]


def _jobs() -> list[Case]:
    return [
        _c("job-queued-text", "Your export has been queued (job ID exp_58213). We will email you when it is ready.",
           "pending", handle="exp_58213"),
        _c("job-running-de", "Der Bericht wird noch erstellt. Bitte in 15 Sekunden erneut abfragen. Auftrag: "
                             "R-20931", "pending", handle="R-20931", retry_after_ms=15000),
        _c("job-running-fr", "Traitement en cours (tâche 7731). Réessayez dans 20 secondes.", "pending",
           retry_after_ms=20000),
        _c("job-running-zh", "任务正在处理中，请稍后查询。任务ID: T-5521", "pending", handle="T-5521"),
        _c("job-running-ja", "変換処理を実行中です。ジョブID: J-3381", "pending", handle="J-3381"),
        _c("job-json-queued", {"request_id": "req_9Kp2", "state": "QUEUED", "position": 4, "eta_seconds": 40},
           "pending", handle="req_9Kp2"),
        _c("job-json-transcode", {"job": {"id": "tj-88", "status": "transcoding", "progress": 0.42}, "poll":
                                  "https://media.example.com/v1/jobs/tj-88"}, "pending", handle="tj-88"),
        _c("job-json-replicate", {"id": "rrr4h5kc5hrgg0cf1ehvf1t1nc", "model": "stability-ai/sdxl", "version": "39ed",
                                  "status": "starting", "urls": {"get":
                                                                 "https://api.replicate.com/v1/predictions/rrr4h5",
                                                                 "cancel": "https://api.replicate.com/v1/predictions/"
                                                                 "rrr4h5/cancel"}, "created_at":
                                      "2024-05-01T10:00:00.000Z"}, "pending", handle="rrr4h5kc5hrgg0cf1ehvf1t1nc"),
        _c("job-json-openai-batch", {"id": "batch_abc123", "object": "batch", "endpoint": "/v1/chat/completions",
                                     "status": "validating", "input_file_id": "file-abc123", "created_at": 1714557600,
                                     "request_counts": {"total": 0, "completed": 0, "failed": 0}}, "pending",
           handle="batch_abc123"),
        _c("job-json-assemblyai", {"id": "6rlr37h3a9-c4b0-4b6d-8fbe-8f7b6ed8f1ce", "status": "processing",
                                   "audio_url": "https://cdn.example.com/a.mp3", "text": None}, "pending",
           handle="6rlr37h3a9-c4b0-4b6d-8fbe-8f7b6ed8f1ce"),
        _c("job-json-sagemaker", {"TrainingJobName": "xgb-2024-05-01", "TrainingJobArn":
                                  "arn:aws:sagemaker:us-east-1:123456789012:training-job/xgb-2024-05-01",
                                  "TrainingJobStatus": "InProgress", "SecondaryStatus": "Downloading"}, "pending",
           handle="xgb-2024-05-01"),
        _c("job-json-k8s", {"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "migrate-42"}, "status":
                            {"active": 1, "startTime": "2024-05-01T10:00:00Z"}}, "pending"),
        _c("job-json-retry-after", {"operation": {"id": "op-91", "state": "PENDING"}, "retry_after": 5}, "pending",
           handle="op-91", retry_after_ms=5000),
        _c("job-text-202", "Accepted. Poll https://api.example.com/v2/reports/r-17/status for the result.", "pending",
           http_status=202, poll_url="https://api.example.com/v2/reports/r-17/status"),
        _c("job-text-build", "Build #5512 is still running (step 3 of 7).", "pending"),
        _c("job-text-es", "Su solicitud está en proceso. Número de trámite: 48812.", "pending"),
        _c("job-text-ru", "Экспорт выполняется, это может занять несколько минут.", "pending"),
        _c("job-text-ko", "동영상을 처리하는 중입니다. 잠시만 기다려 주세요.", "pending"),
    ]


def _cancelled() -> list[Case]:
    return [
        _c("cancel-json-run", {"id": "run_Q2b", "object": "thread.run", "status": "cancelled", "cancelled_at":
                               1714557700, "thread_id": "thread_7x"}, "cancelled", handle="run_Q2b"),
        _c("cancel-json-ci", {"id": 88123, "status": "canceled", "ref": "main", "web_url":
                              "https://gitlab.example.com/g/p/-/pipelines/88123"}, "cancelled"),
        _c("cancel-json-batch", {"id": "msgbatch_013", "type": "message_batch", "processing_status": "canceling",
                                 "request_counts": {"processing": 10, "succeeded": 0, "errored": 0, "canceled": 0,
                                                    "expired": 0}}, "cancelled", handle="msgbatch_013"),
        _c("cancel-text-en", "The deployment was cancelled by a newer push.", "cancelled"),
        _c("cancel-text-de", "Der Vorgang wurde vom Benutzer abgebrochen.", "cancelled"),
        _c("cancel-text-es", "La operación fue cancelada por el usuario.", "cancelled"),
        _c("cancel-text-pt", "A tarefa foi cancelada.", "cancelled"),
        _c("cancel-text-zh", "该任务已被取消", "cancelled"),
        _c("cancel-text-ja", "ジョブはキャンセルされました。", "cancelled"),
        _c("cancel-text-it", "L'operazione è stata annullata.", "cancelled"),
        _c("cancel-text-tr", "İşlem kullanıcı tarafından iptal edildi.", "cancelled"),
        _c("cancel-text-ctrlc", "^C\nKeyboardInterrupt: operation aborted by user", "cancelled"),
    ]


def _batches() -> list[Case]:
    return [
        _c("batch-fcm", {"multicast_id": 216, "success": 3, "failure": 1, "canonical_ids": 0, "results": [
            {"message_id": "1:0408"}, {"message_id": "1:1516"}, {"message_id": "1:2342"},
            {"error": "NotRegistered"}]}, "partial"),
        _c("batch-bulk-index", {"took": 30, "errors": True, "items": [
            {"index": {"_index": "logs", "_id": "1", "status": 201, "result": "created"}},
            {"index": {"_index": "logs", "_id": "2", "status": 400, "error": {"type": "mapper_parsing_exception",
                                                                              "reason": "failed to parse field "
                                                                              "[ts]"}}}]}, "partial"),
        _c("batch-mongo", {"ok": 1, "nInserted": 2, "writeErrors": [{"index": 2, "code": 11000, "errmsg":
                                                                     "E11000 duplicate key error"}]}, "partial"),
        _c("batch-counts-import", {"imported": 940, "rejected": 60, "file": "contacts.csv"}, "partial"),
        _c("batch-counts-cn", {"success_count": 18, "fail_count": 2, "fail_list": [{"id": "u19", "reason": "手机号格式"
                                                                                     "错误"}, {"id": "u20", "reason":
                                                                                              "重复"}]}, "partial"),
        _c("batch-text-en", "Uploaded 47 of 50 files; 3 failed (permission denied).", "partial",
           visible=("47", "50", "3")),
        _c("batch-text-de", "12 Datensätze importiert, 3 fehlerhaft.", "partial", visible=("12", "3")),
        _c("batch-text-fr", "18 messages envoyés, 2 échecs.", "partial", visible=("18", "2")),
        _c("batch-text-zh", "成功导入 95 条，失败 5 条", "partial", visible=("95", "5")),
        _c("batch-text-ja", "100件中97件を送信しました。3件は失敗しました。", "partial", visible=("97", "3")),
        _c("batch-text-es", "Se procesaron 8 pagos; 2 fueron rechazados.", "partial", visible=("8", "2")),
        _c("batch-json-results", {"results": [{"id": "a", "ok": True}, {"id": "b", "ok": False, "error":
                                                                         "quota exceeded"},
                                              {"id": "c", "ok": True}]}, "partial"),
        _c("batch-json-all-ok", {"results": [{"id": "a", "ok": True}, {"id": "b", "ok": True}]}, "success"),
        _c("batch-stripe-list", {"object": "list", "data": [{"id": "in_1", "status": "paid"}, {"id": "in_2",
                                                                                             "status": "void"}],
                                 "has_more": False}, "success"),
    ]


def _incomplete() -> list[Case]:
    return [
        _c("cut-json", '{"orders": [{"id": "o1", "total": 12.5}, {"id": "o2", "tot', "uncertain"),
        _c("cut-json-nested", '{"user": {"id": 7, "name": "Lin", "roles": ["admin", "dev"', "uncertain"),
        _c("cut-array", '[{"sku": "A1", "qty": 2}, {"sku": "B2", "qty":', "uncertain"),
        _c("flag-truncated", {"results": [{"id": 1}, {"id": 2}], "truncated": True, "limit": 2}, "uncertain"),
        _c("flag-partial-results", {"hits": [{"id": "d1"}], "partial_results": True, "shards_failed": 2},
           "uncertain"),
        _c("flag-incomplete", {"data": [1, 2, 3], "complete": False, "reason": "timeout while scanning"},
           "uncertain"),
        _c("llm-length", {"id": "cmpl-1", "model": "mistral-small", "choices": [{"index": 0, "message": {
            "role": "assistant", "content": "The three causes are: first,"}, "finish_reason": "length"}]},
           "uncertain"),
        _c("llm-gemini-max", {"candidates": [{"content": {"parts": [{"text": "Step 1: open the"}], "role": "model"},
                                              "finishReason": "MAX_TOKENS"}], "modelVersion": "gemini-1.5-flash"},
           "uncertain"),
        _c("text-truncated", "line 1\nline 2\nline 3\n... [output truncated: 1200 more lines]", "uncertain"),
        _c("text-clipped", "<response clipped><NOTE>To save on context only part of this file has been shown to "
                           "you.</NOTE>", "uncertain"),
        _c("trino-partial", {"id": "20240501_100000_00001_abcde", "stats": {"state": "RUNNING", "progressPercentage":
                                                                            35.5}, "nextUri":
                             "http://trino:8080/v1/statement/executing/20240501_100000_00001_abcde/y1/1"},
           "pending", handle="20240501_100000_00001_abcde"),
        _c("splunk-search", {"sid": "1714557600.123", "entry": [{"content": {"dispatchState": "RUNNING",
                                                                            "doneProgress": 0.4, "isDone": False}}]},
           "pending", handle="1714557600.123"),
    ]


def _successes() -> list[Case]:
    return [
        _c("ok-text-en", "Password changed successfully.", "success"),
        _c("ok-text-de", "Die Datei wurde erfolgreich hochgeladen.", "success"),
        _c("ok-text-zh", "订单已成功提交", "success"),
        _c("ok-text-ja", "登録が完了しました。", "success"),
        _c("ok-text-ru", "Платёж успешно проведён.", "success"),
        _c("ok-text-status-word", "failed", "success"),
        _c("ok-grep-error-lines", "src/app.py:12: raise ValueError(\"invalid id\")\nsrc/app.py:40: except "
                                  "ValueError:", "success"),
        _c("ok-log-with-errors", "2024-05-01 10:00:00,120 INFO started\n2024-05-01 10:00:01,004 ERROR upstream "
                                 "timed out, retrying\n2024-05-01 10:00:02,310 INFO request ok", "success"),
        _c("ok-cat-readme", "# Troubleshooting\n\nIf you see \"Permission denied\", check the file mode.\nIf the "
                            "server returns 429 Too Many Requests, wait and retry.\n", "success"),
        _c("ok-ls", "total 12\ndrwxr-xr-x 2 app app 4096 May  1 10:00 logs\n-rw-r--r-- 1 app app  220 May  1 10:00 "
                    "errors.txt", "success"),
        _c("ok-pytest-pass", "============================= test session starts ==============================\n"
                             "collected 12 items\n\ntests/test_api.py ............                              "
                             "[100%]\n\n============================== 12 passed in 0.31s "
                             "===============================", "success"),
        _c("ok-number", "42", "success"),
        _c("ok-json-message", {"message": "Cache cleared", "cleared": 120}, "success"),
        _c("ok-json-error-null", {"error": None, "data": {"id": "p-1", "price": "9.990"}}, "success"),
        _c("ok-json-errors-empty", {"errors": [], "data": {"viewer": {"login": "ada"}}}, "success"),
        _c("ok-json-status-201", {"status": 201, "id": "c-77", "created": True}, "success"),
        _c("ok-http-ok-text", "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"ok\": true}", "success"),
        _c("ok-kv", "Battery: 80%\nWi-Fi: connected\nBluetooth: off", "success"),
    ]


def unseen8_shape_cases() -> list[Case]:
    return _languages() + _cli() + _jobs() + _cancelled() + _batches() + _incomplete() + _successes()
