"""The fresh held-out part: results written after the first held-out part had informed the
rules (its last misses were read and fixed), from public API error formats and seed examples
that no earlier case uses. The rules were not changed while or after writing it; its figures
are reported apart (``fresh held-out``).

The tool's own code is the most specific machine code the result gives: a field named
``code`` (or the API's documented code field) before a ``type`` or an HTTP status, a symbolic
reason before a number that only repeats the HTTP status.
"""

from __future__ import annotations

from obsline.protocol_corpus.case import Case, err
from obsline.protocol_corpus.fresh_shapes import fresh_shape_cases


def _e(id: str, raw: object, code: str, tool: str | None = None, **kw: object) -> Case:
    return err(f"fresh-{id}", raw, code, tool, fresh=True, **kw)  # type: ignore[arg-type]


def _developer_platforms() -> list[Case]:
    return [
        _e("notion-404", {"object": "error", "status": 404, "code": "object_not_found",
                          "message": "Could not find database with ID: 4f1c."}, "NOT_FOUND", "object_not_found",
           style="notion"),
        _e("notion-429", {"object": "error", "status": 429, "code": "rate_limited",
                          "message": "You have been rate limited. Please try again in a few minutes."},
           "RATE_LIMITED", "rate_limited", style="notion"),
        _e("jira-404", {"errorMessages": ["Issue does not exist or you do not have permission to see it."],
                        "errors": {}}, "NOT_FOUND", style="jira"),
        _e("jira-400", {"errorMessages": [], "errors": {"summary": "You must specify a summary of the issue."}},
           "INVALID_ARGUMENT", style="jira"),
        _e("gitlab-404", {"message": "404 Project Not Found"}, "NOT_FOUND", style="gitlab"),
        _e("gitlab-scope", {"error": "insufficient_scope", "error_description": "The request requires higher "
                            "privileges than provided by the access token.", "scope": "api"},
           "PERMISSION_DENIED", "insufficient_scope", style="gitlab"),
        _e("bitbucket", {"type": "error", "error": {"message": "Repository not found"}}, "NOT_FOUND",
           style="bitbucket"),
        _e("docker-registry", {"errors": [{"code": "MANIFEST_UNKNOWN", "message": "manifest unknown",
                                           "detail": {"Tag": "v9"}}]}, "NOT_FOUND", "MANIFEST_UNKNOWN",
           style="docker registry"),
        _e("docker-registry-auth", {"errors": [{"code": "UNAUTHORIZED", "message": "authentication required",
                                                "detail": None}]}, "AUTH_FAILED", "UNAUTHORIZED",
           style="docker registry"),
        _e("docker-engine", {"message": "No such container: web-1"}, "NOT_FOUND", style="docker engine"),
        _e("cloudflare", {"success": False, "errors": [{"code": 10000, "message": "Authentication error"}],
                          "messages": [], "result": None}, "AUTH_FAILED", "10000", style="cloudflare"),
        _e("cloudflare-429", {"success": False, "errors": [{"code": 971, "message": "Please wait and consider "
                                                            "throttling your request speed"}], "messages": [],
                              "result": None}, "RATE_LIMITED", "971", style="cloudflare"),
        _e("digitalocean", {"id": "not_found", "message": "The resource you were accessing could not be found."},
           "NOT_FOUND", "not_found", style="digitalocean"),
        _e("heroku", {"id": "rate_limit", "message": "Your account reached the API rate limit. Please wait a few "
                      "minutes before making new requests."}, "RATE_LIMITED", "rate_limit", style="heroku"),
        _e("dropbox", {"error_summary": "path/not_found/..", "error": {".tag": "path", "path": {
            ".tag": "not_found"}}}, "NOT_FOUND", "path/not_found/..", style="dropbox"),
        _e("box", {"type": "error", "status": 404, "code": "not_found", "message": "Not Found",
                   "request_id": "abc123"}, "NOT_FOUND", "not_found", style="box"),
        _e("airtable", {"error": {"type": "INVALID_REQUEST_UNKNOWN", "message": "Invalid request: parameter "
                        "validation failed. Check your request data."}}, "INVALID_ARGUMENT",
           "INVALID_REQUEST_UNKNOWN", style="airtable"),
        _e("algolia", {"message": "Invalid Application-ID or API key", "status": 403}, "AUTH_FAILED",
           style="algolia"),
        _e("jsonrpc-method", {"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": 1},
           "NOT_FOUND", "-32601", style="json-rpc 2.0"),
        _e("jsonrpc-params", {"jsonrpc": "2.0", "error": {"code": -32602, "message": "Invalid params",
                                                          "data": "missing field 'to'"}, "id": 7},
           "INVALID_ARGUMENT", "-32602", style="json-rpc 2.0"),
        _e("postgrest", {"code": "42P01", "details": None, "hint": None,
                         "message": "relation \"public.orders\" does not exist"}, "NOT_FOUND", "42P01",
           style="postgrest"),
        _e("firebase-auth", {"error": {"code": 400, "message": "EMAIL_NOT_FOUND", "errors": [
            {"message": "EMAIL_NOT_FOUND", "domain": "global", "reason": "invalid"}]}}, "NOT_FOUND",
           "EMAIL_NOT_FOUND", style="firebase auth"),
        _e("google-legacy-quota", {"error": {"errors": [{"domain": "usageLimits", "reason": "rateLimitExceeded",
                                                         "message": "Rate Limit Exceeded"}],
                                             "code": 403, "message": "Rate Limit Exceeded"}},
           "RATE_LIMITED", "rateLimitExceeded", style="google legacy json"),
        _e("mongo-dup", {"ok": 0, "errmsg": "E11000 duplicate key error collection: shop.users index: email_1 "
                         "dup key: { email: \"a@b.io\" }", "code": 11000, "codeName": "DuplicateKey"},
           "CONFLICT", "DuplicateKey", style="mongodb"),
        _e("huggingface-loading", {"error": "Model bigscience/bloom is currently loading",
                                   "estimated_time": 20.0}, "UPSTREAM_FAILURE", http_status=503,
           retry_after_ms=20_000,
           style="hugging face inference"),
    ]


def _commerce_and_social() -> list[Case]:
    return [
        _e("shopify-404", {"errors": "Not Found"}, "NOT_FOUND", style="shopify rest"),
        _e("shopify-422", {"errors": {"title": ["can't be blank"]}}, "INVALID_ARGUMENT", http_status=422,
           style="shopify rest"),
        _e("shopify-throttled", {"errors": [{"message": "Throttled", "extensions": {
            "code": "THROTTLED", "documentation": "https://shopify.dev/api/usage/rate-limits"}}]},
           "RATE_LIMITED", "THROTTLED", style="shopify graphql"),
        _e("square", {"errors": [{"category": "INVALID_REQUEST_ERROR", "code": "NOT_FOUND",
                                  "detail": "Could not find payment with id: 7x"}]}, "NOT_FOUND", "NOT_FOUND",
           style="square"),
        _e("square-card", {"errors": [{"category": "PAYMENT_METHOD_ERROR", "code": "CARD_DECLINED",
                                       "detail": "Card declined."}]}, "CONFLICT", "CARD_DECLINED", style="square"),
        _e("razorpay", {"error": {"code": "BAD_REQUEST_ERROR", "description": "The amount must be atleast INR 1.00",
                                  "source": "business", "step": "payment_initiation", "field": "amount",
                                  "reason": "input_validation_failed", "metadata": {}}}, "INVALID_ARGUMENT",
           "BAD_REQUEST_ERROR", style="razorpay"),
        _e("adyen", {"status": 422, "errorCode": "14_030", "message": "Return URL is missing.",
                     "errorType": "validation"}, "INVALID_ARGUMENT", "14_030", style="adyen"),
        _e("paystack", {"status": False, "message": "Invalid key"}, "AUTH_FAILED", http_status=401,
           style="paystack"),
        _e("mercadolibre", {"message": "Item with id MLA1 not found", "error": "not_found", "status": 404,
                            "cause": []}, "NOT_FOUND", "not_found", style="mercado libre"),
        _e("zendesk", {"error": "RecordNotFound", "description": "Not found"}, "NOT_FOUND", "RecordNotFound",
           style="zendesk"),
        _e("hubspot", {"status": "error", "message": "You have reached your secondly limit.",
                       "errorType": "RATE_LIMIT", "correlationId": "c-1", "policyName": "SECONDLY"},
           "RATE_LIMITED", "RATE_LIMIT", style="hubspot"),
        _e("sendgrid", {"errors": [{"message": "The provided authorization grant is invalid, expired, or revoked",
                                    "field": None, "help": None}]}, "AUTH_FAILED", style="sendgrid"),
        _e("mailchimp", {"type": "https://mailchimp.com/developer/marketing/docs/errors/", "title": "Resource "
                         "Not Found", "status": 404, "detail": "The requested resource could not be found.",
                         "instance": "995c5cb0-3280-4a6e-808b-3b096d0bb219"}, "NOT_FOUND",
           "https://mailchimp.com/developer/marketing/docs/errors/", style="mailchimp"),
        _e("facebook-graph", {"error": {"message": "Error validating access token: Session has expired.",
                                        "type": "OAuthException", "code": 190, "error_subcode": 463,
                                        "fbtrace_id": "A1b2"}}, "AUTH_FAILED", "190", style="facebook graph"),
        _e("x-v2-429", {"title": "Too Many Requests", "detail": "Too Many Requests", "type": "about:blank",
                        "status": 429}, "RATE_LIMITED", "429", style="x api v2"),
        _e("vk", {"error": {"error_code": 5, "error_msg": "User authorization failed: invalid access_token (4).",
                            "request_params": []}}, "AUTH_FAILED", "5", style="vk"),
        _e("line", {"message": "The request body has 1 error(s)", "details": [
            {"message": "May not be empty", "property": "messages[0].text"}]}, "INVALID_ARGUMENT", style="line"),
        _e("kakao", {"msg": "this access token does not exist", "code": -401}, "AUTH_FAILED", "-401",
           style="kakao", lang="en"),
        _e("mcp-is-error", {"content": [{"type": "text", "text": "Error: repository octo/none not found"}],
                            "isError": True}, "NOT_FOUND", style="mcp tool result"),
        _e("wecom", {"errcode": 60011, "errmsg": "no privilege to access/modify contact/party/agent"},
           "PERMISSION_DENIED", "60011", style="wecom"),
        _e("alipay-aq", {"alipay_trade_pay_response": {"code": "40004", "msg": "Business Failed",
                                                       "sub_code": "ACQ.BUYER_BALANCE_NOT_ENOUGH",
                                                       "sub_msg": "买家余额不足"}}, "CONFLICT",
           "ACQ.BUYER_BALANCE_NOT_ENOUGH", style="alipay", lang="zh"),
        _e("jd-cloud", {"requestId": "c1", "error": {"code": 404, "message": "Instance not found",
                                                     "status": "NOT_FOUND"}}, "NOT_FOUND", "NOT_FOUND",
           style="jd cloud"),
        _e("soap-fault", '<?xml version="1.0"?>\n<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/'
                         'soap-envelope"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>'
                         'Invalid customer id</faultstring></soap:Fault></soap:Body></soap:Envelope>',
           "INVALID_ARGUMENT", "soap:Client", style="soap fault"),
    ]


def _texts() -> list[Case]:
    return [
        _e("pg-dup", 'ERROR:  duplicate key value violates unique constraint "users_email_key"\n'
                     "DETAIL:  Key (email)=(a@b.io) already exists.", "CONFLICT", style="postgres text"),
        _e("mysql-denied", "ERROR 1045 (28000): Access denied for user 'app'@'10.0.0.7' (using password: YES)",
           "AUTH_FAILED", "1045", style="mysql text"),
        _e("redis-wrongtype", "(error) WRONGTYPE Operation against a key holding the wrong kind of value",
           "INVALID_ARGUMENT", "WRONGTYPE", style="redis text"),
        _e("sqlite-table", "Error: no such table: users", "NOT_FOUND", style="sqlite text"),
        _e("elixir", "** (ArgumentError) argument error\n    :erlang.binary_to_integer(\"x\")\n"
                     "    (elixir 1.15.7) lib/kernel.ex:42: Kernel.to_int/1", "INVALID_ARGUMENT", "ArgumentError",
           style="elixir trace"),
        _e("kotlin-npe", "Exception in thread \"main\" kotlin.KotlinNullPointerException\n"
                         "\tat MainKt.main(Main.kt:4)", "UNKNOWN", "kotlin.KotlinNullPointerException",
           style="stack trace"),
        _e("swift-fatal", "Fatal error: Unexpectedly found nil while unwrapping an Optional value: file "
                          "App/main.swift, line 3", "UNKNOWN", style="swift trap"),
        _e("curl-6", "curl: (6) Could not resolve host: api.example.invalid", "UPSTREAM_FAILURE", "6",
           style="curl"),
        _e("nginx-502", "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad "
                        "Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>",
           "UPSTREAM_FAILURE", "502", style="nginx error page"),
        _e("it-timeout", "Timeout della richiesta, riprova tra 30 secondi", "TIMEOUT", retry_after_ms=30_000,
           style="plain text", lang="it"),
        _e("nl-notfound", "Gebruiker niet gevonden", "NOT_FOUND", style="plain text", lang="nl"),
        _e("tr-auth", "Oturum süresi doldu, lütfen tekrar giriş yapın", "AUTH_FAILED", style="plain text",
           lang="tr"),
        _e("pl-denied", "Brak uprawnień do tego zasobu", "PERMISSION_DENIED", style="plain text", lang="pl"),
        _e("vi-ratelimit", "Quá nhiều yêu cầu, vui lòng thử lại sau 60 giây", "RATE_LIMITED",
           retry_after_ms=60_000, style="plain text", lang="vi"),
        _e("id-notfound", "Data tidak ditemukan", "NOT_FOUND", style="plain text", lang="id"),
        _e("ar-server", "خطأ داخلي في الخادم", "UPSTREAM_FAILURE", style="plain text", lang="ar"),
        _e("zh-order", {"success": False, "code": "ORDER_NOT_FOUND", "message": "订单不存在"}, "NOT_FOUND",
           "ORDER_NOT_FOUND", style="success:false", lang="zh"),
        _e("ja-auth", {"result": "NG", "error_code": "E401", "error_message": "認証に失敗しました"},
           "AUTH_FAILED", "E401", style="result NG", lang="ja"),
        _e("ko-timeout", "요청 시간이 초과되었습니다", "TIMEOUT", style="plain text", lang="ko"),
        _e("de-denied", "Zugriff verweigert", "PERMISSION_DENIED", style="plain text", lang="de"),
        _e("fr-quota", "Quota dépassé, réessayez dans 10 minutes", "RATE_LIMITED", retry_after_ms=600_000,
           style="plain text", lang="fr"),
        _e("es-notfound", {"error": {"codigo": "USUARIO_NO_ENCONTRADO", "mensaje": "Usuario no encontrado"}},
           "NOT_FOUND", style="spanish keys", lang="es"),
        _e("ru-denied", "Доступ запрещён", "PERMISSION_DENIED", style="plain text", lang="ru"),
        _e("pt-auth", "Token inválido ou expirado", "AUTH_FAILED", style="plain text", lang="pt"),
    ]


def fresh_cases() -> list[Case]:
    return _developer_platforms() + _commerce_and_social() + _texts() + fresh_shape_cases()
