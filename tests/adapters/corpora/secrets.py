"""The generated secret corpus: secret placements and look-alikes, as tools print them.

    cases() -> list[SecretCase]   each: raw, the value(s) that must (not) reach the model, format, part

Secrets: key names in 28 languages x formats (env, .env, YAML, JSON, k8s env lists, ECS task
definitions, terraform state, .pgpass, .netrc, docker auths, PHP define, JS/Java/Go/Ruby/C#
assignments, INI/TOML/XML, CSV columns, HTTP headers in curl -v, git remote -v, connection
strings, URL-encoded queries, JSON-escaped strings, base64 of user:password, wrapped lines) and
vendor tokens without a key name. Look-alikes: documented example keys, placeholders, template
references, public keys and certificates, hashes, UUIDs, UI strings, and dates and counters
under a ``credentials`` field. Every value is generated (no real credential).
"""

from __future__ import annotations

import base64
import json
import random
import string
from dataclasses import dataclass
from urllib.parse import quote

from tests.adapters.corpora import part

# The word for "password" as a field name, by language (what an ops tool in that locale prints).
PASSWORD_NAMES = {
    "en": "password", "de": "Passwort", "fr": "mot_de_passe", "es": "contraseña", "pt": "senha", "pl": "hasło",
    "ru": "пароль", "it": "parola_d_ordine", "nl": "wachtwoord", "sv": "lösenord", "cs": "heslo", "hu": "jelszó",
    "fi": "salasana", "da": "adgangskode", "nb": "passord", "id": "kata_sandi", "vi": "mat_khau", "zh": "密码",
    "ja": "パスワード", "ko": "비밀번호", "ar": "كلمة_المرور", "hi": "पासवर्ड", "tr": "şifre", "el": "κωδικός",
    "he": "סיסמה", "fa": "رمز_عبور", "ro": "parolă", "uk": "пароль_доступу",
}
API_KEY_NAMES = {
    "en": "api_key", "de": "API_Schlüssel", "fr": "cle_api", "es": "clave_api", "pt": "chave_api", "pl": "klucz_api",
    "ru": "ключ_api", "it": "chiave_api", "nl": "api_sleutel", "zh": "密钥", "ja": "APIキー", "ko": "API_키",
    "tr": "api_anahtari", "sv": "api_nyckel",
}
TOKEN_NAMES = {"en": "access_token", "ru": "токен", "zh": "令牌", "ja": "トークン", "ko": "토큰", "fr": "jeton",
               "de": "Zugriffstoken", "es": "token_de_acceso"}


@dataclass(frozen=True)
class SecretCase:
    name: str
    raw: str
    values: tuple[str, ...]  # secret: none may reach the model; look-alike: all must
    secret: bool
    fmt: str
    lang: str = "en"
    tool: str = "read_file"

    @property
    def part(self) -> str:
        return part(f"secret/{self.fmt}") if self.secret else part(f"lookalike/{self.fmt}")


def _rng(seed: str) -> random.Random:
    return random.Random(seed)


def _pw(r: random.Random) -> str:
    return "".join(r.choice(string.ascii_letters + string.digits + "!#%&*+-=?@^_") for _ in range(r.randint(12, 20)))


def _alnum(r: random.Random, n: int) -> str:
    return "".join(r.choice(string.ascii_letters + string.digits) for _ in range(n))


def _hex(r: random.Random, n: int) -> str:
    return "".join(r.choice("0123456789abcdef") for _ in range(n))


# Vendor token formats (public documentation of each vendor's prefix and length).
def vendor_tokens(r: random.Random) -> dict[str, str]:
    return {
        "github classic": "ghp_" + _alnum(r, 36), "github fine-grained": "github_pat_11" + _alnum(r, 20) + "_" + _alnum(r, 59),
        "gitlab": "glpat-" + _alnum(r, 20), "slack bot": f"xoxb-{r.randint(10**10, 10**11)}-{r.randint(10**10, 10**11)}-{_alnum(r, 24)}",
        "stripe live": "sk_live_" + _alnum(r, 24), "stripe restricted": "rk_live_" + _alnum(r, 24),
        "aws key id": "AKIA" + "".join(r.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(16)),
        "google api": "AIza" + _alnum(r, 35), "openai project": "sk-proj-" + _alnum(r, 48),
        "anthropic": "sk-ant-api03-" + _alnum(r, 93) + "AA", "npm": "npm_" + _alnum(r, 36),
        "huggingface": "hf_" + _alnum(r, 34), "shopify": "shpat_" + _hex(r, 32), "digitalocean": "dop_v1_" + _hex(r, 64),
        "sendgrid": "SG." + _alnum(r, 22) + "." + _alnum(r, 43), "twilio": "SK" + _hex(r, 32),
        "mailchimp": _hex(r, 32) + "-us12", "pypi": "pypi-AgEIcHlwaS5vcmc" + _alnum(r, 60),
        "linear": "lin_api_" + _alnum(r, 40), "postman": "PMAK-" + _hex(r, 24) + "-" + _hex(r, 34),
        "databricks": "dapi" + _hex(r, 32), "grafana": "glsa_" + _alnum(r, 32) + "_" + _hex(r, 8),
        "new relic": "NRAK-" + "".join(r.choice(string.ascii_uppercase + string.digits) for _ in range(27)),
        "doppler": "dp.pt." + _alnum(r, 43), "age": "AGE-SECRET-KEY-1" + "".join(r.choice("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L") for _ in range(58)),
        "pulumi": "pul-" + _hex(r, 40), "sentry": "sntrys_eyJpYXQiOjE2ODk" + _alnum(r, 60),
    }


def _k8s_yaml(k: str, v: str) -> str:
    return f"apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - name: api\n" \
           f"        image: registry.example.com/api:1.4\n        env:\n        - name: LOG_LEVEL\n          value: info\n" \
           f"        - name: {k}\n          value: \"{v}\"\n"


def _ecs(k: str, v: str) -> str:
    return json.dumps({"family": "api", "containerDefinitions": [{"name": "api", "image": "api:1.4", "environment": [
        {"name": "REGION", "value": "eu-west-1"}, {"name": k, "value": v}]}]}, ensure_ascii=False)


def _tfstate(k: str, v: str) -> str:
    return json.dumps({"version": 4, "terraform_version": "1.7.5", "resources": [{"mode": "managed", "type": "aws_db_instance",
        "name": "main", "instances": [{"attributes": {"engine": "postgres", "username": "app", k: v,
                                                      "port": 5432}, "sensitive_attributes": []}]}]}, ensure_ascii=False)


def _csv(k: str, v: str) -> str:
    return f"id,service,{k},created\n1,billing,{v},2024-03-01\n"


def _table(k: str, v: str) -> str:
    return f"+----+---------+{'-' * 22}+\n| id | service | {k:<20} |\n+----+---------+{'-' * 22}+\n| 1  | billing | {v:<20} |\n"


# (format, lambda key, value -> raw): the key is a secret-named field in some language
KEYED = {
    "env line": lambda k, v: f"LOG_LEVEL=info\n{k.upper()}={v}\nPORT=8080",
    "export": lambda k, v: f"export {k.upper()}=\"{v}\"",
    "dotenv view": lambda k, v: f"# .env\nAPP_NAME=shop\nDB_HOST=db.example.com\nDB_{k.upper()}='{v}'\nDEBUG=false\n",
    "yaml": lambda k, v: f"database:\n  host: db.example.com\n  user: app\n  {k}: {v}\n",
    "json": lambda k, v: json.dumps({"service": "billing", "config": {"user": "app", k: v}}, ensure_ascii=False),
    "k8s env yaml": lambda k, v: _k8s_yaml(k.upper(), v),
    "ecs task definition": lambda k, v: _ecs(k.upper(), v),
    "terraform state": _tfstate,
    "php define": lambda k, v: f"<?php\ndefine('DB_HOST', 'db.example.com');\ndefine('DB_{k.upper()}', '{v}');\n",
    "js const": lambda k, v: f"const host = 'db.example.com';\nconst {k} = \"{v}\";\n",
    "java properties": lambda k, v: f"spring.datasource.url=jdbc:postgresql://db.example.com/app\nspring.datasource.{k}={v}\n",
    "go struct": lambda k, v: f"cfg := Config{{\n\tHost: \"db.example.com\",\n\t{k.capitalize()}: \"{v}\",\n}}",
    "ruby": lambda k, v: f"config.host = 'db.example.com'\nconfig.{k} = '{v}'\n",
    "python dict": lambda k, v: f"{{'host': 'db.example.com', '{k}': '{v}', 'port': 5432}}",
    "ini": lambda k, v: f"[database]\nhost = db.example.com\n{k} = {v}\n",
    "toml": lambda k, v: f"[database]\nhost = \"db.example.com\"\n{k} = \"{v}\"\n",
    "xml element": lambda k, v: f"<config><host>db.example.com</host><{k}>{v}</{k}></config>",
    "xml appsettings": lambda k, v: f"<appSettings>\n  <add key=\"{k}\" value=\"{v}\" />\n</appSettings>",
    "csv column": _csv,
    "ascii table": _table,
    "json escaped": lambda k, v: json.dumps({"job": "deploy", "payload": json.dumps({"user": "app", k: v}, ensure_ascii=False)},
                                            ensure_ascii=False),
    "url encoded": lambda k, v: f"GET /login?user=app&{quote(k)}={quote(v, safe='')}&next=%2Fhome HTTP/1.1",
    "http header": lambda k, v: f"> GET /v1/orders HTTP/1.1\n> Host: api.example.com\n> X-{k.replace('_', '-')}: {v}\n> Accept: */*\n",
    "traceback locals": lambda k, v: f"Traceback (most recent call last):\n  File \"app.py\", line 12, in connect\n"
                                     f"    conn = db.connect(host, {k}='{v}')\nConnectionError: refused",
    "notebook output": lambda k, v: json.dumps({"cell_type": "code", "outputs": [{"output_type": "stream", "name": "stdout",
                                                "text": ["loaded settings\n", f"{k} = {v}\n"]}]}, ensure_ascii=False),
}

# Credential formats that carry no key name, or whose name is a value.
def _unkeyed(r: random.Random) -> dict[str, tuple[str, str]]:
    pw, user = _pw(r).replace(":", "x").replace("@", "x"), "svc_" + _alnum(r, 5).lower()
    tok = _alnum(r, 32)
    auth = base64.b64encode(f"{user}:{pw}".encode()).decode()
    return {
        "pgpass": (f"db.example.com:5432:app:{user}:{pw}\n*:*:*:replica:{pw}x", pw),
        "netrc": (f"machine api.example.com\n  login {user}\n  password {pw}\n", pw),
        "docker auths": (json.dumps({"auths": {"registry.example.com": {"auth": auth}}}), auth),
        "docker auths password": (json.dumps({"auths": {"ghcr.io": {"username": user, "password": pw}}}), pw),
        "oracle user/password@host": (f"sqlplus {user}/{pw}@db.example.com:1521/ORCL", pw),
        "postgres url": (f"DATABASE_URL=postgres://{user}:{pw}@db.example.com:5432/app", pw),
        "mongodb srv": (f"mongodb+srv://{user}:{pw}@cluster0.example.mongodb.net/test", pw),
        "redis url": (f"REDIS_URL=redis://:{pw}@cache.example.com:6379/0", pw),
        "ado connection string": (f"Server=tcp:sql.example.com,1433;Database=app;User ID={user};Password={pw};Encrypt=True;", pw),
        "git remote -v": (f"origin\thttps://{user}:{tok}@github.com/acme/app.git (fetch)\norigin\thttps://{user}:{tok}@github.com/acme/app.git (push)", tok),
        "curl -v bearer": (f"* Connected to api.example.com\n> GET /v1/me HTTP/2\n> authorization: Bearer {tok}\n> user-agent: curl/8.5.0\n", tok),
        "basic auth header": (f"Authorization: Basic {auth}", auth),
        "k8s secret data": (f"apiVersion: v1\nkind: Secret\ntype: Opaque\ndata:\n  username: {base64.b64encode(user.encode()).decode()}\n"
                            f"  password: {base64.b64encode(pw.encode()).decode()}\n", base64.b64encode(pw.encode()).decode()),
        "k8s env json": (json.dumps({"env": [{"name": "DB_HOST", "value": "db"}, {"name": "DB_PASS", "value": pw}]}), pw),
        "ssm parameters": (json.dumps({"Parameters": [{"Name": "/prod/db/password", "Type": "SecureString", "Value": pw}]}), pw),
        "cloudformation parameters": (json.dumps([{"ParameterKey": "DbPassword", "ParameterValue": pw}]), pw),
        "wrapped token": (f"token:\n  {tok[:20]}\n  {tok[20:]}\n", tok[:20]),
        "wrapped jwt": ("Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.\n  eyJzdWIiOiI" + _alnum(r, 30) + ".\n  " + _alnum(r, 43),
                        "eyJzdWIiOiI"),
    }


def _secret_cases() -> list[SecretCase]:
    out: list[SecretCase] = []
    for fmt, render in KEYED.items():
        for names in (PASSWORD_NAMES, API_KEY_NAMES, TOKEN_NAMES):
            for lang, key in names.items():
                r = _rng(f"{fmt}/{lang}/{key}")
                value = _pw(r) if names is PASSWORD_NAMES else _alnum(r, 32)
                if (hash(fmt + lang + key) & 0) or r.random() < 0.55:  # a deterministic sample of the product
                    continue
                raw = render(key, value)
                out.append(SecretCase(f"{fmt} / {lang} {key}", raw, (value,) if fmt != "url encoded" else (value, quote(value, safe="")),
                                      True, fmt, lang))
    for seed in range(3):
        r = _rng(f"unkeyed/{seed}")
        for fmt, (raw, value) in _unkeyed(r).items():
            out.append(SecretCase(f"{fmt} #{seed}", raw, (value,), True, fmt))
        for vendor, token in vendor_tokens(r).items():
            prose = [f"Deployed with {token} at 10:02.", json.dumps({"result": "ok", "used": token}),
                     f"export SOME_VAR={token}"][seed]
            out.append(SecretCase(f"{vendor} token #{seed}", prose, (token,), True, f"vendor {vendor}"))
    return out


EXAMPLES = {  # documented example values and placeholders: shown as they are
    "aws docs key id": "AKIAIOSFODNN7EXAMPLE", "aws docs secret": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "x placeholder stripe": "sk_live_xxxxxxxxxxxxxxxxxxxxxxxx", "x placeholder github": "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "angle placeholder": "<YOUR_API_KEY>", "your key here": "your-api-key-here", "env reference": "${DB_PASSWORD}",
    "helm reference": "{{ .Values.db.password }}", "github actions secret": "${{ secrets.NPM_TOKEN }}",
    "masked": "********", "redacted": "[REDACTED]", "percent var": "%API_TOKEN%", "dollar var": "$API_TOKEN",
    "replace me": "REPLACE_ME", "changeit marker": "<password>", "os environ": "os.environ['API_KEY']",
    "process env": "process.env.STRIPE_SECRET", "xxx short": "xxxx-xxxx-xxxx", "example word": "example-token",
    "dummy": "dummy", "test placeholder": "test_password_placeholder",
}
PUBLIC = {  # public keys and certificates: meant to be shown
    "ssh ed25519 public": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHfDqN2o7FJ8sTqJ3kP0zq9XbW1r5m8c2Vd4Ly6tQ9eA dana@laptop",
    "ssh rsa public": "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7vbqajDhA1u2qZl3tMZfCkP5Z4m9s7Q dana@host",
    "pem public key": "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEqD9qK2mL7n5dXvWZ2sT4p8rJc1F0\n-----END PUBLIC KEY-----",
    "certificate": "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUHk2n3ZcJqY9vJ2kB5wT6o8sXq4EwCgYIKoZIzj0EAwIw\n-----END CERTIFICATE-----",
    "stripe publishable": "pk_live_51HqZcTLkdIwHu7ix0ab12CdEf34GhIj56",
    "jwks public": '{"kty": "RSA", "e": "AQAB", "n": "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw", "kid": "2011-04-29"}',
    "age public recipient": "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p",
}
NOT_SECRET = {  # hashes, ids, UI strings, counters that sit beside secret words
    "sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "git sha": "3f2a9c1b7e4d5a6f8b9c0d1e2f3a4b5c6d7e8f90", "image digest": "sha256:4bc453b53cb3d914b45f4b250294236adba2c0e09ff6f03793949e7e39fd4cc1",
    "uuid": "3fa85f64-5717-4562-b3fc-2c963f66afa6", "npm integrity": "sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+",
    "show password ui": "Show password", "forgot password ui": "Forgot password?", "password rule": "Password must be at least 12 characters",
    "token expired": "Token expired, sign in again", "enter api key": "Enter your API key to continue",
}


def _lookalike_cases() -> list[SecretCase]:
    out: list[SecretCase] = []
    for group, values in (("example", EXAMPLES), ("public key", PUBLIC), ("not secret", NOT_SECRET)):
        for name, value in values.items():
            key = "api_key" if group == "example" else "public_key" if group == "public key" else "note"
            for i, raw in enumerate((json.dumps({key: value, "service": "billing"}),
                                     f"{key.upper()}={value}" if "\n" not in value else f"{key}:\n{value}",
                                     f"Docs: set the key, e.g. {value}, in your settings.",
                                     f"settings:\n  {key}: {json.dumps(value)}\n  region: eu-west-1\n",
                                     json.dumps({"items": [{"name": key.upper(), "value": value}]}))):
                out.append(SecretCase(f"{name} #{i}", raw, (value,), False, f"{group}: {name}"))
    creds = {"created_at": "2024-03-01T10:00:00Z", "expires_at": "2025-03-01", "rotation_days": 90, "count": 3,
             "type": "service_account", "last_used_ip": "203.0.113.7", "scopes": ["read:orders"], "provider": "okta"}
    for k, v in creds.items():
        for i, raw in enumerate((json.dumps({"credentials": {k: v}}), json.dumps({"credentials": [{k: v, "id": 7}]}),
                                 json.dumps({"user": "dana", "credential_info": {k: v}}),
                                 json.dumps({"secrets": {"db": {k: v}}}), f"credentials:\n  {k}: {json.dumps(v)}\n")):
            out.append(SecretCase(f"credentials.{k} #{i}", raw, (str(v) if not isinstance(v, list) else v[0],), False,
                                  f"under credentials: {k}"))
    for k, v in {"password_last_changed": "2024-05-01", "password_min_length": "12", "token_type": "Bearer",
                 "max_tokens": "4096", "secret_name": "prod/db", "token_count": "1532", "password_expired": "false",
                 "api_key_last4": "7f3a", "auth_method": "oauth2", "session_timeout": "1800",
                 "secretKeyRef": "db-credentials"}.items():
        out.append(SecretCase(f"field {k}", json.dumps({k: v if not v.isdigit() else int(v)}), (v,), False, f"field {k}"))
    return out


def _ui_strings() -> list[SecretCase]:
    """UI and help text that names passwords in 32 languages (phrases.py): nothing to hide."""
    from tests.adapters.corpora.phrases import PHRASES
    out = []
    for lang, phrases in PHRASES.items():
        for kind in ("show_password", "reset_mail"):
            text = phrases[kind]
            for i, raw in enumerate((json.dumps({"label": text}, ensure_ascii=False), f"<button>{text}</button>")):
                out.append(SecretCase(f"ui {kind} {lang} #{i}", raw, (text,), False, f"ui string: {kind}", lang))
    return out


def cases() -> list[SecretCase]:
    return [*_secret_cases(), *_lookalike_cases(), *_ui_strings()]
