"""The third unseen part (session 20): written after the rules were made general by kind for the
second unseen part's misses (jobs by their shape, partial counts under any names, codes and
messages under any names, CLI forms, the lexicon's new languages), from public documentation of
providers, command-line tools and job shapes no earlier part uses, and error texts in languages
the corpus had not used. Run once; its figures are reported as they came (docs/design.md), and
no rule was changed for it afterwards.

Labels follow the provider's documented meaning: the stable code is what its documentation says
the error is (an HTTP status the envelope carries decides where the documentation gives one; the
tool's words otherwise); the tool's own code is the documented machine code field (left
unlabelled where the result gives none). Languages are grouped in ``unseen3_shapes``: those with
lexicon words written before session 20, those given words in session 20 (before this part was
written, by the same author: an upper bound), and those with none.
"""

from __future__ import annotations

from obsline.protocol_corpus.case import Case, err
from obsline.protocol_corpus.unseen3_shapes import unseen3_shape_cases


def _e(id: str, raw: object, code: str, tool: str | None = None, **kw: object) -> Case:
    return err(f"unseen3-{id}", raw, code, tool, unseen3=True, **kw)  # type: ignore[arg-type]


def _payments() -> list[Case]:
    return [
        _e("paddle", {"error": {"type": "request_error", "code": "not_found", "detail": "Entity pri_01h not found",
                                "documentation_url": "https://developer.paddle.com/errors/shared/not_found"},
                      "meta": {"request_id": "b1c2"}}, "NOT_FOUND", "not_found", style="paddle billing",
           http_status=404),
        _e("chargebee", {"message": "Subscription with id sub_77 not found", "type": "invalid_request",
                         "api_error_code": "resource_not_found", "error_code": "resource_not_found",
                         "error_msg": "Subscription with id sub_77 not found", "http_status_code": 404},
           "NOT_FOUND", "resource_not_found", style="chargebee"),
        _e("recurly", {"error": {"type": "not_found", "message": "Couldn't find Account with code = acme-9",
                                 "params": [{"param": "account_code"}]}}, "NOT_FOUND", "not_found", style="recurly v3",
           http_status=404),
        _e("lemonsqueezy", {"jsonapi": {"version": "1.0"}, "errors": [{"detail": "Unauthenticated.", "status": "401",
                                                                       "title": "Unauthorized"}]},
           "AUTH_FAILED", style="lemon squeezy"),
        _e("authorize-net", {"messages": {"resultCode": "Error", "message": [
            {"code": "E00007", "text": "User authentication failed due to invalid authentication values."}]}},
           "AUTH_FAILED", "E00007", style="authorize.net"),
        _e("worldpay", {"errorName": "accessDenied", "message": "Access to the requested resource has been denied"},
           "PERMISSION_DENIED", "accessDenied", style="worldpay access", http_status=403),
        _e("mangopay", {"Message": "One or several required parameters are missing or incorrect.", "Type":
                        "param_error", "Id": "5c1b0b", "Date": 1700000000, "errors": {
                            "AuthorId": "The AuthorId field is required."}}, "INVALID_ARGUMENT", "param_error",
           style="mangopay", http_status=400),
        _e("revolut", {"code": 9002, "message": "Insufficient balance"}, "CONFLICT", "9002", style="revolut business",
           http_status=400),
        _e("truelayer", {"type": "https://docs.truelayer.com/docs/error-types#unauthenticated", "title":
                         "Unauthenticated", "status": 401, "trace_id": "6f1e", "detail": "Invalid access token"},
           "AUTH_FAILED", style="truelayer problem details"),
        _e("bitstamp", {"status": "error", "reason": "Invalid nonce", "code": "API0004"}, "INVALID_ARGUMENT",
           "API0004", style="bitstamp"),
        _e("bitfinex", ["error", 10020, "request: invalid"], "INVALID_ARGUMENT", "10020", style="bitfinex v2"),
        _e("okx", {"code": "50011", "msg": "Too Many Requests", "data": []}, "RATE_LIMITED", "50011", style="okx"),
        _e("bybit", {"retCode": 10006, "retMsg": "Too many visits!", "result": {}, "retExtInfo": {}, "time":
                     1700000000000}, "RATE_LIMITED", "10006", style="bybit v5"),
        _e("gemini-exchange", {"result": "error", "reason": "InvalidSignature", "message": "InvalidSignature"},
           "AUTH_FAILED", "InvalidSignature", style="gemini exchange"),
    ]


def _messaging() -> list[Case]:
    return [
        _e("messagebird", {"errors": [{"code": 2, "description": "Request not allowed (incorrect access_key)",
                                       "parameter": "access_key"}]}, "AUTH_FAILED", "2", style="messagebird",
           http_status=401),
        _e("sinch", {"code": "syntax_invalid_parameter_format", "text": "Parameter 'to' has an invalid format"},
           "INVALID_ARGUMENT", "syntax_invalid_parameter_format", style="sinch sms", http_status=400),
        _e("infobip", {"requestError": {"serviceException": {"messageId": "UNAUTHORIZED", "text":
                                                             "Invalid login details"}}}, "AUTH_FAILED", "UNAUTHORIZED",
           style="infobip", http_status=401),
        _e("telnyx", {"errors": [{"code": "10009", "title": "Authentication failed", "detail":
                                  "The API key provided is invalid.", "meta": {
                                      "url": "https://developers.telnyx.com/docs/overview/errors/10009"}}]},
           "AUTH_FAILED", "10009", style="telnyx", http_status=401),
        _e("bandwidth", {"type": "rate-limit-exceeded", "description": "You have exceeded the rate limit", "id": None},
           "RATE_LIMITED", "rate-limit-exceeded", style="bandwidth", http_status=429),
        _e("pushover", {"user": "invalid", "errors": ["user identifier is not a valid user, group, or subscribed "
                                                      "user key"], "status": 0, "request": "5042853c"},
           "INVALID_ARGUMENT", style="pushover", http_status=400),
        _e("matrix-forbidden", {"errcode": "M_FORBIDDEN", "error": "You are not invited to this room."},
           "PERMISSION_DENIED", "M_FORBIDDEN", style="matrix client-server", http_status=403),
        _e("matrix-limit", {"errcode": "M_LIMIT_EXCEEDED", "error": "Too many requests", "retry_after_ms": 2000},
           "RATE_LIMITED", "M_LIMIT_EXCEEDED", retry_after_ms=2000, style="matrix client-server", http_status=429),
        _e("mattermost", {"id": "api.context.session_expired.app_error", "message": "Invalid or expired session, "
                          "please login again.", "detailed_error": "", "request_id": "x1q", "status_code": 401},
           "AUTH_FAILED", "api.context.session_expired.app_error", style="mattermost"),
        _e("zulip", {"result": "error", "msg": "Invalid stream name 'nonexist'", "code": "BAD_REQUEST", "stream":
                     "nonexist"}, "INVALID_ARGUMENT", "BAD_REQUEST", style="zulip"),
        _e("webex", {"message": "The requested resource could not be found.", "errors": [
            {"description": "The requested resource could not be found."}], "trackingId": "ROUTER_5F1A"},
           "NOT_FOUND", style="webex", http_status=404),
        _e("ringcentral", {"errorCode": "CMN-102", "message": "Resource for parameter [extensionId] is not found",
                           "errors": [{"errorCode": "CMN-102", "message": "Resource for parameter [extensionId] is "
                                       "not found", "parameterName": "extensionId"}]}, "NOT_FOUND", "CMN-102",
           style="ringcentral", http_status=404),
    ]


def _devtools() -> list[Case]:
    return [
        _e("bugsnag", {"errors": ["Unauthorized"]}, "AUTH_FAILED", style="bugsnag", http_status=401),
        _e("rollbar", {"err": 1, "message": "invalid access token"}, "AUTH_FAILED", style="rollbar"),
        _e("honeycomb", {"error": "unknown API key - check your credentials, region, and API URL"}, "AUTH_FAILED",
           style="honeycomb", http_status=401),
        _e("newrelic", {"errors": [{"message": "Not authorized to access account 123", "extensions": {
            "errorClass": "FORBIDDEN"}}], "data": {"actor": {"account": None}}}, "PERMISSION_DENIED", "FORBIDDEN",
           style="new relic nerdgraph"),
        _e("launchdarkly", {"code": "not_found", "message": "Unknown feature flag key"}, "NOT_FOUND", "not_found",
           style="launchdarkly", http_status=404),
        _e("posthog", {"type": "authentication_error", "code": "not_authenticated", "detail":
                       "Authentication credentials were not provided.", "attr": None}, "AUTH_FAILED",
           "not_authenticated", style="posthog", http_status=401),
        _e("amplitude", {"code": 429, "error": "Too many requests for some devices and users", "eps_threshold": 30,
                         "throttled_devices": {"C8F9E604": 31}}, "RATE_LIMITED", "429", style="amplitude http v2"),
        _e("segment", {"success": False, "message": "Invalid write key"}, "AUTH_FAILED", style="segment tracking",
           http_status=401),
        _e("snyk", {"jsonapi": {"version": "1.0"}, "errors": [{"status": "404", "detail": "Org not found", "title":
                                                               "Not Found", "code": "SNYK-0003"}]},
           "NOT_FOUND", "SNYK-0003", style="snyk rest"),
        _e("sonarqube", {"errors": [{"msg": "Component key 'proj' not found"}]}, "NOT_FOUND", style="sonarqube",
           http_status=404),
        _e("codecov", {"detail": "Not found."}, "NOT_FOUND", style="codecov", http_status=404),
        _e("uptimerobot", {"stat": "fail", "error": {"type": "not_found", "message": "monitor not found."}},
           "NOT_FOUND", "not_found", style="uptimerobot"),
        _e("statuspage", {"error": "Couldn't authenticate you"}, "AUTH_FAILED", style="statuspage", http_status=401),
        _e("dynatrace", {"error": {"code": 401, "message": "Token Authentication failed"}}, "AUTH_FAILED", "401",
           style="dynatrace"),
    ]


def _data_and_ai() -> list[Case]:
    return [
        _e("neon", {"code": "", "message": "project not found", "request_id": "r1"}, "NOT_FOUND", style="neon",
           http_status=404),
        _e("planetscale", {"code": "not_found", "message": "Not Found"}, "NOT_FOUND", "not_found",
           style="planetscale", http_status=404),
        _e("cockroach-cloud", {"code": 5, "message": "cluster not found", "details": []}, "NOT_FOUND", "5",
           style="cockroachdb cloud"),
        _e("qdrant", {"status": {"error": "Not found: Collection `docs` doesn't exist!"}, "time": 0.0001},
           "NOT_FOUND", style="qdrant", http_status=404),
        _e("weaviate", {"error": [{"message": "no graphql provider present, this is most likely because no schema "
                                   "is present"}]}, "INVALID_ARGUMENT", style="weaviate", http_status=422),
        _e("milvus", {"code": 1100, "message": "collection not found[collection=demo]"}, "NOT_FOUND", "1100",
           style="milvus restful"),
        _e("groq", {"error": {"message": "Rate limit reached for model `llama3-70b` in organization `org_1` on "
                              "tokens per minute (TPM): Limit 6000, Used 5800, Requested 400. Please try again in "
                              "2s.", "type": "tokens", "code": "rate_limit_exceeded"}}, "RATE_LIMITED",
           "rate_limit_exceeded", retry_after_ms=2000, style="groq", http_status=429),
        _e("together", {"error": {"message": "Input validation error: `inputs` tokens + `max_new_tokens` must be "
                                  "<= 8193", "type": "invalid_request_error", "param": None, "code": None}},
           "INVALID_ARGUMENT", "invalid_request_error", style="together ai", http_status=400),
        _e("perplexity", {"error": {"message": "Invalid model 'pplx-x'. Permitted models can be found in the "
                                    "documentation.", "type": "invalid_model", "code": 400}}, "INVALID_ARGUMENT",
           "invalid_model", style="perplexity"),
        _e("voyage", {"detail": "Provided API key is invalid."}, "AUTH_FAILED", style="voyage ai", http_status=401),
        _e("jina", {"detail": "Failed to authenticate: invalid token"}, "AUTH_FAILED", style="jina ai",
           http_status=401),
        _e("openrouter", {"error": {"code": 408, "message": "Request timed out"}}, "TIMEOUT", "408",
           style="openrouter"),
        _e("appwrite", {"message": "Document with the requested ID could not be found.", "code": 404, "type":
                        "document_not_found", "version": "1.5.7"}, "NOT_FOUND", "document_not_found",
           style="appwrite"),
        _e("pocketbase", {"code": 404, "message": "The requested resource wasn't found.", "data": {}}, "NOT_FOUND",
           "404", style="pocketbase"),
        _e("hasura", {"errors": [{"extensions": {"path": "$.selectionSet.users", "code": "validation-failed"},
                                  "message": "field 'users' not found in type: 'query_root'"}]},
           "INVALID_ARGUMENT", "validation-failed", style="hasura graphql"),
        _e("upstash", {"error": "WRONGPASS invalid or missing auth token"}, "AUTH_FAILED", style="upstash redis rest",
           http_status=401),
    ]


def _business() -> list[Case]:
    return [
        _e("calendly", {"title": "Resource Not Found", "message": "The server could not find the requested "
                        "resource.", "details": []}, "NOT_FOUND", style="calendly", http_status=404),
        _e("typeform", {"code": "FORM_NOT_FOUND", "description": "Non existing form with uid abc"}, "NOT_FOUND",
           "FORM_NOT_FOUND", style="typeform", http_status=404),
        _e("jotform", {"responseCode": 404, "message": "Form not found", "content": "", "duration": "9ms"},
           "NOT_FOUND", "404", style="jotform"),
        _e("miro", {"type": "error", "code": "2.0703", "message": "Board not found", "context": {"fields": []},
                    "status": 404}, "NOT_FOUND", "2.0703", style="miro"),
        _e("coda", {"statusCode": 429, "statusMessage": "Too Many Requests", "message": "Too many requests. Please "
                    "try again later."}, "RATE_LIMITED", "429", style="coda"),
        _e("freshbooks", {"response": {"errors": [{"errno": 1012, "field": "userid", "message": "User not found.",
                                                   "object": "client", "value": "999"}]}}, "NOT_FOUND", "1012",
           style="freshbooks"),
        _e("netsuite", {"type": "https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.5", "title": "Not Found",
                        "status": 404, "o:errorDetails": [{"detail": "The record instance does not exist.",
                                                           "o:errorCode": "NONEXISTENT_ID"}]}, "NOT_FOUND",
           "NONEXISTENT_ID", style="netsuite rest"),
        _e("greenhouse", {"message": "Resource not found"}, "NOT_FOUND", style="greenhouse harvest", http_status=404),
        _e("etsy", {"error": "Invalid API key: should be a 24-character alpha-numeric string"}, "AUTH_FAILED",
           style="etsy open api v3", http_status=401),
        _e("walmart", {"errors": {"error": [{"code": "UNAUTHORIZED.GMP_GATEWAY_API", "field": "UNAUTHORIZED",
                                             "description": "Unauthorized", "info": "Unauthorized token or token "
                                             "is expired", "severity": "ERROR", "category": "DATA", "causes": []}]}},
           "AUTH_FAILED", "UNAUTHORIZED.GMP_GATEWAY_API", style="walmart marketplace", http_status=401),
        _e("allegro", {"errors": [{"code": "NotFoundException", "message": "Offer 123 not found", "details": None,
                                   "path": None, "userMessage": "Nie znaleziono oferty"}]}, "NOT_FOUND",
           "NotFoundException", style="allegro", http_status=404),
        _e("ozon", {"code": 5, "message": "product not found", "details": []}, "NOT_FOUND", "5", style="ozon seller"),
        _e("easypost", {"error": {"code": "ADDRESS.VERIFY.FAILURE", "message": "Unable to verify address.",
                                  "errors": [{"field": "address", "message": "Address not found"}]}},
           "INVALID_ARGUMENT", "ADDRESS.VERIFY.FAILURE", style="easypost", http_status=422),
        _e("shippo", {"detail": "Invalid token."}, "AUTH_FAILED", style="shippo", http_status=401),
        _e("aftership", {"meta": {"code": 4004, "message": "Tracking does not exist.", "type": "NotFound"},
                         "data": {}}, "NOT_FOUND", "4004", style="aftership"),
        _e("fedex", {"transactionId": "624deea6", "errors": [{"code": "NOT.AUTHORIZED.ERROR", "message":
                                                            "Access token expired. Please modify your request and "
                                                            "try again."}]}, "AUTH_FAILED", "NOT.AUTHORIZED.ERROR",
           style="fedex", http_status=401),
        _e("ups", {"response": {"errors": [{"code": "250002", "message": "Invalid Authentication Information."}]}},
           "AUTH_FAILED", "250002", style="ups", http_status=401),
        _e("duffel", {"meta": {"status": 422, "request_id": "FZW0"}, "errors": [
            {"type": "validation_error", "title": "Field 'passengers' is required", "message": "Field 'passengers' "
             "is required", "documentation_url": "https://duffel.com/docs/api/overview/errors", "code":
             "validation_required"}]}, "INVALID_ARGUMENT", "validation_required", style="duffel"),
        _e("tomtom", {"errorText": "Developer Inactive", "detailedError": {"code": "Forbidden", "message":
                                                                          "Developer Inactive"},
                      "httpStatusCode": 403}, "PERMISSION_DENIED", "Forbidden", style="tomtom"),
        _e("yelp", {"error": {"code": "TOKEN_INVALID", "description": "Invalid access token or authorization "
                                                                      "header."}}, "AUTH_FAILED", "TOKEN_INVALID",
           style="yelp fusion", http_status=401),
        _e("foursquare", {"message": "Rate limit exceeded"}, "RATE_LIMITED", style="foursquare places",
           http_status=429),
    ]


def _public_and_cloud() -> list[Case]:
    return [
        _e("companies-house", {"errors": [{"error": "company-profile-not-found", "type": "ch:service"}]},
           "NOT_FOUND", "company-profile-not-found", style="companies house", http_status=404),
        _e("govuk-notify", {"status_code": 400, "errors": [{"error": "BadRequestError", "message": "Can't send to "
                                                            "this recipient using a team-only API key"}]},
           "INVALID_ARGUMENT", "BadRequestError", style="gov.uk notify"),
        _e("vies", {"actionSucceed": False, "errorWrappers": [{"error": "MS_MAX_CONCURRENT_REQ", "message": "Your "
                    "Request for VAT validation has not been processed; the maximum number of concurrent requests "
                    "for this Member State has been reached. Please re-submit your request later."}]},
           "RATE_LIMITED", "MS_MAX_CONCURRENT_REQ", style="eu vies"),
        _e("mediawiki-missing", {"error": {"code": "missingtitle", "info": "The page you specified doesn't exist.",
                                           "*": "See https://en.wikipedia.org/w/api.php for API usage."},
                                 "servedby": "mw1423"}, "NOT_FOUND", "missingtitle", style="mediawiki action api"),
        _e("mediawiki-ratelimited", {"error": {"code": "ratelimited", "info": "As an anti-abuse measure, you are "
                                               "limited from performing this action too many times in a short "
                                               "space of time, and you have exceeded this limit. Please try again "
                                               "in a few minutes."}}, "RATE_LIMITED", "ratelimited",
           style="mediawiki action api"),
        _e("crossref", "Resource not found.", "NOT_FOUND", style="crossref", http_status=404),
        _e("ncbi", {"error": "API rate limit exceeded", "api-key": "1.2.3.4", "count": "11", "limit": "10"},
           "RATE_LIMITED", style="ncbi e-utilities", http_status=429),
        _e("nasa", {"error": {"code": "API_KEY_INVALID", "message": "An invalid api_key was supplied. Get one at "
                              "https://api.nasa.gov:443"}}, "AUTH_FAILED", "API_KEY_INVALID", style="api.nasa.gov",
           http_status=403),
        _e("keycloak", {"errorMessage": "User exists with same username"}, "CONFLICT", style="keycloak admin",
           http_status=409),
        _e("deno-deploy", {"code": "projectNotFound", "message": "The requested project was not found."},
           "NOT_FOUND", "projectNotFound", style="deno deploy", http_status=404),
        _e("koyeb", {"status": 404, "code": "NOT_FOUND", "message": "Not Found"}, "NOT_FOUND", "NOT_FOUND",
           style="koyeb"),
        _e("linode", {"errors": [{"reason": "Invalid Token"}]}, "AUTH_FAILED", style="linode", http_status=401),
        _e("hetzner", {"error": {"code": "rate_limit_exceeded", "message": "limit of 3600 requests per hour reached",
                                 "details": {}}}, "RATE_LIMITED", "rate_limit_exceeded", style="hetzner cloud",
           http_status=429),
        _e("scaleway", {"message": "resource is not found", "resource": "instance_server", "resource_id": "11",
                        "type": "not_found"}, "NOT_FOUND", "not_found", style="scaleway", http_status=404),
        _e("ovh", {"class": "Client::Forbidden", "message": "This call has not been granted"}, "PERMISSION_DENIED",
           "Client::Forbidden", style="ovhcloud", http_status=403),
        _e("ibm-cloud", {"errors": [{"code": "not_found", "message": "Instance not found", "more_info":
                                     "https://cloud.ibm.com/docs"}], "trace": "7a1c", "status_code": 404},
           "NOT_FOUND", "not_found", style="ibm cloud"),
        _e("oci", {"code": "NotAuthorizedOrNotFound", "message": "Authorization failed or requested resource not "
                   "found."}, "NOT_FOUND", "NotAuthorizedOrNotFound", style="oracle cloud", http_status=404),
    ]


def _cli() -> list[Case]:
    return [
        _e("podman", "Error: no such container: web1", "NOT_FOUND", style="podman"),
        _e("skaffold", 'getting hash for artifact "app": getting dependencies for "app": stat Dockerfile: no such '
           "file or directory", "NOT_FOUND", style="skaffold"),
        _e("istioctl", 'Error: could not find pod matching "app=reviews" in namespace default', "NOT_FOUND",
           style="istioctl"),
        _e("packer", 'Error: Failed to prepare build: "amazon-ebs.x"\n\n1 error occurred:\n\t* An ssh_username must '
           "be specified", "INVALID_ARGUMENT", style="packer"),
        _e("doctl", 'Error: GET https://api.digitalocean.com/v2/droplets/1: 404 (request "d1") The resource you '
           "were accessing could not be found.", "NOT_FOUND", style="doctl"),
        _e("hcloud", "hcloud: server not found: web-9 (not_found)", "NOT_FOUND", "not_found", style="hcloud"),
        _e("wrangler", "✘ [ERROR] A request to the Cloudflare API (/accounts/x/workers/scripts/y) failed.\n\n"
           "  Authentication error [code: 10000]", "AUTH_FAILED", "10000", style="wrangler"),
        _e("svn", "svn: E170000: URL 'https://svn.example/repo/trunk' doesn't exist", "NOT_FOUND", "E170000",
           style="svn"),
        _e("hg", "abort: repository /tmp/nope not found", "NOT_FOUND", style="mercurial"),
        _e("make", "make: *** No rule to make target 'build'.  Stop.", "NOT_FOUND", style="make"),
        _e("cmake", 'CMake Error at CMakeLists.txt:3 (find_package):\n  Could not find a package configuration file '
           'provided by "Boost"', "NOT_FOUND", style="cmake"),
        _e("bazel", "ERROR: Skipping '//app:main': no such target '//app:main': target 'main' not declared in "
           "package 'app'", "NOT_FOUND", style="bazel"),
        _e("yarn", 'error Couldn\'t find package "left-padd" on the "npm" registry.', "NOT_FOUND", style="yarn"),
        _e("pnpm", " ERR_PNPM_FETCH_404  GET https://registry.npmjs.org/nopkg: Not Found - 404", "NOT_FOUND",
           "ERR_PNPM_FETCH_404", style="pnpm"),
        _e("deno", 'error: Module not found "file:///app/mod.ts".', "NOT_FOUND", style="deno"),
        _e("uv", "error: No solution found when resolving dependencies:\n  ╰─▶ Because nopkg was not found in the "
           "package registry and you require nopkg, we can conclude that your requirements are unsatisfiable.",
           "NOT_FOUND", style="uv"),
        _e("conda", "PackagesNotFoundError: The following packages are not available from current channels:\n\n"
           "  - nopkg", "NOT_FOUND", "PackagesNotFoundError", style="conda"),
        _e("gem", "ERROR:  Could not find a valid gem 'nogem' (>= 0) in any repository", "NOT_FOUND", style="gem"),
        _e("adb", "adb: error: failed to get feature set: device 'emulator-5556' not found", "NOT_FOUND", style="adb"),
        _e("winget", "No package found matching input criteria.", "NOT_FOUND", style="winget"),
        _e("pacman", "error: target not found: nopkg", "NOT_FOUND", style="pacman"),
        _e("dnf", "Error: Unable to find a match: nopkg", "NOT_FOUND", style="dnf"),
        _e("jq", 'jq: error (at <stdin>:1): Cannot index string with "name"', "INVALID_ARGUMENT", style="jq"),
        _e("kafka-topics", "Error while executing topic command : Topic 'orders' does not exist as expected",
           "NOT_FOUND", style="kafka-topics"),
        _e("eslint", 'Oops! Something went wrong! :(\n\nESLint: 8.57.0\n\nESLint couldn\'t find the config "airbnb" '
           "to extend from.", "NOT_FOUND", style="eslint"),
        _e("tsc", "error TS5058: The specified path does not exist: 'tsconfig.json'.", "NOT_FOUND", "TS5058",
           style="tsc"),
        _e("xcodebuild", "xcodebuild: error: 'App.xcodeproj' does not exist.", "NOT_FOUND", style="xcodebuild"),
        _e("fastlane", "[!] Could not find action, lane or variable 'deploy'.", "NOT_FOUND", style="fastlane"),
        _e("rustc", "error[E0425]: cannot find value `x` in this scope", "NOT_FOUND", "E0425", style="rustc"),
        _e("sbt", "[error] Not a valid command: compil", "INVALID_ARGUMENT", style="sbt"),
        _e("cqlsh", 'InvalidRequest: Error from server: code=2200 [Invalid query] message="unconfigured table users"',
           "INVALID_ARGUMENT", style="cqlsh"),
    ]


def unseen3_cases() -> list[Case]:
    return (_payments() + _messaging() + _devtools() + _data_and_ai() + _business() + _public_and_cloud() + _cli()
            + unseen3_shape_cases())
