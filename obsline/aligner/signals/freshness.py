"""Freshness (seed 000): the version a result carries (``version``, ``etag``, ``revision``,
``updated_at``, an ETag header ...), a version that goes backwards, and a write whose arguments
carry a version older than the last one observed (optimistic concurrency: flagged before it
runs by ``check_write``, which the MCP gateway and the LangChain middleware can call with the
call's arguments, and again when its result comes).

State section ``versions``: {entity key: {v, field, n, step}}; the key is the entity id, or
the tool and call hash of a result without one.
"""

from __future__ import annotations

from typing import Any

from obsline.aligner.signals.replay import Latest
from obsline.core.models import Adapted, Status, ToolKind, to_epoch

# Where a result says its version, most specific first (lower case; headers as sent).
VERSION_FIELDS = ("etag", "version", "revision", "rev", "_rev", "version_id", "versionid", "generation",
                  "updated_at", "updatedat", "last_modified", "lastmodified", "modified_at")
# Argument names by which a call says which version it is based on: a precondition whatever the
# tool's kind; a plain version argument only on a write (on a read it asks for that version).
PRECONDITION_ARGS = ("if_match", "ifmatch", "expected_version", "base_version", "base_revision",
                     "expected_revision", "if_unmodified_since", "expected_etag")
WRITE_VERSION_ARGS = (*PRECONDITION_ARGS, "version", "etag", "revision", "rev", "_rev")
MAX_KEYS = 3  # a result without an entity id is known by its first few argument values


def _spellings(names: tuple[str, ...]) -> frozenset[str]:
    """The spellings a key may take (``etag``, ``ETag``, ``updatedAt``, ``Last-Modified``): a
    dict with none of them is passed over at C speed (most results carry no version)."""
    found: set[str] = set()
    for name in names:
        parts = name.strip("_").split("_")
        camel = parts[0] + "".join(p.title() for p in parts[1:])
        for form in (name, name.upper(), name.title(), camel, camel[:1].upper() + camel[1:],
                     "-".join(p.title() for p in parts), "-".join(parts), name.replace("_", "")):
            found.add(form)
    found.update({"ETag", "eTag", "headers", "Headers"})
    return frozenset(found)


def _may_name(mapping: dict[str, Any], spellings: frozenset[str]) -> bool:
    if len(mapping) <= 16:  # isdisjoint walks the mapping's keys: a large one is looked up instead
        return not spellings.isdisjoint(mapping)
    return any(name in mapping for name in spellings)


_VERSION_SPELLINGS = _spellings(VERSION_FIELDS)
_WRITE_SPELLINGS = _spellings(WRITE_VERSION_ARGS)


def may_carry_version(data: Any) -> bool:
    """False when ``version_of`` finds nothing, by the keys alone (a look at C speed)."""
    return isinstance(data, dict) and _may_name(data, _VERSION_SPELLINGS)


def version_of(data: Any) -> tuple[str, Any] | None:
    """(field, value) of the version a result carries at its top level or in its headers."""
    if not may_carry_version(data):
        return None
    lowered = {k.lower().replace("-", "_"): v for k, v in data.items() if isinstance(k, str)}
    for name in VERSION_FIELDS:
        value = lowered.get(name)
        if isinstance(value, str | int | float) and not isinstance(value, bool) and value != "":
            return name, value
    headers = lowered.get("headers")
    return version_of(headers) if isinstance(headers, dict) else None


def compare(old: Any, new: Any) -> int | None:
    """-1, 0, 1 when the two versions can be ordered (numbers, numeric text, timestamps);
    0 or None (unordered but different) for anything else, such as ETags."""
    if old == new:
        return 0
    for read in (_number, _epoch):
        a, b = read(old), read(new)
        if a is not None and b is not None:
            return (a > b) - (a < b)
    return None


def _number(value: Any) -> float | None:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, str) and value.strip().lstrip("v").isdigit():
        return float(value.strip().lstrip("v"))
    return None


def _epoch(value: Any) -> float | None:
    if not isinstance(value, str) or len(value) < 10 or value[4:5] != "-":
        return None
    try:
        return to_epoch(value)
    except ValueError:
        return None


def _keys(adapted: Adapted) -> list[str]:
    """What a result's version is known by: its entity id, else the identifiers its call named
    (a later write naming the same one is checked against it)."""
    if adapted.entity_id:
        return [adapted.entity_id]
    args = adapted.args if isinstance(adapted.args, dict) else {}
    return [str(v) for v in args.values() if isinstance(v, str | int) and not isinstance(v, bool)
            and len(str(v)) >= 2][:MAX_KEYS]


def track(adapted: Adapted, versions: Any, number: int | None) -> tuple[list[str], dict[str, Any] | None]:
    """This result's version lines and metadata ``version``: {field, value, back?, stale_write?}."""
    write = adapted.kind is ToolKind.SIDE_EFFECT
    stale = check_write(versions, adapted.args, None, write) if versions else None  # nothing seen: nothing stale
    lines = [write_text(stale)] if stale else []
    meta: dict[str, Any] = {"stale_write": stale} if stale else {}
    found = version_of(adapted.data) if adapted.status is Status.SUCCESS else None
    if found is None:
        return lines, meta or None
    meta.update(field=found[0], value=found[1])
    back = _keep_version(adapted, versions, found, number, write)
    if back is not None:
        meta["back"] = {"from": back["v"], "n": back.get("n"), "step": back["step"]}
        lines.append(f"version went back: {found[1]} after {back['v']} ({_where(back)}); "
                     "an older copy or a lagging replica")
    return lines, meta


def _keep_version(adapted: Adapted, versions: Any, found: tuple[str, Any], number: int | None,
                  write: bool) -> dict[str, Any] | None:
    """Keep the result's version under each of its keys, up to the first key whose last
    version is newer (a read's version going back): that last version, else None."""
    for key in _keys(adapted):
        last = versions.get(key)
        if not write and last is not None and compare(last["v"], found[1]) == 1:
            return last  # type: ignore[no-any-return]
        if last is None or last["v"] != found[1]:  # a write's result carries the version it made
            versions[key] = {"v": found[1], "field": found[0], "n": number, "step": adapted.ids.step_id}
    return None


def _where(last: dict[str, Any]) -> str:
    return f"#{last['n']}" if last.get("n") is not None else f"step {last['step']}"


def check_write(versions: Any, args: dict[str, Any] | None, entity: str | None = None,
                write: bool = True) -> dict[str, Any] | None:
    """Before a call runs: the version its arguments are based on, when it is not the last one
    observed for its entity (given, or any argument naming an entity seen with a version).
    None when nothing is known or the versions agree. ``write``: a plain ``version`` argument
    counts (on a read it only asks for that version)."""
    if not isinstance(args, dict) or not _may_name(args, _WRITE_SPELLINGS):
        return None
    based = _based_on(args, write)
    if based is None:
        return None
    versions = Latest(versions)  # the task's state as read after every record (rows are stamped)
    for key in [entity] if entity else _named(args):
        last = versions.get(key)
        if last is not None and compare(last["v"], based[1]) != 0:
            return {"arg": based[0], "value": based[1], "last": last["v"], "n": last.get("n"), "step": last["step"],
                    "entity": key}
    return None


def _based_on(args: dict[str, Any], write: bool) -> tuple[str, Any] | None:
    """(argument, value) of the version a call's arguments say it is based on, if any."""
    lowered = {k.lower().replace("-", "_"): v for k, v in args.items() if isinstance(k, str)}
    names = WRITE_VERSION_ARGS if write else PRECONDITION_ARGS
    return next(((k, lowered[k]) for k in names if lowered.get(k) not in (None, "")), None)


def _named(args: dict[str, Any]) -> list[str]:
    """The argument values that may name an entity (strings and integers, as text)."""
    return [str(v) for v in args.values() if isinstance(v, str | int) and not isinstance(v, bool)]


def write_text(stale: dict[str, Any]) -> str:
    return (f"write based on {stale['arg']}={stale['value']}, but {_where(stale)} showed {stale['last']}: "
            "re-read before writing")
