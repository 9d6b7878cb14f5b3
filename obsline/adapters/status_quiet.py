"""A short text no status reader can read a verdict from, told in one pass (the fast twin of
running every text reader on it).

Each text reader (``status_text``, ``status_text_jobs``, ``status_flat``, ``status_cutoff``)
starts from something a text holds: a digit (an HTTP status, an exit or error code, a count), a
bracket or a markup sign (a JSON text cut off, XML, an HTML page, a form), a word of one of
the word families (``status_gate``: error, failure, timeout, running, cancelled, a stated
failure) or of the words the ungated readers start from (an error line's prefix and the error
words a line may start with, a trace's, gRPC's, curl's, a cut mark's). Words are looked for in
the whole text (the readers read its edges: a superset), digits where a reader reads one with
no word beside it. A text with none of these is decided here, of any shape but a command's
streams (its exit code): no reader can read anything but success from it ("Transfer
successful", "available", a status bar's lines). Every
family made counts as loud unless it is listed in ``_ONLY_NO`` (families whose hits only ever
make a reader say no, or read details once a verdict is found), so a family added later is
loud by default. tests/adapters/test_status_quiet.py checks that a quiet text is one every
reader passes over (hypothesis, the dev files, every protocol corpus).
"""

from __future__ import annotations

import re

import ahocorasick_rs

from obsline.adapters import error_codes, status_text, status_text_jobs
from obsline.adapters import status_lexicon as lex
from obsline.adapters.anchored import fold_case, index_text
from obsline.adapters.shapes import meaning
from obsline.adapters.status_gate import ALL, Families
from obsline.adapters.status_text import _HTTP_LINE, _LEADING_CODE, _STATUS_IN_LINE

__all__ = ["quiet_text"]

# Markup, a JSON text's opening, a form's fields (anywhere); a digit where a reader reads one
# without a word of its own: the text's start (``429 Too Many Requests``, an HTTP line), a leading
# code (``ORA-01017:``), and in a short message beside a tally's word ("12 of 15 uploaded").
_LOUD_CHARS = re.compile(r"[<>{}\[\]&]")
_DIGIT = re.compile(r"\d")
_TALLY_MAX = 400  # (status_text_jobs._SHORT: no tally is read in a longer message)
# Families that never make a reader find a verdict: success words (a statement's "no"), the words
# that say the work is done (a job's or a cancellation's "no"), the tally's words (read only
# beside a digit, which is loud here) and the retry words (read for an error's wait once found).
_ONLY_NO: tuple[Families, ...] = (status_text._SUCCESS_GATE, status_text_jobs._DONE_GATE,
                                  status_text_jobs._COUNT_GATE, error_codes._RETRY_GATE)
# Words the ungated readers start from: an error line's prefix (``status_text.error_prefix``, its
# error words as a line's first words before a colon), a trace's words, gRPC, curl, a cut mark.
_WORDS = ("err", "fail", "fatal", "exception", "échec", "错误", "錯誤", "失败", "失敗", "异常", "異常", "エラー", "오류",
          "에러", "실패", "traceback", "timeout", "exit", "interrupt", "panic", "** (", "rpc", "statuscode", "curl",
          *status_text_jobs._CUT_LITERALS, *lex.ERROR_WORDS)
_automaton: ahocorasick_rs.AhoCorasick | None = None


def _loud_words() -> ahocorasick_rs.AhoCorasick:
    """Every loud literal, folded as the families' indexes fold them (built at the first call,
    once every family is made)."""
    words = {fold_case(w.lower()) or "" for w in _WORDS}
    words.update(w for families in ALL if not any(families is f for f in _ONLY_NO) for w in families._index.literals)
    if "" in words:
        raise ValueError("a loud word with no one-letter stand-in for a case trap")
    return ahocorasick_rs.AhoCorasick(sorted(words), implementation=ahocorasick_rs.Implementation.DFA)


def _tally_words(body: str) -> bool:
    """A short message with a digit is a tally only beside a tally's word or a CJK share's "中"
    (``status_text_jobs.partial_in_text``: with neither, its readers find nothing)."""
    return "中" in body or "중" in body or status_text_jobs._COUNT_GATE.present(body) != set()


def quiet_text(text: str, shape: str = "text") -> bool:
    """True when no text reader can read a verdict from ``text`` read as ``shape``: its status is
    success. A shape that reads a command's exit code is never quiet."""
    global _automaton
    if meaning(shape).exit_status or _LOUD_CHARS.search(text) is not None:
        return False
    body = text.strip()
    if body[:1].isdigit() or _LEADING_CODE.match(body) or len(body) <= _TALLY_MAX and _DIGIT.search(body) and (
            _tally_words(body)):
        return False
    lowered = index_text(text, text.lower())
    if lowered is None:  # (a case trap the families' indexes cannot read: they run whole)
        return False
    if _automaton is None:
        _automaton = _loud_words()
    if _automaton.find_matches_as_indexes(lowered):
        return False
    # (an HTTP status's number, read anywhere: last, as a case-blind regex reads every character)
    return not (("http" in lowered or "status" in lowered) and (_HTTP_LINE.match(body) or _STATUS_IN_LINE.search(text)))
