"""Messages that name two reasons: the one the message's structure makes primary decides.

- An HTTP 401 or 403 says "credentials" but APIs use each for the other; words that name only
  the other failure decide ("Invalid API key" with a 403 is a wrong key, not a missing grant).
- A SQLSTATE whose class names one reason decides over words (``28000``: invalid
  authorization specification).
- A code naming a thing its server does not know (``BLOB_UNKNOWN``) is NOT_FOUND.
- Causes given as alternatives: the first stated is the one named.

Examples of their own (not the corpus's), and the ones each rule must leave alone."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from obsline.adapters.adapt import Limits, adapt
from obsline.adapters.error_codes import code_for_message, code_for_message_plain, stable_code
from obsline.contracts import load_contracts
from obsline.core.errors import ErrorCode
from obsline.core.models import RawEnvelope

CONTRACTS = load_contracts()
E = ErrorCode


def _error(raw: Any, **extra: Any) -> tuple[str, str | None]:
    text = raw if isinstance(raw, str) else orjson.dumps(raw).decode()
    env = RawEnvelope.parse({"task_id": "t", "step_id": 0, "action_id": "a0", "tool": "call_api", "raw": text,
                             **extra})
    adapted = adapt(env, CONTRACTS, Limits()).adapted
    assert adapted.error is not None, text
    return adapted.error.code.value, adapted.error.tool_code


@pytest.mark.parametrize(("raw", "http", "code"), [
    ({"message": "The API key you supplied is invalid", "status": 403}, None, "AUTH_FAILED"),
    ({"error": "Invalid access token"}, 403, "AUTH_FAILED"),
    ({"message": "You do not have permission to delete this board"}, 401, "PERMISSION_DENIED"),
    # left alone: words naming the status's own failure, or both, or neither
    ({"message": "Forbidden: API key lacks permission for this project", "status": 403}, None, "PERMISSION_DENIED"),
    ({"message": "Invalid API key"}, 401, "AUTH_FAILED"),
    ({"message": "Request refused"}, 403, "PERMISSION_DENIED"),
])
def test_a_401_or_403_yields_to_words_naming_the_other_credential_failure(raw: Any, http: int | None,
                                                                          code: str) -> None:
    extra = {"http_status": http} if http else {}
    assert _error(raw, **extra)[0] == code


@pytest.mark.parametrize(("text", "code"), [
    ("ERROR 1698 (28000): Access denied for user 'svc'@'localhost'", "AUTH_FAILED"),
    ("ERROR 1062 (23000): Duplicate entry 'a@b.io' for key 'users.email'", "CONFLICT"),
    ("ERROR 2003 (HY000): Can't connect to MySQL server on 'db:3306' (111 \"Connection refused\")",
     "UPSTREAM_FAILURE"),  # HY000 is no class of one reason: the words decide
    ("ERROR 1044 (42000): Access denied for user 'app'@'%' to database 'billing'", "PERMISSION_DENIED"),
])
def test_a_sqlstate_class_of_one_reason_decides(text: str, code: str) -> None:
    got, tool = _error(text)
    assert got == code
    assert tool == text.split()[1]  # the tool's own number is kept


def test_a_code_naming_an_unknown_thing_is_not_found() -> None:
    assert _error({"errors": [{"code": "BLOB_UNKNOWN", "message": "blob unknown to registry"}]}) == (
        "NOT_FOUND", "BLOB_UNKNOWN")
    assert stable_code("NAME_UNKNOWN", "") is E.NOT_FOUND
    assert stable_code("ERROR_UNKNOWN", "") is E.UNKNOWN  # an unknown error is no missing thing
    assert stable_code("REASON_UNKNOWN", "") is E.UNKNOWN


@pytest.mark.parametrize(("message", "code"), [
    ("The board does not exist or you do not have permission to view it.", E.NOT_FOUND),
    ("You do not have permission to view it, or it does not exist.", E.PERMISSION_DENIED),
    ("Der Eintrag wurde nicht gefunden oder der Zugriff wurde verweigert", E.NOT_FOUND),
    ("Invalid or expired access token", E.AUTH_FAILED),  # "invalid" is a general word, not a cause
    ("Permission denied", E.PERMISSION_DENIED),
])
def test_of_alternative_causes_the_first_stated_is_named(message: str, code: ErrorCode) -> None:
    assert code_for_message(message) is code
    assert code_for_message_plain(message) is code
