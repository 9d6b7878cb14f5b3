"""The unseen part (session 18): written after the two-reason fixes (an HTTP 401/403 whose words
name the other credential failure, SQLSTATE classes, ``X_UNKNOWN`` codes, the first-stated of
alternative causes), from public formats of API styles, command-line tools and languages no
earlier part uses. It was run once (session 18), and its figures were reported as they came.
Session 19 read its misses by kind and made the rules general by mechanism, so it has informed
the rules since; ``unseen2`` is the part written after that.

The expected code is what the result's own structure says first: a code of the tool's, then
its HTTP status, then its words; a business record's ``status`` is data.
"""

from __future__ import annotations

from obsline.protocol_corpus.case import Case, err
from obsline.protocol_corpus.unseen_shapes import unseen_shape_cases


def _e(id: str, raw: object, code: str, tool: str | None = None, **kw: object) -> Case:
    return err(f"unseen-{id}", raw, code, tool, unseen=True, **kw)  # type: ignore[arg-type]


def _saas_errors() -> list[Case]:
    return [
        _e("zoom", {"code": 124, "message": "Invalid access token."}, "AUTH_FAILED", "124", style="zoom"),
        _e("asana", {"errors": [{"message": "project: Missing input", "help": "For more information on API "
                                 "status codes and how to handle them, read the docs on errors: "
                                 "https://developers.asana.com/docs/errors"}]}, "INVALID_ARGUMENT",
           style="asana", http_status=400),
        _e("trello", "invalid key", "AUTH_FAILED", "401", style="trello", http_status=401),
        _e("vimeo", {"error": "The requested video couldn't be found.", "link": None,
                     "developer_message": "The requested video couldn't be found.", "error_code": 5000},
           "NOT_FOUND", "5000", style="vimeo"),
        _e("spotify-401", {"error": {"status": 401, "message": "The access token expired"}}, "AUTH_FAILED", "401",
           style="spotify"),
        _e("spotify-429", {"error": {"status": 429, "message": "API rate limit exceeded"}}, "RATE_LIMITED", "429",
           style="spotify", http_status=429),
        _e("auth0", {"statusCode": 401, "error": "Unauthorized", "message": "Invalid token",
                     "errorCode": "invalid_token"}, "AUTH_FAILED", "invalid_token", style="auth0"),
        _e("okta", {"errorCode": "E0000011", "errorSummary": "Invalid token provided", "errorLink": "E0000011",
                    "errorId": "oaeq0mxWz3wSOKBvFqX0W1xAg", "errorCauses": []}, "AUTH_FAILED", "E0000011",
           style="okta"),
        _e("okta-429", {"errorCode": "E0000047", "errorSummary": "API call exceeded rate limit due to too many "
                        "requests.", "errorLink": "E0000047", "errorId": "sampleQPivGUj_ND5v78vbYWW",
                        "errorCauses": []}, "RATE_LIMITED", "E0000047", style="okta", http_status=429),
        _e("confluence", {"statusCode": 404, "message": "No space with key : DEV", "data": {
            "authorized": True, "valid": False, "errors": []}}, "NOT_FOUND", "404", style="confluence"),
        _e("sharepoint-odata", {"odata.error": {"code": "-2147024894, System.IO.FileNotFoundException",
                                                "message": {"lang": "en-US", "value": "File Not Found."}}},
           "NOT_FOUND", "-2147024894, System.IO.FileNotFoundException", style="sharepoint odata"),
        _e("gmaps-denied", {"error_message": "The provided API key is invalid.", "results": [],
                            "status": "REQUEST_DENIED"}, "AUTH_FAILED", "REQUEST_DENIED", style="google maps"),
        _e("gmaps-quota", {"error_message": "You have exceeded your daily request quota for this API.",
                           "results": [], "status": "OVER_QUERY_LIMIT"}, "RATE_LIMITED", "OVER_QUERY_LIMIT",
           style="google maps"),
        _e("openweather-401", {"cod": 401, "message": "Invalid API key. Please see "
                               "https://openweathermap.org/faq#error401 for more info."}, "AUTH_FAILED", "401",
           style="openweathermap"),
        _e("openweather-404", {"cod": "404", "message": "city not found"}, "NOT_FOUND", "404",
           style="openweathermap"),
        _e("newsapi", {"status": "error", "code": "apiKeyInvalid", "message": "Your API key is invalid or "
                       "incorrect. Check your key, or go to https://newsapi.org to create a free API key."},
           "AUTH_FAILED", "apiKeyInvalid", style="newsapi"),
        _e("newsapi-429", {"status": "error", "code": "rateLimited", "message": "You have been rate limited. "
                           "Back off for a while before trying the request again."}, "RATE_LIMITED",
           "rateLimited", style="newsapi"),
        _e("coingecko", {"status": {"error_code": 429, "error_message": "You've exceeded the Rate Limit. Please "
                                    "visit https://www.coingecko.com/en/api/pricing to subscribe."}},
           "RATE_LIMITED", "429", style="coingecko"),
        _e("etherscan", {"status": "0", "message": "NOTOK", "result": "Invalid API Key"}, "AUTH_FAILED",
           style="etherscan"),
        _e("binance", {"code": -1121, "msg": "Invalid symbol."}, "INVALID_ARGUMENT", "-1121", style="binance"),
        _e("binance-429", {"code": -1003, "msg": "Too many requests; current limit is 1200 requests per minute."},
           "RATE_LIMITED", "-1003", style="binance"),
        _e("coinbase", {"errors": [{"id": "not_found", "message": "Not found"}]}, "NOT_FOUND", "not_found",
           style="coinbase"),
        _e("kraken", {"error": ["EAPI:Invalid key"], "result": {}}, "AUTH_FAILED", style="kraken"),
        _e("mapbox", {"message": "Not Authorized - Invalid Token"}, "AUTH_FAILED", style="mapbox",
           http_status=401),
        _e("pinecone", {"error": {"code": "NOT_FOUND", "message": "Resource index-x not found"}, "status": 404},
           "NOT_FOUND", "NOT_FOUND", style="pinecone"),
        _e("cohere", {"message": "invalid api token"}, "AUTH_FAILED", style="cohere", http_status=401),
        _e("meilisearch", {"message": "Index `movies` not found.", "code": "index_not_found",
                           "type": "invalid_request", "link": "https://docs.meilisearch.com/errors#index_not_found"},
           "NOT_FOUND", "index_not_found", style="meilisearch"),
        _e("typesense", {"message": "Not Found"}, "NOT_FOUND", style="typesense", http_status=404),
        _e("supabase-auth", {"code": 400, "error_code": "invalid_credentials", "msg": "Invalid login credentials"},
           "AUTH_FAILED", "invalid_credentials", style="supabase gotrue"),
        _e("netlify", {"code": 404, "message": "Not Found"}, "NOT_FOUND", "404", style="netlify"),
        _e("flyio", {"error": "App not found"}, "NOT_FOUND", style="fly.io"),
        _e("linear", {"errors": [{"message": "Authentication required, not authenticated", "extensions": {
            "code": "AUTHENTICATION_ERROR", "userPresentableMessage": "You need to authenticate to access this "
            "operation."}}]}, "AUTH_FAILED", "AUTHENTICATION_ERROR", style="linear graphql"),
        _e("contentful-404", {"sys": {"type": "Error", "id": "NotFound"}, "message": "The resource could not be "
                              "found.", "requestId": "7d2b1c"}, "NOT_FOUND", "NotFound", style="contentful"),
        _e("contentful-429", {"sys": {"type": "Error", "id": "RateLimitExceeded"}, "message": "You have exceeded "
                              "the rate limit of the Organization this Space belongs to.", "requestId": "9a1f"},
           "RATE_LIMITED", "RateLimitExceeded", style="contentful", http_status=429),
        _e("sentry", {"detail": "Authentication credentials were not provided."}, "AUTH_FAILED", style="sentry",
           http_status=401),
        _e("pagerduty", {"error": {"message": "Invalid Input Provided", "code": 2001, "errors": [
            "Incident key is invalid."]}}, "INVALID_ARGUMENT", "2001", style="pagerduty"),
        _e("datadog", {"errors": ["Forbidden"]}, "PERMISSION_DENIED", "403", style="datadog", http_status=403),
        _e("intercom", {"type": "error.list", "request_id": "000kc5eb6e1fjf8m2ps0", "errors": [
            {"code": "unauthorized", "message": "Access Token Invalid"}]}, "AUTH_FAILED", "unauthorized",
           style="intercom"),
        _e("freshdesk", {"description": "Validation failed", "errors": [
            {"field": "email", "message": "It should be a valid email address", "code": "invalid_value"}]},
           "INVALID_ARGUMENT", "invalid_value", style="freshdesk"),
        _e("plaid", {"error_type": "ITEM_ERROR", "error_code": "ITEM_LOGIN_REQUIRED", "error_message": "the login "
                     "details of this item have changed (credentials, MFA, or required user action) and a user "
                     "login is required to update this information.", "display_message": None,
                     "request_id": "HNTDNrA8F1shFEW"}, "AUTH_FAILED", "ITEM_LOGIN_REQUIRED", style="plaid"),
        _e("plaid-429", {"error_type": "RATE_LIMIT_EXCEEDED", "error_code": "RATE_LIMIT", "error_message": "rate "
                         "limit exceeded for attempts to access this item. please try again later",
                         "display_message": None, "request_id": "x1Y2z3"}, "RATE_LIMITED", "RATE_LIMIT",
           style="plaid"),
        _e("mollie", {"status": 422, "title": "Unprocessable Entity", "detail": "The amount is lower than the "
                      "minimum", "field": "amount", "_links": {"documentation": {
                          "href": "https://docs.mollie.com/guides/handling-errors", "type": "text/html"}}},
           "INVALID_ARGUMENT", "422", style="mollie"),
        _e("klarna", {"error_code": "BAD_VALUE", "error_messages": ["Bad value: order_lines"],
                      "correlation_id": "6a9b1cb1-73a3-4936-a030-481ba4bb203b"}, "INVALID_ARGUMENT", "BAD_VALUE",
           style="klarna"),
        _e("xero", {"ErrorNumber": 10, "Type": "ValidationException", "Message": "A validation exception "
                    "occurred", "Elements": []}, "INVALID_ARGUMENT", "ValidationException", style="xero"),
        _e("quickbooks", {"Fault": {"Error": [{"Message": "Object Not Found", "Detail": "Object Not Found : "
                                               "Something you're trying to use has been made inactive or is not "
                                               "found.", "code": "610", "element": ""}], "type": "ValidationFault"},
                          "time": "2024-05-01T10:00:00.000-07:00"}, "NOT_FOUND", "610", style="quickbooks"),
        _e("zoho", {"code": "INVALID_TOKEN", "details": {}, "message": "invalid oauth token", "status": "error"},
           "AUTH_FAILED", "INVALID_TOKEN", style="zoho crm"),
        _e("bitly", {"message": "FORBIDDEN", "resource": "bitlinks", "description": "You are currently forbidden "
                     "to access this resource."}, "PERMISSION_DENIED", "FORBIDDEN", style="bitly"),
        _e("flutterwave", {"status": "error", "message": "Invalid authorization key", "data": None},
           "AUTH_FAILED", style="flutterwave"),
        _e("mpesa", {"requestId": "11728-2929992-1", "errorCode": "404.001.03", "errorMessage": "Invalid Access "
                     "Token"}, "AUTH_FAILED", "404.001.03", style="m-pesa daraja"),
        _e("yookassa", {"type": "error", "id": "ab5a11cd-13cc-4e33-af8b-75a74e18dd09", "code":
                        "invalid_credentials", "description": "Authentication error: invalid shopId or secret key",
                        "parameter": "Authorization"}, "AUTH_FAILED", "invalid_credentials", style="yookassa"),
        _e("naver", {"errorMessage": "Authentication failed (인증 실패)", "errorCode": "024"}, "AUTH_FAILED", "024",
           style="naver"),
        _e("rakuten", {"error": "wrong_parameter", "error_description": "specify valid applicationId"},
           "INVALID_ARGUMENT", "wrong_parameter", style="rakuten"),
        _e("toss", {"code": "NOT_FOUND_PAYMENT", "message": "존재하지 않는 결제 입니다."}, "NOT_FOUND",
           "NOT_FOUND_PAYMENT", style="toss payments", lang="ko"),
    ]


def _cli_errors() -> list[Case]:
    return [
        _e("php-warning", "PHP Warning:  file_get_contents(/data/x.csv): Failed to open stream: No such file or "
           "directory in /app/load.php on line 3", "NOT_FOUND", style="php warning"),
        _e("perl", "Can't locate Foo/Bar.pm in @INC (you may need to install the Foo::Bar module) (@INC contains: "
           "/etc/perl /usr/share/perl5) at script.pl line 3.", "NOT_FOUND", style="perl"),
        _e("powershell", "Get-Item : Cannot find path 'C:\\data\\x.txt' because it does not exist.\nAt line:1 "
           "char:1\n+ Get-Item C:\\data\\x.txt", "NOT_FOUND", style="powershell"),
        _e("bash-127", "bash: terraform: command not found", "NOT_FOUND", style="bash"),
        _e("git-404", "fatal: repository 'https://github.com/acme/nope.git/' not found", "NOT_FOUND",
           style="git cli"),
        _e("git-auth", "remote: Invalid username or password.\nfatal: Authentication failed for "
           "'https://github.com/acme/app.git/'", "AUTH_FAILED", style="git cli"),
        _e("npm-404", "npm ERR! code E404\nnpm ERR! 404 Not Found - GET https://registry.npmjs.org/nopkg-xyz - Not "
           "found\nnpm ERR! 404\nnpm ERR! 404  'nopkg-xyz@*' is not in this registry.", "NOT_FOUND", "E404",
           style="npm"),
        _e("pip", "ERROR: Could not find a version that satisfies the requirement nopkg (from versions: none)\n"
           "ERROR: No matching distribution found for nopkg", "NOT_FOUND", style="pip"),
        _e("cargo", "error: could not find `Cargo.toml` in `/app` or any parent directory", "NOT_FOUND",
           style="cargo"),
        _e("terraform-lock", "Error: Error acquiring the state lock\n\nError message: "
           "ConditionalCheckFailedException: The conditional request failed\nLock Info:\n  ID:        "
           "9b2f1c3e\n  Operation: OperationTypePlan", "CONFLICT", "ConditionalCheckFailedException",
           style="terraform"),
        _e("kubectl-404", "Error from server (NotFound): pods \"web-1\" not found", "NOT_FOUND", "NotFound",
           style="kubectl"),
        _e("kubectl-403", "Error from server (Forbidden): pods is forbidden: User \"dev\" cannot list resource "
           "\"pods\" in API group \"\" in the namespace \"prod\"", "PERMISSION_DENIED", "Forbidden",
           style="kubectl"),
        _e("awscli-denied", "An error occurred (AccessDenied) when calling the ListBuckets operation: Access Denied",
           "PERMISSION_DENIED", "AccessDenied", style="aws cli"),
        _e("awscli-throttle", "An error occurred (ThrottlingException) when calling the DescribeInstances operation "
           "(reached max retries: 4): Rate exceeded", "RATE_LIMITED", "ThrottlingException", style="aws cli"),
        _e("gcloud", "ERROR: (gcloud.compute.instances.describe) Could not fetch resource:\n - The resource "
           "'projects/p1/zones/us-central1-a/instances/vm-1' was not found", "NOT_FOUND", style="gcloud"),
        _e("azcli", "ERROR: (ResourceGroupNotFound) Resource group 'rg-x' could not be found.\nCode: "
           "ResourceGroupNotFound\nMessage: Resource group 'rg-x' could not be found.", "NOT_FOUND",
           "ResourceGroupNotFound", style="az cli"),
        _e("docker-pull", "Error response from daemon: pull access denied for privateimg, repository does not exist "
           "or may require 'docker login': denied: requested access to the resource is denied",
           "PERMISSION_DENIED", style="docker cli"),
        _e("ssh-refused", "ssh: connect to host 10.0.0.5 port 22: Connection refused", "UPSTREAM_FAILURE",
           style="ssh"),
        _e("psql-auth", "psql: error: connection to server at \"db\" (10.0.0.3), port 5432 failed: FATAL:  "
           "password authentication failed for user \"app\"", "AUTH_FAILED", style="psql"),
        _e("oracle-auth", "ORA-01017: invalid username/password; logon denied", "AUTH_FAILED", "ORA-01017",
           style="oracle"),
        _e("oracle-404", "ORA-00942: table or view does not exist", "NOT_FOUND", "ORA-00942", style="oracle"),
        _e("mssql-login", "Login failed for user 'sa'. (Microsoft SQL Server, Error: 18456)", "AUTH_FAILED",
           style="sql server"),
        _e("ffmpeg", "input.mp4: No such file or directory", "NOT_FOUND", style="ffmpeg"),
        _e("wget", "--2024-05-01 10:00:00--  https://files.example.com/a.tgz\nResolving files.example.com... "
           "93.184.216.34\nConnecting to files.example.com|93.184.216.34|:443... connected.\nHTTP request sent, "
           "awaiting response... 404 Not Found\n2024-05-01 10:00:01 ERROR 404: Not Found.", "NOT_FOUND",
           style="wget"),
    ]


def _languages() -> list[Case]:
    return [
        _e("he", {"error": "המשתמש לא נמצא"}, "NOT_FOUND", style="error string", lang="he"),
        _e("el", "Σφάλμα: ο χρήστης δεν βρέθηκε", "NOT_FOUND", style="plain text", lang="el"),
        _e("th", {"code": 404, "msg": "ไม่พบข้อมูล"}, "NOT_FOUND", "404", style="code/msg", lang="th"),
        _e("hi", "त्रुटि: बहुत अधिक अनुरोध, कृपया 30 सेकंड बाद पुनः प्रयास करें", "RATE_LIMITED",
           retry_after_ms=30000, style="plain text", lang="hi"),
        _e("sv", "Fel: användaren hittades inte", "NOT_FOUND", style="plain text", lang="sv"),
        _e("cs", "Chyba: příliš mnoho požadavků", "RATE_LIMITED", style="plain text", lang="cs"),
        _e("uk", {"ok": False, "error": "Користувача не знайдено"}, "NOT_FOUND", style="ok:false", lang="uk"),
        _e("da", "Fejl: adgang nægtet", "PERMISSION_DENIED", style="plain text", lang="da"),
        _e("fi", "Virhe: aikakatkaisu", "TIMEOUT", style="plain text", lang="fi"),
        _e("ro", {"status": "error", "message": "Eroare internă a serverului"}, "UPSTREAM_FAILURE",
           style="jsend", lang="ro"),
        _e("hu", "Hiba: a fájl nem található", "NOT_FOUND", style="plain text", lang="hu"),
        _e("fa", {"error": {"code": "NOT_FOUND", "message": "کاربر یافت نشد"}}, "NOT_FOUND", "NOT_FOUND",
           style="error object", lang="fa"),
        _e("ms", "Ralat: sambungan ditolak", "UPSTREAM_FAILURE", style="plain text", lang="ms"),
        _e("nb", {"feil": "Brukeren ble ikke funnet"}, "NOT_FOUND", style="norwegian keys", lang="nb"),
    ]


def unseen_cases() -> list[Case]:
    return _saas_errors() + _cli_errors() + _languages() + unseen_shape_cases()
