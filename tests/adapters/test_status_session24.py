"""The mechanisms session 24 added for unseen-6's tune half and unseen-5 (issue 23), each with
examples of its own (not the corpus's) and the records it must leave alone."""

from __future__ import annotations

from typing import Any

import pytest

from obsline.adapters.error_codes import code_for_message, stable_code
from obsline.adapters.status import detect_status
from obsline.core.errors import ErrorCode
from obsline.core.models import Status


def _json(raw: Any, http_status: int | None = None) -> tuple[Status, str | None, str | None]:
    found = detect_status(raw, None, http_status=http_status, error_hint=None)
    return found.status, found.error.code.value if found.error else None, found.error.tool_code if found.error else None


# --- an envelope's role keys written in other languages ---------------------------------------
@pytest.mark.parametrize(("raw", "code", "tool"), [
    ({"codigo": 403, "mensaje": "No tiene permiso para esta operación"}, "PERMISSION_DENIED", "403"),
    ({"código": "429", "mensagem": "Muitas solicitações"}, "RATE_LIMITED", "429"),
    ({"错误码": 40400, "错误信息": "用户不存在"}, "NOT_FOUND", "40400"),
    ({"code": 1, "messaggio": "Operazione non riuscita: errore interno"}, "UNKNOWN", "1"),  # (no cause named)
])
def test_role_keys_in_other_languages_are_read(raw: dict[str, Any], code: str, tool: str) -> None:
    assert _json(raw) == (Status.ERROR, code, tool)


@pytest.mark.parametrize("raw", [
    {"codigo": "SKU-12", "descripcion": "Camisa azul", "precio": 19.9},  # a product's code, no message
    {"código": 0, "mensagem": "Operação concluída"},
    {"状态码": 200, "错误信息": ""},
])
def test_foreign_role_keys_of_a_success_stay_data(raw: dict[str, Any]) -> None:
    assert _json(raw)[0] is Status.SUCCESS


# --- a lone "status" number beside a message that says the call failed -----------------------
@pytest.mark.parametrize(("raw", "code"), [
    ({"status": 7, "message": "签名错误"}, "AUTH_FAILED"),
    ({"status": 1001, "message": "Request failed: quota exhausted"}, "RATE_LIMITED"),
    ({"Status": 3, "msg": "error: unknown station"}, "UNKNOWN"),
])
def test_a_status_number_beside_a_failure_message_is_an_error(raw: dict[str, Any], code: str) -> None:
    status, got, tool = _json(raw)
    assert (status, got) == (Status.ERROR, code) and tool == str(raw.get("status", raw.get("Status")))


@pytest.mark.parametrize("raw", [
    {"status": 1, "message": "Order shipped"},  # a record's status number beside a message
    {"status": 3, "message": "Your ticket was updated", "id": 7},
    {"status": 2, "message": "Page removed by editor", "slug": "about"},  # no failure word
])
def test_a_status_number_beside_other_messages_stays_data(raw: dict[str, Any]) -> None:
    assert _json(raw)[0] is Status.SUCCESS


# --- a credential called wrong, in any language -----------------------------------------------
@pytest.mark.parametrize("message", [
    "Das Passwort ist falsch.", "Mot de passe incorrect", "Contraseña incorrecta", "Senha inválida",
    "Nieprawidłowe hasło", "Неверный пароль", "密码错误", "パスワードが間違っています", "비밀번호가 잘못되었습니다",
    "Token abgelaufen", "Geçersiz token", "Invalid session", "The subscription key is invalid",
])
def test_a_credential_called_wrong_is_auth_failed(message: str) -> None:
    assert code_for_message(message) is ErrorCode.AUTH_FAILED


@pytest.mark.parametrize(("message", "code"), [
    ("Unexpected token '}' in expression", ErrorCode.UNKNOWN),  # a parser's token, called nothing wrong
    ("Wrong date format", ErrorCode.INVALID_ARGUMENT),
    ("The licence key field is invalid", ErrorCode.INVALID_ARGUMENT),  # no credential noun of the list
])
def test_other_wrong_things_are_not_credentials(message: str, code: ErrorCode) -> None:
    assert code_for_message(message) is code


# --- the tool's code read as words over general words -----------------------------------------
@pytest.mark.parametrize(("tool", "message", "code"), [
    ("error-channel-not-found", "The param given does not match any channel", ErrorCode.NOT_FOUND),
    ("quota_exceeded", "invalid request", ErrorCode.RATE_LIMITED),
    ("E_FORBIDDEN", "Request parameters are invalid", ErrorCode.PERMISSION_DENIED),
])
def test_a_tool_code_naming_a_cause_wins_over_general_words(tool: str, message: str, code: ErrorCode) -> None:
    assert stable_code(tool, message) is code


@pytest.mark.parametrize(("tool", "message", "code"), [
    ("invalid_parameter", "Order not found", ErrorCode.NOT_FOUND),  # the message's cause stands
    ("4001", "invalid amount", ErrorCode.INVALID_ARGUMENT),  # a number has no words
    ("duplicate_order", "invalid request", ErrorCode.INVALID_ARGUMENT),  # a conflict's word is general too
])
def test_the_message_keeps_its_cause(tool: str, message: str, code: ErrorCode) -> None:
    assert stable_code(tool, message) is code


# --- jobs: units of work of other names, their empty fields, flags and body statuses ---------
@pytest.mark.parametrize(("raw", "status", "handle"), [
    ({"action": {"id": 991, "status": "in-progress", "type": "resize", "resource_type": "volume"}}, Status.PENDING,
     "991"),  # an action is a unit of work
    ({"Command": {"CommandId": "c-77", "Status": "InProgress", "DocumentName": "Patch"}}, Status.PENDING, "c-77"),
    ({"id": 4, "state": "queued", "appInfo": {"uiUrl": None, "logUrl": None}, "log": ["queued"]}, Status.PENDING,
     "4"),  # an object of nothing but empty fields is a result to come; its log lines are its metadata
    ({"jid": "f00d", "state": "RUNNING", "start-time": 1, "duration": 5}, Status.PENDING, "f00d"),
    ({"workflowId": "w-5", "status": "TERMINATED", "endTime": 9}, Status.CANCELLED, "w-5"),
    ({"StatusCode": 202}, Status.PENDING, None),
    ({"id": "q1", "is_running": True, "is_partial": True, "response": {"hits": []}}, Status.PENDING, "q1"),
    ({"completed": False, "task": {"node": "n1", "id": 7, "action": "reindex"}}, Status.PENDING, "7"),
    ({"status": "deploying", "error": {"message": None, "code": None}, "created_at": "2024-01-01T00:00:00Z"},
     Status.PENDING, None),  # an error slot left empty is no error
])
def test_jobs_of_other_shapes_are_read(raw: dict[str, Any], status: Status, handle: str | None) -> None:
    found = detect_status(raw, None, http_status=None, error_hint=None)
    assert found.status is status and found.details.get("handle") == handle


@pytest.mark.parametrize("raw", [
    {"id": 3, "title": "Buy milk", "completed": False, "userId": 1},  # a to-do's own flag
    {"id": "vm-1", "running": True, "cpu": 0.4, "memory_mb": 512},  # a machine that runs
    {"statusCode": 202, "body": "queued for review", "id": 5, "author": "ann"},  # more than an acknowledgement
    {"instance": {"id": "i-1", "state": "terminated", "type": "t3.micro", "ip": "10.0.0.5"}},  # a record's state
    {"order_id": "A1", "status": "processing", "error": {"message": None}, "items": [{"sku": "X"}]},
])
def test_records_with_such_flags_stay_data(raw: dict[str, Any]) -> None:
    assert detect_status(raw, None, http_status=None, error_hint=None).status is Status.SUCCESS


# --- the service's code a client's exception carries, and codes labelled in text -------------
@pytest.mark.parametrize(("text", "code", "tool"), [
    ("botocore.exceptions.ClientError: An error occurred (AccessDeniedException) when calling the GetSecretValue "
     "operation: User is not authorized", "PERMISSION_DENIED", "AccessDeniedException"),
    ("io.grpc.StatusRuntimeException: NOT_FOUND: book 7", "NOT_FOUND", "NOT_FOUND"),
    ("openai.APIError: Error code: 503 - {'error': {'message': 'busy', 'code': 'server_overloaded'}}",
     "UPSTREAM_FAILURE", "server_overloaded"),
    ("ERROR:\n  Code: PermissionDenied\n  Message: caller may not read", "PERMISSION_DENIED", "PermissionDenied"),
    ("SomeClient.RequestFailedException: The specified queue does not exist.\nStatus: 404 (Not Found)\nErrorCode: QueueNotFound",
     "NOT_FOUND", "QueueNotFound"),
])
def test_the_service_code_is_kept_over_the_wrapper_class(text: str, code: str, tool: str) -> None:
    found = detect_status(None, text, http_status=None, error_hint=None, shape="text", tree=text)
    assert found.error is not None and (found.error.code.value, found.error.tool_code) == (code, tool)


def test_an_http_status_label_is_not_the_tool_code() -> None:
    text = "x.y.AmazonFooException: Access Denied (Service: Foo; Status Code: 403; Error Code: AccessDenied)"
    found = detect_status(None, text, http_status=None, error_hint=None, shape="text", tree=text)
    assert found.error is not None and found.error.tool_code == "AccessDenied"


# --- pages, listings, words -------------------------------------------------------------------
def test_a_truncated_page_with_where_the_next_starts_is_a_page() -> None:
    page = {"IsTruncated": True, "Items": [{"k": "a"}], "NextMarker": "a"}
    assert detect_status(page, None, http_status=None, error_hint=None).status is Status.SUCCESS
    cut = {"truncated": True, "Items": [{"k": "a"}]}  # no next page: the result is cut
    assert detect_status(cut, None, http_status=None, error_hint=None).status is Status.UNCERTAIN


def test_a_listing_of_records_in_a_failed_state_is_data_a_batch_that_says_why_is_partial() -> None:
    listing = {"charges": [{"id": "c1", "status": "failed", "amount": 5}, {"id": "c2", "status": "succeeded"}]}
    assert detect_status(listing, None, http_status=None, error_hint=None).status is Status.SUCCESS
    batch = {"results": [{"id": "c1", "status": "failed", "reason": "card expired"}, {"id": "c2", "status": "ok"}]}
    assert detect_status(batch, None, http_status=None, error_hint=None).status is Status.PARTIAL


@pytest.mark.parametrize(("message", "code"), [
    ("Yhteys aikakatkaistiin", ErrorCode.TIMEOUT), ("Превышен лимит сообщений", ErrorCode.RATE_LIMITED),
    ("账户余额不足", ErrorCode.CONFLICT), ("error: no profile exists with the name dev", ErrorCode.NOT_FOUND),
    ("branch 'x' did not match any known ref", ErrorCode.NOT_FOUND),
    ("Unable to connect to the server at 10.0.0.1", ErrorCode.UPSTREAM_FAILURE),
])
def test_more_phrases_of_the_families(message: str, code: ErrorCode) -> None:
    assert code_for_message(message) is code


def test_an_argument_class_yields_to_a_cause() -> None:
    assert stable_code("ArgumentError", "Package Foo not found") is ErrorCode.NOT_FOUND
    assert stable_code("ArgumentError", "expected an integer") is ErrorCode.INVALID_ARGUMENT


@pytest.mark.parametrize(("text", "status"), [
    ("Zugang verweigert: Sie dürfen diesen Ordner nicht öffnen.", Status.ERROR),
    ("Speed test failed: No Connection.", Status.SUCCESS),  # a test's finding, no cause in the head
    ("Owner: Ann Lee", Status.SUCCESS),
])
def test_one_line_whose_head_states_an_error(text: str, status: Status) -> None:
    from obsline.adapters.shapes import read_shape

    shaped = read_shape(text)
    found = detect_status(None, text, http_status=None, error_hint=None, shape=shaped.name, tree=shaped.tree)
    assert found.status is status
