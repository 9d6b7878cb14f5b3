"""The fast status paths give exactly what their plain twins give.

- ``status_gate.Families``: every word family is tried only where one of its literals stands
  (one Aho-Corasick pass); the twin tries every family on the whole text.
- ``status._status_of_json``: each detector tried only where its keys stand (``status_survey``,
  one walk); the twin (``plain=True``) tries them all.
- The readers that read a text's edges or its counts only when a family's words stand: their
  old plain forms are written out here, as they were before the gates.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.adapters import error_codes, status_text, status_text_jobs
from obsline.adapters.status import _status_of_json
from obsline.adapters.status_batches import BAD_LISTS, PARTIAL_KEYS
from obsline.adapters.status_envelopes import ENVELOPE_KEYS
from obsline.adapters.status_gate import ALL, Families
from obsline.adapters.status_incomplete import INCOMPLETE_KEYS
from obsline.adapters.status_shapes import (
    CANCELLED_WORDS,
    DONE_WORDS,
    FAILED_WORDS,
    HANDLE_KEYS,
    JOB_KEYS,
    PENDING_WORDS,
    POLL_KEYS,
)
from obsline.protocol_corpus import cases

_WORDS = ["timed out", "Too Many Requests", "not found", "Not Found", "permission denied", "forbidden", "invalid",
          "retry after 20 seconds", "Retry-After: 5", "try again in 2 minutes", "请20秒后重试", "稍后再试", "失败",
          "成功", "queued", "in progress", "still running", "cancelled", "Cancelled", "annulée", "отменено",
          "3 succeeded", "2 failed", "成功 8 条", "失败 2 条", "success", "Success", "deadline exceeded",
          "Execution Timeout", "ıNVALID", "İnvalid", "ſuccess", "K", "\u212a", "ß", "ς", "Σ", "é", "\n", " ", ":",
          "12", "job_id=J-9", "Task 7f3a", "https://x.example/jobs/1", "quota", "unauthorized", "Error:", "ERROR"]
_TEXT = st.lists(st.one_of(st.sampled_from(_WORDS), st.text(max_size=8)), max_size=30).map("".join)


def _corpus_texts() -> list[str]:
    texts = []
    for case in cases():
        raw = case.raw if isinstance(case.raw, str) else str(case.raw)
        texts.append(raw)
    return texts


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_every_gated_family_gives_its_plain_twins_answer(text: str) -> None:
    for families in ALL:
        assert families.first(text) == families.first_plain(text), families.patterns[0].pattern[:60]


def test_the_gated_families_agree_on_the_protocol_corpus() -> None:
    for text in _corpus_texts():
        for families in ALL:
            assert families.first(text) == families.first_plain(text), text[:80]


def test_a_family_without_a_literal_is_refused() -> None:
    try:
        Families([re.compile(r"\d+")])
    except ValueError:
        return
    raise AssertionError("a pattern with no literal was accepted as a gate")


@settings(max_examples=300, deadline=None)
@given(_TEXT)
def test_the_gated_message_readers_give_the_plain_answers(text: str) -> None:
    assert error_codes.code_for_message(text) == error_codes.code_for_message_plain(text)
    assert error_codes.retry_after_in_text(text) == error_codes.retry_after_in_text_plain(text)
    assert status_text._timeout_line(text) == _timeout_line_plain(text)
    assert status_text_jobs.partial_in_text(text) == _partial_in_text_plain(text)


def _timeout_line_plain(text: str) -> str | None:
    lines = [line.strip() for line in text.strip().split("\n")]
    for line in lines[:3] + lines[-3:]:
        if len(line) <= 300 and status_text._TIMEOUT.search(line):
            return line
    return None


def _partial_in_text_plain(text: str) -> object:
    body = status_text_jobs._short(text)
    if body is None:
        return None
    good = bad = None
    for found in status_text_jobs._COUNT_WORD.finditer(body):
        number = int(found.group(1) or found.group(4))
        word = found.group(2) or found.group(3)
        if status_text_jobs._GOOD_RE.fullmatch(word):
            good = number if good is None else good
        else:
            bad = number if bad is None else bad
    if good and bad:
        return status_text_jobs.Status.PARTIAL, {"succeeded": good, "failed_count": bad, "failed": []}
    if good and bad == 0:
        return status_text_jobs.Status.SUCCESS, {}  # a tally that counts no failure
    return status_text_jobs._share_done(body)  # (shares: "12 of 15 uploaded", "50件中47件")


# JSON results made of the keys and words the detectors read, and others, nested.
_KEYS = sorted({*ENVELOPE_KEYS, *PARTIAL_KEYS, *INCOMPLETE_KEYS, *JOB_KEYS, *HANDLE_KEYS, *POLL_KEYS, *BAD_LISTS,
                "message", "msg", "exit_code", "rc", "stderr", "result", "data", "response", "Response", "items",
                "order_id", "address", "name", "title", "reason", "details", "succeeded", "updated", "new_members",
                "retry_after", "headers", "object", "type", "conclusion", "error_response", "errorCode"})
_SCALARS = st.one_of(
    st.sampled_from(sorted(PENDING_WORDS | CANCELLED_WORDS | FAILED_WORDS | DONE_WORDS) + [
        "partial", "incomplete", "Failure", "Status", "max_tokens", "AZ", "delivered", "NOT_FOUND", "Timeout",
        "User not found", "Order placed", "https://x.example/op/1", "operations/op-1", "thread.run"]),
    st.integers(-2, 600), st.booleans(), st.none(), st.text(max_size=6))
_KEY = st.one_of(st.sampled_from(_KEYS), st.text(max_size=5))
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_KEY, inner, max_size=6)),
    max_leaves=25)


@settings(max_examples=600, deadline=None)
@given(st.one_of(st.dictionaries(_KEY, _JSON, max_size=8), st.lists(_JSON, max_size=4)))
def test_the_surveyed_json_status_is_the_plain_one(parsed: object) -> None:
    assert _status_of_json(parsed) == _status_of_json(parsed, plain=True)  # type: ignore[arg-type]


def test_the_surveyed_json_status_agrees_on_the_protocol_corpus() -> None:
    for case in cases():
        if isinstance(case.raw, dict | list):
            assert _status_of_json(case.raw) == _status_of_json(case.raw, plain=True), case.id


# Session 26: a flat record (no object among its values) whose keys (those with a value) start no
# reader is decided before the walk; the plain twin reads it all. Typed values (a datetime the
# typing put in place) and nulls under the readers' keys are what the dev files hold.
_FLAT_SCALARS = st.one_of(_SCALARS, st.floats(allow_nan=False), st.datetimes(),
                          st.lists(st.one_of(st.integers(), st.text(max_size=4)), max_size=3))


@settings(max_examples=600, deadline=None)
@given(st.dictionaries(_KEY, _FLAT_SCALARS, min_size=1, max_size=12))
def test_a_flat_record_decided_before_the_walk_is_the_plain_one(parsed: dict[str, object]) -> None:
    assert _status_of_json(parsed) == _status_of_json(parsed, plain=True)


def test_a_flat_business_record_is_decided_without_the_walk(monkeypatch: object) -> None:
    import datetime

    from obsline.adapters import status

    def no_walk(*_: object) -> object:
        raise AssertionError("walked")

    monkeypatch.setattr(status, "survey", no_walk)  # type: ignore[attr-defined]
    record = {"reservation_id": "R1", "user_id": "u1", "flights": [{"n": "A1"}], "status": None,
              "created_at": datetime.datetime(2024, 5, 1), "total_baggages": 2, "insurance": "no"}
    assert status._status_of_json(record) is None
    assert status._status_of_json(record, plain=True) is None


def test_the_short_readers_read_the_body_once(monkeypatch: object) -> None:
    calls = []
    short = status_text_jobs._short

    def counted(text: str) -> str | None:
        calls.append(text)
        return short(text)

    monkeypatch.setattr(status_text_jobs, "_short", counted)  # type: ignore[attr-defined]
    assert status_text.text_status("Transfer successful", "text", "Transfer successful") is None
    assert len(calls) == 1


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_a_text_without_a_digit_is_no_tally(text: str) -> None:
    """The premise of ``partial_in_text``'s digit gate: its plain reading finds no tally there."""
    digitless = re.sub(r"\d", "", text)
    assert _partial_in_text_plain(digitless) is None
    assert status_text_jobs.partial_in_text(digitless) is None


@settings(max_examples=600, deadline=None)
@given(st.dictionaries(_KEY, _JSON, min_size=1, max_size=8))
def test_the_status_keyed_gate_passes_over_nothing_it_would_read(parsed: dict[str, object]) -> None:
    """``status_keyed_can``'s premise: an object of keys it refuses is one ``_status_keyed`` reads nothing from."""
    from obsline.adapters.status_envelopes import _status_keyed, status_keyed_can

    if not status_keyed_can(tuple(parsed)):
        assert _status_keyed(parsed) is None
        assert _status_keyed(parsed, named=False) is None


def test_the_status_keyed_gate_agrees_on_the_protocol_corpus() -> None:
    from obsline.adapters.status_envelopes import _status_keyed, status_keyed_can

    for case in cases():
        if isinstance(case.raw, dict) and case.raw and not status_keyed_can(tuple(case.raw)):
            assert _status_keyed(case.raw) is None, case.id
