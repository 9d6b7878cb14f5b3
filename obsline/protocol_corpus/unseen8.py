"""The eighth unseen part (session 26): written before any rule change of session 26's part B and
before any run, from public knowledge of real APIs' and tools' result formats, none taken from the
dev files or from earlier parts: payment processors of Africa, the Middle East, Southeast Asia and
Europe, telecom and messaging gateways (SMS, voice, WhatsApp providers), mail delivery APIs, CI
services, hosted databases and search, package registries, identity providers, logistics and
e-commerce back offices, JSON-RPC servers, GraphQL servers' own error shapes, gRPC-JSON
transcoding, SOAP 1.1 faults, OData, JSON:API, problem+json, XML APIs of banks and carriers
(``unseen8_shapes``: error texts in 40+ languages by meaning, shell tools' exit texts, jobs and
operations, cancellations, batches, incomplete results, cut-off results, and successes).

**The halves, by a fixed rule**: a case is in the *tune* half when the first eight hex digits of
the SHA-256 of its id (``unseen8-...``) make an even number, else in the *held-out* half
(``half``). The tune half may inform rules; the held-out half is measured as it came and once more
at the end of the session, its misses never read while rules change.

Labels follow the provider's documented meaning: the stable code is what its documentation says
the error is (a declined card or too little money: CONFLICT, as earlier parts label them); the
tool's own code is the documented machine code field (left unlabelled where the result gives none
or where two fields could claim it). The formats were written from the author's knowledge of each
provider's public documentation (not fetched case by case: a limit of this part).
"""

from __future__ import annotations

import hashlib

from obsline.protocol_corpus.case import Case, err


def half(id: str) -> str:
    """The fixed split of unseen-8: even leading SHA-256 word -> tune, odd -> held-out."""
    return "tune" if int(hashlib.sha256(id.encode()).hexdigest()[:8], 16) % 2 == 0 else "held-out"


def _e(id: str, raw: object, code: str, tool: str | None = None, **kw: object) -> Case:
    full = f"unseen8-{id}"
    return err(full, raw, code, tool, unseen8=half(full), **kw)  # type: ignore[arg-type]


def _ok(id: str, raw: object, **kw: object) -> Case:
    full = f"unseen8-{id}"
    return Case(full, raw, "success", unseen8=half(full), **kw)  # type: ignore[arg-type]


def _c(id: str, raw: object, status: str, **kw: object) -> Case:
    full = f"unseen8-{id}"
    return Case(full, raw, status, unseen8=half(full), **kw)  # type: ignore[arg-type]


def _payments() -> list[Case]:
    return [
        _e("paystack", {"status": False, "message": "Invalid key", "meta": {"nextStep": "Ensure that you provide "
                                                                           "the correct authorization key"},
                        "type": "validation_error", "code": "invalid_Key"}, "AUTH_FAILED", "invalid_Key",
           style="paystack", http_status=401),
        _ok("paystack-ok", {"status": True, "message": "Verification successful", "data": {
            "id": 4099260516, "status": "success", "reference": "re4lyvq3s3", "amount": 40333, "currency": "NGN"}},
            style="paystack"),
        _e("flutterwave", {"status": "error", "message": "Transaction not found", "data": None}, "NOT_FOUND",
           style="flutterwave", http_status=404),
        _e("mpesa-daraja", {"requestId": "11728-2929992-1", "errorCode": "401.002.01", "errorMessage":
                            "Error Occurred - Invalid Access Token - BJGFGOXv5aZnw90KkA4TDtu4Xdyf"},
           "AUTH_FAILED", "401.002.01", style="mpesa daraja"),
        _e("mpesa-daraja-dup", {"requestId": "29115-34620561-1", "errorCode": "500.001.1001", "errorMessage":
                                "Unable to lock subscriber, a transaction is already in process for the current "
                                "subscriber"}, "CONFLICT", "500.001.1001", style="mpesa daraja"),
        _e("tap-payments", {"errors": [{"code": "1108", "description": "Customer id is invalid"}]},
           "INVALID_ARGUMENT", "1108", style="tap payments", http_status=400),
        _e("hyperpay", {"result": {"code": "800.100.151", "description": "transaction declined (invalid card)"},
                        "buildNumber": "b4a1a6a4@2024-05-01", "timestamp": "2024-05-01 10:00:00+0000",
                        "ndc": "8ac7a4c7"}, "CONFLICT", "800.100.151", style="hyperpay"),
        _ok("hyperpay-ok", {"result": {"code": "000.100.110", "description": "Request successfully processed in "
                                       "'Merchant in Integrator Test Mode'"}, "id": "8ac7a4a18f", "paymentType": "DB",
                            "amount": "92.00", "currency": "SAR"}, style="hyperpay"),
        _e("xendit", {"error_code": "INVALID_API_KEY", "message": "API key is invalid"}, "AUTH_FAILED",
           "INVALID_API_KEY", style="xendit", http_status=401),
        _e("xendit-dup", {"error_code": "DUPLICATE_ERROR", "message": "The external_id entered has been used "
                          "before. Please enter a unique external_id."}, "CONFLICT", "DUPLICATE_ERROR",
           style="xendit", http_status=409),
        _e("omise", {"object": "error", "location": "https://www.omise.co/api-errors#authentication-failure",
                     "code": "authentication_failure", "message": "authentication failed"}, "AUTH_FAILED",
           "authentication_failure", style="omise", http_status=401),
        _e("midtrans-deny", {"status_code": "202", "status_message": "Deny by Bank [MANDIRI] with code [05] and "
                             "message [Do not honour]", "transaction_id": "a1b2c3", "transaction_status": "deny",
                             "fraud_status": "accept"}, "CONFLICT", "202", style="midtrans"),
        _e("2c2p", {"respCode": "4005", "respDesc": "Invalid merchant ID"}, "INVALID_ARGUMENT", "4005",
           style="2c2p"),
        _e("mollie", {"status": 422, "title": "Unprocessable Entity", "detail": "The amount is lower than the "
                      "minimum", "field": "amount", "_links": {"documentation": {"href":
                                                                                 "https://docs.mollie.com/errors",
                                                                                 "type": "text/html"}}},
           "INVALID_ARGUMENT", style="mollie", http_status=422),
        _e("klarna", {"error_code": "BAD_VALUE", "error_messages": ["Bad value: order_lines[0].quantity"],
                      "correlation_id": "6a9b1cb1-73a3-4936-a030-481ba4bb203b"}, "INVALID_ARGUMENT", "BAD_VALUE",
           style="klarna", http_status=400),
        _e("worldpay", {"errorName": "entityNotFound", "message": "The requested entity could not be found"},
           "NOT_FOUND", "entityNotFound", style="worldpay", http_status=404),
        _e("checkout-com", {"request_id": "0HL80RJLS76I7", "error_type": "request_invalid", "error_codes":
                            ["payment_source_required"]}, "INVALID_ARGUMENT", "payment_source_required",
           style="checkout.com", http_status=422),
        _e("gocardless", {"error": {"message": "Rate limit exceeded", "documentation_url":
                                    "https://developer.gocardless.com/api-reference#rate_limit_exceeded",
                                    "type": "invalid_api_usage", "request_id": "deadbeef0000", "code": 429,
                                    "errors": [{"reason": "rate_limit_exceeded", "message": "Rate limit exceeded"}]}},
           "RATE_LIMITED", "rate_limit_exceeded", style="gocardless", http_status=429),
        _e("razorpay", {"error": {"code": "BAD_REQUEST_ERROR", "description": "The amount must be atleast INR "
                                  "1.00", "source": "business", "step": "payment_initiation", "reason":
                                  "input_validation_failed", "metadata": {}, "field": "amount"}},
           "INVALID_ARGUMENT", "BAD_REQUEST_ERROR", style="razorpay", http_status=400),
        _e("iyzico", {"status": "failure", "errorCode": "10051", "errorMessage": "Kart limiti yetersiz, yetersiz "
                      "bakiye", "locale": "tr", "systemTime": 1714557600000}, "CONFLICT", "10051", style="iyzico",
           lang="tr"),
        _e("yookassa", {"type": "error", "id": "ab1b8a8f-0000-5000-8000-1b1bb1b1b1b1", "code": "invalid_credentials",
                        "description": "Authentication by given credentials failed"}, "AUTH_FAILED",
           "invalid_credentials", style="yookassa", http_status=401),
        _e("payu-latam", {"code": "ERROR", "error": "Invalid request format", "result": None}, "INVALID_ARGUMENT",
           style="payu latam"),
        _e("mercadopago", {"message": "invalid_token", "error": "bad_request", "status": 400, "cause": [
            {"code": 2002, "description": "invalid_token"}]}, "AUTH_FAILED", style="mercado pago",
           http_status=400),
        _e("braintree-graphql", {"errors": [{"message": "Unknown or expired payment_method_nonce.", "locations":
                                             [{"line": 1, "column": 60}], "path": ["chargePaymentMethod"],
                                             "extensions": {"errorClass": "VALIDATION", "legacyCode": "91565"}}],
                                 "data": {"chargePaymentMethod": None}, "extensions": {"requestId": "a1b2"}},
           "INVALID_ARGUMENT", style="braintree graphql"),
        _ok("wise-quote", {"id": "11144c35-9fe8-4c32-b7fd-d05c2a7734bf", "sourceCurrency": "GBP", "targetCurrency":
                           "USD", "status": "PENDING", "rate": 1.2474, "createdTime": "2024-05-01T10:00:00Z",
                           "rateType": "FIXED", "sourceAmount": 100, "targetAmount": 124.74, "user": 12345},
            style="wise"),
        _e("wise-err", {"errors": [{"code": "error.route.not.supported", "message": "This route is not supported",
                                    "arguments": ["GBP", "KPW"]}]}, "INVALID_ARGUMENT", "error.route.not.supported",
           style="wise", http_status=422),
        _e("coinbase-commerce", {"error": {"type": "not_found", "message": "Charge not found"}}, "NOT_FOUND",
           "not_found", style="coinbase commerce", http_status=404),
        _e("bitpay", {"status": "error", "code": "010207", "data": None, "message": "Invoice not found"},
           "NOT_FOUND", "010207", style="bitpay"),
        _e("nmi", "response=3&responsetext=Authentication Failed&authcode=&transactionid=0&avsresponse=&cvvresponse="
                  "&orderid=&type=sale&response_code=300", "AUTH_FAILED", "300", style="nmi"),
    ]


def _telecom_mail() -> list[Case]:
    return [
        _e("vonage-sms", {"message-count": "1", "messages": [{"to": "447700900000", "status": "2", "error-text":
                                                              "Missing to param"}]}, "INVALID_ARGUMENT", "2",
           style="vonage sms"),
        _e("plivo", {"api_id": "d0e2f1a2-0000-11ee-b000-0242ac110002", "error": "Invalid number: '+1555' is not a "
                     "valid phone number."}, "INVALID_ARGUMENT", style="plivo", http_status=400),
        _e("sinch", {"requestError": {"serviceException": {"messageId": "SVC0002", "text": "Invalid input value for "
                                                           "message part %1", "variables": ["to"]}}},
           "INVALID_ARGUMENT", "SVC0002", style="sinch"),
        _e("infobip", {"requestError": {"serviceException": {"messageId": "UNAUTHORIZED", "text": "Invalid login "
                                                             "details"}}}, "AUTH_FAILED", "UNAUTHORIZED",
           style="infobip", http_status=401),
        _e("messagebird", {"errors": [{"code": 2, "description": "Request not allowed (incorrect access_key)",
                                       "parameter": "access_key"}]}, "AUTH_FAILED", "2", style="messagebird",
           http_status=401),
        _e("clicksend", {"http_code": 401, "response_code": "UNAUTHORIZED", "response_msg": "Invalid credentials.",
                         "data": None}, "AUTH_FAILED", "UNAUTHORIZED", style="clicksend", http_status=401),
        _e("textmagic", {"code": 404, "message": "Contact not found.", "errors": None}, "NOT_FOUND", "404",
           style="textmagic", http_status=404),
        _e("whatsapp-cloud", {"error": {"message": "(#131030) Recipient phone number not in allowed list", "type":
                                        "OAuthException", "code": 131030, "error_data": {"messaging_product":
                                                                                         "whatsapp", "details":
                                                                                         "Recipient phone number "
                                                                                         "not in allowed list"},
                                        "fbtrace_id": "AbCdEf123"}}, "PERMISSION_DENIED", "131030",
           style="whatsapp cloud", http_status=400),
        _e("africas-talking", {"SMSMessageData": {"Message": "Sent to 0/1 Total Cost: 0", "Recipients": [
            {"statusCode": 405, "number": "+254711XXXYYY", "status": "UserInBlacklist", "cost": "0", "messageId":
             "None"}]}}, "PERMISSION_DENIED", style="africa's talking"),
        _e("smsc-ru", {"error": "неверный логин или пароль", "error_code": 2}, "AUTH_FAILED", "2", style="smsc.ru",
           lang="ru"),
        _e("postmark", {"ErrorCode": 406, "Message": "You tried to send to a recipient that has been marked as "
                        "inactive."}, "PERMISSION_DENIED", "406", style="postmark", http_status=422),
        _ok("postmark-ok", {"To": "receiver@example.com", "SubmittedAt": "2024-05-01T10:00:00.0000000-04:00",
                            "MessageID": "0a129aee-e1cd-480d-b08d-4f48548ff48d", "ErrorCode": 0, "Message": "OK"},
            style="postmark"),
        _e("sparkpost", {"errors": [{"message": "Invalid domain", "description": "Unconfigured Sending Domain "
                                     "<example.invalid>", "code": "7001"}]}, "INVALID_ARGUMENT", "7001",
           style="sparkpost", http_status=422),
        _e("mailjet", {"ErrorInfo": "", "ErrorMessage": "Unknown resource: \"contactz\"", "StatusCode": 404},
           "NOT_FOUND", style="mailjet", http_status=404),
        _e("sendinblue", {"code": "unauthorized", "message": "Key not found"}, "AUTH_FAILED", "unauthorized",
           style="brevo", http_status=401),
        _e("mandrill", {"status": "error", "code": -1, "name": "Invalid_Key", "message": "Invalid API key"},
           "AUTH_FAILED", "Invalid_Key", style="mandrill", http_status=500),
        _c("mandrill-rejected", [{"email": "a@example.com", "status": "sent", "_id": "abc123", "reject_reason": None},
                                 {"email": "b@example.com", "status": "rejected", "_id": "def456", "reject_reason":
                                  "hard-bounce"}], "partial", style="mandrill"),
        _e("mailgun", {"message": "Domain not found: example.invalid"}, "NOT_FOUND", style="mailgun",
           http_status=404),
        _e("ses-v2", {"__type": "NotFoundException", "message": "Email address is not verified. The following "
                      "identities failed the check in region EU-WEST-1: a@example.com"}, "NOT_FOUND",
           "NotFoundException", style="ses v2", http_status=404),
        _e("resend", {"statusCode": 422, "message": "The `to` field must be a `string`.", "name": "validation_error"},
           "INVALID_ARGUMENT", "validation_error", style="resend", http_status=422),
        _e("twilio-verify", {"code": 60202, "message": "Max check attempts reached", "more_info":
                             "https://www.twilio.com/docs/errors/60202", "status": 429}, "RATE_LIMITED", "60202",
           style="twilio verify", http_status=429),
    ]


def _ci_devtools() -> list[Case]:
    return [
        _e("circleci", {"message": "Project not found"}, "NOT_FOUND", style="circleci", http_status=404),
        _c("circleci-running", {"id": "5034460f-c7c4-4c43-9457-de07e2029e7b", "name": "build", "status": "running",
                                "project_slug": "gh/org/repo", "pipeline_number": 142, "started_at":
                                "2024-05-01T10:00:00Z", "pipeline_id": "b4d1"}, "pending",
           handle="5034460f-c7c4-4c43-9457-de07e2029e7b", style="circleci"),
        _c("travis-cancel", {"@type": "build", "@href": "/build/86601346", "id": 86601346, "number": "351", "state":
                             "canceled", "duration": None}, "cancelled", style="travis ci"),
        _c("buildkite-scheduled", {"id": "f62a1b4d-10f9-4790-bc1c-e2c3a0c80983", "number": 1, "state": "scheduled",
                                   "web_url": "https://buildkite.com/org/pipe/builds/1", "url":
                                   "https://api.buildkite.com/v2/organizations/org/pipelines/pipe/builds/1",
                                   "message": "Bumping to version 0.2-beta.6", "commit": "abcd0b72a1e580e90712cdd9e",
                                   "branch": "main"}, "pending", handle="f62a1b4d-10f9-4790-bc1c-e2c3a0c80983",
           style="buildkite"),
        _e("drone", {"message": "Unauthorized"}, "AUTH_FAILED", style="drone", http_status=401),
        _c("azure-devops-run", {"id": 1234, "buildNumber": "20240501.1", "status": "inProgress", "result": None,
                                "queueTime": "2024-05-01T10:00:00Z", "url":
                                "https://dev.azure.com/org/proj/_apis/build/Builds/1234",
                                "definition": {"id": 7, "name": "ci"}}, "pending", style="azure devops"),
        _e("azure-devops-err", {"$id": "1", "innerException": None, "message": "TF401019: The Git repository with "
                                "name or identifier web does not exist or you do not have permissions for the "
                                "operation you are attempting.", "typeName":
                                "Microsoft.TeamFoundation.Git.Server.GitRepositoryNotFoundException, "
                                "Microsoft.TeamFoundation.SourceControl.WebServer", "typeKey":
                                "GitRepositoryNotFoundException", "errorCode": 0, "eventId": 3000},
           "NOT_FOUND", "GitRepositoryNotFoundException", style="azure devops", http_status=404),
        _e("bitbucket", {"type": "error", "error": {"message": "Repository not found", "detail": "There is no "
                                                    "repository named 'web'"}}, "NOT_FOUND", style="bitbucket",
           http_status=404),
        _e("gitea", {"message": "user redirect does not exist [name: ghost]", "url":
                     "https://gitea.example/api/swagger"}, "NOT_FOUND", style="gitea", http_status=404),
        _e("sentry", {"detail": "You do not have permission to perform this action."}, "PERMISSION_DENIED",
           style="sentry", http_status=403),
        _e("pagerduty", {"error": {"message": "Invalid Input Provided", "code": 2001, "errors":
                                   ["Incident Key has already been used"]}}, "INVALID_ARGUMENT", "2001",
           style="pagerduty", http_status=400),
        _e("opsgenie", {"message": "Alert does not exist", "took": 0.003, "requestId":
                        "a4bc1d54-0000-4c1d-bb42-6cd3b31c4a25"}, "NOT_FOUND", style="opsgenie", http_status=404),
        _c("opsgenie-async", {"result": "Request will be processed", "took": 0.302, "requestId":
                              "43a29c5c-3dbf-4fa4-9c26-f4f71023e120"}, "pending",
           handle="43a29c5c-3dbf-4fa4-9c26-f4f71023e120", style="opsgenie", http_status=202),
        _e("datadog", {"errors": ["Forbidden"]}, "PERMISSION_DENIED", style="datadog", http_status=403),
        _e("newrelic-nerdgraph", {"data": {"actor": None}, "errors": [{"message": "Invalid API key", "extensions":
                                                                       {"errorClass": "UNAUTHORIZED"}}]},
           "AUTH_FAILED", "UNAUTHORIZED", style="nerdgraph"),
        _e("grafana", {"message": "Dashboard not found", "status": "not-found"}, "NOT_FOUND", style="grafana",
           http_status=404),
        _e("vault", {"errors": ["permission denied"]}, "PERMISSION_DENIED", style="vault", http_status=403),
        _e("consul", "ACL not found", "AUTH_FAILED", style="consul", http_status=403),
        _e("nomad", "job not found", "NOT_FOUND", style="nomad", http_status=404),
        _c("nomad-eval", {"EvalID": "d092fdc0-e1fd-2536-67d8-43af8ca798ac", "EvalCreateIndex": 35, "JobModifyIndex":
                          34, "Warnings": "", "Index": 35, "LastContact": 0, "KnownLeader": False}, "success",
           style="nomad"),
        _e("terraform-cloud", {"errors": [{"status": "404", "title": "not found"}]}, "NOT_FOUND", style="tfc",
           http_status=404),
        _c("terraform-cloud-run", {"data": {"id": "run-CZcmD7eagjhyX0vN", "type": "runs", "attributes": {
            "status": "planning", "message": "Queued manually", "has-changes": False}}}, "pending",
           handle="run-CZcmD7eagjhyX0vN", style="tfc"),
        _e("argocd", {"error": "application 'web' not found", "code": 5, "message": "application 'web' not found"},
           "NOT_FOUND", "5", style="argo cd", http_status=404),
        _e("harness", {"status": "ERROR", "code": "INVALID_REQUEST", "message": "Invalid request: Pipeline [ci] "
                       "not found", "correlationId": "e1b1", "detailedMessage": None, "responseMessages": []},
           "NOT_FOUND", "INVALID_REQUEST", style="harness"),
        _e("launchdarkly", {"code": "unauthorized", "message": "Invalid access token"}, "AUTH_FAILED",
           "unauthorized", style="launchdarkly", http_status=401),
        _e("snyk", {"errors": [{"status": "404", "detail": "Not Found", "id": "a1", "title": "Org not found",
                                "code": "SNYK-9003"}], "jsonapi": {"version": "1.0"}}, "NOT_FOUND", "SNYK-9003",
           style="snyk rest", http_status=404),
    ]


def _databases() -> list[Case]:
    return [
        _e("supabase-postgrest", {"code": "PGRST116", "details": "The result contains 0 rows", "hint": None,
                                  "message": "JSON object requested, multiple (or no) rows returned"}, "NOT_FOUND",
           "PGRST116", style="postgrest", http_status=406),
        _e("postgrest-23505", {"code": "23505", "details": "Key (email)=(a@example.com) already exists.", "hint":
                               None, "message": "duplicate key value violates unique constraint \"users_email_key\""},
           "CONFLICT", "23505", style="postgrest", http_status=409),
        _e("hasura", {"errors": [{"extensions": {"path": "$.selectionSet.users.selectionSet.emial", "code":
                                                 "validation-failed"}, "message": "field 'emial' not found in type: "
                                  "'users'"}]}, "INVALID_ARGUMENT", "validation-failed", style="hasura"),
        _e("faunadb", {"errors": [{"position": [], "code": "unauthorized", "description": "Unauthorized"}]},
           "AUTH_FAILED", "unauthorized", style="fauna", http_status=401),
        _e("dynamodb", {"__type": "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException", "message":
                        "The conditional request failed"}, "CONFLICT",
           "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException", style="dynamodb", http_status=400),
        _e("dynamodb-throughput", {"__type": "com.amazonaws.dynamodb.v20120810#"
                                   "ProvisionedThroughputExceededException", "message": "The level of configured "
                                   "provisioned throughput for the table was exceeded."}, "RATE_LIMITED",
           "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException", style="dynamodb",
           http_status=400),
        _c("dynamodb-batch", {"Responses": {"Orders": [{"id": {"S": "o1"}}, {"id": {"S": "o2"}}]},
                              "UnprocessedKeys": {"Orders": {"Keys": [{"id": {"S": "o3"}}]}}}, "partial",
           style="dynamodb"),
        _e("cosmosdb", {"code": "Conflict", "message": "Entity with the specified id already exists in the system.,"
                        " RequestStartTime: 2024-05-01T10:00:00.0000000Z, ActivityId: 1c1d"}, "CONFLICT",
           "Conflict", style="cosmos db", http_status=409),
        _e("cosmosdb-429", {"code": "429", "message": "Message: {\"Errors\":[\"Request rate is large. More Request "
                            "Units may be needed, so no changes were made. Please retry this request later.\"]}"},
           "RATE_LIMITED", "429", style="cosmos db", http_status=429),
        _e("firestore-rest", {"error": {"code": 409, "message": "Document already exists: projects/p/databases/"
                                        "(default)/documents/users/u1", "status": "ALREADY_EXISTS"}}, "CONFLICT",
           "ALREADY_EXISTS", style="firestore rest", http_status=409),
        _e("bigquery", {"error": {"code": 400, "message": "Syntax error: Unexpected keyword FROM at [1:8]",
                                  "errors": [{"message": "Syntax error: Unexpected keyword FROM at [1:8]", "domain":
                                              "global", "reason": "invalidQuery", "location": "q", "locationType":
                                              "parameter"}], "status": "INVALID_ARGUMENT"}}, "INVALID_ARGUMENT",
           "INVALID_ARGUMENT", style="bigquery", http_status=400),
        _c("bigquery-job", {"kind": "bigquery#job", "id": "proj:US.job_abc123", "jobReference": {"projectId": "proj",
                                                                                                  "jobId": "job_abc123",
                                                                                                  "location": "US"},
                            "status": {"state": "RUNNING"}}, "pending", style="bigquery"),
        _c("bigquery-notcomplete", {"kind": "bigquery#getQueryResultsResponse", "jobReference": {
            "projectId": "proj", "jobId": "job_q1", "location": "US"}, "jobComplete": False}, "pending",
           style="bigquery"),
        _e("snowflake-sql-api", {"code": "002003", "message": "SQL compilation error:\nTable 'ORDERS' does not exist "
                                 "or not authorized.", "sqlState": "42S02", "statementHandle":
                                 "01b2c3d4-0000-1111-0000-000000000001"}, "NOT_FOUND", "002003",
           style="snowflake sql api", http_status=422),
        _e("databricks-sql", {"error_code": "RESOURCE_DOES_NOT_EXIST", "message": "Warehouse 1234 does not exist."},
           "NOT_FOUND", "RESOURCE_DOES_NOT_EXIST", style="databricks", http_status=404),
        _e("clickhouse-http", "Code: 60. DB::Exception: Table default.events does not exist. (UNKNOWN_TABLE) "
                              "(version 23.8.2.7 (official build))", "NOT_FOUND", "UNKNOWN_TABLE", style="clickhouse",
           http_status=404),
        _e("neo4j-http", {"results": [], "errors": [{"code": "Neo.ClientError.Statement.SyntaxError", "message":
                                                     "Invalid input 'MATC': expected <init> (line 1, column 1)"}]},
           "INVALID_ARGUMENT", "Neo.ClientError.Statement.SyntaxError", style="neo4j"),
        _e("arangodb", {"code": 404, "error": True, "errorMessage": "collection or view not found: users",
                        "errorNum": 1203}, "NOT_FOUND", "1203", style="arangodb", http_status=404),
        _e("couchdb", {"error": "conflict", "reason": "Document update conflict."}, "CONFLICT", "conflict",
           style="couchdb", http_status=409),
        _e("riak", "not found\n", "NOT_FOUND", style="riak", http_status=404),
        _e("meilisearch", {"message": "Index `movies` not found.", "code": "index_not_found", "type":
                           "invalid_request", "link": "https://docs.meilisearch.com/errors#index_not_found"},
           "NOT_FOUND", "index_not_found", style="meilisearch", http_status=404),
        _c("meilisearch-task", {"taskUid": 42, "indexUid": "movies", "status": "enqueued", "type":
                                "documentAdditionOrUpdate", "enqueuedAt": "2024-05-01T10:00:00.000Z"}, "pending",
           handle="42", style="meilisearch", http_status=202),
        _e("typesense", {"message": "Not Found"}, "NOT_FOUND", style="typesense", http_status=404),
        _e("algolia", {"message": "Invalid Application-ID or API key", "status": 403}, "AUTH_FAILED",
           style="algolia", http_status=403),
        _e("pinecone", {"code": 5, "message": "Index not found: products", "details": []}, "NOT_FOUND", "5",
           style="pinecone", http_status=404),
        _e("qdrant", {"status": {"error": "Not found: Collection `docs` doesn't exist!"}, "time": 0.000012},
           "NOT_FOUND", style="qdrant", http_status=404),
        _e("influxdb-v2", {"code": "unauthorized", "message": "unauthorized access"}, "AUTH_FAILED", "unauthorized",
           style="influxdb v2", http_status=401),
        _e("prometheus", {"status": "error", "errorType": "bad_data", "error": "invalid parameter \"query\": 1:5: "
                          "parse error: unexpected end of input"}, "INVALID_ARGUMENT", "bad_data",
           style="prometheus", http_status=400),
        _c("prometheus-warn", {"status": "success", "data": {"resultType": "vector", "result": []}, "warnings": [
            "PromQL info: metric might not be a counter"]}, "success", style="prometheus"),
        _e("loki", "parse error at line 1, col 6: syntax error: unexpected IDENTIFIER", "INVALID_ARGUMENT",
           style="loki", http_status=400),
        _e("redis-rest", {"error": "WRONGPASS invalid username-password pair or user is disabled."}, "AUTH_FAILED",
           "WRONGPASS", style="upstash redis", http_status=401),
        _e("planetscale", {"code": "not_found", "message": "Not Found"}, "NOT_FOUND", "not_found",
           style="planetscale", http_status=404),
        _e("turso", {"error": "database not found: app-db"}, "NOT_FOUND", style="turso", http_status=404),
    ]


def _registries_identity() -> list[Case]:
    return [
        _e("npm-registry", {"error": "Not found"}, "NOT_FOUND", style="npm registry", http_status=404),
        _e("pypi-json", {"message": "Not Found"}, "NOT_FOUND", style="pypi", http_status=404),
        _e("crates-io", {"errors": [{"detail": "crate `serde_jsonn` does not exist"}]}, "NOT_FOUND",
           style="crates.io", http_status=404),
        _e("rubygems", "This rubygem could not be found.", "NOT_FOUND", style="rubygems", http_status=404),
        _e("docker-registry", {"errors": [{"code": "MANIFEST_UNKNOWN", "message": "manifest unknown", "detail":
                                           {"Tag": "v9"}}]}, "NOT_FOUND", "MANIFEST_UNKNOWN", style="docker registry",
           http_status=404),
        _e("docker-registry-denied", {"errors": [{"code": "DENIED", "message": "requested access to the resource is "
                                                  "denied"}]}, "PERMISSION_DENIED", "DENIED",
           style="docker registry", http_status=403),
        _e("ghcr-toomany", {"errors": [{"code": "TOOMANYREQUESTS", "message": "retry-after: 30s, allowed: "
                                        "44000/minute"}]}, "RATE_LIMITED", "TOOMANYREQUESTS", retry_after_ms=30000,
           style="docker registry", http_status=429),
        _e("nuget", {"errors": [{"message": "The package 'Foo 1.0.0' already exists.", "code": "409"}]},
           "CONFLICT", "409", style="nuget", http_status=409),
        _e("packagist", {"status": "error", "message": "Package not found"}, "NOT_FOUND", style="packagist",
           http_status=404),
        _e("maven-central", {"responseHeader": {"status": 0, "QTime": 1}, "error": {"msg": "undefined field g",
                                                                                    "code": 400}}, "INVALID_ARGUMENT",
           "400", style="maven search", http_status=400),
        _e("okta", {"errorCode": "E0000011", "errorSummary": "Invalid token provided", "errorLink": "E0000011",
                    "errorId": "oaeABC", "errorCauses": []}, "AUTH_FAILED", "E0000011", style="okta",
           http_status=401),
        _e("okta-rate", {"errorCode": "E0000047", "errorSummary": "API call exceeded rate limit due to too many "
                         "requests.", "errorLink": "E0000047", "errorId": "oae1", "errorCauses": []},
           "RATE_LIMITED", "E0000047", style="okta", http_status=429),
        _e("auth0", {"statusCode": 429, "error": "Too Many Requests", "message": "Global limit has been reached",
                     "errorCode": "too_many_requests"}, "RATE_LIMITED", "too_many_requests", style="auth0",
           http_status=429),
        _e("keycloak", {"error": "invalid_grant", "error_description": "Invalid user credentials"}, "AUTH_FAILED",
           "invalid_grant", style="keycloak", http_status=401),
        _e("azure-ad", {"error": "invalid_client", "error_description": "AADSTS7000215: Invalid client secret "
                        "provided. Ensure the secret being sent in the request is the client secret value.",
                        "error_codes": [7000215], "timestamp": "2024-05-01 10:00:00Z", "trace_id": "a1",
                        "correlation_id": "b2"}, "AUTH_FAILED", "invalid_client", style="microsoft identity",
           http_status=401),
        _e("cognito", {"__type": "UserNotFoundException", "message": "User does not exist."}, "NOT_FOUND",
           "UserNotFoundException", style="cognito", http_status=400),
        _e("cognito-expired", {"__type": "ExpiredCodeException", "message": "Invalid code provided, please request "
                               "a code again."}, "AUTH_FAILED", "ExpiredCodeException", style="cognito",
           http_status=400),
        _e("firebase-auth", {"error": {"code": 400, "message": "EMAIL_EXISTS", "errors": [{"message":
                                                                                           "EMAIL_EXISTS", "domain":
                                                                                           "global", "reason":
                                                                                           "invalid"}]}},
           "CONFLICT", "EMAIL_EXISTS", style="firebase auth", http_status=400),
        _e("clerk", {"errors": [{"message": "not found", "long_message": "User not found", "code":
                                 "resource_not_found"}], "clerk_trace_id": "abc"}, "NOT_FOUND", "resource_not_found",
           style="clerk", http_status=404),
        _e("onelogin", {"status": {"error": True, "code": 401, "type": "Unauthorized", "message":
                                   "Authentication Failure"}}, "AUTH_FAILED", "401", style="onelogin",
           http_status=401),
    ]


def _commerce_logistics() -> list[Case]:
    return [
        _e("shopify-rest", {"errors": "[API] Invalid API key or access token (unrecognized login or wrong "
                                      "password)"}, "AUTH_FAILED", style="shopify rest", http_status=401),
        _e("shopify-throttled", {"errors": [{"message": "Throttled", "extensions": {"code": "THROTTLED",
                                                                                  "documentation": "https://"
                                                                                  "shopify.dev/api/usage/"
                                                                                  "rate-limits"}}],
                                 "extensions": {"cost": {"requestedQueryCost": 1002, "actualQueryCost": None,
                                                         "throttleStatus": {"maximumAvailable": 1000.0,
                                                                            "currentlyAvailable": 983,
                                                                            "restoreRate": 50.0}}}},
           "RATE_LIMITED", "THROTTLED", style="shopify graphql"),
        _e("woocommerce", {"code": "woocommerce_rest_product_invalid_id", "message": "Invalid ID.", "data":
                           {"status": 404}}, "NOT_FOUND", "woocommerce_rest_product_invalid_id", style="woocommerce",
           http_status=404),
        _e("magento-rest", {"message": "The product that was requested doesn't exist. Verify the product and try "
                            "again.", "trace": None}, "NOT_FOUND", style="magento rest", http_status=404),
        _e("bigcommerce", {"status": 422, "title": "The request payload is invalid", "type":
                           "https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes",
                           "errors": {"name": "name must be unique"}}, "INVALID_ARGUMENT", style="bigcommerce",
           http_status=422),
        _e("amazon-sp-api", {"errors": [{"code": "QuotaExceeded", "message": "You exceeded your quota for the "
                                         "requested resource.", "details": ""}]}, "RATE_LIMITED", "QuotaExceeded",
           style="amazon sp-api", http_status=429),
        _e("ebay-rest", {"errors": [{"errorId": 25002, "domain": "API_INVENTORY", "subdomain": "Selling", "category":
                                     "REQUEST", "message": "A user error has occurred. SKU not found", "parameters":
                                     [{"name": "text", "value": "SKU not found"}]}]}, "NOT_FOUND", "25002",
           style="ebay rest", http_status=404),
        _e("etsy", {"error": "Invalid listing_id"}, "INVALID_ARGUMENT", style="etsy", http_status=400),
        _e("shippo", {"detail": "Invalid token."}, "AUTH_FAILED", style="shippo", http_status=401),
        _e("easypost", {"error": {"code": "ADDRESS.VERIFY.FAILURE", "message": "Unable to verify address.",
                                  "errors": [{"field": "address", "message": "Address not found"}]}},
           "INVALID_ARGUMENT", "ADDRESS.VERIFY.FAILURE", style="easypost", http_status=422),
        _e("ups", {"response": {"errors": [{"code": "250002", "message": "Invalid Authentication Information."}]}},
           "AUTH_FAILED", "250002", style="ups", http_status=401),
        _e("fedex", {"transactionId": "624deea6-b709-470c-8c39-4b5511281492", "errors": [{"code":
                                                                                           "TRACKING.TRACKINGNUMBER."
                                                                                           "NOTFOUND", "message":
                                                                                           "Tracking number cannot "
                                                                                           "be found. Please correct "
                                                                                           "the tracking number and "
                                                                                           "try again."}]},
           "NOT_FOUND", "TRACKING.TRACKINGNUMBER.NOTFOUND", style="fedex", http_status=404),
        _e("dhl", {"title": "Unauthorized", "status": 401, "detail": "Unauthorized for given resource."},
           "AUTH_FAILED", style="dhl", http_status=401),
        _e("usps-xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Number>-2147219302</Number>"
                       "<Source>clsAMS</Source><Description>Invalid Zip Code.</Description><HelpFile></HelpFile>"
                       "<HelpContext></HelpContext></Error>", "INVALID_ARGUMENT", "-2147219302", style="usps xml"),
        _e("royal-mail", {"httpCode": "401", "httpMessage": "Unauthorized", "moreInformation": "Client id not "
                          "registered."}, "AUTH_FAILED", "401", style="ibm api connect", http_status=401),
        _e("postnl", {"fault": {"faultstring": "Invalid ApiKey", "detail": {"errorcode":
                                                                            "steps.oauth.v2.FailedToResolveAPIKey"}}},
           "AUTH_FAILED", "steps.oauth.v2.FailedToResolveAPIKey", style="apigee", http_status=401),
        _e("apigee-quota", {"fault": {"faultstring": "Rate limit quota violation. Quota limit  exceeded. Identifier "
                                                     ": _default", "detail": {"errorcode":
                                                                              "policies.ratelimit.QuotaViolation"}}},
           "RATE_LIMITED", "policies.ratelimit.QuotaViolation", style="apigee", http_status=429),
        _c("shipstation-batch", {"results": [{"orderId": 1, "success": True, "errorMessage": None},
                                             {"orderId": 2, "success": False, "errorMessage": "Order not found"},
                                             {"orderId": 3, "success": True, "errorMessage": None}],
                                 "hasErrors": True}, "partial", style="shipstation"),
        _c("sendcloud-batch", {"parcels": [{"id": 1, "tracking_number": "3SABC1"}], "failed_parcels": [
            {"parcel": {"name": "B"}, "errors": {"postal_code": ["Invalid postal code"]}}]}, "partial",
           style="sendcloud"),
    ]


def _rpc_and_protocols() -> list[Case]:
    return [
        _e("jsonrpc-solana", {"jsonrpc": "2.0", "error": {"code": -32602, "message": "Invalid param: Invalid"},
                              "id": 1}, "INVALID_ARGUMENT", "-32602", style="json-rpc solana"),
        _e("jsonrpc-odoo", {"jsonrpc": "2.0", "id": None, "error": {"code": 200, "message": "Odoo Server Error",
                                                                     "data": {"name": "odoo.exceptions.AccessDenied",
                                                                              "debug": "Traceback ...", "message":
                                                                              "Access Denied", "arguments":
                                                                              ["Access Denied"]}}},
           "AUTH_FAILED", style="odoo json-rpc"),
        _e("jsonrpc-kodi", {"error": {"code": -32601, "message": "Method not found."}, "id": 1, "jsonrpc": "2.0"},
           "NOT_FOUND", "-32601", style="json-rpc kodi"),
        _c("jsonrpc-lsp", {"jsonrpc": "2.0", "id": 3, "error": {"code": -32800, "message": "Request cancelled"}},
           "cancelled", style="lsp"),
        _e("xmlrpc-fault", "<?xml version=\"1.0\"?>\n<methodResponse><fault><value><struct><member><name>faultCode"
                           "</name><value><int>403</int></value></member><member><name>faultString</name><value>"
                           "<string>Incorrect username or password.</string></value></member></struct></value>"
                           "</fault></methodResponse>", "AUTH_FAILED", "403", style="xml-rpc"),
        _e("grpc-gateway-unavail", {"code": 14, "message": "connection error: desc = \"transport: Error while "
                                    "dialing dial tcp 10.0.0.5:50051: connect: connection refused\"", "details": []},
           "UPSTREAM_FAILURE", "14", style="grpc-gateway", http_status=503),
        _e("grpc-gateway-perm", {"code": 7, "message": "caller lacks permission orders.write", "details": [
            {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "IAM_PERMISSION_DENIED", "domain":
             "example.com"}]}, "PERMISSION_DENIED", style="grpc-gateway",
           http_status=403),
        _e("connect-rpc", {"code": "not_found", "message": "user 42 not found"}, "NOT_FOUND", "not_found",
           style="connect rpc", http_status=404),
        _e("connect-rpc-exhausted", {"code": "resource_exhausted", "message": "quota exceeded for project",
                                     "details": [{"type": "google.rpc.RetryInfo", "value": "CgIIHg",
                                                  "debug": {"retryDelay": "30s"}}]}, "RATE_LIMITED",
           "resource_exhausted", retry_after_ms=30000, style="connect rpc", http_status=429),
        _e("twirp", {"code": "permission_denied", "msg": "thou shall not pass", "meta": {"target": "admin"}},
           "PERMISSION_DENIED", "permission_denied", style="twirp", http_status=403),
        _e("twirp-unavailable", {"code": "unavailable", "msg": "service is down for maintenance"},
           "UPSTREAM_FAILURE", "unavailable", style="twirp", http_status=503),
        _e("soap11-client", "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                            "<soap:Fault><faultcode>soap:Client</faultcode><faultstring>Invalid account number"
                            "</faultstring><detail><ErrorCode>ACC-102</ErrorCode></detail></soap:Fault></soap:Body>"
                            "</soap:Envelope>", "INVALID_ARGUMENT", "ACC-102", style="soap 1.1"),
        _e("soap11-auth", "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><s:Fault>"
                          "<faultcode>s:Server</faultcode><faultstring xml:lang=\"en-US\">The security token could not"
                          " be authenticated or authorized.</faultstring></s:Fault></s:Body></s:Envelope>",
           "AUTH_FAILED", style="wcf soap"),
        _e("odata-sap", {"error": {"code": "/IWBEP/CM_MGW_RT/020", "message": {"lang": "en", "value":
                                                                             "Resource not found for segment "
                                                                             "'SalesOrder'"},
                                   "innererror": {"transactionid": "5B1C", "timestamp": "20240501100000.1234567",
                                                  "errordetails": []}}}, "NOT_FOUND", "/IWBEP/CM_MGW_RT/020",
           style="sap odata v2", http_status=404),
        _e("odata-dynamics", {"error": {"code": "0x80040217", "message": "account With Id = "
                                        "1d6b3c22-0000-0000-0000-000000000000 Does Not Exist"}}, "NOT_FOUND",
           "0x80040217", style="dataverse", http_status=404),
        _e("odata-bc", {"error": {"code": "Internal_EntityWithSameKeyExists", "message": "The record already exists."
                                  "  CorrelationId:  8a1b."}}, "CONFLICT", "Internal_EntityWithSameKeyExists",
           style="business central", http_status=400),
        _e("jsonapi-ember", {"errors": [{"status": "422", "source": {"pointer": "/data/attributes/firstName"},
                                         "title": "Invalid Attribute", "detail": "First name must contain at least "
                                         "two characters."}]}, "INVALID_ARGUMENT", style="json:api",
           http_status=422),
        _e("jsonapi-conflict", {"errors": [{"id": "e1", "status": "409", "code": "version_mismatch", "title":
                                            "Edit conflict", "detail": "The resource was changed by another "
                                            "request."}]}, "CONFLICT", "version_mismatch", style="json:api",
           http_status=409),
        _e("problem-json-quota", {"type": "https://api.example.net/problems/quota", "title": "Quota exhausted",
                                  "status": 429, "detail": "You have used all 1000 calls of this month.",
                                  "instance": "/v2/reports/77"}, "RATE_LIMITED", style="problem+json",
           http_status=429),
        _e("problem-json-spring", {"type": "about:blank", "title": "Not Found", "status": 404, "detail": "No static "
                                   "resource api/v1/userz.", "instance": "/api/v1/userz"}, "NOT_FOUND",
           style="spring problem detail", http_status=404),
        _e("problem-json-aspnet", {"type": "https://tools.ietf.org/html/rfc9110#section-15.5.1", "title": "One or "
                                   "more validation errors occurred.", "status": 400, "errors": {"Email":
                                                                                               ["The Email field is "
                                                                                                "required."]},
                                   "traceId": "00-84c1fd4063c38d9f3900d06e56542d48-85d1d4-00"}, "INVALID_ARGUMENT",
           style="asp.net problem", http_status=400),
        _e("graphql-apollo-auth", {"errors": [{"message": "Context creation failed: Invalid token", "extensions":
                                               {"code": "UNAUTHENTICATED"}}], "data": None}, "AUTH_FAILED",
           "UNAUTHENTICATED", style="apollo server"),
        _e("graphql-github", {"data": {"repository": None}, "errors": [{"type": "NOT_FOUND", "path": ["repository"],
                                                                        "locations": [{"line": 2, "column": 3}],
                                                                        "message": "Could not resolve to a "
                                                                        "Repository with the name 'o/ghost'."}]},
           "NOT_FOUND", "NOT_FOUND", style="github graphql"),
        _c("graphql-partial", {"data": {"me": {"id": "u1", "name": "Ada"}, "orders": None}, "errors": [
            {"message": "orders service unavailable", "path": ["orders"], "extensions": {"code":
                                                                                      "SERVICE_UNAVAILABLE"}}]},
           "partial", style="graphql federation"),
        _e("graphql-hotchocolate", {"errors": [{"message": "The current user is not authorized to access this "
                                                "resource.", "locations": [{"line": 1, "column": 3}], "path":
                                                ["admin"], "extensions": {"code": "AUTH_NOT_AUTHORIZED"}}]},
           "PERMISSION_DENIED", "AUTH_NOT_AUTHORIZED", style="hot chocolate"),
    ]


def _cloud_sdks() -> list[Case]:
    return [
        _e("oci", {"code": "NotAuthorizedOrNotFound", "message": "Authorization failed or requested resource not "
                   "found."}, "NOT_FOUND", "NotAuthorizedOrNotFound", style="oracle cloud", http_status=404),
        _e("oci-limit", {"code": "LimitExceeded", "message": "The following service limits were exceeded: "
                         "vm-standard2-1-count"}, "RATE_LIMITED", "LimitExceeded", style="oracle cloud",
           http_status=400),
        _e("ibm-cloud", {"errors": [{"code": "not_found", "message": "Instance not found", "more_info":
                                     "https://cloud.ibm.com/docs"}], "trace": "3a1b2c", "status_code": 404},
           "NOT_FOUND", "not_found", style="ibm cloud", http_status=404),
        _e("hetzner", {"error": {"code": "uniqueness_error", "message": "SSH key with the same fingerprint already "
                                 "exists", "details": {"fields": [{"name": "public_key"}]}}}, "CONFLICT",
           "uniqueness_error", style="hetzner cloud", http_status=409),
        _c("hetzner-action", {"action": {"id": 13, "command": "start_server", "status": "running", "progress": 0,
                                         "started": "2024-05-01T10:00:00+00:00", "finished": None, "resources":
                                         [{"id": 42, "type": "server"}], "error": None}}, "pending", handle="13",
           style="hetzner cloud"),
        _e("linode", {"errors": [{"field": "region", "reason": "region is not valid"}]}, "INVALID_ARGUMENT",
           style="linode", http_status=400),
        _e("vultr", {"error": "Invalid API token.", "status": 401}, "AUTH_FAILED", style="vultr", http_status=401),
        _e("scaleway", {"message": "resource is not found", "resource": "instance_server", "resource_id":
                        "11111111-1111-1111-1111-111111111111", "type": "not_found"}, "NOT_FOUND", "not_found",
           style="scaleway", http_status=404),
        _e("ovh", {"class": "Client::Forbidden", "message": "This call has not been granted"}, "PERMISSION_DENIED",
           "Client::Forbidden", style="ovhcloud", http_status=403),
        _e("openstack-nova", {"itemNotFound": {"code": 404, "message": "Instance 5fa3 could not be found."}},
           "NOT_FOUND", "404", style="openstack nova", http_status=404),
        _e("openstack-keystone", {"error": {"code": 401, "title": "Unauthorized", "message": "The request you have "
                                            "made requires authentication."}}, "AUTH_FAILED", "401",
           style="openstack keystone", http_status=401),
        _e("cloudflare", {"success": False, "errors": [{"code": 10000, "message": "Authentication error"}],
                          "messages": [], "result": None}, "AUTH_FAILED", "10000", style="cloudflare",
           http_status=403),
        _e("fastly", {"msg": "Bad request", "detail": "Service version is locked"}, "CONFLICT",
           style="fastly", http_status=400),
        _e("akamai", {"type": "https://problems.luna.akamaiapis.net/-/pep-authn/request-error", "title":
                      "Bad request", "status": 400, "detail": "Invalid timestamp", "instance":
                      "https://akab.luna.akamaiapis.net/ccu/v3", "method": "POST"}, "AUTH_FAILED",
           style="akamai", http_status=400),
        _e("vercel", {"error": {"code": "forbidden", "message": "Not authorized", "invalidToken": True}},
           "AUTH_FAILED", "forbidden", style="vercel", http_status=403),
        _e("netlify", {"code": 404, "message": "Not Found"}, "NOT_FOUND", "404", style="netlify",
           http_status=404),
        _e("fly-machines", {"error": "machine not found"}, "NOT_FOUND", style="fly.io", http_status=404),
        _e("render", {"id": "bad-request", "message": "invalid service id"}, "INVALID_ARGUMENT", style="render",
           http_status=400),
        _e("heroku-rate", {"id": "rate_limit", "message": "Your account reached the API rate limit\nPlease wait a "
                           "few minutes before making new requests"}, "RATE_LIMITED", "rate_limit", style="heroku",
           http_status=429),
        _e("aws-query-xml", "<ErrorResponse xmlns=\"http://iam.amazonaws.com/doc/2010-05-08/\"><Error><Type>Sender"
                            "</Type><Code>EntityAlreadyExists</Code><Message>User with name ada already exists."
                            "</Message></Error><RequestId>1a2b</RequestId></ErrorResponse>", "CONFLICT",
           "EntityAlreadyExists", style="aws iam xml", http_status=409),
        _e("gcp-storage-xml", "<?xml version='1.0' encoding='UTF-8'?><Error><Code>NoSuchBucket</Code><Message>The "
                              "specified bucket does not exist.</Message></Error>", "NOT_FOUND", "NoSuchBucket",
           style="gcs xml", http_status=404),
        _e("azure-storage", "<?xml version=\"1.0\" encoding=\"utf-8\"?><Error><Code>AuthenticationFailed</Code>"
                            "<Message>Server failed to authenticate the request. Make sure the value of "
                            "Authorization header is formed correctly including the signature.\nRequestId:a1\n"
                            "Time:2024-05-01T10:00:00.0000000Z</Message></Error>", "AUTH_FAILED",
           "AuthenticationFailed", style="azure storage", http_status=403),
        _e("azure-arm-throttle", {"error": {"code": "TooManyRequests", "message": "The request is being throttled "
                                            "as the limit has been reached for operation type - Read_ObservationWin"
                                            "dow_00:05:00. Please retry after 17 seconds."}}, "RATE_LIMITED",
           "TooManyRequests", retry_after_ms=17000, style="azure arm", http_status=429),
        _c("azure-arm-async", {"status": "InProgress", "name": "op-1f2e", "startTime": "2024-05-01T10:00:00Z"},
           "pending", style="azure arm"),
        _c("aws-cfn-stack", {"StackId": "arn:aws:cloudformation:us-east-1:123456789012:stack/web/1a2b",
                             "StackName": "web", "StackStatus": "UPDATE_IN_PROGRESS"}, "pending", style="cloudformation"),
        _c("aws-stepfn-abort", {"executionArn": "arn:aws:states:us-east-1:123456789012:execution:flow:run-7",
                                "stateMachineArn": "arn:aws:states:us-east-1:123456789012:stateMachine:flow",
                                "name": "run-7", "status": "ABORTED", "startDate": 1714557600.0, "stopDate":
                                    1714557700.0}, "cancelled",
           handle="arn:aws:states:us-east-1:123456789012:execution:flow:run-7", style="step functions"),
        _c("aws-athena-queued", {"QueryExecution": {"QueryExecutionId": "a1b2c3d4-5678", "Query": "SELECT 1",
                                                    "Status": {"State": "QUEUED", "SubmissionDateTime":
                                                               "2024-05-01T10:00:00Z"}}}, "pending",
           handle="a1b2c3d4-5678", style="athena"),
        _c("gcp-dataflow", {"id": "2024-05-01_03_00_00-123", "projectId": "p", "name": "etl", "currentState":
                            "JOB_STATE_RUNNING", "createTime": "2024-05-01T10:00:00Z"}, "pending",
           handle="2024-05-01_03_00_00-123", style="dataflow"),
        _c("gcp-lro-cancel", {"name": "projects/p/locations/us/operations/op-77", "done": True, "error": {"code": 1,
                                                                                                       "message":
                                                                                                       "Operation "
                                                                                                       "cancelled"},
                              "metadata": {"@type": "type.googleapis.com/google.cloud.common.OperationMetadata"}},
           "cancelled", style="google lro"),
        _c("s3-batch-partial", {"Deleted": [{"Key": "a.txt"}, {"Key": "b.txt"}], "Errors": [
            {"Key": "c.txt", "Code": "AccessDenied", "Message": "Access Denied"}]}, "partial", style="s3 delete"),
        _c("sqs-batch", {"Successful": [{"Id": "m1", "MessageId": "1a"}], "Failed": [
            {"Id": "m2", "SenderFault": True, "Code": "InvalidParameterValue", "Message": "Message too long"}]},
           "partial", style="sqs batch"),
        _c("eventbridge-put", {"FailedEntryCount": 1, "Entries": [{"EventId": "11710aed-b79e-4468-a20b-bb3c0c3b4860"},
                                                                 {"ErrorCode": "InternalFailure", "ErrorMessage":
                                                                  "Internal service error"}]}, "partial",
           style="eventbridge"),
    ]


def _successes() -> list[Case]:
    return [
        _ok("sendgrid-ok", {"message": "success"}, style="sendgrid"),
        _ok("vonage-ok", {"message-count": "1", "messages": [{"to": "447700900000", "message-id":
                                                              "0A0000000123ABCD1", "status": "0",
                                                              "remaining-balance": "3.14159265", "message-price":
                                                              "0.03330000", "network": "12345"}]},
            style="vonage sms"),
        _ok("order-status-processing", {"order_id": "SO-1001", "status": "processing", "customer": "Ada",
                                        "total": 129.9, "currency": "EUR", "items": 3,
                                        "shipping_address": {"city": "Lyon"}}, style="shop"),
        _ok("ticket-failed-field", {"ticket": 881, "subject": "Login failed on mobile", "state": "open",
                                    "priority": "high", "assignee": "lin"}, style="helpdesk"),
        _ok("deploy-history", {"deployments": [{"id": "d1", "status": "failed"}, {"id": "d2", "status": "success"}],
                               "environment": "prod", "total": 2}, style="deploy log"),
        _ok("error-rate-metric", {"service": "api", "error_rate": 0.02, "errors": 12, "requests": 600,
                                  "window": "5m"}, style="metrics"),
        _ok("kv-empty", {"keys": [], "cursor": "0"}, style="kv"),
        _ok("search-none", {"hits": {"total": {"value": 0, "relation": "eq"}, "hits": []}, "took": 2,
                            "timed_out": False}, style="search"),
        _ok("job-done", {"job_id": "exp-771", "status": "succeeded", "result_url":
                         "https://files.example.com/exp-771.csv", "rows": 1520}, style="export"),
        _ok("flight-cancelled-data", {"flight": "LH440", "date": "2024-05-02", "status": "cancelled", "gate": None,
                                      "origin": "FRA", "destination": "DTW", "aircraft": "A359"}, style="flights"),
        _ok("user-suspended-data", {"user_id": "u-19", "name": "Mo", "state": "suspended", "plan": "pro",
                                    "created_at": "2023-01-02"}, style="admin api"),
        _ok("health-ok", {"status": "UP", "components": {"db": {"status": "UP"}, "diskSpace": {"status": "UP"}}},
            style="spring actuator"),
        _ok("gh-check-success", {"id": 4, "status": "completed", "conclusion": "success", "name": "lint",
                                 "head_sha": "ce587453ced02b1526dfb4cb910479d431683101"}, style="github checks"),
        _ok("zero-failures", {"processed": 120, "failed": 0, "skipped": 3}, style="batch"),
        _ok("pg-query-ok", {"command": "UPDATE", "rowCount": 3, "rows": [], "fields": []}, style="node-postgres"),
        _ok("jsonrpc-ok", {"jsonrpc": "2.0", "id": 7, "result": {"blockNumber": "0x10d4f", "status": "0x1"}},
            style="json-rpc"),
        _ok("soap-ok", "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                       "<GetBalanceResponse><Balance>120.50</Balance><Currency>EUR</Currency></GetBalanceResponse>"
                       "</soap:Body></soap:Envelope>", style="soap 1.1"),
        _ok("odata-ok", {"@odata.context": "https://api.example.com/$metadata#Customers", "value": [
            {"CustomerID": "ALFKI", "CompanyName": "Alfreds Futterkiste"}]}, style="odata v4"),
    ]


def unseen8_cases() -> list[Case]:
    return (_payments() + _telecom_mail() + _ci_devtools() + _databases() + _registries_identity()
            + _commerce_logistics() + _rpc_and_protocols() + _cloud_sdks() + _successes())
