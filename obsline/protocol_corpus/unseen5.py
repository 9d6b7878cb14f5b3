"""The fifth unseen part (session 22): written after session 22's mechanisms for the fourth unseen
part's misses (jobs by a state key naming them, counts so far, weak state words beside strong
evidence, cut flags at any depth, shares by number pattern, ids after a word of any language, the
languages of Google Translate's list), from public documentation of providers, command-line tools
and job shapes no earlier part uses, and error texts in languages the corpus had not used (some of
Google Translate's list, given words this session by the same author: an upper bound; others
outside it). Written before any run; run once; its figures are reported as they came
(docs/design.md), and no rule was changed for it afterwards.

Labels follow the provider's documented meaning: the stable code is what its documentation says
the error is; the tool's own code is the documented machine code field (left unlabelled where the
result gives none). The formats were written from the author's knowledge of each provider's
public documentation (not fetched case by case: a limit of this part).
"""

from __future__ import annotations

from obsline.protocol_corpus.case import Case, err
from obsline.protocol_corpus.unseen5_shapes import unseen5_shape_cases


def _e(id: str, raw: object, code: str, tool: str | None = None, **kw: object) -> Case:
    return err(f"unseen5-{id}", raw, code, tool, unseen5=True, **kw)  # type: ignore[arg-type]


def _payments() -> list[Case]:
    return [
        _e("razorpay", {"error": {"code": "BAD_REQUEST_ERROR", "description": "The api key provided is invalid",
                                  "source": "NA", "step": "NA", "reason": "NA", "metadata": {}}},
           "AUTH_FAILED", "BAD_REQUEST_ERROR", style="razorpay", http_status=401),
        _e("paystack", {"status": False, "message": "Invalid key"}, "AUTH_FAILED", style="paystack",
           http_status=401),
        _e("flutterwave", {"status": "error", "message": "Invalid authorization key", "data": None},
           "AUTH_FAILED", style="flutterwave", http_status=401),
        _e("mollie", {"status": 404, "title": "Not Found", "detail": "No payment exists with token tr_WDqYK6vllg.",
                      "_links": {"documentation": {"href": "https://docs.mollie.com/overview/handling-errors",
                                                   "type": "text/html"}}}, "NOT_FOUND", "404", style="mollie"),
        _e("coinbase", {"errors": [{"id": "not_found", "message": "Not found"}]}, "NOT_FOUND", "not_found",
           style="coinbase", http_status=404),
        _e("binance", {"code": -1121, "msg": "Invalid symbol."}, "INVALID_ARGUMENT", "-1121", style="binance",
           http_status=400),
        _e("binance-limit", {"code": -1003, "msg": "Too many requests; current limit is 1200 request weight per 1 "
                                               "MINUTE. Please use the websocket for live updates to avoid polling "
                                               "the API."}, "RATE_LIMITED", "-1003", style="binance",
           http_status=429),
        _e("gateio", {"label": "INVALID_KEY", "message": "Invalid key provided"}, "AUTH_FAILED", "INVALID_KEY",
           style="gate.io", http_status=401),
        _e("gateio-limit", {"label": "TOO_MANY_REQUESTS", "message": "Request Rate limit Exceeded"},
           "RATE_LIMITED", "TOO_MANY_REQUESTS", style="gate.io", http_status=429),
        _e("huobi", {"status": "error", "err-code": "api-signature-not-valid", "err-msg": "Signature not valid: "
                     "Incorrect Access key [Access key错误]", "data": None}, "AUTH_FAILED",
           "api-signature-not-valid", style="huobi"),
        _e("bitget", {"code": "40006", "msg": "Invalid ACCESS_KEY", "requestTime": 1700000000000, "data": None},
           "AUTH_FAILED", "40006", style="bitget"),
        _e("upbit", {"error": {"name": "invalid_access_key", "message": "잘못된 엑세스 키입니다."}}, "AUTH_FAILED",
           "invalid_access_key", style="upbit", http_status=401),
        _e("dlocal", {"code": 5008, "message": "Token not found or inactive"}, "NOT_FOUND", "5008",
           style="dlocal", http_status=400),
        _e("rapyd", {"status": {"error_code": "ERROR_GET_PAYMENT", "status": "ERROR", "message": "The request "
                                "tried to retrieve a payment, but the payment was not found.", "response_code":
                                "ERROR_GET_PAYMENT", "operation_id": "8d2c"}, "data": {}}, "NOT_FOUND",
           "ERROR_GET_PAYMENT", style="rapyd"),
        _e("payoneer", {"error": "invalid_token", "error_description": "The access token is invalid"},
           "AUTH_FAILED", "invalid_token", style="payoneer", http_status=401),
        _e("sumup", {"message": "Resource not found", "error_code": "NOT_FOUND"}, "NOT_FOUND", "NOT_FOUND",
           style="sumup", http_status=404),
        _e("tinkoff", {"Success": False, "ErrorCode": "204", "Message": "Неверный токен. Проверьте пару "
                       "TerminalKey/SecretKey.", "Details": ""}, "AUTH_FAILED", "204", style="t-bank acquiring"),
        _e("paytm", {"head": {"responseTimestamp": "1700000000000", "version": "v1"}, "body": {"resultInfo": {
            "resultStatus": "F", "resultCode": "501", "resultMsg": "System Error"}}}, "UPSTREAM_FAILURE", "501",
           style="paytm"),
        _e("phonepe", {"success": False, "code": "AUTHORIZATION_FAILED", "message": "Authorization failed",
                       "data": {}}, "AUTH_FAILED", "AUTHORIZATION_FAILED", style="phonepe", http_status=401),
        _e("yodlee", {"errorCode": "Y008", "errorMessage": "Invalid token", "referenceCode": "r-1"},
           "AUTH_FAILED", "Y008", style="yodlee", http_status=401),
        _e("saltedge", {"error": {"class": "ConnectionNotFound", "message": "Connection with id: '123' was not "
                                  "found.", "documentation_url": "https://docs.saltedge.com/"}, "request": {}},
           "NOT_FOUND", "ConnectionNotFound", style="salt edge", http_status=404),
        _e("nordigen", {"summary": "Invalid token", "detail": "Token is invalid or expired", "status_code": 401},
           "AUTH_FAILED", "401", style="gocardless bank account data"),
        _e("tink", {"errorId": "e-1", "errorCode": "USER_NOT_FOUND", "errorMessage": "User not found"},
           "NOT_FOUND", "USER_NOT_FOUND", style="tink", http_status=404),
    ]


def _commerce_and_comms() -> list[Case]:
    return [
        _e("shopee", {"error": "error_auth", "message": "Invalid access_token.", "request_id": "r-9"},
           "AUTH_FAILED", "error_auth", style="shopee"),
        _e("lazada", {"type": "ISV", "code": "IllegalAccessToken", "message": "The specified access token is "
                      "invalid or expired", "request_id": "0b1"}, "AUTH_FAILED", "IllegalAccessToken",
           style="lazada"),
        _e("tokopedia", {"header": {"process_time": 0.01, "messages": "Your request has been processed",
                                    "reason": "invalid shop_id", "error_code": "SHOP_NOT_FOUND"}, "data": None},
           "NOT_FOUND", "SHOP_NOT_FOUND", style="tokopedia"),
        _e("flipkart", {"errors": [{"severity": "ERROR", "code": "INVALID_ORDER_ITEM_ID", "description":
                                    "Order item id is invalid"}]}, "INVALID_ARGUMENT", "INVALID_ORDER_ITEM_ID",
           style="flipkart", http_status=400),
        _e("zalando", {"type": "https://zalando.github.io/problem/constraint-violation", "title":
                       "Constraint Violation", "status": 400, "detail": "limit must be less than or equal to 100"},
           "INVALID_ARGUMENT", "400", style="zalando problem"),
        _e("printful", {"code": 404, "result": "Not found", "error": {"reason": "NotFound", "message":
                                                                      "Order not found"}}, "NOT_FOUND",
           "NotFound", style="printful"),
        _e("gumroad", {"success": False, "message": "The product could not be found."}, "NOT_FOUND",
           style="gumroad", http_status=404),
        _e("whatsapp", {"error": {"message": "(#131030) Recipient phone number not in allowed list", "type":
                                  "OAuthException", "code": 131030, "error_data": {"messaging_product": "whatsapp",
                                                                                    "details": "Recipient phone "
                                                                                    "number not in allowed list"},
                                  "fbtrace_id": "A1"}}, "PERMISSION_DENIED", "131030", style="whatsapp cloud",
           http_status=400),
        _e("helpscout", {"logRef": "l-1", "message": "Bad request", "_embedded": {"errors": [
            {"path": "customer.email", "message": "must be a well-formed email address", "source": "JSON"}]}},
           "INVALID_ARGUMENT", style="help scout", http_status=400),
        _e("front", {"_error": {"status": 404, "title": "Not found", "message": "Conversation not found"}},
           "NOT_FOUND", "404", style="front"),
        _e("crisp", {"error": True, "reason": "not_found", "data": {}}, "NOT_FOUND", "not_found", style="crisp",
           http_status=404),
        _e("gorgias", {"error": {"msg": "Ticket not found"}}, "NOT_FOUND", style="gorgias", http_status=404),
        _e("mandrill", {"status": "error", "code": -1, "name": "Invalid_Key", "message": "Invalid API key"},
           "AUTH_FAILED", "Invalid_Key", style="mandrill"),
        _e("ses-throttle", "<ErrorResponse xmlns=\"http://ses.amazonaws.com/doc/2010-12-01/\"><Error><Type>Sender"
                           "</Type><Code>Throttling</Code><Message>Maximum sending rate exceeded.</Message></Error>"
                           "<RequestId>r-1</RequestId></ErrorResponse>", "RATE_LIMITED", "Throttling",
           style="amazon ses", http_status=400),
        _e("kakao", {"msg": "this access token does not exist", "code": -401}, "AUTH_FAILED", "-401",
           style="kakao", http_status=401),
        _e("line", {"message": "The request body has 2 error(s)", "details": [
            {"message": "May not be empty", "property": "messages[0].text"}]}, "INVALID_ARGUMENT",
           style="line messaging", http_status=400),
        _e("okru", {"error_code": 102, "error_msg": "PARAM_SESSION_EXPIRED : Session expired", "error_data": None},
           "AUTH_FAILED", "102", style="ok.ru"),
        _e("avito", {"error": {"code": 404, "message": "Объявление не найдено"}}, "NOT_FOUND", "404",
           style="avito"),
        _e("wildberries", {"title": "unauthorized", "detail": "token expired", "requestId": "r-2", "origin":
                           "s2s-api-auth-catalog", "status": 401, "statusText": "Unauthorized"}, "AUTH_FAILED",
           "401", style="wildberries"),
        _e("ifood", {"error": {"code": "NotFound", "message": "Merchant not found"}}, "NOT_FOUND", "NotFound",
           style="ifood", http_status=404),
    ]


def _platforms() -> list[Case]:
    return [
        _e("gitea", {"message": "The target couldn't be found.", "url": "https://gitea.example/api/swagger",
                     "errors": []}, "NOT_FOUND", style="gitea", http_status=404),
        _e("gitee", {"message": "Not Found"}, "NOT_FOUND", style="gitee", http_status=404),
        _e("basecamp", {"status": 404, "error": "Not Found"}, "NOT_FOUND", "404", style="basecamp"),
        _e("wrike", {"errorDescription": "Task not found", "error": "resource_not_found"}, "NOT_FOUND",
           "resource_not_found", style="wrike", http_status=404),
        _e("odoo", {"jsonrpc": "2.0", "id": 1, "error": {"code": 200, "message": "Odoo Server Error", "data": {
            "name": "odoo.exceptions.AccessError", "message": "You are not allowed to access 'Contact' (res.partner) "
                                                             "records.", "debug": "Traceback ..."}}},
           "PERMISSION_DENIED", "odoo.exceptions.AccessError", style="odoo json-rpc"),
        _e("gusto", {"errors": [{"error_key": "base", "category": "invalid_operation", "message":
                                 "Payroll has already been processed"}]}, "CONFLICT", "invalid_operation",
           style="gusto", http_status=422),
        _e("deel", {"errors": [{"message": "Contract not found", "path": "contract_id"}], "request": {"method":
                                                                                                  "GET"}},
           "NOT_FOUND", style="deel", http_status=404),
        _e("personio", {"success": False, "error": {"code": 0, "message": "The employee was not found"}},
           "NOT_FOUND", style="personio", http_status=404),
        _e("lever", {"code": "ResourceNotFound", "message": "Opportunity not found"}, "NOT_FOUND",
           "ResourceNotFound", style="lever", http_status=404),
        _e("ashby", {"success": False, "errors": ["candidate_not_found"]}, "NOT_FOUND", "candidate_not_found",
           style="ashby"),
        _e("webflow", {"code": "resource_not_found", "message": "Requested resource not found: The site cannot be "
                                                                "found", "externalReference": None, "details": []},
           "NOT_FOUND", "resource_not_found", style="webflow", http_status=404),
        _e("wix", {"message": "Not found", "details": {"applicationError": {"description": "Not Found", "code":
                                                                            "NOT_FOUND", "data": {}}}},
           "NOT_FOUND", "NOT_FOUND", style="wix", http_status=404),
        _e("squarespace", {"type": "INVALID_REQUEST_ERROR", "subtype": "INVALID_ARGUMENT", "message":
                           "Invalid cursor", "details": None, "contextId": "c-1"}, "INVALID_ARGUMENT",
           "INVALID_ARGUMENT", style="squarespace", http_status=400),
        _e("ghost", {"errors": [{"message": "Resource not found error, cannot read post.", "context": None, "type":
                                 "NotFoundError", "details": None, "property": None, "help": None, "code": None,
                                 "id": "e-1"}]}, "NOT_FOUND", "NotFoundError", style="ghost", http_status=404),
        _e("strapi", {"data": None, "error": {"status": 403, "name": "ForbiddenError", "message": "Forbidden",
                                              "details": {}}}, "PERMISSION_DENIED", "ForbiddenError",
           style="strapi"),
        _e("sanity", {"statusCode": 401, "error": "Unauthorized", "message": "Session not found"}, "AUTH_FAILED",
           "401", style="sanity"),
        _e("directus", {"errors": [{"message": "You don't have permission to access this.", "extensions": {
            "code": "FORBIDDEN"}}]}, "PERMISSION_DENIED", "FORBIDDEN", style="directus", http_status=403),
        _e("convex", {"code": "BadJsonBody", "message": "Failed to parse JSON"}, "INVALID_ARGUMENT", "BadJsonBody",
           style="convex", http_status=400),
        _e("turso", {"error": "database not found"}, "NOT_FOUND", style="turso", http_status=404),
        _e("fauna", {"error": {"code": "unauthorized", "message": "Access token required"}, "summary": ""},
           "AUTH_FAILED", "unauthorized", style="fauna", http_status=401),
        _e("xata", {"id": "x-1", "message": "table [users] not found"}, "NOT_FOUND", style="xata",
           http_status=404),
        _e("aiven", {"errors": [{"message": "Service does not exist", "status": 404}], "message":
                     "Service does not exist"}, "NOT_FOUND", "404", style="aiven"),
        _e("confluent", {"errors": [{"id": "e-2", "status": "404", "code": "resource_not_found", "detail":
                                     "Cluster not found", "source": {}}]}, "NOT_FOUND", "resource_not_found",
           style="confluent cloud"),
        _e("atlas", {"detail": "No cluster named web exists in group 5f1.", "error": 404, "errorCode":
                     "CLUSTER_NOT_FOUND", "parameters": ["web", "5f1"], "reason": "Not Found"}, "NOT_FOUND",
           "CLUSTER_NOT_FOUND", style="mongodb atlas"),
        _e("redis-cloud", {"error": {"type": "SUBSCRIPTION_NOT_FOUND", "description": "Subscription was not found",
                                     "status": "404 NOT_FOUND"}}, "NOT_FOUND", "SUBSCRIPTION_NOT_FOUND",
           style="redis cloud"),
        _e("liveblocks", {"error": "ROOM_NOT_FOUND", "message": "Room not found", "suggestion": "Please use a "
                          "valid room ID"}, "NOT_FOUND", "ROOM_NOT_FOUND", style="liveblocks", http_status=404),
        _e("r2", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>NoSuchBucket</Code><Message>The specified "
                 "bucket does not exist.</Message></Error>", "NOT_FOUND", "NoSuchBucket", style="cloudflare r2",
           http_status=404),
        _e("wasabi", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>InvalidAccessKeyId</Code><Message>The "
                     "AWS Access Key Id you provided does not exist in our records.</Message><RequestId>r-3"
                     "</RequestId></Error>", "AUTH_FAILED", "InvalidAccessKeyId", style="wasabi", http_status=403),
        _e("chroma", {"error": "NotFoundError", "message": "Collection docs does not exist."}, "NOT_FOUND",
           "NotFoundError", style="chroma"),
    ]


def _ai_and_data() -> list[Case]:
    return [
        _e("moonshot", {"error": {"message": "Invalid Authentication", "type": "invalid_authentication_error"}},
           "AUTH_FAILED", "invalid_authentication_error", style="moonshot", http_status=401),
        _e("zhipu", {"error": {"code": "1000", "message": "身份验证失败。"}}, "AUTH_FAILED", "1000", style="zhipu",
           http_status=401),
        _e("dashscope", {"code": "InvalidApiKey", "message": "Invalid API-key provided.", "request_id": "r-4"},
           "AUTH_FAILED", "InvalidApiKey", style="dashscope", http_status=401),
        _e("dashscope-limit", {"code": "Throttling.RateQuota", "message": "Requests rate limit exceeded, please "
                               "try again later.", "request_id": "r-5"}, "RATE_LIMITED", "Throttling.RateQuota",
           style="dashscope", http_status=429),
        _e("volcengine", {"ResponseMetadata": {"RequestId": "r-6", "Action": "GetEndpoint", "Version": "2024-01-01",
                                               "Service": "ark", "Region": "cn-beijing", "Error": {
                                                   "CodeN": 100009, "Code": "InvalidAccessKey", "Message":
                                                   "The access key is invalid."}}}, "AUTH_FAILED",
           "InvalidAccessKey", style="volcengine"),
        _e("geoapify", {"statusCode": 401, "error": "Unauthorized", "message": "Invalid apiKey"}, "AUTH_FAILED",
           "401", style="geoapify"),
        _e("geoapify-limit", {"statusCode": 429, "error": "Too Many Requests", "message": "Rate limit exceeded, "
                              "retry in 1 seconds"}, "RATE_LIMITED", "429", retry_after_ms=1000, style="geoapify"),
        _e("what3words", {"error": {"code": "BadWords", "message": "words must be a valid 3 word address, such as "
                                                                   "filled.count.soap"}}, "INVALID_ARGUMENT",
           "BadWords", style="what3words", http_status=400),
        _e("ipgeolocation", {"message": "Provided API key is not valid. Contact technical support for assistance "
                                        "at support@ipgeolocation.io"}, "AUTH_FAILED", style="ipgeolocation",
           http_status=401),
        _e("hunter", {"errors": [{"id": "wrong_params", "code": 400, "details": "You are missing the domain "
                                  "parameter"}]}, "INVALID_ARGUMENT", "wrong_params", style="hunter"),
        _e("zerobounce", {"error": "Invalid API Key or your account ran out of credits"}, "AUTH_FAILED",
           style="zerobounce"),
        _e("clearbit", {"error": {"type": "unknown_record", "message": "Unknown email address"}}, "NOT_FOUND",
           "unknown_record", style="clearbit", http_status=404),
        _e("pdl", {"status": 404, "error": {"type": "not_found", "message": "No records were found matching your "
                                                                          "request"}}, "NOT_FOUND", "not_found",
           style="people data labs"),
        _e("overpass", "runtime error: Query timed out in \"query\" at line 3 after 26 seconds.", "TIMEOUT",
           style="overpass"),
        _e("upbit-limit", "Too many API requests.", "RATE_LIMITED", style="upbit", http_status=429),
        _e("toggl", "Workspace not found", "NOT_FOUND", style="toggl", http_status=404),
    ]


def unseen5_cases() -> list[Case]:
    return _payments() + _commerce_and_comms() + _platforms() + _ai_and_data() + unseen5_shape_cases()
