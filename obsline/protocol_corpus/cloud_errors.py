"""Errors of cloud and infrastructure APIs: AWS JSON, XML and SDK, Google JSON, gRPC,
Kubernetes, Elasticsearch, Azure / Microsoft Graph, Alibaba Cloud."""

from __future__ import annotations

from typing import Any

from obsline.protocol_corpus.case import Case, err


def cloud_error_cases() -> list[Case]:
    """The clouds' own error envelopes."""
    out: list[Case] = []
    code: str | int  # the tables give codes as text or as numbers
    status: str | int
    aws = [("ThrottlingException", "Rate exceeded", "RATE_LIMITED"),
           ("com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
            "The level of configured provisioned throughput for the table was exceeded.", "RATE_LIMITED"),
           ("AccessDeniedException", "User: arn:aws:iam::1:user/x is not authorized to perform: s3:GetObject",
            "PERMISSION_DENIED"),
           ("ResourceNotFoundException", "Requested resource not found", "NOT_FOUND"),
           ("ValidationException", "1 validation error detected: Value null at 'name' failed to satisfy constraint",
            "INVALID_ARGUMENT"),
           ("ServiceUnavailableException", "Service is unavailable, try again later.", "UPSTREAM_FAILURE"),
           ("UnrecognizedClientException", "The security token included in the request is invalid.", "AUTH_FAILED"),
           ("ConditionalCheckFailedException", "The conditional request failed", "CONFLICT")]
    for i, (t, msg, stable) in enumerate(aws):
        tool = t.split("#")[-1]
        out.append(err(f"aws-json-{tool}", {"__type": t, "message": msg}, stable, tool, style="aws json"))
        if i < 4:
            out.append(err(f"aws-json-Message-{tool}", {"__type": t, "Message": msg}, stable, tool,
                            style="aws json"))
    xml = [("Throttling", "Rate exceeded", "RATE_LIMITED"), ("NoSuchKey", "The specified key does not exist.",
                                                          "NOT_FOUND"),
           ("AccessDenied", "Access Denied", "PERMISSION_DENIED"),
           ("SlowDown", "Please reduce your request rate.", "RATE_LIMITED"),
           ("InvalidParameterValue", "Value (x) for parameter instanceType is invalid.", "INVALID_ARGUMENT")]
    for code, msg, stable in xml:
        text = (f'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>{code}</Code><Message>{msg}</Message>'
                f"<RequestId>4442587FB7D0A2F9</RequestId></Error>")
        out.append(err(f"aws-xml-{code}", text, stable, code, style="aws xml"))
    out.append(err("aws-boto-clienterror", {"Error": {"Code": "ThrottlingException", "Message": "Rate exceeded"},
                                             "ResponseMetadata": {"HTTPStatusCode": 400, "RequestId": "r-1"}},
                    "RATE_LIMITED", "ThrottlingException", style="aws sdk"))
    google = [(429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Read requests'.", "RATE_LIMITED", "20s"),
              (404, "NOT_FOUND", "Requested entity was not found.", "NOT_FOUND", None),
              (403, "PERMISSION_DENIED", "The caller does not have permission", "PERMISSION_DENIED", None),
              (400, "INVALID_ARGUMENT", "Invalid value at 'page_size' (TYPE_INT32), \"x\"", "INVALID_ARGUMENT",
               None),
              (503, "UNAVAILABLE", "The service is currently unavailable.", "UPSTREAM_FAILURE", "3s"),
              (504, "DEADLINE_EXCEEDED", "Deadline expired before operation could complete.", "TIMEOUT", None),
              (401, "UNAUTHENTICATED", "Request had invalid authentication credentials.", "AUTH_FAILED", None),
              (409, "ABORTED", "Transaction was aborted due to contention.", "CONFLICT", None)]
    for code, status, msg, stable, delay in google:
        error: dict[str, Any] = {"code": code, "message": msg, "status": status}
        if delay:
            error["details"] = [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": delay}]
        ms = int(delay[:-1]) * 1000 if delay else None
        out.append(err(f"google-{status}", {"error": error}, stable, status, retry_after_ms=ms, style="google json"))
    grpc = [(4, "DEADLINE_EXCEEDED", "Deadline exceeded", "TIMEOUT"), (14, "UNAVAILABLE", "connection reset",
                                                                      "UPSTREAM_FAILURE"),
            (8, "RESOURCE_EXHAUSTED", "quota exhausted", "RATE_LIMITED"), (5, "NOT_FOUND", "book 12 missing",
                                                                          "NOT_FOUND"),
            (7, "PERMISSION_DENIED", "caller lacks role", "PERMISSION_DENIED"),
            (16, "UNAUTHENTICATED", "bad token", "AUTH_FAILED"), (3, "INVALID_ARGUMENT", "page_size < 0",
                                                                  "INVALID_ARGUMENT"),
            (6, "ALREADY_EXISTS", "shelf exists", "CONFLICT"), (13, "INTERNAL", "stream terminated",
                                                               "UPSTREAM_FAILURE")]
    for num, name, msg, stable in grpc:
        out.append(err(f"grpc-json-{name}", {"code": num, "message": msg, "details": []}, stable, str(num),
                        style="grpc status"))
        camel = "".join(p.capitalize() for p in name.split("_"))
        out.append(err(f"grpc-go-{name}", f"rpc error: code = {camel} desc = {msg}", stable, camel,
                        style="grpc go text"))
        out.append(err(f"grpc-py-{name}", f"<_InactiveRpcError of RPC that terminated with:\n\tstatus = "
                        f"StatusCode.{name}\n\tdetails = \"{msg}\"\n>", stable, f"StatusCode.{name}",
                        style="grpc python text"))
    k8s = [("NotFound", 404, 'pods "web-1" not found', "NOT_FOUND"),
           ("Forbidden", 403, 'pods is forbidden: User "dev" cannot list resource "pods"', "PERMISSION_DENIED"),
           ("AlreadyExists", 409, 'deployments.apps "web" already exists', "CONFLICT"),
           ("Invalid", 422, 'Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1', "INVALID_ARGUMENT")]
    for reason, code, msg, stable in k8s:
        out.append(err(f"k8s-{reason}", {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
                                          "message": msg, "reason": reason, "code": code}, stable, reason,
                        style="kubernetes"))
    es = [("index_not_found_exception", "no such index [logs-2024]", 404, "NOT_FOUND"),
          ("search_phase_execution_exception", "all shards failed", 503, "UPSTREAM_FAILURE"),
          ("es_rejected_execution_exception", "rejected execution of coordinating operation", 429, "RATE_LIMITED")]
    for typ, reason, status, stable in es:
        out.append(err(f"es-{typ}", {"error": {"root_cause": [{"type": typ, "reason": reason}], "type": typ,
                                                "reason": reason}, "status": status}, stable, typ,
                        style="elasticsearch"))
    azure = [("ResourceNotFound", "The Resource 'Microsoft.Storage/storageAccounts/x' was not found.", "NOT_FOUND"),
             ("InvalidAuthenticationToken", "Access token has expired or is not yet valid.", "AUTH_FAILED"),
             ("AuthorizationFailed", "The client does not have authorization to perform action", "PERMISSION_DENIED"),
             ("TooManyRequests", "Rate limit is exceeded. Try again in 20 seconds.", "RATE_LIMITED")]
    for code, msg, stable in azure:
        ms = 20_000 if "20 seconds" in msg else None
        out.append(err(f"azure-{code}", {"error": {"code": code, "message": msg,
                                                    "innerError": {"date": "2024-06-10T08:23:11",
                                                                   "request-id": "9a1"}}},
                        stable, code, retry_after_ms=ms, style="azure / ms graph"))
    ali = [("Throttling.User", "Request was denied due to user flow control.", "RATE_LIMITED"),
           ("InvalidAccessKeyId.NotFound", "Specified access key is not found.", "AUTH_FAILED"),
           ("Forbidden.RAM", "User not authorized to operate on the specified resource.", "PERMISSION_DENIED"),
           ("InvalidParameter", "The specified parameter is not valid.", "INVALID_ARGUMENT"),
           ("ServiceUnavailable", "The request has failed due to a temporary failure of the server.",
            "UPSTREAM_FAILURE")]
    for code, msg, stable in ali:
        out.append(err(f"alibaba-{code}", {"Code": code, "Message": msg, "RequestId": "7A2F-11",
                                            "HostId": "ecs.aliyuncs.com",
                                            "Recommend": "https://api.aliyun.com/troubleshoot?q=" + code},
                        stable, code, style="alibaba cloud"))
    return out
