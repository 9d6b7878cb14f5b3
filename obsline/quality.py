"""Measures of an observation stream against the raw results it came from.

Used by the golden tests and by ``bench/quality.py`` (``python -m bench quality``); the
definitions of the acceptance criteria (docs/benchmarks.md, issue 9). Every record gets one
``RecordMeasure``; ``QualityReport`` sums them overall, per ``kind`` and per ``metadata.shape``.

- **JSON facts** (raws that parse as a JSON object or array): non-null scalars (strings of 3+
  characters and numbers) found in the observation's text or in the text of an earlier
  observation of the task that it points to (``pointed_texts``).
- **Text words** (every other raw, and each string of 3+ lines inside a JSON raw): unique runs
  of 4+ of ``[A-Za-z0-9_./:-]`` starting with a letter or digit, a trailing ``.`` or ``:``
  dropped (sentence ends, ``key:`` separators), found the same way. A raw over the display
  budget (o200k tokens, default 8,000) needs only the words of its first and last 20 lines.
- **Secrets**: a fact or word that is not visible and that the pipeline hides as a secret
  (``hidden_as_secret``) leaves the count and is counted apart.
- **Status**: the expected status of a record is ``error`` when (1) the source's ``error`` flag
  is true, (2) the text reports a non-zero exit code (``<returncode>1</returncode>`` anywhere;
  ``exit code 1``, ``Exit status: 2``, ``exited with code 3``, ``returncode=1`` on one of its
  first 2 or last 3 lines), (3) the text starts with ``Error`` (tau2's ``Error: ...``, BFCL's
  ``Error during execution: ...``), or (4) it is a JSON or Python-literal object whose
  top-level ``error`` is set (BFCL's ``{'error': ...}``); else ``success``. A false flag does not
  veto (2)-(4): tau2 sets it only when the tool raised, and returns ``Error: ...`` texts with
  ``error: false`` (foreign-dev README). Reasons (1)-(3) are *hard*: every such record must be
  ``error``; agreement is over every record (expected error <-> observed ``error``).
- **Tokens** (o200k_base): text tokens against the raw as received (``raw_tokens``, tau's
  target) and against the *baseline*: the raw re-serialised as minified JSON where it parses as
  JSON, the raw text otherwise (``baseline_tokens``, foreign-dev's target). An observation is
  *longer* when its text has more than 12 tokens over the baseline.
- **Decision facts**: scalar argument values of later calls that first appeared in an earlier
  raw output of the task, found in the text of an earlier observation of the task.
- **Leaks**: value-like words of an observation that its own task's raws and args lack but
  another task's have.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

import orjson

from obsline.adapters.safety import is_secret_key, scrub
from obsline.aligner.textkeys import DITTO, keep_shown, put_back
from obsline.core.errors import ErrorCode
from obsline.core.models import Observation, Status
from obsline.core.tokens import (
    DEFAULT_BUDGET_TOKENS,  # the pipeline's display budget
    count_tokens,
)
from obsline.sinks.rebuild import dittoed

EDGE_LINES = 20  # over the budget, the words of this many first and last lines must be visible
LONGER_SLACK = 12  # an observation more than this many tokens over its raw is "longer"
EXAMPLES = 6  # missing values kept per record for --worst


def scalar_items(value: Any, min_chars: int = 3) -> Iterator[tuple[str | None, str]]:
    """(key, text) of every non-null scalar: strings of ``min_chars``+ characters, and numbers;
    the key is the name of the object field holding it (None in a list or at the root)."""
    stack: list[tuple[str | None, Any]] = [(None, value)]
    while stack:
        key, item = stack.pop()
        if isinstance(item, dict):
            stack.extend((str(k), v) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((key, v) for v in item)
        elif (text := _scalar_text(item, min_chars)) is not None:
            yield key, text


def _scalar_text(item: Any, min_chars: int) -> str | None:
    """A number's JSON text, a string of ``min_chars``+ characters; None for anything else."""
    if isinstance(item, bool) or item is None:
        return None
    if isinstance(item, int | float):
        return orjson.dumps(item).decode()
    return item if isinstance(item, str) and len(item) >= min_chars else None


def scalar_texts(value: Any, min_chars: int = 3) -> Iterator[str]:
    """The text of every non-null scalar: strings of ``min_chars``+ characters, and numbers."""
    return (text for _, text in scalar_items(value, min_chars))


_NOT_JSON = object()


def parse_json(raw: Any) -> Any:
    """The raw as JSON, or ``_NOT_JSON`` (a non-string raw is JSON already)."""
    if not isinstance(raw, str):
        return raw
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        return _NOT_JSON


def raw_text(raw: Any) -> str:
    return raw if isinstance(raw, str) else orjson.dumps(raw).decode()


# -- text words ---------------------------------------------------------------------------

_WORD_RUN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_./:-]{3,}")


def text_words(text: str, raw_tokens: int, budget_tokens: int = DEFAULT_BUDGET_TOKENS) -> set[str]:
    """The words a text raw's observation must show: all of them within the budget, else
    those of its first and last ``EDGE_LINES`` lines."""
    if raw_tokens > budget_tokens:
        lines = text.splitlines()
        if len(lines) > 2 * EDGE_LINES:
            text = "\n".join(lines[:EDGE_LINES] + lines[-EDGE_LINES:])
    words = set()
    for run in _WORD_RUN.findall(text):
        word = run.rstrip(".:")
        if len(word) >= 4:
            words.add(word)
    return words


def hidden_as_secret(value: str, key: str | None = None) -> bool:
    """Whether the pipeline hides this value (of field ``key``) as a secret or an internal
    detail: one place to follow the secrets work of issue 10."""
    return (key is not None and is_secret_key(key)) or scrub(value)[0] != value


# -- references ---------------------------------------------------------------------------

@dataclass
class TaskTexts:
    """The texts of a task's observations so far, to follow references."""

    by_number: dict[int, str] = field(default_factory=dict)  # dedup.number (#N) -> its text
    in_order: list[str] = field(default_factory=list)
    keys: dict[str, str] = field(default_factory=dict)  # the value each key was last shown with (dittos)

    def add(self, obs: Observation) -> None:
        n = obs.dedup.number
        if n is not None:
            self.by_number[n] = obs.text
        self.in_order.append(obs.text)
        keep_shown(self.keys, obs.text, dittoed(obs))


def pointed_texts(obs: Observation, earlier: TaskTexts) -> list[str]:
    """The texts of the earlier observations of its task that ``obs`` points to:
    ``dedup.refs`` are the numbers (#N) of those observations; a ditto (aligner.textkeys)
    points at the line its key was last shown in."""
    texts = [earlier.by_number[n] for n in obs.dedup.refs if n in earlier.by_number]
    if dittoed(obs):
        dittos = [line for line in obs.text.split("\n") if line.endswith(f": {DITTO}")]
        texts.append("\n".join(put_back(dittos, earlier.keys)))
    return texts


# -- status -------------------------------------------------------------------------------

_RETURNCODE_TAG = re.compile(r"<returncode>\s*(-?\d+)\s*</returncode>")
_EXIT_LINE = re.compile(
    r"(?i)\b(?:exit(?:ed with)?(?: exit)? (?:code|status)|return ?code|returncode)\s*[:=]?\s*(-?\d+)")
_ERROR_KEY = re.compile(r"""^\s*\{\s*['"]error['"]\s*:(?!\s*(?:None\b|null\b|False\b|false\b|''|""|\{\}|\[\]))""")

HARD_REASONS = frozenset({"flag", "exit_code", "error_text"})


def exit_code(text: str) -> int | None:
    """The exit code a shell-like text reports, if any."""
    m = _RETURNCODE_TAG.search(text)
    if m:
        return int(m.group(1))
    if "xit" not in text and "eturn" not in text:  # cheap pre-scan: most texts have neither
        return None
    lines = text.strip().splitlines()
    for line in lines[:2] + lines[max(2, len(lines) - 3):]:
        m = _EXIT_LINE.search(line)
        if m:
            return int(m.group(1))
    return None


def expected_failure(rec: dict[str, Any], parsed: Any) -> str | None:
    """Why the record is expected to be ``error`` (a reason name), or None for ``success``."""
    if rec.get("error") is True:
        return "flag"
    text = raw_text(rec["raw"])
    code = exit_code(text)
    if code:
        return "exit_code"
    if text.lstrip().startswith("Error"):
        return "error_text"
    if isinstance(parsed, dict):
        if parsed.get("error") not in (None, False, "", {}, []):
            return "error_object"
    elif parsed is _NOT_JSON and _ERROR_KEY.match(text):
        return "error_object"
    return None


# -- per record ---------------------------------------------------------------------------

@dataclass
class RecordMeasure:
    """One record's figures (summed by ``Tally``); the examples feed ``--worst``."""

    index: int
    task_id: str
    step_id: int
    tool: str
    kind: str
    shape: str
    malformed: int = 0
    raw_tokens: int = 0
    baseline_tokens: int = 0
    text_tokens: int = 0
    longer: int = 0
    facts: int = 0
    facts_visible: int = 0
    words: int = 0
    words_visible: int = 0
    over_budget: int = 0
    secrets: int = 0
    expected: str | None = None  # reason for an expected error
    status: str = ""
    status_hard: int = 0
    status_hard_ok: int = 0
    status_agree: int = 0
    decision_facts: int = 0
    decision_visible: int = 0
    leaks: int = 0
    missing: list[str] = field(default_factory=list)  # facts or words not visible
    missing_decisions: list[str] = field(default_factory=list)
    leak_words: list[str] = field(default_factory=list)


SUMMED = tuple(f.name for f in fields(RecordMeasure) if f.type == "int" and f.name not in ("index", "step_id"))


def _visible(value: str, texts: list[str], lowered: list[str]) -> bool:
    """Found verbatim; a word of letters only may differ in case (``Error:`` shown as ``error``)."""
    if any(value in t for t in texts):
        return True
    if value.isalpha():
        if not lowered:
            lowered.extend(t.lower() for t in texts)
        low = value.lower()
        return any(low in t for t in lowered)
    return False


TEXT_FIELD_LINES = 3  # a JSON string of this many lines is text: its words are measured, not its whole


def _text_fields_as_words(values: Iterable[tuple[str | None, str]], raw_tokens: int,
                          budget_tokens: int) -> Iterator[tuple[str | None, str, bool]]:
    """A JSON result's facts, with each string of many lines (a shell tool's ``stdout``) read as
    text: its words must be visible, as a text raw's are, since the pipeline shows and folds it
    as text (a line diff, a reference to the lines already shown), never as one verbatim string."""
    for key, value in values:
        if value.count("\n") + 1 >= TEXT_FIELD_LINES:
            for word in text_words(value, raw_tokens, budget_tokens):
                yield None, word, True
        else:
            yield key, value, False


def _content(m: RecordMeasure, rec: dict[str, Any], parsed: Any, texts: list[str], budget_tokens: int) -> None:
    """Facts of a JSON raw, words of a text raw."""
    items: Iterable[tuple[str | None, str, bool]]  # (key, value, measured as a word)
    if isinstance(parsed, dict | list):
        items = _text_fields_as_words(scalar_items(parsed), m.raw_tokens, budget_tokens)
    elif parsed is _NOT_JSON or isinstance(parsed, str | int | float):
        items = ((None, w, True) for w in text_words(raw_text(rec["raw"]), m.raw_tokens, budget_tokens))
        m.over_budget = int(m.raw_tokens > budget_tokens)
    else:
        return
    lowered: list[str] = []
    for key, value, is_word in items:
        if _visible(value, texts, lowered):
            ok = 1
        elif hidden_as_secret(value, key):
            m.secrets += 1
            continue
        else:
            ok = 0
            if len(m.missing) < EXAMPLES:
                m.missing.append(value)
        if not is_word:
            m.facts += 1
            m.facts_visible += ok
        else:
            m.words += 1
            m.words_visible += ok


def _status(m: RecordMeasure, rec: dict[str, Any], parsed: Any, obs: Observation) -> None:
    m.expected = expected_failure(rec, parsed)
    failed = obs.status is Status.ERROR
    m.status = obs.status.value + (f" {obs.error.code.value}" if obs.error else "")
    m.status_agree = int(failed == (m.expected is not None))
    if m.expected in HARD_REASONS:
        m.status_hard = 1
        m.status_hard_ok = int(failed)


def measure_record(index: int, rec: dict[str, Any], obs: Observation, earlier: TaskTexts,
                   budget_tokens: int = DEFAULT_BUDGET_TOKENS) -> RecordMeasure:
    """Everything about one record that needs only it and the earlier texts of its task."""
    m = RecordMeasure(index=index, task_id=obs.task_id, step_id=obs.step_id, tool=obs.tool,
                      kind=str(rec.get("kind") or "-"), shape=str(obs.metadata.get("shape", "-")))
    m.malformed = int(obs.error is not None and obs.error.code is ErrorCode.MALFORMED)
    parsed = parse_json(rec["raw"])
    text = raw_text(rec["raw"])
    m.raw_tokens = count_tokens(text)
    m.baseline_tokens = count_tokens(orjson.dumps(parsed).decode()) if parsed is not _NOT_JSON else m.raw_tokens
    m.text_tokens = count_tokens(obs.text)  # counted here: independent of the pipeline's bookkeeping
    m.longer = int(m.text_tokens - m.baseline_tokens > LONGER_SLACK)
    _content(m, rec, parsed, [obs.text, *pointed_texts(obs, earlier)], budget_tokens)
    _status(m, rec, parsed, obs)
    return m


# -- across records -----------------------------------------------------------------------

def _decisions(ms: list[RecordMeasure], recs: list[dict[str, Any]], obs: list[Observation]) -> None:
    """One task's decision facts, in order."""
    raws: list[str] = []
    texts: list[str] = []
    for m, rec, o in zip(ms, recs, obs, strict=True):
        for value in set(scalar_texts(rec.get("args") or {}, min_chars=1)):
            if any(value in r for r in raws):
                m.decision_facts += 1
                if any(value in t for t in texts):
                    m.decision_visible += 1
                elif len(m.missing_decisions) < EXAMPLES:
                    m.missing_decisions.append(value)
        raws.append(raw_text(rec["raw"]))
        texts.append(o.text)


# Value-like words (ids, dates, amounts, emails): 4+ characters with a digit or _#@ in them.
# Template words ("unchanged", "step") have none, so they never count as leaks.
_VALUE_WORD = re.compile(r"(?=[A-Za-z0-9_#@.\-]*[0-9_#@])[A-Za-z0-9_#@.\-]{4,}")


def _leaks(ms: list[RecordMeasure], records: Sequence[dict[str, Any]], observations: Sequence[Observation],
           by_task: dict[str, list[int]]) -> None:
    """Words in a task's text that its own raws and args lack, but another task's have."""
    own = {task: "\n".join(raw_text(records[i]["raw"]) + orjson.dumps(records[i].get("args") or {}).decode()
                           + records[i]["tool"] for i in positions)
           for task, positions in by_task.items()}
    everything = "\n".join(own.values())
    for task, positions in by_task.items():
        mine = own[task]
        for i in positions:
            for word in set(_VALUE_WORD.findall(observations[i].text)):
                if word not in mine and word in everything:
                    ms[i].leaks += 1
                    if len(ms[i].leak_words) < EXAMPLES:
                        ms[i].leak_words.append(word)


# -- the report ---------------------------------------------------------------------------

@dataclass
class Tally:
    """Sums of ``RecordMeasure`` counts over a group of records."""

    records: int = 0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SUMMED, 0))

    def add(self, m: RecordMeasure) -> None:
        self.records += 1
        for name in SUMMED:
            self.counts[name] += getattr(m, name)

    def __getattr__(self, name: str) -> int:
        counts = self.__dict__.get("counts")
        if counts is not None and name in counts:
            return counts[name]
        raise AttributeError(name)

    def share(self, part: str, whole: str | None = None, empty: float = 1.0) -> float:
        total = self.counts[whole] if whole else self.records
        return self.counts[part] / total if total else empty

    @property
    def fact_visibility(self) -> float:
        return self.share("facts_visible", "facts")

    @property
    def word_visibility(self) -> float:
        return self.share("words_visible", "words")

    @property
    def decision_visibility(self) -> float:
        return self.share("decision_visible", "decision_facts")

    @property
    def status_hard_share(self) -> float:
        return self.share("status_hard_ok", "status_hard")

    @property
    def status_agreement(self) -> float:
        return self.share("status_agree")

    @property
    def longer_share(self) -> float:
        return self.share("longer", empty=0.0)

    @property
    def token_ratio(self) -> float:
        return self.share("text_tokens", "raw_tokens", empty=0.0)

    @property
    def baseline_ratio(self) -> float:
        return self.share("text_tokens", "baseline_tokens", empty=0.0)


@dataclass
class QualityReport:
    measures: list[RecordMeasure]
    overall: Tally
    by_kind: dict[str, Tally]
    by_shape: dict[str, Tally]
    budget_tokens: int

    def __getattr__(self, name: str) -> Any:  # report.facts, report.token_ratio: the overall figures
        if name in ("overall", "__setstate__") or "overall" not in self.__dict__:
            raise AttributeError(name)
        return getattr(self.overall, name)

    @property
    def missing_facts(self) -> list[tuple[str, int, str]]:
        return [(m.task_id, m.step_id, v) for m in self.measures if m.facts > m.facts_visible for v in m.missing]

    @property
    def missing_words(self) -> list[tuple[str, int, str]]:
        return [(m.task_id, m.step_id, v) for m in self.measures if m.words > m.words_visible for v in m.missing]

    @property
    def missing_decisions(self) -> list[tuple[str, int, str]]:
        return [(m.task_id, m.step_id, v) for m in self.measures for v in m.missing_decisions]

    @property
    def leak_examples(self) -> list[tuple[str, str]]:
        return [(m.task_id, w) for m in self.measures for w in m.leak_words]


def measure(records: Sequence[dict[str, Any]], observations: Sequence[Observation],
            budget_tokens: int = DEFAULT_BUDGET_TOKENS) -> QualityReport:
    """Compare observations with the records (envelopes as dicts) they were made from, in order."""
    if len(records) != len(observations):
        raise ValueError(f"{len(records)} records but {len(observations)} observations")
    by_task: dict[str, list[int]] = defaultdict(list)
    history: dict[str, TaskTexts] = defaultdict(TaskTexts)
    ms: list[RecordMeasure] = []
    for i, (rec, obs) in enumerate(zip(records, observations, strict=True)):
        by_task[rec["task_id"]].append(i)
        earlier = history[obs.task_id]
        ms.append(measure_record(i, rec, obs, earlier, budget_tokens))
        earlier.add(obs)
    for positions in by_task.values():
        _decisions([ms[i] for i in positions], [records[i] for i in positions],
                   [observations[i] for i in positions])
    _leaks(ms, records, observations, by_task)
    overall = Tally()
    by_kind: defaultdict[str, Tally] = defaultdict(Tally)
    by_shape: defaultdict[str, Tally] = defaultdict(Tally)
    for m in ms:
        overall.add(m)
        by_kind[m.kind].add(m)
        by_shape[m.shape].add(m)
    return QualityReport(ms, overall, dict(by_kind), dict(by_shape), budget_tokens)


def load_records(lines: Iterable[bytes]) -> list[dict[str, Any]]:
    return [orjson.loads(line) for line in lines if line.strip()]
