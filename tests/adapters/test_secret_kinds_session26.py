"""The kinds of secret and look-alike fresh-8's tune half showed (session 26), each by its mechanism:
a protocol's sign-in in a transcript, key names in more languages (and every key word with its
pre-scan trigger), a secret-named object whose value slot holds the secret, a weak key qualified
as public by the word before it, a reference that names a secret."""

from __future__ import annotations

import json

import pytest

from obsline.adapters import secrets
from obsline.pipeline import Runner, Stages

PW = "Vq7rT2mXk9Lp_4zW"


def _seen(raw: str) -> str:
    line = json.dumps({"task_id": "t", "step_id": 0, "action_id": "a", "tool": "read_file", "raw": raw})
    return Runner(Stages.default()).process(line).observation.text


def _found(raw: str) -> list[str]:
    return [raw[s.start:s.end] for s in secrets.find_secrets(raw)]


@pytest.mark.parametrize("raw", [
    f"220 ready\n--> USER ops\n331 Password required\n--> PASS {PW}\n230 Logged in\n",
    f"+OK POP3 server ready\nUSER inbox\n+OK\nPASS {PW}\n+OK maildrop locked\n",
    f'* OK IMAP4rev1 ready\nA7 LOGIN ops@example.net "{PW}"\nA7 OK LOGIN completed\n',
    f"* OK ready\nx1 LOGIN ops {PW}\nx1 OK done\n",
])
def test_a_protocol_sign_in_is_hidden(raw: str) -> None:
    assert secrets.may_hold_secrets(raw)
    assert PW in _found(raw)
    assert PW not in _seen(raw)


def test_a_test_runners_pass_lines_are_no_sign_in() -> None:
    raw = "PASS  src/login.test.ts\nPASS  src/cart.test.ts (5.1 s)\nTests: 2 passed\n"
    assert _found(raw) == []


@pytest.mark.parametrize("name", ["tenimiafina", "kontrasenya", "Passwuert", "geslo", "lozinka", "kupuhipa", "erayga_sirta"])
def test_key_names_of_more_languages_are_read_and_pre_scanned(name: str) -> None:
    raw = f"[db]\nhost = 192.0.2.7\n{name} = {PW}\n"
    assert secrets.secret_key_kind(name) == "password"
    assert secrets.may_hold_secrets(raw)
    assert PW not in _seen(raw)


def test_every_key_word_that_names_a_key_alone_has_a_trigger() -> None:
    # (the words left out name a key only with another: "code" in "access_code", "psk" as "psk=")
    combined = {"密", "پاس", "sirri", "siri", "code", "zugangsc", "toegangsc", "acceso", "dostepu", "psk", "wpa", "cleapi", "机密"}
    missing = [w for w in secrets._KEY_WORDS if w not in combined and not any(t in w for t in secrets.TRIGGERS)]
    assert missing == []


def test_a_secret_named_objects_value_slot_is_hidden_in_text_and_tree() -> None:
    body = {"api_url": {"sensitive": False, "value": "https://api.example.net"},
            "admin_password": {"sensitive": True, "type": "string", "value": PW}}
    text = "$ terraform output -json\n" + json.dumps(body, indent=2)
    assert PW in _found(text)
    seen_text, seen_tree = _seen(text), _seen(json.dumps(body))
    assert PW not in seen_text and PW not in seen_tree
    assert "https://api.example.net" in seen_text and "https://api.example.net" in seen_tree


def test_a_key_qualified_as_public_is_shown_and_a_plain_weak_key_still_hidden() -> None:
    public = "Zk3q9XyT0bN2mW8vR5sL1aC7dE4fG6hJ2kM9pQ0rS3t="
    assert _found(f"peer:\n  public key: {public}\n  endpoint: 198.51.100.4:51820\n") == []
    assert public in _found(f"peer:\n  key: {public}\n")


def test_a_reference_that_names_a_secret_is_shown_a_dotted_password_is_not() -> None:
    assert _found('resource "x" "y" {\n  password = var.admin_password\n}\n') == []
    assert _found("SECRET_KEY = settings.SECRET_KEY\n") == []
    assert _found("password = blue7.horse\n") == ["blue7.horse"]
