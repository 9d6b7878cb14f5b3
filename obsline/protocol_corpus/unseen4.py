"""The fourth unseen part (session 21): written after the rules were made general by slot and by
shape for the third unseen part's misses (envelopes read by their slots, the body's own code over
the HTTP status, jobs in conditions and under typed objects, batches without a key, a census of
states), from public documentation of providers, command-line tools and job shapes no earlier
part uses, and error texts in languages the corpus had not used. Written before any run; run
once; its figures are reported as they came (docs/design.md), and no rule was changed for it
afterwards.

Labels follow the provider's documented meaning: the stable code is what its documentation says
the error is (an HTTP status the envelope carries decides where the documentation gives one; the
tool's words otherwise); the tool's own code is the documented machine code field (left
unlabelled where the result gives none). The formats were written from the author's knowledge
of each provider's public documentation (not fetched case by case this session).
"""

from __future__ import annotations

from obsline.protocol_corpus.case import Case, err
from obsline.protocol_corpus.unseen4_shapes import unseen4_shape_cases


def _e(id: str, raw: object, code: str, tool: str | None = None, **kw: object) -> Case:
    return err(f"unseen4-{id}", raw, code, tool, unseen4=True, **kw)  # type: ignore[arg-type]


def _finance() -> list[Case]:
    return [
        _e("alpaca", {"code": 40410000, "message": "position does not exist"}, "NOT_FOUND", "40410000",
           style="alpaca trading", http_status=404),
        _e("kucoin", {"code": "400100", "msg": "Order size below the minimum requirement."}, "INVALID_ARGUMENT",
           "400100", style="kucoin"),
        _e("kucoin-auth", {"code": "400003", "msg": "KC-API-KEY not exists"}, "AUTH_FAILED", "400003",
           style="kucoin"),
        _e("iyzico", {"status": "failure", "errorCode": "12", "errorMessage": "Kart numarası geçersizdir",
                      "locale": "tr", "systemTime": 1700000000000}, "INVALID_ARGUMENT", "12", style="iyzico",
           lang="tr"),
        _e("polygon", {"status": "ERROR", "request_id": "a1b2", "error": "Unknown API Key"}, "AUTH_FAILED",
           style="polygon.io", http_status=401),
        _e("alphavantage-limit", {"Note": "Thank you for using Alpha Vantage! Our standard API call frequency is 5 "
                                          "calls per minute and 500 calls per day."}, "RATE_LIMITED",
           style="alpha vantage"),
        _e("alphavantage", {"Error Message": "Invalid API call. Please retry or visit the documentation for "
                                             "TIME_SERIES_DAILY."}, "INVALID_ARGUMENT", style="alpha vantage"),
        _e("finnhub", {"error": "Invalid API key"}, "AUTH_FAILED", style="finnhub", http_status=401),
        _e("tiingo", {"detail": "Error: Ticker 'XYZQ' not found"}, "NOT_FOUND", style="tiingo", http_status=404),
        _e("twelvedata", {"code": 400, "message": "**symbol** not found: XYZQ. Please specify it correctly.",
                          "status": "error"}, "NOT_FOUND", "400", style="twelve data"),
        _e("coingecko", {"status": {"error_code": 429, "error_message": "You've exceeded the Rate Limit. Please "
                                                                        "visit our API page to upgrade."}},
           "RATE_LIMITED", "429", style="coingecko"),
        _e("coinmarketcap", {"status": {"timestamp": "2024-05-01T10:00:00.000Z", "error_code": 1002,
                                        "error_message": "API key missing.", "elapsed": 0, "credit_count": 0}},
           "AUTH_FAILED", "1002", style="coinmarketcap", http_status=401),
        _e("fixer", {"success": False, "error": {"code": 101, "type": "missing_access_key", "info": "You have not "
                                                 "supplied an API Access Key. [Required format: access_key=KEY]"}},
           "AUTH_FAILED", "missing_access_key", style="apilayer"),
        _e("exchangerate", {"result": "error", "error-type": "invalid-key"}, "AUTH_FAILED", "invalid-key",
           style="exchangerate-api"),
        _e("lob", {"error": {"message": "address not found", "status_code": 404, "code": "not_found"}},
           "NOT_FOUND", "not_found", style="lob", http_status=404),
        _e("brex", {"errors": [{"message": "You don't have access to this resource", "code": "FORBIDDEN"}]},
           "PERMISSION_DENIED", "FORBIDDEN", style="brex", http_status=403),
    ]


def _identity_and_comms() -> list[Case]:
    return [
        _e("clerk", {"errors": [{"message": "not found", "long_message": "User not found", "code":
                                 "resource_not_found"}], "clerk_trace_id": "t-9"}, "NOT_FOUND", "resource_not_found",
           style="clerk", http_status=404),
        _e("workos", {"message": "Organization not found: 'org_01H'", "code": "entity_not_found",
                      "entity_id": "org_01H"}, "NOT_FOUND", "entity_not_found", style="workos", http_status=404),
        _e("stytch", {"status_code": 404, "request_id": "req-1", "error_type": "user_not_found", "error_message":
                      "User could not be found.", "error_url": "https://stytch.com/docs/api/errors/404"},
           "NOT_FOUND", "user_not_found", style="stytch"),
        _e("duo", {"stat": "FAIL", "code": 40301, "message": "Access forbidden", "message_detail":
                   "Your account does not have access to this API."}, "PERMISSION_DENIED", "40301", style="duo"),
        _e("getstream", {"code": 16, "message": "GetOrCreateChannel failed with error: \"channel not found\"",
                         "StatusCode": 404, "duration": "0.01ms", "more_info":
                         "https://getstream.io/chat/docs/api_errors_response"}, "NOT_FOUND", "16",
           style="stream chat"),
        _e("patreon", {"errors": [{"code": 1, "code_name": "Unauthorized", "detail": "The server could not verify "
                                   "that you are authorized to access the URL requested.", "id": "e-1",
                                   "status": "401", "title": "Unauthorized"}]}, "AUTH_FAILED", "1",
           style="patreon", http_status=401),
        _e("deezer", {"error": {"type": "DataException", "message": "no data", "code": 800}}, "NOT_FOUND", "800",
           style="deezer"),
        _e("lastfm", {"error": 6, "message": "The artist you supplied could not be found", "links": []},
           "NOT_FOUND", "6", style="last.fm"),
        _e("genius", {"meta": {"status": 404, "message": "Not found"}}, "NOT_FOUND", "404", style="genius"),
        _e("tmdb", {"success": False, "status_code": 34, "status_message":
                    "The resource you requested could not be found."}, "NOT_FOUND", "34", style="tmdb",
           http_status=404),
        _e("omdb", {"Response": "False", "Error": "Movie not found!"}, "NOT_FOUND", style="omdb"),
        _e("riot", {"status": {"message": "Data not found - match file not found", "status_code": 404}},
           "NOT_FOUND", "404", style="riot games"),
        _e("bungie", {"ErrorCode": 1601, "ThrottleSeconds": 0, "ErrorStatus": "DestinyAccountNotFound",
                      "Message": "We were unable to find your Destiny account information.", "MessageData": {}},
           "NOT_FOUND", "DestinyAccountNotFound", style="bungie"),
        _e("lichess", {"error": "No such token"}, "AUTH_FAILED", style="lichess", http_status=401),
        _e("kick", {"message": "Unauthorized", "data": None}, "AUTH_FAILED", style="kick", http_status=401),
        _e("braze-auth", {"message": "Invalid API Key"}, "AUTH_FAILED", style="braze", http_status=401),
    ]


def _data_and_web() -> list[Case]:
    return [
        _e("weatherapi", {"error": {"code": 1006, "message": "No matching location found."}}, "NOT_FOUND", "1006",
           style="weatherapi", http_status=400),
        _e("tomorrowio", {"code": 401001, "type": "Invalid Auth", "message": "The method requires authentication "
                                                                            "but it was not presented or is invalid."},
           "AUTH_FAILED", "401001", style="tomorrow.io", http_status=401),
        _e("accuweather", {"Code": "ServiceUnavailable", "Message": "The allowed number of requests has been "
                                                                    "exceeded.", "Reference": "/locations/v1"},
           "RATE_LIMITED", "ServiceUnavailable", style="accuweather", http_status=503),
        _e("opencage", {"status": {"code": 401, "message": "invalid API key"}, "results": [], "total_results": 0},
           "AUTH_FAILED", "401", style="opencage"),
        _e("locationiq", {"error": "Unable to geocode"}, "NOT_FOUND", style="locationiq", http_status=404),
        _e("ipinfo", {"status": 404, "error": {"title": "Wrong ip", "message": "Please provide a valid IP address"}},
           "NOT_FOUND", "404", style="ipinfo"),
        _e("ipstack", {"success": False, "error": {"code": 101, "type": "invalid_access_key", "info":
                                                   "You have not supplied a valid API Access Key."}},
           "AUTH_FAILED", "invalid_access_key", style="apilayer"),
        _e("newsapi", {"status": "error", "code": "apiKeyInvalid", "message": "Your API key is invalid or "
                                                                             "incorrect."}, "AUTH_FAILED",
           "apiKeyInvalid", style="newsapi", http_status=401),
        _e("guardian", {"response": {"status": "error", "message": "Invalid authentication credentials"}},
           "AUTH_FAILED", style="guardian", http_status=401),
        _e("nytimes", {"fault": {"faultstring": "Invalid ApiKey", "detail": {"errorcode":
                                                                             "oauth.v2.InvalidApiKey"}}},
           "AUTH_FAILED", "oauth.v2.InvalidApiKey", style="apigee", http_status=401),
        _e("wikidata", {"error": {"code": "no-such-entity", "info": "Could not find an entity with the ID \"Q0\".",
                                  "id": "Q0"}, "servedby": "mw1"}, "NOT_FOUND", "no-such-entity",
           style="wikibase"),
        _e("pubchem", {"Fault": {"Code": "PUGREST.NotFound", "Message": "No CID found",
                                 "Details": ["No CID found that matches the given name"]}}, "NOT_FOUND",
           "PUGREST.NotFound", style="pubchem", http_status=404),
        _e("orcid", {"response-code": 404, "developer-message": "404 Not Found: The resource was not found.",
                     "user-message": "The resource was not found.", "error-code": 9016,
                     "more-info": "https://members.orcid.org/api/resources/troubleshooting"}, "NOT_FOUND", "9016",
           style="orcid"),
        _e("zenodo", {"status": 404, "message": "PID does not exist."}, "NOT_FOUND", "404", style="invenio"),
        _e("openalex", {"error": "Invalid query parameters error.", "message": "filter is not a valid field"},
           "INVALID_ARGUMENT", style="openalex", http_status=400),
        _e("semantic-scholar", {"error": "Paper not found"}, "NOT_FOUND", style="semantic scholar",
           http_status=404),
        _e("brave", {"type": "ErrorResponse", "error": {"id": "c1", "status": 422, "code": "SUBSCRIPTION_TOKEN_INVALID",
                                                        "detail": "The provided subscription token is invalid."}},
           "AUTH_FAILED", "SUBSCRIPTION_TOKEN_INVALID", style="brave search", http_status=422),
        _e("serpapi", {"error": "Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key"},
           "AUTH_FAILED", style="serpapi", http_status=401),
        _e("pcloud", {"result": 2000, "error": "Log in failed."}, "AUTH_FAILED", "2000", style="pcloud"),
        _e("yandex-disk", {"message": "Не удалось найти запрошенный ресурс.", "description": "Resource not found.",
                           "error": "DiskNotFoundError"}, "NOT_FOUND", "DiskNotFoundError", style="yandex disk",
           http_status=404),
        _e("vultr", {"error": "Invalid API token.", "status": 401}, "AUTH_FAILED", "401", style="vultr"),
        _e("akamai", {"type": "https://problems.luna.akamaiapis.net/-/resource-impl/forward-origin-error",
                      "title": "Not Found", "status": 404, "detail": "The requested resource is not found.",
                      "instance": "/papi/v1/properties/x"}, "NOT_FOUND", "404", style="akamai"),
        _e("watsonx", {"errors": [{"code": "model_not_supported", "message": "Model 'x' is not supported",
                                   "more_info": "https://cloud.ibm.com/apidocs/watsonx-ai"}], "trace": "t1",
                       "status_code": 404}, "NOT_FOUND", "model_not_supported", style="watsonx"),
        _e("hf-loading", {"error": "Model bigscience/bloom is currently loading", "estimated_time": 20.0},
           "UPSTREAM_FAILURE", retry_after_ms=20000, retryable=True, style="hf inference", http_status=503),
        _e("runpod-auth", {"error": "Unauthorized"}, "AUTH_FAILED", style="runpod", http_status=401),
        _e("railway", {"errors": [{"message": "Not Authorized", "locations": [{"line": 1, "column": 3}],
                                   "path": ["project"], "extensions": {"code": "UNAUTHENTICATED"}}],
                       "data": None}, "AUTH_FAILED", "UNAUTHENTICATED", style="railway graphql"),
    ]


def unseen4_cases() -> list[Case]:
    return _finance() + _identity_and_comms() + _data_and_web() + unseen4_shape_cases()
