"""The seventh unseen part (session 25): written before any rule change of session 25 and before any
run, from public knowledge of real APIs' and tools' result formats that no earlier part uses: East
Asian platform envelopes whose success slot is a number, a string code or a boolean in a header
(NHN Cloud, Naver Cloud, data.go.kr, e-Stat, PayPay, kintone, Sakura Cloud, Douyin, Bilibili, JPush,
UnionPay, WeChat Pay v2 XML and v3 JSON, UCloud), payment APIs of Latin America, India, Russia and
Europe, envelopes that put the error under ``meta``, ``header``, ``head`` or ``_embedded``, GraphQL
``userErrors``/``customerUserErrors`` and AppSync/Apollo/Magento error extensions, form-encoded NVP
errors, SOAP 1.2 faults, eBay Trading XML, EC2 and STS XML, OData v2/v4 of ERPs, JSON-RPC nodes
(Bitcoin Core, aria2, Starknet, Substrate, Home Assistant, Transmission), grpc-gateway's error,
Harbor, Phabricator, Couchbase N1QL, InfluxDB's per-statement error, VictoriaMetrics, Redshift Data
(``unseen7_shapes``: error texts in 40+ languages with meanings earlier parts give few entries,
command-line tools, jobs and operations with handles under many names, cancellations, batch results
with counts and per-item codes, the query's own incompleteness flags, cut-off results, and successes
that must stay successes).

**The halves, by a fixed rule**: a case is in the *tune* half when the first eight hex digits of
the SHA-256 of its id (``unseen7-...``) make an even number, else in the *held-out* half
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
    """The fixed split of unseen-7: even leading SHA-256 word -> tune, odd -> held-out."""
    return "tune" if int(hashlib.sha256(id.encode()).hexdigest()[:8], 16) % 2 == 0 else "held-out"


def _e(id: str, raw: object, code: str, tool: str | None = None, **kw: object) -> Case:
    full = f"unseen7-{id}"
    return err(full, raw, code, tool, unseen7=half(full), **kw)  # type: ignore[arg-type]


def _ok(id: str, raw: object, **kw: object) -> Case:
    full = f"unseen7-{id}"
    return Case(full, raw, "success", unseen7=half(full), **kw)  # type: ignore[arg-type]


def _east_asia() -> list[Case]:
    return [
        _e("nhn-cloud", {"header": {"isSuccessful": False, "resultCode": -1000, "resultMessage":
                                    "Invalid appkey"}}, "AUTH_FAILED", "-1000", style="nhn cloud"),
        _ok("nhn-cloud-ok", {"header": {"isSuccessful": True, "resultCode": 0, "resultMessage": "SUCCESS"},
                             "body": {"data": {"requestId": "2024050110000000abc", "statusCode": "2"}}},
            style="nhn cloud"),
        _e("naver-cloud", {"responseError": {"returnCode": "300", "returnMessage": "Not Found Exception"}},
           "NOT_FOUND", "300", style="naver cloud", http_status=404),
        _e("data-go-kr", {"response": {"header": {"resultCode": "30", "resultMsg":
                                                  "SERVICE_KEY_IS_NOT_REGISTERED_ERROR"}}}, "AUTH_FAILED", "30",
           style="data.go.kr"),
        _ok("data-go-kr-ok", {"response": {"header": {"resultCode": "00", "resultMsg": "NORMAL SERVICE."},
                                           "body": {"items": {"item": [{"stationName": "종로구", "pm10Value": "41"}]},
                                                    "numOfRows": 10, "pageNo": 1, "totalCount": 1}}},
            style="data.go.kr", lang="ko"),
        _e("data-go-kr-xml", "<OpenAPI_ServiceResponse>\n<cmmMsgHeader>\n<errMsg>SERVICE ERROR</errMsg>\n"
                             "<returnAuthMsg>LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR</returnAuthMsg>\n"
                             "<returnReasonCode>22</returnReasonCode>\n</cmmMsgHeader>\n</OpenAPI_ServiceResponse>",
           "RATE_LIMITED", "22", style="data.go.kr xml"),
        _e("e-stat", {"GET_STATS_DATA": {"RESULT": {"STATUS": 100, "ERROR_MSG": "認証に失敗しました。アプリケーションID"
                                                    "を確認して下さい。", "DATE": "2024-05-01T10:00:00.000+09:00"}}},
           "AUTH_FAILED", "100", style="e-stat", lang="ja"),
        _ok("e-stat-ok", {"GET_STATS_LIST": {"RESULT": {"STATUS": 0, "ERROR_MSG": "正常に終了しました。", "DATE":
                                                       "2024-05-01T10:00:00.000+09:00"}, "DATALIST_INF": {
                                                           "NUMBER": 1, "TABLE_INF": [{"@id": "0003411595"}]}}},
            style="e-stat", lang="ja"),
        _e("paypay", {"resultInfo": {"code": "UNAUTHORIZED", "message": "Unauthorized request", "codeId":
                                     "08100016"}, "data": None}, "AUTH_FAILED", "UNAUTHORIZED", style="paypay",
           http_status=401),
        _e("paypay-dup", {"resultInfo": {"code": "DUPLICATE_DYNAMIC_QR_REQUEST", "message": "Duplicate Dynamic QR "
                                         "request error", "codeId": "08100006"}, "data": None}, "CONFLICT",
           "DUPLICATE_DYNAMIC_QR_REQUEST", style="paypay", http_status=400),
        _ok("paypay-ok", {"resultInfo": {"code": "SUCCESS", "message": "Success", "codeId": "08100001"}, "data": {
            "paymentId": "0431", "status": "COMPLETED", "amount": {"amount": 1200, "currency": "JPY"}}},
            style="paypay"),
        _e("kintone", {"code": "GAIA_RE01", "id": "1505999166-897850006", "message": "指定したレコード（id: 9）が見つかり"
                       "ません。"}, "NOT_FOUND", "GAIA_RE01", style="kintone", lang="ja", http_status=404),
        _e("kintone-perm", {"code": "CB_NO02", "id": "1505999166-a", "message": "権限がありません。"},
           "PERMISSION_DENIED", "CB_NO02", style="kintone", lang="ja", http_status=403),
        _e("sakura-cloud", {"is_fatal": True, "serial": "5e8b6a", "status": "404 Not Found", "error_code":
                            "not_found", "error_msg": "対象が見つかりません。"}, "NOT_FOUND", "not_found",
           style="sakura cloud", lang="ja"),
        _e("payjp", {"error": {"code": "card_declined", "message": "Card declined", "status": 402, "type":
                               "card_error"}}, "CONFLICT", "card_declined", style="pay.jp"),
        _e("douyin", {"data": {"error_code": 2190008, "description": "access_token已过期"}, "extra": {
            "error_code": 2190008, "description": "access_token已过期", "sub_error_code": 0, "sub_description": "",
            "logid": "2024050110000001", "now": 1714528800}}, "AUTH_FAILED", "2190008", style="douyin open",
           lang="zh"),
        _ok("douyin-ok", {"data": {"error_code": 0, "description": "", "list": [{"item_id": "@9VwL", "title":
                                                                               "日常"}], "has_more": False},
                          "extra": {"error_code": 0, "description": "", "logid": "2024050110000002"}},
            style="douyin open"),
        _e("bilibili", {"code": -404, "message": "啥都木有", "ttl": 1}, "NOT_FOUND", "-404", style="bilibili",
           lang="zh"),
        _ok("bilibili-ok", {"code": 0, "message": "0", "ttl": 1, "data": {"mid": 2, "name": "碧诗", "level": 6}},
            style="bilibili"),
        _e("bilibili-login", {"code": -101, "message": "账号未登录", "ttl": 1}, "AUTH_FAILED", "-101",
           style="bilibili", lang="zh"),
        _e("jpush", {"error": {"code": 1011, "message": "cannot find user by this audience or has been inactive "
                               "for more than 255 days"}}, "NOT_FOUND", "1011", style="jpush", http_status=400),
        _e("getui", {"code": 10001, "msg": "token错误或失效"}, "AUTH_FAILED", "10001", style="getui", lang="zh"),
        _e("upyun", {"msg": "file or directory not found", "code": 40400001, "id": "4a1f2b"}, "NOT_FOUND",
           "40400001", style="upyun", http_status=404),
        _e("wxpay-v3", {"code": "PARAM_ERROR", "message": "参数错误", "detail": {"field": "/amount/total", "value": 0,
                                                                            "issue": "must be greater than 0",
                                                                            "location": "body"}},
           "INVALID_ARGUMENT", "PARAM_ERROR", style="wechat pay v3", lang="zh", http_status=400),
        _e("wxpay-v3-sign", {"code": "SIGN_ERROR", "message": "签名错误"}, "AUTH_FAILED", "SIGN_ERROR",
           style="wechat pay v3", lang="zh", http_status=401),
        _e("wxpay-v2-paid", "<xml><return_code><![CDATA[SUCCESS]]></return_code><return_msg><![CDATA[OK]]>"
                            "</return_msg><result_code><![CDATA[FAIL]]></result_code><err_code><![CDATA[ORDERPAID]]>"
                            "</err_code><err_code_des><![CDATA[该订单已支付]]></err_code_des></xml>", "CONFLICT",
           "ORDERPAID", style="wechat pay v2 xml", lang="zh"),
        _e("wxpay-v2-sign", "<xml><return_code><![CDATA[FAIL]]></return_code><return_msg><![CDATA[签名错误]]>"
                            "</return_msg></xml>", "AUTH_FAILED", style="wechat pay v2 xml", lang="zh"),
        _ok("wxpay-v2-ok", "<xml><return_code><![CDATA[SUCCESS]]></return_code><return_msg><![CDATA[OK]]>"
                           "</return_msg><result_code><![CDATA[SUCCESS]]></result_code><prepay_id><![CDATA[wx2017033"
                           "10002]]></prepay_id><trade_type><![CDATA[JSAPI]]></trade_type></xml>",
            style="wechat pay v2 xml"),
        _e("unionpay", {"respCode": "34", "respMsg": "查无此交易", "txnType": "00", "orderId": "20240501001"},
           "NOT_FOUND", "34", style="unionpay", lang="zh"),
        _ok("unionpay-ok", {"respCode": "00", "respMsg": "成功[0000000]", "txnType": "01", "orderId": "20240501002",
                            "queryId": "201705011000"}, style="unionpay"),
        _e("ucloud", {"RetCode": 160, "Action": "DescribeUHostInstanceResponse", "Message": "Params [Region] not "
                      "available"}, "INVALID_ARGUMENT", "160", style="ucloud"),
        _ok("ucloud-ok", {"RetCode": 0, "Action": "DescribeUHostInstanceResponse", "TotalCount": 1, "UHostSet": [
            {"UHostId": "uhost-1", "State": "Running"}]}, style="ucloud"),
        _e("baidu-pan", {"errno": -9, "request_id": 8923491, "errmsg": "file does not exist"}, "NOT_FOUND", "-9",
           style="baidu netdisk"),
        _ok("baidu-pan-ok", {"errno": 0, "request_id": 8923492, "list": [{"fs_id": 1, "path": "/a.txt",
                                                                          "size": 12}]}, style="baidu netdisk"),
        _e("baidu-ai", {"err_no": 110, "err_msg": "Access token invalid or no longer valid", "log_id": 1234},
           "AUTH_FAILED", "110", style="baidu ai"),
        _e("qq-connect", {"ret": -1, "msg": "client request's parameters are invalid, invalid openid"},
           "INVALID_ARGUMENT", "-1", style="qq connect"),
        _e("douyin-web", {"status_code": 5, "status_msg": "用户不存在"}, "NOT_FOUND", "5", style="douyin web",
           lang="zh"),
        _e("cn-resultcode", {"resultCode": "9999", "resultMsg": "系统异常，请稍后再试", "data": None},
           "UPSTREAM_FAILURE", "9999", style="resultCode envelope", lang="zh"),
        _e("cn-rtncode", {"rtnCode": "E404", "rtnMsg": "未找到该用户", "rtnData": None}, "NOT_FOUND", "E404",
           style="rtnCode envelope", lang="zh"),
        _e("game-iret", {"iRet": -100, "sMsg": "未登录或登录态已失效", "jData": {}}, "AUTH_FAILED", "-100",
           style="iRet envelope", lang="zh"),
        _e("cn-errorcode-balance", {"errorCode": "E1004", "errorMsg": "账户余额不足", "success": False},
           "CONFLICT", "E1004", style="errorCode envelope", lang="zh"),
        _e("portone", {"code": -1, "message": "존재하지 않는 결제정보입니다.", "response": None}, "NOT_FOUND", "-1",
           style="portone v1", lang="ko", http_status=404),
        _ok("portone-ok", {"code": 0, "message": None, "response": {"imp_uid": "imp_1", "status": "paid",
                                                                    "amount": 1000}}, style="portone v1"),
        _e("kakaopay", {"error_code": -780, "error_message": "approval failure!", "extras": {
            "method_result_code": "USER_LOCKED", "method_result_message": "진행중인 거래가 있습니다."}}, "CONFLICT",
           "-780", style="kakaopay", http_status=400),
        _e("line-pay", {"returnCode": "1150", "returnMessage": "Transaction record not found."}, "NOT_FOUND",
           "1150", style="line pay"),
        _ok("line-pay-ok", {"returnCode": "0000", "returnMessage": "Success.", "info": {"transactionId":
                                                                                      2024050100001,
                                                                                      "orderId": "o-1"}},
            style="line pay"),
        _e("flickr", {"stat": "fail", "code": 1, "message": "Photo \"5331\" not found (invalid ID)"}, "NOT_FOUND",
           "1", style="flickr"),
        _ok("flickr-ok", {"photo": {"id": "5331", "title": {"_content": "sunset"}}, "stat": "ok"}, style="flickr"),
    ]


def _payments() -> list[Case]:
    return [
        _e("finix", {"total": 1, "_embedded": {"errors": [{"code": "NOT_FOUND", "message": "Transfer TRx1 not "
                                                           "found", "logref": "c8f3"}]}}, "NOT_FOUND", "NOT_FOUND",
           style="finix", http_status=404),
        _e("airwallex", {"code": "resource_not_found", "message": "The requested payment intent does not exist",
                         "source": "id"}, "NOT_FOUND", "resource_not_found", style="airwallex", http_status=404),
        _e("ebanx", {"status": "ERROR", "status_code": "BP-DR-23", "status_message": "Field payment.email is not "
                     "valid"}, "INVALID_ARGUMENT", "BP-DR-23", style="ebanx"),
        _e("openpay", {"category": "request", "description": "The customer with id 'ag4nktpdzebjiye1tlze' does not "
                       "exist", "http_code": 404, "error_code": 1005, "request_id": "1981cdb8"}, "NOT_FOUND",
           "1005", style="openpay"),
        _e("asaas", {"errors": [{"code": "invalid_value", "description": "O valor da cobrança deve ser maior que "
                                 "R$ 5,00."}]}, "INVALID_ARGUMENT", "invalid_value", style="asaas", lang="pt",
           http_status=400),
        _e("instamojo", {"success": False, "message": {"phone": ["Phone number is invalid."]}}, "INVALID_ARGUMENT",
           style="instamojo", http_status=400),
        _e("juspay", {"status": "error", "error_code": "invalid_request", "error_message": "Mandatory fields are "
                      "missing", "user_message": "Please check the order details"}, "INVALID_ARGUMENT",
           "invalid_request", style="juspay", http_status=400),
        _e("msg91", {"type": "error", "message": "Invalid authkey"}, "AUTH_FAILED", style="msg91",
           http_status=401),
        _e("cloudpayments", {"Success": False, "Message": "Invalid Amount value", "Model": None},
           "INVALID_ARGUMENT", style="cloudpayments"),
        _e("retailcrm", {"success": False, "errorMsg": "Not found"}, "NOT_FOUND", style="retailcrm",
           http_status=404),
        _e("moysklad", {"errors": [{"error": "Ошибка аутентификации: Неправильный пароль или имя пользователя или "
                                    "ключ авторизации", "code": 1056, "moreInfo":
                                    "https://dev.moysklad.ru/doc/api/remap/1.2/#error_1056"}]}, "AUTH_FAILED",
           "1056", style="moysklad", lang="ru", http_status=401),
        _e("amocrm", {"title": "Unauthorized", "type": "https://httpstatus.es/401", "status": 401, "detail":
                      "Unauthorized"}, "AUTH_FAILED", style="amocrm"),
        _e("bol", {"type": "https://api.bol.com/problems", "title": "Error validating request. Please ensure the "
                   "request is valid.", "status": 400, "detail": "Bad request", "host": "Instance-12", "instance":
                   "https://api.bol.com/retailer/orders", "violations": [{"name": "page", "reason": "Must be at "
                                                                          "least 1."}]}, "INVALID_ARGUMENT",
           style="bol.com"),
        _e("sendcloud", {"error": {"code": 404, "request": "api/v2/parcels/9", "message": "No Parcel matches the "
                                   "given query."}}, "NOT_FOUND", "404", style="sendcloud"),
        _e("infomaniak", {"result": "error", "error": {"code": "not_authorized", "description": "Not authorized"}},
           "PERMISSION_DENIED", "not_authorized", style="infomaniak", http_status=403),
        _e("commercetools", {"statusCode": 409, "message": "Object 1a2b has a different version than expected. "
                             "Expected: 3 - Actual: 4.", "errors": [{"code": "ConcurrentModification", "message":
                                                                     "Object 1a2b has a different version than "
                                                                     "expected. Expected: 3 - Actual: 4.",
                                                                     "currentVersion": 4}]}, "CONFLICT",
           "ConcurrentModification", style="commercetools"),
        _e("paypal-nvp", "TIMESTAMP=2024%2d05%2d01T10%3a00%3a00Z&CORRELATIONID=5b4c2a&ACK=Failure&VERSION=204&"
                         "L_ERRORCODE0=10002&L_SHORTMESSAGE0=Security%20error&L_LONGMESSAGE0=Security%20header%20is"
                         "%20not%20valid&L_SEVERITYCODE0=Error", "AUTH_FAILED", "10002", style="paypal nvp"),
        _e("gmo-pg", "ErrCode=E01|E01&ErrInfo=E01040010|E01060010", "INVALID_ARGUMENT", style="gmo payment gateway"),
        _e("ebay-trading", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><GetItemResponse xmlns=\"urn:ebay:apis:eBLBase"
                           "Components\"><Timestamp>2024-05-01T10:00:00.000Z</Timestamp><Ack>Failure</Ack><Errors>"
                           "<ShortMessage>Item not found.</ShortMessage><LongMessage>The item ID 1234 is invalid or "
                           "not found.</LongMessage><ErrorCode>17</ErrorCode><SeverityCode>Error</SeverityCode>"
                           "</Errors><Version>1349</Version></GetItemResponse>", "NOT_FOUND", "17",
           style="ebay trading xml"),
        _e("nuvei", {"reason": "Invalid merchant Id", "errCode": 1001, "status": "ERROR", "merchantId": "m1",
                     "version": "1.0"}, "AUTH_FAILED", "1001", style="nuvei"),
        _e("paysafe", {"error": {"code": "5279", "message": "The authentication credentials are invalid.",
                                 "links": [{"rel": "errorinfo", "href": "https://developer.paysafe.com/en/rest-api/"
                                            "cards/test-and-go-live/card-errors/#ErrorCode5279"}]}},
           "AUTH_FAILED", "5279", style="paysafe", http_status=401),
        _e("chapa", {"message": "Invalid API Key or User doesn't exist", "status": "failed", "data": None},
           "AUTH_FAILED", style="chapa", http_status=401),
        _e("momo", {"code": "RESOURCE_NOT_FOUND", "message": "Requested resource was not found."}, "NOT_FOUND",
           "RESOURCE_NOT_FOUND", style="mtn momo", http_status=404),
        _e("africastalking-auth", "The supplied authentication is invalid", "AUTH_FAILED", style="africa's talking",
           http_status=401),
        _e("instagram-meta", {"meta": {"code": 400, "error_type": "OAuthAccessTokenException", "error_message":
                                       "The access_token provided is invalid."}}, "AUTH_FAILED",
           "OAuthAccessTokenException", style="instagram legacy"),
        _e("mercury", {"errors": {"message": "Account not found", "errorCode": "not_found"}}, "NOT_FOUND",
           "not_found", style="mercury", http_status=404),
        _e("ramp", {"error_v2": {"error_code": "DEVELOPER_7004", "message": "Requested resource not found",
                                 "notes": None}}, "NOT_FOUND", "DEVELOPER_7004", style="ramp", http_status=404),
    ]


def _graphql_and_rpc() -> list[Case]:
    return [
        _e("shopify-customer-errors", {"data": {"customerCreate": {"customer": None, "customerUserErrors": [
            {"code": "TAKEN", "field": ["input", "email"], "message": "Email has already been taken"}]}}},
           "CONFLICT", "TAKEN", style="shopify storefront graphql"),
        _e("shopify-inventory", {"data": {"inventoryAdjustQuantities": {"inventoryAdjustmentGroup": None,
                                                                        "userErrors": [{"field": [
                                                                            "input", "changes", "0",
                                                                            "inventoryItemId"], "message": "The "
                                                                            "specified inventory item could not be "
                                                                            "found."}]}}}, "NOT_FOUND",
           style="shopify admin graphql"),
        _ok("shopify-user-errors-empty", {"data": {"productUpdate": {"product": {"id": "gid://shopify/Product/1",
                                                                                "title": "Mug"}, "userErrors": []}}},
            style="shopify admin graphql"),
        _e("appsync", {"data": {"getPost": None}, "errors": [{"path": ["getPost"], "data": None, "errorType":
                                                              "Unauthorized", "errorInfo": None, "locations": [
                                                                  {"line": 2, "column": 3}], "message": "Not "
                                                              "Authorized to access getPost on type Query"}]},
           "PERMISSION_DENIED", "Unauthorized", style="aws appsync"),
        _e("apollo-unauth", {"errors": [{"message": "Context creation failed: jwt expired", "extensions": {
            "code": "UNAUTHENTICATED"}}]}, "AUTH_FAILED", "UNAUTHENTICATED", style="apollo server"),
        _e("magento-graphql", {"errors": [{"message": "The current customer isn't authorized.", "extensions": {
            "category": "graphql-authorization"}, "locations": [{"line": 2, "column": 3}], "path": ["customer"]}],
            "data": {"customer": None}}, "AUTH_FAILED", "graphql-authorization", style="magento graphql"),
        _e("braintree-graphql", {"errors": [{"message": "Amount must be greater than zero.", "path": [
            "chargePaymentMethod"], "extensions": {"errorClass": "VALIDATION", "legacyCode": "81531", "inputPath": [
                "input", "transaction", "amount"]}}], "data": {"chargePaymentMethod": None}}, "INVALID_ARGUMENT",
           style="braintree graphql"),
        _e("github-graphql-forbidden", {"data": {"addStar": None}, "errors": [{"type": "FORBIDDEN", "path":
                                                                               ["addStar"], "message": "Resource not "
                                                                               "accessible by integration"}]},
           "PERMISSION_DENIED", "FORBIDDEN", style="github graphql mutation"),
        _e("strapi", {"data": None, "error": {"status": 404, "name": "NotFoundError", "message": "Not Found",
                                              "details": {}}}, "NOT_FOUND", "NotFoundError", style="strapi v4"),
        _e("wordpress-rest", {"code": "rest_post_invalid_id", "message": "Invalid post ID.", "data": {"status":
                                                                                              404}},
           "NOT_FOUND", "rest_post_invalid_id", style="wordpress rest"),
        _e("bitcoin-core", {"result": None, "error": {"code": -5, "message": "No such mempool or blockchain "
                                                      "transaction. Use gettransaction for wallet transactions."},
                            "id": "1"}, "NOT_FOUND", "-5", style="bitcoin core rpc"),
        _e("aria2", {"id": "q", "jsonrpc": "2.0", "error": {"code": 1, "message": "GID 2089b05ecca3d829 is not "
                                                            "found"}}, "NOT_FOUND", "1", style="aria2 rpc"),
        _e("starknet", {"jsonrpc": "2.0", "id": 1, "error": {"code": 20, "message": "Contract not found"}},
           "NOT_FOUND", "20", style="starknet rpc"),
        _e("substrate", {"jsonrpc": "2.0", "error": {"code": 1010, "message": "Invalid Transaction", "data":
                                                     "Inability to pay some fees (e.g. account balance too low)"},
                         "id": 1}, "CONFLICT", "1010", style="substrate rpc"),
        _e("home-assistant", {"id": 18, "type": "result", "success": False, "error": {"code": "not_found",
                                                                                    "message": "Entity not found"}},
           "NOT_FOUND", "not_found", style="home assistant websocket"),
        _ok("home-assistant-ok", {"id": 19, "type": "result", "success": True, "result": None},
            style="home assistant websocket"),
        _e("transmission", {"arguments": {}, "result": "duplicate torrent"}, "CONFLICT",
           style="transmission rpc"),
        _ok("transmission-ok", {"arguments": {"torrents": [{"id": 1, "name": "ubuntu.iso", "percentDone": 1}]},
                                "result": "success"}, style="transmission rpc"),
        _e("mcp-is-error", {"content": [{"type": "text", "text": "Error: repository octo/nope not found"}],
                            "isError": True}, "NOT_FOUND", style="mcp call result"),
        _e("grpc-gateway", {"error": "application 'web' not found", "code": 5, "message": "application 'web' not "
                            "found", "details": []}, "NOT_FOUND", "5", style="grpc-gateway (argo cd)",
           http_status=404),
        _e("etcd-gateway", {"code": 9, "message": "etcdserver: mvcc: required revision has been compacted",
                            "details": []}, "CONFLICT", "9", style="etcd grpc-gateway"),
        _e("phabricator", {"result": None, "error_code": "ERR-INVALID-AUTH", "error_info": "API token \"api-x\" has "
                           "the wrong length. API tokens should be 32 characters long."}, "AUTH_FAILED",
           "ERR-INVALID-AUTH", style="phabricator conduit"),
        _ok("phabricator-ok", {"result": {"data": [{"id": 1, "phid": "PHID-TASK-1", "fields": {"name": "Fix"}}]},
                               "error_code": None, "error_info": None}, style="phabricator conduit"),
        _e("harbor", {"errors": [{"code": "NOT_FOUND", "message": "repository library/nope not found"}]},
           "NOT_FOUND", "NOT_FOUND", style="harbor", http_status=404),
        _e("soap12", "<env:Envelope xmlns:env=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:m=\"urn:x\"><env:Body>"
                     "<env:Fault><env:Code><env:Value>env:Sender</env:Value><env:Subcode><env:Value>m:InvalidPostal"
                     "Code</env:Value></env:Subcode></env:Code><env:Reason><env:Text xml:lang=\"en\">Postal code is "
                     "invalid</env:Text></env:Reason></env:Fault></env:Body></env:Envelope>", "INVALID_ARGUMENT",
           style="soap 1.2 fault"),
        _e("salesforce-soap", "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\" "
                              "xmlns:sf=\"urn:fault.partner.soap.sforce.com\"><soapenv:Body><soapenv:Fault><faultcode>"
                              "sf:INVALID_SESSION_ID</faultcode><faultstring>INVALID_SESSION_ID: Invalid Session ID "
                              "found in SessionHeader: Illegal Session</faultstring></soapenv:Fault></soapenv:Body>"
                              "</soapenv:Envelope>", "AUTH_FAILED", "sf:INVALID_SESSION_ID",
           style="salesforce soap"),
        _e("ec2-xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Response><Errors><Error><Code>InvalidInstanceID."
                      "NotFound</Code><Message>The instance ID 'i-0abc' does not exist</Message></Error></Errors>"
                      "<RequestID>ea966190</RequestID></Response>", "NOT_FOUND", "InvalidInstanceID.NotFound",
           style="ec2 xml"),
        _e("sts-xml", "<ErrorResponse xmlns=\"https://sts.amazonaws.com/doc/2011-06-15/\"><Error><Type>Sender</Type>"
                      "<Code>ExpiredToken</Code><Message>The security token included in the request is expired"
                      "</Message></Error><RequestId>r-1</RequestId></ErrorResponse>", "AUTH_FAILED",
           "ExpiredToken", style="sts xml"),
        _e("secretsmanager", {"__type": "ResourceNotFoundException", "Message": "Secrets Manager can't find the "
                              "specified secret."}, "NOT_FOUND", "ResourceNotFoundException",
           style="aws secrets manager", http_status=400),
        _e("lambda-timeout", {"errorMessage": "2024-05-01T10:00:03.012Z 5c1e Task timed out after 3.00 seconds"},
           "TIMEOUT", style="aws lambda invoke"),
        _e("exact-odata", {"error": {"code": "", "message": {"lang": "", "value": "Forbidden"}}},
           "PERMISSION_DENIED", style="exact online odata", http_status=403),
        _e("business-central", {"error": {"code": "Internal_RecordNotFound", "message": "The Customer does not "
                                          "exist. Identification fields and values: No.='C99'  CorrelationId:  "
                                          "2b0b."}}, "NOT_FOUND", "Internal_RecordNotFound",
           style="business central odata", http_status=404),
        _e("keyvault", {"error": {"code": "SecretNotFound", "message": "A secret with (name/id) db-pass was not "
                                  "found in this key vault. If you recently deleted this secret you may be able to "
                                  "recover it using the correct recovery command."}}, "NOT_FOUND", "SecretNotFound",
           style="azure key vault", http_status=404),
        _e("cognitive", {"error": {"code": "401", "message": "Access denied due to invalid subscription key or wrong "
                                   "API endpoint. Make sure to provide a valid key for an active subscription and use "
                                   "a correct regional API endpoint for your resource."}}, "AUTH_FAILED", "401",
           style="azure cognitive services"),
        _e("arm-deployment", {"id": "/subscriptions/s/resourceGroups/rg/providers/Microsoft.Resources/deployments/d1",
                              "name": "d1", "properties": {"provisioningState": "Failed", "error": {
                                  "code": "DeploymentFailed", "message": "At least one resource deployment operation "
                                  "failed.", "details": [{"code": "StorageAccountAlreadyTaken", "message": "The "
                                                          "storage account named stprod is already taken."}]}}},
           "CONFLICT", "DeploymentFailed", style="azure arm deployment"),
        _e("redshift-failed", {"Id": "d9b6c0c7-1a2b", "Status": "FAILED", "Error": "ERROR: relation \"sales\" does not "
                               "exist", "QueryString": "select * from sales", "Duration": -1}, "NOT_FOUND",
           style="redshift data api"),
    ]


def _data_and_devtools() -> list[Case]:
    return [
        _e("couchbase", {"requestID": "5a2b", "errors": [{"code": 12003, "msg": "Keyspace not found in CB "
                                                          "datastore: default:nope"}], "status": "fatal", "metrics": {
                                                              "elapsedTime": "1.2ms", "resultCount": 0,
                                                              "errorCount": 1}}, "NOT_FOUND", "12003",
           style="couchbase n1ql"),
        _e("influx-v1", {"results": [{"statement_id": 0, "error": "database not found: metrics"}]}, "NOT_FOUND",
           style="influxdb v1"),
        _ok("influx-v1-ok", {"results": [{"statement_id": 0, "series": [{"name": "cpu", "columns": ["time", "value"],
                                                                         "values": [["2024-05-01T10:00:00Z", 0.64]]}]}]},
            style="influxdb v1"),
        _e("victoriametrics", {"status": "error", "errorType": "422", "error": "error when executing query=\"rate(x"
                               "\": cannot parse \"rate(x\": unparsed data left"}, "INVALID_ARGUMENT", "422",
           style="victoriametrics"),
        _e("kibana", {"statusCode": 409, "error": "Conflict", "message": "Saved object [index-pattern/logs] conflict"},
           "CONFLICT", style="kibana"),
        _e("es-version-conflict", {"error": {"root_cause": [{"type": "version_conflict_engine_exception", "reason":
                                                             "[1]: version conflict, required seqNo [5], primary term "
                                                             "[1]. current document has seqNo [6] and primary term "
                                                             "[1]", "index": "orders"}], "type":
                                             "version_conflict_engine_exception", "reason": "[1]: version conflict, "
                                             "required seqNo [5], primary term [1]. current document has seqNo [6] "
                                             "and primary term [1]", "index": "orders"}, "status": 409},
           "CONFLICT", "version_conflict_engine_exception", style="elasticsearch"),
        _e("firebase-rtdb", {"error": "Permission denied"}, "PERMISSION_DENIED", style="firebase realtime database",
           http_status=401),
        _e("gerrit-text", "Not found: 12345", "NOT_FOUND", style="gerrit", http_status=404),
        _ok("gerrit-ok", ")]}'\n[{\"id\": \"app~main~I8473b95934b5732ac55d26311a706c9c2bde9940\", \"project\": \"app\", "
                         "\"branch\": \"main\", \"status\": \"NEW\", \"_number\": 12345}]", style="gerrit"),
        _e("gitlab-graphql", {"data": {"createIssue": {"issue": None, "errors": ["Title can't be blank"]}}},
           "INVALID_ARGUMENT", style="gitlab graphql mutation"),
        _e("sonatype-nexus", {"id": "*", "message": "Repository not found"}, "NOT_FOUND", style="nexus",
           http_status=404),
        _e("quay", {"status": 401, "error_message": "Requires authentication", "title": "unauthorized",
                    "error_type": "invalid_token", "detail": "Requires authentication", "type":
                    "https://quay.io/api/v1/error/invalid_token"}, "AUTH_FAILED", "invalid_token", style="quay"),
        _e("drone", {"message": "Not Found"}, "NOT_FOUND", style="drone ci", http_status=404),
        _e("woodpecker-text", "pipeline not found", "NOT_FOUND", style="woodpecker ci", http_status=404),
        _e("concourse", {"errors": ["team not found"]}, "NOT_FOUND", style="concourse"),
        _e("cert-manager", {"apiVersion": "cert-manager.io/v1", "kind": "Certificate", "metadata": {"name": "web-tls"},
                            "status": {"conditions": [{"type": "Ready", "status": "False", "reason": "Failed",
                                                       "message": "The certificate request has failed to complete "
                                                       "and will be retried: ACME order failed: 403 urn:ietf:params:"
                                                       "acme:error:unauthorized"}]}}, "PERMISSION_DENIED",
           style="kubernetes condition"),
        _e("http-413", "<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n<body>\r\n<center><h1>413 "
                       "Request Entity Too Large</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>",
           "TOO_LARGE", style="nginx page", http_status=413),
        _e("payload-too-large", {"error": {"type": "request_too_large", "message": "Request exceeds the maximum "
                                           "allowed number of bytes."}}, "TOO_LARGE", "request_too_large",
           style="json error type", http_status=413),
        _e("twitch-eventsub", {"error": "Conflict", "status": 409, "message": "subscription already exists"},
           "CONFLICT", style="twitch eventsub"),
        _e("openai-assistants", {"error": {"message": "No thread found with id 'thread_abc'.", "type":
                                           "invalid_request_error", "param": None, "code": None}}, "NOT_FOUND",
           style="openai assistants", http_status=404),
        _e("vertex-quota", {"error": {"code": 429, "message": "Quota exceeded for aiplatform.googleapis.com/"
                                      "generate_content_requests_per_minute_per_project_per_base_model with base model: "
                                      "gemini-pro. Please submit a quota increase request.", "status":
                                      "RESOURCE_EXHAUSTED"}}, "RATE_LIMITED", "RESOURCE_EXHAUSTED",
           style="vertex ai gemini"),
        _e("gemini-safety", {"promptFeedback": {"blockReason": "SAFETY", "safetyRatings": [
            {"category": "HARM_CATEGORY_DANGEROUS_CONTENT", "probability": "HIGH"}]}}, "INVALID_ARGUMENT", "SAFETY",
           style="gemini api"),
        _e("bedrock-validation", {"message": "Malformed input request: #: extraneous key [max_tokens_to_sample] is "
                                  "not permitted, please reformat your input and try again."}, "INVALID_ARGUMENT",
           style="aws bedrock invoke", http_status=400),
        _e("hf-loading", {"error": "Model mistralai/Mistral-7B is currently loading", "estimated_time": 20.0},
           "UPSTREAM_FAILURE", retry_after_ms=20000, style="hf inference loading", http_status=503),
        _e("anthropic-overloaded", {"type": "error", "error": {"type": "overloaded_error", "message":
                                                              "Overloaded"}}, "UPSTREAM_FAILURE", "overloaded_error",
           style="anthropic", http_status=529),
    ]


def unseen7_cases() -> list[Case]:
    """The providers' results; the shapes' (``unseen7_shapes``, which imports ``half`` from here) are
    added beside them in ``protocol_corpus.cases``."""
    return _east_asia() + _payments() + _graphql_and_rpc() + _data_and_devtools()
