"""Errors in the envelopes of payment, chat and developer platforms (Stripe, GitHub, Slack,
Telegram, Twilio, OAuth 2.0, RFC 7807, JSON:API, GraphQL, PayPal, Salesforce, Anthropic,
OpenAI, Node.js, NestJS, hapi, Discord)."""

from __future__ import annotations

from obsline.protocol_corpus.case import Case, err


def api_error_cases() -> list[Case]:
    """The platforms' own error envelopes."""
    out: list[Case] = []
    code: str | int  # the tables give codes as text or as numbers
    status: str | int
    stripe = [("card_error", "card_declined", "Your card was declined.", "CONFLICT"),
              ("card_error", "expired_card", "Your card has expired.", "CONFLICT"),
              ("invalid_request_error", "parameter_missing", "Missing required param: amount.", "INVALID_ARGUMENT"),
              ("invalid_request_error", "resource_missing", "No such customer: 'cus_123'", "NOT_FOUND"),
              ("rate_limit_error", "rate_limit", "Too many requests hit the API too quickly.", "RATE_LIMITED"),
              ("authentication_error", "api_key_expired", "Expired API Key provided: sk_test_***", "AUTH_FAILED"),
              ("api_error", "api_error", "An unexpected error occurred on Stripe's end.", "UPSTREAM_FAILURE"),
              ("idempotency_error", "idempotency_key_in_use", "Keys for idempotent requests can only be used with "
               "the same parameters they were first used with.", "CONFLICT")]
    for kind, code, msg, stable in stripe:
        out.append(err(f"stripe-{code}", {"error": {"type": kind, "code": code, "message": msg,
                                                     "doc_url": f"https://stripe.com/docs/error-codes/{code}"}},
                        stable, code, style="stripe"))
    github = [("Not Found", "NOT_FOUND", None), ("Bad credentials", "AUTH_FAILED", None),
              ("API rate limit exceeded for 203.0.113.7.", "RATE_LIMITED", None),
              ("Resource not accessible by integration", "PERMISSION_DENIED", None)]
    for msg, stable, _ in github:
        out.append(err(f"github-{msg[:12]}", {"message": msg, "documentation_url": "https://docs.github.com/rest"},
                        stable, style="github"))
    out.append(err("github-validation", {"message": "Validation Failed", "errors": [
        {"resource": "Issue", "field": "title", "code": "missing_field"}],
        "documentation_url": "https://docs.github.com/rest/issues/issues#create-an-issue"},
        "INVALID_ARGUMENT", "missing_field", style="github"))
    slack = [("ratelimited", "RATE_LIMITED"), ("channel_not_found", "NOT_FOUND"), ("invalid_auth", "AUTH_FAILED"),
             ("not_authed", "AUTH_FAILED"), ("missing_scope", "PERMISSION_DENIED"), ("not_in_channel",
                                                                                     "PERMISSION_DENIED"),
             ("invalid_arguments", "INVALID_ARGUMENT"), ("internal_error", "UPSTREAM_FAILURE")]
    for code, stable in slack:
        out.append(err(f"slack-{code}", {"ok": False, "error": code}, stable, code, style="slack"))
    out.append(err("seed002-log-not-found", {"ok": False, "error": "LOG_NOT_FOUND"}, "NOT_FOUND", "LOG_NOT_FOUND",
                    style="seed 002"))
    out.append(err("seed002-path-outside", {"ok": False, "error": "PATH_OUTSIDE_SANDBOX"}, "PERMISSION_DENIED",
                    "PATH_OUTSIDE_SANDBOX", style="seed 002"))
    out.append(err("telegram-429", {"ok": False, "error_code": 429, "description": "Too Many Requests: retry after 35",
                                     "parameters": {"retry_after": 35}}, "RATE_LIMITED", "429",
                    retry_after_ms=35_000, style="telegram"))
    out.append(err("telegram-400", {"ok": False, "error_code": 400, "description": "Bad Request: chat not found"},
                    "NOT_FOUND", "400", style="telegram"))
    out.append(err("twilio", {"code": 20404, "message": "The requested resource /Calls/CA1 was not found",
                               "more_info": "https://www.twilio.com/docs/errors/20404", "status": 404},
                    "NOT_FOUND", "20404", style="twilio"))
    out.append(err("twilio-429", {"code": 20429, "message": "Too Many Requests",
                                   "more_info": "https://www.twilio.com/docs/errors/20429", "status": 429},
                    "RATE_LIMITED", "20429", style="twilio"))
    oauth = [("invalid_grant", "Bad credentials", "AUTH_FAILED"), ("invalid_client", "Client authentication failed",
                                                                   "AUTH_FAILED"),
             ("invalid_request", "Missing required parameter: code", "INVALID_ARGUMENT"),
             ("access_denied", "The user denied the request", "PERMISSION_DENIED"),
             ("invalid_scope", "The requested scope is invalid", "INVALID_ARGUMENT"),
             ("temporarily_unavailable", "The server is temporarily unavailable", "UPSTREAM_FAILURE")]
    for code, msg, stable in oauth:
        out.append(err(f"oauth-{code}", {"error": code, "error_description": msg}, stable, code, style="oauth2"))
    problems = [(403, "https://example.com/probs/out-of-credit", "You do not have enough credit.",
                 "Your current balance is 30, but that costs 50.", "PERMISSION_DENIED"),
                (404, "about:blank", "Not Found", "Order 77 does not exist", "NOT_FOUND"),
                (429, "about:blank", "Too Many Requests", "Too Many Requests", "RATE_LIMITED"),
                (422, "https://api.example.com/errors/validation", "Validation failed", "email is invalid",
                 "INVALID_ARGUMENT"),
                (503, "https://api.example.com/errors/maintenance", "Service Unavailable", "Down for maintenance",
                 "UPSTREAM_FAILURE")]
    for status, typ, title, detail, stable in problems:
        tool = typ if typ != "about:blank" else str(status)
        out.append(err(f"rfc7807-{status}", {"type": typ, "title": title, "status": status, "detail": detail,
                                              "instance": "/account/12345/msgs/abc"}, stable, tool,
                        style="rfc 7807"))
    jsonapi = [("422", "VALIDATION", "Invalid Attribute", "First name must contain at least three characters.",
                "INVALID_ARGUMENT"), ("404", "RECORD_NOT_FOUND", "Not Found", "Article 9 not found", "NOT_FOUND"),
               ("403", "FORBIDDEN", "Forbidden", "You cannot edit this article", "PERMISSION_DENIED"),
               ("409", "CONFLICT_VERSION", "Conflict", "Version mismatch", "CONFLICT")]
    for status, code, title, detail, stable in jsonapi:
        out.append(err(f"jsonapi-{code}", {"errors": [{"status": status, "code": code, "title": title,
                                                        "detail": detail,
                                                        "source": {"pointer": "/data/attributes/firstName"}}]},
                        stable, code, style="json:api"))
    gql = [("UNAUTHENTICATED", "You must be logged in", "AUTH_FAILED"), ("FORBIDDEN", "Not allowed to view",
                                                                         "PERMISSION_DENIED"),
           ("BAD_USER_INPUT", "Invalid argument value", "INVALID_ARGUMENT"),
           ("INTERNAL_SERVER_ERROR", "Unexpected error", "UPSTREAM_FAILURE"),
           ("RATE_LIMITED", "Rate limit exceeded", "RATE_LIMITED")]
    for code, msg, stable in gql:
        out.append(err(f"graphql-{code}", {"errors": [{"message": msg, "locations": [{"line": 2, "column": 3}],
                                                        "path": ["viewer"], "extensions": {"code": code}}],
                                            "data": None}, stable, code, style="graphql"))
    paypal = [("INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.",
               "INVALID_ARGUMENT"), ("RESOURCE_NOT_FOUND", "The specified resource does not exist.", "NOT_FOUND"),
              ("PERMISSION_DENIED", "You do not have permission to access or perform operations on this resource.",
               "PERMISSION_DENIED")]
    for name, msg, stable in paypal:
        out.append(err(f"paypal-{name}", {"name": name, "message": msg, "debug_id": "b1f3c2",
                                           "details": [{"field": "/amount", "issue": "MISSING_REQUIRED_PARAMETER"}]},
                        stable, name, style="paypal"))
    out.append(err("salesforce", [{"message": "Session expired or invalid", "errorCode": "INVALID_SESSION_ID"}],
                    "AUTH_FAILED", "INVALID_SESSION_ID", style="salesforce"))
    out.append(err("salesforce-notfound", [{"message": "The requested resource does not exist",
                                             "errorCode": "NOT_FOUND"}], "NOT_FOUND", "NOT_FOUND", style="salesforce"))
    out.append(err("anthropic-overloaded", {"type": "error", "error": {"type": "overloaded_error",
                                                                        "message": "Overloaded"}},
                    "UPSTREAM_FAILURE", "overloaded_error", style="anthropic"))
    out.append(err("anthropic-rate", {"type": "error", "error": {"type": "rate_limit_error",
                                                                  "message": "Number of requests has exceeded your "
                                                                             "rate limit"}},
                    "RATE_LIMITED", "rate_limit_error", style="anthropic"))
    out.append(err("openai-rate", {"error": {"message": "Rate limit reached for gpt-4 in organization org-x on "
                                                         "requests per min. Please try again in 20s.",
                                              "type": "requests", "param": None, "code": "rate_limit_exceeded"}},
                    "RATE_LIMITED", "rate_limit_exceeded", retry_after_ms=20_000, style="openai"))
    out.append(err("openai-key", {"error": {"message": "Incorrect API key provided: sk-abc***.",
                                             "type": "invalid_request_error", "param": None,
                                             "code": "invalid_api_key"}},
                    "AUTH_FAILED", "invalid_api_key", style="openai"))
    node = [("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432", "UPSTREAM_FAILURE"),
            ("ETIMEDOUT", "connect ETIMEDOUT 203.0.113.9:443", "TIMEOUT"),
            ("ENOTFOUND", "getaddrinfo ENOTFOUND api.example.invalid", "UPSTREAM_FAILURE"),
            ("ECONNRESET", "read ECONNRESET", "UPSTREAM_FAILURE"),
            ("EACCES", "EACCES: permission denied, open '/etc/shadow'", "PERMISSION_DENIED"),
            ("ENOENT", "ENOENT: no such file or directory, open 'config.yml'", "NOT_FOUND")]
    for code, msg, stable in node:
        out.append(err(f"node-json-{code}", {"code": code, "errno": -111, "syscall": "connect", "message": msg},
                        stable, code, style="node system error"))
        out.append(err(f"node-text-{code}", f"Error: {msg}", stable, code, style="node text"))
    nest = {"statusCode": 400, "message": ["email must be an email"], "error": "Bad Request"}
    out.append(err("nestjs-400", nest, "INVALID_ARGUMENT", "400", style="nestjs"))
    out.append(err("boom-404", {"statusCode": 404, "error": "Not Found", "message": "Missing user 7"},
                    "NOT_FOUND", "404", style="hapi boom"))
    out.append(err("discord-429", {"message": "You are being rate limited.", "retry_after": 64.57, "global": False},
                    "RATE_LIMITED", retry_after_ms=64_570, style="discord"))
    return out
