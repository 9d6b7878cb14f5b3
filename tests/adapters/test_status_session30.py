"""Session 30, issue 23 on unseen-9's tune half: mechanisms, each with examples of its own (not the corpus')."""

from __future__ import annotations

import pytest

from obsline.adapters.status import detect_status
from obsline.adapters.status_text_forms import labelled_code


def _text(text: str) -> tuple[str, str | None, str | None]:
    result = detect_status(None, text, http_status=None, error_hint=None, shape="text", tree=text)
    error = result.error
    return result.status.value, error.code.value if error else None, error.tool_code if error else None


# --- a compiler's diagnostic: its bracketed code kept, a place in the source makes it the code's fault
@pytest.mark.parametrize(("text", "tool"), [
    ("error[E0308]: mismatched types\n --> src/lib.rs:12:9\n   |\n12 |     x\n   |     ^ expected `u8`\n\n"
     "error: aborting due to 1 previous error", "E0308"),
    ("error[E0599]: no method named `lenght` found for struct `Vec<u8>`\n  --> crates/io/src/read.rs:88:17\n\n"
     "For more information about this error, try `rustc --explain E0599`.", "E0599"),
])
def test_a_bracketed_diagnostic_code_is_kept_and_a_located_diagnostic_is_invalid_code(text: str, tool: str) -> None:
    assert _text(text) == ("error", "INVALID_ARGUMENT", tool)


@pytest.mark.parametrize("text", [
    "src/app/Order.java:41: error: incompatible types: String cannot be converted to int\n"
    "        int n = name;\n                ^\n1 error",
    "lib/parse.c:210:14: error: 'tokn' undeclared (first use in this function)\n  210 |     return tokn;\n"
    "      |            ^~~~",
])
def test_a_diagnostic_at_a_file_and_line_is_an_error_of_the_given_code(text: str) -> None:
    assert _text(text)[:2] == ("error", "INVALID_ARGUMENT")


def test_a_bracketed_code_without_a_place_keeps_what_its_words_say() -> None:
    assert _text("error[E0433]: failed to resolve: could not find `tokio` in the crate root") == (
        "error", "NOT_FOUND", "E0433")


# --- the verdict line before a program's advice lines, and an update the other side refused
def test_advice_lines_after_the_verdict_leave_the_verdict_last() -> None:
    text = ("Deploying build 4411 to staging\nerror: the target environment is locked by another deploy\n"
            "hint: wait for the running deploy to finish\nhint: or pass --queue to wait in line")
    assert _text(text)[:2] == ("error", "CONFLICT")
    assert _text("Deploying build 4411 to staging\nhint: pass --queue to wait in line")[0] == "success"


def test_an_update_marked_rejected_by_the_receiving_side_is_a_conflict() -> None:
    text = ("Pushing to ssh://git.example.org/infra.git\n ! [remote rejected] release/2.4 -> release/2.4 (stale info)\n"
            "error: failed to push some refs to 'ssh://git.example.org/infra.git'")
    assert _text(text)[:2] == ("error", "CONFLICT")


# --- an exception led by its number, and the name a numbered error goes by
@pytest.mark.parametrize(("text", "code", "tool"), [
    ("Code: 81. DB::Exception: Database analytics_v2 does not exist. (UNKNOWN_DATABASE) (version 24.1.5.6 "
     "(official build))", "NOT_FOUND", "UNKNOWN_DATABASE"),
    ("Code: 241. DB::Exception: Memory limit (for query) exceeded: would use 20.00 GiB (attempt to allocate chunk "
     "of 1048576 bytes), maximum: 16.00 GiB.: While executing JoiningTransform. Stack trace: 0. "
     "DB::Exception::Exception(DB::Exception::MessageMasked&&, int, bool) @ 0x000000000c8f1a3b in /usr/bin/server "
     "1. DB::Exception::createDeprecated(char const*, int, bool) @ 0x000000000c8f1a3b (MEMORY_LIMIT_EXCEEDED)",
     "TOO_LARGE", "MEMORY_LIMIT_EXCEEDED"),
])
def test_a_numbered_exception_keeps_its_trailing_name_as_the_tool_code(text: str, code: str, tool: str) -> None:
    assert _text(text) == ("error", code, tool)


def test_a_labelled_code_keeps_no_full_stop() -> None:
    assert labelled_code("Code: 1205. Lock wait timeout exceeded") == "1205"
    assert labelled_code("error code: 7.2.1 (see docs)") == "7.2.1"


@pytest.mark.parametrize("message", [
    "worker crashed: memory limit of 2048 MiB exceeded",
    "RuntimeError: out of memory: tried to allocate 512.00 MiB on device 0",
])
def test_a_memory_limit_is_work_too_large_not_a_rate_limit(message: str) -> None:
    assert detect_status({"error": message}, None, http_status=None, error_hint=None).error.code.value == "TOO_LARGE"  # type: ignore[union-attr]


# --- error statements in languages whose forms were missing: a quota or request limit exceeded, a request
# timed out, Polish "invalid" (as strong as the English word in a short statement)
def _text_wait(text: str) -> tuple[str, str | None, int | None]:
    result = detect_status(None, text, http_status=None, error_hint=None, shape="text", tree=text)
    error = result.error
    return result.status.value, error.code.value if error else None, error.retry_after_ms if error else None


@pytest.mark.parametrize(("text", "want"), [
    ("Nieprawidłowy adres e-mail odbiorcy.", ("error", "INVALID_ARGUMENT", None)),
    ("Przekroczono limit zapytań. Spróbuj ponownie za 15 sekund.", ("error", "RATE_LIMITED", 15000)),
    ("חרגת ממגבלת הבקשות לדקה. נסה שוב בעוד 5 שניות.", ("error", "RATE_LIMITED", 5000)),
    ("زمان اتصال به پایان رسید.", ("error", "TIMEOUT", None)),
    ("S-a atins limita de solicitări pentru acest cont. Reîncercați peste 40 secunde.",
     ("error", "RATE_LIMITED", 40000)),
])
def test_error_statements_in_more_languages(text: str, want: tuple[str, str | None, int | None]) -> None:
    assert _text_wait(text) == want


def test_a_polish_sentence_that_only_mentions_a_format_is_no_error() -> None:
    assert _text_wait("Format numeru telefonu: +48 i dziewięć cyfr.")[0] == "success"


# --- a handle labelled as an identifier or a number in a text of work still going, and progressive forms
def _pending(text: str) -> tuple[str, object]:
    result = detect_status(None, text, http_status=None, error_hint=None, shape="text", tree=text)
    return result.status.value, result.details.get("handle")


@pytest.mark.parametrize(("text", "handle"), [
    ("Raport jest w trakcie generowania. Numer zlecenia: RQ-7781.", "RQ-7781"),
    ("Der Export wird noch erstellt. Auftragsnummer: 40-1177", "40-1177"),
    ("La exportación está en curso. Identificador de la tarea: exp_55x1", "exp_55x1"),
    ("동기화하는 중입니다. 요청 번호: sync-2024-09", "sync-2024-09"),
])
def test_a_labelled_identifier_is_the_handle_of_pending_work(text: str, handle: str) -> None:
    assert _pending(text) == ("pending", handle)


# --- work waiting, told by the shape of the whole answer; a business record's own status stays data
def _json(raw: object) -> tuple[str, object]:
    result = detect_status(raw, None, http_status=None, error_hint=None)
    return result.status.value, result.details.get("handle")


def test_a_record_waiting_on_a_link_the_caller_is_to_follow_is_pending() -> None:
    payment = {"id": "pay_88x", "object": "payment", "status": "pending", "amount": 2500, "currency": "EUR",
               "approval_url": "https://pay.example.com/approve/pay_88x"}
    assert _json(payment) == ("pending", "pay_88x")
    del payment["approval_url"]
    assert _json(payment)[0] == "success"  # (a payment record whose state is pending: data)


def test_an_order_whose_business_status_is_pending_stays_data() -> None:
    order = {"order_id": "#W2211", "user_id": "ana_12", "status": "pending", "items": [
        {"item_id": "i-1", "name": "Lamp", "price": 31.5}], "payment_history": [{"amount": 31.5, "transaction_type":
                                                                               "payment"}]}
    assert _json(order)[0] == "success"


def test_an_object_with_its_id_a_state_and_steps_each_with_a_state_is_a_job() -> None:
    raw = {"data": {"id": "wf-12", "status": "queued", "steps": [{"name": "fetch", "status": "finished"},
                                                                {"name": "resize", "status": "queued"}]}}
    assert _json(raw) == ("pending", "wf-12")
    shop = {"data": {"id": "cart-3", "status": "open", "lines": [{"sku": "A1", "qty": 2}]}}
    assert _json(shop)[0] == "success"


def test_a_state_beside_metadata_and_the_id_of_a_call_is_a_job() -> None:
    raw = {"account": {"uuid": "acc-1"}, "requests": [{"request_uuid": "r-9", "type": "UPDATE", "state": "QUEUED",
                                                       "date_time": "2024-03-02T10:00:00+0000"}]}
    assert _json(raw) == ("pending", "r-9")


def test_the_answer_that_is_only_the_id_of_queued_work_is_pending() -> None:
    assert _json({"jobID": "j-5512", "recordIDs": [1, 2, 3]}) == ("pending", "j-5512")
    assert _json({"batchId": 77}) == ("pending", "77")
    assert _json({"userID": 5, "groupIDs": [1]})[0] == "success"


def test_a_message_of_waiting_work_beside_a_link_to_follow_is_pending() -> None:
    raw = {"resultCode": 7000, "message": "Paiement créé, en attente de confirmation par le client.",
           "redirectUrl": "https://checkout.example.com/r/abc"}
    assert _json(raw)[0] == "pending"
