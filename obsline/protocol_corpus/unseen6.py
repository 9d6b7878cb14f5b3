"""The sixth unseen part (session 24): written before any rule change of session 24 and before any
run, from public knowledge of real APIs' and tools' result formats that no earlier part uses:
payment and fintech APIs of several continents, messaging and collaboration APIs, Asian platforms
and maps, envelopes whose keys are written in other languages, GraphQL mutation payloads and
partial data, gRPC as Connect, Twirp, grpcurl, gRPC-web trailers and client exceptions, cloud
SDKs' exceptions as Python, Go, Java and .NET print them, HTTP clients' failures in six languages,
database drivers' error objects and CLI messages, JSON-RPC nodes (Ethereum, Solana, LSP), tRPC,
XML-RPC, OpenStack's error-kind keys, SAP OData, raw HTTP dumps with ``Retry-After``
(``unseen6_shapes``: texts in 38 languages, command-line tools, jobs and operations, cancellations,
partial, uncertain, and successes that must stay successes).

**The halves, by a fixed rule**: a case is in the *tune* half when the first eight hex digits of
the SHA-256 of its id (``unseen6-...``) make an even number, else in the *held-out* half
(``half``). The tune half may inform rules; the held-out half is measured as it came and once more
at the end of the session, its misses never read while rules change.

Labels follow the provider's documented meaning: the stable code is what its documentation says
the error is; the tool's own code is the documented machine code field (left unlabelled where the
result gives none or where two fields could claim it). The formats were written from the author's
knowledge of each provider's public documentation (not fetched case by case: a limit of this part).
"""

from __future__ import annotations

import hashlib

from obsline.protocol_corpus.case import Case, err


def half(id: str) -> str:
    """The fixed split of unseen-6: even leading SHA-256 word -> tune, odd -> held-out."""
    return "tune" if int(hashlib.sha256(id.encode()).hexdigest()[:8], 16) % 2 == 0 else "held-out"


def _e(id: str, raw: object, code: str, tool: str | None = None, **kw: object) -> Case:
    full = f"unseen6-{id}"
    return err(full, raw, code, tool, unseen6=half(full), **kw)  # type: ignore[arg-type]


def _payments() -> list[Case]:
    return [
        _e("cashfree", {"message": "order with given id not found", "code": "order_not_found",
                        "type": "invalid_request_error"}, "NOT_FOUND", "order_not_found", style="cashfree",
           http_status=404),
        _e("kite", {"status": "error", "message": "Incorrect `api_key` or `access_token`.", "data": None,
                    "error_type": "TokenException"}, "AUTH_FAILED", "TokenException", style="zerodha kite",
           http_status=403),
        _e("kite-limit", {"status": "error", "message": "Too many requests", "data": None,
                          "error_type": "NetworkException"}, "RATE_LIMITED", "NetworkException", style="zerodha kite",
           http_status=429),
        _e("conekta", {"object": "error", "type": "parameter_validation_error", "log_id": "641b", "details": [
            {"debug_message": "The parameter \"currency\" is invalid.", "message": "El parámetro \"currency\" es "
             "inválido.", "param": "currency", "code": "conekta.errors.parameter_validation.currency.invalid"}]},
           "INVALID_ARGUMENT", style="conekta", http_status=422),
        _e("omise", {"object": "error", "location": "https://www.omise.co/api-errors#not-found", "code": "not_found",
                     "message": "customer cust_test_5 was not found"}, "NOT_FOUND", "not_found", style="omise",
           http_status=404),
        _e("omise-auth", {"object": "error", "location": "https://www.omise.co/api-errors#authentication-failure",
                          "code": "authentication_failure", "message": "authentication failed"}, "AUTH_FAILED",
           "authentication_failure", style="omise", http_status=401),
        _e("affirm", {"status_code": 400, "type": "invalid_request", "code": "invalid_field", "message":
                      "An input field resulted in invalid request.", "field": "checkout_token"}, "INVALID_ARGUMENT",
           "invalid_field", style="affirm"),
        _e("afterpay", {"errorCode": "invalid_object", "errorId": "a7f1c2", "message": "Expiry date is not valid",
                        "httpStatusCode": 422}, "INVALID_ARGUMENT", "invalid_object", style="afterpay"),
        _e("dwolla", {"code": "NotFound", "message": "The requested resource was not found."}, "NOT_FOUND", "NotFound",
           style="dwolla", http_status=404),
        _e("dwolla-validation", {"code": "ValidationError", "message": "Validation error(s) present. See embedded "
                                 "errors list for more details.", "_embedded": {"errors": [
                                     {"code": "Invalid", "message": "Invalid amount. The supplied amount must be "
                                      "greater than or equal to 0.01.", "path": "/amount/value"}]}},
           "INVALID_ARGUMENT", "ValidationError", style="dwolla", http_status=400),
        _e("increase", {"status": 404, "type": "object_not_found_error", "title": "Could not find the specified "
                        "object.", "detail": "No Account with id account_in71c4amph0vgo2qllky was found.",
                        "resource_id": "account_in71c4amph0vgo2qllky"}, "NOT_FOUND", "object_not_found_error",
           style="increase"),
        _e("increase-limit", {"status": 429, "type": "rate_limited_error", "title": "You've exceeded your rate "
                              "limit.", "detail": None, "retry_after": 3}, "RATE_LIMITED", "rate_limited_error",
           retry_after_ms=3000, style="increase"),
        _e("marqeta", {"error_code": "404460", "error_message": "Card not found"}, "NOT_FOUND", "404460",
           style="marqeta", http_status=404),
        _e("modern-treasury", {"errors": {"code": "parameter_invalid", "message": "amount must be a positive "
                                          "integer", "parameter": "amount"}}, "INVALID_ARGUMENT", "parameter_invalid",
           style="modern treasury", http_status=422),
        _e("lithic", {"debugging_request_id": "d1e2", "message": "Card token not found."}, "NOT_FOUND",
           style="lithic", http_status=404),
        _e("payu", {"status": {"statusCode": "ERROR_VALUE_INVALID", "code": "8070", "codeLiteral":
                               "INVALID_CURRENCY", "statusDesc": "Invalid currency"}}, "INVALID_ARGUMENT",
           style="payu", http_status=400),
        _e("vipps", [{"errorGroup": "Payment", "errorCode": "45", "errorMessage": "Order ID already exists",
                      "contextId": "c1"}], "CONFLICT", "45", style="vipps", http_status=400),
        _e("paymongo", {"errors": [{"code": "resource_not_found", "detail": "Payment intent with id pi_x9 cannot be "
                                    "found.", "source": {"pointer": "id", "attribute": "id"}}]}, "NOT_FOUND",
           "resource_not_found", style="paymongo", http_status=404),
        _e("yoco", {"errorCode": "charge_declined", "displayMessage": "The card was declined.", "errorType":
                    "payment_error"}, "CONFLICT", "charge_declined", style="yoco", http_status=400),
        _e("amazon-pay", {"reasonCode": "InvalidChargePermissionStatus", "message": "You tried to call an operation "
                          "on a Charge Permission that is in a state where that operation cannot be called."},
           "CONFLICT", "InvalidChargePermissionStatus", style="amazon pay", http_status=422),
        _e("iugu", {"errors": {"email": ["não é válido"]}}, "INVALID_ARGUMENT", style="iugu", lang="pt",
           http_status=422),
        _e("pagseguro", {"error_messages": [{"code": "40002", "description": "invalid_parameter", "parameter_name":
                                             "amount.value"}]}, "INVALID_ARGUMENT", "40002", style="pagseguro",
           http_status=400),
        _e("eth-funds", {"jsonrpc": "2.0", "id": 1, "error": {"code": -32000, "message": "insufficient funds for gas "
                                                              "* price + value"}}, "CONFLICT", "-32000",
           style="ethereum json-rpc"),
        _e("eth-limit", {"jsonrpc": "2.0", "id": 1, "error": {"code": -32005, "message": "daily request count "
                                                              "exceeded, request rate limited", "data": {
                                                                  "see": "https://infura.io/dashboard"}}},
           "RATE_LIMITED", "-32005", style="ethereum json-rpc"),
        _e("solana", {"jsonrpc": "2.0", "error": {"code": -32602, "message": "Invalid param: Invalid"}, "id": 1},
           "INVALID_ARGUMENT", "-32602", style="solana json-rpc"),
    ]


def _messaging() -> list[Case]:
    return [
        _e("discord-limit", {"message": "You are being rate limited.", "retry_after": 1.5, "global": False},
           "RATE_LIMITED", retry_after_ms=1500, style="discord", http_status=429),
        _e("rocketchat", {"success": False, "error": "The required \"roomId\" or \"roomName\" param provided does not "
                          "match any channel [error-room-not-found]", "errorType": "error-room-not-found"},
           "NOT_FOUND", "error-room-not-found", style="rocket.chat", http_status=400),
        _e("pubnub", {"status": 403, "error": True, "service": "Access Manager", "message": "Forbidden", "payload": {
            "channels": ["ch-1"]}}, "PERMISSION_DENIED", "403", style="pubnub"),
        _e("sendbird", {"error": True, "message": "\"User\" not found.", "code": 400201}, "NOT_FOUND", "400201",
           style="sendbird", http_status=400),
        _e("rabbitmq", {"error": "Object Not Found", "reason": "Not Found"}, "NOT_FOUND", style="rabbitmq management",
           http_status=404),
        _e("schema-registry", {"error_code": 40401, "message": "Subject 'orders-value' not found."}, "NOT_FOUND",
           "40401", style="confluent schema registry", http_status=404),
        _e("pusher", {"error": "Unknown auth_key"}, "AUTH_FAILED", style="pusher channels", http_status=401),
        _e("intercom", {"type": "error.list", "request_id": "r1", "errors": [{"code": "unauthorized", "message":
                                                                             "Access Token Invalid"}]},
           "AUTH_FAILED", "unauthorized", style="intercom", http_status=401),
        _e("freshdesk", {"description": "Validation failed", "errors": [{"field": "email", "message": "It should be "
                                                                        "a valid email address", "code":
                                                                        "invalid_value"}]}, "INVALID_ARGUMENT",
           "invalid_value", style="freshdesk", http_status=400),
        _e("asana", {"errors": [{"message": "Unknown object: 1204", "help": "For more information on API status codes "
                                 "and how to handle them, read the docs on errors: "
                                 "https://developers.asana.com/docs/errors"}]}, "NOT_FOUND", style="asana",
           http_status=404),
        _e("box", {"type": "error", "status": 404, "code": "not_found", "message": "Could not find the specified "
                   "resource", "request_id": "abc"}, "NOT_FOUND", "not_found", style="box"),
        _e("vimeo", {"error": "The requested video couldn't be found.", "link": None, "developer_message": "The "
                     "requested video couldn't be found.", "error_code": 5000}, "NOT_FOUND", "5000", style="vimeo",
           http_status=404),
        _e("pinterest", {"code": 3, "message": "Requested user not found"}, "NOT_FOUND", "3", style="pinterest",
           http_status=404),
        _e("linkedin", {"serviceErrorCode": 65600, "message": "Invalid access token", "status": 401}, "AUTH_FAILED",
           "65600", style="linkedin"),
        _e("tiktok", {"error": {"code": "access_token_invalid", "message": "The access token is invalid or not found "
                                "in the request.", "log_id": "20240501"}}, "AUTH_FAILED", "access_token_invalid",
           style="tiktok", http_status=401),
        _e("chatwork", {"errors": ["Invalid API token"]}, "AUTH_FAILED", style="chatwork", http_status=401),
        _e("backlog", {"errors": [{"message": "No such issue. (key:PRJ-99)", "code": 6, "moreInfo": ""}]},
           "NOT_FOUND", "6", style="backlog", http_status=404),
        _e("qiita", {"message": "Not found", "type": "not_found"}, "NOT_FOUND", "not_found", style="qiita",
           http_status=404),
        _e("rakuten", {"error": "wrong_parameter", "error_description": "specify valid applicationId"},
           "INVALID_ARGUMENT", "wrong_parameter", style="rakuten", http_status=400),
        _e("teams-webhook", "Webhook message delivery failed with error: Microsoft Teams endpoint returned HTTP error "
                            "429 with ContextId tcid=0", "RATE_LIMITED", style="teams webhook"),
        _e("servicebus", "Azure.Messaging.ServiceBus.ServiceBusException: The messaging entity "
                         "'sb://ns.servicebus.windows.net/orders' could not be found. (MessagingEntityNotFound)",
           "NOT_FOUND", "MessagingEntityNotFound", style="azure service bus"),
        _e("nats", "nats: no responders available for request", "UPSTREAM_FAILURE", style="nats"),
        _e("apns", {"reason": "BadDeviceToken"}, "INVALID_ARGUMENT", "BadDeviceToken", style="apns",
           http_status=400),
        _e("apns-gone", {"reason": "Unregistered", "timestamp": 1700000000000}, "NOT_FOUND", "Unregistered",
           style="apns", http_status=410),
        _e("app-store-connect", {"errors": [{"id": "e1", "status": "404", "code": "NOT_FOUND", "title": "The "
                                             "specified resource does not exist", "detail": "There is no resource of "
                                             "type 'apps' with id '123'"}]}, "NOT_FOUND", "NOT_FOUND",
           style="app store connect"),
    ]


def _asia() -> list[Case]:
    return [
        _e("freee", {"status_code": 401, "errors": [{"type": "status", "messages": ["アクセストークンが無効です"]}]},
           "AUTH_FAILED", "401", style="freee", lang="ja"),
        _e("amap", {"status": "0", "info": "INVALID_USER_KEY", "infocode": "10001"}, "AUTH_FAILED", "10001",
           style="amap"),
        _e("amap-limit", {"status": "0", "info": "CUQPS_HAS_EXCEEDED_THE_LIMIT", "infocode": "10021"},
           "RATE_LIMITED", "10021", style="amap"),
        _e("baidu-map", {"status": 302, "message": "天配额超限，限制访问"}, "RATE_LIMITED", "302", style="baidu map",
           lang="zh"),
        _e("tencent-map", {"status": 311, "message": "key格式错误", "request_id": "r1"}, "AUTH_FAILED", "311",
           style="tencent map", lang="zh"),
        _e("qiniu", {"error": "no such file or directory"}, "NOT_FOUND", style="qiniu"),
        _e("youzan", {"gw_err_resp": {"err_msg": "token校验失败", "err_code": 4203}}, "AUTH_FAILED", "4203",
           style="youzan", lang="zh"),
        _e("taobao", {"error_response": {"code": 27, "msg": "Invalid session", "sub_code": "invalid-sessionkey",
                                         "request_id": "r1"}}, "AUTH_FAILED", "invalid-sessionkey", style="taobao"),
        _e("pinduoduo", {"error_response": {"error_msg": "公共参数错误:type", "sub_msg": "", "sub_code": None,
                                            "error_code": 10001, "request_id": "r2"}}, "INVALID_ARGUMENT", "10001",
           style="pinduoduo", lang="zh"),
        _e("dingtalk", {"code": "InvalidAuthentication", "requestid": "r3", "message": "不合法的access_token"},
           "AUTH_FAILED", "InvalidAuthentication", style="dingtalk", lang="zh", http_status=401),
        _e("yandex-cloud", {"code": 16, "message": "The token is invalid", "details": [
            {"@type": "type.googleapis.com/google.rpc.RequestInfo", "requestId": "r4"}]}, "AUTH_FAILED", "16",
           style="yandex cloud"),
        _e("yandex-market", {"status": "ERROR", "errors": [{"code": "NOT_FOUND", "message": "Order 123 not found"}]},
           "NOT_FOUND", "NOT_FOUND", style="yandex market", http_status=404),
        _e("bitrix24", {"error": "expired_token", "error_description": "The access token provided has expired."},
           "AUTH_FAILED", "expired_token", style="bitrix24", http_status=401),
        _e("es-keys", {"codigo": "404", "mensaje": "Recurso no encontrado"}, "NOT_FOUND", "404",
           style="spanish keys", lang="es"),
        _e("pt-keys", {"sucesso": False, "mensagem": "Token inválido ou expirado", "codigo": 401}, "AUTH_FAILED",
           "401", style="portuguese keys", lang="pt"),
        _e("zh-keys", {"状态码": 500, "错误信息": "服务器内部错误"}, "UPSTREAM_FAILURE", "500", style="chinese keys",
           lang="zh"),
        _e("fr-keys", {"erreur": {"code": "ACCES_REFUSE", "libelle": "Accès refusé à la ressource"}},
           "PERMISSION_DENIED", "ACCES_REFUSE", style="french keys", lang="fr"),
        _e("de-keys", {"fehler": {"code": 429, "meldung": "Zu viele Anfragen. Bitte in 60 Sekunden erneut "
                                  "versuchen."}}, "RATE_LIMITED", "429", retry_after_ms=60000, style="german keys",
           lang="de"),
        _e("ja-ng", {"result": "NG", "error_message": "指定された注文は存在しません"}, "NOT_FOUND",
           style="japanese ng", lang="ja"),
    ]


def _rpc_and_graphql() -> list[Case]:
    return [
        _e("gh-graphql", {"data": {"repository": None}, "errors": [{"type": "NOT_FOUND", "path": ["repository"],
                                                                     "locations": [{"line": 1, "column": 9}],
                                                                     "message": "Could not resolve to a Repository "
                                                                     "with the name 'octo/nope'."}]}, "NOT_FOUND",
           "NOT_FOUND", style="github graphql"),
        _e("shopify-throttled", {"errors": [{"message": "Throttled", "extensions": {
            "code": "THROTTLED", "documentation": "https://shopify.dev/api/usage/rate-limits"}}], "extensions": {
            "cost": {"requestedQueryCost": 752, "actualQueryCost": None, "throttleStatus": {
                "maximumAvailable": 1000.0, "currentlyAvailable": 50, "restoreRate": 50.0}}}}, "RATE_LIMITED",
           "THROTTLED", style="shopify graphql"),
        _e("linear", {"errors": [{"message": "Entity not found: Issue", "extensions": {
            "type": "invalid input", "code": "INPUT_ERROR", "userPresentableMessage": "Could not find referenced "
            "Issue."}}], "data": None}, "NOT_FOUND", "INPUT_ERROR", style="linear graphql"),
        _e("anilist", {"errors": [{"message": "Not Found.", "status": 404, "locations": [{"line": 2, "column": 3}]}],
                       "data": {"Media": None}}, "NOT_FOUND", "404", style="anilist graphql"),
        _e("saleor", {"data": {"checkoutCreate": {"checkout": None, "errors": [
            {"field": "email", "message": "Enter a valid email address.", "code": "INVALID"}]}}}, "INVALID_ARGUMENT",
           "INVALID", style="saleor graphql"),
        _e("shopify-user-errors", {"data": {"productCreate": {"product": None, "userErrors": [
            {"field": ["title"], "message": "Title can't be blank"}]}}}, "INVALID_ARGUMENT",
           style="shopify graphql"),
        _e("hygraph", {"errors": [{"message": "value is not a valid ID"}], "data": None}, "INVALID_ARGUMENT",
           style="hygraph graphql"),
        _e("trpc", {"error": {"json": {"message": "Post with id 9 not found", "code": -32004, "data": {
            "code": "NOT_FOUND", "httpStatus": 404, "path": "post.byId"}}}}, "NOT_FOUND", "NOT_FOUND", style="trpc"),
        _e("lsp", {"jsonrpc": "2.0", "id": 3, "error": {"code": -32601, "message": "Unhandled method "
                                                        "textDocument/inlayHint"}}, "NOT_FOUND", "-32601",
           style="lsp json-rpc"),
        _e("connect-denied", {"code": "permission_denied", "message": "caller lacks the admin role"},
           "PERMISSION_DENIED", "permission_denied", style="connect rpc", http_status=403),
        _e("connect-unavailable", {"code": "unavailable", "message": "upstream connect error"}, "UPSTREAM_FAILURE",
           "unavailable", style="connect rpc", http_status=503),
        _e("twirp", {"code": "not_found", "msg": "user u-9 not found", "meta": {}}, "NOT_FOUND", "not_found",
           style="twirp", http_status=404),
        _e("twirp-deadline", {"code": "deadline_exceeded", "msg": "context deadline exceeded", "meta": {}},
           "TIMEOUT", "deadline_exceeded", style="twirp", http_status=408),
        _e("grpcurl-unavailable", "ERROR:\n  Code: Unavailable\n  Message: connection error: desc = \"transport: "
                                  "Error while dialing: dial tcp 127.0.0.1:50051: connect: connection refused\"",
           "UPSTREAM_FAILURE", "Unavailable", style="grpcurl"),
        _e("grpcurl-notfound", "ERROR:\n  Code: NotFound\n  Message: order o-17 does not exist", "NOT_FOUND",
           "NotFound", style="grpcurl"),
        _e("grpc-web", "grpc-status: 8\ngrpc-message: quota exceeded for project p-1", "RATE_LIMITED", "8",
           style="grpc-web trailers"),
        _e("grpc-java", "io.grpc.StatusRuntimeException: DEADLINE_EXCEEDED: deadline exceeded after 4.999s. "
                        "[closed=[], open=[[buffered_nanos=1000]]]", "TIMEOUT", "DEADLINE_EXCEEDED",
           style="grpc java"),
        _e("grpc-node", "Error: 14 UNAVAILABLE: No connection established", "UPSTREAM_FAILURE", style="grpc node"),
        _e("grpc-go-wait", "rpc error: code = ResourceExhausted desc = rate limit exceeded, retry after 1m30s",
           "RATE_LIMITED", "ResourceExhausted", retry_after_ms=90000, style="grpc go"),
        _e("xmlrpc-fault", "<?xml version=\"1.0\"?><methodResponse><fault><value><struct><member><name>faultCode"
                           "</name><value><int>403</int></value></member><member><name>faultString</name><value>"
                           "<string>Incorrect username or password.</string></value></member></struct></value>"
                           "</fault></methodResponse>", "AUTH_FAILED", "403", style="xml-rpc"),
        _e("prestashop", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<prestashop xmlns:xlink=\"http://www.w3.org/"
                         "1999/xlink\">\n<errors>\n<error>\n<code><![CDATA[1]]></code>\n<message><![CDATA[Invalid ID]]>"
                         "</message>\n</error>\n</errors>\n</prestashop>", "INVALID_ARGUMENT", style="prestashop xml",
           http_status=400),
    ]


def _cloud_and_http() -> list[Case]:
    return [
        _e("boto3-throttle", "botocore.exceptions.ClientError: An error occurred (ThrottlingException) when calling "
                             "the Converse operation (reached max retries: 4): Too many requests, please wait before "
                             "trying again.", "RATE_LIMITED", "ThrottlingException", style="boto3"),
        _e("boto3-condition", "botocore.errorfactory.ConditionalCheckFailedException: An error occurred "
                              "(ConditionalCheckFailedException) when calling the PutItem operation: The conditional "
                              "request failed", "CONFLICT", "ConditionalCheckFailedException", style="boto3"),
        _e("azure-python", "azure.core.exceptions.ResourceNotFoundError: (ResourceNotFound) The Resource "
                           "'Microsoft.Compute/virtualMachines/vm1' under resource group 'rg-prod' was not found. For "
                           "more details please go to https://aka.ms/ARMResourceNotFoundFix\nCode: ResourceNotFound\n"
                           "Message: The Resource 'Microsoft.Compute/virtualMachines/vm1' under resource group "
                           "'rg-prod' was not found.", "NOT_FOUND", "ResourceNotFound", style="azure sdk python"),
        _e("google-python", "google.api_core.exceptions.PermissionDenied: 403 Permission "
                            "'secretmanager.versions.access' denied for resource "
                            "'projects/p/secrets/s/versions/latest' (or it may not exist).", "PERMISSION_DENIED",
           style="google cloud python"),
        _e("aws-go", "operation error S3: GetObject, https response error StatusCode: 404, RequestID: 7Q2, HostID: "
                     "abc=, api error NoSuchKey: The specified key does not exist.", "NOT_FOUND", "NoSuchKey",
           style="aws sdk go v2"),
        _e("aws-java-v1", "com.amazonaws.services.s3.model.AmazonS3Exception: Access Denied (Service: Amazon S3; "
                          "Status Code: 403; Error Code: AccessDenied; Request ID: 4F2; S3 Extended Request ID: x=)",
           "PERMISSION_DENIED", "AccessDenied", style="aws sdk java"),
        _e("aws-java-v2", "software.amazon.awssdk.services.sqs.model.QueueDoesNotExistException: The specified queue "
                          "does not exist. (Service: Sqs, Status Code: 400, Request ID: 5a1)", "NOT_FOUND",
           style="aws sdk java"),
        _e("azure-dotnet", "Azure.RequestFailedException: The specified blob does not exist.\nRequestId:3b1\n"
                           "Time:2024-05-01T10:00:00.0000000Z\nStatus: 404 (The specified blob does not exist.)\n"
                           "ErrorCode: BlobNotFound", "NOT_FOUND", "BlobNotFound", style="azure sdk .net"),
        _e("firestore-node", "Error: 7 PERMISSION_DENIED: Missing or insufficient permissions.", "PERMISSION_DENIED",
           style="google cloud node"),
        _e("stripe-python", "stripe.error.CardError: Request req_8Hk: Your card has insufficient funds.", "CONFLICT",
           style="stripe python"),
        _e("openai-python", "openai.RateLimitError: Error code: 429 - {'error': {'message': 'Rate limit reached for "
                            "gpt-4o in organization org-x on tokens per min (TPM): Limit 30000, Used 29000, Requested "
                            "1500. Please try again in 1.2s.', 'type': 'tokens', 'param': None, 'code': "
                            "'rate_limit_exceeded'}}", "RATE_LIMITED", "rate_limit_exceeded", retry_after_ms=1200,
           style="openai python"),
        _e("anthropic-python", "anthropic.APIStatusError: Error code: 529 - {'type': 'error', 'error': {'type': "
                               "'overloaded_error', 'message': 'Overloaded'}}", "UPSTREAM_FAILURE", "overloaded_error",
           style="anthropic python"),
        _e("requests", "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='api.example.com', port=443): "
                       "Max retries exceeded with url: /v1/items (Caused by NewConnectionError('<urllib3.connection."
                       "HTTPSConnection object at 0x7f>: Failed to establish a new connection: [Errno 111] Connection "
                       "refused'))", "UPSTREAM_FAILURE", style="python requests"),
        _e("httpx", "httpx.ReadTimeout: The read operation timed out", "TIMEOUT", style="python httpx"),
        _e("go-http", "Get \"https://api.example.com/v1/items\": context deadline exceeded (Client.Timeout exceeded "
                      "while awaiting headers)", "TIMEOUT", style="go net/http"),
        _e("reqwest", "error sending request for url (https://api.example.com/v1/items): operation timed out",
           "TIMEOUT", style="rust reqwest"),
        _e("node-fetch", "TypeError: fetch failed\n    at node:internal/deps/undici/undici:12345:11\n  [cause]: Error: "
                         "connect ECONNREFUSED 127.0.0.1:8080 {\n    errno: -111,\n    code: 'ECONNREFUSED',\n    "
                         "syscall: 'connect',\n    address: '127.0.0.1',\n    port: 8080\n  }", "UPSTREAM_FAILURE",
           "ECONNREFUSED", style="node fetch"),
        _e("dotnet-timeout", "System.Threading.Tasks.TaskCanceledException: The request was canceled due to the "
                             "configured HttpClient.Timeout of 100 seconds elapsing.", "TIMEOUT",
           style=".net httpclient"),
        _e("java-http", "java.net.http.HttpTimeoutException: request timed out", "TIMEOUT", style="java httpclient"),
        _e("envoy", "upstream connect error or disconnect/reset before headers. reset reason: connection failure, "
                    "transport failure reason: delayed connect error: 111", "UPSTREAM_FAILURE", style="envoy",
           http_status=503),
        _e("cloudflare-1020", "<!DOCTYPE html><html><head><title>Access denied | api.example.com used Cloudflare to "
                              "restrict access</title></head><body><h1>Error 1020</h1><p>Access denied</p></body>"
                              "</html>", "PERMISSION_DENIED", style="cloudflare page", http_status=403),
        _e("azure-apim", {"statusCode": 401, "message": "Access denied due to invalid subscription key. Make sure to "
                          "provide a valid key for an active subscription."}, "AUTH_FAILED", "401",
           style="azure api management"),
        _e("apigw-throttle", {"message": "Too Many Requests"}, "RATE_LIMITED", style="aws api gateway",
           http_status=429),
        _e("go-404", "404 page not found", "NOT_FOUND", style="go default mux", http_status=404),
        _e("http-dump-429", "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nRetry-After: 120\r\n"
                            "\r\n{\"error\":\"slow down\"}", "RATE_LIMITED", retry_after_ms=120000, style="http dump"),
        _e("http-dump-503", "HTTP/2 503\ncontent-type: text/plain\nretry-after: 30\n\nservice unavailable",
           "UPSTREAM_FAILURE", retry_after_ms=30000, style="http dump"),
        _e("retry-in-seconds", {"error": {"code": "too_many_requests", "message": "Rate limit hit",
                                          "retry_in_seconds": 7}}, "RATE_LIMITED", "too_many_requests",
           retry_after_ms=7000, style="generic json"),
        _e("openstack-nova", {"itemNotFound": {"message": "Instance i-1 could not be found.", "code": 404}},
           "NOT_FOUND", "404", style="openstack"),
        _e("openstack-bad", {"badRequest": {"message": "Invalid flavorRef provided.", "code": 400}},
           "INVALID_ARGUMENT", "400", style="openstack"),
        _e("keystone", {"error": {"code": 401, "title": "Unauthorized", "message": "The request you have made "
                                  "requires authentication."}}, "AUTH_FAILED", "401", style="openstack keystone"),
        _e("proxmox", {"data": None, "errors": {"vmid": "value does not look like a valid VM ID"}},
           "INVALID_ARGUMENT", style="proxmox", http_status=400),
        _e("sap-odata", {"error": {"code": "SY/530", "message": {"lang": "en", "value": "Resource not found for "
                                                                 "segment 'Product'"}, "innererror": {
                                                                     "transactionid": "t1"}}}, "NOT_FOUND", "SY/530",
           style="sap odata"),
        _e("servicenow", {"error": {"message": "No Record found", "detail": "Record doesn't exist or ACL restricts the "
                                    "record retrieval"}, "status": "failure"}, "NOT_FOUND", style="servicenow",
           http_status=404),
        _e("confluence", {"statusCode": 404, "data": {"authorized": False, "valid": True, "errors": [], "successful":
                                                      False}, "message": "No content found with id: "
                          "ContentId{id=123}"}, "NOT_FOUND", "404", style="confluence"),
        _e("bitbucket-server", {"errors": [{"context": None, "message": "Repository PRJ/app does not exist.",
                                            "exceptionName": "com.atlassian.bitbucket.repository."
                                            "NoSuchRepositoryException"}]}, "NOT_FOUND",
           "com.atlassian.bitbucket.repository.NoSuchRepositoryException", style="bitbucket server",
           http_status=404),
        _e("sage", [{"$severity": "error", "$dataCode": "RecordNotFound", "$message": "Record not found",
                     "$source": ""}], "NOT_FOUND", "RecordNotFound", style="sage", http_status=404),
        _e("datadog", {"errors": ["Forbidden"]}, "PERMISSION_DENIED", style="datadog", http_status=403),
        _e("transloadit", {"error": "ASSEMBLY_NOT_FOUND", "message": "The Assembly could not be found.",
                           "assembly_id": "x7"}, "NOT_FOUND", "ASSEMBLY_NOT_FOUND", style="transloadit",
           http_status=404),
    ]


def _databases() -> list[Case]:
    return [
        _e("node-postgres", {"length": 203, "name": "error", "severity": "ERROR", "code": "23505", "detail":
                             "Key (email)=(a@x.com) already exists.", "schema": "public", "table": "users",
                             "constraint": "users_email_key", "file": "nbtinsert.c", "line": "664", "routine":
                             "_bt_check_unique"}, "CONFLICT", "23505", style="node-postgres"),
        _e("mongo-dup", {"ok": 0, "errmsg": "E11000 duplicate key error collection: shop.users index: email_1 dup "
                         "key: { email: \"a@x.com\" }", "code": 11000, "codeName": "DuplicateKey"}, "CONFLICT",
           "DuplicateKey", style="mongodb server"),
        _e("mongo-auth", {"ok": 0, "errmsg": "command find requires authentication", "code": 13, "codeName":
                          "Unauthorized"}, "AUTH_FAILED", "Unauthorized", style="mongodb server"),
        _e("dynamodb-throughput", {"__type": "com.amazonaws.dynamodb.v20120810#"
                                   "ProvisionedThroughputExceededException", "message": "The level of configured "
                                   "provisioned throughput for the table was exceeded. Consider increasing your "
                                   "provisioning level with the UpdateTable API."}, "RATE_LIMITED",
           "ProvisionedThroughputExceededException", style="dynamodb", http_status=400),
        _e("arangodb", {"error": True, "errorMessage": "collection or view not found", "code": 404, "errorNum": 1203},
           "NOT_FOUND", "1203", style="arangodb"),
        _e("cosmos", {"code": "Conflict", "message": "Entity with the specified id already exists in the system.\r\n"
                      "ActivityId: 1a2b, Microsoft.Azure.Documents.Common/2.14.0"}, "CONFLICT", "Conflict",
           style="cosmos db", http_status=409),
        _e("druid", {"error": "Query timeout", "errorMessage": "Query [q-1] timed out.", "errorClass":
                     "org.apache.druid.query.QueryTimeoutException", "host": None}, "TIMEOUT", style="druid",
           http_status=504),
        _e("questdb", {"query": "select * from trade", "error": "table does not exist [table=trade]", "position": 14},
           "NOT_FOUND", style="questdb", http_status=400),
        _e("surrealdb", {"code": 400, "details": "Request problems detected", "description": "There is a problem with "
                         "your request. Refer to the documentation for further information.", "information": "There "
                         "was a problem with the database: The table 'user' does not exist"}, "NOT_FOUND", "400",
           style="surrealdb"),
        _e("mssql", "Msg 208, Level 16, State 1, Line 1\nInvalid object name 'dbo.Users'.", "NOT_FOUND", "208",
           style="sql server"),
        _e("db2", "SQL0204N  \"DB2INST1.USERS\" is an undefined name.  SQLSTATE=42704", "NOT_FOUND", "SQL0204N",
           style="db2"),
        _e("mysql-db", "ERROR 1049 (42000): Unknown database 'shop'", "NOT_FOUND", "1049", style="mysql client"),
        _e("redis-noauth", "(error) NOAUTH Authentication required.", "AUTH_FAILED", "NOAUTH", style="redis"),
        _e("cassandra", "cassandra.Unavailable: Error from server: code=1000 [Unavailable exception] message=\"Cannot "
                        "achieve consistency level QUORUM\" info={'consistency': 'QUORUM', 'required_replicas': 2, "
                        "'alive_replicas': 1}", "UPSTREAM_FAILURE", "1000", style="cassandra python"),
        _e("supabase-storage", {"statusCode": "404", "error": "not_found", "message": "Object not found"},
           "NOT_FOUND", "not_found", style="supabase storage"),
        _e("firestore", {"error": {"code": 409, "message": "Document already exists: projects/p/databases/(default)/"
                                   "documents/users/u1", "status": "ALREADY_EXISTS"}}, "CONFLICT", "ALREADY_EXISTS",
           style="firestore rest"),
        _e("pinecone", {"code": 5, "message": "Index 'docs' not found", "details": []}, "NOT_FOUND", "5",
           style="pinecone", http_status=404),
    ]


def unseen6_cases() -> list[Case]:
    """The providers' results; the shapes' (``unseen6_shapes``, which imports ``half`` from here) are
    added beside them in ``protocol_corpus.cases``."""
    return _payments() + _messaging() + _asia() + _rpc_and_graphql() + _cloud_and_http() + _databases()
