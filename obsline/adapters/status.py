"""Status normalisation: every result becomes success, partial, pending, error, cancelled or
uncertain, read from the shape of the whole result.

In order: the envelope's HTTP status (202 pending, >= 400 error); for JSON, a result that says
it is incomplete (uncertain), an error envelope (``status_envelopes``), an exit code, a job's
state at any depth, a batch of successes and failures (``status_shapes``); for text, a JSON
text cut off before its end (uncertain, with the part that did parse), then the text readers
(``status_text``: error lines in many languages, HTTP status lines, gRPC and XML errors, stack
traces, jobs still running, cancellations, "3 succeeded, 2 failed"). An error keeps the tool's
own code, message, suggested actions and retryable flag beside the stable code; a wait is
taken from the result (field, header, text) and is absent otherwise. A search that found
nothing is a success with zero results.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from obsline.adapters.error_codes import code_for_message, make_error, recode
from obsline.adapters.error_fields import key_role, key_words, specific_code
from obsline.adapters.shapes import meaning
from obsline.adapters.status_batches import (
    BAD_LISTS,
    PARTIAL_KEYS,
    describe,
    holds_counts,
    holds_value,
    items_partial,
    partial_status,
)
from obsline.adapters.status_cutoff import cut_off_json
from obsline.adapters.status_envelopes import (
    HTTP_CODES,
    SUCCESS_CODES,
    envelope_error,
    error_from,
    http_code,
    key_facts,
    record_error,
    retry_after_ms,
)
from obsline.adapters.status_flat import form_envelope, xml_envelope
from obsline.adapters.status_incomplete import (
    INCOMPLETE_KEYS,
    declared_incomplete,
    declared_inside,
    flag_keys,
    flagged_below,
    flagged_deep,
    inner_hints,
    listed_cut,
    names_model,
)
from obsline.adapters.status_quiet import quiet_text
from obsline.adapters.status_shapes import (
    action_link_of,
    created_job,
    handle_of,
    job_in,
    job_status,
    names_job,
    poll_url_of,
    started_work,
)
from obsline.adapters.status_slots import has_code_slot, listed_verdict, slot_error, slot_gate
from obsline.adapters.status_survey import holds_state_key, survey
from obsline.adapters.status_text import job_in_text, retry_after_in_text, text_status
from obsline.core.errors import ErrorCode
from obsline.core.models import ErrorInfo, Status

__all__ = ["HTTP_CODES", "SUCCESS", "StatusResult", "detect_status", "make_error", "retry_after_ms", "runs_command",
           "status_hints"]

_EXIT_KEYS = ("exit_code", "exitCode", "returncode", "return_code", "exit_status", "exitStatus", "rc")


@dataclass(frozen=True, slots=True)
class StatusResult:
    status: Status
    error: ErrorInfo | None = None
    details: dict[str, Any] = field(default_factory=dict)


SUCCESS = StatusResult(Status.SUCCESS)


_COMMAND_ARGS = ("command", "cmd", "script", "code")
_COMMAND_SET = frozenset(_COMMAND_ARGS)
_MESSAGE_KEYS = ("message", "msg", "detail", "description")


def status_hints(http_status: int | None, error_hint: bool | None,
                 args: dict[str, Any] | None = None) -> tuple[int | None, bool, bool]:
    """All that ``detect_status`` reads of the envelope: a failing HTTP status or 202 Accepted
    (else None), whether the agent flagged an error, and whether the call ran a command of the
    agent's (its arguments hold one: its output is the program's words, not the tool's verdict).
    Equal hints and equal raws give equal results."""
    kept = http_status if http_status is not None and (http_status >= 400 or http_status == 202) else None
    return kept, bool(error_hint), runs_command(args)


def runs_command(args: dict[str, Any] | None) -> bool:
    if not args or args.keys().isdisjoint(_COMMAND_SET):  # most calls: one set test in C
        return False
    return any(isinstance(args.get(k), str) for k in _COMMAND_ARGS)


def detect_status(parsed: Any, text: str | None, *, http_status: int | None, error_hint: bool | None,
                  shape: str = "json", tree: Any = None, own_output: bool = False) -> StatusResult:
    """Classify one result. ``parsed`` is the JSON value (or None), ``text`` the raw text,
    ``shape``/``tree`` what adapters.shapes read from a text raw; ``own_output`` says the text
    is the agent's own program output (adapters/trust.py)."""
    http_status, error_hint, _ = status_hints(http_status, error_hint)
    if http_status == 202:
        return _accepted(parsed, text)
    if http_status is not None:
        return _http_error(http_status, parsed, text)
    if isinstance(parsed, dict | list):
        found = _status_of_json(parsed)
        if found is not None:
            return found
    elif parsed is None and text is not None and not quiet_text(text, shape):
        # (a quiet text, status_quiet: none of what any text reader starts from)
        found = text_verdict(text, shape, tree, own_output)
        if found is not None:
            return found
    if error_hint:
        return StatusResult(Status.ERROR, make_error(ErrorCode.UNKNOWN, (text or "")[:300] or "error"))
    return SUCCESS


def text_verdict(text: str, shape: str, tree: Any, own_output: bool) -> StatusResult | None:
    """What the text readers read from a text result, or None (the plain twin of ``quiet_text``)."""
    # (a text a shape read as one mapping pair: "X: Y")
    found = _stated_line(text) if type(tree) is dict and len(tree) == 1 and meaning(shape).words_at_edges else None
    return found or _status_of_text(text, shape, tree, own_output)


_CAUSES_STATED = frozenset({ErrorCode.NOT_FOUND, ErrorCode.PERMISSION_DENIED, ErrorCode.AUTH_FAILED, ErrorCode.TIMEOUT,
                            ErrorCode.RATE_LIMITED})


def _stated_line(text: str) -> StatusResult | None:
    """One line "X: Y" that the shapes read as a key and its value, whose "key" is an error statement
    naming its cause ("Zugriff verweigert: Sie haben keine Berechtigung ..."): the statement is the
    result. A head that names no cause ("Speed test failed: No Connection.": a test's finding) stays data."""
    line = text.strip()
    if "\n" in line or len(line) > 300 or code_for_message(line.split(":", 1)[0]) not in _CAUSES_STATED:
        return None
    found = _status_of_text(line, "text", line, False)
    return found if found is not None and found.status is Status.ERROR else None


def _accepted(parsed: Any, text: str | None) -> StatusResult:
    """HTTP 202: pending, with the handle, poll URL and wait the body or the text gives."""
    details: dict[str, Any] = {}
    if isinstance(parsed, dict):
        found = job_status({"status": "accepted", **parsed})
        if found is not None:
            details = found[1]
    elif text:
        in_text = job_in_text(text)
        details = in_text[1] if in_text else {}
    return StatusResult(Status.PENDING, details=details)


def _http_error(http_status: int, parsed: Any, text: str | None, body: bool = True) -> StatusResult:
    """``body``: the text is read for an error of its own (not when the text itself gave the status)."""
    if isinstance(parsed, dict):
        info = envelope_error(parsed) or error_from(parsed, parsed, http_status)
        code = http_code(http_status, info.message) if info.code is ErrorCode.UNKNOWN or http_status in (
            401, 403, 404, 408, 409, 413, 429, 504) else info.code
        wait = info.retry_after_ms if info.retry_after_ms is not None else (
            retry_after_in_text(text) if text else None)
        info = recode(info, code, retry_after_ms=wait, tool_code=info.tool_code or specific_code(parsed) or str(
            http_status))
        return StatusResult(Status.ERROR, info)
    message = text[:300] if text else f"HTTP {http_status}"
    wait = retry_after_in_text(text) if text else None
    own = _body_error(text) if text and body else None
    if own is not None:  # the body's own error (an XML <Code>, a fault's code): the tool's words kept
        code = http_code(http_status, own.message) if own.code is ErrorCode.UNKNOWN or http_status in (
            401, 403, 404, 408, 409, 413, 429, 504) else own.code
        return StatusResult(Status.ERROR, recode(own, code, retry_after_ms=own.retry_after_ms if (
            own.retry_after_ms is not None) else wait, tool_code=own.tool_code or str(http_status)))
    return StatusResult(Status.ERROR, make_error(http_code(http_status, message), message, retry_after_ms=wait,
                                                 tool_code=str(http_status)))


def _body_error(text: str) -> ErrorInfo | None:
    """The error a failing HTTP answer's text body states with a code of its own, or None."""
    found = _status_of_text(text, "text", text, False)
    error = found.error if found is not None else None
    return error if error is not None and error.tool_code else None


def _status_of_json(parsed: dict[str, Any] | list[Any], plain: bool = False) -> StatusResult | None:
    """The status a JSON result's shape gives, or None. Each detector is tried only where the keys
    it starts from stand (``status_survey``); ``plain`` is the reference twin that tries them all."""
    if not isinstance(parsed, dict):
        info = envelope_error(parsed)  # a list of error objects (Salesforce)
        listed = listed_verdict(parsed) if info is None and parsed and type(parsed[0]) is str else None
        if listed is not None:  # ["error", 10020, "request: invalid"]
            info = record_error(listed[0], listed[1], {}, None)
        if info is None:
            batch = items_partial(parsed) if parsed and type(parsed[0]) is dict else None  # a batch's items
            return None if batch is None else StatusResult(batch[0], details=batch[1])
        return StatusResult(Status.ERROR, info)
    if plain:
        seen, keys, plan = None, tuple(parsed), _ALL_READERS
    else:  # a key whose value is null says nothing: the gates read the keys with a value
        kinds = set(map(type, parsed.values()))  # (one pass in C: what the values are)
        keys = tuple(parsed) if _NONE_TYPE not in kinds else tuple(k for k, v in parsed.items() if v is not None)
        plan = _PLANS.get(keys) or _plan(keys)
        if plan is _NO_READER and (kinds <= _FLAT_KINDS or _flat_kinds(kinds)) and len(parsed) > 2 and (
                len(keys) == len(parsed) or not names_model(tuple(parsed))):
            return None  # a flat record whose keys start no reader (most results): decided here
        seen = survey(parsed, keys)
    going_at, incomplete_at, running_at, envelope_at, partial_at, exit_at = plan
    if isinstance(parsed.get("done"), bool):  # a long-running operation
        job = job_status(parsed) if seen is None else job_in(seen.job_nodes)
        if job is not None and job[0] is not Status.ERROR:
            return StatusResult(job[0], details=job[1])
    going = _still_going(parsed) if going_at else None
    if going is not None:
        return going
    why = declared_incomplete(parsed) if incomplete_at else None
    if why is not None:
        return StatusResult(Status.UNCERTAIN, details={"incomplete": why})
    running = _still_running(parsed) if running_at else None
    if running is not None:
        return running
    # (key_facts: a cache hit in C, no frame of Python, for keys seen before; 0 is "no reader applies")
    inner = () if seen is None else tuple(seen.inner)
    inner_error = seen is not None and key_facts(inner)[0] != 0
    info = envelope_error(parsed) if seen is None else envelope_error(
        parsed, inside=inner_error) if inner_error or envelope_at else None
    if info is not None:
        return _with_partial(parsed, info)
    slotted = slot_error(parsed) if seen is None else slot_error(parsed, inner=has_code_slot(seen.inner)) if (
        slot_gate(keys, seen.inner)) else None
    if slotted is not None:  # an envelope in slots of other names (retCode/retMsg, meta.code)
        return StatusResult(Status.ERROR, record_error(*slotted))
    exit_found = _exit_status(parsed) if exit_at else None
    if exit_found is not None:
        return exit_found
    job = job_status(parsed) if seen is None else job_in(seen.job_nodes) if seen.job_nodes else None
    if job is not None:
        status, details, holder = job
        if status is Status.ERROR:
            err = holder.get("error") or holder.get("message") or holder.get("detail") or holder.get("reason")
            return StatusResult(Status.ERROR, error_from(err or _state_text(holder), holder), details)
        return StatusResult(status, details=details)
    batch = partial_status(parsed) if seen is None else partial_status(
        parsed, inside=not seen.inner.isdisjoint(PARTIAL_KEYS)) if partial_at or not (
        seen.inner.isdisjoint(PARTIAL_KEYS)) or len(parsed) == 1 and type(next(iter(parsed.values()))) is list else None
    if batch is not None:
        status, details = batch
        if status is Status.ERROR:
            return StatusResult(Status.ERROR, error_from(_first_failure(parsed), parsed), details)
        return StatusResult(status, details=details)
    if len(parsed) <= 2:  # (the answer of a call that queued work, by its keys: no gate passes a flat object of more)
        started = started_work(parsed)
        if started is not None:
            return StatusResult(Status.PENDING, details=started)
    if len(parsed) == 1:
        started = created_job(parsed)
        if started is not None:
            return StatusResult(Status.PENDING, details=started)
        only = next(iter(parsed))
        limited = _limit_note(only, parsed[only])
        if limited is not None:
            return StatusResult(Status.ERROR, limited)
    why = declared_inside(parsed) if seen is None or inner and inner_hints(inner) else None
    why = why or (listed_cut(parsed) if names_model(tuple(parsed)) else None)  # (a model's answer names its model)
    why = why or (flagged_deep(parsed) if seen is None else flagged_below(seen.job_nodes) if seen.job_nodes else None)
    return None if why is None else StatusResult(Status.UNCERTAIN, details={"incomplete": why})


# Flags that say the work goes on, and HTTP status fields that can say 202 in the body.
_RUNNING_FLAGS = frozenset({"is_running", "isRunning", "IsRunning", "running", "in_progress", "inProgress"})
_DONE_FLAGS = frozenset({"completed", "finished", "is_completed", "isCompleted", "IsCompleted", "is_finished",
                         "isFinished", "complete", "is_done", "isDone"})
_STATUS_CODE_KEYS = frozenset({"statusCode", "StatusCode", "status_code", "httpStatus", "http_status"})
_GOING_KEYS = _RUNNING_FLAGS | _DONE_FLAGS | _STATUS_CODE_KEYS

# Which of the key-started readers an object with these keys (those with a value) needs, decided
# once per set of keys (the keys of one tool's results repeat): (still going, incomplete, still
# running, an envelope, a batch, an exit code). The plain twin tries every reader.
_Plan = tuple[bool, bool, bool, bool, bool, bool]
_ALL_READERS: _Plan = (True, True, True, True, True, True)
_PLANS: dict[tuple[str, ...], _Plan] = {}
_PLANS_MAX = 8192


def _plan(keys: tuple[str, ...]) -> _Plan:
    top = frozenset(keys)
    plan = (not top.isdisjoint(_GOING_KEYS), not top.isdisjoint(INCOMPLETE_KEYS) or flag_keys(keys),
            not top.isdisjoint(_MESSAGE_KEYS), key_facts(keys)[0] != 0,
            not top.isdisjoint(PARTIAL_KEYS) or holds_counts(keys), not top.isdisjoint(_EXIT_KEYS))
    if not any(plan) and not (slot_gate(keys, frozenset()) or holds_state_key(keys) or "metadata" in top
                              or "done" in top or names_model(keys)):
        plan = _NO_READER  # (a flat object with these keys: no reader applies, whatever its values)
    if len(_PLANS) >= _PLANS_MAX:
        _PLANS.clear()
    _PLANS[keys] = plan
    return plan


_NO_READER: _Plan = (False, False, False, False, False, False)  # (a distinct object: ``is`` tells it)
# Kinds of values no reader looks into (no object: no wrapper, job or header below; lists are read
# only by the batch reader, whose keys are in the plan, and by a lone key's list, len <= 2).
_NONE_TYPE = type(None)
_FLAT_KINDS = {str, int, float, bool, _NONE_TYPE, list}  # grows by the kinds met (a typed value: datetime)


def _flat_kinds(kinds: set[type]) -> bool:
    """No value of these kinds is an object (a ``dict``, of any subclass): learnt once a kind."""
    if any(issubclass(kind, dict) for kind in kinds):
        return False
    _FLAT_KINDS.update(kinds)
    return True


def _still_going(obj: dict[str, Any]) -> StatusResult | None:
    """Work the result says goes on by a flag or a status field, not a state word: HTTP 202 written in
    the body (Lambda's async ``{"StatusCode": 202}``), a running flag beside a not-whole result so far
    (Elasticsearch's async search: ``is_running`` and ``is_partial``), a done flag still false beside the
    job it is about (``{"completed": false, "task": {...}}``). A record's own flags (a to-do's
    ``completed: false``, a machine's ``running: true``) have neither beside them."""
    code = next((obj[k] for k in _STATUS_CODE_KEYS & obj.keys()), None)
    if code == 202 and type(code) is int and len(obj) <= 3:
        return StatusResult(Status.PENDING, details=_handle_details(obj))
    if any(obj.get(k) is True for k in _RUNNING_FLAGS & obj.keys()) and (flag_keys(tuple(obj)) or any(
            map(names_job, obj))):
        return StatusResult(Status.PENDING, details=_handle_details(obj))
    if any(obj.get(k) is False for k in _DONE_FLAGS & obj.keys()) and any(
            names_job(k) and type(v) is dict for k, v in obj.items()):
        return StatusResult(Status.PENDING, details=_handle_details(obj))
    return None


def _handle_details(obj: dict[str, Any]) -> dict[str, Any]:
    handle = handle_of(obj)
    return {"handle": handle} if handle else {}


_NOTE_KEYS = frozenset({"note", "notice", "information", "info", "warning"})


def _limit_note(key: str, value: Any) -> ErrorInfo | None:
    """An answer that is nothing but a note saying a rate limit stands (Alpha Vantage's
    ``{"Note": "... 5 calls per minute ..."}``): the call was refused; other notes are data."""
    if not isinstance(value, str) or key.lower() not in _NOTE_KEYS or len(value) > 600:
        return None
    code = code_for_message(value)
    if code is not ErrorCode.RATE_LIMITED:
        return None
    return make_error(code, value[:300], retry_after_ms=retry_after_in_text(value))


def _still_running(parsed: Any) -> StatusResult | None:
    """A message that says the work goes on, beside a link to poll (Snowflake's ``{"code":
    "333334", "message": "Asynchronous execution in progress...", "statementStatusUrl": ...}``) or a
    link the caller is to follow for it to go on (a payment's ``payUrl``, waiting for the payer)."""
    if not isinstance(parsed, dict) or parsed.keys().isdisjoint(_MESSAGE_KEYS):
        return None
    url = poll_url_of(parsed)
    message = next((parsed[k] for k in _MESSAGE_KEYS if isinstance(parsed.get(k), str)), None)
    if url is None and action_link_of(parsed) is None or message is None or job_in_text(message) is None:
        return None
    return StatusResult(Status.PENDING, details=_poll_details(parsed, url))


def _poll_details(parsed: dict[str, Any], url: str | None) -> dict[str, Any]:
    """The poll link and the handle a pending result gives, each where it has one."""
    handle = handle_of(parsed)
    return {**({"poll_url": url} if url else {}), **({"handle": handle} if handle else {})}


def _with_partial(parsed: Any, info: ErrorInfo) -> StatusResult:
    """An error envelope beside data that did succeed (GraphQL ``data`` + ``errors``) is partial; one
    whose own code says the answer is partial beside the data it has is uncertain."""
    if isinstance(parsed, dict) and _partial_answer(parsed, info.tool_code):
        return StatusResult(Status.UNCERTAIN, details={"incomplete": f"{info.tool_code}: {info.message}"})
    batch = partial_status(parsed) if isinstance(parsed, dict) else None
    if batch is not None and batch[0] is Status.PARTIAL:
        return StatusResult(Status.PARTIAL, details=batch[1])
    failed = _items_failed_beside_work(parsed) if isinstance(parsed, dict) else None
    if failed is None and isinstance(parsed, dict):
        failed = _failures_beside_success(parsed)
    if failed is not None:
        return StatusResult(Status.PARTIAL, details=failed)
    return StatusResult(Status.ERROR, info)


def _partial_answer(parsed: dict[str, Any], tool: str | None) -> bool:
    """An error whose own code says the answer is partial (Azure Monitor's ``PartialError``), beside
    the data it has: the answer is uncertain, not failed (a batch's ``partial_success`` is partial)."""
    words = key_words(tool) if tool is not None else []
    return "error" in words and not {"partial", "incomplete"}.isdisjoint(words) and any(
        holds_value(v) for v in parsed.values() if isinstance(v, list | dict) and v is not parsed.get("error"))


def _failures_beside_success(parsed: dict[str, Any]) -> dict[str, Any] | None:
    """A verdict of success beside a list of the items that failed (Braze's ``{"message":
    "success", "errors": [{"index": 2, ...}]}``): the call did its work, except those."""
    said = next((v for k in ("message", "status", "result") if isinstance(v := parsed.get(k), str)), None)
    if said is None or said.strip().lower() not in SUCCESS_CODES:
        return None
    items = next((v for k, v in parsed.items() if key_role(k) == "error" and isinstance(v, list) and v
                  and all(isinstance(i, dict) for i in v)), None)
    return None if items is None else {"failed_count": len(items), "failed": [describe(i) for i in items]}


def _items_failed_beside_work(parsed: dict[str, Any]) -> dict[str, Any] | None:
    """Errors that list the items that failed, by reason (OneSignal's ``"errors":
    {"invalid_player_ids": [...]}``), beside a count of what was done (``"recipients": 3``)."""
    lists = next((v for k, v in parsed.items() if key_role(k) == "error" and isinstance(v, dict) and v
                  and all(isinstance(i, list) and i and all(isinstance(x, str | int) for x in i) for i in v.values())),
                 None)
    if lists is None:
        return None
    done = next((n for k, n in parsed.items() if isinstance(n, int) and not isinstance(n, bool) and n > 0
                 and key_role(k) is None and k not in _NOT_WORK), None)
    if done is None:
        return None
    items = [f"{reason}: {item}" for reason, found in lists.items() for item in found]
    return {"succeeded": done, "failed_count": len(items), "failed": items}


_NOT_WORK = frozenset({"code", "status", "status_code", "statusCode", "http_status", "errno", "id"})


def _state_text(holder: dict[str, Any]) -> str:
    return next((str(holder[k]) for k in ("status", "state", "phase") if isinstance(holder.get(k), str)), "failed")


def _first_failure(obj: dict[str, Any]) -> Any:
    """The first failed item of a batch where every item failed (what its error says)."""
    for holder in (obj, *(v for v in obj.values() if isinstance(v, dict))):
        for key in BAD_LISTS:
            value = holder.get(key)
            if isinstance(value, list) and value:
                return value[0]
    return "failed"


def _exit_status(obj: dict[str, Any]) -> StatusResult | None:
    """A JSON shell result (``{"exit_code": 1, "stderr": ...}``, ``{"rc": 2}``): non-zero is a failed command."""
    if obj.keys().isdisjoint(_EXIT_KEYS):  # most results: one look-up per name, in C
        return None
    for key in _EXIT_KEYS:
        code = obj.get(key)
        if isinstance(code, int) and not isinstance(code, bool):
            if code == 0:
                return None
            said = next((str(obj[k]) for k in ("stderr", "error", "output", "stdout") if obj.get(k)), "")
            message = f"exit code {code}" + (f": {_last_line(said)}" if said else "")
            return StatusResult(Status.ERROR, make_error(ErrorCode.COMMAND_FAILED, message, tool_code=str(code)))
    return None


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().split("\n") if line.strip()]
    return lines[-1][:200] if lines else ""


def _status_of_text(text: str, shape: str, tree: Any, own_output: bool) -> StatusResult | None:
    cut = cut_off_json(text)
    if cut is not None:
        return StatusResult(Status.UNCERTAIN, details=cut)
    if "&" in text:
        form = form_envelope(text)  # PayPal NVP: fields, no sentence for the sentence readers
        if form is not None:
            return StatusResult(Status.ERROR, record_error(*form))
    found = text_status(text, shape, tree, own_output)
    if found is None:  # an XML envelope no reader of XML errors knows (WeChat Pay v2)
        flat = xml_envelope(text) if text.startswith("<") else None
        return None if flat is None else StatusResult(Status.ERROR, record_error(*flat))
    return _text_result(found, text)


def _text_result(found: tuple[Status, Any], text: str) -> StatusResult:
    """The result of what a text reader found: an error record, an HTTP status, or details."""
    status, payload = found
    if isinstance(payload, ErrorInfo):
        return StatusResult(Status.ERROR, payload)
    if status is Status.ERROR and isinstance(payload, dict) and "http_status" in payload:
        return _http_error(payload["http_status"], None, text, body=False)
    return StatusResult(status, details=payload if isinstance(payload, dict) else {})
