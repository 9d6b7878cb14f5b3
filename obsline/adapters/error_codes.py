"""Which stable ``ErrorCode`` a tool's own words mean, and how long it asks to wait.

Three readers, tried in this order by ``stable_code``: a table of well-known tool codes (gRPC
status names, Node.js system errors, OAuth 2.0 and a few API types that say nothing in words),
the message (phrases in English and 15 other languages), and the tool code read as words
(``ThrottlingException`` -> "throttling exception", ``LOG_NOT_FOUND`` -> "log not found").
The first that knows decides; none knowing is ``UNKNOWN``.
"""

from __future__ import annotations

import dataclasses
import re

from obsline.adapters import status_lexicon as lex
from obsline.adapters.status_gate import Families
from obsline.core.errors import RETRYABLE, ErrorCode
from obsline.core.models import ErrorInfo

E = ErrorCode

# A credential's noun in the languages of the lexicon (a session, a token, a password, an API or
# subscription key; not a bare "key": a map's key is no credential), and the words that call one wrong.
_CREDENTIAL_NOUNS = (r"(?:session\s*key|(?:subscription|access|secret|app|client|license)\s+key|token|токен|토큰|トークン|توكن|टोकन|contraseña|senha|mot de passe|passwort|kennwort|wachtwoord|"
                     r"hasło|heslo|jelszó|salasana|lösenord|adgangskode|passord|parolă|lozink|geslo|пароль|κωδικ|"
                     r"סיסמ|كلمة المرور|كلمة السر|رمز عبور|şifre|mật khẩu|kata sandi|รหัสผ่าน|पासवर्ड|密码|密碼|"
                     r"パスワード|비밀번호|암호)")
_WRONG_WORDS = (r"incorrect|invalid|wrong|expired|inválid|incorrect[ao]|errad|equivocad|falsch|ungültig|abgelaufen|"
                r"onjuist|ongeldig|verlopen|nieprawidłow|błędn|wygasł|neplatn|nesprávn|érvénytelen|helytelen|lejárt|"
                r"virheellinen|vanhentunut|felaktig|ogiltig|forkert|ugyldig|sbagliat|non valid|scadut|greșit|invalid|"
                r"expirat|neispravn|pogrešn|istekl|napačn|неверн|неправильн|недействител|недійсн|λάθος|μη έγκυρ|"
                r"שגוי|לא תקינ|غير صحيح|غير صالح|منتهي|نادرست|نامعتبر|hatalı|geçersiz|yanlış|süresi dol|"
                r"không đúng|không hợp lệ|hết hạn|salah|tidak valid|kedaluwarsa|ไม่ถูกต้อง|หมดอายุ|गलत|अमान्य|"
                r"错误|錯誤|无效|無效|不正确|不正確|过期|過期|校验失败|验证失败|間違|無効|正しくありません|期限切れ|잘못|"
                r"올바르지|만료")


def _either(nouns: str, wrong: str) -> list[str]:
    """Patterns for ``nouns`` and ``wrong`` in one clause, either first (no sentence end between): the
    words first in chunks, so that each pattern leads with few enough literals for the gate."""
    words = wrong.split("|")
    gap = r"[^.;。\n]{0,40}?"
    return [f"{nouns}{gap}(?:{wrong})"] + [f"(?:{'|'.join(words[i:i + 40])}){gap}{nouns}"
                                          for i in range(0, len(words), 40)]


# Ordered: the first pattern that matches decides (a specific phrase before a general one).
_FAMILIES: list[tuple[re.Pattern[str], ErrorCode]] = [
    (re.compile(r"time[ds]?[ -]?out|deadline (exceeded|expired)|i/o timeout|\bno response\b|did not respond|"
                r"not responding|"
                r"超时|逾時|逾时|タイムアウト|시간이 초과|시간 초과|zeitüberschreitung|délai d'attente|"
                r"tiempo de espera|tempo limite|время ожидания|tempo scaduto|aikakatkai", re.I), E.TIMEOUT),
    # A limit on memory, or an allocation the work asked for and could not have, is the work too big for
    # what it runs on (not a rate: waiting does not help).
    (re.compile(r"memory[ _]limit|(?:tried|attempt(?:ing|ed)?) to allocate", re.I), E.TOO_LARGE),
    (re.compile(r"rate.?limit|too many requests|too many (?:[\w-]+ )?(?:calls|visits|attempts|queries|hits|connections)\b|"
                r"(?:number|limit) of concurrent (?:requests|calls)|number of (?:requests|calls) (?:\w+ ){0,3}exceeded|"
                r"call frequency|quota|(?<!size )(?<!length )limit exceeded|throttl|rate exceeded|throughput|slow ?down|"
                r"reduce your request rate|flow control|qps|request limit|limit reached|resource exhausted|"
                r"过于频繁|频率|頻繁|限流|配额|配額|多すぎ|너무 많|zu viele|trop de requêtes|demasiadas solicitudes|"
                r"muitas solicitações|слишком много|troppe richieste|te veel verzoeken|quá nhiều yêu cầu|çok fazla istek|"
                r"zbyt wiele żądań|terlalu banyak permintaan|طلبات كثيرة|عدد كبير جدًا من الطلبات|превышен лимит|"
                r"лимит запросов|перевищено ліміт", re.I), E.RATE_LIMITED),
    # (insufficient funds in the languages of the lexicon: a balance too low is the account's state)
    (re.compile(r"card (was )?declined|declined|card has expired|expired card|insufficient funds|余额不足|餘額不足|"
                r"残高不足|잔액 부족|잔액이 부족|saldo insuficiente|solde insuffisant|guthaben reicht nicht|"
                r"недостаточно средств|yetersiz bakiye|saldo tidak cukup|số dư không đủ", re.I),
     E.CONFLICT),
    (re.compile(r"unauthori[sz]ed|unauthenticated|authenticat|invalid (api )?key|api key|access ?key|"
                r"invalid access token|access[ _]token|token (is )?(expired|invalid)|expired api key|"
                r"security token|invalid[ _]auth|not[ _]authed|credential|login|log in|logged in|signature|"
                r"auth ?failure|invalid[ _]grant|invalid[ _]client|session (expired|id)|authori[sz]ation grant|"
                r"token (inválid|invalide|ungültig|non valid|недействител|geçersiz)|oturum|süresi doldu|"
                r"sesja wygasła|phiên đăng nhập|sesi (telah )?berakhir|"
                r"未授权|未登录|登录|登入|签名|認証|인증|authentifizierung|authentification|autenticación|"
                r"autenticação|аутентификац|autenticazione|令牌|(?:user ?name|login)(?: or | and |/)password", re.I),
     E.AUTH_FAILED),
    # A credential said to be wrong, in any words around it ("The Server Token you provided ... was
    # invalid", "Invalid API secret", "ACL not found"), or a prompt for one that could not be read.
    (re.compile(r"\bsign(?:ing|ed)?[ -]?in\b|(?:read|enter|provide|prompt for) (?:the |a )?(?:user ?name|password)|"
                r"(?:invalid|incorrect|wrong|expired|revoked|bad|unknown)\s+(?:[\w-]+\s+){0,2}?(?:token|secret|"
                r"api[ _-]?key|password|credentials?|passphrase|session|(?:subscription|secret|app|client|license)[ _-]?key)\b",
                re.I), E.AUTH_FAILED),
    (re.compile(r"\b(?:token|secrets?|api[ _-]?key|password|credentials?|acl)\b[^.;\n]{0,60}?\b(?:(?:is|was|are|were|"
                r"has been|have been) (?:invalid|incorrect|wrong|expired|revoked|not valid)|not found|expired|"
                r"revoked|not exists?|does not exist)\b|"
                # the credential itself asked for ("Secrets were required"), not a scope it lacks
                r"\b(?:token|secrets?|api[ _-]?key|password|credentials?)\s+(?:(?:is|was|are|were)\s+)?required\b",
                re.I), E.AUTH_FAILED),
    # The same in other languages: a credential's noun beside a word that calls it wrong or invalid,
    # either order ("Érvénytelen hozzáférési token", "Kullanıcı adı veya şifre hatalı", "Neispravna lozinka").
    *((re.compile(p, re.I), E.AUTH_FAILED) for p in _either(_CREDENTIAL_NOUNS, _WRONG_WORDS)),
    (re.compile(r"permission[ _]denied|no permission|(do|does|did) not have (the )?(permission|authori[sz]ation|access)|"
                r"insufficient permission|lacks? (the )?permission|not permitted|forbidden|not allowed|access[ _]denied|"
                r"not authori[sz]ed|n't authori[sz]ed|n't (?:allowed|permitted)|not accessible|authori[sz]ation ?failed|does not have (authori[sz]ation|access)|missing[ _]scope|(?<!this )(?<!that )(?<!the current )(?<!current )scope|not[ _]in[ _]channel|"
                r"outside (the )?sandbox|权限|權限|无权|拒绝访问|拒否|거부|verweigert|refusé|denegado|negado|"
                r"запрещ|negato|geweigerd|reddedildi|odmowa|privilege|uprawnie|yetki|không có quyền|"
                r"akses ditolak|\bizin\b|صلاحية|مرفوض", re.I), E.PERMISSION_DENIED),
    (re.compile(r"too large|payload size|exceeds (the )?(size|limit)|entity too large", re.I), E.TOO_LARGE),
    (re.compile(r"not found|no such|does not exist|doesn't exist|\bnot installed\b|did not match any|"
                r"\bno [\w-]+ exists (?:with|named|called|for|by)\b|"
                # a thing the tool does not know ("unknown package", "manifest unknown"); an
                # unknown error, option or state is no missing thing
                r"\bunknown (?:user|order|reservation|package|manifest|blob|repository|repo|image|tag|project|module|"
                r"formula|toolchain|file|table|database|bucket|model|remote|branch)\b|"
                r"\b(?:manifest|blob|package|repository|image|tag|revision) unknown\b|"
                r"\bno (?:[\w-]+ ){1,3}(?:named|called) \S+(?: \S+)? found\b|\bno (?:[\w-]+ ){1,3}found (?:similar to|matching)\b|"
                r"resource[ _]missing|could not find|couldn't find|cannot find|can't find|notfound|not be found|"
                r"\bno (?:available|matching|known) [\w-]+ (?:with|named|called|for)\b|"
                r"不存在|找不到|未找到|見つかりません|찾을 수 없|nicht gefunden|introuvable|no encontrad|"
                r"não encontrad|не найден|non trovat|niet gevonden|bulunamadı|nie znaleziono|không tìm thấy|"
                r"tidak ditemukan|غير موجود", re.I), E.NOT_FOUND),
    (re.compile(r"malformed|unparseable|invalid json|decode error", re.I), E.MALFORMED),
    (re.compile(r"upstream|bad gateway|unavailable|internal (server )?error|internal|connection ?(reset|refused|"
                r"error)|max retries exceeded|temporar|overloaded|unexpected error|system error|socket hang up|"
                r"connect(ion)? failed|failed to connect|(?:cannot|can't|could not|couldn't|unable to) connect|resolve host|"
                r"name resolution|"
                r"sunucu hatası|błąd serwera|lỗi máy chủ|kesalahan server|الخادم|داخلي|"
                r"服务器|伺服器|服务不可用|无法连接|稍后|稍後|しばらく|잠시 후|später|plus tard|más tarde|mais tarde|"
                r"позже|più tardi|later opnieuw|daha sonra|później|thử lại sau|coba lagi nanti|لاحق", re.I),
     E.UPSTREAM_FAILURE),
    (re.compile(r"(?:may|must|cannot|can't|can not) (?:not )?be (?:empty|blank|null)", re.I), E.INVALID_ARGUMENT),
    (re.compile(r"cannot be|can't be|already|non-\w+ order|not available|not enough|insufficient|conflict|"
                r"no longer|is not (pending|delivered)|locked|in use|conditional|duplicate|aborted|"
                r"version mismatch|被锁|占用|锁定|\block\b", re.I), E.CONFLICT),
    (re.compile(r"invalid|should be|must|does not (match|add up)|required|below (?:the )?minimum|above (?:the )?maximum|"
                r"out of range|geçersiz|not a valid|unsupported|wrong|"
                r"not (?:configured|specified|provided)|(?:no|any|have an?) [\w-]+ (?:or [\w-]+ )?configured|"
                r"missing|syntax error|validation|bad request|unprocessable|"
                r"参数|無効|무효|잘못된|ungültig|invalide|inválid|неверн|недопустим|non valid", re.I),
     E.INVALID_ARGUMENT),
]
_LEXICON = {E.TIMEOUT: lex.TIMEOUT, E.RATE_LIMITED: lex.RATE_LIMITED, E.AUTH_FAILED: lex.AUTH_FAILED,
            E.PERMISSION_DENIED: lex.PERMISSION_DENIED, E.NOT_FOUND: lex.NOT_FOUND,
            E.UPSTREAM_FAILURE: lex.UPSTREAM_FAILURE, E.CONFLICT: lex.CONFLICT, E.INVALID_ARGUMENT: lex.INVALID_ARGUMENT}
_CHUNK = 48  # phrases a pattern: the literal gate (status_gate) takes a bounded number of literals a pattern


def _with_lexicon(families: list[tuple[re.Pattern[str], ErrorCode]]) -> list[tuple[re.Pattern[str], ErrorCode]]:
    """Each code's first family followed by the lexicon's phrases of that meaning, in chunks."""
    out, added = [], set()
    for pattern, code in families:
        out.append((pattern, code))
        if code in _LEXICON and code not in added:
            added.add(code)
            phrases = sorted(set(_LEXICON[code]), key=len, reverse=True)
            out += [(re.compile(lex.alternation(tuple(phrases[i:i + _CHUNK])), re.I), code)
                    for i in range(0, len(phrases), _CHUNK)]
    return out


MESSAGE_CODES = _with_lexicon(_FAMILIES)

# Codes whose words say nothing (or mislead) on their own: gRPC names (both spellings),
# Node.js errnos, OAuth 2.0 errors, and a few API types.
_GRPC = {"CANCELLED": E.UNKNOWN, "UNKNOWN": E.UNKNOWN, "INVALID_ARGUMENT": E.INVALID_ARGUMENT,
         "DEADLINE_EXCEEDED": E.TIMEOUT, "NOT_FOUND": E.NOT_FOUND, "ALREADY_EXISTS": E.CONFLICT,
         "PERMISSION_DENIED": E.PERMISSION_DENIED, "RESOURCE_EXHAUSTED": E.RATE_LIMITED,
         "FAILED_PRECONDITION": E.CONFLICT, "ABORTED": E.CONFLICT, "OUT_OF_RANGE": E.INVALID_ARGUMENT,
         "UNIMPLEMENTED": E.INVALID_ARGUMENT, "INTERNAL": E.UPSTREAM_FAILURE, "UNAVAILABLE": E.UPSTREAM_FAILURE,
         "DATA_LOSS": E.UPSTREAM_FAILURE, "UNAUTHENTICATED": E.AUTH_FAILED}
GRPC_NUMBERS = {1: "CANCELLED", 2: "UNKNOWN", 3: "INVALID_ARGUMENT", 4: "DEADLINE_EXCEEDED", 5: "NOT_FOUND",
                6: "ALREADY_EXISTS", 7: "PERMISSION_DENIED", 8: "RESOURCE_EXHAUSTED", 9: "FAILED_PRECONDITION",
                10: "ABORTED", 11: "OUT_OF_RANGE", 12: "UNIMPLEMENTED", 13: "INTERNAL", 14: "UNAVAILABLE",
                15: "DATA_LOSS", 16: "UNAUTHENTICATED"}
KNOWN_CODES: dict[str, ErrorCode] = {
    **{k.lower(): v for k, v in _GRPC.items()},
    **{k.replace("_", "").lower(): v for k, v in _GRPC.items()},  # DeadlineExceeded
    "econnrefused": E.UPSTREAM_FAILURE, "econnreset": E.UPSTREAM_FAILURE, "enotfound": E.UPSTREAM_FAILURE,
    "ehostunreach": E.UPSTREAM_FAILURE, "enetunreach": E.UPSTREAM_FAILURE, "epipe": E.UPSTREAM_FAILURE,
    "etimedout": E.TIMEOUT, "esockettimedout": E.TIMEOUT, "eacces": E.PERMISSION_DENIED, "eperm": E.PERMISSION_DENIED,
    "enoent": E.NOT_FOUND, "eexist": E.CONFLICT, "ebusy": E.CONFLICT, "einval": E.INVALID_ARGUMENT,
    "invalid_grant": E.AUTH_FAILED, "invalid_client": E.AUTH_FAILED, "invalid_token": E.AUTH_FAILED,
    "unauthorized_client": E.AUTH_FAILED, "access_denied": E.PERMISSION_DENIED, "invalid_scope": E.INVALID_ARGUMENT,
    "invalid_request": E.INVALID_ARGUMENT, "server_error": E.UPSTREAM_FAILURE,
    "insufficient_scope": E.PERMISSION_DENIED,
    # the argument exceptions of Ruby, Elixir, Java and .NET
    "argumenterror": E.INVALID_ARGUMENT, "illegalargumentexception": E.INVALID_ARGUMENT,
    "argumentexception": E.INVALID_ARGUMENT, "argumentnullexception": E.INVALID_ARGUMENT,  # RFC 6750's bearer-token errors (invalid_token above)
    "temporarily_unavailable": E.UPSTREAM_FAILURE, "api_error": E.UPSTREAM_FAILURE,
    "api_connection_error": E.UPSTREAM_FAILURE, "overloaded_error": E.UPSTREAM_FAILURE,
    "timeout": E.TIMEOUT, "rate_limit": E.RATE_LIMITED, "unauthorized": E.AUTH_FAILED,
    "forbidden": E.PERMISSION_DENIED, "not_found": E.NOT_FOUND, "notfound": E.NOT_FOUND,
    "keyerror": E.NOT_FOUND, "filenotfounderror": E.NOT_FOUND, "lookuperror": E.NOT_FOUND,
    "permissionerror": E.PERMISSION_DENIED, "timeouterror": E.TIMEOUT, "connectionrefusederror": E.UPSTREAM_FAILURE,
    "connectionreseterror": E.UPSTREAM_FAILURE, "connectionerror": E.UPSTREAM_FAILURE,
    "bad_request": E.INVALID_ARGUMENT, "validation_error": E.INVALID_ARGUMENT, "upstream": E.UPSTREAM_FAILURE,
    **{c.value.lower(): c for c in ErrorCode if c is not E.UNKNOWN},
}
_NODE_ERRNO = re.compile(r"\bE(?:CONNREFUSED|CONNRESET|NOTFOUND|HOSTUNREACH|NETUNREACH|PIPE|TIMEDOUT|SOCKETTIMEDOUT|"
                         r"ACCES|PERM|NOENT|EXIST|BUSY|INVAL)\b")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|[_.\-#:/]+")


# One Aho-Corasick pass says which patterns can match (status_gate): most messages match none.
_CODE_FAMILIES = Families([p for p, _ in MESSAGE_CODES])
# MESSAGE_CODES[:_CAUSES] name a cause (up to MALFORMED's family); the rest are general words ("internal", "later", "invalid")
_CAUSES = next(i for i, (_, c) in enumerate(MESSAGE_CODES) if c is E.MALFORMED) + 1
# Causes given as alternatives ("does not exist or you do not have permission"): the first stated is the one named.
_ALTERNATIVE = re.compile(r"\s(?:or|oder|ou|o|или|of|lub|veya|hoặc|atau)\s|或|または|또는|أو", re.I)


def code_for_message(message: str) -> ErrorCode:
    return _first_stated(message, _CODE_FAMILIES.first(message))


def code_for_message_plain(message: str) -> ErrorCode:
    """The plain twin of ``code_for_message``: every pattern, in order."""
    return _first_stated(message, _CODE_FAMILIES.first_plain(message))


def names(code: ErrorCode, message: str) -> bool:
    """Whether a phrase of ``code``'s patterns stands in the message (whatever else does)."""
    return any(c is code and p.search(message) for p, c in MESSAGE_CODES)


def _first_stated(message: str, found: int | None) -> ErrorCode:
    """The code of the pattern that matched first in order, unless the message gives another
    cause as an alternative stated before it ("X or Y": X)."""
    if found is None:
        return E.UNKNOWN
    if found < _CAUSES - 1 and _ALTERNATIVE.search(message):
        named = MESSAGE_CODES[found][0].search(message)
        if named is not None:
            earlier = [(m.start(), i) for i in range(found + 1, _CAUSES)
                       if (m := MESSAGE_CODES[i][0].search(message, 0, named.start())) is not None
                       and _ALTERNATIVE.search(message, m.end(), named.start())]
            if earlier:
                found = min(earlier)[1]
    return MESSAGE_CODES[found][1]


# Codes that name the class of a request's failure, not its reason: a message naming a cause says more
# (Mercado Pago's "bad_request" beside "invalid access token").
_REQUEST_CLASSES = frozenset({"bad_request", "badrequest", "invalid_request", "invalidrequest", "validation_error"})


def token_words(token: str) -> str:
    """``ThrottlingException`` -> "Throttling Exception", ``LOG_NOT_FOUND`` -> "LOG NOT FOUND"."""
    return _CAMEL.sub(" ", token).strip()


def known_code(token: str | None) -> ErrorCode | None:
    if not token:
        return None
    key = token.strip().lower()
    if key.startswith("statuscode."):
        key = key[len("statuscode."):]
    return KNOWN_CODES.get(key) or KNOWN_CODES.get(key.replace("_", ""))


def stable_code(tool_code: str | None, message: str) -> ErrorCode:
    """The stable code of an error from the tool's code and message (see the module docstring)."""
    known = known_code(tool_code)
    if known is E.INVALID_ARGUMENT and message and tool_code.lower() in _ARGUMENT_CLASSES:  # type: ignore[union-attr]
        named = code_for_message(message)
        if named in _SPECIFIC:  # Julia's "ArgumentError: Package Flux not found": the cause, not the class
            return named
    if known is not None and known is not E.UNKNOWN and not (known is E.INVALID_ARGUMENT and message
                                                              and tool_code.lower() in _REQUEST_CLASSES):  # type: ignore[union-attr]
        return known
    found = code_for_message(message) if message else E.UNKNOWN
    if known is not None and found in (E.UNKNOWN, E.INVALID_ARGUMENT, E.MALFORMED):
        return known  # (a request class's name, bad_request, says no less than general words)
    if found in _GENERAL and tool_code and not tool_code.isdigit():
        # The tool's code read as words: it decides where the message names no cause, and over general
        # words ("invalid", "param") where it names one ("error-room-not-found" beside "param ... does
        # not match any channel").
        words = token_words(tool_code)
        named = code_for_message(words)
        if named is E.UNKNOWN and _UNKNOWN_THING.fullmatch(words):
            named = E.NOT_FOUND
        if found is E.UNKNOWN or named in _SPECIFIC:
            found = named
    return found


_GENERAL = frozenset({E.UNKNOWN, E.INVALID_ARGUMENT})
# The argument exceptions of the languages (the class says a call's argument was refused, not why).
_ARGUMENT_CLASSES = frozenset({"argumenterror", "illegalargumentexception", "argumentexception"})
_SPECIFIC = frozenset({E.NOT_FOUND, E.AUTH_FAILED, E.PERMISSION_DENIED, E.RATE_LIMITED, E.TIMEOUT})


# A code naming a thing its server does not know (the OCI distribution spec's MANIFEST_UNKNOWN,
# BLOB_UNKNOWN, NAME_UNKNOWN: HTTP 404); not an unknown error, reason or state.
_UNKNOWN_THING = re.compile(r"(?!(?:error|reason|cause|status|state|type|result|code)\b)[A-Za-z]+(?: [A-Za-z]+)* "
                            r"unknown", re.I)

# The SQL standard's SQLSTATE classes whose meaning is one reason (class 42, "syntax error or
# access rule violation", is two and is left to the words).
_SQLSTATE_CLASSES = {"08": E.UPSTREAM_FAILURE, "22": E.INVALID_ARGUMENT, "23": E.CONFLICT, "28": E.AUTH_FAILED,
                     "40": E.CONFLICT}


def sqlstate_code(state: str | None) -> ErrorCode | None:
    """The stable code of a SQLSTATE (``28000``: invalid authorization specification), or None."""
    return _SQLSTATE_CLASSES.get(state[:2]) if state and len(state) == 5 else None


def node_errno(text: str) -> str | None:
    """A Node.js system error code named in a text (``connect ECONNREFUSED 127.0.0.1:5432``)."""
    found = _NODE_ERRNO.search(text)
    return found.group(0) if found else None


# --- waits ----------------------------------------------------------------------------------

_UNIT = (r"(ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hours?|秒钟|秒|分钟|分|초|분|Sekunden|Minuten|"
         r"secondes|minutes|segundos|minutos|секунд[уы]?|минут[уы]?|secondi|minuti|seconden|minuten|saniye|"
         r"sekund[y]?|giây|phút|detik|menit|dakika|ثانية|دقيقة|" + lex.alternation(lex.UNITS_SECONDS + lex.UNITS_MINUTES)
         + ")")
_AMOUNT = re.compile(r"(\d+(?:\.\d+)?)\s*" + _UNIT + r"(?![A-Za-z])", re.I)
_RETRY_WORDS = re.compile(
    r"retry|try again|again|poll|check back|wait|available (?:again )?in|重试|再试|重新|查询|再試|再確認|다시|erneut|réessay|de nouveau|intent|"
    r"inténte|inténta|de nuevo|"
    r"vuelva|tente|novamente|повтор|riprova|opnieuw|tekrar|ponownie|再度|もう一度|thử lại|coba lagi|"
    r"حاول", re.I)
_RETRY_ELSEWHERE = re.compile(lex.alternation(lex.RETRY), re.I)  # (apart: a gate takes so many literals a pattern)
_RETRY_GATE = Families([_RETRY_WORDS, *lex.chunked(lex.RETRY)])
_BARE_RETRY = re.compile(r"(?im)^retry-after:\s*(\d+)\s*$|retry[ -]after[:= ]+(\d+(?:\.\d+)?)(?![\d.])(?!\s*[A-Za-z%])")
_SENTENCE = re.compile(r"[^.!?。！？\n]+")


_MINUTES = frozenset(lex.UNITS_MINUTES)


def _scale(unit: str) -> int:
    u = unit.lower()
    if u in ("ms", "millisecond", "milliseconds"):
        return 1
    if u.startswith(("h",)):
        return 3_600_000
    if u in ("m", "min", "mins") or u in _MINUTES or u.startswith(("minute", "минут", "minut", "分", "phút", "menit",
                                                                   "dakika", "دقيقة")) or u == "분":
        return 60_000
    return 1000


def retry_after_in_text(text: str) -> int | None:
    """Milliseconds of a wait the text asks for: ``Retry-After: 30``, "retry after 5 seconds",
    "try again in 2 minutes", "请20秒后重试", "Réessayez dans 20 secondes"; None when it names none."""
    head = text[:4096]
    if not _RETRY_GATE.any(head):  # every form below holds a retry word ("Retry-After" too)
        return None
    return _wait_in(head)


def retry_after_in_text_plain(text: str) -> int | None:
    """The plain twin of ``retry_after_in_text``: no gate."""
    return _wait_in(text[:4096])


def _wait_in(head: str) -> int | None:
    bare = _BARE_RETRY.search(head)
    if bare:
        return int(float(bare.group(1) or bare.group(2)) * 1000)
    for sentence in _SENTENCE.findall(head):
        if not _RETRY_WORDS.search(sentence) and not _RETRY_ELSEWHERE.search(sentence):
            continue
        found = _AMOUNT.search(sentence)
        if found:
            return int(round(float(found.group(1)) * _scale(found.group(2))))
    return None


def duration_ms(value: object) -> int | None:
    """A protobuf duration (``"20s"``, ``"1.5s"``) or a number of seconds, in milliseconds."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return int(round(value * 1000))
    if isinstance(value, str):
        found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(ms|s)?\s*", value)
        if found:
            return int(round(float(found.group(1)) * (1 if found.group(2) == "ms" else 1000)))
    return None


# --- the error record -------------------------------------------------------------------------

# Short on purpose: an error observation of a short raw must stay within a few tokens of it.
SUGGESTIONS: dict[ErrorCode, str] = {
    E.TIMEOUT: "retry after a wait",
    E.RATE_LIMITED: "wait, then retry",
    E.AUTH_FAILED: "fix credentials",
    E.PERMISSION_DENIED: "ask for access",
    E.INVALID_ARGUMENT: "fix arguments",
    E.NOT_FOUND: "check id",
    E.CONFLICT: "re-read state",
    E.UPSTREAM_FAILURE: "retry with backoff",
    E.TOO_LARGE: "narrow request",
    E.MALFORMED: "report tool",
    E.COMMAND_FAILED: "fix command",
    E.UNKNOWN: "read artifact",
}


def make_error(code: ErrorCode, message: str, *, retry_after_ms: int | None = None,
               field_errors: list[dict[str, str]] | None = None, tool_code: str | None = None,
               suggested_actions: list[str] | None = None, retryable: bool | None = None) -> ErrorInfo:
    """One error record. The tool's own code, suggested actions and retryable flag are kept as
    it wrote them; ours fill in what it did not say. A wait the tool asks for makes it retryable."""
    if retryable is None:
        retryable = code in RETRYABLE or retry_after_ms is not None
    return ErrorInfo(
        code=code, message=message, retryable=retryable, retry_after_ms=retry_after_ms,
        field_errors=field_errors or [], suggested_actions=suggested_actions or [SUGGESTIONS[code]],
        tool_code=tool_code,
    )


#: the advice of a call that may have taken effect: a tool that is not idempotent, never answered
NOT_IDEMPOTENT_ADVICE = "the call may have taken effect (not idempotent): re-read the state before retrying"
UNANSWERED = frozenset({ErrorCode.TIMEOUT, ErrorCode.UPSTREAM_FAILURE})


def not_idempotent(info: ErrorInfo) -> ErrorInfo:
    """The error of a call to a tool that is not idempotent (the envelope's ``"idempotent": false``:
    the MCP gateway sends it from the tool's annotations): one the upstream never answered (a
    timeout, a failure) is not retried blindly, as it may have taken effect. Read in the record
    path, so the error line, ``next:``, the retry signal and the gateway's ``_meta`` say it alike."""
    if info.code not in UNANSWERED:
        return info
    return dataclasses.replace(info, retryable=False, suggested_actions=[NOT_IDEMPOTENT_ADVICE])


def recode(info: ErrorInfo, code: ErrorCode, *, retry_after_ms: int | None, tool_code: str | None) -> ErrorInfo:
    """``info`` under another stable code (an HTTP status that says more than its words): our own
    advice follows the code, the tool's is kept."""
    ours = info.suggested_actions == [SUGGESTIONS[info.code]]
    return make_error(code, info.message, retry_after_ms=retry_after_ms, field_errors=info.field_errors,
                      tool_code=tool_code, suggested_actions=None if ours else info.suggested_actions)
