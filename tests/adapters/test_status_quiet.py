"""``status_quiet.quiet_text`` (the fast twin): a text it calls quiet is one every text reader
passes over, so ``detect_status`` decides it success without them (the plain reference: the
readers themselves, ``status.text_verdict``), read as the shape the shapes reader gives it and as
plain text."""

from __future__ import annotations

from pathlib import Path

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.adapters import status, status_quiet
from obsline.adapters import status_lexicon as lex
from obsline.adapters.shapes import meaning, read_shape
from obsline.adapters.status import SUCCESS, detect_status
from obsline.adapters.status_gate import ALL
from obsline.protocol_corpus import cases

# Words of every family (loud and only-no alike), the error words, and letters, signs and case traps.
_FAMILY_WORDS = sorted({w for families in ALL for w in families._index.literals if len(w) <= 24})
_WORDS = [*_FAMILY_WORDS, *lex.ERROR_WORDS, "Transfer", "successful", "available", "landed", " ", ".", ":", "!",
          "'", "\"", "K", "\u212a", "ß", "ς", "İ", "ı", "ſ", "é", "Error", "ERROR", "Timeout", "curl: (7)", "HTTP/1.1",
          "<", "&", "=", "{", "[", "\n", "١", "7", "12", "429", "of", "15", "中", "件", "条", "job", "Task", "accepted",
          "canceled", "queued", "HTTP", "status", "Status Bar:", "ORA-01017: ", "- ", "key: value", "\n\n"]
_TEXT = st.lists(st.one_of(st.sampled_from(_WORDS), st.text(max_size=6)), max_size=14).map(" ".join)


def _plain(text: str, shape: str = "text", tree: object = None, own_output: bool = False) -> object:
    return status.text_verdict(text, shape, text if tree is None else tree, own_output)


def _agrees(text: str) -> None:
    shaped = read_shape(text)
    if status_quiet.quiet_text(text, shaped.name):
        assert _plain(text, shaped.name, shaped.tree) is None, (shaped.name, text)
        assert _plain(text, shaped.name, shaped.tree, own_output=True) is None, text
    if status_quiet.quiet_text(text):
        assert _plain(text) is None, text
        assert _plain(text, own_output=True) is None, text


@settings(max_examples=3000, deadline=None)
@given(_TEXT)
def test_a_quiet_text_is_one_no_reader_reads(text: str) -> None:
    _agrees(text)


def test_a_quiet_text_agrees_on_every_protocol_corpus() -> None:
    for case in cases():
        if isinstance(case.raw, str):
            _agrees(case.raw)
            for line in case.raw.split("\n"):
                _agrees(line)


def _dev_texts() -> list[str]:
    texts: list[str] = []
    for folder in Path(__file__).resolve().parents:
        data = folder / "shared" / "data"
        if data.is_dir():
            for path in sorted(data.glob("*/*dev*.jsonl")):
                for line in path.read_bytes().splitlines():
                    raw = orjson.loads(line).get("raw") if line.strip() else None
                    if isinstance(raw, str):
                        texts.append(raw)
            break
    return texts


def test_a_quiet_text_agrees_on_the_dev_files() -> None:
    texts = _dev_texts()
    for text in texts:
        _agrees(text)
        for line in text.split("\n"):
            _agrees(line)


def test_quiet_texts_are_success_and_loud_ones_are_read() -> None:
    for text in ("Transfer successful", "available", "landed", "Roaming enabled successfully", ""):
        assert status_quiet.quiet_text(text), text
        assert detect_status(None, text, http_status=None, error_hint=None, shape="text", tree=text) == SUCCESS
    for text in ("User not found", "Error: no seats", "still running", "Reservation cancelled", "HTTP 503",
                 "Zugriff verweigert", "请求失败", "exit 1", "{\"a\": ", "<Error>", "ıNVALID token", "3 sent, 2 bounced",
                 "50件中47件", "429 Too Many Requests", "ORA-01017: invalid", "ok\nfatal: no remote"):
        assert not status_quiet.quiet_text(text), text
    assert status_quiet.quiet_text("Airplane Mode is now OFF.\nBattery 80%")  # (a digit beside no tally's word)
    assert not any(meaning(s).exit_status and status_quiet.quiet_text("done", s) is True for s in ("shell",))


def test_every_family_is_loud_unless_it_only_says_no() -> None:
    automaton = status_quiet._loud_words()
    for families in ALL:
        if any(families is f for f in status_quiet._ONLY_NO):
            continue
        for word in families._index.literals:
            assert automaton.find_matches_as_indexes(word), word
