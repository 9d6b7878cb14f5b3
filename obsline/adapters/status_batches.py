"""Partial results: successes and failures side by side, as lists (``updated`` + ``failed``,
``Successful`` + ``Failed``, GraphQL ``data`` + ``errors``, a list named for what succeeded:
``new_members``), counts (``succeeded: 3, failed: 2``, ``inserted: 97`` beside a failure list),
items of which some failed (Elasticsearch bulk, Kinesis ``Records``), or a ``status: partial``
word; one wrapper (``result``, ``data`` ...) deep.
"""

from __future__ import annotations

import re
from functools import lru_cache, partial
from itertools import chain, repeat
from typing import Any

from obsline.adapters.error_fields import key_role, key_words
from obsline.adapters.status_shapes import FAILED_WORDS, PARTIAL_WORDS, lower_word
from obsline.core.models import Status

_GOOD_LISTS = ("succeeded", "successful", "Successful", "success", "successes", "updated", "created", "deleted",
               "processed", "completed", "sent", "imported", "saved", "inserted", "uploaded", "applied", "ok",
               "results", "items", "data", "accepted", "written", "synced", "done")
BAD_LISTS = ("failed", "Failed", "failures", "failed_items", "errors", "rejected", "unprocessed", "UnprocessedItems",
              "not_processed", "failedItems", "error_items", "insertErrors")
_GOOD_COUNTS = ("succeeded", "success", "successful", "success_count", "successCount", "succeeded_count",
                "num_succeeded", "ok", "ok_count", "processed", "successes", "SuccessCount", "successful_count")
_BAD_COUNTS = ("failed", "failure", "failures", "failure_count", "failureCount", "failed_count", "num_failed",
               "errors", "error_count", "errorCount", "FailedRecordCount", "FailedPutCount", "FailureCount",
               "failedCount")
_ITEM_LISTS = ("items", "results", "Records", "RequestResponses", "responses", "entries", "data", "Entries")
_WRAPPERS = ("result", "data", "response", "body", "summary", "stats", "batch", "Response")


_GOOD_SET = frozenset(_GOOD_LISTS)
_SUCCESS_PARTS = frozenset({"new", "added", "created", "updated", "succeeded", "successful", "processed", "imported",
                            "inserted", "sent", "saved", "deleted", "accepted", "written", "synced", "uploaded"})
_KEY_PARTS = re.compile(r"[_\-]|(?<=[a-z])(?=[A-Z])")


def _names_success(key: str) -> bool:
    """``new_members``, ``updatedRecords``: a list named for what succeeded."""
    return any(part.lower() in _SUCCESS_PARTS for part in _KEY_PARTS.split(key))


PARTIAL_KEYS = frozenset({*BAD_LISTS, *_ITEM_LISTS, *_GOOD_COUNTS, *_BAD_COUNTS, "status", "partial"})
_BAD_SET, _ITEM_SET = frozenset(BAD_LISTS), frozenset(_ITEM_LISTS)
_GOOD_COUNT_SET, _BAD_COUNT_SET = frozenset(_GOOD_COUNTS), frozenset(_BAD_COUNTS)
_PLAIN_KEYS = frozenset({"status", *_ITEM_LISTS})  # alone, these say nothing of a batch unless they hold lists


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def describe(item: Any) -> str:
    if isinstance(item, dict):
        return ", ".join(f"{k}={v}" for k, v in item.items() if not isinstance(v, dict | list))
    return str(item)


_VERDICT_FLAGS = ("success", "ok", "succeeded", "successful")
_VERDICT_SET = frozenset(_VERDICT_FLAGS)
_ITEM_HTTP_SET = frozenset({"status", "statusCode", "status_code", "httpStatus", "httpStatusCode"})


# An item's status that says the batch failed it: a job's failure words, and the batch's refusal of
# that one item ("rejected": a feed's or a sync's verdict on each item it was given), read as a
# failure only with a reason beside it (``_explained``), as the failure words are.
_ITEM_FAILED = FAILED_WORDS | frozenset({"rejected", "refused"})


def _item_failed(item: Any) -> bool:
    if not isinstance(item, dict):
        return False
    for key in ("error", "ErrorCode", "errorCode", "error_code", "errors"):
        if item.get(key):
            return True
    if lower_word(item.get("status")) in _ITEM_FAILED and _explained(item) or not _VERDICT_SET.isdisjoint(item) and any(
            item.get(k) is False for k in _VERDICT_FLAGS):
        return True  # (a flag of the item's own: {"success": false})
    for key in _ITEM_HTTP_SET & item.keys():  # Graph batch's status, Salesforce composite's statusCode
        status = item[key]
        if isinstance(status, int) and not isinstance(status, bool) and status >= 400:
            return True
    if len(item) == 1:  # Elasticsearch bulk: {"index": {"status": 409, "error": {...}}}
        inner = next(iter(item.values()))
        return isinstance(inner, dict) and _item_failed(inner)
    return False


# What a batch says of an item it failed besides the word: why, or a code. A listing's record whose status
# is "failed" (a past payment beside its amount) says no more than its state: data, not the call's outcome.
_WHY_KEYS = frozenset({"reason", "message", "msg", "description", "detail", "details", "code", "status_code",
                       "statusCode", "failure_reason", "error_message", "errorMessage"})


def _explained(item: dict[str, Any]) -> bool:
    return any(item.get(k) not in (None, "") for k in _WHY_KEYS & item.keys()) or any(map(key_role, item))


_FAIL_SIGNS = frozenset({"Status", *_VERDICT_FLAGS, *(_ITEM_HTTP_SET - {"status"}), "error", "ErrorCode", "errorCode",
                         "error_code", "errors"})
_FAILED_WRITTEN = frozenset(w for f in _ITEM_FAILED for w in (f, f.upper(), f.title()))


def _may_fail(items: list[dict[str, Any]]) -> bool:
    """Some item has a key or a status a failure is read from (the tests in C but the last, over
    the distinct statuses): a list of records (flights, invoices) skips the per-item reading."""
    if not _FAIL_SIGNS.isdisjoint(chain.from_iterable(items)) or _errors_inside(items) or 1 in map(len, items):
        return True  # (an item of one key, Elasticsearch bulk's {"index": {...}}, is read by _item_failed)
    statuses = list(map(dict.get, items, repeat("status")))
    try:
        distinct = set(statuses)
    except TypeError:  # a status object ({"phase": "Running"}): read item by item
        return True
    return not _FAILED_WRITTEN.isdisjoint(distinct) or any(type(s) is int and s >= 400 for s in distinct)


def _item_errors(item: dict[str, Any]) -> bool:
    """Errors under a key of any name, of the item or of an object of its own (Mailjet's
    ``"Errors": [...]``, Weaviate's ``"result": {"errors": ...}``)."""
    return lower_word(item.get("Status")) in FAILED_WORDS or any(
        key_role(k) in ("error", "code") and holds_value(v) for k, v in item.items()) or any(
        any(key_role(k) == "error" and holds_value(e) for k, e in v.items()) for v in filter(_IS_DICT, item.values()))


def _errors_inside(items: list[dict[str, Any]]) -> bool:
    """A key naming an error in the items or in their objects (every step in C: cache hits)."""
    return any(map(key_role, chain.from_iterable(items))) or any(
        map(errorish, map(tuple, filter(_IS_DICT, chain.from_iterable(map(dict.values, items))))))


def failed_items(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    bad = [i for i in items if _item_failed(i)]
    return bad or ([i for i in items if _item_errors(i)] if _errors_inside(items) else [])


_IS_DICT = partial(type.__instancecheck__, dict)


@lru_cache(maxsize=8192)
def errorish(keys: tuple[str, ...]) -> bool:
    """A key of these names an error (one cache hit for keys seen before)."""
    return any(map(key_role, keys))


def holds_value(value: Any) -> bool:
    """Some leaf is given (GraphQL ``data`` whose every field is null holds nothing that succeeded)."""
    if isinstance(value, dict):
        return any(map(holds_value, value.values()))
    if isinstance(value, list):
        return any(map(holds_value, value))
    return value is not None and value != ""


def _nested_success(obj: dict[str, Any], bad_key: str) -> list[Any] | None:
    """A list named for what succeeded one level down (Astra's ``"status": {"insertedIds": [...]}``)."""
    return next((v for k, inner in obj.items() if k != bad_key and isinstance(inner, dict)
                 for name, v in inner.items() if isinstance(v, list) and v and _names_success(name)), None)


def items_partial(items: list[Any]) -> tuple[Status, dict[str, Any]] | None:
    """A batch's items with no key around them (a top-level list, a lone key's list): partial
    when some failed and some did not."""
    if len(items) < 2 or not all(map(_IS_DICT, items)) or not _may_fail(items):
        return None
    bad = failed_items(items)
    return (Status.PARTIAL, _details(len(items) - len(bad), len(bad), bad)) if bad and len(bad) < len(items) else None


def partial_status(obj: Any, depth: int = 0, inside: bool = True) -> tuple[Status, dict[str, Any]] | None:
    """PARTIAL with {succeeded, failed_count, failed}, ERROR when every item failed, or None.
    ``inside=False``: no object directly inside ``obj`` holds a batch key (status_survey)."""
    if not isinstance(obj, dict):
        return None
    found = _partial_here(obj)
    if found is None and len(obj) == 1 and isinstance(lone := next(iter(obj.values())), list):
        found = items_partial(lone)  # a lone key's list is the batch's items (Mailjet's "Messages")
    if found is not None or depth >= 1 or not inside:
        return found
    for key in _WRAPPERS if len(obj) > 1 else obj:  # a lone key wraps ({"job_status": {...}})
        inner = obj.get(key)
        if isinstance(inner, dict):
            found = partial_status(inner, depth + 1)
            if found is not None:
                return found
    return None


def _partial_here(obj: dict[str, Any]) -> tuple[Status, dict[str, Any]] | None:
    present = obj.keys() & PARTIAL_KEYS
    if not present:
        return counted(obj)
    if present <= _PLAIN_KEYS and lower_word(obj.get("status")) not in PARTIAL_WORDS and not any(
            isinstance(obj.get(k), list) for k in present):
        return counted(obj)  # a record with a status and no batch beside it (most business records)
    bad_key = None if present.isdisjoint(_BAD_SET) else next(
        (k for k in BAD_LISTS if k in present and isinstance(obj[k], list) and obj[k]), None)
    if bad_key is not None:
        failed = obj[bad_key]
        good_keys = [k for k in obj if k != bad_key and (k in _GOOD_SET or _names_success(k))]
        good = next((obj[k] for k in good_keys if isinstance(obj[k], list | dict) and holds_value(obj[k])
                     or _count(obj[k])), None) or _nested_success(obj, bad_key)
        if good is not None:  # a list or a count of what succeeded ({"inserted": 97, "failures": [...]})
            count = len(good) if isinstance(good, list) else good if _count(good) else 1
            return Status.PARTIAL, _details(count, len(failed), failed)
        if good_keys:  # a success list that is empty: everything failed
            return Status.ERROR, _details(0, len(failed), failed)
    items = None if present.isdisjoint(_ITEM_SET) else next(
        (obj[k] for k in _ITEM_LISTS if isinstance(obj.get(k), list) and obj[k]), None)
    if items is not None and all(map(_IS_DICT, items)):
        bad = failed_items(items) if _may_fail(items) else []
        if bad and len(bad) < len(items):
            return Status.PARTIAL, _details(len(items) - len(bad), len(bad), bad)
    if not present.isdisjoint(_GOOD_COUNT_SET) and not present.isdisjoint(_BAD_COUNT_SET) and holds_counts(
            tuple(obj)):  # (not a census of states: holds_counts)
        good_n = next((_count(obj[k]) for k in _GOOD_COUNTS if _count(obj.get(k)) is not None), None)
        bad_n = next((_count(obj[k]) for k in _BAD_COUNTS if _count(obj.get(k)) is not None), None)
        if good_n and bad_n:
            return Status.PARTIAL, _details(good_n, bad_n, [])
    if lower_word(obj.get("status")) in PARTIAL_WORDS or obj.get("partial") is True:
        failed = next((obj[k] for k in BAD_LISTS if isinstance(obj.get(k), list)), [])
        return Status.PARTIAL, _details(None, len(failed), failed)
    return counted(obj)


# Words of a count's key that say what it counts, in any style (``numberRecordsFailed``,
# ``rows_rejected``, ``deliveredCount``, ``total_items``).
_DONE_COUNT_WORDS = frozenset({"succeeded", "success", "successes", "successful", "ok", "processed", "sent",
                               "delivered", "imported", "inserted", "updated", "created", "completed", "accepted",
                               "written", "saved", "uploaded", "indexed", "synced", "deleted", "passed", "loaded",
                               "applied", "published", "copied", "moved", "migrated", "finished"})
_FAILED_COUNT_WORDS = frozenset({"failed", "failure", "failures", "fail", "fails", "errors", "conflicts", "error", "errored", "rejected",
                                 "bounced", "dropped", "invalid", "unprocessed", "undelivered", "skipped_errors"})
# States still to come: counts of them beside done and failed are a census of a queue's states
# (BullMQ's getJobCounts: waiting, active, delayed ...), not the outcome of a batch.
_WAITING_COUNT_WORDS = frozenset({"waiting", "active", "delayed", "paused", "queued", "pending", "running",
                                  "scheduled", "prioritized"})
_NOT_A_COUNT = frozenset({"rate", "ratio", "percent", "pct", "threshold", "limit", "max", "min", "code", "codes",
                          "last", "allowed", "retry", "retries", "at", "time", "id"})


@lru_cache(maxsize=4096)
def count_role(key: str) -> str | None:
    """"done", "failed" or "total" for a key that counts items so, in any style; else None."""
    words = key_words(key)
    if not words or not _NOT_A_COUNT.isdisjoint(words):
        return None
    if not _WAITING_COUNT_WORDS.isdisjoint(words):
        return "waiting"  # a census of states (a queue's counts): no batch's outcome
    if not _FAILED_COUNT_WORDS.isdisjoint(words):
        return "failed"
    if not _DONE_COUNT_WORDS.isdisjoint(words):
        return "done"
    return "total" if "total" in words else None  # (the whole, for the shards a search read: incomplete)


@lru_cache(maxsize=4096)
def holds_counts(keys: tuple[str, ...]) -> bool:
    """Keys with a count of failures beside a count of what was done (the test
    ``counted`` starts from: one cache hit in C for most results)."""
    roles = set(map(count_role, keys))
    return "failed" in roles and "done" in roles and "waiting" not in roles


def counted(obj: dict[str, Any]) -> tuple[Status, dict[str, Any]] | None:
    """A count of failures beside a count of successes, under any names
    (Salesforce's ``numberRecordsProcessed`` / ``numberRecordsFailed``): partial when some of
    each, an error when all failed."""
    if not holds_counts(tuple(obj)):
        return None
    done = failed = None
    for key, value in obj.items():
        number = _count(value) if not isinstance(value, dict) else _sum_counts(value)
        role = count_role(key) if number is not None else None
        if role == "failed":
            failed = number if failed is None else failed
        elif role == "done":
            done = number if done is None else done
    if not failed:
        return None
    if done is None:
        return None
    return Status.PARTIAL if done > 0 else Status.ERROR, _details(done, failed, [])


def _sum_counts(counts: dict[str, Any]) -> int | None:
    """Counts in an object of their own (Hightouch's ``"failedRows": {"addedCount": 3, ...}``)."""
    numbers = [_count(v) for v in counts.values()]
    return sum(numbers) if numbers and None not in numbers else None  # type: ignore[arg-type]


def _details(good: int | None, bad: int, failed: list[Any]) -> dict[str, Any]:
    details: dict[str, Any] = {"failed_count": bad, "failed": [describe(_inner(f)) for f in failed]}
    if good is not None:
        details["succeeded"] = good
    return details


def _inner(item: Any) -> Any:
    if isinstance(item, dict) and len(item) == 1 and isinstance(next(iter(item.values())), dict):
        return next(iter(item.values()))
    return item
