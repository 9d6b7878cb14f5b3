"""Secrets found by the structure around them, not by a key=value separator, and the values
that look like secrets but are not.

Structure: the name is itself a value (k8s ``env: [{name, value}]``, ECS ``environment``, SSM
``Name``/``Value``, CloudFormation ``ParameterKey``/``ParameterValue``, ``<add key=".." value=".."/>``),
a table header (a CSV column or an ASCII-table column named ``api_key``), credential file formats
(``.pgpass``, ``.netrc``, docker ``auths``, Oracle ``user/password@host``, PHP ``define(..)``, XML
elements), and values wrapped onto the next lines. Layers undone before matching: JSON escapes,
URL encoding (adapters/secrets.py maps what it finds back to the text as written).

Look-alikes that stay visible: documented examples and placeholders (``AKIAIOSFODNN7EXAMPLE``,
``sk_live_xxxx``, ``<YOUR_API_KEY>``, ``${DB_PASSWORD}``, ``{{ .Values.x }}``, ``********``, code that reads
a secret from the environment) and public keys and certificates.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any
from urllib.parse import unquote_plus

from obsline.adapters.injection_signals import fold

# --- look-alikes ---------------------------------------------------------------------------

_PLACEHOLDER = re.compile(
    r"EXAMPLE(?:KEY)?$|(?i:(?:^|[-_ .<])(?:example|placeholder|dummy|sample)(?:$|[-_ .>])|replace[_-]?me|changeme"
    r"|your[_ -].*(?:here|key|token|password|secret)"
    # "your ... here" in other languages (``VOTRE_MOT_DE_PASSE_ICI``, ``IHR_PASSWORT_HIER``, ``TU_CLAVE_AQUI``)
    r"|(?:votre|ton|ihr|dein|tu|su|seu|sua|il[_ ]tuo|la[_ ]tua|uw|je|twoje|vase)[_ -].*(?:ici|hier|aqui|aquí|qui|tutaj|sem|zde))"
    r"|^:'?[A-Za-z_]\w*'?$"  # a psql variable (``PASSWORD :'pw'``)
    r"|^<[^<>]+>?$|^\[[^\[\]]+\]?$|^\((?:[a-z]+[ _-]?){1,3}\)?$|^\$\{|^\{\{|^\$\(|^%[A-Za-z_]+%?$|^\$[A-Za-z_]\w*$"
    r"|^(?:[a-z]+[_-])*(?:x{4,}|\*{3,}|•{3,}|\.{3,})(?:[_-][a-z]*)*$|^(?:x{3,}[-_]?)+$|^\*+$"
    r"|os\.environ|getenv\(|process\.env\.|ENV\[|System\.getenv|secretKeyRef|valueFrom"
    # a reference to where a secret store keeps it: HashiCorp Vault (``vault:path#key``), 1Password's
    # ``op://``, helmfile/vals ``ref+...://``, AWS Secrets Manager / SSM / KMS ARNs, GCP Secret Manager
    r"|^(?:vault|ssm|awssm|gcpsm|azkv|keyvault|doppler|infisical|sops|bws?|secretsmanager):(?!//\S*:\S*@)"
    r"|^(?:op|vault|ref\+[a-z0-9]+|sm|akv|azurekeyvault|secret)://|^arn:aws[\w-]*:(?:secretsmanager|ssm|kms):"
    r"|^projects/[^/\s]+/secrets/"
)
_PUBLIC = re.compile(r"^(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-\S+|sk-ssh-\S+) AAAA|-----BEGIN (?:RSA |EC )?PUBLIC KEY-----"
                     r"|-----BEGIN CERTIFICATE-----|-----BEGIN PGP PUBLIC KEY BLOCK-----|^pk_(?:live|test)_|^age1[02-9ac-hj-np-z]{50,}$")


def is_placeholder(value: str) -> bool:
    """A documented example, a placeholder or a reference to where the secret lives."""
    return _PLACEHOLDER.search(value) is not None


def is_public(value: str) -> bool:
    """A public key or certificate: made to be shown."""
    return _PUBLIC.search(value) is not None


# The word for a password, an API key, a secret or a token in 60 languages (folded: lowercase,
# diacritics off), besides English: a German ops tool prints ``Passwort``, a Polish one ``hasło``.
# From each language's own word (and the loanword where it is the usual one), not from a corpus.
PASSWORD_WORDS = (r"passwort|kennwort|mot[-_ ]?de[-_ ]?passe|senha|hasl[oa]|пароль|parol[ae]|wachtwoord|losenord|heslo"
                   r"|jelszo|salasana|adgangskode|passord|kata[-_ ]?sandi|^sandi$|mat[-_ ]?khau|密码|密碼|パスワード|비밀번호|암호"
                   r"|كلمة_?المرور|पासवर्ड|sifr[eə]|κωδικ|סיסמ|رمز|nenosiri|contrasenya|lozinka|geslo"
                   r"|lykilord|adgangsord|fjalekalim|პაროლ|գաղտնաբառ|pasahitz|cyfrinair|pasfhocal|parool|salasona|slaptazod"
                   r"|лозинк|парол|нууц[-_ ]?үг|құпия[-_ ]?сөз|পাসওয়ার্ড|கடவுச்சொல்|పాస్వర్డ్|പാസ്വേഡ്|ಪಾಸ್ವರ್ಡ್|પાસવર્ડ"
                   r"|ਪਾਸਵਰਡ|รหัสผ่าน|ລະຫັດຜ່ານ|ពាក្យសម្ងាត់|စကားဝှက်|මුරපදය|የይለፍ|گذرواژه|پاس[-_ ]?ورڈ|kata[-_ ]?laluan|iphasiwedi"
                   r"|wagwoord|contrasinal|pasvorto|kalmar[-_ ]?sirri|neno[-_ ]?la[-_ ]?siri|ijambo[-_ ]?(?:ry'?[-_ ]?)?banga"
                   # loanwords and words for an access code (session 22, after fresh-5's first run)
                   r"|passcode|access[-_ ]?code|zugangscode|toegangscode|codigo[-_ ]?de[-_ ]?acceso|kod[-_ ]?dostepu|palavra[-_ ]?passe"
                   r"|패스워드|口令|暗証|パスコード|сырсөз|loyniord|okwuntughe|гузарвожа|(?:^|[-_.])psk$|wpa[-_]?passphrase"
                   # (session 26, after fresh-8's first run: Malagasy, Filipino, Luxembourgish, Frisian, Scottish
                   # Gaelic, Breton, Shona, Sesotho, Xhosa, Maori, Javanese, Pashto, Somali, Maltese)
                   r"|tenimiafina|kontrasenya|passwuert|wachtwurd|facal[-_ ]?faire|ger[-_ ]?tremen|pasiwedhi|phasewete"
                   r"|igama[-_ ]?lokugqitha|kupuhipa|sandhi|پټنوم|(?:furaha|erayga)[-_ ]?sirta|kelma[-_ ]?tal[-_ ]?passagg")
_UI_WORDS = re.compile(r"(?i)password|passwort|contrase|senha|token|secret|\bkey\b")
_PASSWORD_WORD = re.compile(PASSWORD_WORDS.replace("^sandi$", r"\bsandi\b"))
_UI_SHAPE = re.compile(r"[^\W\d_]{1,15}(?:[ '’-][^\W\d_]{1,15}){1,8}[?.!:…]?")


def is_ui_text(value: str) -> bool:
    """A label or sentence that names the secret ("Show password", "Forgot password?", "Pokaż
    hasło": the word in any language of the key names), words of letters only, no digit or
    symbol a password would hold; or the word for a password alone, as a form's label is
    ("Password", "Cyfrinair", "รหัสผ่าน": the value is the name, nothing is behind it)."""
    v = value.strip()
    if _UI_SHAPE.fullmatch(v) is not None:
        return _UI_WORDS.search(value) is not None or _PASSWORD_WORD.search(fold(value.lower())) is not None
    return 0 < len(v) <= 40 and _LONE_LABEL.fullmatch(fold(v.lower()).rstrip(":：")) is not None


# The word for a password alone, in any language of the key names (PASSWORD_WORDS, English too).
# Many are stems ("pasahitz", "hasl[oa]"): an inflection's few letters may follow.
_LONE_LABEL = re.compile("(?:" + PASSWORD_WORDS.replace("^sandi$", "sandi") + r"|password|passphrase|pass phrase)[^\W\d_]{0,4}")


# A value already masked by whoever printed it (``sk-****abcd``, ``••••1234``, ``XXXX-XXXX-4242``):
# a run of mask characters and, besides a vendor prefix, at most a last-four's worth of the value.
_MASK_RUN = re.compile(r"[*•●]{3,}|[xX]{4,}")
_MASK_REST = re.compile(r"^(?:[a-z]{1,8}[-_]){0,2}|[*•●]+|[xX]{4,}|[-_ ]")


def is_masked(value: str) -> bool:
    return _MASK_RUN.search(value) is not None and len(_MASK_REST.sub("", value)) <= 6


# An HTTP auth scheme before the credential (RFC 9110 ``Authorization: <scheme> <credentials>``):
# ``Bearer [REDACTED]`` is as redacted as ``[REDACTED]``, so the credential is judged alone.
_AUTH_SCHEME = re.compile(r"(?i)^(?:bearer|basic|token|digest|negotiate|bot|apikey|api-key|sso-key)\s+(?=\S)")

# Keys that vendors publish in their own documentation, for anyone to paste: no account is behind
# them, or only the vendor's public demo one (a test-mode key of one's own is still hidden).
# Sources: Stripe's API reference (its sample test-mode keys), jwt.io's sample token (HS256,
# secret "your-256-bit-secret").
PUBLISHED = frozenset({
    "sk_test_4eC39HqLyjWDarjtT1zdp7dc", "sk_test_BQokikJOvBiI2HlWgH4olfQ2",
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ"
    ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
})


def shown_as_is(value: str) -> bool:
    if value in PUBLISHED:
        return True
    if is_placeholder(value) or is_public(value) or is_ui_text(value) or is_masked(value):
        return True
    scheme = _AUTH_SCHEME.match(value)
    return scheme is not None and shown_as_is(value[scheme.end():].strip())


# --- names that are values --------------------------------------------------------------------

NAME_KEYS = ("name", "Name", "key", "Key", "ParameterKey", "variable", "envName")
VALUE_KEYS = ("value", "Value", "ParameterValue", "secret", "SecretString")


def named_value(item: dict[str, Any], is_secret_name: Callable[[str], str | None]) -> tuple[str, str] | None:
    """(value key, kind) when a dict names a secret in one field and holds it in another."""
    for name_key in NAME_KEYS:
        name = item.get(name_key)
        if type(name) is str:
            kind = is_secret_name(name.rsplit("/", 1)[-1])
            if kind is None:
                return None
            for value_key in VALUE_KEYS:
                if type(item.get(value_key)) in (str, int):
                    return value_key, kind
            return None
    return None


# --- credential formats in text ------------------------------------------------------------------

# The characters a key name is written with besides ``\w``: the combining marks of the scripts that
# write words with them (a Thai, Lao, Burmese, Khmer, Tibetan or Indic word's vowel signs and
# viramas are not alphanumeric to ``re``: ``စကားဝှက်`` would end at its first mark), and the
# combining diacritics of any script written decomposed.
NAME_MARKS = ("\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed"
              "\u0900-\u0dff\u0e00-\u0eff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff\u1ab0-\u1aff\u1dc0-\u1dff\u3099\u309a")
_MARK = re.compile(f"[{NAME_MARKS}]")


def is_name_mark(c: str) -> bool:
    return c >= "\u0300" and _MARK.match(c) is not None  # (ASCII first: a blank or a quote is the common case)


_NAME = rf"[^\W\d][\w.\-{NAME_MARKS}]*"
# A credential given on a command line. Any tool's long flag named for a secret (``--password=``,
# ``--api-key``, ``--client-secret``: GNU style, the name says what it is), and the short flags that
# the common clients' own manuals define for a password or ``user:password`` (mysql ``-pPASS``,
# redis-cli ``-a``, curl ``-u user:pass``, sshpass ``-p``, mongosh ``-p``, ldapsearch ``-w``, smbclient
# ``-U user%pass``, sqlcmd ``-P``, lftp ``-u user,pass``, openssl ``-passin pass:``), read only after
# the command's name on its line (a short flag means something else to another tool: docker's
# ``-u 1000:1000`` is a uid). A path, a variable or an ``@file`` is no secret.
_VALUE = r"""['"]?((?![-/~.@$<{%])[^\s'"]{3,})"""
_ARG = rf"[ \t]*{_VALUE}"
_ON_LINE = r"\b[^\n|;&]{0,200}?[ \t]"
_CLI_FLAGS = (
    r"(?i)--(?:[a-z0-9]+[-_])*(?:password|passwd|pass|token|secret|api[-_]?key|access[-_]?key|secret[-_]?key"
    rf"|client[-_]?secret|auth[-_]?token)(?:=|[ \t]+){_VALUE}",
    rf"\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb|mariadb-dump){_ON_LINE}-p{_VALUE}",
    rf"\bredis-cli{_ON_LINE}(?:-a|--pass)[ \t]+{_ARG}",
    rf"\bcurl{_ON_LINE}(?:-u|--user|--proxy-user|-U)[ \t]+['\"]?[^\s:'\"@]+:{_VALUE}",
    rf"\bsshpass[ \t]+-p{_ARG}",
    rf"\bmongo(?:sh|dump|restore|export|import)?{_ON_LINE}-p[ \t]+{_ARG}",
    rf"\bldap(?:search|modify|add|delete|passwd|whoami|compare){_ON_LINE}-w[ \t]+{_ARG}",
    rf"\bsmbclient{_ON_LINE}(?:-U|--user)[ \t=]+['\"]?[^\s%'\"]+%{_VALUE}",
    rf"\b(?:sqlcmd|bcp|osql|isql){_ON_LINE}-P{_ARG}",
    rf"\blftp{_ON_LINE}-u[ \t]+['\"]?[^\s,'\"]+,{_VALUE}",
    r"""[ \t]-pass(?:in|out)?[ \t]+['"]?pass:([^\s'"]{3,})""",
    # single-dash long flags of the JDK's tools (keytool ``-storepass``, ``-keypass``, jarsigner): ``:env``
    # and ``:file`` name where the password is, not the password
    rf"(?<!\S)-(?:src|dest|new)?(?:store|key)pass[ \t]+{_VALUE}",
    rf"\b7za?\b{_ON_LINE}-p((?![-/~.@$<{{%])[^\s'\"]{{3,}})",  # 7-Zip: ``-p{{Password}}``, attached
    rf"\b(?:zip|unzip|zipcloak)\b{_ON_LINE}-P[ \t]+{_ARG}",  # Info-ZIP: ``-P password``
)
# Any client's login pair: a user flag, then ``-p`` and its value on the same line (docker, az,
# helm, podman, skopeo, oc, ...: where ``-u`` names a user, ``-p`` is its password; a port after
# ``-p``, psql's ``-U user -p 5432``, is digits; mysql's ``-p`` takes its value attached, a word after
# ``-p `` is its database), and Windows' ``/user:NAME PASSWORD`` (net use,
# runas-like tools: the positional word after the user is its password; ``*`` asks for it).
_PASSWORD_ARG = r"""['"]?((?![-/@$<{%]|~/|\.\.?/)[^\s'"]{3,})"""  # (a typed password may start with "~" or ".")
_LOGIN_PAIR = (rf"(?<!\S)(?:-u|-U|--user|--username)(?:=|[ \t]+)"
               rf"['\"]?[^\s'\"]+['\"]?{_ON_LINE}-[pP][ \t]+(?!\d{{1,5}}\b){_PASSWORD_ARG}",
               r"(?i)[ \t]/user:[^\s/]+[ \t]+(?![/*])((?!\d{1,5}\b)[^\s'\"]{3,})")
_LOGIN, _NET_USE = map(re.compile, _LOGIN_PAIR)
_SET_NAME_VALUE = re.compile(rf"(?i)\b(?:secrets?|configure|config)[ \t]+set[ \t]+({_NAME})[ \t]+(?:--body[ \t=]+|--value[ \t=]+|-b[ \t]+)?"
                             rf"{_PASSWORD_ARG}")
CLI_TRIGGERS = ("secret set", "secrets set", "configure set", "config set", "identified by", "convertto-securestring", " -p ", "/user:", "mysql", "mariadb", "redis-cli", "curl", "sshpass", "mongo", "ldap", "smbclient", "sqlcmd",
                "bcp ", "osql", "isql", "lftp", "storepass", "keypass", "7z ", "7za ", "zip -")
# CI runners' commands that declare a value secret so that the log masks it from then on: the value
# on the command's own line is the secret (GitHub Actions ``::add-mask::``, Azure Pipelines
# ``##vso[task.setsecret]`` and ``##vso[task.setvariable ...;issecret=true]``)
MASK_TRIGGERS = ("::add-mask::", "##vso[task.setsecret]", "issecret=true]")
_MASKED = re.compile(r"(?:::add-mask::|##vso\[task\.setsecret\]|##vso\[task\.setvariable\b[^\]\n]*;issecret=true[^\]\n]*\])"
                     r"((?![$%*]|\$\{)[^\s\"']{4,})")
_TEXT_FORMS: tuple[tuple[re.Pattern[str], int, int], ...] = (  # (pattern, name group or 0, value group)
    (re.compile(rf"(?m)^[ \t]*-?[ \t]*name:[ \t]*[\"']?({_NAME})[\"']?[ \t]*\n[ \t]*value:[ \t]*[\"']?([^\"'\n]+)"), 1, 2),
    (re.compile(rf"<add\s+key=\"({_NAME})\"\s+value=\"([^\"]*)\""), 1, 2),
    (re.compile(rf"<({_NAME})(?:\s[^<>]*)?>([^<>\n]+)</\1>"), 1, 2),
    # a call whose first argument names a secret and whose second is its value: PHP ``define``,
    # Go ``os.Setenv``, C ``setenv``, Java ``System.setProperty``, ``config.set("password", ...)``
    (re.compile(rf"\(\s*['\"]({_NAME})['\"]\s*,\s*['\"]([^'\"\n]*)['\"]"), 1, 2),
    # a connection string's password (ODBC, ADO, JDBC properties): ``PWD=`` beside the server or user it opens
    (re.compile(r"(?i)\b(?:uid|user id|user|server|driver|dsn|data source|database)\s*=[^\n]*?;\s*(pwd)\s*=\s*"
                r"(\{[^}\n]*\}|[^;\n]+)"), 1, 2),
    (re.compile(r"(?m)^[^:\s#]+:(?:\d+|\*):[^:\s]+:[^:\s]+:(\S+)$"), 0, 1),  # .pgpass
    (re.compile(r"\b(?:sqlplus|connect|conn|exp|imp|expdp|impdp|rman)\s+[\w.$-]+/([^\s/@]+)@"), 0, 1),  # Oracle
    *((re.compile(p), 0, 1) for p in _CLI_FLAGS),
    (_LOGIN, 0, 1), (_NET_USE, 0, 1),  # (gated below by their literals)
    # a secret-named setting given its value as the next argument (``gh secret set DEPLOY_TOKEN --body ...``,
    # ``aws configure set aws_session_token ...``, ``... config set api_key ...``): the name is checked
    (_SET_NAME_VALUE, 1, 2),
    # a password given to SQL (Oracle, MySQL ``IDENTIFIED BY``) or to PowerShell's ``ConvertTo-SecureString``
    (re.compile(r"(?i)\bidentified\s+by\s+(?:password\s+)?[\"']?([^\s\"';]{3,})"), 0, 1),
    (re.compile(r"(?i)\bconvertto-securestring\s+(?:-string\s+)?[\"']([^\"'\n]{3,})[\"']"), 0, 1),
    # the Wi-Fi network a QR code joins (ZXing's ``WIFI:T:WPA;S:<ssid>;P:<password>;;``, \\-escaped)
    (re.compile(r"(?i)\bWIFI:(?:[^;\n]*;)*?P:((?:\\.|[^;\\\n])+)"), 0, 1),
    (_MASKED, 0, 1),
    # an HTML password input given its value (a page served pre-filled, a saved form): the type
    # names the value, before or after it
    (re.compile(r"(?i)<input\b[^<>]*?\btype=[\"']?password\b[^<>]*?\bvalue=[\"']([^\"'<>]+)[\"']"), 0, 1),
    (re.compile(r"(?i)<input\b[^<>]*?\bvalue=[\"']([^\"'<>]+)[\"'][^<>]*?\btype=[\"']?password\b"), 0, 1),
)
TEXT_FORM_PATTERNS = tuple(p for p, _, _ in _TEXT_FORMS)
_MYSQL = re.compile(r"\b(?:mysql|mariadb)")
# The literal each form's matches hold, where it is not at the start (adapters/anchored.py):
# the k8s pair's "value:", the XML element's closing tag.
TEXT_FORM_GATES = {_TEXT_FORMS[0][0]: ("value:",), _TEXT_FORMS[2][0]: ("</",), _LOGIN: (" -p ", "\t-p "), _NET_USE: ("/user:",),
                   _SET_NAME_VALUE: ("secret set", "secrets set", "configure set", "config set"),
                   _TEXT_FORMS[3][0]: ('("', "('", '( "', "( '"), _TEXT_FORMS[4][0]: ("pwd",)}
_NETRC = re.compile(r"\bmachine\s+\S+[\s\S]*?\bpassword\s+(\S+)")
# A password given positionally: the string literal after the user's in a call that signs in or
# connects (``auth=("user", "pw")``, ``getConnection(url, "user", "pw")``, ``NetworkCredential("user",
# "pw", "DOMAIN")``, ``ftp.login("user", "pw")``, ``PSCredential``): user then password is every such
# API's order. A URL or JDBC string among the literals is the address, not the user.
_CREDENTIAL_CALL = re.compile(r"(?i)(?:\b(?:auth|credentials?)\s*=\s*\(|[\w.]*?(?:credential|login|log_in|signin|sign_in"
                              r"|authenticate|auth|connection|connect)\w*\s*\()")
_CALL_ARG = re.compile(r"""\s*(?:"([^"\\\n]*)"|'([^'\\\n]*)'|[^,()"'\n]*(?:\([^()\n]*\))?[^,()"'\n]*)\s*([,)])""")
CALL_GATES = ('("', "('", '( "', "( '")
_ADDRESS_ARG = re.compile(r"^(?:[a-z][\w+.-]*:|[\w.-]+\.[a-z]{2,}$|localhost$)", re.IGNORECASE)


def positional_credentials(text: str) -> Iterator[tuple[int, int]]:
    """The password literal of each sign-in or connect call (the one after the user's)."""
    for m in _CREDENTIAL_CALL.finditer(text):
        literals: list[tuple[int, int, int]] = []  # (argument index, start, end) of each string literal
        at, index = m.end(), 0
        while True:
            arg = _CALL_ARG.match(text, at)
            if arg is None or arg.end() == at:
                break
            group = 1 if arg.group(1) is not None else 2 if arg.group(2) is not None else 0
            if group and not _ADDRESS_ARG.match(arg.group(group)):
                literals.append((index, arg.start(group), arg.end(group)))
            at, index = arg.end(), index + 1
            if arg.group(3) == ")":
                break
        if len(literals) >= 2 and literals[1][0] == literals[0][0] + 1:
            start, end = literals[1][1], literals[1][2]
            value = text[start:end]
            if len(value) >= 4 and not value.isdigit() and not any(c.isspace() for c in value) and not shown_as_is(value):
                yield start, end


# A configuration directive that gives a secret its value after a blank, with no ``=`` or ``:``
# (Cisco IOS ``username NAME privilege 15 password 0 VALUE``, ``enable secret 5 ...``, redis.conf
# ``requirepass VALUE``, ``masterauth``, Apache/nginx-style ``key value`` lines): the value is the
# line's last word, after the secret's name and an optional one-digit type. A sentence's last word
# is no value: the value must hold a digit or a symbol, or look random.
_DIRECTIVE = re.compile(r"(?i)[ \t]*(?:[\w-]+[ \t]+){0,4}?([\w-]*(?:pass|secret|token|key|auth)[\w-]*)[ \t]+(?:\d[ \t]+)?"
                        r"([^\s'\"]{6,})[ \t]*\r?$")
_DIRECTIVE_BLANKS = 8  # a directive line has at most the name's five words, a type digit and the value
_DIRECTIVE_GATE = re.compile(r"(?i)pass|secret|token|key|auth")
_SYMBOL_OR_DIGIT = re.compile(r"[\d\W_]")
_REFERENCE_START = re.compile(r"[/%{<]|\.{1,2}/|~/|\$[A-Za-z_{(]")  # a path or a variable (``$1$...`` is a crypt hash)


# A directive's name is one word, the secret's word at its end (redis ``requirepass``, ``masterauth``):
# a field name would separate the words, a directive's name need not.
_DIRECTIVE_PASSWORD = re.compile(r"(?i)[a-z]{2,}(?:pass|passwd|auth)")
# A directive whose value is quoted in the middle of its line (fetchmail ``user "u" there with
# password "VALUE" is u here``, ``passwd "VALUE"``).
_QUOTED_DIRECTIVE = re.compile(r"(?i)(?<![\w-])(pass(?:word|wd)?)[ \t]+\"([^\"\n]{4,})\"")


def is_directive_name(name: str) -> bool:
    return _DIRECTIVE_PASSWORD.fullmatch(name) is not None


def _directive_kind(name: str, is_secret_name: Callable[[str], str | None]) -> str | None:
    kind = is_secret_name(name)
    return "password" if kind is None and is_directive_name(name) else kind


def _directive_value(value: str) -> bool:
    """A directive's last word as its value: not a path or a variable, and not a word (a digit or
    a symbol beside letters, or random)."""
    if shown_as_is(value) or _REFERENCE_START.match(value):
        return False
    return (_SYMBOL_OR_DIGIT.search(value) is not None and _kinds(value) >= 2) or _shannon(value) >= _MIN_ENTROPY


def directives(text: str, is_secret_name: Callable[[str], str | None]) -> Iterator[tuple[int, int, str]]:
    at = 0
    for line in text.split("\n"):  # (a line of prose has more blanks than a directive: one count, no regex)
        start, at = at, at + len(line) + 1
        if len(line) > 200 or "=" in line:
            continue
        if '"' in line and ("pass" in line or "PASS" in line or "Pass" in line):
            yield from _quoted_directives(line, start, is_secret_name)
        found = _directive_in(line, is_secret_name)
        if found is not None:
            yield start + found[0], start + found[1], found[2]


def _directive_in(line: str, is_secret_name: Callable[[str], str | None]) -> tuple[int, int, str] | None:
    if line.count(" ") > _DIRECTIVE_BLANKS or _DIRECTIVE_GATE.search(line) is None or (m := _DIRECTIVE.match(line)) is None:
        return None
    kind = _directive_kind(m.group(1), is_secret_name)
    return (m.start(2), m.end(2), kind) if kind is not None and _directive_value(m.group(2)) else None


def _quoted_directives(line: str, start: int, is_secret_name: Callable[[str], str | None]) -> Iterator[tuple[int, int, str]]:
    for m in _QUOTED_DIRECTIVE.finditer(line):
        kind = is_secret_name(m.group(1))
        if kind is not None and " " not in m.group(2) and _directive_value(m.group(2)):
            yield start + m.start(2), start + m.end(2), kind
_QUERY = re.compile(r"[?&;]([^=&\s#?]+)=([^&\s#]+)")

# A command whose output is a secret, and that output: the line after a shell prompt that runs one
# (``vault kv get -field=password ...``, ``vault read -field=``, ``heroku auth:token``, ``gh auth token``,
# ``gcloud auth print-access-token``, ``az account get-access-token ... -o tsv``, ``op read``, ``pass show``,
# ``security find-generic-password -w``), when it is one word. A ``-field=`` names what is printed: the
# name must be a secret's.
_PRINTER = re.compile(r"(?m)^[ \t]*(?:\S*[$#%>][ \t]+)(?:sudo[ \t]+)?(?P<cmd>(?:vault[ \t]+(?:kv[ \t]+get|read)[^\n]*?[ \t]-field=(?P<field>[\w.-]+)"
                      r"|heroku[ \t]+auth:token|gh[ \t]+auth[ \t]+token|gcloud[ \t]+auth[ \t]+(?:application-default[ \t]+)?print-"
                      r"(?:access|identity)-token|az[ \t]+account[ \t]+get-access-token|op[ \t]+read|pass[ \t]+show"
                      r"|security[ \t]+find-(?:generic|internet)-password\b[^\n]*?[ \t]-w)[^\n]*)\r?\n"
                      r"(?P<out>[^\s\"']{8,})[ \t]*\r?(?:\n|$)")
PRINTER_TRIGGERS = ("-field=", "auth:token", "auth token", "print-access-token", "print-identity-token", "get-access-token",
                    "op read", "pass show", "find-generic-password", "find-internet-password")


def printed_secrets(text: str, is_secret_name: Callable[[str], str | None]) -> Iterator[tuple[int, int, str]]:
    for m in _PRINTER.finditer(text):
        field = m.group("field")
        kind = "token" if field is None else is_secret_name(field)
        if kind is not None and not shown_as_is(m.group("out")):
            yield m.start("out"), m.end("out"), kind


# A secret-named member whose value is an object that holds the secret in a generic value slot:
# Terraform's ``terraform output -json`` (``{"db_password": {"sensitive": true, "value": "..."}}``),
# Pulumi's stack outputs, a parameter store's ``{"Name": ..., "Value": ...}`` under a secret's name.
_OBJECT_MEMBER = re.compile(r'"([^"\\\n]{1,80})"[ \t]*:[ \t]*(?=\{)')
_VALUE_SLOTS = ("value", "Value", "VALUE")
_DECODER = json.JSONDecoder()


def object_values(text: str, is_secret_name: Callable[[str], str | None]) -> Iterator[tuple[int, int, str]]:
    if '": {' not in text and '":{' not in text:
        return
    for m in _OBJECT_MEMBER.finditer(text):
        kind = is_secret_name(m.group(1))
        if kind is None:
            continue
        try:
            member, end = _DECODER.raw_decode(text, m.end())
        except ValueError:
            continue
        for slot in _VALUE_SLOTS:
            value = member.get(slot) if isinstance(member, dict) else None
            if isinstance(value, str) and value and not shown_as_is(value):
                written = json.dumps(value, ensure_ascii=False)[1:-1]
                at = text.find(written, m.end(), end)
                if at >= 0:
                    yield at, at + len(written), kind


def text_forms(text: str, is_secret_name: Callable[[str], str | None],
               finditer: Callable[[re.Pattern[str]], Iterable[re.Match[str]]] | None = None,
               present: Callable[[Sequence[Any]], Sequence[Any]] | None = None,
               ) -> Iterator[tuple[int, int, str]]:
    """Credential formats with no key=value (k8s name/value pairs, XML, PHP ``define``, .pgpass,
    .netrc, Oracle, query strings, positional passwords, directives, CI masking, printed secrets).
    ``finditer``: how a pattern's matches are found (adapters/secret_scan.py; plainly by default)."""
    yield from _form_matches(text, is_secret_name, finditer, present)
    yield from _unnamed_passwords(text)
    yield from object_values(text, is_secret_name)
    yield from directives(text, is_secret_name)
    if "\n" in text and any(t in text for t in PRINTER_TRIGGERS):
        yield from printed_secrets(text, is_secret_name)
    if "=" in text and ("?" in text or "&" in text):  # a query string: each name decoded on its own
        yield from _query_values(text, is_secret_name)


def _form_matches(text: str, is_secret_name: Callable[[str], str | None],
                  finditer: Callable[[re.Pattern[str]], Iterable[re.Match[str]]] | None,
                  present: Callable[[Sequence[Any]], Sequence[Any]] | None) -> Iterator[tuple[int, int, str]]:
    for pattern, name_group, value_group in _TEXT_FORMS if present is None else present(_TEXT_FORMS):
        for m in pattern.finditer(text) if finditer is None else finditer(pattern):
            name = m.group(name_group) if name_group else ""
            kind = "password" if not name or name.lower() == "pwd" else is_secret_name(name)
            if pattern is _LOGIN and _MYSQL.search(text, text.rfind("\n", 0, m.start()) + 1, m.start()):
                continue  # (mysql's ``-p`` takes its password attached: a word after ``-p `` is the database)
            if kind is not None and not shown_as_is(m.group(value_group).strip()):
                yield m.start(value_group), m.end(value_group), kind


# A mail or file-transfer protocol's sign-in as its transcript shows it (a client's debug output, a
# session log): FTP's and POP3's ``PASS`` after their ``USER`` (RFC 959, RFC 1939; a debug arrow
# like ``---> `` may lead), IMAP's ``tag LOGIN user password`` (RFC 9051, the password an atom or
# a quoted string). The verbs in capitals, as clients send them; ``PASS`` only after a ``USER``
# line (a test runner's ``PASS file.test.js`` has none).
_ARROW = r"(?:[-=<>]{1,4}[ \t]*)?"
_USER_PASS = re.compile(rf"(?m)^{_ARROW}USER[ \t]+\S+[ \t]*\r?\n(?:[^\n]*\n){{0,3}}?{_ARROW}PASS[ \t]+(\S+)[ \t]*\r?$")
_IMAP_LOGIN = re.compile(r'(?m)^[A-Za-z0-9.]{1,12}[ \t]+LOGIN[ \t]+(?:"[^"\n]*"|\S+)[ \t]+(?:"((?:[^"\\\n]|\\.)+)"|([^\s"]+))[ \t]*\r?$')
PROTOCOL_TRIGGERS = ("pass ", " login ")  # (lowered: the pre-scan's words for the two)


def protocol_logins(text: str) -> Iterator[tuple[int, int, str]]:
    if "PASS" in text and "USER" in text:
        for m in _USER_PASS.finditer(text):
            yield m.start(1), m.end(1), "password"
    if " LOGIN " in text:
        for m in _IMAP_LOGIN.finditer(text):
            group = 1 if m.group(1) is not None else 2
            yield m.start(group), m.end(group), "password"


def _unnamed_passwords(text: str) -> Iterator[tuple[int, int, str]]:
    """.netrc's ``password`` after its ``machine``, a protocol's sign-in, and the password given
    positionally to a call."""
    if "machine" in text:
        for m in _NETRC.finditer(text):
            yield m.start(1), m.end(1), "password"
    yield from protocol_logins(text)
    if any(gate in text for gate in CALL_GATES):
        for start, end in positional_credentials(text):
            yield start, end, "password"


def _query_values(text: str, is_secret_name: Callable[[str], str | None]) -> Iterator[tuple[int, int, str]]:
    for m in _QUERY.finditer(text):
        kind = is_secret_name(unquote_plus(m.group(1)))
        if kind is not None and not shown_as_is(unquote_plus(m.group(2))):
            yield m.start(2), m.end(2), kind


# --- webhook URLs ------------------------------------------------------------------------------

# A webhook URL is its own credential: whoever holds it can post. The token is the long random
# path segment after the "webhooks"/"hooks" part (Discord, Slack, Teams, Mattermost, generic).
_WEBHOOK = re.compile(r"(?i)\bhttps?://[\w.-]+(?::\d+)?/(?:[\w.@-]+/)*?(?:webhooks?|hooks|webhookb2)/"
                      r"((?:[\w@.-]+/)*[A-Za-z0-9_-]{24,})")
_SEGMENT = re.compile(r"[A-Za-z0-9_-]{24,}")
_HEX = re.compile(r"[0-9a-fA-F]+")
_MIN_HEX_ENTROPY = 3.0  # (detect-secrets' hex limit)


def webhook_tokens(text: str) -> Iterator[tuple[int, int]]:
    """The random path segments of webhook URLs (an id or a word is no token)."""
    for m in _WEBHOOK.finditer(text):
        for seg in _SEGMENT.finditer(text, m.start(1), m.end(1)):
            value = seg.group(0)
            floor = _MIN_HEX_ENTROPY if _HEX.fullmatch(value) else _MIN_ENTROPY  # (hex holds 4 bits a character at most)
            if not value.isdigit() and _kinds(value) >= 2 and _shannon(value) >= floor:
                yield seg.start(), seg.end()


def _kinds(value: str) -> int:
    return any(c.islower() for c in value) + any(c.isupper() for c in value) + any(c.isdigit() for c in value)


# --- prefixed tokens ------------------------------------------------------------------------

# The convention of today's vendor tokens (GitHub's secret-scanning partner format): a short
# lowercase prefix naming the vendor and kind, an underscore, a long random body (``hf_``,
# ``sntrys_``, ``shpat_``, ``dop_v1_``, ``lin_api_``, ``glsa_``...). Known prefixes have their rules
# (gitleaks, detect-secrets); this finds the ones nobody listed, by shape and randomness.
_PREFIXED_BODY = re.compile(r"_([A-Za-z0-9]{30,}[A-Za-z0-9_+/=-]*)")
_PREFIX_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")
_MAX_PREFIX = 16
_MIN_ENTROPY = 4.0  # bits a character over the body's first 30+ (random base62: ~5; an English word run: < 4)


def prefixed_tokens(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each ``prefix_RANDOMBODY`` token: the prefix 2-16 lowercase letters, digits
    and underscores starting with a letter, the body 30+ letters and digits of two or more
    kinds (lower, upper, digit) with a high entropy."""
    for m in _PREFIXED_BODY.finditer(text):
        start = _prefix_start(text, m.start())
        body = m.group(1)
        if start is not None and _random_core(body[:body.find("_")] if "_" in body else body):
            yield start, m.end()
    yield from _segmented_tokens(text)


def _prefix_start(text: str, underscore: int) -> int | None:
    """Where the prefix before the body's ``_`` starts, if it is one (2+ characters, a letter first, a
    word's start)."""
    start = underscore
    while start > 0 and underscore - start < _MAX_PREFIX and text[start - 1] in _PREFIX_CHARS:
        start -= 1
    if underscore - start < 2 or not text[start].isalpha() or (start and (text[start - 1].isalnum() or text[start - 1] == "_")):
        return None
    return start


def _random_core(core: str) -> bool:
    """Letters and digits of two kinds or more, above 4 bits a character (so never hex alone:
    ``commit_<sha1>`` is an id)."""
    return _kinds(core) >= 2 and _shannon(core) >= _MIN_ENTROPY


# A prefixed token whose body has a short id segment before its secret (Pinecone ``pcsk_<id>_<key>``,
# Resend ``re_<id>_<key>``, LangSmith ``lsv2_pt_<key>_<check>``): the prefix lowercase, then two or
# three segments, the longest 20+ and all 30+ characters together, random as one.
# (led by the "_" itself, the lookbehind after it: SRE then skips from one "_" to the next in C; led by
# the lookbehind, it tried every position, ~13 us an 700-character raw against ~2)
_SEGMENTED = re.compile(r"_(?<=[a-z0-9]_)((?:[A-Za-z0-9]{2,}_){1,2}[A-Za-z0-9]{8,})(?![\w-])")
_SEGMENT_PREFIX = re.compile(r"(?<![\w-])[a-z][a-z0-9]{1,7}$")


def _segmented_tokens(text: str) -> Iterator[tuple[int, int]]:
    for m in _SEGMENTED.finditer(text):
        prefix = _SEGMENT_PREFIX.search(text, max(0, m.start() - 8), m.start())
        segments = m.group(1).split("_")
        core = "".join(segments)
        if prefix and len(core) >= 30 and max(map(len, segments)) >= 20 and _random_core(core):
            yield prefix.start(), m.end()


def _shannon(value: str) -> float:
    counts: dict[str, int] = {}
    for c in value:
        counts[c] = counts.get(c, 0) + 1
    n = len(value)
    return -sum(k / n * math.log2(k / n) for k in counts.values())


# --- tables --------------------------------------------------------------------------------

_DELIMS = (",", "\t", "|", ";")
_HEADER_CELL = re.compile(rf"[^\W\d][\w.\-{NAME_MARKS}]{{0,39}}(?: [\w.\-]{{1,20}}){{0,2}}")  # a column name, not a sentence


def table_columns(text: str, is_secret_name: Callable[[str], str | None]) -> Iterator[tuple[int, int, str]]:
    """Cells under a secret-named header of a CSV, TSV or ASCII table."""
    lines = text.split("\n")
    offsets: list[int] = []
    for i, header in enumerate(lines):
        delim = _delimiter(header)
        if delim is None:
            continue
        cells = [c.strip().strip("\"'") for c in header.split(delim)]
        if len(cells) < 2 or not all(_HEADER_CELL.fullmatch(c) for c in cells if c):
            continue  # a sentence with a comma is no header
        secret_cols = {j: k for j, c in enumerate(cells) if c and (k := is_secret_name(c)) is not None}
        if not secret_cols:
            continue
        for j2 in range(i + 1, len(lines)):
            row = lines[j2]
            if row.count(delim) != header.count(delim):
                if row.strip() and set(row.strip()) <= set("+-=| "):
                    continue  # an ASCII table's rule line
                break
            if not offsets:
                offsets = _offsets(lines)
            pos = offsets[j2]
            for j, cell in enumerate(row.split(delim)):
                value = cell.strip().strip("\"'")
                if j in secret_cols and value and not shown_as_is(value):
                    start = pos + cell.find(value)
                    yield start, start + len(value), secret_cols[j]
                pos += len(cell) + 1
        return


def _delimiter(line: str) -> str | None:
    """The line's cell delimiter, when the text before its first one can be a column name (a
    sentence's first clause cannot: one look instead of splitting every line of prose)."""
    for d in _DELIMS:
        at = line.find(d)
        if at >= 0:
            first = line[:at].strip().strip("\"'")
            return d if not first or _HEADER_CELL.fullmatch(first) else None
    return None


def _offsets(lines: list[str]) -> list[int]:
    out, at = [], 0
    for line in lines:
        out.append(at)
        at += len(line) + 1
    return out


# --- layers --------------------------------------------------------------------------------

_URL_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")
_WRAPPED = re.compile(r"(?m)^([ \t]*(?:[\w.-]+:[ \t]*)?(?:[Bb]earer[ \t]+)?)([A-Za-z0-9_+/=.-]{16,}|(?<=:))[ \t]*\n"
                      r"((?:[ \t]+[A-Za-z0-9_+/=.-]{6,}[ \t]*(?:\n|$))+)")
_USERINFO = re.compile(r"^[^:\s]{1,64}:\S{4,}$")


def wrapped_runs(text: str) -> Iterator[tuple[str, list[tuple[int, int]]]]:
    """A token broken over indented lines: the joined token and where each piece stands."""
    for m in _WRAPPED.finditer(text):
        pieces = [(m.start(2), m.end(2))] if m.group(2) else []
        at = m.start(3)
        for line in m.group(3).split("\n"):
            stripped = line.strip()
            if stripped:
                start = text.index(stripped, at)
                pieces.append((start, start + len(stripped)))
                at = start + len(stripped)
        yield (m.group(1) or "") + (" " if m.group(1) and m.group(1).endswith(":") else "") \
            + "".join(text[a:b] for a, b in pieces), pieces


# The regexes the readers above start from (secrets.py's paragraph gate): netrc, a sign-in call,
# a quoted directive, a printed secret, a directive's line (a key word, at most _DIRECTIVE_BLANKS blanks on each side of it: twice as
# many as a directive may have in all), a query string, a webhook URL, a prefixed or segmented
# token, a wrapped one, a table (a delimiter, then on the next line but rule lines another).
_DIRECTIVE_LINE = re.compile(rf"(?im)^(?:[^ \n]* ){{0,{_DIRECTIVE_BLANKS}}}[^ \n]*(?:pass|secret|token|key|auth)[^ \n]*"
                             rf"(?: [^ \n]*){{0,{_DIRECTIVE_BLANKS}}}$")
_TABLE = re.compile(r"(?m)[,\t|;][^\n]*\n(?:[^\S\n]*[-+=|](?:[^\S\n]|[-+=|])*\n)*[^\n]*[,\t|;]")
READER_GATES = (_NETRC, _USER_PASS, _IMAP_LOGIN, _OBJECT_MEMBER, _CREDENTIAL_CALL, _DIRECTIVE_LINE, _QUOTED_DIRECTIVE, _PRINTER, _QUERY, _WEBHOOK, _PREFIXED_BODY,
                _SEGMENTED, _WRAPPED, _TABLE)


def userinfo_in_base64(value: str) -> bool:
    """A base64 value that decodes to ``user:password`` (docker ``auths``, basic-auth headers)."""
    if len(value) < 12 or len(value) % 4 not in (0, 2, 3):
        return False
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return False
    return decoded.isprintable() and _USERINFO.match(decoded) is not None


def url_encoded(text: str) -> bool:
    return "%" in text and _URL_ESCAPE.search(text) is not None
