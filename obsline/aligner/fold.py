"""Semantic dedup (seed 003): fold repeated idempotent reads into deltas against a verified
baseline. Pure: the decision is data; ``sinks.observe`` turns it into text.

Rules, per task:
- ``read``: the first successful full read of (tool, entity) is the baseline. A repeat whose
  semantic fields are unchanged folds to one line; a changed one shows only what changed.
- ``list``: results merge by item key against the last list of the same call.
- ``side_effect`` and ``time_series`` are never folded; tools without a contract fold on
  their text (aligner.textfold) when adapters.kinds finds them read-only.
- A baseline that was not verified (error, partial, truncated) yields ``pending_review``.
- A result older than its baseline (step 2 arriving after step 3) is ``older``: said so,
  never a change, never the baseline.
- A nested record already shown in full earlier in the task, byte-identical by canonical
  hash, is shown as a reference to where it was shown. State never crosses tasks.

References name one observation: each observation that a later one may point at carries a
per-task number, shown first in its text (``#7``), and references say ``#7``. A step cannot
be the name: parallel calls share one. Observations nothing can point at (an ``unchanged``
line, an error, a small write) get no number, which saves its two tokens.

State (JSON-native, one section each): {"baselines": {slot: Baseline}, "shown": {hash: number},
"views": {text key: [View]}, "numbers": {"next": int, "<step>/<action>": number}, "texts" and
"lineat": the lines each numbered observation showed (aligner.linerefs), "keys": the value each
key was last shown with (aligner.textkeys)}
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

import orjson

from obsline.adapters.shapes import meaning
from obsline.aligner.linerefs import refer_lines, remember_shown
from obsline.aligner.textcommon import factor
from obsline.aligner.textdiff import diff
from obsline.aligner.textfold import (
    MIN_TEXT_REF_CHARS,
    MIN_VIEW_CHARS,
    diff_views,
    fold_text,
    like_last,
    remembered,
    text_digest,
    view_key,
)
from obsline.aligner.textkeys import keep_shown, say_once
from obsline.core.memo import ContentKey, Memo, content_key
from obsline.core.models import Adapted, Conflict, DedupKind, Status, ToolKind
from obsline.core.notation import RECORDS, SCALARS, cell
from obsline.core.spec import ToolSpec, item_key

FoldState = dict[str, Any]
SECTIONS = ("numbers", "baselines", "shown", "views", "texts", "lineat", "keys")  # flushed in this order: the counter before what cites it
_ALL_SECTIONS = frozenset(SECTIONS)
_NEVER_FOLDED = frozenset({ToolKind.SIDE_EFFECT, ToolKind.TIME_SERIES, ToolKind.GENERIC})
MIN_REF_SCALARS = 4  # smaller records cost less to repeat than to point at
TEXT_FIELD_LINES = 3  # a string field of this many lines is diffed by line, never old -> new
MAX_LAST_CHARS = 32_000  # a write's longer text is not kept to diff the next against (~ the display budget)


def empty_state() -> FoldState:
    return {section: {} for section in SECTIONS}


def digest(value: Any) -> str:
    """Canonical hash: key order never matters; typed values hash as their JSON text."""
    data = orjson.dumps(value, default=str, option=orjson.OPT_SORT_KEYS)
    return hashlib.blake2b(data, digest_size=8).hexdigest()


@dataclass(slots=True)
class FoldDecision:
    kind: DedupKind
    baseline_step: int | None = None
    baseline_action: str | None = None
    changed: list[str] = field(default_factory=list)
    old_text: dict[str, str] = field(default_factory=dict)  # changed scalar -> its old text
    shown_fields: list[str] | None = None  # None: all fields; else only these are rendered
    list_delta: dict[str, Any] | None = None  # added / removed / changed item keys
    refs: dict[str, str] = field(default_factory=dict)  # field path -> "same as #N"
    ref_steps: list[int] = field(default_factory=list)  # numbers of the observations pointed at
    note: str | None = None
    number: int | None = None  # this observation's number (#N), when later ones may point at it
    baseline_number: int | None = None
    text_head: str | None = None  # text fold: the fold line
    text_body: str | None = None  # text fold: shown instead of the body (a diff, runs folded)
    source_refs: dict[str, int] = field(default_factory=dict)  # conflict sources: "step/action" -> #N
    field_diffs: dict[str, list[str]] = field(default_factory=dict)  # changed text field -> its line diff
    text_steps: list[str] = field(default_factory=list)  # how text_body was made, in order (sinks.rebuild undoes them)


class _Number:
    """This record's number, taken from the task's counter the first time it is needed."""

    __slots__ = ("numbers", "value")

    def __init__(self, numbers: dict[str, int]) -> None:
        self.numbers = numbers
        self.value: int | None = None

    def __call__(self) -> int:
        if self.value is None:
            self.value = self.numbers.get("next", 1)
            self.numbers["next"] = self.value + 1
        return self.value


def _slot(adapted: Adapted, args: dict[str, Any] | None) -> str:
    who = adapted.entity_id or digest(args or {})
    return f"{adapted.tool}|{who}"


def _count_scalars(value: Any, limit: int) -> int:
    stack, n = [value], 0
    while stack and n < limit:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        else:
            n += 1
    return n


def _refer_or_remember(name: str, key: str, number: _Number, shown: Any, decision: FoldDecision) -> None:
    """Point at the earlier observation that showed this exact record, or remember it as
    shown now (by this observation's number)."""
    earlier = shown.get(key)
    if earlier is not None and earlier != number.value:
        decision.refs[name] = f"same as #{earlier}"
        decision.ref_steps.append(earlier)
    else:
        shown[key] = number()


def _nested_refs(print_: Fingerprint, number: _Number, state: FoldState, decision: FoldDecision) -> None:
    """Point at nested records shown before; remember the ones shown now."""
    shown = state["shown"]
    if decision.shown_fields is None and print_.group is not None:
        _refer_or_remember(SCALARS, print_.group, number, shown, decision)
    names = print_.nested if decision.shown_fields is None else decision.shown_fields
    for name in names:
        key = print_.nested.get(name)
        if key is not None:
            _refer_or_remember(name, key, number, shown, decision)


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """What the fold compares, derived from a result's data alone (so memoised by content)."""

    fields: dict[str, str]  # semantic field -> comparable token
    items: dict[str, str] | None  # list item key -> digest (list tools)
    texts: dict[str, str]  # scalar field -> its text, to quote as the old value of a delta
    group: str | None  # digest of the plain top-level scalars, when enough to point at
    nested: dict[str, str]  # top-level record -> digest, when big enough to point at
    lines: dict[str, str] = field(default_factory=dict)  # a scalar string of many lines, to diff the next against


def fingerprint(data: Any, spec: ToolSpec | None) -> Fingerprint:
    if isinstance(data, dict):
        records, fields, texts, group, lines = _top_fields(data, spec)
        nested = {k: d for k, d in records.items() if _count_scalars(data[k], MIN_REF_SCALARS) >= MIN_REF_SCALARS}
        if spec is None:
            # Without a contract a record is rarely read twice: only big ones are worth the
            # number (#N, two tokens) that remembering them gives their observation.
            nested = {k: d for k, d in nested.items() if _big(data[k])}
            if not _big(group):
                group = {}
        return Fingerprint(fields, _items(data, spec), texts,
                           digest(group) if len(group) >= MIN_REF_SCALARS else None, nested, lines)
    return Fingerprint({"$": digest(data)}, _items(data, spec), {"$": cell(data)} if not isinstance(data, list) else {},
                       None, {}, {"$": data} if _is_text(data) else {})


def uncontracted_fingerprint(data: dict[str, Any]) -> Fingerprint:
    """What the fold reads of ``fingerprint(data, None)`` (its twin: tests/aligner/test_fold_twins.py):
    a record without a contract folds on its text, so only its group and its nested records,
    which ``_nested_refs`` points at, are made; a nested record is hashed only when big enough
    to point at, and no field's comparable token or text is written."""
    group = {k: v for k, v in data.items()
             if not isinstance(v, RECORDS) and (not isinstance(v, str) or (len(v) <= 80 and "\n" not in v))}
    nested = {k: digest(v) for k, v in data.items() if isinstance(v, RECORDS)
              and _count_scalars(v, MIN_REF_SCALARS) >= MIN_REF_SCALARS and _big(v)}
    if len(group) < MIN_REF_SCALARS or not _big(group):
        return Fingerprint({}, None, {}, None, nested)
    return Fingerprint({}, None, {}, digest(group), nested)


def _top_fields(data: dict[str, Any], spec: ToolSpec | None) -> tuple[
        dict[str, str], dict[str, str], dict[str, str], dict[str, Any], dict[str, str]]:
    """In one pass over the top-level fields (its twin, a dict at a time: tests/aligner/test_fold_twins.py):
    each record's digest (each hashed once); a comparable token per semantic field (scalars
    as type-tagged text, so "123" != 123); each scalar's text; the plain scalars
    (``scalar_group``); the strings of many lines (``_is_text``)."""
    records: dict[str, str] = {}
    fields: dict[str, str] = {}
    texts: dict[str, str] = {}
    group: dict[str, Any] = {}
    lines: dict[str, str] = {}
    # ``spec.is_semantic(k)``, its two sets read here (a call a field fewer)
    volatile = frozenset() if spec is None else spec.volatile_fields
    chosen = None if spec is None else spec.semantic_fields
    for k, v in data.items():
        semantic = k not in volatile and (chosen is None or k in chosen)
        if isinstance(v, RECORDS):
            records[k] = d = digest(v)
            if semantic:
                fields[k] = d
            continue
        if semantic:
            fields[k] = f"{type(v).__name__}:{v}"
        kind = type(v)  # ``cell(v)``, its two usual cases inline (as align._add_facts)
        texts[k] = v if kind is str and v.isalnum() else str(v) if kind is int else cell(v)
        if not isinstance(v, str) or (len(v) <= 80 and "\n" not in v):  # notation.is_short
            group[k] = v
        elif v.count("\n", 0, 4096) >= TEXT_FIELD_LINES - 1:
            lines[k] = v
    return records, fields, texts, group, lines


def _is_text(value: Any) -> bool:
    """A scalar string of many lines is text: a change to it is shown as a line diff."""
    return isinstance(value, str) and value.count("\n", 0, 4096) >= TEXT_FIELD_LINES - 1


def _big(value: Any) -> bool:
    return len(orjson.dumps(value, default=str)) >= MIN_TEXT_REF_CHARS


def _items(data: Any, spec: ToolSpec | None) -> dict[str, str] | None:
    if spec is None or spec.kind is not ToolKind.LIST or not isinstance(data, list):
        return None
    return {item_key(item, spec.item_key): digest(item) for item in data}


def fold(adapted: Adapted, spec: ToolSpec | None, args: dict[str, Any] | None,
         state: FoldState | None, memo: Memo[ContentKey, Fingerprint] | None = None,
         *, text: str | None = None, conflicts: list[Conflict] | None = None,
         factors: Memo[str, str] | None = None) -> tuple[FoldDecision, FoldState]:
    """Decide how one result is shown given what its task has already seen. ``memo`` keeps
    fingerprints by content key (tool, raw sha256): only valid while data is a function of those two.
    ``text`` is the plain body the model would read (the text fold compares it; without it a
    non-text result folds only when identical); ``conflicts`` are the snapshot's, whose
    sources the decision names by number; ``factors`` keeps ``textcommon.factor`` by text (a
    pure function of it: the same file read in another task is not searched again)."""
    if state is None:
        state = empty_state()
    elif not state.keys() >= _ALL_SECTIONS:  # a state written before a section existed
        for section in SECTIONS:
            state.setdefault(section, {})
    print_ = _fingerprint_of(adapted, spec, memo) if spec is not None or isinstance(adapted.data, dict) else NO_PRINT
    number = _Number(state["numbers"])
    kind = adapted.kind
    baseline: dict[str, Any] | None = None
    slot = ""
    if adapted.status is not Status.SUCCESS:
        decision = FoldDecision(DedupKind.NEVER, note="not folded: the call did not succeed") if spec else \
            FoldDecision(DedupKind.NEVER)
        if spec is None and isinstance(adapted.data, str) and not adapted.control.untrusted_paths:
            _say_keys(decision, adapted.data, adapted, state)  # never folded, but its output may end in status lines
    elif spec is None:
        decision = _fold_text(adapted, args, text, state, number, factors)
    elif kind in _NEVER_FOLDED:
        decision = FoldDecision(DedupKind.NEVER)
    else:
        try:
            slot = _slot(adapted, args)
            decision, baseline = _fold_read_or_list(adapted, print_, slot, spec, state)
        except Exception as exc:  # folding must never cost the observation
            decision = FoldDecision(DedupKind.NEW, note=f"shown in full: folding failed ({type(exc).__name__})")
            baseline = None
    if _shows_body(decision):
        _nested_refs(print_, number, state, decision)
    if len(decision.ref_steps) > 1:  # (none or one: already sorted and unique)
        decision.ref_steps = sorted(set(decision.ref_steps))
    if baseline is not None:
        # What this text leaves out is visible where it points: a later fold against this
        # baseline must point there too.
        baseline["refs"] = decision.ref_steps
        baseline["n"] = number()
        state["baselines"][slot] = baseline
    decision.number = number.value
    if adapted.entity_id is not None:  # a possible conflict source: where its values are visible
        visible = number.value if number.value is not None else decision.baseline_number
        if visible is not None:
            state["numbers"][f"{adapted.ids.step_id}/{adapted.ids.action_id}"] = visible
    if conflicts:
        numbers = state["numbers"]
        for c in conflicts:
            for v in c.values:
                ref = f"{v['step_id']}/{v.get('action_id')}"
                n = numbers.get(ref)
                if n is not None:
                    decision.source_refs[ref] = n
    return decision, state


NO_PRINT = Fingerprint({}, None, {}, None, {})
"""What a result without a contract whose data is not a record is compared by: nothing. Such a
result folds on its text (``_fold_text``), and the fingerprint of a text, a list or a scalar
has no group and no nested records (tests/aligner/test_fold_twins.py), so ``_nested_refs``
does nothing with it: not hashing a 20 kB text a record (memo off) or looking it up (on)."""


def _fingerprint_of(adapted: Adapted, spec: ToolSpec | None, memo: Memo[ContentKey, Fingerprint] | None) -> Fingerprint:
    """``fingerprint`` of the result's data, from the memo when its content was seen."""
    memo = memo if memo is not None else Memo(0)
    key = content_key(adapted.tool, adapted.raw_sha256)
    print_ = memo.get(key)
    if print_ is None:
        data = adapted.data
        print_ = uncontracted_fingerprint(data) if spec is None and isinstance(data, dict) else fingerprint(data, spec)
        memo.put(key, print_)
    return print_


def _shows_body(decision: FoldDecision) -> bool:
    """The result's body is rendered (in full or the changed fields): its records may point at
    earlier ones and be pointed at."""
    if decision.text_head is not None or decision.text_body is not None:
        return False
    if decision.kind is DedupKind.OLDER:
        return bool(decision.changed)
    return decision.kind is not DedupKind.UNCHANGED


def _fold_text(adapted: Adapted, args: dict[str, Any] | None, text: str | None, state: FoldState,
               number: _Number, factors: Memo[str, str] | None = None) -> FoldDecision:
    """Results without a contract: fold on the text the model reads (aligner.textfold)."""
    diffable = text is not None or isinstance(adapted.data, str)
    if text is None:
        text = adapted.data if isinstance(adapted.data, str) else orjson.dumps(
            adapted.data, default=str, option=orjson.OPT_SORT_KEYS).decode()
    if len(text) < MIN_VIEW_CHARS:
        decision = FoldDecision(DedupKind.NEVER)
        _say_keys(decision, text, adapted, state, short=True)
        return decision
    key = view_key(adapted, text, digest(args or {})) if adapted.kind is not ToolKind.GENERIC else None
    if key is None:  # a write with no file view: in full, as a diff against the tool's last text, or
        decision = FoldDecision(DedupKind.NEVER)  # with its big blocks shown before as references
        if diffable and len(text) <= MAX_LAST_CHARS:
            last = f"{adapted.tool}|last"
            diffed = like_last(text, state["views"].get(last) or [])
            if diffed is not None:
                decision.text_head, decision.text_body, decision.ref_steps = diffed
            else:
                _refer_views(decision, text, state, number)
                _refer_lines(decision, text, state, number)
                _say_keys(decision, text, adapted, state)
                _say_common(decision, text, adapted, factors)
            state["views"][last] = remembered([], adapted, text, number(), decision.ref_steps)
        return decision
    views = state["views"].get(key) or []
    whole = text_digest(text) if adapted.kind is ToolKind.READ and len(text) >= MIN_TEXT_REF_CHARS else None
    shown_at = state["shown"].get(whole) if whole else None
    found = fold_text(adapted, text, views, shown_at, diffable)
    decision = FoldDecision(found.kind, text_head=found.head, text_body=found.body)
    if found.body is not None and found.kind is not DedupKind.DELTA:
        decision.text_steps.append("runs")
    base = found.base
    if base is not None:
        decision.baseline_step, decision.baseline_action = base["step"], base["action"]
        decision.baseline_number = base["n"]
        if found.kind is not DedupKind.OLDER or found.body is None:
            decision.ref_steps = [base["n"], *base["refs"]]
    if found.kind in (DedupKind.NEW, DedupKind.NEVER) and diffable:
        # Shown in full: its file views may be diffs, its runs of lines shown before references.
        if found.body is None:
            _refer_views(decision, text, state, number)
        _refer_lines(decision, text, state, number)
        _say_keys(decision, text, adapted, state)
        _say_common(decision, text, adapted, factors)
    if found.remember:
        if found.kind is DedupKind.UNCHANGED:  # same text as another observation: it shows it
            refs, n = decision.ref_steps[1:], base["n"] if base else number()
        else:
            refs = decision.ref_steps if found.kind is not DedupKind.OLDER else []
            n = number()
        state["views"][key] = remembered(views, adapted, text, n, refs)
        if whole and found.kind is not DedupKind.UNCHANGED:
            state["shown"][whole] = n
    return decision


def _refer_views(decision: FoldDecision, text: str, state: FoldState, number: _Number) -> None:
    """The file views inside a text shown in full, as diffs of views shown before."""
    decision.text_body, decision.ref_steps = diff_views(text, state["views"])
    if decision.text_body is not None:
        decision.text_steps.append("views")


def _refer_lines(decision: FoldDecision, text: str, state: FoldState, number: _Number) -> None:
    """A text shown in full: its runs of lines shown before (by any observation of the task)
    become references to where they were shown (aligner.linerefs)."""
    body = decision.text_body if decision.text_body is not None else text
    upto = (number.value or state["numbers"].get("next", 1)) - 1  # the texts shown before this one
    lines, refs = refer_lines(body.split("\n"), state["texts"], state["lineat"], upto)
    if lines is not None:
        decision.text_body = "\n".join(lines)
        decision.ref_steps = sorted({*decision.ref_steps, *refs})
        decision.text_steps.append("lines")
        number()  # a text shown with references is numbered like any text shown in full


def _say_keys(decision: FoldDecision, text: str, adapted: Adapted, state: FoldState, short: bool = False) -> None:
    """A text shown in full: its keyed lines whose values the task was last shown under the
    same keys, as dittos (aligner.textkeys). A rendered record only when ``short`` (a one-line
    ``Status Bar: ...`` read as a record): a longer one is the budget's to fit, part by part."""
    if not short and not isinstance(adapted.data, str):
        return
    said = say_once(decision.text_body if decision.text_body is not None else text, state["keys"].get("v"))
    if said is not None:
        decision.text_body = said
        decision.text_steps.append("keys")


def _say_common(decision: FoldDecision, text: str, adapted: Adapted, factors: Memo[str, str] | None = None) -> None:
    """A text result shown in full: boilerplate repeated across its lines said once
    (aligner.textcommon) or a file view. Never a rendered record: a part could split a value in two."""
    if not isinstance(adapted.data, str) and not meaning(adapted.shape).names_file:
        return
    factored = factored_text(decision.text_body if decision.text_body is not None else text, factors)
    if factored is not None:
        decision.text_body = factored
        decision.text_steps.append("common")


MAX_FACTORED_CHARS = 32_000  # longer texts are factored each time (bounds the memo's memory)


def factored_text(text: str, memo: Memo[str, str] | None) -> str | None:
    """``textcommon.factor(text)``, kept in ``memo`` by the text (its plain twin: ``factor``;
    tests/aligner/test_textcommon.py). A text factor leaves alone is kept as "", which no
    factored text is."""
    if memo is None or len(text) > MAX_FACTORED_CHARS:
        return factor(text)
    known = memo.get(text)
    if known is None:
        known = factor(text) or ""
        memo.put(text, known)
    return known or None


def shown(state: FoldState, number: int | None, text: str, steps: list[str] | tuple[str, ...] = ()) -> None:
    """After the observation is rendered: the lines observation ``number`` showed (its final
    text, within the display budget; ``steps``: its decision's ``text_steps``), for later texts
    to refer to."""
    if number is not None:
        remember_shown(state["texts"], number, text)
    keep_shown(state["keys"].setdefault("v", {}), text, "keys" in steps)  # (task_keys, inline: every record)


def _verified(adapted: Adapted) -> bool:
    return adapted.status is Status.SUCCESS and not adapted.truncated and not adapted.has_more


def _fold_read_or_list(adapted: Adapted, print_: Fingerprint, slot: str, spec: ToolSpec,
                       state: FoldState) -> tuple[FoldDecision, dict[str, Any] | None]:
    """The decision, and the new baseline to keep under ``slot`` (None: keep the current one)."""
    base = state["baselines"].get(slot)
    data = adapted.data
    step, action = adapted.ids.step_id, adapted.ids.action_id
    fields, items, texts = print_.fields, print_.items, print_.texts
    new_base = {"step": step, "action": action, "verified": _verified(adapted), "fields": fields,
                "items": items, "texts": texts, "lines": print_.lines, "refs": []}
    if base is None:
        return FoldDecision(DedupKind.NEW), new_base
    decision = FoldDecision(DedupKind.UNCHANGED, baseline_step=base["step"], baseline_action=base["action"],
                            baseline_number=base.get("n"))
    if step < base["step"]:
        return _older(decision, base, fields, items), None
    decision.ref_steps = [base["n"], *base["refs"]]
    if items is not None and base.get("items") is not None:
        _merge_lists(decision, base["items"], items, spec)
    else:
        changed = sorted(set(fields) ^ set(base["fields"]) | {
            k for k in fields.keys() & base["fields"].keys() if fields[k] != base["fields"][k]})
        if changed:
            decision.kind = DedupKind.DELTA
            decision.changed = changed
            decision.old_text = {k: base["texts"][k] for k in changed if k in base["texts"]}
            _diff_text_fields(decision, base.get("lines") or {}, print_.lines)
            decision.shown_fields = [k for k in changed if isinstance(data, dict) and k in data]
    if not base["verified"] and decision.kind is not DedupKind.UNCHANGED:
        decision.kind = DedupKind.PENDING_REVIEW
        decision.note = f"baseline #{base['n']} (step {base['step']}) was not a verified full read"
    if decision.kind is not DedupKind.UNCHANGED and new_base["verified"]:
        return decision, new_base
    return decision, None


def _diff_text_fields(decision: FoldDecision, old: dict[str, str], new: dict[str, str]) -> None:
    """A changed field that is text on both sides (a file's content re-read after an edit)
    shows a line diff (aligner.textdiff), never the whole old string -> the whole new one
    (a diff is at most both sides, so never longer than that)."""
    for k in decision.changed:
        if k in old and k in new:
            decision.field_diffs[k] = diff(old[k].split("\n"), new[k].split("\n"))
            decision.old_text.pop(k, None)


def _older(decision: FoldDecision, base: dict[str, Any], fields: dict[str, str],
           items: dict[str, str] | None) -> FoldDecision:
    """A result of an earlier step arriving after its baseline: said to be older; the same
    values fold to one line, other values are shown in full, never as a change."""
    decision.kind = DedupKind.OLDER
    same = fields == base["fields"] and (items is None or items == base.get("items"))
    if same:
        decision.ref_steps = [base["n"], *base["refs"]]
    else:
        decision.changed = sorted(set(fields) ^ set(base["fields"]) | {
            k for k in fields.keys() & base["fields"].keys() if fields[k] != base["fields"][k]})
    return decision


def _merge_lists(decision: FoldDecision, old: dict[str, str], new: dict[str, str], spec: ToolSpec) -> None:
    added = [k for k in new if k not in old]
    removed = [k for k in old if k not in new]
    changed = [k for k in new if k in old and new[k] != old[k]]
    if not (added or removed or changed) and len(new) == len(old):
        return
    decision.kind = DedupKind.MERGED
    decision.list_delta = {
        "added": added, "changed": changed, "removed": removed,
        "removed_means": "deleted" if spec.full_snapshot else "not returned",
        "key": list(spec.item_key), "unchanged": len(new) - len(added) - len(changed),
    }

