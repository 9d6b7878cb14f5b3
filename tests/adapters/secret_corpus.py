"""The secret corpus: secret forms as tools leak them, and look-alikes that are not secrets.

Every value here is made up (no real credential). Each secret form is a raw tool result and
the value that must never reach the model; each look-alike is a raw and the value the model
must still see. ``measure()`` runs them all through the real pipeline and reports the figures
(``python -m bench quality`` prints them; tests/adapters/test_secret_corpus.py asserts them).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from obsline.pipeline import Runner, Stages


@dataclass(frozen=True)
class Case:
    name: str
    raw: str
    value: str  # the secret that must be hidden, or the look-alike that must stay visible
    tool: str = "http_get_json"


def _j(obj: object) -> str:
    return json.dumps(obj)


B64_88 = "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6QUJDREVGR0hJSktMTU5PUFFSUw=="
AWS_SECRET = "js4GUVSEURhdEyKE+b+W05KU1//nigg7AepKydE6"
JWT = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkphbmUiLCJpYXQiOjE1MTYyMzkwMjJ9"
       ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c")
RSA = ("-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw\n"
       "7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyeh\n"
       "-----END RSA PRIVATE KEY-----")
OPENSSH = ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
           "QyNTUxOQAAACDm0l2cV3bZrbqfKqJyL5ZqvZbQz3b9fFqgq3V0fW4t7QAAAJj7nY9a+52P\n-----END OPENSSH PRIVATE KEY-----")
EC = "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIIrYSSNQFaA2Hwf1duRSxKtLYX5CB04fSeQ6tF1aY/PuoAoGCCqGSM49\n-----END EC PRIVATE KEY-----"

SECRETS: list[Case] = [
    # cloud keys (detect-secrets: AWS, Azure; ours: GCP)
    Case("aws access key id in JSON", _j({"aws_access_key_id": "AKIAIOSFODNN7EXAMPL3"}), "AKIAIOSFODNN7EXAMPL3"),
    Case("aws secret access key in JSON", _j({"aws_secret_access_key": AWS_SECRET}), AWS_SECRET),
    Case("aws secret in an ini dump", f"[default]\naws_secret_access_key = {AWS_SECRET}\nregion = us-east-1", AWS_SECRET),
    Case("aws key id in prose", "Uploaded with key AKIAZ7Q2LMNB4XC5VD6W to the bucket.", "AKIAZ7Q2LMNB4XC5VD6W"),
    Case("aws temporary key id", "credentials: ASIAQ3EXAMPLEKEY7XYZ issued", "ASIAQ3EXAMPLEKEY7XYZ"),
    Case("azure storage connection string",
         f"DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={B64_88};EndpointSuffix=core.windows.net",
         B64_88),
    Case("gcp api key", _j({"maps": {"client": "web", "k": "AIzaSyD3-fAkeKeyForTests0123456789abcde"}}),
         "AIzaSyD3-fAkeKeyForTests0123456789abcde"),
    Case("gcp service account json", _j({"type": "service_account", "private_key_id": "b1946ac92492d2347c6235b4d2611184",
                                         "private_key": RSA.replace("RSA ", "")}), "b1946ac92492d2347c6235b4d2611184"),
    Case("gcp oauth access token", "token acquired: ya29.a0AfH6SMBexampleexampleexampleexample", "ya29.a0AfH6SMBexampleexampleexampleexample"),
    # code hosts and chat (detect-secrets: GitHub, GitLab, Slack)
    Case("github token in text", "remote set with ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789 ok", "ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"),
    Case("github fine-grained token", _j({"gh": "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuv"}),
         "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuv"),
    Case("github token in a clone URL", "git clone https://ghs_zYxWvUtSrQpOnMlKjIhGfEdCbA9876543210@github.com/o/r.git",
         "ghs_zYxWvUtSrQpOnMlKjIhGfEdCbA9876543210"),
    Case("gitlab personal token", "PRIVATE-TOKEN header glpat-Xy12Ab34Cd56Ef78Gh90 accepted", "glpat-Xy12Ab34Cd56Ef78Gh90"),
    Case("slack bot token", _j({"bot": "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"}),
         "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"),
    Case("slack webhook", "posting to https://hooks.slack.com/services/T0ABCDEF1/B0ABCDEF2/AbCdEfGhIjKlMnOpQrStUvWx",
         "AbCdEfGhIjKlMnOpQrStUvWx"),
    # payments and SaaS (detect-secrets: Stripe, Twilio, OpenAI, SendGrid, npm, PyPI, Mailchimp, Square)
    Case("stripe live secret key", _j({"stripe": "sk_live_4eC39HqLyjWDarjtT1zdp7dc"}), "sk_live_4eC39HqLyjWDarjtT1zdp7dc"),
    Case("stripe restricted key", "rk_live_51H8xYzAbCdEfGhIjKlMnOpQr in config", "rk_live_51H8xYzAbCdEfGhIjKlMnOpQr"),
    Case("stripe test key", "STRIPE=sk_test_51H8xYzAbCdEfGhIjKlMnOpQr", "sk_test_51H8xYzAbCdEfGhIjKlMnOpQr"),
    Case("twilio account sid", _j({"account": "AC0123456789abcdef0123456789abcdef"}), "AC0123456789abcdef0123456789abcdef"),
    Case("twilio api key", "twilio SK0123456789abcdef0123456789abcdef created", "SK0123456789abcdef0123456789abcdef"),
    Case("openai project key", _j({"llm": "sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"}), "sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
    Case("anthropic key", "using sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123 now", "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123"),
    Case("live key of the generated workload", _j({"api_key": "sk-live-0NQnBrDcoO0yxyu1bIc3wZG3nwEbmw20"}),
         "sk-live-0NQnBrDcoO0yxyu1bIc3wZG3nwEbmw20"),
    Case("sendgrid key", "mail via 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 ok",
         "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"),
    Case("npm token in .npmrc", "//registry.npmjs.org/:_authToken=npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
         "npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
    Case("mailchimp key", "mc key 0123456789abcdef0123456789abcdef-us12 set", "0123456789abcdef0123456789abcdef-us12"),
    Case("square oauth secret", "sq0csp-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg found",
         "sq0csp-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg"),
    # tokens (detect-secrets: JWT; ours: bearer)
    Case("jwt in prose", f"session established with {JWT} for jane", JWT),
    Case("jwt under id_token", _j({"id_token": JWT, "user": "jane"}), JWT),
    Case("bearer header line", "GET /v1/me\nAuthorization: Bearer tok_9f8e7d6c5b4a3f2e1d0c\nAccept: */*", "tok_9f8e7d6c5b4a3f2e1d0c"),
    Case("bearer in a curl command", "curl -H 'Authorization: Bearer abc123def456ghi789' https://api.example.com",
         "abc123def456ghi789"),
    Case("basic auth header", "Authorization: Basic dXNlcjpodW50ZXIyMjI=", "dXNlcjpodW50ZXIyMjI="),
    Case("bfcl access token", _j({"expires_in": 2, "access_token": "251675", "token_type": "Bearer"}), "251675"),
    Case("refresh token", _j({"refresh_token": "r3freshM3n0w-xyz"}), "r3freshM3n0w-xyz"),
    Case("python-literal token", "{'access_token': 'pyLitTok99', 'user': 'mthompson'}", "pyLitTok99"),
    # private keys (detect-secrets: private keys; ours: the whole block)
    Case("rsa private key", f"key file:\n{RSA}\n", "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw"),
    Case("openssh private key in JSON", _j({"deploy": OPENSSH}), "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"),
    Case("ec private key", EC, "MHcCAQEEIIrYSSNQFaA2Hwf1duRSxKtLYX5CB04fSeQ6tF1aY/PuoAoGCCqGSM49"),
    # URL userinfo and connection strings (detect-secrets: basic auth; ours: userinfo, DSNs)
    Case("basic-auth URL", "fetched https://admin:hunter2secret@example.com/status", "hunter2secret"),
    Case("postgres URL", _j({"database": "postgres://user:pass@host/db"}), "user:pass@"),
    Case("mysql URL", "DATABASE_URL=mysql://root:t00rPw@db.example.com:3306/app", "t00rPw"),
    Case("redis URL without user", "cache at redis://:redisPw123@cache.example.com:6379/0", "redisPw123"),
    Case("mongodb srv URL", _j({"uri": "mongodb+srv://u:mongoPw99@cluster0.example.net/app"}), "mongoPw99"),
    Case("amqp URL", "broker amqp://guest:rabbitPw7@mq.example.com:5672//", "rabbitPw7"),
    Case("libpq connection string", "host=db.example.com port=5432 user=app password=libpqPw1 dbname=app", "libpqPw1"),
    Case("ado connection string", "Server=tcp:db.example.com;Database=app;User Id=sa;Password=AdoPw!23;", "AdoPw!23"),
    Case("dsn field", _j({"sentry_dsn": "https://0123abcd@o1.ingest.sentry.io/42"}), "0123abcd"),
    # secret-named keys (ours: by pattern, any case, JSON / key=value / headers / env)
    Case("password field", _j({"user": "jane", "password": "hunter2"}), "hunter2"),
    Case("db_password field", _j({"db_password": "Pg-Pr0d-2024"}), "Pg-Pr0d-2024"),
    Case("x-api-key header in JSON", _j({"headers": {"x-api-key": "k_5ecret_abcdef"}}), "k_5ecret_abcdef"),
    Case("Authorization in a headers dict", _j({"headers": {"Authorization": "Token 8f14e45fceea167a"}}), "8f14e45fceea167a"),
    Case("cookie header in JSON", _j({"Cookie": "sessionid=abc123xyz; csrftoken=def456"}), "abc123xyz"),
    Case("set-cookie header text", "HTTP/1.1 200 OK\nSet-Cookie: sid=s%3Aabc123def.sig; Path=/; HttpOnly", "s%3Aabc123def.sig"),
    Case("client_secret field", _j({"client_id": "web", "client_secret": "M@xSecret!"}), "M@xSecret!"),
    Case("camelCase apiKey", _j({"apiKey": "ak-2f9c1e7b"}), "ak-2f9c1e7b"),
    Case("upper-case API_KEY", _j({"API_KEY": "UPPERkey-77"}), "UPPERkey-77"),
    Case("passphrase field", _j({"ssh": {"passphrase": "correct horse battery"}}), "correct horse battery"),
    Case("numeric pin under a token key", _j({"otp_token": 493027}), "493027"),
    Case("secrets map", _j({"secrets": {"stripe": "plainvalue1", "db": "plainvalue2"}}), "plainvalue2"),
    Case("api key in a query string", "GET https://api.example.com/v1/items?api_key=qs1234abcd&page=2", "qs1234abcd"),
    Case("env dump", "HOME=/home/app\nDB_PASSWORD=envPw123\nSECRET_KEY=django-insecure-abc\nPATH=/usr/bin", "envPw123"),
    Case("env dump, second secret", "HOME=/home/app\nDB_PASSWORD=envPw123\nSECRET_KEY=django-insecure-abc", "django-insecure-abc"),
    Case("export line", "export STRIPE_SECRET='exp0rtedS3cret'", "exp0rtedS3cret"),
    Case("header lines", "X-Api-Key: hdrKey-0042\nContent-Type: application/json", "hdrKey-0042"),
    Case("yaml config", "database:\n  user: app\n  password: yamlPw-9\n  host: db.example.com", "yamlPw-9"),
    Case("spanish keyword", 'contraseña = "clave123segura"', "clave123segura"),
    Case("random signature under a weak key", _j({"signature": "q8Zr2Lx9Tb4Wm7Kc1Vn6Hs3Jd5Fg0PyQe"}), "q8Zr2Lx9Tb4Wm7Kc1Vn6Hs3Jd5Fg0PyQe"),
    Case("session id field", _j({"session_id": "sess_9a8b7c6d"}), "sess_9a8b7c6d"),
    Case("secret in an error text", "Error: upstream rejected token=errTok777 for user 12", "errTok777"),
    # internal addresses (ours)
    Case("private ipv4 10/8", "HTTPConnectionPool(host='10.0.3.7', port=8443): Max retries exceeded", "10.0.3.7"),
    Case("private ipv4 192.168/16", _j({"gateway": "192.168.1.20"}), "192.168.1.20"),
    Case("private ipv4 172.16/12", "connect to 172.20.4.9:5432 refused", "172.20.4.9"),
    Case("loopback ipv4", "listening on 127.0.0.1:8080", "127.0.0.1"),
    Case("cloud metadata address", "GET http://169.254.169.254/latest/meta-data/", "169.254.169.254"),
    Case("localhost", _j({"url": "http://localhost:5000/admin"}), "localhost"),
    Case("ipv6 loopback", "bound to [::1]:9000", "::1"),
    Case("ipv6 link-local", "neighbor fe80::1ff:fe23:4567:890a%eth0 reachable", "fe80::1ff:fe23:4567:890a"),
    Case("ipv6 unique local", _j({"addr": "fd12:3456:789a:1::1"}), "fd12:3456:789a:1::1"),
    Case("internal host", "resolved payments.internal to the primary", "payments.internal"),
    Case("cluster service", _j({"upstream": "orders.default.svc.cluster.local:8080"}), "orders.default.svc.cluster.local"),
    Case("mdns host", "printer at office-printer.local is offline", "office-printer.local"),
]

LOOKALIKES: list[Case] = [
    # tau ids: must never be mistaken for secrets
    Case("order id", _j({"order_id": "#W2378156", "status": "delivered"}), "#W2378156"),
    Case("gift card id", _j({"payment_history": [{"payment_id": "gift_card_4643416", "amount": 786}]}), "gift_card_4643416"),
    Case("credit card id", _j({"payment_methods": {"credit_card_1955700": {"id": "credit_card_1955700"}}}), "credit_card_1955700"),
    Case("user id", _j({"user_id": "james_lee_6136"}), "james_lee_6136"),
    Case("reservation id", _j({"reservation_id": "XEWRD9"}), "XEWRD9"),
    Case("flight number", _j({"flight_number": "HAT030", "origin": "LAX"}), "HAT030"),
    Case("item id", _j({"item_id": "9612497925", "price": 186.45}), "9612497925"),
    Case("passengers", _j({"passengers": [{"first_name": "James", "last_name": "Lee"}]}), "James"),
    # hashes, ids and encodings the agent needs
    Case("sha256 field", _j({"sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"}),
         "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    Case("sha256 in pip output", "Created wheel size=4534 sha256=fcca61a41cd2783d4a5b8471ebc48cf886d36f6c66a29cc9b02761fc174a024d",
         "fcca61a41cd2783d4a5b8471ebc48cf886d36f6c66a29cc9b02761fc174a024d"),
    Case("git commit id", _j({"commit": "675399f73a52ff88383a475ad8ffba9aed65bd71"}), "675399f73a52ff88383a475ad8ffba9aed65bd71"),
    Case("short git sha", "HEAD is now at 3b3b383 models: Adapted.shape", "3b3b383"),
    Case("uuid field", _j({"id": "123e4567-e89b-12d3-a456-426614174000"}), "123e4567-e89b-12d3-a456-426614174000"),
    Case("uuid in text", "request 9b2c7d4e-1f3a-4c5b-8d6e-7f8091a2b3c4 accepted", "9b2c7d4e-1f3a-4c5b-8d6e-7f8091a2b3c4"),
    Case("base64 image id", _j({"image_id": "aW1hZ2VfMDAxMjM0NTY3OA=="}), "aW1hZ2VfMDAxMjM0NTY3OA=="),
    Case("md5 checksum", _j({"checksum": "md5:9e107d9d372bb6826bd81d3542a419d6"}), "md5:9e107d9d372bb6826bd81d3542a419d6"),
    Case("container digest", "pulled app@sha256:2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824",
         "sha256:2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"),
    Case("build id", "ELF 64-bit, BuildID[sha1]=675399f73a52ff88383a475ad8ffba9aed65bd71, not stripped",
         "BuildID[sha1]=675399f73a52ff88383a475ad8ffba9aed65bd71"),
    Case("tracking number", _j({"tracking_id": ["1Z999AA10123456784"]}), "1Z999AA10123456784"),
    Case("isbn", _j({"isbn": "9780306406157"}), "9780306406157"),
    Case("bfcl card id", _j({"card_id": "391310425148"}), "391310425148"),
    Case("bfcl booking", _j({"booking_id": "3426812", "transaction_id": "45451592"}), "45451592"),
    Case("hex colour", _j({"color": "#ff5733"}), "#ff5733"),
    Case("low-entropy nonce", _j({"nonce": "1"}), '"nonce": "1"'),
    Case("key naming a field", _j({"key": "order_id", "sort_key": "created_at"}), "created_at"),
    Case("primary key", _j({"primary_key": "id"}), '"primary_key": "id"'),
    Case("keywords", _j({"keywords": ["refund", "policy"]}), "refund"),
    Case("keyboard product", _j({"name": "Mechanical Keyboard", "options": {"switch": "clicky"}}), "Mechanical Keyboard"),
    # names that say something about a secret, not the secret
    Case("token type", _j({"token_type": "Bearer", "expires_in": 3600}), "Bearer"),
    Case("max tokens", _j({"max_tokens": 1000, "model": "m"}), "1000"),
    Case("token usage", _j({"usage": {"input_tokens": 532, "output_tokens": 77}}), "532"),
    Case("password policy", _j({"password_policy": "min 12 chars", "password_expired": False}), "min 12 chars"),
    Case("secret name", _j({"secret_name": "prod/db-credentials"}), "prod/db-credentials"),
    Case("authentication status", _j({"authentication_status": True}), '"authentication_status": true'),
    Case("token expiry", _j({"token_expires_in": 3600}), "3600"),
    Case("tokenizer", _j({"tokenizer": "o200k_base"}), "o200k_base"),
    Case("session count", _j({"session": "morning", "session_count": 3}), "morning"),
    Case("api key hint", _j({"api_key_hint": "ends in 4f2a"}), "ends in 4f2a"),
    # text that reads like a secret's neighbourhood but is not one
    Case("prose about secrets", "The secret to a good sourdough is patience and a warm kitchen.", "patience"),
    Case("prose about passwords", "Reset your password from the account page; we never email it.", "account page"),
    Case("content type header", "Content-Type: application/json\nX-Request-Id: 7f3a9c", "application/json"),
    Case("url with query", "see https://example.com/search?page=2&sort=asc for more", "https://example.com/search?page=2&sort=asc"),
    Case("ssh url without password", "cloned ssh://git@github.com/org/repo.git", "ssh://git@github.com/org/repo.git"),
    Case("email", _j({"email": "john.smith@example.com"}), "john.smith@example.com"),
    Case("phone", _j({"phone_number": "555-123-2002"}), "555-123-2002"),
    Case("datetime", _j({"created_at": "2024-05-07T19:17:06"}), "2024-05-07T19:17:06"),
    Case("public ipv4", "resolved to 8.8.8.8 via dns", "8.8.8.8"),
    Case("public ipv6", "resolved to 2001:4860:4860::8888", "2001:4860:4860::8888"),
    Case("public host", _j({"url": "https://api.example.com/v1/orders"}), "https://api.example.com/v1/orders"),
    Case("version number", "upgraded to 10.2.3 and 172.1", "10.2.3"),
    Case("price", _j({"price": 110.50, "total": "1,010.25"}), "1,010.25"),
    Case("python threading.local", "state = threading.local()\nprint(state)", "threading.local()"),
    Case("file path", "edited /home/user/project/settings.py (12 lines)", "/home/user/project/settings.py"),
    Case("locale", _j({"localization": "en-US", "locale": "fr-FR"}), "fr-FR"),
    Case("last four digits", _j({"account_number_last_4": "1235"}), "1235"),
    Case("django pk", _j({"pk": 42, "model": "orders.order"}), "orders.order"),
    Case("status words", _j({"status": "pending", "basic_economy": True}), "pending"),
]


@dataclass
class CorpusReport:
    secrets: int = 0
    hidden: int = 0
    lookalikes: int = 0
    shown: int = 0
    leaked: list[str] = field(default_factory=list)  # names of secret forms that reached the model
    over_hidden: list[str] = field(default_factory=list)  # names of look-alikes the model lost

    @property
    def hidden_rate(self) -> float:
        return self.hidden / self.secrets if self.secrets else 0.0

    @property
    def shown_rate(self) -> float:
        return self.shown / self.lookalikes if self.lookalikes else 0.0


def _envelope(i: int, case: Case) -> dict[str, object]:
    return {"task_id": f"corpus/{i}", "step_id": 0, "action_id": "c0", "tool": case.tool, "raw": case.raw}


def model_view(observation: object) -> str:
    """Everything of an observation a model could be handed: its text and its data."""
    o = observation
    return o.text + "\n" + json.dumps(o.data, default=str, ensure_ascii=False)  # type: ignore[attr-defined]


def run_case(runner: Runner, i: int, case: Case) -> str:
    return model_view(runner.process(json.dumps(_envelope(i, case))).observation)


def measure() -> CorpusReport:
    runner = Runner(Stages.default())
    report = CorpusReport()
    for i, case in enumerate(SECRETS):
        report.secrets += 1
        if case.value in run_case(runner, i, case):
            report.leaked.append(case.name)
        else:
            report.hidden += 1
    for i, case in enumerate(LOOKALIKES, len(SECRETS)):
        report.lookalikes += 1
        if case.value in run_case(runner, i, case):
            report.shown += 1
        else:
            report.over_hidden.append(case.name)
    return report
