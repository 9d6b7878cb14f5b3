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

import operator
import re
from functools import lru_cache, partial
from itertools import compress, filterfalse
from typing import Any

from obsline.adapters.error_fields import key_words
from obsline.core.models import Status

PENDING_WORDS = frozenset({"pending", "running", "queued", "in_progress", "in-progress", "inprogress", "accepted",
                           "processing", "started", "starting", "submitted", "scheduled", "waiting", "runnable",
                           "provisioning", "creating", "initializing", "not_started", "notstarted", "created",
                           # (the families of waiting: in a queue, not yet begun)
                           "in_queue", "inqueue", "enqueued", "not_yet_started", "awaiting", "on_hold"})
CANCELLED_WORDS = frozenset({"cancelled", "canceled", "aborted", "revoked", "cancelling", "canceling", "stopped",
                             "killed", "terminated"})  # (a job stopped, killed or terminated before its end)
FAILED_WORDS = frozenset({"error", "failed", "failure", "fail", "errored", "timed_out", "timedout"})
DONE_WORDS = frozenset({"succeeded", "success", "successful", "completed", "complete", "done", "finished", "ok"})
PARTIAL_WORDS = frozenset({"partial", "partial_success", "partially_succeeded", "partial_failure",
                           "partially_completed", "partialsuccess", "partially_failed"})
_STATUS_WORDS = PENDING_WORDS | CANCELLED_WORDS | FAILED_WORDS | DONE_WORDS  # the words _job_here reads
_LIVE_WORDS = frozenset({"running", "started", "starting"})  # also a live resource's state (a pod, a VM)
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
                       "endTime", "end_time", "code", "msg", "conclusion", "outcome", "number", "conditions", *_STATE_KEYS,
                       *_PROGRESS_KEYS})
_WAIT_KEYS = (("retry_after_ms", 1), ("retryAfterMs", 1), ("poll_interval_ms", 1), ("pollIntervalMs", 1),
              ("retry_after", 1000), ("retryAfter", 1000), ("Retry-After", 1000), ("poll_interval", 1000),
              ("pollInterval", 1000), ("poll_after", 1000), ("poll_after_seconds", 1000))
_MAX_DEPTH = 3


def lower_word(value: Any) -> str | None:
    return value.strip().lower().replace(" ", "_") if isinstance(value, str) and len(value) <= 40 else None


# "-ing" words that are no state of work still going (a value, not a job's state)
_NOT_PROGRESSIVE = frozenset({"missing", "nothing", "something", "anything", "everything", "string", "thing", "shipping",
                              "billing", "pricing", "listing", "setting", "meeting", "booking", "parking", "morning",
                              "evening", "during", "ceiling", "wedding", "heading", "landing", "clothing", "spring"})


@lru_cache(maxsize=4096)
def job_word(word: str | None) -> str | None:
    """The job's word a state says, or None: one of the known words, or any single word of a
    verb's "-ing" form, the state of work still going (``PROGRESSING``, ``building``,
    ``translating``, ``WORKING``: any provider's verb)."""
    if word is None:
        return None
    word = state_of(word)
    if word in _STATUS_WORDS:
        return word
    if word is not None and len(word) >= 6 and word.endswith("ing") and word.isalpha() and word.isascii() \
            and word not in _NOT_PROGRESSIVE:
        return "in_progress"
    return None


def state_of(word: str | None) -> str | None:
    """A state word, from an enum constant too: Temporal's ``WORKFLOW_EXECUTION_STATUS_RUNNING``,
    Vertex AI's ``JOB_STATE_QUEUED`` (the tail after the enum's name)."""
    if word is None or word in _STATUS_WORDS or "_" not in word:
        return word
    parts = word.split("_")
    return next((tail for i in range(1, len(parts)) if (tail := "_".join(parts[i:])) in _STATUS_WORDS), word)


_STATE_NOUNS = frozenset({"state", "status", "phase", "stage"})
# A state key's neighbours that hold something else: a code, a reason, a time.
_NOT_STATE = frozenset({"code", "codes", "message", "msg", "reason", "url", "uri", "at", "time", "date", "details",
                        "detail", "text", "description", "history", "changed", "updated", "id", "count", "counts"})


@lru_cache(maxsize=8192)
def state_key(key: str) -> bool:
    """A key that holds a state in any style: ``JobRunState``, ``TranscriptionJobStatus``,
    ``buildStatus``, ``state_type``, ``Status``; not ``status_code`` or ``state_reason``."""
    if key in _STATE_SET:
        return True
    words = key_words(key)
    return not _STATE_NOUNS.isdisjoint(words) and _NOT_STATE.isdisjoint(words)


def handle_of(node: dict[str, Any], depth: int = 0) -> str | None:
    # The first id the object writes that names a job (``job_id``, Temporal's ``workflowId`` before
    # its ``runId``): the provider puts its primary id first.
    # An ARN is the long form of the job's name (SageMaker's TrainingJobName before its Arn): last.
    titled = arn = None
    for key, value in node.items():
        if value in (None, "") or isinstance(value, dict | list | bool):
            continue
        if key in _HANDLE_SET and (key not in _REQUEST_IDS or _OWN_SET.isdisjoint(node)):
            return str(value)  # (the id of the HTTP request yields to the object's own)
        if key.endswith(_NAMED_SUFFIXES):  # (a suffix test before the key's words are read)
            kind = _handle_kind(key)
            if kind == "id":
                return str(value)
            if kind == "arn":
                arn = arn or str(value)
            titled = titled or (str(value) if kind == "name" else None)
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
    if _job_resource(name):
        return name
    ident = next((v for k in _OWN_IDS if (v := node.get(k)) not in (None, "")
                  and not isinstance(v, dict | list | bool)), None) or next(
        (v for k, v in node.items() if _short_id(k) and isinstance(v, str) and v), None)
    if ident is not None:
        return str(ident)
    if titled is not None or arn is not None:  # AWS's TranscriptionJobName
        return titled or arn
    if isinstance(name, str) and name and " " not in name:  # a job known by its name ({"name": "etl-42"})
        return name
    if depth == 0:  # Temporal's execution.workflowId, Argo's metadata.name
        for key, value in node.items():
            if isinstance(value, dict) and (key in _HANDLE_HOLDERS or names_job(key)):
                inner = handle_of(value, 1)
                if inner is not None:
                    return inner
    return None


_NAMED_SUFFIXES = ("id", "Id", "ID", "arn", "Arn", "ARN", "name", "Name", "NAME")
_OWN_IDS = ("id", "Id", "ID", "sid", "uuid", "guid", "_id", "slug")  # an object's own id (Twilio's sid, MongoDB's _id)
# Words of an id that names what kind of job it is, not the job (TeamCity's buildTypeId).
_KIND_WORDS = frozenset({"type", "kind", "definition", "template", "config", "class", "spec"})
_OWN_SET = frozenset(_OWN_IDS)
_REQUEST_IDS = frozenset({"request_id"})
_HANDLE_HOLDERS = frozenset({"metadata", "meta", "ref", "reference", "info", "execution"})
# What a job is called (a noun of a key or a type): OpenAI's "thread.run", AWS's "JobRun".
# (an action and a command are units of work too: DigitalOcean's and Hetzner's actions, SSM's commands)
JOB_NOUNS = frozenset({"run", "job", "batch", "task", "operation", "build", "execution", "export", "import",
                       "workflow", "pipeline", "deployment", "query", "transcription", "queue", "action", "command"})


@lru_cache(maxsize=8192)
def names_job(key: str) -> bool:
    return not JOB_NOUNS.isdisjoint(key_words(key))


@lru_cache(maxsize=8192)
def _handle_kind(key: str) -> str | None:
    """"id" for a key naming a job's id (``QueryExecutionId``, ``dag_run_id``, ``workflowId``),
    "name" for its name (``TranscriptionJobName``), else None."""
    words = key_words(key)
    if len(words) < 2 or JOB_NOUNS.isdisjoint(words[:-1]) or not _KIND_WORDS.isdisjoint(words):
        return None
    return {"id": "id", "arn": "arn", "name": "name"}.get(words[-1])



@lru_cache(maxsize=4096)  # keys repeat across results: each is read once
def _handle_key(key: str) -> str | None:
    if key.endswith(("Handle", "_handle")):
        return "handle"
    return "reference" if key.endswith(("Reference", "_reference")) else None


@lru_cache(maxsize=4096)
def _names_poll_link(key: str) -> bool:
    lowered = key.lower()
    return lowered.endswith(("url", "uri", "href")) and any(w in lowered for w in ("status", "poll", "check", "monitor",
                                                                                     "next"))


# A link the caller is to follow for the work to go on (a payment's ``authorize_uri``, ``payUrl``, an
# ``approval_url``, a ``redirect_url``, a ``checkout_url``): the record waits on that action.
_ACTION_WORDS = frozenset({"authorize", "authorise", "authorization", "authorisation", "approve", "approval", "confirm",
                           "confirmation", "verify", "verification", "redirect", "checkout", "consent", "pay", "payment",
                           "signing", "sign", "challenge", "deeplink"})
_LINK_TAILS = frozenset({"url", "uri", "href", "link"})


@lru_cache(maxsize=4096)
def _names_action_link(key: str) -> bool:
    words = key_words(key)
    return len(words) >= 2 and words[-1] in _LINK_TAILS and not _ACTION_WORDS.isdisjoint(words[:-1])


def action_link_of(node: dict[str, Any]) -> str | None:
    """The link a record waits on the caller to follow, or None."""
    if not any(map(_names_action_link, node)):  # (in C: a cache hit a key)
        return None
    return next((v for k, v in node.items() if _names_action_link(k) and isinstance(v, str) and v.startswith("http")),
                None)


_POLL_SET = frozenset(POLL_KEYS)
_LINK_HOLDERS = frozenset({"urls", "links", "_links"})


def poll_url_of(node: dict[str, Any]) -> str | None:
    keys = node.keys()  # (each test below starts from keys of its own: set tests and cache hits in C)
    if not keys.isdisjoint(_POLL_SET):
        for key in POLL_KEYS:
            value = node.get(key)
            if isinstance(value, str) and value:
                return value
    if any(map(_names_poll_link, keys)):
        for key, value in node.items():  # check_url, statementStatusUrl: a link named for polling
            if _names_poll_link(key) and isinstance(value, str) and value:
                return value
    if keys.isdisjoint(_LINK_HOLDERS):
        return None
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
            if isinstance(value, str) and value.strip().isdecimal():
                value = int(value)
            if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0:
                return int(round(value * scale))
    return None


_META_SUFFIXES = ("_at", "At", "_url", "Url", "_uri", "Uri", "_counts", "Counts", "Reference", "Handle", "_handle",
                  "_date", "Date", "_on", "On")
_NOT_NONE = partial(operator.is_not, None)


def _IS_SET(value: Any) -> bool:
    """A value given: not None, "", [] or {}, nor an object of nothing but those (an empty field, or
    Livy's ``"appInfo": {"driverLogUrl": null}``, is a result still to come)."""
    if type(value) is dict:
        return any(map(_IS_SET, value.values()))
    return value is not None and value != "" and value != []


_JOB_TIMES = frozenset({"started", "start", "finished", "finish", "ended", "end", "queued", "submitted", "execution"})
# A link of the object's own whose path names a job collection (GitLab's ".../-/pipelines/987").
_JOB_LINK = re.compile(r"(?:^|/)(?:jobs|runs|pipelines|builds|operations|workflows|tasks|executions|queue|"
                       r"deployments|exports|imports|batches)/", re.I)
# An API object that says what it is: OpenAI's "thread.run", "batch", Anthropic's "message_batch".
_JOB_TYPES = frozenset({"run", "job", "batch", "task", "operation", "build", "execution", "export", "import",
                        "workflow", "pipeline", "deployment"})
_TYPE_PARTS = re.compile(r"[._\-#/\s]+")


# The last word of a key that holds a job's own metadata, in any style: a time (``createTime``,
# ``runStart``), a name or a type (``displayName``, ``jobType``), a link, a reason, a number.
_META_TAILS = frozenset({"time", "timestamp", "at", "on", "date", "start", "end", "name", "type", "kind", "url", "uri",
                         "href", "link", "links", "reason", "message", "msg", "number", "version", "sid", "uuid",
                         "guid", "arn", "id", "metadata", "log", "logs"})  # (its log lines so far)
_ID_TAILS = frozenset({"id", "ids", "sid", "uuid", "guid", "arn"})
# A key that tells how far the work has got, in any style: ``jobPercentComplete``,
# ``seconds_remaining``, ``numberRecordsProcessed``.
_PROGRESS_WORDS = frozenset({"progress", "percent", "remaining", "eta", "processed", "elapsed", "duration"})


@lru_cache(maxsize=4096)
def _is_meta(key: str) -> bool:
    """A job's own metadata: a time, a link, counts, a reference to its handle, its state, a
    name or a type (of a key whose last word says so, in any style)."""
    if key in _JOB_META or key.endswith(_META_SUFFIXES) or state_key(key) or _is_timed(key) or _short_id(key):
        return True
    words = key_words(key)  # (another object's id, ``site_id``, is a reference: see _is_job)
    return bool(words) and (words[-1] in _META_TAILS and (len(words) == 1 or words[-1] not in _ID_TAILS)
                            or not _PROGRESS_WORDS.isdisjoint(words) or _state_flag(words) or _state_label(words))


def _short_id(key: str) -> bool:
    """An id's abbreviation of three letters (Flink's ``jid``, ``uid``): the object's own id."""
    return len(key) == 3 and key.endswith("id") and key[0].isalpha() and key.islower()


# A flag of the job's own progress (``IsCompleted``, ``is_done``, ``hasFinished``): metadata.
_FLAG_STATES = frozenset({"completed", "complete", "done", "finished", "running", "cancelled", "canceled", "pending",
                          "queued", "started", "terminal", "final"})
_LABEL_WORDS = frozenset({"text", "name", "label", "description", "desc", "display"})


def _state_flag(words: list[str]) -> bool:
    return len(words) == 2 and words[0] in ("is", "has") and words[1] in _FLAG_STATES


def _state_label(words: list[str]) -> bool:
    """A state's text beside its number (Bitrise's ``status_text`` beside ``status: 0``)."""
    return len(words) == 2 and words[0] in _STATE_NOUNS and words[1] in _LABEL_WORDS


@lru_cache(maxsize=4096)
def _is_progress(key: str) -> bool:
    return key in _PROGRESS_KEYS or not _PROGRESS_WORDS.isdisjoint(key_words(key))


def _typed_as_job(node: dict[str, Any]) -> bool:
    kind = node.get("object") or node.get("type") or node.get("kind") or next(
        (node[k] for k in CLASS_KEYS & node.keys()), None)
    return isinstance(kind, str) and len(kind) <= 60 and not _JOB_TYPES.isdisjoint(
        {*_TYPE_PARTS.split(kind.lower()), *(w.lower() for w in _CLASS_PARTS.split(kind))})  # PendingOperation


def _is_job(node: dict[str, Any], parent: dict[str, Any] | None) -> bool:
    keys = node.keys()  # the set tests first, the loops over keys last
    if any(map(_IS_DICT, node.values())) and _live_state(node):
        return False
    if not keys.isdisjoint(_HANDLE_SET) or keys <= _JOB_META or any(map(_is_progress, keys)):
        return True
    if _job_resource(node.get("name")):
        return True
    if _declares_job(node):
        return True
    # (the per-key tests run in C, each key read once: lru_cache); a field still empty is a result to come
    loose = list(filterfalse(_is_meta, node))
    if loose:  # a field still empty is a result to come: null (the common one) dropped in C
        values = list(map(node.get, loose))
        if None in values:
            loose = list(compress(loose, map(_NOT_NONE, values)))
            values = list(map(node.get, loose))
        if "" in values or [] in values or any(map(_IS_DICT, values)):
            loose = list(compress(loose, map(_IS_SET, values)))
    if not loose or all(map(_is_reference, loose)) and (any(map(_is_job_time, node)) or any(map(_is_link_key, node))):
        return True  # besides metadata only other objects' ids, beside a job's time or its own link
    if parent is not None and (names_job(_key_of(parent, node)) or _typed_as_job(parent)):
        return True  # {"JobRun": {...}}, {"build": {...}}, JSON:API's typed object around its attributes
    if loose and all(map(_names_work_id, loose)):
        return True  # nothing but metadata, a state and the id of a call ({"function_call_id": ..., "status": "PENDING"})
    if _own_id(node) and (any(map(_is_timed, node)) or any(map(_is_steps, map(node.get, loose)))) and _parts_of_job(
            node, loose):
        return True  # its own id and time or its steps, beside references, steps and one short parameter
    return parent is not None and all(state_key(k) for k in node) and _is_job(parent, None)


# What an id names when it is a unit of work (not an order or a user): a job's nouns, a call.
# (and a status's own id: DocRaptor's ``status_id`` is what the caller polls)
_WORK_NOUNS = JOB_NOUNS | {"call", "invocation", "submission", "prediction", "generation", "render", "request",
                           "status", "state"}


@lru_cache(maxsize=4096)
def _names_work_id(key: str) -> bool:
    words = key_words(key)
    return _is_reference(key) and not _WORK_NOUNS.isdisjoint(words[:-1])


def _is_steps(value: Any) -> bool:
    """A list of objects each with a state of work (a job's tasks or steps)."""
    return type(value) is list and bool(value) and all(isinstance(i, dict) and _holds_state(i) for i in value)


def _own_id(node: dict[str, Any]) -> bool:
    return not _OWN_SET.isdisjoint(node)


def _parts_of_job(node: dict[str, Any], loose: list[str]) -> bool:
    """The fields a job writes besides its metadata: references to other objects (``"pipeline":
    {"id": 7, "name": "ci"}``), its steps (a list of objects each with a state), and at most one
    short code-like parameter (``"language": "en"``); a record's business fields (an amount, an
    address, items) are none of these."""
    params = 0
    for key in loose:
        value = node[key]
        if key in _OWN_SET or _is_reference(key) or isinstance(value, dict) and value and all(_is_meta(k) for k in value):
            continue
        if isinstance(value, list) and value and all(isinstance(i, dict) and _holds_state(i) for i in value):
            continue
        if isinstance(value, dict) and value and all(type(v) is int for v in value.values()) or names_job(key):
            continue  # its counts so far (``"summary": {"total": 3, "failed": 0}``), a field named for it
        if isinstance(value, str) and 0 < len(value) <= 16 and value.isascii() and not any(c.isdigit() for c in value):
            params += 1
            continue
        return False
    return params <= 1


_TIME_TAILS = frozenset({"at", "on", "time", "date", "timestamp"})
_TIME_QUALIFIERS = frozenset({"utc", "gmt", "iso", "ms", "millis", "epoch", "unix", "ts"})
_EVENT_TIMES = frozenset({"created", "started", "submitted", "queued", "scheduled", "enqueued"})


@lru_cache(maxsize=4096)
def _is_timed(key: str) -> bool:
    """A time of the object's own, of any event (``created_on``, ``triggered_at``, ``buildTime``,
    ``createdDateTimeUtc``, Drone's bare ``created``/``started``)."""
    words = key_words(key)
    if len(words) >= 2 and words[-1] in _TIME_QUALIFIERS:
        words = words[:-1]
    return len(words) >= 2 and words[-1] in _TIME_TAILS or len(words) == 1 and words[0] in _EVENT_TIMES


def _holds_state(item: dict[str, Any]) -> bool:
    return job_word(_state_word(item)) is not None


def _live_state(node: dict[str, Any]) -> bool:
    """A state object that tells more than a job's state (Docker's ``"State": {"Status":
    "running", "Running": true, "Pid": 42}``): the state of a live thing, not of work to wait for."""
    return any(isinstance(v := node[k], dict) and not all(i in _COUNTED or _is_meta(i) or _counts_state(i) for i in v)
               for k in filter(state_key, node))


@lru_cache(maxsize=4096)
def _counts_state(key: str) -> bool:
    """A count of the work in one state (Cloud Run's ``runningCount``, ``failed_count``)."""
    words = key_words(key)
    return len(words) == 2 and words[-1] in ("count", "counts") and job_word(words[0]) is not None


@lru_cache(maxsize=4096)
def _is_reference(key: str) -> bool:
    """Another object's id (``site_id``, ``room_sid``, ``playbackIds``)."""
    words = key_words(key)
    return len(words) > 1 and words[-1] in _ID_TAILS


@lru_cache(maxsize=8192)
def _names_job_id(key: str) -> bool:
    return _handle_kind(key) in ("id", "arn")


@lru_cache(maxsize=8192)
def _names_job_state(key: str) -> bool:
    """A state key that names the job it is the state of (Textract's ``JobStatus``, ``task_state``,
    ``buildStage``): the object is that job, whatever else it holds."""
    return not _STATE_SET.__contains__(key) and state_key(key) and names_job(key)


def strongly_job(node: dict[str, Any], parent: dict[str, Any] | None) -> bool:
    """A job by its handle, its poll or job link, its declared type, a key naming it or the key
    it stands under: evidence enough for a state word that alone also describes other things
    (``active``: a user, a subscription; ``active`` beside ``/jobs/7`` is a job still going)."""
    return not node.keys().isdisjoint(_HANDLE_SET) or _declares_job(node) or parent is not None and names_job(
        _key_of(parent, node))


def _declares_job(node: dict[str, Any]) -> bool:
    """A job by what it says of itself: its declared type, a poll or job link, a key naming its
    id or its state, a link it waits on the caller to follow (what ``_is_job`` and ``strongly_job``
    both take as proof)."""
    return _typed_as_job(node) or poll_url_of(node) is not None or _links_to_job(node) or any(
        map(_names_job_id, node)) or any(map(_names_job_state, node)) or action_link_of(node) is not None


@lru_cache(maxsize=8192)
def _is_job_time(key: str) -> bool:
    """A job's own time (``startedAt``, ``StartedOn``, ``execution_date``)."""
    return _is_meta(key) and not _JOB_TIMES.isdisjoint(key_words(key))


def created_job(obj: dict[str, Any]) -> dict[str, Any] | None:
    """The answer of a call that started a job and says so by the key alone (Leonardo's
    ``{"sdGenerationJob": {"generationId": ...}}``): one key naming a job around an object with an
    id of work, no state and no text beside its metadata (a job posting has a title): pending,
    with that id as the handle."""
    (key, inner), = obj.items()
    if not isinstance(inner, dict) or not names_job(key) or not any(map(_names_work_id, inner)):
        return None
    if any(state_key(k) for k in inner) or any(isinstance(v, str) and not (_is_meta(k) or _is_reference(k))
                                               for k, v in inner.items()):
        return None
    handle = handle_of(inner) or _first_id(inner)
    return {"handle": handle} if handle else None


def started_work(obj: dict[str, Any]) -> dict[str, Any] | None:
    """The answer of a call that queued work and says so by its keys alone (a search index's
    ``{"taskID": 792, "objectIDs": [...]}``): the id of a unit of work, at most one list of other
    objects' ids beside it, no state and no text: pending, with that id as the handle."""
    handle = None
    for key, value in obj.items():
        if handle is None and _job_id_value(key, value):
            handle = str(value)
        elif not _id_list(key, value):
            return None
    return {"handle": handle} if handle is not None else None


def _job_id_value(key: str, value: Any) -> bool:
    """A key naming a unit of work's id, with a number or a non-empty string."""
    return _names_job_id(key) and type(value) in (int, str) and value != ""


def _id_list(key: str, value: Any) -> bool:
    """A key naming other objects' ids, with a list of numbers and strings."""
    return _is_reference(key) and type(value) is list and all(type(i) in (int, str) for i in value)


def an_operation(node: dict[str, Any]) -> bool:
    """A long-running operation (``{"name": "operations/...", "metadata": ...}``) with neither
    its response nor its error yet (``status_survey`` reads an object without state keys only
    when it holds ``metadata``)."""
    name = node.get("name")
    return isinstance(name, str) and "operations/" in name and "metadata" in node and "response" not in node \
        and "error" not in node


_IS_LIST = partial(type.__instancecheck__, list)
_IS_DICT = partial(type.__instancecheck__, dict)


def only_items(obj: dict[str, Any]) -> list[dict[str, Any]]:
    """The objects that are the only item of a list of the top object's: a describe call's one
    result (CloudFormation's ``{"Stacks": [{...}]}``), read as if the object stood there."""
    if len(obj) > 2:  # (a describe call's answer: the list, and at most a page token)
        return []
    return [v[0] for v in filter(_IS_LIST, obj.values()) if len(v) == 1 and type(v[0]) is dict]


def _holds_job(parent: dict[str, Any], node: dict[str, Any]) -> bool:
    """The parent is the job itself, or holds nothing but metadata beside the job's state object
    (Azure ML's ``{"name": ..., "properties": {"status": ...}}``)."""
    return _is_job(parent, None) or all(_is_meta(k) for k, v in parent.items() if v is not node)


def _parent_is_job(parent: dict[str, Any], node: dict[str, Any]) -> bool:
    """The parent is the job whose state object ``node`` is: it holds it under a state key (Dataproc's
    ``{"reference": {"jobId": ...}, "status": {"state": "RUNNING"}}``), or ``_holds_job`` says so."""
    return state_key(_key_of(parent, node)) or _holds_job(parent, node)


def _job_resource(name: Any) -> bool:
    """A resource name whose last collection is a unit of work (``operations/abc``,
    ``projects/p/locations/l/batchPredictionJobs/4521``, ``.../executions/e-1``)."""
    if not isinstance(name, str) or "/" not in name or " " in name:
        return False
    if "operations/" in name:
        return True
    parts = name.rsplit("/", 2)
    words = key_words(parts[-2]) if len(parts) >= 2 and parts[-1] else []
    return bool(words) and words[-1].endswith("s") and words[-1][:-1] in JOB_NOUNS


def _first_id(node: dict[str, Any]) -> str | None:
    """A job with no id of a known name: the first id it writes (DeepL's ``document_id``)."""
    return next((str(v) for k, v in node.items() if _is_reference(k) and isinstance(v, str | int)
                 and not isinstance(v, bool) and v != ""), None)


def _key_of(parent: dict[str, Any], node: dict[str, Any]) -> str:
    return next((k for k, v in parent.items() if v is node), "")


def _links_to_job(node: dict[str, Any]) -> bool:
    if not any(map(_is_link_key, node)):  # (in C: a cache hit a key)
        return False
    return any(isinstance(v, str) and _is_link_key(k) and _JOB_LINK.search(v) for k, v in node.items())


@lru_cache(maxsize=8192)
def _is_link_key(key: str) -> bool:
    return key.lower().endswith(("url", "uri", "href", "link")) or key == "self"


def _typed_otherwise(node: dict[str, Any] | None) -> bool:
    """A resource that declares a kind that is no job (Kubernetes' ``kind: Pod``)."""
    kind = node.get("kind") if node is not None else None
    return isinstance(kind, str) and not _typed_as_job(node)  # type: ignore[arg-type]


_STATE_SET = frozenset(_STATE_KEYS)
# Keys that hold a class name (Jenkins' ``_class``, JSON-LD's ``@type``): "Queue$WaitingItem" says waiting.
CLASS_KEYS = frozenset({"_class", "@type", "$type", "__typename"})
_HANDLE_SET = frozenset(HANDLE_KEYS)
JOB_KEYS = _STATE_SET | {"done"} | CLASS_KEYS  # an object without one of these (or a state_key) is no job
JOB_DEPTH = _MAX_DEPTH


_STATE_ORDER = {k: i for i, k in enumerate(_STATE_KEYS)}
_CLASS_PARTS = re.compile(r"[^A-Za-z]+|(?<=[a-z])(?=[A-Z])")


def _other_state_word(node: dict[str, Any]) -> str | None:
    """A state under a key of another style (``JobRunState``, ``Status.State``), the first that
    holds a job's word; else the state a class name says."""
    for key, value in node.items():
        if key not in _STATE_SET and state_key(key):
            word = lower_word(value) if not isinstance(value, dict) else _state_word(value)
            if job_word(word):
                return word
    for key in CLASS_KEYS & node.keys():
        value = node[key]
        if isinstance(value, str):
            words = {w.lower() for w in _CLASS_PARTS.split(value)}
            return next((w for w in ("waiting", "queued", "pending", "blocked") if w in words), None)
    return None


def _state_word(node: dict[str, Any]) -> str | None:
    present = node.keys() & _STATE_SET  # the state keys it holds, read in _STATE_KEYS' order
    if not present:
        return _other_state_word(node)
    for key in sorted(present, key=_STATE_ORDER.__getitem__) if len(present) > 1 else present:
        value = node[key]
        word = lower_word(value)
        if word:
            return word  # (as written, lowered: job_word reads an enum constant's tail)
        if isinstance(value, dict):  # Databricks: {"state": {"life_cycle_state": "RUNNING"}}
            inner = value.keys() & _STATE_SET
            for inner_key in sorted(inner, key=_STATE_ORDER.__getitem__):
                word = lower_word(value[inner_key])
                if word:
                    return word
            word = _other_state_word(value)  # AWS Athena's {"Status": {"State": "QUEUED"}}
            if word:
                return word
            word = _named_state(value) or _condition_state(value)
            if word:
                return word
    return _labelled_state(node) if int in map(type, map(node.__getitem__, present)) else None  # (in C)


def _labelled_state(node: dict[str, Any]) -> str | None:
    """The state's text beside its number (``"status": 0, "status_text": "in-progress"``)."""
    if not any(map(_is_state_label, node)):  # (in C: a cache hit a key)
        return None
    return next((lower_word(v) for k, v in node.items() if isinstance(v, str) and _is_state_label(k)), None)


@lru_cache(maxsize=4096)
def _is_state_label(key: str) -> bool:
    return _state_label(key_words(key))


_CONDITION_OPEN = frozenset({"unknown", "false"})


def _condition_state(value: dict[str, Any]) -> str | None:
    """The state a Kubernetes-style ``conditions`` list says (Tekton, Flux, Argo, Knative: each
    condition ``{type, status: True|False|Unknown, reason}``): the reason of the first condition
    not yet true, when that reason is a job's word (``Running``, ``Progressing``, ``Cancelled``);
    every condition true is done."""
    conditions = value.get("conditions")
    if not isinstance(conditions, list) or not conditions or not all(isinstance(c, dict) for c in conditions):
        return None
    for condition in conditions:
        said = lower_word(condition.get("status"))
        if said in _CONDITION_OPEN:
            reason = lower_word(condition.get("reason"))
            return reason if job_word(reason) else None
    return "succeeded" if all(lower_word(c.get("status")) == "true" for c in conditions) else None


_COUNTED_STATES = (("failed", "failed"), ("active", "in_progress"), ("running", "in_progress"),
                   ("pending", "pending"), ("succeeded", "succeeded"))


_COUNTED = frozenset(key for key, _ in _COUNTED_STATES)


def _named_state(value: dict[str, Any]) -> str | None:
    """A state object that names its state (Bitbucket's ``{"state": {"name": "IN_PROGRESS"}}``)
    or counts what is in each state (a Kubernetes Job's ``{"active": 1}``): the work is still
    going while one is active, failed when one failed and none runs."""
    name = value.get("name")
    if isinstance(name, str):
        return lower_word(name)
    counts = {word: n for key, word in _COUNTED_STATES
              if isinstance(n := value.get(key), int) and not isinstance(n, bool) and n > 0}
    if not counts:
        return None
    if "in_progress" in counts or "pending" in counts:
        return "in_progress"
    return None if len(counts) > 1 else next(iter(counts))  # some failed, some succeeded: a batch's counts


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
    if isinstance(obj, dict):
        queue += [(item, obj, 0) for item in only_items(obj)]  # (as survey reads them)
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


_UNDER_WAY = ("_in_progress", "_pending")  # a state naming the operation under way: pending whatever else stands
# States of work going on that also describe things that are no job (a user, a plan is "active").
_WEAK_RUNNING = frozenset({"active", "in_flight", "inflight", "ongoing", "live"})




def _job_here(node: dict[str, Any], parent: dict[str, Any] | None) -> tuple[Status, dict[str, Any], dict[str, Any]] | None:
    done = node.get("done")
    said = _state_word(node)
    word = job_word(said)
    if word is None and said in _WEAK_RUNNING and strongly_job(node, parent):
        word = "in_progress"
    if word is None:  # no job's word ("delivered", a US state): decided before the shape is read
        if said is not None:
            return None
        if not isinstance(done, bool):
            if done is not None or "metadata" not in node or not an_operation(node):
                return None
            done = False  # google.longrunning writes no "done" while the operation runs (proto3's default)
    if word == "blocked":
        word = "waiting"
    if word in _LIVE_WORDS and (_typed_otherwise(node) or _typed_otherwise(parent)):
        return None  # a pod that runs is up, not a job still going
    if not (_is_job(node, parent) or word in PENDING_WORDS and said is not None and said.endswith(_UNDER_WAY)):
        return None  # (CloudFormation's CREATE_IN_PROGRESS: the operation under way on the resource)
    own = handle_of(node)
    holder = node if own or parent is None else parent
    details: dict[str, Any] = {}
    handle = own or (handle_of(parent) if parent is not None and _parent_is_job(parent, node) else None) or _first_id(
        node)
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
    if word in DONE_WORDS:  # GitHub's {"status": "completed", "conclusion": "cancelled"}, Azure's "result"
        said = next((v for k in ("conclusion", "outcome", "result") if isinstance(v := node.get(k), str)), None)
        word = lower_word(said) or word
    if word in PENDING_WORDS:
        if word == "pending" and not handle and parent is None and not node.keys() <= _JOB_META:
            return None
        return Status.PENDING, details, holder
    if word in CANCELLED_WORDS:
        return Status.CANCELLED, details, holder
    if word in FAILED_WORDS:
        return Status.ERROR, details, node
    return None
