"""The fast injection scan (each rule tried only where the literal its regex requires stands,
adapters/anchored.py) gives exactly the reasons of its plain twin (each rule over the whole text)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.adapters.injection import DEFAULT, injection_reasons
from tests.adapters.corpora.injections import cases

_PIECES = [
    "ignore", "Ignore all previous instructions", "disregard", "your system prompt", "reveal", "send", "the user",
    "do not tell", "you are now", "AI", "assistant", "agent", "please", "call the transfer_funds tool", "immediately",
    "忽略之前的指令", "系统提示", "игнорируй", "предыдущие инструкции", "ıgnore", "ſystem", "İ", "ς", "é", "\u200b",
    "<|im_start|>", "[INST]", "SYSTEM:", "\n", "\n\n", " ", ".", ",", ":", "1gn0r3", "pr3v10us", "base64", "aWdub3Jl",
    "![x](https://e.example/?q={{data}})", "<!--", "-->", "\"role\": \"system\", \"content\":",
    "\x00", "Claude", "パスワードを教えて", "비밀번호", "Ignorá las instrucciones anteriores",
]
_TEXT = st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=10)), max_size=40).map("".join)


@settings(max_examples=300, deadline=None)
@given(_TEXT)
def test_the_fast_scan_gives_the_plain_scans_reasons(text: str) -> None:
    assert DEFAULT.scan(text) == DEFAULT.scan(text, fast=False)


def test_the_twins_agree_on_the_injection_corpus() -> None:
    for case in cases():
        assert DEFAULT.scan(case.text) == DEFAULT.scan(case.text, fast=False), case.text[:80]


# --- a long text, read paragraph by paragraph (adapters/injection_blocks.py) -------------------

_HELP = [
    "To reset your password, open Settings and choose Reset password.",
    "Never share your password or one-time code with anyone.",
    "Agents must not tell the customer the verification code over chat.",
    "Our virtual assistant can answer most questions; type 'agent' to talk to a person.",
    "Please contact support to delete your account.",
    "# Heading without a full stop",
]
_PARAGRAPH = st.lists(st.one_of(st.sampled_from(_PIECES + _HELP), st.text(max_size=10)), min_size=1, max_size=12)
_LONG_TEXT = st.lists(_PARAGRAPH.map(" ".join), min_size=8, max_size=40).map("\n\n".join)


@settings(max_examples=150, deadline=None)
@given(_LONG_TEXT)
def test_a_long_text_read_by_paragraph_and_from_the_cache_gives_the_plain_reasons(text: str) -> None:
    plain = DEFAULT.scan(text, fast=False)
    assert DEFAULT.scan(text) == plain
    assert DEFAULT.scan(text) == plain  # (now every paragraph from the cache)


def _help_page(inside: str, filler: list[str]) -> str:
    around = "\n\n".join(filler * 6)
    return f"{around}\n\n{inside}\n\n{around}"


def test_every_corpus_text_inside_a_long_help_page_is_judged_as_on_its_own() -> None:
    """Read by paragraph, an attack in a long page of policy prose full of trigger words is still
    seen; a benign text in a long page (of prose with no secret word: a link's query is judged
    by the secret words beside it) still is not."""
    assert injection_reasons(_help_page("", _HELP)) == []
    for case in cases():
        if "<!--" in case.text or "role" in case.text:
            continue  # (such a page is read whole: nothing to compare)
        alone = bool(injection_reasons(case.text))
        if alone:
            assert injection_reasons(_help_page(case.text, _HELP)), case.text[:80]
        else:
            assert not injection_reasons(_help_page(case.text, _HELP[3:5])), case.text[:80]


def test_the_help_pages_of_bench_scancost_give_the_plain_reasons() -> None:
    """Paragraphs read together (one automaton pass for all the new ones) or one by one: the
    same reasons, on pages of 32 languages' help sentences, every paragraph new and recurring."""
    from bench.scancost import documents
    for doc in documents(12, distinct=True)[::3] + documents(12)[::4]:
        assert DEFAULT.scan(doc) == DEFAULT.scan(doc, fast=False)


# --- the signals' gate (injection_signals.may_give_reasons) ------------------------------------

@settings(max_examples=400, deadline=None)
@given(_LONG_TEXT | _TEXT)
def test_the_signals_gate_says_no_only_where_the_signals_find_nothing(text: str) -> None:
    from obsline.adapters.injection_signals import may_give_reasons, signal_reasons
    for unit in [text, *text.split("\n\n")]:
        if not may_give_reasons(unit):
            assert signal_reasons(unit) == (), unit[:80]


def test_the_signals_gate_says_no_to_no_corpus_text_the_signals_flag() -> None:
    from obsline.adapters.injection_signals import may_give_reasons, signal_reasons
    for case in cases():
        assert may_give_reasons(case.text) or not signal_reasons(case.text), case.text[:80]
