"""Status from the shape of a whole JSON result: jobs, partial batches, incomplete results.

- **Jobs** (pending / cancelled / failed): a ``status``/``state``/``phase``/``*_state`` word or a
  ``done`` flag, at any depth (``{"task": {"status": "queued"}}``, Databricks'
  ``state.life_cycle_state``), in an object whose shape says it is a job: it has a handle
  (``job_id``, ``operation_id``, ``executionArn``, an ``operations/`` name ...), a poll URL, a
  progress figure, or nothing but job metadata (``{"id", "object", "status"}``). An order, a
  ticket or a reservation with a ``status`` field has business fields beside it: its status
  is data.
- **Partial** (``status_batches``): successes and failures side by side.
- **Uncertain** (``status_incomplete``): the result says it is incomplete.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from obsline.core.models import Status

PENDING_WORDS = frozenset({"pending", "running", "queued", "in_progress", "in-progress", "inprogress", "accepted",
                           "processing", "started", "starting", "submitted", "scheduled", "waiting", "runnable",
                           "provisioning", "creating", "initializing", "not_started", "notstarted"})
CANCELLED_WORDS = frozenset({"cancelled", "canceled", "aborted", "revoked", "cancelling", "canceling"})
FAILED_WORDS = frozenset({"error", "failed", "failure", "fail", "errored", "timed_out", "timedout"})
DONE_WORDS = frozenset({"succeeded", "success", "successful", "completed", "complete", "done", "finished", "ok"})
PARTIAL_WORDS = frozenset({"partial", "partial_success", "partially_succeeded", "partial_failure",
                           "partially_completed", "partialsuccess", "partially_failed"})
_STATUS_WORDS = PENDING_WORDS | CANCELLED_WORDS | FAILED_WORDS | DONE_WORDS  # the words _job_here reads
_STATE_KEYS = ("status", "state", "phase", "life_cycle_state", "lifecycle_state", "job_state", "jobStatus",
               "job_status", "run_state", "execution_status", "task_status", "taskStatus", "processing_status",
               "processingStatus")
HANDLE_KEYS = ("job_id", "jobId", "operation_id", "operationId", "task_id", "taskId", "run_id", "runId",
               "execution_id", "executionId", "executionArn", "batch_id", "batchId", "workflow_id", "build_id",
               "buildId", "request_id", "handle", "ticket", "poll_token")
POLL_KEYS = ("poll_url", "pollUrl", "polling_url", "status_url", "statusUrl", "monitor_url", "result_url",
             "Location", "location", "operation_location", "Operation-Location", "self_link", "selfLink")
_PROGRESS_KEYS = frozenset({"progress", "progressPercent", "progress_percent", "percent", "percent_complete",
                            "percentComplete", "eta", "eta_seconds", "estimated_completion", "poll_interval",
                            "poll_interval_ms", "pollIntervalMs", "retry_after", "retryAfter", "retry_after_ms"})
_JOB_META = frozenset({"id", "object", "type", "kind", "name", "message", "detail", "details", "created", "created_at",
                       "createdAt", "updated_at", "updatedAt", "started_at", "startedAt", "startTime", "start_time",
                       "submitted_at", "submittedAt", "queued_at", "error", "result", "urls", "links", "_links",
                       "metadata", "done", "response", "reason", "cancelled_at", "canceled_at", "finished_at",
                       "endTime", "end_time", "code", "msg", "conclusion", "outcome", *_STATE_KEYS, *_PROGRESS_KEYS})
_WAIT_KEYS = (("retry_after_ms", 1), ("retryAfterMs", 1), ("poll_interval_ms", 1), ("pollIntervalMs", 1),
              ("retry_after", 1000), ("retryAfter", 1000), ("Retry-After", 1000), ("poll_interval", 1000),
              ("pollInterval", 1000), ("poll_after", 1000), ("poll_after_seconds", 1000))
_MAX_DEPTH = 3


def lower_word(value: Any) -> str | None:
    return value.strip().lower().replace(" ", "_") if isinstance(value, str) and len(value) <= 40 else None


def handle_of(node: dict[str, Any]) -> str | None:
    for key in HANDLE_KEYS:
        value = node.get(key)
        if value not in (None, "") and not isinstance(value, dict | list | bool):
            return str(value)
    for key, value in node.items():  # Snowflake's statementHandle, BigQuery's jobReference.jobId
        kind = _handle_key(key)
        if kind is None:
            continue
        if kind == "handle" and isinstance(value, str | int) and not isinstance(value, bool):
            return str(value)
        if kind == "reference" and isinstance(value, dict):
            inner = next((value[k] for k in HANDLE_KEYS if isinstance(value.get(k), str | int)), None)
            if inner is not None:
                return str(inner)
    name = node.get("name")
    if isinstance(name, str) and "operations/" in name:
        return name
    ident = node.get("id")
    if ident not in (None, "") and not isinstance(ident, dict | list | bool):
        return str(ident)
    if isinstance(name, str) and name and " " not in name:  # a job known by its name ({"name": "etl-42"})
        return name
    return None


@lru_cache(maxsize=4096)  # keys repeat across results: each is read once
def _handle_key(key: str) -> str | None:
    if key.endswith(("Handle", "_handle")):
        return "handle"
    return "reference" if key.endswith(("Reference", "_reference")) else None


@lru_cache(maxsize=4096)
def _names_poll_link(key: str) -> bool:
    lowered = key.lower()
    return lowered.endswith("url") and any(w in lowered for w in ("status", "poll", "check", "monitor"))


def poll_url_of(node: dict[str, Any]) -> str | None:
    for key in POLL_KEYS:
        value = node.get(key)
        if isinstance(value, str) and value:
            return value
    for key, value in node.items():  # check_url, statementStatusUrl: a link named for polling
        if _names_poll_link(key) and isinstance(value, str) and value:
            return value
    for holder_key, inner in (("urls", ("get", "status", "poll")), ("links", ("status", "self", "poll")),
                              ("_links", ("status", "self"))):
        holder = node.get(holder_key)
        if isinstance(holder, dict):
            for key in inner:
                value = holder.get(key)
                if isinstance(value, dict):
                    value = value.get("href")
                if isinstance(value, str) and value:
                    return value
    return None


def wait_of(node: dict[str, Any]) -> int | None:
    headers = node.get("headers")
    for holder in (node, headers) if isinstance(headers, dict) else (node,):
        for key, scale in _WAIT_KEYS:
            value = holder.get(key)
            if isinstance(value, str) and value.strip().isdigit():
                value = int(value)
            if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0:
                return int(round(value * scale))
    return None


_META_SUFFIXES = ("_at", "At", "_url", "Url", "_counts", "Counts", "Reference", "Handle", "_handle")
# An API object that says what it is: OpenAI's "thread.run", "batch", Anthropic's "message_batch".
_JOB_TYPES = frozenset({"run", "job", "batch", "task", "operation", "build", "execution", "export", "import",
                        "workflow", "pipeline", "deployment"})
_TYPE_PARTS = re.compile(r"[._\-#/\s]+")


@lru_cache(maxsize=4096)
def _is_meta(key: str) -> bool:
    """A job's own metadata: a time, a link, counts, a reference to its handle."""
    return key in _JOB_META or key.endswith(_META_SUFFIXES)


def _typed_as_job(node: dict[str, Any]) -> bool:
    kind = node.get("object") or node.get("type") or node.get("kind")
    return isinstance(kind, str) and len(kind) <= 60 and not _JOB_TYPES.isdisjoint(
        _TYPE_PARTS.split(kind.lower()))


def _is_job(node: dict[str, Any], parent: dict[str, Any] | None) -> bool:
    keys = node.keys()  # the set tests first, the loops over keys last
    if not keys.isdisjoint(_HANDLE_SET) or not keys.isdisjoint(_PROGRESS_KEYS) or keys <= _JOB_META:
        return True
    name = node.get("name")
    if isinstance(name, str) and "operations/" in name:
        return True
    if _typed_as_job(node) or poll_url_of(node) or all(_is_meta(k) for k in node):
        return True
    return parent is not None and set(node) <= set(_STATE_KEYS) and _is_job(parent, None)


_STATE_SET = frozenset(_STATE_KEYS)
_HANDLE_SET = frozenset(HANDLE_KEYS)
JOB_KEYS = _STATE_SET | {"done"}  # an object without one of these is no job (_job_here's first test)
JOB_DEPTH = _MAX_DEPTH


_STATE_ORDER = {k: i for i, k in enumerate(_STATE_KEYS)}


def _state_word(node: dict[str, Any]) -> str | None:
    present = node.keys() & _STATE_SET  # the state keys it holds, read in _STATE_KEYS' order
    if not present:
        return None
    for key in sorted(present, key=_STATE_ORDER.__getitem__) if len(present) > 1 else present:
        value = node[key]
        word = lower_word(value)
        if word:
            return word
        if isinstance(value, dict):  # Databricks: {"state": {"life_cycle_state": "RUNNING"}}
            inner = value.keys() & _STATE_SET
            for inner_key in sorted(inner, key=_STATE_ORDER.__getitem__):
                word = lower_word(value[inner_key])
                if word:
                    return word
    return None


def job_in(nodes: list[tuple[dict[str, Any], dict[str, Any] | None]]) -> tuple[Status, dict[str, Any], dict[str, Any]] | None:
    """``job_status`` over the objects (with their parents) of a walk done already (status_survey)."""
    for node, parent in nodes:
        found = _job_here(node, parent)
        if found is not None:
            return found
    return None


def job_status(obj: Any) -> tuple[Status, dict[str, Any], dict[str, Any]] | None:
    """(status, details, the job object) of the first job found, breadth first, or None."""
    queue: list[tuple[Any, dict[str, Any] | None, int]] = [(obj, None, 0)]
    while queue:
        node, parent, depth = queue.pop(0)
        if not isinstance(node, dict):
            continue
        found = _job_here(node, parent)
        if found is not None:
            return found
        if depth < _MAX_DEPTH:
            queue.extend((v, node, depth + 1) for v in node.values() if isinstance(v, dict))
    return None


def _job_here(node: dict[str, Any], parent: dict[str, Any] | None) -> tuple[Status, dict[str, Any], dict[str, Any]] | None:
    done = node.get("done")
    if done is None and node.keys().isdisjoint(_STATE_SET):
        return None
    word = _state_word(node)
    if word is None and not isinstance(done, bool) or word is not None and word not in _STATUS_WORDS:
        return None  # no job's word ("delivered", a US state): decided before the shape is read
    if not _is_job(node, parent):
        return None
    holder = node if handle_of(node) or parent is None else parent
    details: dict[str, Any] = {}
    handle = handle_of(node) or (handle_of(parent) if parent is not None and _is_job(parent, None) else None)
    if handle:
        details["handle"] = handle
    url = poll_url_of(node) or (poll_url_of(parent) if parent is not None else None)
    if url:
        details["poll_url"] = url
    wait = wait_of(node) or (wait_of(parent) if parent is not None else None)
    if wait is not None:
        details["retry_after_ms"] = wait
    if isinstance(done, bool) and word is None:  # a long-running operation (google.longrunning)
        if not done:
            return Status.PENDING, details, holder
        err = node.get("error")
        if isinstance(err, dict) and err.get("code") == 1:  # gRPC CANCELLED
            return Status.CANCELLED, details, holder
        return (Status.ERROR, details, holder) if err else None
    if word in DONE_WORDS:  # GitHub's {"status": "completed", "conclusion": "cancelled"}
        word = lower_word(node.get("conclusion") or node.get("outcome")) or word
    if word in PENDING_WORDS:
        if word == "pending" and not handle and parent is None and not node.keys() <= _JOB_META:
            return None
        return Status.PENDING, details, holder
    if word in CANCELLED_WORDS:
        return Status.CANCELLED, details, holder
    if word in FAILED_WORDS:
        return Status.ERROR, details, node
    return None
