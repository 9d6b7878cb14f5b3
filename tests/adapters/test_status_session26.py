"""Session 26: defects found while making status detection cheap."""

from __future__ import annotations

import pytest

from obsline.adapters.status import detect_status
from obsline.core.models import Status


@pytest.mark.parametrize("value", ["¹", "²", "3²", "¼"])
@pytest.mark.parametrize("shape", [
    lambda v: {"$type": {"Code": v}},
    lambda v: {"status": v, "message": "x"},
    lambda v: {"retry_after": v, "message": "slow down"},
    lambda v: {"error": "rate limited", "retry_after": v},
])
def test_a_digit_that_is_no_decimal_is_read_as_text_not_a_crash(value: str, shape: object) -> None:
    """``"¹".isdigit()`` is true but ``int("¹")`` raises: a code or a wait written so (found by the twin
    test's hypothesis run) crashed the adapter. Numbers are read from decimal digits only."""
    result = detect_status(shape(value), None, http_status=None, error_hint=None)  # type: ignore[operator]
    assert result.status in set(Status)


def test_a_type_slot_that_holds_a_number_is_no_crash() -> None:
    """``{"__type": 0, ...}``: the AWS type slot read as a string (found by the flat-record twin test)."""
    result = detect_status({"__type": 0, "errorDetail": "aborted"}, None, http_status=None, error_hint=None)
    assert result.status in set(Status)


# Part B (issue 23 on unseen-8's tune half): mechanisms, each with examples of its own (not the corpus').
def _text_status(text: str, http_status: int | None = None) -> tuple[str, str | None, str | None]:
    result = detect_status(None, text, http_status=http_status, error_hint=None, shape="text", tree=text)
    error = result.error
    return result.status.value, error.code.value if error else None, error.tool_code if error else None


@pytest.mark.parametrize(("text", "code"), [
    ("Sie haben keine Berechtigung für diesen Ordner.", "PERMISSION_DENIED"),
    ("Nemáte oprávnění k této operaci.", "PERMISSION_DENIED"),
    ("Falsches Passwort für das Konto.", "AUTH_FAILED"),
    ("Nieprawidłowe hasło do skrzynki.", "AUTH_FAILED"),
    ("Zeitüberschreitung beim Verbinden mit dem Server.", "TIMEOUT"),
    ("Se ha agotado el tiempo de espera agotado de la conexión.", "TIMEOUT"),
    ("Dieser Benutzername ist bereits vergeben.", "CONFLICT"),
    ("Этот номер уже зарегистрирован.", "CONFLICT"),
    ("La fecha indicada no es válida.", "INVALID_ARGUMENT"),
    ("該電子郵件已被註冊", "CONFLICT"),
])
def test_a_catalogue_phrase_states_its_meaning_in_its_language(text: str, code: str) -> None:
    """Meanings the lexicon had only in some languages; a whole phrase that states a conflict or an
    invalid value is an error even without a failure word."""
    assert _text_status(text)[:2] == ("error", code)


def test_a_failing_http_answer_keeps_the_code_its_xml_body_gives() -> None:
    body = "<?xml version='1.0'?><Error><Code>NoSuchKey</Code><Message>The key does not exist.</Message></Error>"
    assert _text_status(body, http_status=404) == ("error", "NOT_FOUND", "NoSuchKey")


def test_a_soap_11_fault_gives_the_code_of_its_detail_not_client_or_server() -> None:
    fault = ("<soap:Envelope><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>Policy number "
             "unknown</faultstring><detail><ns:errorCode>POL-404</ns:errorCode></detail></soap:Fault></soap:Body>"
             "</soap:Envelope>")
    assert _text_status(fault)[2] == "POL-404"
    own = "<soap:Fault><faultcode>ns:QuotaHit</faultcode><faultstring>Too many calls</faultstring></soap:Fault>"
    assert _text_status(own)[2] == "ns:QuotaHit"


def test_an_xml_rpc_fault_and_a_numbered_xml_error_keep_their_codes() -> None:
    rpc = ("<methodResponse><fault><value><struct><member><name>faultCode</name><value><int>-32601</int></value>"
           "</member><member><name>faultString</name><value><string>method not found</string></value></member>"
           "</struct></value></fault></methodResponse>")
    assert _text_status(rpc)[2] == "-32601"
    assert _text_status("<Error><Number>-2147219401</Number><Description>Address Not Found.</Description></Error>") \
        == ("error", "NOT_FOUND", "-2147219401")


def test_a_count_of_rejected_items_beside_a_done_count_is_partial() -> None:
    result = detect_status(None, "Importadas 40 filas; rechazadas 3.", http_status=None, error_hint=None,
                           shape="text", tree="x")
    assert result.status is Status.PARTIAL and result.details["failed_count"] == 3


def test_work_still_being_made_is_pending() -> None:
    assert _text_status("Die Rechnung wird noch erstellt, bitte später erneut abrufen.")[0] == "pending"
