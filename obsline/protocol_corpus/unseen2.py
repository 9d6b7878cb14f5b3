"""The second unseen part (session 19): written after the rules were made general (error
envelopes by structure, job states under keys of any style, codes in a CLI line's parentheses,
the multilingual lexicon of ``adapters/status_lexicon.py``), from public documentation of
providers, job and operation shapes and command-line tools no earlier part uses, and error
texts in languages the corpus had not used. Run once; its figures were reported as they came
(session 19). Session 20 read its misses by kind and answered each kind with a mechanism, so it
has informed the rules since; ``unseen3`` is the part written after that.

Labels follow the provider's documented meaning: the stable code is what its documentation
says the error is (an HTTP status the body or the envelope carries decides where the
documentation gives one; the tool's words otherwise); the tool's own code is the documented
machine code field (left unlabelled where the result gives none). Languages marked ``lexicon``
in ``unseen2_shapes.LANGUAGES_IN_LEXICON`` have words in the lexicon written before this part;
the others have none there.
"""

from __future__ import annotations

from obsline.protocol_corpus.case import Case, err
from obsline.protocol_corpus.unseen2_shapes import unseen2_shape_cases


def _e(id: str, raw: object, code: str, tool: str | None = None, **kw: object) -> Case:
    return err(f"unseen2-{id}", raw, code, tool, unseen2=True, **kw)  # type: ignore[arg-type]


def _api_errors() -> list[Case]:
    return [
        _e("twitch", {"error": "Unauthorized", "status": 401, "message": "Invalid OAuth token"}, "AUTH_FAILED", "401",
           style="twitch helix"),
        _e("reddit", {"message": "Too Many Requests", "error": 429}, "RATE_LIMITED", "429", style="reddit"),
        _e("stackexchange", {"error_id": 502, "error_message": "too many requests from this IP, more requests "
                             "available in 3600 seconds", "error_name": "throttle_violation"}, "RATE_LIMITED",
           "throttle_violation", retry_after_ms=3600000, style="stack exchange"),
        _e("mastodon", {"error": "Record not found"}, "NOT_FOUND", style="mastodon", http_status=404),
        _e("bluesky", {"error": "InvalidToken", "message": "Token could not be verified"}, "AUTH_FAILED",
           "InvalidToken", style="at protocol xrpc"),
        _e("youtube", {"error": {"code": 403, "message": "The request cannot be completed because you have "
                                 "exceeded your quota.", "errors": [{"message": "The request cannot be completed "
                                                                     "because you have exceeded your quota.",
                                                                     "domain": "youtube.quota",
                                                                     "reason": "quotaExceeded"}]}},
           "RATE_LIMITED", "quotaExceeded", style="youtube data"),
        _e("mailgun", {"message": "Domain not found: mg.example.com"}, "NOT_FOUND", style="mailgun",
           http_status=404),
        _e("postmark", {"ErrorCode": 10, "Message": "The Server Token you provided in the X-Postmark-Server-Token "
                        "request header was invalid. Please verify that you are using a valid token."},
           "AUTH_FAILED", "10", style="postmark"),
        _e("resend", {"statusCode": 422, "message": "The `to` field is missing.", "name": "missing_required_field"},
           "INVALID_ARGUMENT", "missing_required_field", style="resend"),
        _e("brevo", {"code": "unauthorized", "message": "Key not found"}, "AUTH_FAILED", "unauthorized",
           style="brevo", http_status=401),
        _e("sparkpost", {"errors": [{"message": "Forbidden.", "code": "1902", "description": "Sending domain is "
                                     "not verified"}]}, "PERMISSION_DENIED", "1902", style="sparkpost",
           http_status=403),
        _e("vonage", {"type": "https://developer.nexmo.com/api-errors#unauthorized", "title": "Unauthorized",
                      "detail": "You did not provide correct credentials.", "instance": "797a8f19"},
           "AUTH_FAILED", style="vonage", http_status=401),
        _e("plivo", {"api_id": "c5c0e3a2", "error": "authentication failed"}, "AUTH_FAILED", style="plivo",
           http_status=401),
        _e("ably", {"error": {"message": "Token expired", "code": 40142, "statusCode": 401,
                              "href": "https://help.ably.io/error/40142"}}, "AUTH_FAILED", "40142", style="ably"),
        _e("pusher", {"error": "Unknown app_id"}, "NOT_FOUND", style="pusher", http_status=404),
        _e("opensearch", {"error": {"root_cause": [{"type": "index_not_found_exception", "reason": "no such index "
                                                    "[logs-x]"}], "type": "index_not_found_exception",
                                    "reason": "no such index [logs-x]"}, "status": 404}, "NOT_FOUND",
           "index_not_found_exception", style="opensearch"),
        _e("solr", {"responseHeader": {"status": 400, "QTime": 1}, "error": {"metadata": [
            "error-class", "org.apache.solr.common.SolrException"], "msg": "undefined field titel", "code": 400}},
           "INVALID_ARGUMENT", "400", style="solr"),
        _e("couchdb", {"error": "not_found", "reason": "missing"}, "NOT_FOUND", "not_found", style="couchdb"),
        _e("influxdb", {"code": "unauthorized", "message": "unauthorized access"}, "AUTH_FAILED", "unauthorized",
           style="influxdb v2"),
        _e("neo4j", {"errors": [{"code": "Neo.ClientError.Security.Unauthorized", "message": "The client is "
                                 "unauthorized due to authentication failure."}], "results": []}, "AUTH_FAILED",
           "Neo.ClientError.Security.Unauthorized", style="neo4j http"),
        _e("clickhouse", "Code: 60. DB::Exception: Table default.evts does not exist. (UNKNOWN_TABLE) (version "
           "23.8.2.7)", "NOT_FOUND", "UNKNOWN_TABLE", style="clickhouse"),
        _e("backblaze", {"status": 401, "code": "bad_auth_token", "message": "Invalid authorization token"},
           "AUTH_FAILED", "bad_auth_token", style="backblaze b2"),
        _e("azure-storage", '<?xml version="1.0" encoding="utf-8"?><Error><Code>ContainerNotFound</Code><Message>'
           'The specified container does not exist.\nRequestId:5c3f</Message></Error>', "NOT_FOUND",
           "ContainerNotFound", style="azure storage xml"),
        _e("vercel", {"error": {"code": "forbidden", "message": "Not authorized", "invalidToken": True}},
           "PERMISSION_DENIED", "forbidden", style="vercel"),
        _e("render", {"id": "not_found", "message": "service not found"}, "NOT_FOUND", "not_found", style="render"),
        _e("fastly", {"msg": "Provided credentials are missing or invalid", "detail": "Fastly-Key is invalid"},
           "AUTH_FAILED", style="fastly", http_status=401),
        _e("prometheus", {"status": "error", "errorType": "bad_data", "error": "invalid parameter \"query\": 1:5: "
                          "parse error: unexpected end of input"}, "INVALID_ARGUMENT", "bad_data",
           style="prometheus"),
        _e("grafana", {"message": "Dashboard not found", "status": "not-found"}, "NOT_FOUND", style="grafana",
           http_status=404),
        _e("opsgenie", {"message": "Key format is not valid!", "took": 0.002, "requestId": "a2b1"},
           "AUTH_FAILED", style="opsgenie", http_status=401),
        _e("vault", {"errors": ["permission denied"]}, "PERMISSION_DENIED", style="hashicorp vault",
           http_status=403),
        _e("consul", "ACL not found", "AUTH_FAILED", style="consul", http_status=403),
        _e("nomad", "job not found", "NOT_FOUND", style="nomad", http_status=404),
        _e("terraform-cloud", {"errors": [{"status": "404", "title": "not found"}]}, "NOT_FOUND", "404",
           style="terraform cloud json:api"),
        _e("dockerhub", {"message": "object not found", "errinfo": {}}, "NOT_FOUND", style="docker hub",
           http_status=404),
        _e("artifactory", {"errors": [{"status": 401, "message": "Bad credentials"}]}, "AUTH_FAILED", "401",
           style="artifactory"),
        _e("crates", {"errors": [{"detail": "crate `nopkg` does not exist"}]}, "NOT_FOUND", style="crates.io",
           http_status=404),
        _e("braintree", '<?xml version="1.0" encoding="UTF-8"?><api-error-response><errors><errors type="array"/>'
           '</errors><message>Amount is required.</message></api-error-response>', "INVALID_ARGUMENT",
           style="braintree xml", http_status=422),
        _e("checkout", {"request_id": "0HL80RJLS76I7", "error_type": "request_invalid", "error_codes": [
            "card_number_invalid"]}, "INVALID_ARGUMENT", "card_number_invalid", style="checkout.com",
           http_status=422),
        _e("mercadopago", {"message": "invalid access token", "error": "bad_request", "status": 400, "cause": [
            {"code": 2006, "description": "invalid access token"}]}, "AUTH_FAILED", "2006",
           style="mercado pago"),
        _e("xendit", {"error_code": "INVALID_API_KEY", "message": "API key is invalid"}, "AUTH_FAILED",
           "INVALID_API_KEY", style="xendit"),
        _e("midtrans", {"status_code": "401", "status_message": "Access denied due to unauthorized transaction, "
                        "please check client or server key", "id": "e3c1"}, "AUTH_FAILED", "401",
           style="midtrans"),
        _e("wise", {"errors": [{"code": "NOT_FOUND", "message": "Profile not found", "arguments": ["1234"]}]},
           "NOT_FOUND", "NOT_FOUND", style="wise"),
        _e("gocardless", {"error": {"message": "Resource not found", "documentation_url":
                                    "https://developer.gocardless.com/api-reference#resource_not_found",
                                    "type": "invalid_api_usage", "request_id": "0a1b", "code": 404,
                                    "errors": [{"reason": "resource_not_found", "message": "Resource not found"}]}},
           "NOT_FOUND", "resource_not_found", style="gocardless"),
        _e("woocommerce", {"code": "woocommerce_rest_product_invalid_id", "message": "Invalid ID.",
                           "data": {"status": 404}}, "NOT_FOUND", "woocommerce_rest_product_invalid_id",
           style="woocommerce rest"),
        _e("bigcommerce", {"status": 422, "title": "The field 'name' is required.", "type":
                           "https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes",
                           "errors": {"name": "required"}}, "INVALID_ARGUMENT", "422", style="bigcommerce"),
        _e("magento", {"message": "The consumer isn't authorized to access %resources.", "parameters": {
            "resources": "Magento_Catalog::products"}}, "PERMISSION_DENIED", style="magento", http_status=401),
        _e("ebay", {"errors": [{"errorId": 11001, "domain": "API_ORDER", "category": "REQUEST",
                                "message": "The order ID 99 could not be found."}]}, "NOT_FOUND", "11001",
           style="ebay rest"),
        _e("amazon-sp", {"errors": [{"code": "QuotaExceeded", "message": "You exceeded your quota for the "
                                     "requested resource.", "details": ""}]}, "RATE_LIMITED", "QuotaExceeded",
           style="amazon sp-api"),
        _e("pipedrive", {"success": False, "error": "Deal not found", "errorCode": 404, "error_info": "Please "
                         "check developers.pipedrive.com"}, "NOT_FOUND", "404", style="pipedrive"),
        _e("dynamics", {"error": {"code": "0x80040217", "message": "account With Id = 9f3c Does Not Exist"}},
           "NOT_FOUND", "0x80040217", style="dynamics 365 odata v4"),
        _e("clickup", {"err": "Team not authorized", "ECODE": "OAUTH_027"}, "PERMISSION_DENIED", "OAUTH_027",
           style="clickup"),
        _e("monday", {"error_code": "ResourceNotFoundException", "status_code": 404, "error_message": "Item not "
                      "found in board", "error_data": {"item_id": 12}}, "NOT_FOUND", "ResourceNotFoundException",
           style="monday.com"),
        _e("figma", {"status": 404, "err": "Not found"}, "NOT_FOUND", "404", style="figma"),
        _e("smartsheet", {"errorCode": 1006, "message": "Not Found", "refId": "1a2b3c"}, "NOT_FOUND", "1006",
           style="smartsheet"),
        _e("docusign", {"errorCode": "USER_AUTHENTICATION_FAILED", "message": "One or both of Username and "
                        "Password are invalid."}, "AUTH_FAILED", "USER_AUTHENTICATION_FAILED", style="docusign"),
        _e("todoist", "Task not found", "NOT_FOUND", style="todoist", http_status=404),
        _e("mistral", {"object": "error", "message": "Unauthorized", "type": "invalid_request_error",
                       "param": None, "code": None}, "AUTH_FAILED", style="mistral", http_status=401),
        _e("elevenlabs", {"detail": {"status": "quota_exceeded", "message": "This request exceeds your quota. You "
                                     "have 12 credits remaining."}}, "RATE_LIMITED", "quota_exceeded",
           style="elevenlabs"),
        _e("deepgram", {"err_code": "INVALID_AUTH", "err_msg": "Invalid credentials.", "request_id": "5b1e"},
           "AUTH_FAILED", "INVALID_AUTH", style="deepgram"),
        _e("azure-openai", {"error": {"code": "429", "message": "Requests to the ChatCompletions_Create "
                                      "Operation have exceeded call rate limit. Please retry after 7 seconds."}},
           "RATE_LIMITED", "429", retry_after_ms=7000, style="azure openai"),
        _e("dbt-cloud", {"status": {"code": 404, "is_success": False, "user_message": "Requested resource not "
                                    "found", "developer_message": ""}, "data": None}, "NOT_FOUND", "404",
           style="dbt cloud"),
        _e("fivetran", {"code": "NotFound_Connector", "message": "Connector with id 'x' doesn't exist"},
           "NOT_FOUND", "NotFound_Connector", style="fivetran"),
        _e("mixpanel", {"error": "Invalid API secret", "status": 0}, "AUTH_FAILED", style="mixpanel"),
        _e("tableau", {"error": {"summary": "Signin Error", "detail": "Error signing in to Tableau Server",
                                 "code": "401001"}}, "AUTH_FAILED", "401001", style="tableau rest"),
        _e("here", {"error": "Unauthorized", "error_description": "apiKey invalid. apiKey not found."},
           "AUTH_FAILED", style="here", http_status=401),
        _e("amadeus", {"errors": [{"status": 400, "code": 477, "title": "INVALID FORMAT", "detail": "invalid "
                                   "query parameter format", "source": {"parameter": "departureDate"}}]},
           "INVALID_ARGUMENT", "477", style="amadeus"),
        _e("viber", {"status": 2, "status_message": "invalidAuthToken", "chat_hostname": "SN-376"},
           "AUTH_FAILED", "invalidAuthToken", style="viber"),
        _e("onesignal", {"errors": ["App not found"]}, "NOT_FOUND", style="onesignal", http_status=404),
        _e("twitch-429", {"error": "Too Many Requests", "status": 429, "message": "Rate limit exceeded. Retry "
                          "after 12 seconds."}, "RATE_LIMITED", "429", retry_after_ms=12000, style="twitch helix"),
    ]


def _cli_errors() -> list[Case]:
    return [
        _e("helm", "Error: INSTALLATION FAILED: cannot re-use a name that is still in use", "CONFLICT",
           style="helm"),
        _e("ansible", "fatal: [web1]: UNREACHABLE! => {\"changed\": false, \"msg\": \"Failed to connect to the "
           "host via ssh: ssh: connect to host 10.0.0.9 port 22: Connection timed out\", \"unreachable\": true}",
           "TIMEOUT", style="ansible"),
        _e("pulumi", "error: failed to load checkpoint: blob (key \".pulumi/stacks/dev.json\") (code=NotFound): "
           "NoSuchKey: The specified key does not exist.", "NOT_FOUND", style="pulumi"),
        _e("maven", "[ERROR] Failed to execute goal on project app: Could not resolve dependencies for project "
           "com.acme:app:jar:1.0: Could not find artifact com.acme:lib:jar:2.0 in central", "NOT_FOUND",
           style="maven"),
        _e("gradle", "FAILURE: Build failed with an exception.\n\n* What went wrong:\nTask 'bulid' not found in "
           "root project 'app'.", "NOT_FOUND", style="gradle"),
        _e("dotnet", "error NU1101: Unable to find package Acme.Lib. No packages exist with this id in source(s): "
           "nuget.org", "NOT_FOUND", "NU1101", style="dotnet cli"),
        _e("go-get", "go: module github.com/acme/nope: git ls-remote -q origin in /root/go/pkg/mod/cache/vcs/1a: "
           "exit status 128:\n\tfatal: could not read Username for 'https://github.com': terminal prompts "
           "disabled", "AUTH_FAILED", style="go modules"),
        _e("gh-cli", "HTTP 401: Bad credentials (https://api.github.com/user)", "AUTH_FAILED", "401",
           style="gh cli"),
        _e("heroku-cli", " ▸    Couldn't find that app.", "NOT_FOUND", style="heroku cli"),
        _e("flyctl", "Error: failed to fetch an image or build from source: app does not have a Dockerfile or "
           "buildpacks configured", "INVALID_ARGUMENT", style="flyctl"),
        _e("redis-cli", "(error) NOAUTH Authentication required.", "AUTH_FAILED", "NOAUTH", style="redis-cli"),
        _e("mongosh", "MongoServerError: command find requires authentication", "AUTH_FAILED", "MongoServerError",
           style="mongosh"),
        _e("sqlcmd", "Sqlcmd: Error: Microsoft ODBC Driver 18 for SQL Server : Login timeout expired.", "TIMEOUT",
           style="sqlcmd"),
        _e("rsync", "rsync: [sender] change_dir \"/data/missing\" failed: No such file or directory (2)\nrsync "
           "error: some files/attrs were not transferred (see previous errors) (code 23) at main.c(1338) "
           "[sender=3.2.7]", "NOT_FOUND", style="rsync"),
        _e("scp", "scp: /srv/app/config.yml: Permission denied", "PERMISSION_DENIED", style="scp"),
        _e("openssl", "40E7B0D1E07F0000:error:80000002:system library:BIO_new_file:No such file or directory:"
           "crypto/bio/bss_file.c:67:calling fopen(cert.pem, r)", "NOT_FOUND", style="openssl"),
        _e("systemctl", "Failed to start nginx.service: Unit nginx.service not found.", "NOT_FOUND",
           style="systemctl"),
        _e("apt", "E: Unable to locate package nopkg", "NOT_FOUND", style="apt"),
        _e("brew", "Error: No available formula with the name \"nopkg\". Did you mean nopk?", "NOT_FOUND",
           style="homebrew"),
        _e("composer", "  [InvalidArgumentException]\n  Could not find a matching version of package acme/nope. "
           "Check the package spelling, your version constraint and that the package is available in a "
           "stability which matches your minimum-stability (stable).", "NOT_FOUND", style="composer"),
    ]


def _languages() -> list[Case]:
    return [
        _e("bg", "Грешка: файлът не е намерен", "NOT_FOUND", style="plain text", lang="bg"),
        _e("hr", {"error": "Pristup odbijen"}, "PERMISSION_DENIED", style="error string", lang="hr"),
        _e("sr", "Грешка: превише захтева, покушајте поново за 60 секунди", "RATE_LIMITED", retry_after_ms=60000,
           style="plain text", lang="sr"),
        _e("sk", {"status": "error", "message": "Požiadavka vypršala"}, "TIMEOUT", style="jsend", lang="sk"),
        _e("sl", "Napaka: uporabnik ne obstaja", "NOT_FOUND", style="plain text", lang="sl"),
        _e("lt", "Klaida: prieiga uždrausta", "PERMISSION_DENIED", style="plain text", lang="lt"),
        _e("lv", {"ok": False, "error": "Lietotājs nav atrasts"}, "NOT_FOUND", style="ok:false", lang="lv"),
        _e("et", "Viga: serveri viga, proovige hiljem uuesti", "UPSTREAM_FAILURE", style="plain text", lang="et"),
        _e("is", "Villa: notandi fannst ekki", "NOT_FOUND", style="plain text", lang="is"),
        _e("ca", {"error": {"code": "NOT_FOUND", "message": "No s'ha trobat el fitxer"}}, "NOT_FOUND", "NOT_FOUND",
           style="error object", lang="ca"),
        _e("bn", "ত্রুটি: অনুমতি নেই", "PERMISSION_DENIED", style="plain text", lang="bn"),
        _e("ta", {"error": "பயனர் கண்டுபிடிக்க முடியவில்லை"}, "NOT_FOUND", style="error string", lang="ta"),
        _e("ur", "خرابی: بہت زیادہ درخواستیں", "RATE_LIMITED", style="plain text", lang="ur"),
        _e("sw", "Hitilafu: muda umekwisha", "TIMEOUT", style="plain text", lang="sw"),
        _e("ka", "შეცდომა: წვდომა აკრძალულია", "PERMISSION_DENIED", style="plain text", lang="ka"),
        _e("az", "Xəta: istifadəçi tapılmadı", "NOT_FOUND", style="plain text", lang="az"),
        # languages with no words in the lexicon
        _e("mk", "Грешка: корисникот не е пронајден", "NOT_FOUND", style="plain text", lang="mk"),
        _e("cy", "Gwall: ni chanfuwyd y ffeil", "NOT_FOUND", style="plain text", lang="cy"),
        _e("ga", "Earráid: níor aimsíodh an comhad", "NOT_FOUND", style="plain text", lang="ga"),
        _e("mt", "Żball: aċċess miċħud", "PERMISSION_DENIED", style="plain text", lang="mt"),
        _e("ne", "त्रुटि: धेरै अनुरोधहरू", "RATE_LIMITED", style="plain text", lang="ne"),
        _e("mr", {"error": "वापरकर्ता सापडला नाही"}, "NOT_FOUND", style="error string", lang="mr"),
        _e("te", "లోపం: అనుమతి నిరాకరించబడింది", "PERMISSION_DENIED", style="plain text", lang="te"),
        _e("km", "កំហុស៖ រកមិនឃើញឯកសារ", "NOT_FOUND", style="plain text", lang="km"),
        _e("yo", "Aṣiṣe: a ko ri faili naa", "NOT_FOUND", style="plain text", lang="yo"),
        _e("zu", "Iphutha: ukufinyelela kwenqatshelwe", "PERMISSION_DENIED", style="plain text", lang="zu"),
    ]


def unseen2_cases() -> list[Case]:
    return _api_errors() + _cli_errors() + _languages() + unseen2_shape_cases()
