"""Errors as text: plain statements in many languages, HTTP status lines, stack traces."""

from __future__ import annotations

from obsline.protocol_corpus.case import RETRYABLE, Case, err

# --- errors: text in many languages, HTTP lines, traces ----------------------------------------

_LANG_ERRORS: dict[str, list[tuple[str, str, int | None]]] = {
    # (text, stable code, retry_after_ms)
    "zh": [("请求失败，请稍后再试", "UPSTREAM_FAILURE", None), ("用户不存在", "NOT_FOUND", None),
           ("权限不足，无法访问该资源", "PERMISSION_DENIED", None), ("请求超时", "TIMEOUT", None),
           ("请求过于频繁，请20秒后重试", "RATE_LIMITED", 20_000), ("参数错误：缺少 order_id", "INVALID_ARGUMENT", None),
           ("登录已过期，请重新登录", "AUTH_FAILED", None), ("服务器内部错误", "UPSTREAM_FAILURE", None)],
    "zh-Hant": [("請求失敗，請稍後再試", "UPSTREAM_FAILURE", None), ("找不到該訂單", "NOT_FOUND", None),
                ("權限不足", "PERMISSION_DENIED", None), ("連線逾時", "TIMEOUT", None)],
    "ja": [("リクエストに失敗しました。しばらくしてから再試行してください。", "UPSTREAM_FAILURE", None),
           ("ユーザーが見つかりません", "NOT_FOUND", None), ("アクセスが拒否されました", "PERMISSION_DENIED", None),
           ("タイムアウトしました", "TIMEOUT", None), ("リクエストが多すぎます。30秒後に再試行してください。",
                                                  "RATE_LIMITED", 30_000), ("認証に失敗しました", "AUTH_FAILED", None)],
    "ko": [("요청에 실패했습니다. 잠시 후 다시 시도해 주세요.", "UPSTREAM_FAILURE", None),
           ("사용자를 찾을 수 없습니다", "NOT_FOUND", None), ("접근이 거부되었습니다", "PERMISSION_DENIED", None),
           ("요청 시간이 초과되었습니다", "TIMEOUT", None), ("요청이 너무 많습니다. 20초 후에 다시 시도하세요.",
                                                     "RATE_LIMITED", 20_000), ("인증에 실패했습니다", "AUTH_FAILED", None)],
    "de": [("Anfrage fehlgeschlagen, bitte später erneut versuchen", "UPSTREAM_FAILURE", None),
           ("Benutzer nicht gefunden", "NOT_FOUND", None), ("Zugriff verweigert", "PERMISSION_DENIED", None),
           ("Zeitüberschreitung der Anfrage", "TIMEOUT", None),
           ("Zu viele Anfragen. Bitte in 30 Sekunden erneut versuchen.", "RATE_LIMITED", 30_000),
           ("Ungültiger Parameter: email", "INVALID_ARGUMENT", None), ("Authentifizierung fehlgeschlagen",
                                                                       "AUTH_FAILED", None)],
    "fr": [("La requête a échoué, veuillez réessayer plus tard", "UPSTREAM_FAILURE", None),
           ("Utilisateur introuvable", "NOT_FOUND", None), ("Accès refusé", "PERMISSION_DENIED", None),
           ("Délai d'attente dépassé", "TIMEOUT", None), ("Trop de requêtes. Réessayez dans 20 secondes.",
                                                          "RATE_LIMITED", 20_000),
           ("Paramètre invalide : email", "INVALID_ARGUMENT", None), ("Échec de l'authentification", "AUTH_FAILED",
                                                                      None)],
    "es": [("La solicitud falló, inténtelo de nuevo más tarde", "UPSTREAM_FAILURE", None),
           ("Usuario no encontrado", "NOT_FOUND", None), ("Acceso denegado", "PERMISSION_DENIED", None),
           ("Tiempo de espera agotado", "TIMEOUT", None),
           ("Demasiadas solicitudes. Inténtelo de nuevo en 30 segundos.", "RATE_LIMITED", 30_000),
           ("Parámetro inválido: email", "INVALID_ARGUMENT", None), ("Error de autenticación", "AUTH_FAILED", None)],
    "pt": [("A solicitação falhou, tente novamente mais tarde", "UPSTREAM_FAILURE", None),
           ("Usuário não encontrado", "NOT_FOUND", None), ("Acesso negado", "PERMISSION_DENIED", None),
           ("Tempo limite esgotado", "TIMEOUT", None), ("Muitas solicitações. Tente novamente em 10 segundos.",
                                                        "RATE_LIMITED", 10_000),
           ("Falha na autenticação", "AUTH_FAILED", None)],
    "ru": [("Запрос не выполнен, повторите попытку позже", "UPSTREAM_FAILURE", None),
           ("Пользователь не найден", "NOT_FOUND", None), ("Доступ запрещён", "PERMISSION_DENIED", None),
           ("Превышено время ожидания", "TIMEOUT", None),
           ("Слишком много запросов. Повторите попытку через 30 секунд.", "RATE_LIMITED", 30_000),
           ("Ошибка аутентификации", "AUTH_FAILED", None)],
    "it": [("Richiesta non riuscita, riprova più tardi", "UPSTREAM_FAILURE", None),
           ("Utente non trovato", "NOT_FOUND", None), ("Accesso negato", "PERMISSION_DENIED", None),
           ("Troppe richieste. Riprova tra 30 secondi.", "RATE_LIMITED", 30_000)],
    "nl": [("Verzoek mislukt, probeer het later opnieuw", "UPSTREAM_FAILURE", None),
           ("Gebruiker niet gevonden", "NOT_FOUND", None), ("Toegang geweigerd", "PERMISSION_DENIED", None)],
    "tr": [("İstek başarısız oldu, lütfen daha sonra tekrar deneyin", "UPSTREAM_FAILURE", None),
           ("Kullanıcı bulunamadı", "NOT_FOUND", None), ("Erişim reddedildi", "PERMISSION_DENIED", None)],
    "pl": [("Żądanie nie powiodło się, spróbuj ponownie później", "UPSTREAM_FAILURE", None),
           ("Nie znaleziono użytkownika", "NOT_FOUND", None), ("Odmowa dostępu", "PERMISSION_DENIED", None)],
    "vi": [("Yêu cầu thất bại, vui lòng thử lại sau", "UPSTREAM_FAILURE", None),
           ("Không tìm thấy người dùng", "NOT_FOUND", None)],
    "id": [("Permintaan gagal, silakan coba lagi nanti", "UPSTREAM_FAILURE", None),
           ("Pengguna tidak ditemukan", "NOT_FOUND", None)],
    "ar": [("فشل الطلب، يرجى المحاولة مرة أخرى لاحقًا", "UPSTREAM_FAILURE", None),
           ("المستخدم غير موجود", "NOT_FOUND", None)],
}

_EN_ERRORS: list[tuple[str, str, str | None, int | None]] = [
    # (text, stable code, tool code, retry_after_ms): errors that do not start with an error word
    ("User not found", "NOT_FOUND", None, None),
    ("429 Too Many Requests", "RATE_LIMITED", "429", None),
    ("404 Not Found", "NOT_FOUND", "404", None),
    ("503 Service Unavailable", "UPSTREAM_FAILURE", "503", None),
    ("502 Bad Gateway", "UPSTREAM_FAILURE", "502", None),
    ("401 Unauthorized", "AUTH_FAILED", "401", None),
    ("403 Forbidden", "PERMISSION_DENIED", "403", None),
    ("HTTP Error 404: Not Found", "NOT_FOUND", "404", None),
    ("Request failed with status code 500", "UPSTREAM_FAILURE", "500", None),
    ("Too many requests, retry in 20 seconds", "RATE_LIMITED", None, 20_000),
    ("Rate limit exceeded. Retry after 5s.", "RATE_LIMITED", None, 5_000),
    ("Service temporarily unavailable, please try again in 2 minutes", "UPSTREAM_FAILURE", None, 120_000),
    ("Connection refused", "UPSTREAM_FAILURE", None, None),
    ("Permission denied (publickey).", "PERMISSION_DENIED", None, None),
    ("Access denied for user 'app'@'10.0.0.5' (using password: YES)", "PERMISSION_DENIED", None, None),
    ("Invalid API key", "AUTH_FAILED", None, None),
    ("Unauthorized", "AUTH_FAILED", None, None),
    ("Internal Server Error", "UPSTREAM_FAILURE", None, None),
    ("The request timed out", "TIMEOUT", None, None),
    ("Order #W0000000 not found", "NOT_FOUND", None, None),
    ("curl: (28) Operation timed out after 30001 milliseconds with 0 bytes received", "TIMEOUT", "28", None),
    ("curl: (7) Failed to connect to api.example.com port 443: Connection refused", "UPSTREAM_FAILURE", "7", None),
    # SQLSTATE 28000 is "invalid authorization specification": a wrong password (was labelled
    # PERMISSION_DENIED, which the fresh part's copy of this error contradicted)
    ("ERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)", "AUTH_FAILED",
     "1045", None),
    ('ERROR:  duplicate key value violates unique constraint "users_email_key"', "CONFLICT", None, None),
    ("dial tcp 203.0.113.5:443: i/o timeout", "TIMEOUT", None, None),
    ("context deadline exceeded", "TIMEOUT", None, None),
    ("Quota exceeded. Please retry in 45 seconds.", "RATE_LIMITED", None, 45_000),
]

_TRACES: list[tuple[str, str, str, str]] = [
    ("java-npe", "Internal Server Error\njava.lang.NullPointerException: Cannot invoke \"String.length()\"\n"
                 "\tat com.example.OrderService.total(OrderService.java:42)\n"
                 "\tat com.example.OrderController.get(OrderController.java:17)",
     "UPSTREAM_FAILURE", "java.lang.NullPointerException"),
    ("java-connect", "Exception in thread \"main\" java.net.ConnectException: Connection refused\n"
                     "\tat java.base/sun.nio.ch.Net.connect0(Native Method)\n"
                     "\tat java.base/sun.nio.ch.Net.connect(Net.java:579)",
     "UPSTREAM_FAILURE", "java.net.ConnectException"),
    ("java-timeout", "java.net.SocketTimeoutException: Read timed out\n\tat java.base/java.net.SocketInputStream"
                     ".socketRead0(Native Method)", "TIMEOUT", "java.net.SocketTimeoutException"),
    ("py-requests-timeout", "Traceback (most recent call last):\n  File \"/srv/app/client.py\", line 12, in get\n"
                            "    r = requests.get(url, timeout=5)\n"
                            "requests.exceptions.ReadTimeout: HTTPSConnectionPool(host='api.example.com', "
                            "port=443): Read timed out. (read timeout=5)",
     "TIMEOUT", "requests.exceptions.ReadTimeout"),
    ("py-keyerror", "Traceback (most recent call last):\n  File \"/srv/app/orders.py\", line 88, in lookup\n"
                    "    return ORDERS[order_id]\nKeyError: 'W123'", "NOT_FOUND", "KeyError"),
    ("py-permission", "Traceback (most recent call last):\n  File \"/srv/app/io.py\", line 3, in save\n"
                      "    open(path, 'w')\nPermissionError: [Errno 13] Permission denied: '/var/data/out.csv'",
     "PERMISSION_DENIED", "PermissionError"),
    ("dotnet-timeout", "Unhandled exception. System.TimeoutException: The operation has timed out.\n"
                       "   at Program.Main() in /src/Program.cs:line 14", "TIMEOUT", "System.TimeoutException"),
    ("dotnet-notfound", "System.IO.FileNotFoundException: Could not find file '/data/report.pdf'.\n"
                        "   at System.IO.FileStream..ctor(String path)", "NOT_FOUND",
     "System.IO.FileNotFoundException"),
    ("php-fatal", "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in "
                  "/var/www/db.php:10", "UPSTREAM_FAILURE", "PDOException"),
    ("ruby-nomethod", "NoMethodError (undefined method `total' for nil:NilClass)\n"
                      "app/models/order.rb:12:in `sum'", "UNKNOWN", "NoMethodError"),
]


def text_error_cases() -> list[Case]:
    out = []
    for lang, rows in _LANG_ERRORS.items():
        for i, (text, code, ms) in enumerate(rows):
            out.append(err(f"text-{lang}-{i}", text, code, retry_after_ms=ms, style="plain text", lang=lang,
                            retryable=True if code in RETRYABLE else False))
            if i < 2:  # the same words under the most common envelopes
                out.append(err(f"msg-{lang}-{i}", {"success": False, "message": text}, code, retry_after_ms=ms,
                                style="success:false", lang=lang))
                out.append(err(f"errmsg-{lang}-{i}", {"error": {"message": text}}, code, retry_after_ms=ms,
                                style="error.message", lang=lang))
    for i, (text, code, tool, ms) in enumerate(_EN_ERRORS):
        out.append(err(f"text-en-{i}", text, code, tool, retry_after_ms=ms, style="plain text"))
    for name, text, code, tool in _TRACES:
        out.append(err(f"trace-{name}", text, code, tool, style="stack trace"))
    http = [(400, "Bad Request", "INVALID_ARGUMENT"), (401, "Unauthorized", "AUTH_FAILED"),
            (403, "Forbidden", "PERMISSION_DENIED"), (404, "Not Found", "NOT_FOUND"),
            (408, "Request Timeout", "TIMEOUT"), (409, "Conflict", "CONFLICT"), (413, "Payload Too Large",
                                                                               "TOO_LARGE"),
            (422, "Unprocessable Entity", "INVALID_ARGUMENT"), (429, "Too Many Requests", "RATE_LIMITED"),
            (500, "Internal Server Error", "UPSTREAM_FAILURE"), (502, "Bad Gateway", "UPSTREAM_FAILURE"),
            (503, "Service Unavailable", "UPSTREAM_FAILURE"), (504, "Gateway Timeout", "TIMEOUT")]
    for status, phrase, code in http:
        out.append(err(f"http-line-{status}", f"HTTP/1.1 {status} {phrase}\nContent-Type: text/plain\n\n{phrase}",
                        code, str(status), style="http status line"))
        out.append(err(f"http-hint-{status}", {"detail": phrase}, code, str(status), http_status=status,
                        style="http status hint"))
    out.append(err("http-429-retry-after", "HTTP/1.1 429 Too Many Requests\nRetry-After: 20\n\nslow down",
                    "RATE_LIMITED", "429", retry_after_ms=20_000, style="http status line"))
    out.append(err("http-503-json-retry", {"message": "maintenance", "retry_after": 120}, "UPSTREAM_FAILURE",
                    "503", retry_after_ms=120_000, http_status=503, style="http status hint"))
    return out
