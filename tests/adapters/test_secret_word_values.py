"""A field named like a token whose value is a word is a name, not a credential: the held-out
search corpus (bench/agent_corpus.py --kind search) showed a parser's debug output in a Rust book
(``semi_token: Some(``, ``struct_token: Struct``) hidden, and with the value every other "Struct"
of the page. Machine-made kinds (token, API key, session id) never hold a short word in a word's
case; a password may, so passwords stay hidden."""

from __future__ import annotations

import pytest

from obsline.adapters.secrets import hide_text, value_key_kind

DEBUG_OUTPUT = """DeriveInput {
    data: Struct(
        DataStruct {
            struct_token: Struct,
            fields: Unit,
            semi_token: Some(
                Semi
            )
        }
    ),
}"""


def test_a_parsers_debug_output_keeps_its_type_names() -> None:
    text, hidden = hide_text(DEBUG_OUTPUT)
    assert hidden == 0 and text == DEBUG_OUTPUT


@pytest.mark.parametrize(("key", "value"), [("next_token", "Struct"), ("api_key", "demo"), ("session_id", "none")])
def test_a_word_under_a_machine_made_name_is_shown(key: str, value: str) -> None:
    assert value_key_kind(key, value) is None


@pytest.mark.parametrize(("key", "value"), [("access_token", "pyLitTok99"), ("api_key", "AbCdEfGh12345678"),
                                            ("password", "Summer"), ("refresh_token", "r3freshM3n0w-xyz")])
def test_credentials_and_word_passwords_stay_hidden(key: str, value: str) -> None:
    assert value_key_kind(key, value) is not None
    assert value not in hide_text(f"{key}: {value}\n")[0]
