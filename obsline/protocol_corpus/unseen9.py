"""The ninth unseen part (session 27): written before any rule change of session 27's part B and
before any run, from public knowledge of real APIs' and tools' result formats, none taken from the
dev files or from earlier parts, in styles and languages the earlier parts lack: payment and
wallet APIs of Korea, Japan, Vietnam, Thailand, Turkey, Poland, Czechia, Russia, Ukraine, Kenya,
India, Israel and Greece; logistics, marketplaces and classifieds; search and vector databases;
feature flags; e-signature; observability back ends; and command-line tools' own texts
(compilers, linkers, package managers, git, TLS, SSH, databases' shells, cloud CLIs) in several
languages. Kinds: errors with the tool's own code and advice, partial batches (an item list, an
item status of ``rejected``, failures named only by their list), jobs and pending work with
handles, retry advice, cut-off results, values that must stay as written, and successes.

**The halves, by a fixed rule**: a case is in the *tune* half when the first eight hex digits of
the SHA-256 of its id (``unseen9-...``) make an even number, else in the *held-out* half
(``half``). The tune half may inform rules; the held-out half is measured as it came and once more
at the end of the session, its misses never read while rules change.

Labels follow the provider's documented meaning (a declined card or too little money: CONFLICT,
as earlier parts label them); the tool's own code is the documented machine code field (left
unlabelled where the result gives none or where two fields could claim it). Written from the
author's knowledge of each provider's public documentation, not fetched case by case (a limit of
this part). Session 27 wrote fewer than the 300 cases asked for (see ``docs/benchmarks.md``).
"""

from __future__ import annotations

import hashlib

from obsline.protocol_corpus.case import Case, err


def half(id: str) -> str:
    """The fixed split of unseen-9: even leading SHA-256 word -> tune, odd -> held-out."""
    return "tune" if int(hashlib.sha256(id.encode()).hexdigest()[:8], 16) % 2 == 0 else "held-out"


def _e(id: str, raw: object, code: str, tool: str | None = None, **kw: object) -> Case:
    full = f"unseen9-{id}"
    return err(full, raw, code, tool, unseen9=half(full), **kw)  # type: ignore[arg-type]


def _ok(id: str, raw: object, **kw: object) -> Case:
    full = f"unseen9-{id}"
    return Case(full, raw, "success", unseen9=half(full), **kw)  # type: ignore[arg-type]


def _c(id: str, raw: object, status: str, **kw: object) -> Case:
    full = f"unseen9-{id}"
    return Case(full, raw, status, unseen9=half(full), **kw)  # type: ignore[arg-type]


def _payments() -> list[Case]:
    return [
        _e("toss", {"code": "NOT_FOUND_PAYMENT", "message": "존재하지 않는 결제 정보 입니다."}, "NOT_FOUND",
           "NOT_FOUND_PAYMENT", style="toss", lang="ko", http_status=404),
        _e("toss-reject", {"code": "REJECT_CARD_COMPANY", "message": "카드사에서 결제를 거절했습니다."}, "CONFLICT",
           "REJECT_CARD_COMPANY", style="toss", lang="ko", http_status=403),
        _e("toss-limit", {"code": "EXCEED_MAX_DAILY_PAYMENT_COUNT", "message": "하루 결제 가능 횟수를 초과했습니다."},
           "RATE_LIMITED", "EXCEED_MAX_DAILY_PAYMENT_COUNT", retryable=False, style="toss", lang="ko", http_status=400),
        _ok("toss-ok", {"paymentKey": "5zJ4xY7m0kODnyRpQWGrN2xqGlNvLrKwv1M9ENjbeoPaZdL6", "orderId": "a4CWyWY5m89PNh7xJwhk1",
                        "status": "DONE", "totalAmount": 15000, "method": "카드"}, style="toss", lang="ko",
            visible=("5zJ4xY7m0kODnyRpQWGrN2xqGlNvLrKwv1M9ENjbeoPaZdL6",)),
        _c("toss-waiting", {"paymentKey": "tviva20240101123456", "status": "WAITING_FOR_DEPOSIT", "method": "가상계좌",
                            "virtualAccount": {"accountNumber": "X6505636518308", "dueDate": "2024-02-01T00:00:00+09:00"}},
           "pending", handle="tviva20240101123456", style="toss", lang="ko"),
        _e("payjp", {"error": {"code": "card_declined", "message": "Card declined", "status": 402, "type": "card_error"}},
           "CONFLICT", "card_declined", style="payjp", http_status=402),
        _e("payjp-ja", {"error": {"code": "expired_card", "message": "有効期限切れのカードです", "status": 402,
                                  "type": "card_error"}}, "CONFLICT", "expired_card", style="payjp", lang="ja",
           http_status=402),
        _e("linepay", {"returnCode": "1104", "returnMessage": "此商家不存在"}, "NOT_FOUND", "1104", style="linepay",
           lang="zh"),
        _ok("linepay-ok", {"returnCode": "0000", "returnMessage": "Success.", "info": {
            "transactionId": 2023042201206549310, "orderId": "MKSI_S_20230422"}}, style="linepay"),
        _e("linepay-dup", {"returnCode": "1172", "returnMessage": "There is a record of transaction with the same order number."},
           "CONFLICT", "1172", style="linepay"),
        _e("momo", {"partnerCode": "MOMO", "orderId": "MM1540456472575", "requestId": "MM1540456472575", "amount": 150000,
                    "resultCode": 1006, "message": "Giao dịch bị từ chối bởi người dùng.", "responseTime": 1721720663942},
           "CONFLICT", "1006", style="momo", lang="vi"),
        _ok("momo-ok", {"partnerCode": "MOMO", "orderId": "MM1540456472576", "amount": 150000, "resultCode": 0,
                        "message": "Thành công.", "transId": 4088878653}, style="momo", lang="vi"),
        _c("momo-pending", {"partnerCode": "MOMO", "orderId": "MM1540456472577", "resultCode": 1000,
                            "message": "Giao dịch đã được khởi tạo, chờ người dùng xác nhận thanh toán.",
                            "payUrl": "https://test-payment.momo.vn/v2/gateway/pay?t=TU9NT3xNTTE1NDA0NTY0NzI1Nzc"},
           "pending", style="momo", lang="vi"),
        _e("vnpay", {"vnp_ResponseCode": "24", "vnp_Message": "Giao dich khong thanh cong do: Khach hang huy giao dich",
                     "vnp_TxnRef": "67511"}, "CONFLICT", "24", style="vnpay", lang="vi"),
        _e("omise", {"object": "error", "location": "https://www.omise.co/api-errors#not-found", "code": "not_found",
                     "message": "customer cust_test_5fz0olfpy32zadv96ek was not found"}, "NOT_FOUND", "not_found",
           style="omise", http_status=404),
        _e("omise-th", {"object": "charge", "id": "chrg_test_5fz0olq5u6p6jz7p8qv", "status": "failed",
                        "failure_code": "insufficient_fund", "failure_message": "ยอดเงินในบัญชีไม่เพียงพอ",
                        "amount": 100000, "currency": "THB"}, "CONFLICT", "insufficient_fund", style="omise", lang="th"),
        _c("omise-pending", {"object": "charge", "id": "chrg_test_5g1x4x0f0pk8d0ik2nm", "status": "pending",
                             "authorize_uri": "https://api.omise.co/payments/paym_test_5g1x4x0f0/authorize",
                             "amount": 100000, "currency": "THB"}, "pending", handle="chrg_test_5g1x4x0f0pk8d0ik2nm",
           style="omise"),
        _e("iyzico", {"status": "failure", "errorCode": "10051", "errorMessage": "Kart limiti yetersiz, yetersiz bakiye",
                      "errorGroup": "NOT_SUFFICIENT_FUNDS", "locale": "tr", "systemTime": 1722000000000,
                      "conversationId": "123456789"}, "CONFLICT", "10051", style="iyzico", lang="tr"),
        _e("iyzico-auth", {"status": "failure", "errorCode": "1001", "errorMessage": "api bilgileri bulunamadı",
                           "locale": "tr", "systemTime": 1722000000001}, "AUTH_FAILED", "1001", style="iyzico", lang="tr"),
        _ok("iyzico-ok", {"status": "success", "locale": "tr", "systemTime": 1722000000002, "paymentId": "11974838",
                          "price": 1.0, "paidPrice": 1.1, "fraudStatus": 1}, style="iyzico", lang="tr"),
        _e("p24", {"error": "Nieprawidłowy podpis (sign)", "code": 400}, "INVALID_ARGUMENT", style="przelewy24",
           lang="pl", http_status=400),
        _e("gopay", {"date_issued": "2024-03-04T10:15:00.000+0000", "errors": [{"scope": "G", "field": "amount",
                     "error_code": 110, "error_name": "MISSING", "message": "Povinný parametr chybí"}]},
           "INVALID_ARGUMENT", "110", style="gopay", lang="cs", http_status=409),
        _e("yookassa", {"type": "error", "id": "ab6b0ec2-18d8-4e60-8a04-7c2e2e3f0f51", "code": "invalid_credentials",
                        "description": "Authentication by given credentials failed", "parameter": "Authorization"},
           "AUTH_FAILED", "invalid_credentials", style="yookassa", http_status=401),
        _e("yookassa-ru", {"type": "error", "id": "0c8c3c1a-5b1e-4d3f-9a3a-7b2f1d9b4a10", "code": "too_many_requests",
                           "description": "Слишком много запросов. Повторите попытку позже", "retry_after": 1800},
           "RATE_LIMITED", "too_many_requests", retry_after_ms=1800, style="yookassa", lang="ru", http_status=429),
        _c("yookassa-pending", {"id": "2d8b4a1e-000f-5000-9000-1b2c3d4e5f60", "status": "pending", "paid": False,
                                "amount": {"value": "100.00", "currency": "RUB"},
                                "confirmation": {"type": "redirect",
                                                 "confirmation_url": "https://yoomoney.ru/checkout/payments/v2/contract?orderId=2d8b4a1e"}},
           "pending", handle="2d8b4a1e-000f-5000-9000-1b2c3d4e5f60", style="yookassa"),
        _c("yookassa-cancel", {"id": "2d8b4a1e-000f-5000-9000-1b2c3d4e5f61", "status": "canceled", "paid": False,
                               "cancellation_details": {"party": "yoo_money", "reason": "expired_on_confirmation"}},
           "cancelled", style="yookassa"),
        _e("liqpay", {"result": "error", "status": "error", "err_code": "err_amount_hold",
                      "err_description": "Сума перевищує ліміт", "action": "pay"}, "CONFLICT", "err_amount_hold",
           style="liqpay", lang="uk"),
        _e("mpesa", {"requestId": "11728-2929992-1", "errorCode": "500.001.1001",
                     "errorMessage": "Unable to lock subscriber, a transaction is already in process for the current subscriber"},
           "CONFLICT", "500.001.1001", style="mpesa", http_status=500),
        _c("mpesa-accepted", {"MerchantRequestID": "29115-34620561-1", "CheckoutRequestID": "ws_CO_191220191020363925",
                              "ResponseCode": "0", "ResponseDescription": "Success. Request accepted for processing",
                              "CustomerMessage": "Success. Request accepted for processing"},
           "pending", handle="ws_CO_191220191020363925", style="mpesa"),
        _e("razorpay", {"error": {"code": "BAD_REQUEST_ERROR", "description": "The amount must be atleast INR 1.00",
                                  "source": "business", "step": "payment_initiation", "reason": "input_validation_failed",
                                  "field": "amount"}}, "INVALID_ARGUMENT", "BAD_REQUEST_ERROR", style="razorpay",
           http_status=400),
        _e("cashfree", {"message": "order_id is missing in the request", "code": "order_id_missing",
                        "type": "invalid_request_error"}, "INVALID_ARGUMENT", "order_id_missing", style="cashfree",
           http_status=400),
        _e("tranzila", {"error_code": 20002, "message": "מספר כרטיס שגוי"}, "INVALID_ARGUMENT", "20002",
           style="tranzila", lang="he"),
        _e("vivawallet", {"ErrorCode": 403, "ErrorText": "Δεν επιτρέπεται η πρόσβαση", "Success": False,
                          "EventId": 10051}, "PERMISSION_DENIED", "403", style="vivawallet", lang="el"),
    ]


def _platforms() -> list[Case]:
    return [
        _e("shopee", {"request_id": "d6e8a6b3c1f14a0a9a1f", "error": "error_auth", "message": "Invalid access_token."},
           "AUTH_FAILED", "error_auth", style="shopee", http_status=403),
        _e("lazada", {"type": "ISV", "code": "IllegalAccessToken", "message": "The specified access token is invalid or expired",
                      "request_id": "0ba2887315178178017221014"}, "AUTH_FAILED", "IllegalAccessToken", style="lazada"),
        _e("mercari", {"code": 5, "message": "item not found", "details": []}, "NOT_FOUND", "5", style="grpc-gateway",
           http_status=404),
        _e("rakuten", {"errors": [{"code": "AUTH-001", "message": "認証に失敗しました。"}]}, "AUTH_FAILED", "AUTH-001",
           style="rakuten", lang="ja", http_status=401),
        _e("allegro", {"errors": [{"code": "NotAcceptableException", "message": "Invalid Accept header",
                                   "details": None, "path": None, "userMessage": "Nieprawidłowy nagłówek Accept"}]},
           "INVALID_ARGUMENT", "NotAcceptableException", style="allegro", lang="pl", http_status=406),
        _e("olx", {"error": {"status": 401, "title": "invalid_token", "detail": "The access token provided is invalid"}},
           "AUTH_FAILED", "invalid_token", style="olx", http_status=401),
        _e("inpost", {"status": 404, "error": "resource_not_found", "message": "Nie znaleziono przesyłki.",
                      "details": {}}, "NOT_FOUND", "resource_not_found", style="inpost", lang="pl", http_status=404),
        _e("novaposhta", {"success": False, "data": [], "errors": ["Document number is not correct"],
                          "warnings": [], "info": [], "messageCodes": [], "errorCodes": ["20000900746"]},
           "INVALID_ARGUMENT", "20000900746", style="novaposhta"),
        _ok("novaposhta-ok", {"success": True, "data": [{"Number": "20400048799000", "StatusCode": "9",
                                                         "Status": "Відправлення отримано"}], "errors": [],
                              "warnings": [], "info": [], "messageCodes": [], "errorCodes": []}, style="novaposhta",
            lang="uk", visible=("20400048799000",)),
        _e("cdek", {"requests": [{"request_uuid": "72753031-3e0b-4b3a-ae32-7d4c4b4e1e23", "type": "CREATE",
                                   "state": "INVALID", "errors": [{"code": "v2_entity_not_found",
                                                                   "message": "Заказ не найден"}]}]},
           "NOT_FOUND", "v2_entity_not_found", style="cdek", lang="ru"),
        _c("cdek-accepted", {"entity": {"uuid": "72753031-3e0b-4b3a-ae32-7d4c4b4e1e24"}, "requests": [{
            "request_uuid": "72753031-3e0b-4b3a-ae32-7d4c4b4e1e25", "type": "CREATE", "state": "ACCEPTED",
            "date_time": "2024-05-06T12:00:00+0000"}]}, "pending", style="cdek"),
        _e("dhl", {"title": "Unauthorized", "status": 401, "detail": "Invalid API key."}, "AUTH_FAILED",
           style="dhl", http_status=401),
        _e("easypost", {"error": {"code": "ADDRESS.VERIFY.FAILURE", "message": "Unable to verify address.",
                                  "errors": [{"field": "address", "message": "Address not found"}]}},
           "INVALID_ARGUMENT", "ADDRESS.VERIFY.FAILURE", style="easypost", http_status=422),
        _e("sendcloud", {"error": {"code": 404, "request": "api/v2/parcels/999", "message": "No Parcel matches the given query."}},
           "NOT_FOUND", "404", style="sendcloud", http_status=404),
    ]


def _data_services() -> list[Case]:
    return [
        _e("qdrant", {"status": {"error": "Not found: Collection `docs` doesn't exist!"}, "time": 0.000017},
           "NOT_FOUND", style="qdrant", http_status=404),
        _ok("qdrant-ok", {"result": {"operation_id": 42, "status": "completed"}, "status": "ok", "time": 0.0023},
            style="qdrant"),
        _c("qdrant-ack", {"result": {"operation_id": 43, "status": "acknowledged"}, "status": "ok", "time": 0.0001},
           "pending", style="qdrant"),
        _e("weaviate", {"error": [{"message": "no such prop with name 'titel' found in class 'Article' in the schema"}]},
           "INVALID_ARGUMENT", style="weaviate", http_status=422),
        _c("weaviate-batch", [{"id": "6a3a1b2c-0000-4000-8000-000000000001", "result": {}},
                              {"id": "6a3a1b2c-0000-4000-8000-000000000002", "result": {"errors": {"error": [
                                  {"message": "invalid text property 'title' on class 'Article': not a string"}]}}}],
           "partial", style="weaviate"),
        _e("pinecone", {"code": 5, "message": "Namespace not found", "details": []}, "NOT_FOUND", "5",
           style="pinecone", http_status=404),
        _e("milvus", {"code": 1100, "message": "invalid parameter[expected=valid collection name][actual=1abc]"},
           "INVALID_ARGUMENT", "1100", style="milvus"),
        _e("typesense", {"message": "Could not find a field named `titel` in the schema."}, "INVALID_ARGUMENT",
           style="typesense", http_status=404),
        _c("typesense-import", "{\"success\": true}\n{\"success\": false, \"error\": \"Bad JSON.\", "
                               "\"document\": \"{\\\"id\\\": \\\"124\\\"\"}\n{\"success\": true}", "partial",
           style="typesense"),
        _e("algolia", {"message": "Index does not exist", "status": 404}, "NOT_FOUND", style="algolia",
           http_status=404),
        _c("algolia-task", {"taskID": 792, "objectIDs": ["6891Y"]}, "pending", handle="792", style="algolia"),
        _e("clickhouse", "Code: 60. DB::Exception: Table default.events does not exist. (UNKNOWN_TABLE) (version 23.8.2.7)",
           "NOT_FOUND", "UNKNOWN_TABLE", style="clickhouse"),
        _e("clickhouse-mem", "Code: 241. DB::Exception: Memory limit (total) exceeded: would use 9.31 GiB "
                             "(attempt to allocate chunk of 4194304 bytes), maximum: 9.31 GiB. (MEMORY_LIMIT_EXCEEDED)",
           "TOO_LARGE", "MEMORY_LIMIT_EXCEEDED", style="clickhouse"),
        _e("cockroach", {"code": "40001", "message": "restart transaction: TransactionRetryWithProtoRefreshError: "
                                                     "WriteTooOldError", "retryable": True}, "CONFLICT", "40001",
           retryable=True, style="cockroach"),
        _e("neo4j", {"errors": [{"code": "Neo.ClientError.Statement.SyntaxError",
                                 "message": "Invalid input 'MATC': expected <init> (line 1, column 1 (offset: 0))"}],
                     "results": []}, "INVALID_ARGUMENT", "Neo.ClientError.Statement.SyntaxError", style="neo4j"),
        _c("neo4j-partial", {"results": [{"columns": ["n"], "data": [{"row": [{"name": "Ada"}]}]}], "errors": [
            {"code": "Neo.ClientError.Schema.ConstraintValidationFailed",
             "message": "Node(12) already exists with label `Person` and property `email` = 'ada@example.org'"}]},
           "partial", style="neo4j"),
        _e("influx", {"code": "unauthorized", "message": "unauthorized access"}, "AUTH_FAILED", "unauthorized",
           style="influxdb", http_status=401),
        _e("loki", "parse error at line 1, col 15: syntax error: unexpected IDENTIFIER, expecting STRING",
           "INVALID_ARGUMENT", style="loki", http_status=400),
        _e("prometheus", {"status": "error", "errorType": "bad_data", "error": "invalid parameter \"query\": "
                                                                                "1:8: parse error: unexpected end of input"},
           "INVALID_ARGUMENT", "bad_data", style="prometheus", http_status=400),
        _c("prometheus-warn", {"status": "success", "data": {"resultType": "vector", "result": []},
                               "warnings": ["query timed out in expression evaluation on 2 of 6 stores"]},
           "uncertain", style="prometheus"),
        _e("datadog", {"errors": ["Forbidden"]}, "PERMISSION_DENIED", style="datadog", http_status=403),
        _e("sentry", {"detail": "You do not have permission to perform this action."}, "PERMISSION_DENIED",
           style="sentry", http_status=403),
        _e("launchdarkly", {"code": "not_found", "message": "Unknown resource", "docs": "https://launchdarkly.com/docs/api"},
           "NOT_FOUND", "not_found", style="launchdarkly", http_status=404),
        _e("unleash", {"id": "b2c1e9a3-7a4d-4c1e-8f1a-3e6a1b2c3d4e", "name": "NameExistsError",
                       "message": "There is already a feature called \"checkout-v2\"."}, "CONFLICT", "NameExistsError",
           style="unleash", http_status=409),
        _e("docusign", {"errorCode": "ENVELOPE_DOES_NOT_EXIST", "message": "The envelope specified either does not exist "
                                                                           "or you have no rights to it."},
           "NOT_FOUND", "ENVELOPE_DOES_NOT_EXIST", style="docusign", http_status=400),
        _c("docusign-sent", {"envelopeId": "4280f274-7d9b-4b32-8d3a-2f3d6e2a1a11", "status": "sent",
                             "statusDateTime": "2024-05-06T12:00:00.0000000Z",
                             "uri": "/envelopes/4280f274-7d9b-4b32-8d3a-2f3d6e2a1a11"}, "success", style="docusign"),
        _e("dropboxsign", {"error": {"error_msg": "Signature request not found", "error_name": "not_found"}},
           "NOT_FOUND", "not_found", style="dropboxsign", http_status=404),
        _e("onesignal", {"errors": ["All included players are not subscribed"]}, "CONFLICT", style="onesignal"),
        _c("fcm-batch", {"multicast_id": 216, "success": 3, "failure": 1, "canonical_ids": 0, "results": [
            {"message_id": "1:0408"}, {"message_id": "1:1516"}, {"message_id": "1:2342"}, {"error": "NotRegistered"}]},
           "partial", style="fcm-legacy"),
        _c("ses-batch", {"Status": [{"Status": "SUCCESS", "MessageId": "0100018f-a1"},
                                    {"Status": "MESSAGE_REJECTED", "Error": "Email address is not verified."},
                                    {"Status": "SUCCESS", "MessageId": "0100018f-a3"}]}, "partial", style="ses"),
        _c("dynamo-unprocessed", {"UnprocessedItems": {"Orders": [{"PutRequest": {"Item": {"pk": {"S": "o#17"}}}}]},
                                  "ConsumedCapacity": [{"TableName": "Orders", "CapacityUnits": 24.0}]}, "partial",
           style="dynamodb"),
        _c("kinesis-batch", {"FailedRecordCount": 1, "Records": [
            {"SequenceNumber": "49543463076548007577105092703039560359975228518395012686", "ShardId": "shardId-000000000000"},
            {"ErrorCode": "ProvisionedThroughputExceededException", "ErrorMessage": "Rate exceeded for shard shardId-000000000001"}]},
           "partial", style="kinesis"),
        _c("rejected-items", {"processed": [{"sku": "A-1", "status": "accepted"}, {"sku": "A-2", "status": "rejected",
                                                                                   "reason": "price below floor"},
                                            {"sku": "A-3", "status": "accepted"}]}, "partial", style="marketplace-feed"),
        _c("rejected-list", {"accepted": ["SKU-1", "SKU-2", "SKU-4"], "rejected": ["SKU-3"]}, "partial",
           style="inventory-sync"),
    ]


def _jobs() -> list[Case]:
    return [
        _c("vertex-lro", {"name": "projects/42/locations/us-central1/operations/8137771211", "metadata": {
            "@type": "type.googleapis.com/google.cloud.aiplatform.v1.CreateEndpointOperationMetadata",
            "genericMetadata": {"createTime": "2024-05-06T12:00:00Z"}}}, "pending",
           handle="projects/42/locations/us-central1/operations/8137771211", style="google-lro"),
        _c("replicate", {"id": "gm3qorzdhgbfurvjtvhg6dckhu", "status": "starting", "urls": {
            "get": "https://api.replicate.com/v1/predictions/gm3qorzdhgbfurvjtvhg6dckhu",
            "cancel": "https://api.replicate.com/v1/predictions/gm3qorzdhgbfurvjtvhg6dckhu/cancel"}},
           "pending", handle="gm3qorzdhgbfurvjtvhg6dckhu", style="replicate"),
        _c("replicate-cancel", {"id": "gm3qorzdhgbfurvjtvhg6dckhv", "status": "canceled", "error": None,
                                "output": None}, "cancelled", style="replicate"),
        _c("runpod", {"id": "c80ffee4-f315-4e25-a146-0f3d98cf024b", "status": "IN_QUEUE"}, "pending",
           handle="c80ffee4-f315-4e25-a146-0f3d98cf024b", style="runpod"),
        _e("runpod-fail", {"id": "c80ffee4-f315-4e25-a146-0f3d98cf024c", "status": "FAILED",
                           "error": "CUDA out of memory. Tried to allocate 2.00 GiB"}, "TOO_LARGE", style="runpod"),
        _c("assemblyai", {"id": "6dyn8x7j2k-0a9b-4c3d", "status": "processing", "audio_url": "https://example.org/a.mp3"},
           "pending", handle="6dyn8x7j2k-0a9b-4c3d", style="assemblyai"),
        _e("assemblyai-err", {"id": "6dyn8x7j2k-0a9b-4c3e", "status": "error",
                              "error": "Download error, unable to download https://example.org/b.mp3"},
           "UPSTREAM_FAILURE", style="assemblyai"),
        _c("mux", {"data": {"status": "preparing", "id": "gV02DW00h9Lz2WNpLdC01dFt8ipD015Zbn6"}}, "pending",
           handle="gV02DW00h9Lz2WNpLdC01dFt8ipD015Zbn6", style="mux"),
        _c("cloudconvert", {"data": {"id": "6a3f6d5e-3c1f-4b6a-8c4d-2e1f0a9b8c7d", "status": "waiting",
                                     "tasks": [{"name": "import-1", "status": "finished"},
                                               {"name": "convert-1", "status": "waiting"}]}}, "pending",
           handle="6a3f6d5e-3c1f-4b6a-8c4d-2e1f0a9b8c7d", style="cloudconvert"),
        _c("temporal", {"workflowExecutionInfo": {"execution": {"workflowId": "order-7781", "runId": "4b1f"},
                                                  "status": "WORKFLOW_EXECUTION_STATUS_RUNNING"}}, "pending",
           style="temporal"),
        _c("temporal-cancel", {"workflowExecutionInfo": {"execution": {"workflowId": "order-7782", "runId": "4b20"},
                                                         "status": "WORKFLOW_EXECUTION_STATUS_CANCELED"}}, "cancelled",
           style="temporal"),
        _c("argo", {"metadata": {"name": "hello-world-9tql2"}, "status": {"phase": "Running",
                                                                         "startedAt": "2024-05-06T12:00:00Z"}},
           "pending", handle="hello-world-9tql2", style="argo"),
        _c("buildkite", {"id": "f62a1b4d-10f9-4790-bc1c-e2c3a0c80984", "number": 31, "state": "scheduled",
                         "web_url": "https://buildkite.com/acme/app/builds/31"}, "pending",
           handle="f62a1b4d-10f9-4790-bc1c-e2c3a0c80984", style="buildkite"),
        _c("buildkite-cancel", {"id": "f62a1b4d-10f9-4790-bc1c-e2c3a0c80985", "number": 32, "state": "canceled"},
           "cancelled", style="buildkite"),
        _c("job-text-ko", "보고서를 생성하는 중입니다. 작업 ID: rpt-20240506-77. 잠시 후 다시 조회해 주세요.", "pending",
           handle="rpt-20240506-77", style="text", lang="ko"),
        _c("job-text-tr", "Dışa aktarma işleminiz sıraya alındı (iş no: exp-5531). Hazır olduğunda e-posta alacaksınız.",
           "pending", handle="exp-5531", style="text", lang="tr"),
        _c("job-text-pl", "Eksport jest w trakcie przetwarzania. Identyfikator zadania: job-88121.", "pending",
           handle="job-88121", style="text", lang="pl"),
        _c("cancel-text-vi", "Yêu cầu xuất dữ liệu đã bị hủy theo yêu cầu của người dùng.", "cancelled",
           style="text", lang="vi"),
        _c("cancel-text-cs", "Úloha byla zrušena uživatelem.", "cancelled", style="text", lang="cs"),
    ]


def _cut_and_incomplete() -> list[Case]:
    return [
        _c("cut-json", "{\"items\": [{\"id\": \"a1\", \"title\": \"Första\"}, {\"id\": \"a2\", \"title\": \"And", "uncertain",
           style="cut"),
        _c("cut-json-list", "[{\"sku\": \"X-1\", \"qty\": 4}, {\"sku\": \"X-2\", \"qty\": 1}, {\"sku\": \"X-", "uncertain",
           style="cut"),
        _c("has-more-false", {"data": [{"id": 1}], "has_more": False}, "success", style="paging"),
        _c("truncated-flag", {"results": [{"path": "src/a.rs"}], "truncated": True, "total_count": 4812}, "uncertain",
           style="search"),
        _c("incomplete-results", {"total_count": 3120, "incomplete_results": True, "items": [{"name": "x"}]},
           "uncertain", style="github-search"),
        _c("timed-out-es", {"took": 30001, "timed_out": True, "_shards": {"total": 5, "successful": 3, "failed": 0},
                            "hits": {"total": {"value": 9}, "hits": []}}, "uncertain", style="elasticsearch"),
        _c("text-cut-ja", "検索結果が多すぎるため、最初の100件のみ表示しています（出力は切り捨てられました）。", "uncertain",
           style="text", lang="ja"),
    ]


def _values() -> list[Case]:
    return [
        _ok("value-iban", {"iban": "GB33BUKB20201555555555", "bic": "BUKBGB22", "holder": "Ada Lovelace"},
            style="bank", visible=("GB33BUKB20201555555555",)),
        _ok("value-bigint", {"snowflake": 1234567890123456789012, "ok_flag": "yes"}, style="ids",
            visible=("1234567890123456789012",)),
        _ok("value-error-word", {"product": "Error 404 T-shirt", "price": "19.90", "stock": 12}, style="shop",
            visible=("Error 404 T-shirt",)),
        _ok("value-failed-name", {"title": "The Failed State", "author": "Ngũgĩ", "isbn": "9780000000001"},
            style="books", visible=("The Failed State",)),
        _ok("value-status-code", {"order": "SO-118", "status_code": "CLOSED_WON", "amount": "12,50 €"},
            style="crm", visible=("12,50 €",)),
        _ok("value-ko", {"이름": "김민준", "상태": "배송 완료", "송장번호": "6893-2211-0045"}, style="shop", lang="ko",
            visible=("6893-2211-0045",)),
        _ok("text-ok-th", "บันทึกข้อมูลเรียบร้อยแล้ว", style="text", lang="th"),
        _ok("text-ok-he", "ההזמנה נשמרה בהצלחה", style="text", lang="he"),
        _ok("text-ok-el", "Η παραγγελία καταχωρήθηκε επιτυχώς.", style="text", lang="el"),
        _ok("text-search-empty", "No results for \"timeout error\" in 3 repositories.", style="text"),
    ]


def _cli() -> list[Case]:
    return [
        _e("rustc", "error[E0425]: cannot find value `conut` in this scope\n --> src/main.rs:4:20\n  |\n4 |     println!(\"{}\", conut);\n"
                    "  |                    ^^^^^ help: a local variable with a similar name exists: `count`\n\n"
                    "error: aborting due to 1 previous error", "INVALID_ARGUMENT", "E0425", style="rustc"),
        _e("gcc", "main.c: In function 'main':\nmain.c:5:5: error: 'prinf' undeclared (first use in this function)\n"
                  "compilation terminated.", "INVALID_ARGUMENT", style="gcc"),
        _e("javac", "Main.java:3: error: cannot find symbol\n        Sytem.out.println(\"hi\");\n        ^\n"
                    "  symbol:   class Sytem\n  location: class Main\n1 error", "INVALID_ARGUMENT", style="javac"),
        _e("ld", "/usr/bin/ld: cannot find -lssl: No such file or directory\ncollect2: error: ld returned 1 exit status",
           "NOT_FOUND", style="ld"),
        _e("go-build", "# example.com/app\n./main.go:9:2: undefined: fmtt\n", "INVALID_ARGUMENT", style="go"),
        _e("tsc", "src/index.ts(12,7): error TS2322: Type 'string' is not assignable to type 'number'.",
           "INVALID_ARGUMENT", "TS2322", style="tsc"),
        _e("git-push", "To github.com:acme/app.git\n ! [rejected]        main -> main (fetch first)\n"
                       "error: failed to push some refs to 'github.com:acme/app.git'\nhint: Updates were rejected because "
                       "the remote contains work that you do not\nhint: have locally.", "CONFLICT", style="git"),
        _e("git-merge", "Auto-merging src/app.py\nCONFLICT (content): Merge conflict in src/app.py\n"
                        "Automatic merge failed; fix conflicts and then commit the result.", "CONFLICT", style="git"),
        _e("git-auth", "remote: Invalid username or token. Password authentication is not supported for Git operations.\n"
                       "fatal: Authentication failed for 'https://github.com/acme/app.git/'", "AUTH_FAILED", style="git"),
        _e("git-ref", "error: pathspec 'feature/login' did not match any file(s) known to git", "NOT_FOUND",
           style="git"),
        _e("openssl-verify", "CN = expired.badssl.com\nerror 10 at 0 depth lookup: certificate has expired\n"
                             "error expired.pem: verification failed", "AUTH_FAILED", style="openssl"),
        _e("curl-cert", "curl: (60) SSL certificate problem: unable to get local issuer certificate\nMore details here: "
                        "https://curl.se/docs/sslcerts.html", "AUTH_FAILED", "60", style="curl"),
        _e("ssh-hostkey", "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n@    WARNING: REMOTE HOST IDENTIFICATION "
                          "HAS CHANGED!     @\n@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n"
                          "Host key verification failed.", "AUTH_FAILED", style="ssh"),
        _e("ssh-refused", "ssh: connect to host 10.0.0.5 port 22: Connection refused", "UPSTREAM_FAILURE", style="ssh"),
        _e("psql-role", "psql: error: connection to server at \"db\" (10.0.0.7), port 5432 failed: FATAL:  "
                        "password authentication failed for user \"app\"", "AUTH_FAILED", style="psql"),
        _e("mysql-deny", "ERROR 1142 (42000): SELECT command denied to user 'ro'@'10.0.0.9' for table 'salaries'",
           "PERMISSION_DENIED", "1142", style="mysql"),
        _e("redis-auth", "(error) NOAUTH Authentication required.", "AUTH_FAILED", "NOAUTH", style="redis"),
        _e("sqlite-lock", "Error: database is locked", "CONFLICT", style="sqlite"),
        _e("npm-404", "npm ERR! code E404\nnpm ERR! 404 Not Found - GET https://registry.npmjs.org/lefpad - Not found",
           "NOT_FOUND", "E404", style="npm"),
        _e("pip-nover", "ERROR: Could not find a version that satisfies the requirement torch==9.9 (from versions: 2.2.0, "
                        "2.2.1)\nERROR: No matching distribution found for torch==9.9", "NOT_FOUND", style="pip"),
        _e("cargo-lock", "error: failed to select a version for the requirement `serde = \"^9.0\"`\ncandidate versions "
                         "found which didn't match: 1.0.197", "NOT_FOUND", style="cargo"),
        _e("kubectl-forbidden", "Error from server (Forbidden): pods is forbidden: User \"dev\" cannot list resource "
                                "\"pods\" in API group \"\" in the namespace \"prod\"", "PERMISSION_DENIED",
           "Forbidden", style="kubectl"),
        _e("terraform-lock", "Error: Error acquiring the state lock\n\nError message: ConditionalCheckFailedException: "
                             "The conditional request failed\nLock Info:\n  ID:        9c1f\n", "CONFLICT", style="terraform"),
        _e("aws-throttle", "An error occurred (ThrottlingException) when calling the DescribeInstances operation "
                           "(reached max retries: 4): Rate exceeded", "RATE_LIMITED", "ThrottlingException",
           style="aws-cli"),
        _e("gcloud-perm", "ERROR: (gcloud.compute.instances.list) Some requests did not succeed:\n - Required "
                          "'compute.instances.list' permission for 'projects/acme'", "PERMISSION_DENIED", style="gcloud"),
        _e("az-notfound", "(ResourceGroupNotFound) Resource group 'rg-prod' could not be found.\nCode: "
                          "ResourceGroupNotFound\nMessage: Resource group 'rg-prod' could not be found.", "NOT_FOUND",
           "ResourceGroupNotFound", style="az"),
        _e("docker-pull", "Error response from daemon: pull access denied for acme/private, repository does not exist "
                          "or may require 'docker login': denied: requested access to the resource is denied",
           "PERMISSION_DENIED", style="docker"),
        _c("pytest-mixed", "============ 3 failed, 41 passed in 2.31s ============", "partial", style="pytest"),
        _ok("git-ok", "[main 1a2b3c4] fix: handle empty cart\n 1 file changed, 3 insertions(+), 1 deletion(-)",
            style="git"),
        _ok("openssl-ok", "expired-not.pem: OK", style="openssl"),
    ]


def _texts() -> list[Case]:
    return [
        _e("ko-auth", "인증에 실패했습니다. API 키를 확인해 주세요.", "AUTH_FAILED", style="text", lang="ko"),
        _e("ja-rate", "リクエストが多すぎます。60秒後に再試行してください。", "RATE_LIMITED", retry_after_ms=60000,
           style="text", lang="ja"),
        _e("vi-notfound", "Không tìm thấy đơn hàng #88123.", "NOT_FOUND", style="text", lang="vi"),
        _e("th-perm", "คุณไม่มีสิทธิ์เข้าถึงทรัพยากรนี้", "PERMISSION_DENIED", style="text", lang="th"),
        _e("tr-timeout", "İstek zaman aşımına uğradı. Lütfen daha sonra tekrar deneyin.", "TIMEOUT", style="text",
           lang="tr"),
        _e("pl-invalid", "Nieprawidłowy format numeru telefonu.", "INVALID_ARGUMENT", style="text", lang="pl"),
        _e("cs-notfound", "Soubor nebyl nalezen.", "NOT_FOUND", style="text", lang="cs"),
        _e("uk-auth", "Помилка авторизації: недійсний токен.", "AUTH_FAILED", style="text", lang="uk"),
        _e("he-rate", "חרגת ממכסת הבקשות. נסה שוב בעוד 30 שניות.", "RATE_LIMITED", retry_after_ms=30000, style="text",
           lang="he"),
        _e("el-unavail", "Η υπηρεσία δεν είναι διαθέσιμη προσωρινά.", "UPSTREAM_FAILURE", style="text", lang="el"),
        _e("sw-notfound", "Hitilafu: Akaunti haikupatikana.", "NOT_FOUND", style="text", lang="sw"),
        _e("hi-perm", "त्रुटि: अनुमति अस्वीकृत।", "PERMISSION_DENIED", style="text", lang="hi"),
        _e("fa-timeout", "خطا: زمان درخواست به پایان رسید.", "TIMEOUT", style="text", lang="fa"),
        _e("hu-conflict", "Hiba: a felhasználónév már foglalt.", "CONFLICT", style="text", lang="hu"),
        _e("ro-limit", "Eroare: limita de cereri a fost depășită. Reîncercați peste 10 secunde.", "RATE_LIMITED",
           retry_after_ms=10000, style="text", lang="ro"),
    ]


def unseen9_cases() -> list[Case]:
    return _payments() + _platforms() + _data_services() + _jobs() + _cut_and_incomplete() + _values() + _cli() + _texts()
