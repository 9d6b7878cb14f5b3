"""Each text shape from small examples modelled on real tool outputs (SWE-agent, tau2, BFCL,
mini-swe-agent, grep, logs): the shape is recognised, the tree is typed, and the text it
renders keeps every word of the raw (exactly the raw for the line-oriented shapes)."""

from __future__ import annotations

import re

import pytest

from obsline.adapters.shapes import read_shape, render_shape

WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_./:-]{3,}")

FILE_VIEW = """[File: /repo/src/marshmallow/fields.py (1997 lines total)]
(1373 more lines above)
1374:    :param kwargs: The same keyword arguments that :class:`Field` receives.
1375:    \"\"\"
1376:
1377:    SERIALIZATION_FUNCS = {"iso": utils.to_iso_time}
(620 more lines below)"""

EDIT_REFUSED = """Your proposed edit has introduced new syntax error(s). Please read this error message carefully.

ERRORS:
- E999 IndentationError: unexpected indent

This is how your edit would have looked if applied
-------------------------------------------------
[File: /work/chall.py (3 lines total)]
1:import string
2:    cipher = f.read()
3:
-------------------------------------------------"""

PY_TRACE = """Traceback (most recent call last):
  File "/work/decrypt.py", line 5, in <module>
    decrypted_msg = ''.join([chr((b-18) * 123**(-1)) for b in cipher])
  File "/work/decrypt.py", line 5, in <listcomp>
    decrypted_msg = ''.join([chr((b-18) * 123**(-1)) for b in cipher])
TypeError: integer argument expected, got float"""

CHAINED = """Traceback (most recent call last):
  File "a.py", line 2, in <module>
    int("x")
ValueError: invalid literal for int() with base 10: 'x'

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "a.py", line 4, in <module>
    raise RuntimeError("bad")
RuntimeError: bad"""

JAVA_TRACE = """Exception in thread "main" java.lang.NullPointerException: name is null
\tat com.shop.Order.total(Order.java:42)
\tat com.shop.Main.main(Main.java:7)"""

JS_TRACE = """TypeError: Cannot read properties of undefined (reading 'id')
    at getUser (/app/src/users.js:12:18)
    at /app/src/index.js:5:3"""

MINI_SWE = "<returncode>1</returncode>\n<output>\nls: cannot access 'missing.txt': No such file or directory\n</output>"

SEARCH = """Found 3 matches for "numpy_handler.py" in /pydicom__pydicom:
/pydicom__pydicom/pydicom/overlays/numpy_handler.py
/pydicom__pydicom/pydicom/pixel_data_handlers/numpy_handler.py
/pydicom__pydicom/pydicom/waveforms/numpy_handler.py
End of matches for "numpy_handler.py" in /pydicom__pydicom"""

GREP = "src/app.py:12:def main():\nsrc/app.py:40:    main()\ntests/test_app.py:3:from app import main"

DIFF = """diff --git a/tests/missing_colon.py b/tests/missing_colon.py
index 20edef5..5857437 100755
--- a/tests/missing_colon.py
+++ b/tests/missing_colon.py
@@ -1,4 +1,4 @@
-def division(a: float, b: float) -> float
+def division(a: float, b: float) -> float:
     return a/b"""

KEY_VALUE = "Airplane Mode: ON\nSIM Card Status: missing\nCellular Signal: none\nMobile Data Enabled: Yes"

LOG = """2024-05-01 10:00:01 INFO starting worker 3
2024-05-01 10:00:02 WARNING disk 91% full
2024-05-01 10:00:03 ERROR upload failed: timeout"""

DOCUMENTS = """1. Refund policy
ID: doc-17
Score: 0.92
Content: Refunds are issued within 14 days.

2. Shipping times
ID: doc-4
Score: 0.71
Content: Orders ship in 2-3 business days.
Express ships next day."""

CSV = "order_id,status,total\nW1001,pending,25.50\nW1002,delivered,99.00\nW1003,cancelled,12.00"

MARKDOWN = "# Install\n\nRun `pip install obsline`.\n\n## Usage\n\nSee [the docs](https://example.org/docs)."

HTML = """<!DOCTYPE html><html><head><title>Perl Examples</title></head>
<body><ul><li><a href="/cgi-bin/hello.pl">Hello World</a></li><li><a href="/cgi-bin/forms.pl">Forms</a></li></ul></body></html>"""

CASES = [
    (FILE_VIEW, "file_view"), (EDIT_REFUSED, "file_view"), (PY_TRACE, "traceback"), (CHAINED, "traceback"),
    (JAVA_TRACE, "traceback"), (JS_TRACE, "traceback"), (MINI_SWE, "shell"), (SEARCH, "search_hits"),
    (GREP, "search_hits"), (DIFF, "diff"), (KEY_VALUE, "key_value"), (LOG, "log"), (DOCUMENTS, "documents"),
    (CSV, "csv"), (MARKDOWN, "markdown"), (HTML, "html"),
]
EXACT = {"file_view", "search_hits", "diff", "key_value", "log"}


@pytest.mark.parametrize(("raw", "shape"), CASES)
def test_each_example_is_read_as_its_shape(raw: str, shape: str) -> None:
    assert read_shape(raw).name == shape


@pytest.mark.parametrize(("raw", "shape"), [c for c in CASES if c[1] in EXACT or c[0] in (PY_TRACE, CHAINED, JS_TRACE)])
def test_line_oriented_shapes_render_back_to_the_raw_exactly(raw: str, shape: str) -> None:
    shaped = read_shape(raw)
    assert render_shape(shaped.name, shaped.tree) == raw


@pytest.mark.parametrize(("raw", "shape"), [c for c in CASES if c[1] not in ("html", "csv")])
def test_rendered_text_keeps_every_word_of_the_raw(raw: str, shape: str) -> None:
    shaped = read_shape(raw)
    text = render_shape(shaped.name, shaped.tree)
    assert text is not None
    assert [w for w in WORD.findall(raw) if w not in text] == []


def test_file_view_is_typed_and_keeps_its_line_numbers() -> None:
    tree = read_shape(FILE_VIEW).tree
    assert tree["file"] == "/repo/src/marshmallow/fields.py"
    assert (tree["lines_total"], tree["above"], tree["below"]) == (1997, 1373, 620)
    assert tree["lines"].split("\n")[0].startswith("1374:")


def test_edit_refusal_keeps_the_lint_report_before_the_window() -> None:
    tree = read_shape(EDIT_REFUSED).tree
    assert "E999 IndentationError" in tree["before"] and tree["file"] == "/work/chall.py"
    assert tree["after"].startswith("----")


def test_cat_n_output_is_a_file_view() -> None:
    raw = "     1\timport os\n     2\t\n     3\tprint(os.getcwd())"
    shaped = read_shape(raw)
    assert shaped.name == "file_view" and render_shape("file_view", shaped.tree) == raw


def test_python_traceback_frames_are_typed() -> None:
    tree = read_shape(PY_TRACE).tree
    [block] = tree["blocks"]
    assert block["frames"][0] == {"file": "/work/decrypt.py", "line": 5, "function": "<module>",
                                  "code": "decrypted_msg = ''.join([chr((b-18) * 123**(-1)) for b in cipher])"}
    assert block["error"] == "TypeError: integer argument expected, got float"


def test_chained_traceback_keeps_both_blocks_and_the_link() -> None:
    tree = read_shape(CHAINED).tree
    assert [b["error"] for b in tree["blocks"]] == ["ValueError: invalid literal for int() with base 10: 'x'",
                                                    "RuntimeError: bad"]
    assert "During handling" in tree["blocks"][1]["context"]


def test_java_and_js_frames_are_file_line_function() -> None:
    java = read_shape(JAVA_TRACE).tree
    assert java["frames"][0] == {"file": "Order.java", "line": 42, "function": "com.shop.Order.total", "style": "java"}
    js = read_shape(JS_TRACE).tree
    assert js["frames"][0]["function"] == "getUser" and js["frames"][1] == {"file": "/app/src/index.js", "line": 5,
                                                                            "col": 3, "style": "js"}
    assert render_shape("traceback", java) == JAVA_TRACE


def test_traceback_after_program_output_keeps_the_output() -> None:
    raw = "loading data\n" + PY_TRACE
    tree = read_shape(raw).tree
    assert tree["before"] == "loading data" and render_shape("traceback", tree) == raw


def test_mini_swe_agent_wrapper_becomes_exit_code_and_output() -> None:
    shaped = read_shape(MINI_SWE)
    assert shaped.tree == {"exit_code": 1, "output": "ls: cannot access 'missing.txt': No such file or directory"}
    assert render_shape("shell", shaped.tree) == (
        "returncode: 1\noutput:\nls: cannot access 'missing.txt': No such file or directory")


def test_exit_code_line_keeps_the_text_as_written() -> None:
    raw = "pytest -q\n3 failed, 10 passed\nExit code: 1"
    shaped = read_shape(raw)
    assert shaped.name == "shell" and shaped.tree["exit_code"] == 1
    assert render_shape("shell", shaped.tree) == raw


def test_a_traceback_inside_a_shell_wrapper_is_a_nested_traceback() -> None:
    raw = f"<returncode>1</returncode>\n<output>\n{PY_TRACE}\n</output>"
    tree = read_shape(raw).tree
    assert tree["output"]["shape"] == "traceback"
    assert PY_TRACE in render_shape("shell", tree)


def test_search_report_and_no_matches() -> None:
    tree = read_shape(SEARCH).tree
    assert (tree["found"], tree["query"], tree["in"]) == (3, "numpy_handler.py", "/pydicom__pydicom")
    none = read_shape('No matches found for "frobnicate" in /repo').tree
    assert none == {"found": 0, "query": "frobnicate", "in": "/repo"}


def test_grep_hits_are_path_line_text() -> None:
    hits = read_shape(GREP).tree["hits"]
    assert hits[0] == {"path": "src/app.py", "line": 12, "text": "def main():"}


def test_diff_counts_lines_per_file() -> None:
    assert read_shape(DIFF).tree["files"] == [{"path": "tests/missing_colon.py", "added": 1, "removed": 1}]


def test_key_value_block_keeps_values_as_written() -> None:
    tree = read_shape(KEY_VALUE).tree
    assert tree == {"Airplane Mode": "ON", "SIM Card Status": "missing", "Cellular Signal": "none",
                    "Mobile Data Enabled": "Yes"}
    assert read_shape("Status Bar: ✈️ Airplane Mode | 🔋 80%").tree == {"Status Bar": "✈️ Airplane Mode | 🔋 80%"}


def test_a_sentence_with_a_colon_is_text_not_key_value() -> None:
    assert read_shape("Error: Customer with ID C9999 not found").name == "text"
    assert read_shape("Airplane Mode is now OFF.\nStatus Bar: 📵 No Signal").name == "text"


def test_log_counts_lines_by_level() -> None:
    tree = read_shape(LOG).tree
    assert tree["lines"] == 3 and tree["levels"] == {"INFO": 1, "WARN": 1, "ERROR": 1}


def test_documents_are_items_with_their_fields() -> None:
    docs = read_shape(DOCUMENTS).tree["documents"]
    assert [d["ID"] for d in docs] == ["doc-17", "doc-4"]
    assert docs[1]["Content"] == "Orders ship in 2-3 business days.\nExpress ships next day."
    assert read_shape(DOCUMENTS).untrusted


def test_csv_rows_become_a_table() -> None:
    rows = read_shape(CSV).tree["rows"]
    assert rows[0] == {"order_id": "W1001", "status": "pending", "total": "25.50"}
    assert read_shape(CSV.replace(",", "\t")).name == "csv"


def test_key_value_lines_with_a_comma_in_each_value_are_no_csv() -> None:
    # (hypothesis found it in test_verbatim_every_shape: comma milliseconds made two "columns")
    raw = "Aaa: 2025-01-01T00:00:00,123\nAab: 2025-01-01T00:00:00,123\nAaaa: 2025-01-01T00:00:00,123"
    shaped = read_shape(raw)
    assert shaped.name == "key_value" and shaped.tree["Aab"] == "2025-01-01T00:00:00,123"


def test_ragged_csv_is_text() -> None:
    assert read_shape("a,b,c\n1,2\n3,4,5,6").name == "text"


def test_markdown_title_and_sections() -> None:
    tree = read_shape(MARKDOWN).tree
    assert tree["title"] == "Install" and tree["sections"] == 2


def test_html_becomes_text_with_link_targets_and_is_untrusted() -> None:
    shaped = read_shape(HTML)
    text = render_shape("html", shaped.tree)
    assert shaped.untrusted and shaped.tree["title"] == "Perl Examples"
    assert "Hello World" in text and "/cgi-bin/hello.pl" in text and "<li>" not in text


def test_plain_text_is_text_as_it_is() -> None:
    shaped = read_shape("Your messaging app cannot send MMS messages.")
    assert shaped.name == "text" and shaped.tree == "Your messaging app cannot send MMS messages."


def test_windows_line_ends_are_read_as_plain_line_ends() -> None:
    shaped = read_shape(FILE_VIEW.replace("\n", "\r\n"))
    assert shaped.name == "file_view" and render_shape("file_view", shaped.tree) == FILE_VIEW
