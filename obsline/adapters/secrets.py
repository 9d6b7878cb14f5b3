"""Secrets in tool results: what is hidden from the model, and how it is found.

Two sources of rules, behind one cheap pre-scan:
- detect-secrets' plugins (Yelp, maintained): their compiled patterns for AWS, Azure, GitHub,
  GitLab, Slack, Stripe, Twilio, OpenAI, SendGrid, npm, PyPI, Mailchimp, Square keys, JWTs
  (with the plugin's own validity check), private keys, basic-auth URLs, its keyword detector
  and its Shannon-entropy measure. Calling every plugin on every value costs ~190 us a
  record on the tau dev traces (more than the whole pipeline), so they run only on values a
  literal pre-scan has flagged (docs/design.md, Secrets).
- our own rules for what it lacks: secret-named keys by pattern (in JSON keys, ``key=value``,
  headers and env dumps), URL userinfo, connection strings, bearer tokens, Google API keys,
  and internal addresses (private IPv4, localhost, IPv6 loopback/link-local/ULA, ``*.internal``,
  ``*.local``, ``*.svc.cluster.local``).

A hidden value becomes a *placeholder* derived from its content (``[secret:token#<digest>]``),
so the adapt stage stays pure and memoisable; the observe stage names placeholders per task
(``[secret:token-1]``, sinks/handles.py) and the sinks keep the values (sinks/vault.py).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import ipaddress
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, cast
from urllib.parse import quote, quote_plus, unquote_plus

from ahocorasick_rs import AhoCorasick
from detect_secrets.plugins import keyword as keyword_plugin
from detect_secrets.plugins.aws import AWSKeyDetector
from detect_secrets.plugins.azure_storage_key import AzureStorageKeyDetector
from detect_secrets.plugins.base import RegexBasedDetector
from detect_secrets.plugins.basic_auth import BasicAuthDetector
from detect_secrets.plugins.github_token import GitHubTokenDetector
from detect_secrets.plugins.gitlab_token import GitLabTokenDetector
from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString, HexHighEntropyString
from detect_secrets.plugins.jwt import JwtTokenDetector
from detect_secrets.plugins.keyword import KeywordDetector
from detect_secrets.plugins.mailchimp import MailchimpDetector
from detect_secrets.plugins.npm import NpmDetector
from detect_secrets.plugins.openai import OpenAIDetector
from detect_secrets.plugins.private_key import PrivateKeyDetector
from detect_secrets.plugins.pypi_token import PypiTokenDetector
from detect_secrets.plugins.sendgrid import SendGridDetector
from detect_secrets.plugins.slack import SlackDetector
from detect_secrets.plugins.square_oauth import SquareOAuthDetector
from detect_secrets.plugins.stripe import StripeDetector
from detect_secrets.plugins.twilio import TwilioKeyDetector

from obsline.adapters import prefilter, secret_blocks, secret_rules, secret_scan, secret_structure
from obsline.adapters.anchored import Anchor, Patterns, hits_in_each, index_text, none_holds_apart
from obsline.adapters.injection_signals import fold
from obsline.adapters.prescan_result import GATE_NO_LITERAL, GATE_PREFIXED, GATE_SEGMENTED

if TYPE_CHECKING:
    from obsline.adapters.prescan_result import Prescan

PLACEHOLDER = re.compile(r"\[secret:([a-z0-9_]+)#([0-9a-f]{16})\]")
PLACEHOLDER_MARK = "[secret:"


def digest(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def placeholder(kind: str, value: str) -> str:
    """The content-derived stand-in for a hidden value (named per task later)."""
    return f"[secret:{kind}#{digest(value)}]"


# ----------------------------------------------------------------------------- key names

_PASSWORD_WORDS = secret_structure.PASSWORD_WORDS
_KEY_KINDS = (  # (pattern on the lowered key, kind); the first match names the kind
    (re.compile(r"private[-_ ]?key"), "private_key"),
    (re.compile(rf"pass(?:word|wd|phrase)|contrase[nñ]a|(?:^|[-_.])(?:pwd|pass)$|^db_?pass|{_PASSWORD_WORDS}"), "password"),
    (re.compile(r"authorization"), "authorization"),
    (re.compile(r"cookie"), "cookie"),
    (re.compile(r"(?:^|[-_.])dsn(?:$|[-_.])"), "dsn"),
    (re.compile(r"api[-_ ]?key|apikey|(?:access|account|shared[-_]?access|auth|service|client|secret)[-_]?key"
                r"|api[-_ ]?(?:schlussel|sleutel|nyckel|anahtari?|キー|키)|(?:cle|clave|chave|klucz|ключ|chiave)[-_ ]?api"
                r"|密钥|密鑰|秘钥"), "api_key"),
    (re.compile(r"secret|geheim|secreto|segredo|sekret|секрет|segreto|秘密|机密"), "secret"),
    (re.compile(r"token|токен|令牌|トークン|토큰|jeton"), "token"),
    (re.compile(r"credential"), "credential"),
    (re.compile(r"session[-_]?(?:id|key)$|^sessionid$"), "session"),
)
# Names that contain a keyword but say something about the secret, not the secret itself
# (``token_type: Bearer``, ``max_tokens: 1000``, ``secret_name``, ``password_expired``).
_NOT_SECRET_KEY = re.compile(
    r"tokens|tokeniz|(?:^|[-_.])(?:type|types|count|kind|expires?|expires?_?(?:in|at)|expiry|expiration|ttl|length|len|"
    r"limit|url|uri|endpoint|path|file|name|names|hint|policy|policies|required|enabled|status|scope|scopes|format|"
    r"version|source|usage|used|budget|rotation|rotated|last_?4|present|provider|label|description|field|fields|"
    r"header|prefix|suffix|location|manager|store|arn|ref|reset|changed|updated_at|created_at|age|strength|"
    r"min|max|mode|method|algorithm|alg|id_hint|set|valid|expired|length_min|question"
    # a quantity about the secret, in its unit (``password_max_age_days``, ``token_lifetime_seconds``)
    r"|days|hours|minutes|seconds|secs|ms|attempts|retries|tries|times|chars|characters|digits|bytes|bits"
    r"|size|history|threshold|interval|timeout|lifetime|duration|window)$|^pwd$|^oldpwd$"
    r"|public|pub_?key|keyref|secretref|secret_?name|_ref$|last_?(?:4|four|used|changed|rotated)"
    # the same words of a policy in other languages (``Passwort-Mindestlänge``, ``longueur_mot_de_passe``,
    # ``longitud_minima_contraseña``: before the secret's word as well as after it)
    r"|(?:^|[-_. (])(?:mindest|maximal|\w*lange\b|laenge|ablauf|gultig|tage\b|richtlinie|versuche|longueur|expiration|jours"
    r"|politique|tentatives|longitud|caducidad|vencimiento|dias\b|politica|intentos|comprimento|validade|expiracao"
    r"|tentativas|lunghezza|scadenza|giorni|tentativi|lengte|verloop|dagen|beleid|pogingen|длина|срок|дней|политик"
    r"|попыт|dlugosc|waznosc|dni\b|polityk)|長さ|有効期限|日数|ポリシー|文字数|长度|有效期|天数|策略"
)


def _fold(key: str) -> str:
    lowered = key.lower()
    return lowered if lowered.isascii() else fold(lowered)


def secret_key_kind(key: str) -> str | None:
    """The kind of secret a field of this name holds, or None when the name says nothing."""
    lowered = _fold(key)
    if not _has_key_word(lowered) or _NOT_SECRET_KEY.search(lowered):
        return None
    for pattern, kind in _KEY_KINDS:
        if pattern.search(lowered):
            return kind
    return None


def is_secret_key(key: str) -> bool:
    return secret_key_kind(key) is not None


_KEY_WORDS = ("pass", "pwd", "secret", "token", "key", "authorization", "cookie", "dsn", "credential",
              "session", "contrase", "kennw", "senha", "hasl", "парол", "parol", "wachtw", "losen", "heslo", "jelsz",
              "salasan", "adgangsk", "sandi", "khau", "密", "パスワード", "비밀", "암호", "كلمة", "पासवर्ड", "sifr", "κωδικ",
              "lykilord", "adgangsord", "fjalekalim", "პაროლ", "գաղտնաբառ", "pasahitz", "cyfrinair", "pasfhocal", "parool",
              "salasona", "slaptazod", "лозинк", "нууц", "құпия", "পাসওয়ার্ড", "கடவுச்சொல்", "పాస్వర్డ్", "പാസ്വേഡ്",
              "ಪಾಸ್ವರ್ಡ್", "પાસવર્ડ", "ਪਾਸਵਰਡ", "รหัสผ่าน", "ລະຫັດຜ່ານ", "ពាក្យសម្ងាត់", "စကားဝှက်", "මුරපදය", "የይለፍ",
              "گذرواژه", "پاس", "laluan", "phasiwedi", "wagwoord", "contrasinal", "pasvorto", "sirri", "siri",
              "code", "zugangsc", "toegangsc", "acceso", "dostepu", "패스워드", "口令", "暗証", "パスコード", "сырсөз", "loyniord",
              "okwuntughe", "гузарвожа", "ijambo", "psk", "wpa",
              "סיסמ", "رمز", "nenosiri", "lozink", "geslo", "geheim", "secreto", "segredo", "sekret", "секрет", "segreto",
              "clave", "chave", "cle_", "cle-", "cleapi", "klucz", "ключ", "chiave", "sleutel", "nyckel", "anahtar", "schlussel", "キー", "키",
              "токен", "令牌", "トークン", "토큰", "jeton", "机密", "tenimiafina", "kontrasenya", "passwuert", "wachtwurd",
              "facal", "tremen", "pasiwedhi", "phasewete", "lokugqitha", "kupuhipa", "sandhi", "پټنوم", "sirta", "passagg")


def _has_key_word(lowered: str) -> bool:
    for word in _KEY_WORDS:
        if word in lowered:
            return True
    return False


# Weak names: a value under them is hidden only when it looks random (high entropy).
_WEAK_KEY = re.compile(r"(?:^|[-_.])(?:key|sig|signature|hmac|otp|nonce|salt|auth)$")
_B64_ENTROPY = Base64HighEntropyString()
_HEX_ENTROPY = HexHighEntropyString()
_B64_CHARS = re.compile(r"[A-Za-z0-9+/=_-]{20,}")
_HEX_CHARS = re.compile(r"[0-9a-fA-F]{32,}")
_PREFIXED_HEX = re.compile(r"[a-z][a-z0-9]{1,7}(?:_[a-z0-9]{1,4})?[_-][0-9a-fA-F]{32,}(?:_[0-9a-fA-F]{4,})?")


_ENCODING_PREFIX = re.compile(r"(?i)^(?:base64|b64|hex):")  # Laravel's ``APP_KEY=base64:...``, Symfony's ``hex:``


def looks_random(value: str) -> bool:
    """detect-secrets' entropy measure, at its default limits (4.5 base64, 3.0 hex), of the value
    after an encoding's name, when one leads it."""
    if ":" in value[:7]:
        value = _ENCODING_PREFIX.sub("", value, count=1)
    if _HEX_CHARS.fullmatch(value):
        return _HEX_ENTROPY.calculate_shannon_entropy(value) > _HEX_ENTROPY.entropy_limit
    if _PREFIXED_HEX.fullmatch(value):  # (``lsv2_pt_<hex>_<hex>``: a vendor's prefix before a random hex body)
        return _HEX_ENTROPY.calculate_shannon_entropy(max(_HEX_CHARS.findall(value), key=len)) > _HEX_ENTROPY.entropy_limit
    return (_B64_CHARS.fullmatch(value) is not None
            and _B64_ENTROPY.calculate_shannon_entropy(value) > _B64_ENTROPY.entropy_limit)


_PLAIN_VALUE = re.compile(
    r"\d{4}-\d\d-\d\d(?:[T ][\d:.]+(?:Z|[+-]\d\d:?\d\d)?)?|\d+(?:\.\d+)?"
    r"|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?:\d{1,3}\.){3}\d{1,3}", re.IGNORECASE)
# Children of a ``credentials`` or ``secrets`` field that describe the secret, not hold it.
_META_KEY = re.compile(r"(?:^|[-_.])(?:type|kind|count|created|updated|expires?|expiry|expiration|rotation|days|ttl|age"
                       r"|last|name|id|provider|scopes?|region|url|uri|host|port|user(?:name)?|email|description|label"
                       r"|status|enabled|version|algorithm|format|issuer|audience)(?:$|[-_.])|_(?:at|on|ip)$")


def looks_secret_value(key: str, value: str) -> bool:
    """A child string of a secret-named container that holds the secret: its name does not
    describe it (``created_at``, ``type``, ``scopes``), and it is not a date, a number, a UUID, an
    address, an example or a public key."""
    v = value.strip()
    if _META_KEY.search(_fold(key)) or not v or _PLAIN_VALUE.fullmatch(v) or secret_structure.shown_as_is(v):
        return False
    return True


# Kinds a machine makes (a token, an API key, a session id): never a short word in a word's case.
# ``semi_token: Some(`` and ``struct_token: Struct`` in a parser's debug output are type names;
# a password may be a word, so its kind is not here.
_MACHINE_KINDS = frozenset({"token", "api_key", "session"})
_WORD_VALUE = re.compile(r"[A-Z]?[a-z]{1,11}[({]?")


def names_a_word(kind: str, value: str) -> bool:
    return kind in _MACHINE_KINDS and _WORD_VALUE.fullmatch(value) is not None


def value_key_kind(key: str, value: str) -> str | None:
    """The kind to hide a string under, judged by its field name (and for weak names, its looks)."""
    kind = secret_key_kind(key)
    if kind is not None:
        return None if names_a_word(kind, value.strip()) else kind
    if key.lower() == "auth" and secret_structure.userinfo_in_base64(value):
        return "password"  # docker's config.json ``auths``: base64 of user:password
    if _WEAK_KEY.search(key.lower()) and looks_random(value):
        return "secret"
    return None


# ----------------------------------------------------------------------------- in text

@dataclass(frozen=True, slots=True)
class Span:
    start: int
    end: int
    kind: str


def _plugin(detector: type[RegexBasedDetector], kind: str, group: int = 0) -> list[tuple[re.Pattern[str], str, int]]:
    # each plugin sets it as a class attribute; the base class declares an instance property
    patterns = cast("Iterable[re.Pattern[str]]", detector.denylist)
    return [(p, kind, group) for p in patterns]


_AWS = list(AWSKeyDetector.denylist)
# detect-secrets' compiled patterns, with the group holding the secret where the plugin has one.
_PLUGIN_PATTERNS: list[tuple[re.Pattern[str], str, int]] = [
    (_AWS[0], "aws_key", 0), (_AWS[1], "aws_secret", 1),
    *_plugin(AzureStorageKeyDetector, "azure_key"), *_plugin(GitHubTokenDetector, "github_token"),
    *_plugin(GitLabTokenDetector, "gitlab_token"), *_plugin(SlackDetector, "slack_token"),
    *_plugin(StripeDetector, "stripe_key"), *_plugin(TwilioKeyDetector, "twilio_key"),
    *_plugin(OpenAIDetector, "openai_key"), *_plugin(SendGridDetector, "sendgrid_key"),
    *_plugin(NpmDetector, "npm_token", 1), *_plugin(PypiTokenDetector, "pypi_token"),
    *_plugin(MailchimpDetector, "mailchimp_key"), *_plugin(SquareOAuthDetector, "square_token"),
    (BasicAuthDetector.denylist[0], "password", 1),
]
_JWT = JwtTokenDetector.denylist[0]
_JWT_TAIL = re.compile(r"[A-Za-z0-9_-]*")
_KEYWORD = KeywordDetector()
_PRIVATE_HEADERS = PrivateKeyDetector.denylist

# What detect-secrets lacks or matches too narrowly for tool output.
_OWN_PATTERNS: list[tuple[re.Pattern[str], str, int]] = [
    (re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?"
                r"(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\Z)"), "private_key", 0),
    (re.compile(r"\bAIza[0-9A-Za-z_-]{35}"), "gcp_key", 0),
    (re.compile(r"\bya29\.[0-9A-Za-z_-]{20,}"), "gcp_token", 0),
    (re.compile(r"\bgithub_pat_[A-Za-z0-9_]{22,}"), "github_token", 0),
    (re.compile(r"\bgh[pousr]_[A-Za-z0-9_]{20,}"), "github_token", 0),
    (re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}"), "gitlab_token", 0),
    (re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}"), "slack_token", 0),
    (re.compile(r"\b(?:sk|rk)_(?:live|test)_[0-9a-zA-Z]{16,}"), "stripe_key", 0),  # (pk_: publishable, public)
    (re.compile(r"\bsk-(?:live-|test-|proj-|ant-(?:api\d\d-)?)?[A-Za-z0-9_-]{20,}"), "api_key", 0),
    (re.compile(r"\bAKIA[0-9A-Z]{16}\b"), "aws_key", 0),
    (re.compile(r"\bNRAK-[A-Z0-9]{27}\b"), "newrelic_token", 0),
    # a PuTTY key file's private part (.ppk, any version: detect-secrets knows version 2's header
    # only): the base64 lines "Private-Lines: N" counts (the public lines and the comment stay)
    (re.compile(r"Private-Lines:[ \t]*\d+[ \t]*\r?\n((?:[A-Za-z0-9+/]+={0,2}[ \t]*\r?\n)*[A-Za-z0-9+/]+={0,2})(?=[ \t]*(?:\r?\n|\Z))"), "private_key", 1),  # (gitleaks wants the word "new relic" beside it)
    # a Telegram bot's token in its API URL's path (gitleaks wants the word "telegram" assigned beside it)
    (re.compile(r"/bot(\d{5,16}:A[A-Za-z0-9_-]{34})(?![\w-])"), "telegram_token", 1),
    # userinfo of any URL: scheme://user:password@host (a password may be empty: nothing to hide;
    # a scheme has at most 32 characters, so the pattern is run only where "://" stands)
    # (a password typed into a URL unencoded keeps its "#" or "?": the "@" after it ends it)
    (re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.-]{0,31}://[^\s:/?#@\"'<>]*:([^\s/@\"'<>]+)@"), "password", 1),
    # a key pair written right after the endpoint it opens (``mc alias set NAME URL ACCESS SECRET``,
    # S3 and MinIO clients' positional forms): an access key id (capitals and digits) and a secret
    # of 30+ characters in every case and a digit (a hex digest has one case: it stays)
    (re.compile(r"\bhttps?://[^\s\"'<>]+[ \t]+(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{16,40}[ \t]+"
                r"((?=[A-Za-z0-9/+=]*[a-z])(?=[A-Za-z0-9/+=]*[A-Z])(?=[A-Za-z0-9/+=]*\d)[A-Za-z0-9/+=]{30,64})(?![^\s\"'])"),
     "secret", 1),
    # Authorization schemes wherever they stand
    (re.compile(r"(?i)\bbearer\s+([A-Za-z0-9._~+/=-]*[0-9._~+/=-][A-Za-z0-9._~+/=-]*)"), "token", 1),
    (re.compile(r"(?i)\bbasic\s+([A-Za-z0-9+/]{8,}={0,2})(?![\w+/=])"), "password", 1),
]

# key=value, key: value, "key": "value", export KEY=value, header lines. The key is checked
# with ``secret_key_kind``; the value is a quoted string, the rest of a header line, or a word.
_ASSIGNMENT = re.compile(
    rf"""(?P<key>[^\W\d][\w.\-{secret_structure.NAME_MARKS}]*)["']?[ \t]*(?P<sep>:=|=>|=|:)(?!//)[ \t]*"""
    r"""(?P<scheme>(?i:bearer|basic|token|digest|bot)[ \t]+)?"""
    r"""(?:"(?P<dq>[^"\n]*)"|'(?P<sq>[^'\n]*)'|(?P<bare>[^\s"',<>)}\]][^\s"'&;,<>)}\]]*))"""
)
_TRIVIAL = frozenset({"", "true", "false", "null", "none", "nil", "undefined", "-", "*", "***", "[redacted]",
                      "redacted", "<redacted>", "required", "optional", "yes", "no"})

# Internal addresses (seed 000: never shown to the model).
_PRIVATE_IPV4 = re.compile(
    r"(?<![\w.])(?:10|127|192\.168|172\.(?:1[6-9]|2\d|3[01])|169\.254)(?:\.\d{1,3}){2,3}(?![\w]|\.\d)")
_IPV6 = re.compile(r"(?i)(?<![\w:.])(?:(?:fe80|f[cd][0-9a-f]{2}):[0-9a-f:]*[0-9a-f]|::1)(?:%[\w.]+)?(?![\w:])")
_INTERNAL_HOST = re.compile(
    r"(?i)(?<![\w.-])(?:localhost|(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+"
    r"(?:internal|local|localdomain|svc\.cluster\.local|svc|corp|intranet))(?![\w-]|\.\w|\()")


def _valid_internal_ip(text: str) -> bool:
    try:
        address = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return False
    return address.is_private or address.is_loopback or address.is_link_local


def _valid_basic(token: str) -> bool:
    try:
        decoded = base64.b64decode(token + "=" * (-len(token) % 4), validate=True).decode("utf-8")
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return False
    return ":" in decoded and decoded.isprintable()


# Literal triggers: every rule above contains one of these (lowered), so a text without any
# cannot hold a secret or an internal address and skips the patterns. A key word confirms
# only when the name it stands in is secret-named and a separator follows (``"api_key":``,
# ``DB_PASSWORD=``), which the lowered text tells without a regex over all of it; the
# other triggers confirm by the value patterns. The Twilio and Mailchimp patterns have no
# literal: ``_no_literal`` checks them on texts with their capitals or "-us".
KEY_TRIGGERS = ("pwd", "secret", "token", "key", "auth", "sig", "hmac", "nonce", "salt", "otp", "cookie", "dsn",
                "credential", "session", "contrase", "pass")
# The other languages' words (as written: lowered, diacritics kept) and credential formats that
# carry no key word (``.netrc``, ``.pgpass``, Oracle, PHP ``define``, XML ``<add key=``).
WORD_TRIGGERS = ("kennw", "senha", "hasł", "hasl", "парол", "parol", "wachtw", "lösen", "losen", "heslo", "jelsz",
                 "salasan", "adgangsk", "sandi", "khẩu", "khau", "密码", "密碼", "密钥", "密鑰", "パスワード", "비밀", "암호", "كلمة",
                 "पासवर्ड", "şifr", "sifr", "lykilorð", "lykilord", "aðgangsorð", "fjalëkalim", "fjalekalim", "პაროლ", "գաղտնաբառ",
                 "pasahitz", "cyfrinair", "pasfhocal", "parool", "salasõna", "slaptažod", "slaptazod", "лозинк", "нууц", "құпия",
                 "পাসওয়ার্ড", "கடவுச்சொல்", "పాస్", "പാസ്", "ಪಾಸ್", "પાસવર્ડ", "ਪਾਸਵਰਡ", "รหัสผ่าน", "ລະຫັດຜ່ານ", "ពាក្យសម្ងាត់",
                 "စကားဝှက်", "මුරපදය", "የይለፍ", "گذرواژه", "پاس ورڈ", "laluan", "phasiwedi", "wagwoord", "contrasinal", "pasvorto",
                 "kalmar sirri", "kalmar_sirri",
                 "passcode", "access_code", "access-code", "accesscode", "zugangscode", "toegangscode", "palavra-passe", "palavra_passe",
                 "패스워드", "口令", "暗証", "パスコード", "сырсөз", "loyniorð", "okwuntughe", "гузарвожа", "ijambo", "psk=", "psk:", "passphrase", "κωδικ", "סיסמ", "رمز", "nenosiri", "geheim", "secreto", "segredo", "sekret",
                 "секрет", "segreto", "clave", "chave", "klucz", "ключ", "chiave", "sleutel", "nyckel", "anahtar", "schlüssel",
                 "schlussel", "キー", "키", "токен", "令牌", "トークン", "토큰", "jeton", "cle_", "cle-", "clé",
                 # every word of _KEY_WORDS that is a key name alone has its trigger (tests/adapters/test_secret_word_values.py)
                 "adgangsord", "salasona", "loyniord", "lozink", "geslo", "tenimiafina", "kontrasenya", "passwuert",
                 "wachtwurd", "facal", "tremen", "pasiwedhi", "phasewete", "lokugqitha", "kupuhipa", "sandhi", "پټنوم", "sirta",
                 "passaġġ", "passagg")
STRUCTURE_TRIGGERS = ("nrak-", "machine ", "define(", "sqlplus", "wifi:", "connection(", "login(", "credential(", "<add key", ":5432:", ":*:", ":3306:", ";pwd", "; pwd",
                      *secret_structure.CLI_TRIGGERS, *secret_structure.MASK_TRIGGERS, *secret_structure.PROTOCOL_TRIGGERS,
                      *secret_structure.PRINTER_TRIGGERS)
WEBHOOK_TRIGGERS = ("/webhooks/", "/webhook/", "/hooks/", "/webhookb2/")
VALUE_TRIGGERS: tuple[str, ...] = (
    "bearer", "basic ", "://", "-----begin", "putty-user", "akia", "asia", "aiza", "ya29.", "ghp_", "gho_", "ghu_",
    "ghs_", "ghr_", "github_pat_", "glpat-", "glrt-", "gldt-", "xox", "hooks.slack", "k_live", "k_test", "sk-",
    "sg.", "pypi-", "sq0csp-", "eyj", "localhost", ".internal", ".local", ".svc", ".corp", ".intranet", "10.",
    "127.", "192.168.", "172.", "169.254.", "::", "/bot",
)
GITLEAKS_TRIGGERS = tuple(k for k in secret_rules.KEYWORDS if len(k) >= 3 and k not in VALUE_TRIGGERS + KEY_TRIGGERS)
VALUE_TRIGGERS = VALUE_TRIGGERS + WORD_TRIGGERS + STRUCTURE_TRIGGERS + WEBHOOK_TRIGGERS + GITLEAKS_TRIGGERS
TRIGGERS = KEY_TRIGGERS + VALUE_TRIGGERS
# All triggers in one pass (Aho-Corasick, ahocorasick-rs): ~10x a loop of ``in`` tests over
# 64 literals, and it says where each key word stands.
_AUTOMATON = AhoCorasick(list(TRIGGERS))
none_holds_apart(TRIGGERS, "secret triggers")
_KEYS = len(KEY_TRIGGERS)
_NO_LITERAL = re.compile(r"(?:AC|SK)[a-z0-9]{32}|[0-9a-z]{32}-us[0-9]{1,2}")
_NO_LITERAL_KEYED = re.compile(r"(?:AC|SK)[a-z0-9]{32}")  # (_no_literal: whether _NO_LITERAL matches, one branch each)
_NO_LITERAL_REGION = re.compile(r"-(?<=[0-9a-z]{32}-)us[0-9]{1,2}")
_AFTER_NAME = re.compile(r"[\w.\-]*[\"']?[ \t]*(?::=|=>|=|:)")


# Every pattern above, for the one literal pass of the fast scan (adapters/secret_scan.py). The
# address patterns' literals are given: the parse tree's first literal there is one digit or
# lies after any number of host labels.
_GIVEN_ANCHORS = {
    _PRIVATE_IPV4: Anchor.fixed("10.", "127.", "192.168.", "172.1", "172.2", "172.3", "169.254."),
    _IPV6: Anchor.fixed("fe80", "fc", "fd", "::1"),
    _INTERNAL_HOST: Anchor.gate("localhost", ".internal", ".local", ".svc", ".corp", ".intranet"),
    **{p: Anchor.gate(*ws) for p, ws in secret_structure.TEXT_FORM_GATES.items()},
}
_PATTERNS = Patterns([*(p for p, _, _ in _OWN_PATTERNS), *(p for p, _, _ in _PLUGIN_PATTERNS), _JWT, _NO_LITERAL,
                      _PRIVATE_IPV4, _IPV6, _INTERNAL_HOST, *secret_structure.TEXT_FORM_PATTERNS,
                      *(rule.pattern for rule in secret_rules.RULES)], _GIVEN_ANCHORS)


def _v6_hint(lowered: str, seen: Callable[[str], bool] | None = None) -> bool:
    """IPv6 link-local and unique-local addresses written out in full (no "::"). ``seen``:
    whether a word occurs in ``lowered``, when a pre-scan has found that already."""
    seen = lowered.__contains__ if seen is None else seen
    return ":" in lowered and (seen("fe80") or seen("fc") or seen("fd"))


@dataclass(frozen=True, slots=True)
class _Passes:
    """What the automata found in one text: the pattern literals (``Scan``'s ``found``), the
    triggers (non-overlapping, with where they stand) and gitleaks' rules whose keywords stand."""

    at: tuple[dict[int, list[tuple[int, int]]] | None]
    triggers: list[tuple[int, int]]
    rules: list[int]


def _passes(text: str, lowered: str, fast: bool) -> _Passes:
    index = index_text(text, lowered) if fast else None
    return _Passes((None if index is None else _PATTERNS.at(index, text),),
                   [(i, start) for i, start, _ in _AUTOMATON.find_matches_as_indexes(lowered)],
                   secret_rules.rules_for(lowered))


def _passes_all(texts: list[str]) -> list[_Passes]:
    """``_passes(text, text.lower(), True)`` of each text, each automaton run once over all of them."""
    lowered = [text.lower() for text in texts]
    indexes = [index_text(text, low) for text, low in zip(texts, lowered, strict=True)]
    indexed = [k for k, index in enumerate(indexes) if index is not None]
    at: list[dict[int, list[tuple[int, int]]] | None] = [None] * len(texts)
    for k, hits in zip(indexed, hits_in_each(_PATTERNS.automaton, [indexes[k] or "" for k in indexed], True), strict=True):
        at[k] = _PATTERNS.by_pattern(hits, texts[k])
    rules = [secret_rules.rules_of(hits) for hits in hits_in_each(secret_rules.AUTOMATON, lowered, True)]
    return [_Passes((a,), t, r) for a, t, r in zip(at, hits_in_each(_AUTOMATON, lowered), rules, strict=True)]


def _name_assigned_at(lowered: str, at: int, word_end: int) -> bool:
    """Whether the key word at ``at`` stands in a secret-named key followed by a separator."""
    start = at
    while start and _name_char(lowered[start - 1]):
        start -= 1
    end = word_end
    while end < len(lowered) and _name_char(lowered[end]):
        end += 1
    name = lowered[start:end]
    if secret_key_kind(name) is not None:
        return True  # a secret-named name as a word: a key, a header cell, an XML tag, a define(...)
    if _directive_opens_line(lowered, start, end):
        return True  # (``requirepass VALUE``: a directive, its name one word)
    return _WEAK_KEY.search(name) is not None and _AFTER_NAME.match(lowered, word_end) is not None


_DIRECTIVE_REST = re.compile(r"[ \t]+\S+[ \t]*\r?(?:\n|$)")


def _directive_opens_line(lowered: str, start: int, end: int) -> bool:
    """A one-word directive name at its line's start (after blanks), then one value to the line's end."""
    line_start = lowered.rfind("\n", 0, start) + 1
    return (not lowered[line_start:start].strip() and secret_structure.is_directive_name(lowered[start:end])
            and _DIRECTIVE_REST.match(lowered, end) is not None)


def _name_char(c: str) -> bool:
    return c.isalnum() or c in "_.-" or secret_structure.is_name_mark(c)  # (vowel signs are not alphanumeric)


def _no_literal(text: str, lowered: str, seen: Callable[[str], bool] | None = None) -> bool:
    seen = lowered.__contains__ if seen is None else seen
    # (_NO_LITERAL's two branches apart, each after its own literal; the "-us" one led by its "-",
    # the 32 characters before it a lookbehind: led by them, it tried 32 characters at every position)
    return (("AC" in text or "SK" in text) and _NO_LITERAL_KEYED.search(text) is not None) or (
        seen("-us") and _NO_LITERAL_REGION.search(text) is not None)


PRESCAN_WORDS = ("fe80", "fc", "fd", "-us")  # the words ``_v6_hint`` and ``_no_literal`` ask a pre-scan of


_TOKEN_PATTERNS = (*(p for p, _, _ in _OWN_PATTERNS), *(p for p, _, _ in _PLUGIN_PATTERNS), _JWT, *_PRIVATE_HEADERS)
_USERINFO = tuple(p for p, _, _ in _OWN_PATTERNS if "://" in p.pattern) + (BasicAuthDetector.denylist[0],)
# The patterns that confirm each value trigger: a raw full of URLs and numbers (shell output,
# logs) runs the address or userinfo patterns it needs, not every token pattern.
class _Searcher(Protocol):
    """What confirms a trigger: a compiled pattern, or a ``_Confirm``."""

    def search(self, raw: str, /) -> object: ...


class _Confirm:
    """A check with a pattern's ``search``: confirms a trigger by running a whole rule set."""

    def __init__(self, check: Callable[[str], object]) -> None:
        self.check = check

    def search(self, raw: str) -> object:
        return self.check(raw) or None


_BY_GITLEAKS = (_Confirm(secret_rules.find),)
_BY_STRUCTURE = (_Confirm(lambda raw: next(secret_structure.text_forms(raw, secret_key_kind), None)),)
_BY_WEBHOOK = (_Confirm(lambda raw: next(secret_structure.webhook_tokens(raw), None)),)
_ALWAYS = (_Confirm(lambda raw: True),)  # a secret word of another language: rare enough to scan
_CONFIRM_BY_TRIGGER: dict[int, tuple[_Searcher, ...]] = {
    TRIGGERS.index(t): (
        _TOKEN_PATTERNS if t == "nrak-"
        else _BY_STRUCTURE if t in STRUCTURE_TRIGGERS
        else _BY_WEBHOOK if t in WEBHOOK_TRIGGERS
        else _ALWAYS if t in WORD_TRIGGERS
        else _BY_GITLEAKS if t in GITLEAKS_TRIGGERS
        else (_PRIVATE_IPV4,) if t in ("10.", "127.", "192.168.", "172.", "169.254.")
        else (_IPV6,) if t == "::"
        else (_INTERNAL_HOST,) if t in ("localhost", ".internal", ".local", ".svc", ".corp", ".intranet")
        else _USERINFO if t == "://"
        else _TOKEN_PATTERNS)
    for t in VALUE_TRIGGERS
}


def may_hold_secrets(raw_text: str, lowered: str | None = None, prescan: Prescan | None = None) -> bool:
    """One scan of the raw: when False, no value of it needs hiding (the common case).
    ``prescan``: the raw's triggers, found with the other checks' (adapters/prescan.py)."""
    lowered = raw_text.lower() if lowered is None else lowered
    if prescan is None:
        # overlapping, as the shared pre-scan reads them: a key word inside a longer trigger counts
        matches, seen = _AUTOMATON.find_matches_as_indexes(lowered, overlapping=True), lowered.__contains__
    else:  # the matches overlap there: more of them, never fewer
        matches, seen = prescan.secret_matches, prescan.words.__contains__
    confirm: set[tuple[_Searcher, ...]] = set()
    for index, start, end in matches:
        if index >= _KEYS:
            confirm.add(_CONFIRM_BY_TRIGGER[index])
        elif not (index == _KEYS - 1 and lowered.startswith("passeng", start)) and _name_assigned_at(lowered, start, end):
            return True  # (tau's "passengers" are everywhere: not a key word)
    gates = -1 if prescan is None else prescan.gates  # (prescan_result.GATES: where a regex below cannot match)
    if gates & GATE_NO_LITERAL and _no_literal(raw_text, lowered, seen):
        return True
    if gates & (GATE_PREFIXED | GATE_SEGMENTED) and "_" in raw_text \
            and next(secret_structure.prefixed_tokens(raw_text), None) is not None:
        return True  # (a vendor token of a prefix nobody listed: ``hf_...``)
    if secret_structure.url_encoded(raw_text) and "%" in raw_text:
        decoded = unquote_plus(raw_text)  # (a key name can be percent-encoded: has%C5%82o=...)
        if decoded != raw_text and may_hold_secrets(decoded):
            return True
    if _v6_hint(lowered, seen):
        confirm.add((_IPV6,))
    for patterns in confirm:
        for pattern in _token_patterns_in(raw_text) if patterns is _TOKEN_PATTERNS else patterns:
            if pattern.search(raw_text) is not None:
                return True
    return False


# The token patterns' supersets in one Hyperscan database (adapters/prefilter.py): a raw with a
# trigger of theirs ("basic ", "bearer", "sk-") ran all 48 of them over the whole raw, one SRE pass
# each; one pass of the database says which can match at all, and only those run (none, mostly).
_TOKEN_GATE = prefilter.lazily(lambda: prefilter.Prefilter(list(_TOKEN_PATTERNS)))


def _token_patterns_in(raw_text: str) -> tuple[re.Pattern[str], ...]:
    """The token patterns that can match in ``raw_text`` (all of them when it cannot be scanned)."""
    gate = _TOKEN_GATE()
    if not gate.usable:
        return _TOKEN_PATTERNS
    try:
        data = raw_text.encode("utf-8")
    except UnicodeEncodeError:  # (a lone surrogate)
        return _TOKEN_PATTERNS
    hit = {number for _, number in gate.hits(data)}
    return tuple(p for k, p in enumerate(_TOKEN_PATTERNS) if k in hit)


def find_secrets(text: str) -> list[Span]:
    """The secrets and internal addresses inside one text, as sorted non-overlapping spans:
    in the text as written and in its decoded layers (JSON escapes, URL encoding, wrapped lines),
    less the look-alikes (documented examples, placeholders, public keys)."""
    return _find_secrets(text, True)


def find_secrets_reference(text: str) -> list[Span]:
    """The plain twin of ``find_secrets``: every pattern run over the whole text (tests hold the
    two equal; secret_scan.py says how the fast one reads only where a pattern can match)."""
    return _find_secrets(text, False)


def _find_secrets(text: str, fast: bool) -> list[Span]:
    """A long text paragraph by paragraph (secret_blocks.py; fast: only the paragraphs where one
    of the readers' regexes can match, a paragraph read before from the cache, the new ones'
    automaton passes made over all of them at once), else whole."""
    spans = secret_blocks.by_blocks(text, _find_all_fast if fast else _find_plain, fast, Span,
                                    _candidates if fast else None)
    return _find_whole(text, fast) if spans is None else _disjoint(spans)


# What each reader of ``_find_whole`` cannot find anything without (a regex that matches inside
# what it finds, or inside the text it reads): a paragraph where none of them matches holds
# nothing to hide. Every pattern of the literal pass (detect-secrets', ours, gitleaks' rules, the
# credential formats, the addresses); PuTTY's key headers; key=value; the netrc, call, directive,
# query, table, webhook, prefixed and wrapped forms (secret_structure.READER_GATES); the
# JSON-escaped and URL-encoded layers; and detect-secrets' keyword plugin, whose five regexes
# each need one of its key names and then, on the key word's line, a colon after the name
# (``_KEYWORD_COLON``), or anywhere an "=", a "!!" or a closing quote before a ";" (its lines are
# read joined: the rest of a match may stand on another line).
_LAYER_HINTS = (re.compile(r'\\["n]'), re.compile(r"%[0-9A-Fa-f]{2}"))
_KEYWORD_NAME = re.compile(keyword_plugin.DENYLIST_REGEX, re.IGNORECASE)
_KEYWORD_COLON = re.compile(keyword_plugin.DENYLIST_REGEX + r"(?:[]'\"]{0,2}):", re.IGNORECASE)
_KEYWORD_SIGN = re.compile(r"=|!!|['\"`];")


def _reader_patterns() -> tuple[list[re.Pattern[str]], list[tuple[int, ...]]]:
    singles = [*_PATTERNS.order, *_PRIVATE_HEADERS, _ASSIGNMENT, *secret_structure.READER_GATES, *_LAYER_HINTS,
               _KEYWORD_COLON]
    every = [*singles, _KEYWORD_NAME, _KEYWORD_SIGN]
    return every, [(k,) for k in range(len(singles))] + [(len(singles), len(singles) + 1)]


_READERS = prefilter.lazily(lambda: prefilter.Prefilter(*_reader_patterns()))


def build_databases() -> None:
    """Compile the readers' Hyperscan database now (~1 s, more under load) instead of at the first
    long page: a long-running worker calls it at its start, so no record pays it."""
    _READERS()
    _TOKEN_GATE()


def _candidates(text: str, starts: list[int]) -> set[int] | None:
    """The paragraphs of a long text (given by where each starts) where a reader can find something."""
    readers = _READERS()
    return readers.units_hit(text, starts) if readers.usable else None


def _find_all_fast(texts: list[str]) -> list[list[Span]]:
    return [_find_whole(text, True, passes) for text, passes in zip(texts, _passes_all(texts), strict=True)]


def _find_plain(texts: list[str]) -> list[list[Span]]:
    return [_find_whole(text, False) for text in texts]


def _find_whole(text: str, fast: bool, passes: _Passes | None = None) -> list[Span]:
    spans = [s for s in _find_in(text, fast, passes) if not secret_structure.shown_as_is(text[s.start:s.end])]
    for layer in _layers(text):
        spans.extend(_mapped_back(text, layer, fast))
    for joined, pieces in secret_structure.wrapped_runs(text) if "\n" in text else ():
        if _find_in(joined, fast):
            spans.extend(Span(a, b, "token") for a, b in pieces)
    return _disjoint(spans)


def _layers(text: str) -> list[str]:
    """The text once its JSON escapes or URL encoding are undone (only the ones it has)."""
    out = []
    if '\\"' in text or "\\n" in text:
        out.append(text.replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\"))
    if secret_structure.url_encoded(text):
        out.append(unquote_plus(text))
    return out


def _mapped_back(text: str, layer: str, fast: bool) -> list[Span]:
    """The secrets of a decoded layer, found again in the text as written (escaped or encoded)."""
    out = []
    for span in _find_in(layer, fast):
        value = layer[span.start:span.end]
        if secret_structure.shown_as_is(value):
            continue
        for form in {value, json.dumps(value, ensure_ascii=False)[1:-1], quote(value, safe=""), quote_plus(value)}:
            start = text.find(form)
            while form and start >= 0:
                out.append(Span(start, start + len(form), span.kind))
                start = text.find(form, start + len(form))
    return out


def _find_in(text: str, fast: bool = True, passes: _Passes | None = None) -> list[Span]:
    """``passes``: the text's automaton passes, when a pass over several texts found them."""
    lowered = text.lower()
    spans: list[Span] = []
    passes = _passes(text, lowered, fast) if passes is None else passes
    scan = secret_scan.Scan(text, lowered, fast, _PATTERNS, passes.at)
    if passes.triggers or _v6_hint(lowered) or passes.rules:
        _assignments(text, spans, scan)
        for pattern, kind, group in scan.present(_OWN_PATTERNS):
            _add_matches(pattern, kind, group, scan.finditer(pattern), spans)
        for pattern, kind, group in scan.present(_PLUGIN_PATTERNS):
            _add_matches(pattern, kind, group, scan.finditer(pattern), spans)
        for m in scan.finditer(_JWT):
            tail = _JWT_TAIL.match(text, m.end())  # (it matches the empty string too)
            end = tail.end() if tail else m.end()
            if JwtTokenDetector.is_formally_valid(text[m.start():end]):
                spans.append(Span(m.start(), end, "jwt"))
        if "putty-user" in lowered:  # (its key files say "PuTTY-User-Key-File": the "key" trigger)
            for header in _PRIVATE_HEADERS:
                for m in header.finditer(text):
                    spans.append(Span(m.start(), len(text), "private_key"))
        key_lines = _key_lines(text, lowered, passes.triggers)
        for value in _KEYWORD.analyze_string(key_lines) if key_lines else ():
            _add_value(text, value, "secret", spans)
        _addresses(text, spans, scan)
        for start, end, rule in secret_rules.find(text, lowered, scan.finditer, passes.rules):
            spans.append(Span(start, end, secret_rules.kind_of(rule)))
        for start, end, kind in secret_structure.text_forms(text, secret_key_kind, scan.finditer, scan.present):
            spans.append(Span(start, end, kind))
        if "\n" in text:
            for start, end, kind in secret_structure.table_columns(text, secret_key_kind):
                spans.append(Span(start, end, kind))
    if "hook" in lowered:
        for start, end in secret_structure.webhook_tokens(text):
            spans.append(Span(start, end, "webhook_token"))
    for start, end in secret_structure.prefixed_tokens(text) if "_" in text else ():
        spans.append(Span(start, end, "token"))
    for m in scan.finditer(_NO_LITERAL):
        spans.append(Span(m.start(), m.end(), "twilio_key" if m.group(0)[:2] in ("AC", "SK") else "mailchimp_key"))
    return _disjoint(spans)


_KEYWORD_MARKS = re.compile(r"[\'\"`]")  # every regex of detect-secrets' keyword plugin ends in a quoted value
# A word each of the plugin's key names holds (its DENYLIST: api_?key ... contraseña): in ASCII
# text, which (?i) reads as its lowered form, a line with none of them cannot match.
_KEYWORD_STEMS = re.compile("key|pass|pwd|secret|contrase")
# Every regex the plugin runs (its quotes-required set) has a ":", "=", ";" or a "!!"/"!=" between
# the key and the value: a text with none of them cannot match (most help sentences).
_KEYWORD_SIGNS = re.compile("[!:;=]")


def _key_lines(text: str, lowered: str, triggers: list[tuple[int, int]]) -> str:
    """The lines that hold a key word and a quote: all detect-secrets' keyword plugin can match,
    read line by line (over every line it cost ~40% of a long document's scan). ``triggers``:
    the triggers' non-overlapping matches in ``lowered``."""
    if "\n" not in text:
        if text.isascii() and _KEYWORD_STEMS.search(lowered) is None:
            return ""  # (one search instead of the plugin's five)
        return text if _KEYWORD_SIGNS.search(text) and _KEYWORD_MARKS.search(text) else ""
    starts = sorted({lowered.rfind("\n", 0, at) + 1 for index, at in triggers if index < _KEYS})
    lines = (text[a:(text.find("\n", a) + 1 or len(text) + 1) - 1] for a in starts)
    kept = "\n".join(line for line in lines if _KEYWORD_MARKS.search(line))
    return kept if _KEYWORD_SIGNS.search(kept) else ""


def _assignments(text: str, spans: list[Span], scan: secret_scan.Scan) -> None:
    for m in scan.assignments(_ASSIGNMENT):
        _assignment(text, m, spans)


# A bare value that holds an assignment of its own (``--from-literal=password=...``,
# ``Client(accessToken: "...")``): the pairs inside it (to its line's end) are read too, one level deep.
_NESTED = re.compile(r".[^=(]*(?:=|\([\w.-]+\s*:)")  # (not a colon alone: ``arn:aws:secretsmanager:...`` is one name)
_EXPRESSION = re.compile(r"[ \t]+[A-Za-z_][\w.]*[ \t]*\(")
_FILE_REFERENCE = re.compile(r"\.{1,2}/|~/|/|@[\w./-]+$")


# A label of two or three words opening its line (Hausa ``kalmar sirri:``, Malay ``kata laluan:``,
# ``nama pengguna``): the key pattern holds one word, so the words before it on the line are read too.
_LINE_LABEL = re.compile(r"(?:^|\n)[ \t]*((?:[^\W\d][\w\-]*[ \t]){1,2})$")


def _key_kind(text: str, m: re.Match[str]) -> str | None:
    kind = secret_key_kind(m.group("key"))
    if kind is None and m.group("sep") == ":" and " " in text[max(0, m.start() - 40):m.start()]:
        label = _LINE_LABEL.search(text, max(0, m.start() - 40), m.start())
        if label is not None:
            kind = secret_key_kind(label.group(1) + m.group("key"))
    return kind


# A header line's value that is a sentence, not a secret: three or more words, one of them a number
# or followed by a comma or a full stop (``პაროლი: მინიმუმ 12 სიმბოლო, ერთი ციფრი``, "password: at
# least 12 characters, one digit"); a passphrase of words has neither.
_PROSE_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*[,.;]?|\d+")  # (a hyphenated word too: "sekurang-kurangnya")
_PROSE_MARK = re.compile(r"[,.;]$|^\d+$")


def _prose(value: str) -> bool:
    words = value.split()
    return (len(words) >= 3 and all(_PROSE_WORD.fullmatch(w) for w in words)
            and any(_PROSE_MARK.search(w) for w in words[:-1]))


def _assignment(text: str, m: re.Match[str], spans: list[Span], nested: bool = False) -> None:
    name = "dq" if m.group("dq") is not None else "sq" if m.group("sq") is not None else "bare"
    value = m.group(name)
    if name == "bare" and not nested and _NESTED.match(value):  # (one level: ``a=b=c=...`` is read once, not a=b, b=c, ...)
        line_end = text.find("\n", m.end("bare"))
        for inner in _ASSIGNMENT.finditer(text, m.start("bare"), len(text) if line_end < 0 else line_end):
            _assignment(text, inner, spans, nested=True)
    if nested and _FILE_REFERENCE.match(value):
        return  # (``--from-file=password=./db.txt``: where the secret is, not the secret)
    kind = _assigned_kind(text, m, value)
    if kind is None or value.lower() in _TRIVIAL or PLACEHOLDER.fullmatch(value) or secret_structure.shown_as_is(value):
        return
    if name == "bare" and _names_a_secret(value):
        return  # (``password = var.db_password``: a reference that names the secret, not the secret)
    span = _value_span(text, m, name, value)
    if span is not None and not names_a_word(kind, text[span[0]:span[1]]):
        spans.append(Span(span[0], span[1], kind))


def _assigned_kind(text: str, m: re.Match[str], value: str) -> str | None:
    """The kind by the key's name; a weak name (``..._key``, ``sig``) only with a random value, and
    not where the word before it on its line makes it a name that says nothing secret (a label
    ``public key: ...`` reads as ``public_key``)."""
    kind = _key_kind(text, m)
    if kind is None and _WEAK_KEY.search(m.group("key").lower()) and looks_random(value):
        before = _WORD_BEFORE.search(text, text.rfind("\n", 0, m.start()) + 1, m.start())
        if before is not None and _NOT_SECRET_KEY.search(_fold(f"{before.group(1)}_{m.group('key')}")):
            return None
        return "secret"
    return kind


_WORD_BEFORE = re.compile(r"([^\W\d_]+)[ \t]$")
# A reference in a config language or code: a dotted path of identifiers whose last one is itself
# a secret's name (Terraform ``var.db_password``, ``settings.SECRET_KEY``, ``config.api_token``).
_REFERENCE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+")


def _names_a_secret(value: str) -> bool:
    return _REFERENCE.fullmatch(value) is not None and secret_key_kind(value.rsplit(".", 1)[1]) is not None


def _value_span(text: str, m: re.Match[str], name: str, value: str) -> tuple[int, int] | None:
    """Where the value stands: a header line's bare value runs to the line's end (``X-Api-Key: abc
    def``); None when the bare word is code or the line a sentence."""
    start, end = m.span(name)
    if name != "bare":
        return start, end
    if _EXPRESSION.match(text, end) and value.isalpha() and value.islower():
        return None  # (``Credentials = new NetworkCredential(...)``: a keyword before a call is code, not the value)
    if m.group("sep") == ":" and m.group("scheme") is None:
        end = _line_end(text, start)
        if _prose(text[start:end]):
            return None
    return start, end


def _line_end(text: str, start: int) -> int:
    """The end of the line from ``start``, less trailing blanks and commas."""
    line_end = text.find("\n", start)
    end = len(text) if line_end < 0 else line_end
    while end > start and text[end - 1] in " \t\r,":
        end -= 1
    return end


def _add_matches(pattern: re.Pattern[str], kind: str, group: int, matches: Iterable[re.Match[str]],
                 spans: list[Span]) -> None:
    for m in matches:
        g = group if group <= (pattern.groups or 0) and m.group(group) is not None else 0
        start, end = m.span(g)
        if start == end:
            continue
        if kind == "password" and pattern.pattern.startswith("(?i)\\bbasic") and not _valid_basic(m.group(g)):
            continue
        spans.append(Span(start, end, kind))


def _add_value(text: str, value: str, kind: str, spans: list[Span]) -> None:
    if not value or value.lower() in _TRIVIAL:
        return
    start = text.find(value)
    while start >= 0:
        spans.append(Span(start, start + len(value), kind))
        start = text.find(value, start + len(value))


_ADDRESS_PATTERNS = [(_PRIVATE_IPV4,), (_IPV6,), (_INTERNAL_HOST,)]


def _addresses(text: str, spans: list[Span], scan: secret_scan.Scan) -> None:
    for (pattern,) in scan.present(_ADDRESS_PATTERNS):  # (only those whose literal stands here)
        for m in scan.finditer(pattern):
            if pattern is _INTERNAL_HOST or _valid_internal_ip(m.group(0)):
                spans.append(Span(m.start(), m.end(), "address"))


def _disjoint(spans: list[Span]) -> list[Span]:
    """Overlaps resolved to the earliest, then the longest span."""
    if len(spans) < 2:
        return spans
    out: list[Span] = []
    for span in sorted(spans, key=lambda s: (s.start, -s.end)):
        if out and span.start < out[-1].end:
            if span.end > out[-1].end:
                last = out[-1]
                out[-1] = Span(last.start, span.end, last.kind)
            continue
        out.append(span)
    return out


# ----------------------------------------------------------------------------- hiding

@dataclass(slots=True)
class Hidden:
    """What one raw's scan hid: redaction records (field path, placeholder, kind) and the values
    by digest, for the task-scoped vault. Content-derived, so it is memoised with the content."""

    records: list[dict[str, str]] = field(default_factory=list)
    values: dict[str, str] = field(default_factory=dict)

    def add(self, path: str, kind: str, value: str) -> str:
        key = digest(value)
        self.values[key] = value
        handle = f"[secret:{kind}#{key}]"
        self.records.append({"path": path or "$", "handle": handle, "kind": kind})
        return handle

    def text(self, text: str, path: str) -> str:
        """The text with every secret in it replaced by its placeholder."""
        spans = find_secrets(text)
        if not spans:
            return text
        parts, at = [], 0
        for span in spans:
            parts.append(text[at:span.start])
            parts.append(self.add(path, span.kind, text[span.start:span.end]))
            at = span.end
        parts.append(text[at:])
        return "".join(parts)


def hide_text(text: str) -> tuple[str, int]:
    """``text`` with its secrets replaced by placeholders, and how many (no values kept)."""
    hidden = Hidden()
    return hidden.text(text, "$"), len(hidden.records)


__all__ = ["PLACEHOLDER", "PLACEHOLDER_MARK", "TRIGGERS", "Hidden", "Span", "digest", "find_secrets", "find_secrets_reference", "hide_text",
           "is_secret_key", "looks_random", "may_hold_secrets", "placeholder", "secret_key_kind", "value_key_kind"]
