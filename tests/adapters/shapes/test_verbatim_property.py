"""Issue 23: no value is ever rewritten. Whatever shape a text is read as (log, grep hits, CSV,
key-value lines, plain text), every token of the raw that is shown is shown as written."""

from __future__ import annotations

import itertools
import re

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.adapters.secrets import secret_key_kind
from obsline.pipeline import Runner, Stages

_RUNNER = Runner(Stages.default())
_TASKS = itertools.count()  # a task per example: nothing is folded against an earlier one
# Not a secret's key name ("secret=9.990" is hidden by design): this property is about display.
_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=7).filter(
    lambda w: secret_key_kind(w) is None)
_NUM = st.one_of(st.integers(0, 99_999).map(str), st.integers(0, 999).map(lambda n: f"{n:03d}"),
                 st.decimals(0, 9999, places=2, allow_nan=False).map(str), st.just("9.990"), st.just("1e3"))


@st.composite
def _time(draw: st.DrawFn) -> str:
    h, m, s = draw(st.integers(0, 23)), draw(st.integers(0, 59)), draw(st.integers(0, 59))
    sep = draw(st.sampled_from(["T", " "]))
    tail = draw(st.sampled_from(["", "Z", ",123", ".050", "+08:00"]))
    return f"2025-01-{draw(st.integers(1, 28)):02d}{sep}{h:02d}:{m:02d}:{s:02d}{tail}"


@st.composite
def _log(draw: st.DrawFn) -> str:
    lines = [f"{draw(_time())} {draw(st.sampled_from(['INFO', 'WARN', 'ERROR', 'DEBUG']))} {draw(_WORD)}="
             f"{draw(_NUM)} {draw(_WORD)}" for _ in range(draw(st.integers(1, 6)))]
    return "\n".join(lines)


@st.composite
def _grep(draw: st.DrawFn) -> str:
    return "\n".join(f"src/{draw(_WORD)}.py:{draw(st.integers(1, 999))}:{draw(_WORD)} = {draw(_NUM)}"
                     for _ in range(draw(st.integers(2, 6))))


@st.composite
def _csv(draw: st.DrawFn) -> str:
    width = draw(st.integers(2, 4))
    header = draw(st.lists(_WORD, min_size=width, max_size=width, unique=True))
    rows = [",".join(draw(st.lists(_NUM, min_size=width, max_size=width))) for _ in range(draw(st.integers(2, 5)))]
    return "\n".join([",".join(header), *rows])


@st.composite
def _key_value(draw: st.DrawFn) -> str:
    return "\n".join(f"{draw(_WORD).capitalize()} {draw(_WORD)}: {draw(st.one_of(_NUM, _WORD, _time()))}"
                     for _ in range(draw(st.integers(2, 5))))


_TEXTS = st.one_of(_log(), _grep(), _csv(), _key_value(),
                   st.lists(st.one_of(_WORD, _NUM, _time()), min_size=1, max_size=12).map(" ".join))


@settings(max_examples=120, deadline=None)
@given(_TEXTS, st.booleans())
def test_every_token_of_a_text_raw_is_shown_as_written(raw: str, newline: bool) -> None:
    raw = raw + "\n" if newline else raw
    env = {"task_id": f"t{next(_TASKS)}", "step_id": 0, "action_id": "a", "tool": "read_data", "raw": raw}
    obs = next(_RUNNER.run([orjson.dumps(env)])).observation
    # a value is what lies between the shapes' separators (whitespace, a CSV's commas)
    missing = [token for token in re.split(r"[\s,]+", raw) if token and token not in obs.text]
    assert not missing, (obs.metadata.get("shape"), missing, obs.text)
