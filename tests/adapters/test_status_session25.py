"""The mechanisms session 25 added for unseen-7's tune half (issue 23), each with examples of its own
(not the corpus's) and the records it must leave alone."""

from __future__ import annotations

from typing import Any

import pytest

from obsline.adapters.error_fields import key_words
from obsline.adapters.status import detect_status
from obsline.adapters.status_flat import flat_fields
from obsline.core.models import Status


def _json(raw: Any, http_status: int | None = None) -> tuple[Status, str | None, str | None]:
    found = detect_status(raw, None, http_status=http_status, error_hint=None)
    return found.status, found.error.code.value if found.error else None, found.error.tool_code if found.error else None


def _text(raw: str) -> tuple[Status, str | None, str | None]:
    found = detect_status(None, raw, http_status=None, error_hint=None, shape="text", tree=raw)
    return found.status, found.error.code.value if found.error else None, found.error.tool_code if found.error else None


# --- role words run together, CJK compounds, roles in other languages -------------------------
@pytest.mark.parametrize(("key", "words"), [
    ("errmsg", ["err", "msg"]), ("retcode", ["ret", "code"]), ("rspmsg", ["rsp", "msg"]), ("errno", ["errno"]),
    ("결과메시지", ["result", "message"]), ("返回信息", ["return", "message"]), ("esito", ["result"]),
    ("hata_kodu", ["error", "code"]), ("message", ["message"]), ("address", ["address"]),
])
def test_role_words_of_a_key_are_read_however_written(key: str, words: list[str]) -> None:
    assert key_words(key) == words


@pytest.mark.parametrize(("raw", "code", "tool"), [
    ({"ret": -3, "msg": "permission denied for this app"}, "PERMISSION_DENIED", "-3"),
    ({"retcode": 17, "errmsg": "user does not exist"}, "NOT_FOUND", "17"),
    ({"응답코드": "12", "응답메시지": "요청 시간이 초과되었습니다"}, "TIMEOUT", "12"),
    ({"risultato": "KO", "codice": "X9", "descrizione": "Accesso negato"}, "PERMISSION_DENIED", "X9"),
])
def test_envelopes_whose_keys_run_words_together_are_read(raw: dict[str, Any], code: str, tool: str) -> None:
    assert _json(raw) == (Status.ERROR, code, tool)


@pytest.mark.parametrize("raw", [
    {"errcode": 0, "errmsg": "ok", "openid": "o1"},  # WeChat's success
    {"ret": 0, "msg": "success", "data": {"uid": 1}},
    {"retcode": 0, "errmsg": "", "items": []},
    {"errno": 0, "errmsg": "ok", "list": [1]},  # (errno is a code slot with no error word)
])
def test_run_together_keys_of_a_success_stay_success(raw: dict[str, Any]) -> None:
    assert _json(raw)[0] is Status.SUCCESS


# --- wrappers of one key around an envelope ---------------------------------------------------
def test_an_envelope_inside_wrappers_of_one_key_is_read() -> None:
    raw = {"reply": {"head": {"resultCode": "41", "resultMsg": "INVALID_REQUEST_PARAMETER_ERROR"}}}
    status, _, tool = _json(raw)
    assert (status, tool) == (Status.ERROR, "41")
    assert _json({"reply": {"head": {"resultCode": "00", "resultMsg": "NORMAL"}}})[0] is Status.SUCCESS


def test_a_deep_nest_of_one_key_wrappers_is_no_envelope_and_no_crash() -> None:
    raw: dict[str, Any] = {"code": 5, "msg": "rate limit exceeded"}
    for _ in range(50):
        raw = {"w": raw}
    assert _json(raw)[0] is Status.SUCCESS


# --- HTTP statuses in a code slot -----------------------------------------------------------------
@pytest.mark.parametrize(("raw", "code"), [
    ({"state": "error", "errorType": "404", "error": "no such series"}, "NOT_FOUND"),
    ({"code": -403, "message": "拒绝"}, "PERMISSION_DENIED"),
])
def test_an_http_status_in_the_code_slot_gives_the_meaning(raw: dict[str, Any], code: str) -> None:
    assert _json(raw)[:2] == (Status.ERROR, code)


# --- jobs: a resource name of a job collection, the parent of a state object -------------------
def test_a_job_named_by_its_resource_path_is_pending_with_that_handle() -> None:
    raw = {"name": "projects/p/locations/eu/trainingJobs/77", "state": "JOB_STATE_QUEUED", "displayName": "x"}
    found = detect_status(raw, None, http_status=None, error_hint=None)
    assert found.status is Status.PENDING and found.details["handle"] == "projects/p/locations/eu/trainingJobs/77"
    assert _json({"name": "projects/p/users/77", "state": "active", "displayName": "x"})[0] is Status.SUCCESS


def test_the_handle_of_a_job_whose_state_is_an_object_of_its_own() -> None:
    raw = {"reference": {"jobId": "j-9"}, "status": {"state": "QUEUED"}}
    found = detect_status(raw, None, http_status=None, error_hint=None)
    assert found.status is Status.PENDING and found.details["handle"] == "j-9"


# --- counts: "fail" and "conflicts" are failures -----------------------------------------------
@pytest.mark.parametrize("raw", [{"sentCount": 40, "failCount": 3}, {"updated": 12, "version_conflicts": 2}])
def test_counts_of_fails_and_conflicts_beside_work_done_are_partial(raw: dict[str, Any]) -> None:
    assert _json(raw)[0] is Status.PARTIAL


# --- flat envelopes: XML leaves and form-encoded replies -----------------------------------------
def test_flat_fields_of_xml_and_form_replies() -> None:
    assert flat_fields("<r><code><![CDATA[FAIL]]></code><msg>bad</msg></r>") == {"code": "FAIL", "msg": "bad"}
    assert flat_fields("STATUS=ERR&ERRCODE=7&MESSAGE=No%20such%20card") == {
        "STATUS": "ERR", "ERRCODE": "7", "MESSAGE": "No such card"}
    assert flat_fields("<html><body><code>1</code></body></html>") is None  # a page is no envelope


@pytest.mark.parametrize(("raw", "code", "tool"), [
    ("<xml><return_code>FAIL</return_code><return_msg>invalid signature</return_msg></xml>", "AUTH_FAILED", None),
    ("<Header><ResultCode>31</ResultCode><ResultMsg>DEADLINE_HAS_EXPIRED_ERROR</ResultMsg></Header>", None, "31"),
    ("ACK=Failure&ERRORCODE=10001&MESSAGE=Internal%20Error", "UPSTREAM_FAILURE", "10001"),
])
def test_flat_envelopes_that_fail_are_errors(raw: str, code: str | None, tool: str | None) -> None:
    status, got, got_tool = _text(raw)
    assert status is Status.ERROR and (code is None or got == code) and (tool is None or got_tool == tool)


@pytest.mark.parametrize("raw", [
    "<xml><return_code>SUCCESS</return_code><return_msg>OK</return_msg><prepay_id>p1</prepay_id></xml>",
    "ACK=Success&TOKEN=EC-1&CORRELATIONID=c1",
    "<note><to>Ann</to><from>Bo</from><body>See you at noon.</body></note>",
])
def test_flat_replies_that_succeed_stay_success(raw: str) -> None:
    assert _text(raw)[0] is Status.SUCCESS


def test_a_soap_12_fault_is_an_error_with_its_subcode() -> None:
    raw = ("<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\"><s:Body><s:Fault><s:Code><s:Value>"
           "s:Receiver</s:Value><s:Subcode><s:Value>a:ServiceBusy</s:Value></s:Subcode></s:Code><s:Reason>"
           "<s:Text xml:lang=\"en\">The service is temporarily unavailable</s:Text></s:Reason></s:Fault></s:Body>"
           "</s:Envelope>")
    assert _text(raw) == (Status.ERROR, "UPSTREAM_FAILURE", "a:ServiceBusy")


# --- a share and its rest, a limit that stopped the answer, an error code saying "partial" -------
@pytest.mark.parametrize("raw", ["18 av 20 filer ble overført, 2 mislyktes.", "Se enviaron 45 mensajes de 50; 5 fallidos."])
def test_a_share_and_the_rest_that_add_up_to_the_whole_are_partial(raw: str) -> None:
    assert _text(raw)[0] is Status.PARTIAL


@pytest.mark.parametrize("raw", ["Page 2 of 5, 3 items per page.", "Build 3 of 4 is still running; 1 to go."])
def test_numbers_that_do_not_add_up_or_work_still_going_are_no_partial(raw: str) -> None:
    assert _text(raw)[0] is not Status.PARTIAL


def test_a_limit_that_stopped_the_answer_makes_it_uncertain() -> None:
    assert _json({"text": "Once upon", "stopped_limit": True, "stopped_eos": False})[0] is Status.UNCERTAIN
    assert _json({"text": "Once upon a time.", "stopped_limit": False, "stopped_eos": True})[0] is Status.SUCCESS


def test_an_error_whose_code_says_partial_beside_data_is_uncertain() -> None:
    raw = {"rows": [[1, "a"]], "error": {"code": "IncompleteResultError", "message": "A shard did not answer."}}
    assert _json(raw)[0] is Status.UNCERTAIN
    assert _json({"error": {"code": "IncompleteResultError", "message": "No shard answered."}})[0] is Status.ERROR
