"""Session 30, issue 23 on unseen-9's tune half: mechanisms, each with examples of its own (not the corpus')."""

from __future__ import annotations

import pytest

from obsline.adapters.status import detect_status


def _text(text: str) -> tuple[str, str | None, str | None]:
    result = detect_status(None, text, http_status=None, error_hint=None, shape="text", tree=text)
    error = result.error
    return result.status.value, error.code.value if error else None, error.tool_code if error else None


# --- a compiler's diagnostic: its bracketed code kept, a place in the source makes it the code's fault
@pytest.mark.parametrize(("text", "tool"), [
    ("error[E0308]: mismatched types\n --> src/lib.rs:12:9\n   |\n12 |     x\n   |     ^ expected `u8`\n\n"
     "error: aborting due to 1 previous error", "E0308"),
    ("error[E0599]: no method named `lenght` found for struct `Vec<u8>`\n  --> crates/io/src/read.rs:88:17\n\n"
     "For more information about this error, try `rustc --explain E0599`.", "E0599"),
])
def test_a_bracketed_diagnostic_code_is_kept_and_a_located_diagnostic_is_invalid_code(text: str, tool: str) -> None:
    assert _text(text) == ("error", "INVALID_ARGUMENT", tool)


@pytest.mark.parametrize("text", [
    "src/app/Order.java:41: error: incompatible types: String cannot be converted to int\n"
    "        int n = name;\n                ^\n1 error",
    "lib/parse.c:210:14: error: 'tokn' undeclared (first use in this function)\n  210 |     return tokn;\n"
    "      |            ^~~~",
])
def test_a_diagnostic_at_a_file_and_line_is_an_error_of_the_given_code(text: str) -> None:
    assert _text(text)[:2] == ("error", "INVALID_ARGUMENT")


def test_a_bracketed_code_without_a_place_keeps_what_its_words_say() -> None:
    assert _text("error[E0433]: failed to resolve: could not find `tokio` in the crate root") == (
        "error", "NOT_FOUND", "E0433")


# --- the verdict line before a program's advice lines, and an update the other side refused
def test_advice_lines_after_the_verdict_leave_the_verdict_last() -> None:
    text = ("Deploying build 4411 to staging\nerror: the target environment is locked by another deploy\n"
            "hint: wait for the running deploy to finish\nhint: or pass --queue to wait in line")
    assert _text(text)[:2] == ("error", "CONFLICT")
    assert _text("Deploying build 4411 to staging\nhint: pass --queue to wait in line")[0] == "success"


def test_an_update_marked_rejected_by_the_receiving_side_is_a_conflict() -> None:
    text = ("Pushing to ssh://git.example.org/infra.git\n ! [remote rejected] release/2.4 -> release/2.4 (stale info)\n"
            "error: failed to push some refs to 'ssh://git.example.org/infra.git'")
    assert _text(text)[:2] == ("error", "CONFLICT")
