"""The display budget: an observation shows the whole result up to a number of o200k tokens.

Over the budget it shows a summary of what is there (lines and bytes of a text; for a list the
item count, and for records per-field stats), the head and the tail (errors and test summaries
are at the end), and states exactly what it left out as ``Cut`` ranges that the artifact store
reads back (``ArtifactStore.read_range``, ``obsline artifact get --lines/--items/--chars``):

    lines   lines A-B of a text (the raw text, or a text field ``path`` of a JSON raw)
    items   items A-B of a list (the result itself, or the list field ``path``)
    chars   characters A-B of one line, when a single line is too long to show whole
    observation_lines, observation_chars   lines (characters of a line) of this observation's
            own text: the last resort, when what is too long is not a part of the result (a
            long fold, diff or error message): the statement offers the raw whole

Pure: no I/O. What is shown was already scrubbed and scanned by adapt; the summary, which this
module writes, goes through the same safety functions again (``obsline.adapters.safety``).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
import shlex
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import orjson

from obsline.adapters import safety
from obsline.adapters.shapes import meaning
from obsline.core.notation import cell, is_scalar
from obsline.core.tokens import count_tokens, fits_without_counting
from obsline.sinks.render import FENCE_CLOSE, FENCE_OPEN, Part, Refs, assemble, list_table, render_value

PROBE_CHARS_PER_TOKEN = 16  # within(): texts longer than this per budget token are probed first
MIN_SIDE_TOKENS = 16  # a head or tail share below this is not worth cutting a line for
STATS_MAX_FIELDS = 30
LISTED_VALUES = 5  # a field with at most this many distinct short values lists them


@dataclass(frozen=True, slots=True)
class Cut:
    """One omitted range, 1-based and inclusive, in the units ``unit`` of the value at ``path``."""

    unit: str  # "lines" | "items" | "chars" | "observation_lines" | "observation_chars"
    first: int
    last: int
    of: int  # units of the whole value (chars: of the line)
    bytes: int  # UTF-8 bytes omitted (items: as compact JSON)
    path: str = ""  # "" is the result itself
    line: int | None = None  # chars: the line they belong to

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": self.path} if not self.unit.startswith("observation_") else {}
        if self.line is not None:
            out["line"] = self.line
        return {**out, self.unit: [self.first, self.last], "of": self.of, "bytes": self.bytes}


@dataclass(frozen=True, slots=True)
class Fitted:
    text: str
    cuts: tuple[Cut, ...] = ()


def within(text: str, budget: int) -> bool:
    """Whether ``text`` is at most ``budget`` tokens; the tokenizer runs only near the budget
    (a long text is over when a prefix of it already is: a prefix never has more tokens than
    the whole, but for the word at the cut)."""
    if fits_without_counting(text, budget):
        return True
    probe = PROBE_CHARS_PER_TOKEN * budget
    if len(text) > probe and count_tokens(text[:probe]) > budget + 1:
        return False
    return count_tokens(text) <= budget


# --------------------------------------------------------------------------- the body

def fit_body(parts: list[Part] | str, data: Any, budget: int, untrusted: frozenset[str] = frozenset(),
             refs: Refs | None = None, shape: str = "json", addressable: bool = True) -> Fitted:
    """The body (``render.assemble(parts, refs)``) within ``budget`` tokens. The biggest
    fields are cut first, each to what the rest of the body leaves. What no field cut brings
    within the budget (a nested record, rows grouped into options) is returned as it is: the
    observe stage then cuts the whole text by its lines (``fit_observation``), numbered as
    the model sees them. ``addressable``: the raw is JSON, so a field path or an item range
    of it can be read back; a text raw read into records by its shape (CSV, a shell result)
    is not: only its own text is cut here, by its lines."""
    refs = refs or {}
    body = assemble(parts, refs)
    if within(body, budget):
        return Fitted(body)
    if not addressable:
        if not isinstance(data, str):
            return Fitted(body)
        node = _fit_node("", data, "", budget, untrusted, shape)
        return Fitted("\n".join(node[0]), node[1]) if node is not None else Fitted(body)
    if isinstance(parts, str):  # the result is one value: a text or a list
        node = _fit_node("", data, "", budget, untrusted, shape)
        return Fitted("\n".join(node[0]), node[1]) if node is not None else Fitted(body)
    shown = list(parts)
    cuts: list[Cut] = []
    for index in _biggest_first(shown, data, refs):
        key = shown[index][0]
        others = assemble([p for i, p in enumerate(shown) if i != index], refs)
        allowance = max(budget - count_tokens(others) - 2, budget // 4)
        node = _fit_node(key, data[key], key, allowance, untrusted, shape)
        if node is None:
            continue
        shown[index] = (key, node[0])
        cuts.extend(node[1])
        body = assemble(shown, refs)
        if within(body, budget):
            break
    return Fitted(body, tuple(_in_text_order(cuts, parts)))


def _biggest_first(parts: list[Part], data: Any, refs: Refs) -> list[int]:
    """Indexes of the fields worth cutting (texts and lists shown in lines), biggest first."""
    sizes = []
    for i, (key, part) in enumerate(parts):
        if isinstance(part, list) and key not in refs and isinstance(data, dict) \
                and isinstance(data.get(key), str | list | dict):
            sizes.append((-sum(len(line) for line in part), i))
    return [i for _, i in sorted(sizes)]


def _in_text_order(cuts: list[Cut], parts: list[Part] | str) -> list[Cut]:
    order = {key: i for i, (key, _) in enumerate(parts)} if not isinstance(parts, str) else {}
    return sorted(cuts, key=lambda c: order.get(c.path, -1))  # stable: a node's cuts are in order


def _fit_node(name: str, value: Any, path: str, allowance: int, untrusted: frozenset[str],
              shape: str) -> tuple[list[str], tuple[Cut, ...]] | None:
    """The lines showing ``value`` within ``allowance`` tokens, or None when it cannot be cut
    by its own units (then the caller cuts lines of the body)."""
    for _ in range(4):  # the shares are estimates from per-line counts: check, and shrink if over
        if isinstance(value, str):
            node = _fit_text(name, value, path, allowance, untrusted)
        elif isinstance(value, list):
            node = _fit_list(name, value, path, allowance, untrusted, shape)
        elif isinstance(value, dict) and name:
            node = _fit_record(name, value, path, allowance, untrusted, shape)
        else:
            return None
        if node is None:
            return None
        tokens = count_tokens("\n".join(node[0]))
        if tokens <= allowance:
            return node
        allowance -= tokens - allowance + allowance // 20 + 1
        if allowance < 2 * MIN_SIDE_TOKENS:
            return node
    return node


def _fit_record(name: str, record: dict[str, Any], path: str, allowance: int, untrusted: frozenset[str],
                shape: str) -> tuple[list[str], tuple[Cut, ...]] | None:
    """A nested record rendered as ``name:`` and its fields indented (render.render_value):
    its biggest text or list field is cut, at the dotted path ``path.field``."""
    full = render_value(name, record, path, untrusted, {})
    if not full or full[0] != f"{name}:":
        return None  # one line of scalars, or a map shown as a table: not cut by a field
    subs = {k: render_value(k, v, f"{path}.{k}", untrusted, {}) for k, v in record.items()}
    big = max((k for k, v in record.items() if isinstance(v, str | list)),
              key=lambda k: sum(len(line) for line in subs[k]), default=None)
    if big is None:
        return None
    others = "\n".join(line for k, lines in subs.items() if k != big for line in lines)
    node = _fit_node(big, record[big], f"{path}.{big}", allowance - count_tokens(others) - len(subs) - 4,
                     untrusted, shape)
    if node is None:
        return None
    subs[big] = node[0]
    return [f"{name}:", *("  " + line for lines in subs.values() for line in lines)], node[1]


# --------------------------------------------------------------------------- texts

@dataclass(frozen=True, slots=True)
class _Span:
    """What of a text is shown: lines [0, head) whole plus ``head_chars`` of line ``head``,
    and from character ``tail_char`` of line ``tail`` to the end (``tail == n``: no tail)."""

    head: int
    head_chars: int
    tail: int
    tail_char: int


def _fit_text(name: str, text: str, path: str, allowance: int,
              untrusted: frozenset[str]) -> tuple[list[str], tuple[Cut, ...]] | None:
    lines = text.split("\n")
    label = f"{name}: " if name else ""
    count = f"{len(lines):,} lines" if len(lines) > 1 else "1 line"
    summary = f"{label}{count}, {_utf8(text):,} bytes; head and tail shown"
    span = _span(lines, allowance - count_tokens(summary) - 24)
    if span is None:
        return None
    cuts = _text_cuts(lines, span, path, "lines", "chars")
    shown = "\n".join(_shown_lines(lines, span, cuts))
    return [summary, *render_value(name, shown, path, untrusted, {})], tuple(cuts)


def fit_lines(text: str, budget: int, lines_before: int = 0) -> Fitted:
    """Any text within ``budget`` by its own lines (head and tail; a fence cut open is closed
    and reopened), stating the lines of this text that are left out (numbered after
    ``lines_before`` lines, when the text is the end of a longer one)."""
    if within(text, budget):
        return Fitted(text)
    lines = text.split("\n")
    span = _span(lines, budget - 40)
    if span is None:
        return Fitted(text)
    cuts = [_shifted(c, lines_before) for c in _text_cuts(lines, span, "", "observation_lines", "observation_chars")]
    shown = _shown_lines(lines, span, cuts)
    first_mark = _marker(cuts[0])
    at = next(i for i, line in enumerate(shown) if first_mark in line)
    head, tail = shown[:at + 1], shown[at + 1:]
    if _open_fences(head) > 0:
        head.append(FENCE_CLOSE)
    if _open_fences(tail) < 0:
        tail.insert(0, FENCE_OPEN)
    return Fitted("\n".join([*head, *tail]), tuple(cuts))


STATEMENT_TOKENS = 80  # room kept for the cut statement of a whole-text cut


def fit_observation(concise: str, extras: str, budget: int, ref: str, task_id: str) -> Fitted:
    """A whole observation text within ``budget`` when its body's fit was not enough: the
    ``verbose``/``debug`` sections (``extras``) are cut first, to what the concise text leaves;
    else the whole text. Cut ranges count the lines of the text as shown before the statement,
    which is appended last so it shifts no line."""
    head = concise.count("\n") + 1
    reserve = STATEMENT_TOKENS
    for _ in range(3):  # the statement's length is known only after the cut: retry if it overran
        room = budget - count_tokens(concise) - reserve
        if extras and room >= 2 * STATEMENT_TOKENS:
            part = fit_lines(extras, room, head)
            text, cuts = f"{concise}\n{part.text}", part.cuts
        else:
            whole = fit_lines(f"{concise}\n{extras}" if extras else concise, budget - reserve)
            text, cuts = whole.text, whole.cuts
        fitted = Fitted("\n".join([text, *statement(cuts, ref, task_id)]), cuts)
        over = count_tokens(fitted.text) - budget
        if over <= 0:
            break
        reserve += over + 8
    return fitted


def _shifted(cut: Cut, lines: int) -> Cut:
    if not lines:
        return cut
    if cut.unit == "observation_lines":
        return dataclasses.replace(cut, first=cut.first + lines, last=cut.last + lines, of=cut.of + lines)
    return dataclasses.replace(cut, line=(cut.line or 0) + lines)


def _open_fences(lines: list[str]) -> int:
    return sum(line.count(FENCE_OPEN) - line.count(FENCE_CLOSE) for line in lines)


def _span(lines: list[str], allowance: int) -> _Span | None:
    """Whole lines from the start within half the allowance, then from the end within what is
    left; a side that gets no whole line shows part of its line. None: everything fits."""
    n = len(lines)
    allowance = max(allowance, 2 * MIN_SIDE_TOKENS)
    head, used = _take(lines, range(n), allowance // 2)
    head_chars = 0
    if head == 0:
        head_chars = _prefix_fitting(lines[0], allowance // 2)
        used = count_tokens(lines[0][:head_chars])
        if head_chars == len(lines[0]):  # the whole line after all (its newline was the excess)
            head, head_chars = 1, 0
    low = head + (1 if head_chars else 0)  # the first line the tail may take whole
    count, _ = _take(lines, range(n - 1, low - 1, -1), allowance - used)
    tail, tail_char = n - count, 0
    if count == 0:
        last = lines[n - 1]
        start = head_chars if n - 1 == head else 0  # one line shared by head and tail
        keep = _suffix_fitting(last[start:], allowance - used)
        tail, tail_char = n - 1, len(last) - keep
        if keep == 0:
            tail, tail_char = n, 0
    if tail <= head and (tail < head or tail_char <= head_chars):
        return None
    if tail == low and tail_char == 0 and head_chars == 0:
        return None
    return _Span(head, head_chars, tail, tail_char)


def _take(lines: list[str], order: range, allowance: int) -> tuple[int, int]:
    """How many lines, in ``order``, fit in ``allowance`` tokens (a line costs its tokens and
    its newline), and the tokens they use."""
    taken = used = 0
    for i in order:
        line = lines[i]
        left = allowance - used
        if len(line) > 8 * left and count_tokens(line[: 8 * left]) > left:
            break  # a prefix is already over: no need to count the whole line
        cost = count_tokens(line) + 1
        if cost > left:
            break
        taken, used = taken + 1, used + cost
    return taken, used


def _prefix_fitting(line: str, allowance: int) -> int:
    """The most characters from the start of ``line`` within ``allowance`` tokens."""
    return _fitting(line, allowance, lambda n: line[:n])


def _suffix_fitting(line: str, allowance: int) -> int:
    """The most characters from the end of ``line`` within ``allowance`` tokens."""
    return _fitting(line, allowance, lambda n: line[len(line) - n:])


def _fitting(line: str, allowance: int, side: Callable[[int], str]) -> int:
    """Binary search for the longest ``side(n)`` of at most ``allowance`` tokens."""
    if allowance < MIN_SIDE_TOKENS:
        return 0
    low, high = 0, min(len(line), 16 * allowance)
    while low < high:
        mid = (low + high + 1) // 2
        if count_tokens(side(mid)) <= allowance:
            low = mid
        else:
            high = mid - 1
    return low


def _text_cuts(lines: list[str], span: _Span, path: str, unit: str, chars: str) -> list[Cut]:
    """The omitted ranges of a span, in text order: part of the head's line, whole lines,
    part of the tail's line (one character range when head and tail share a line)."""
    n, cuts = len(lines), []
    if span.head == span.tail:
        line = lines[span.head]
        omitted = line[span.head_chars:span.tail_char]
        return [Cut(chars, span.head_chars + 1, span.tail_char, len(line), _utf8(omitted), path, span.head + 1)]
    first_whole = span.head
    if span.head_chars:
        line = lines[span.head]
        cuts.append(Cut(chars, span.head_chars + 1, len(line), len(line), _utf8(line[span.head_chars:]), path,
                        span.head + 1))
        first_whole += 1
    last_whole = min(span.tail, n) - 1
    if first_whole <= last_whole:
        omitted = "\n".join(lines[first_whole:last_whole + 1])
        cuts.append(Cut(unit, first_whole + 1, last_whole + 1, n, _utf8(omitted), path))
    if span.tail < n and span.tail_char:
        line = lines[span.tail]
        cuts.append(Cut(chars, 1, span.tail_char, len(line), _utf8(line[:span.tail_char]), path, span.tail + 1))
    return cuts


def _shown_lines(lines: list[str], span: _Span, cuts: list[Cut]) -> list[str]:
    """The head, one marker per omitted range, the tail."""
    n = len(lines)
    shown = lines[:span.head]
    marks = [_marker(c) for c in cuts]
    if span.head == span.tail:
        line = lines[span.head]
        return [*shown, f"{line[:span.head_chars]}{marks[0]}{line[span.tail_char:]}", *lines[span.head + 1:]]
    if span.head_chars:
        shown.append(lines[span.head][:span.head_chars] + marks.pop(0))
    tail_part = marks.pop() if span.tail < n and span.tail_char else None
    shown.extend(marks)
    if tail_part is not None:
        shown.append(tail_part + lines[span.tail][span.tail_char:])
        shown.extend(lines[span.tail + 1:])
    else:
        shown.extend(lines[span.tail:])
    return shown


def _marker(cut: Cut) -> str:
    if cut.unit in ("chars", "observation_chars"):
        return f"…[chars {cut.first:,}-{cut.last:,} of line {cut.line:,} not shown]…"
    unit = "lines" if cut.unit == "observation_lines" else cut.unit
    return f"…[{unit} {cut.first:,}-{cut.last:,} not shown]…"


# --------------------------------------------------------------------------- lists

def _fit_list(name: str, items: list[Any], path: str, allowance: int, untrusted: frozenset[str],
              shape: str) -> tuple[list[str], tuple[Cut, ...]] | None:
    n = len(items)
    if n < 3:
        return None
    label = name or "items"
    records = all(isinstance(i, dict) for i in items)
    unit = meaning(shape).budget_unit or ("rows" if records else "items")
    summary = _summary(label, items, unit, records)
    room = allowance - count_tokens("\n".join(summary)) - 24
    if all(is_scalar(v) for v in items):
        cells = [cell(v) for v in items]
        head, tail = _ends(cells, room)
        if head + tail >= n:
            return None
        cut = Cut("items", head + 1, n - tail, n, _json_bytes(items[head:n - tail]), path)
        line = f"{label}: {' '.join(cells[:head])} {_marker(cut)} {' '.join(cells[n - tail:])}"
        return [*summary, line], (cut,)
    rows = _one_line_each(name, items, path, untrusted)
    if rows is None:
        return None  # not one line per item (e.g. rows grouped into options): cut as lines
    head_line, shown, written = rows
    head, tail = _ends(shown, room)
    if head + tail >= n:
        return None
    cut = Cut("items", head + 1, n - tail, n, _json_bytes(items[head:n - tail]), path)
    # A row kept that points to an earlier row is written out: that row may be cut.
    kept = [written[i] for i in [*range(head), *range(n - tail, n)]]
    return [*summary, head_line, *kept[:head], _marker(cut), *kept[head:]], (cut,)


def _one_line_each(name: str, items: list[Any], path: str, untrusted: frozenset[str],
                   ) -> tuple[str, list[str], list[str]] | None:
    """A list rendered as a header and one line per item: the header, the item lines as shown
    and written out (a repeated table row is "(same as row N)" as shown); None when it is not
    (a table with tables below it or fenced cells, rows grouped into options)."""
    grid = list_table(name, items, path, untrusted)
    if grid is not None:
        return None if grid.below or grid.passages else (grid.head, grid.shown, grid.rows)
    full = render_value(name, items, path, untrusted, {})
    if full[0] != f"{name or 'items'}[{len(items)}]:" or len(full) != 1 + len(items):
        return None
    return full[0], full[1:], full[1:]


def _ends(units: list[str], room: int) -> tuple[int, int]:
    """How many units from the start and from the end fit in ``room`` tokens; at least one
    each (seed 000: the first and the last rows)."""
    n = len(units)
    head, used = _take(units, range(n), room // 2)
    tail, _ = _take(units, range(n - 1, head - 1, -1), room - used)
    return max(head, 1), max(tail, 1)


def _summary(label: str, items: list[Any], unit: str, records: bool) -> list[str]:
    """What the whole list holds: its size and, for records, per-field stats. Written by us
    from the data, so it goes through the safety functions like any text the model sees."""
    head = f"{label}: {len(items):,} {unit}, {_json_bytes(items):,} bytes; first and last shown"
    if not records:
        return [head]
    columns: dict[str, None] = {}
    for row in items:
        columns.update(dict.fromkeys(row))
    lines = [head + "; fields:"]
    for col in list(columns)[:STATS_MAX_FIELDS]:
        lines.append(f"  {col}: {_field_stats([row.get(col) for row in items])}")
    if len(columns) > STATS_MAX_FIELDS:
        lines.append(f"  (+{len(columns) - STATS_MAX_FIELDS} more fields)")
    text, _ = safety.scrub("\n".join(lines))
    if safety.injection_reasons(text):  # a listed value reads like instructions: list none
        return [head + f"; fields: {' '.join(columns)}"]
    return text.split("\n")


_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _field_stats(values: list[Any]) -> str:
    present = [v for v in values if v is not None]
    nulls = len(values) - len(present)
    counts = Counter(_hashable(v) for v in present)
    parts = [f"{len(counts):,} distinct" + _listed_values(present, counts)]
    span = _value_range(present)
    if span:
        parts.append(span)
    if nulls:
        parts.append(f"{nulls:,} null")
    return ", ".join(parts)


def _listed_values(present: list[Any], counts: Counter[Any]) -> str:
    """The values themselves, when they are few and short: ``(a×3 b×1)``, or ``(a)``."""
    if not 0 < len(counts) <= LISTED_VALUES or not all(is_scalar(v) and len(cell(v)) <= 24 for v in present):
        return ""
    return " (" + " ".join(f"{cell(v)}×{c:,}" if len(counts) > 1 else cell(v)
                           for v, c in _values_by_count(present, counts)) + ")"


def _value_range(present: list[Any]) -> str:
    """``min .. max`` of a field whose every value is a number, or a date."""
    numbers = [v for v in present if type(v) in (int, float, Decimal)]
    if numbers and len(numbers) == len(present):
        return f"min {min(numbers)} max {max(numbers)}"
    dates = [_date_text(v) for v in present]
    if present and all(dates):
        return f"min {min(dates)} max {max(dates)}"  # type: ignore[type-var]
    return ""


def _values_by_count(present: list[Any], counts: Counter[Any]) -> list[tuple[Any, int]]:
    first: dict[Any, Any] = {}
    for v in present:
        first.setdefault(_hashable(v), v)
    return [(first[k], c) for k, c in counts.most_common()]


def _hashable(value: Any) -> Any:
    if isinstance(value, dict | list):
        return orjson.dumps(value, default=str, option=orjson.OPT_SORT_KEYS)
    return (type(value), value)


def _date_text(value: Any) -> str | None:
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, str) and _ISO_DATE.match(value):
        return value
    return None


def _json_default(value: Any) -> Any:
    if isinstance(value, Decimal):
        return orjson.Fragment(str(value))  # a number, as the raw had it
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)


def _json_bytes(items: list[Any]) -> int:
    return len(orjson.dumps(items, default=_json_default))


def _utf8(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


# --------------------------------------------------------------------------- the statement

def statement(cuts: tuple[Cut, ...], ref: str, task_id: str) -> list[str]:
    """One line per cut: what is left out and the command (and Python call) that reads it."""
    lines = []
    for c in cuts:
        where = f"{c.path} " if c.path else ""
        if c.unit.startswith("observation_"):
            what = f"lines {c.first:,}-{c.last:,} of {c.of:,}" if c.unit == "observation_lines" else \
                f"chars {c.first:,}-{c.last:,} of {c.of:,} of line {c.line:,}"
            lines.append(f"cut: {what} of this text not shown ({c.bytes:,} bytes); "
                         f"the result whole: obsline artifact get {shlex.quote(ref)} --task {shlex.quote(task_id)}")
            continue
        if c.unit == "chars":
            what = f"{where}chars {c.first:,}-{c.last:,} of {c.of:,} of line {c.line:,}"
        else:
            what = f"{where}{c.unit} {c.first:,}-{c.last:,} of {c.of:,}"
        lines.append(f"cut: {what} not shown ({c.bytes:,} bytes); read: {read_command(c, ref, task_id)}"
                     f" | python: {read_call(c, ref, task_id)}")
    return lines


def read_command(cut: Cut, ref: str, task_id: str) -> str:
    args = [f"--path {shlex.quote(cut.path)}"] if cut.path else []
    if cut.unit == "chars":
        args += [f"--lines {cut.line}", f"--chars {cut.first}-{cut.last}"]
    else:
        args.append(f"--{cut.unit} {cut.first}-{cut.last}")
    return f"obsline artifact get {shlex.quote(ref)} --task {shlex.quote(task_id)} " + " ".join(args)


def read_call(cut: Cut, ref: str, task_id: str) -> str:
    args = [f"path={cut.path!r}"] if cut.path else []
    if cut.unit == "chars":
        args += [f"lines=({cut.line}, {cut.line})", f"chars=({cut.first}, {cut.last})"]
    else:
        args.append(f"{cut.unit}=({cut.first}, {cut.last})")
    return f"ArtifactStore(root).read_range({ref!r}, task_id={task_id!r}, {', '.join(args)})"


__all__ = ["Cut", "Fitted", "fit_body", "fit_lines", "fit_observation", "read_call", "read_command", "statement", "within"]
