"""adapters/secrets.py: key names, spans in text, the pre-scan, placeholders."""

from __future__ import annotations

import pytest

from obsline.adapters.secrets import (
    PLACEHOLDER,
    Hidden,
    find_secrets,
    hide_text,
    may_hold_secrets,
    placeholder,
    secret_key_kind,
)
from tests.adapters.secret_corpus import LOOKALIKES, SECRETS


@pytest.mark.parametrize(("key", "kind"), [
    ("password", "password"), ("DB_PASSWORD", "password"), ("db_pass", "password"), ("passphrase", "password"),
    ("client_secret", "secret"), ("x-api-key", "api_key"), ("apiKey", "api_key"), ("aws_secret_access_key", "api_key"),
    ("access_token", "token"), ("Authorization", "authorization"), ("Set-Cookie", "cookie"), ("sentry_dsn", "dsn"),
    ("private_key_id", "private_key"), ("session_id", "session"),
])
def test_secret_named_keys_by_pattern_any_case(key: str, kind: str) -> None:
    assert secret_key_kind(key) == kind


@pytest.mark.parametrize("key", [
    "token_type", "max_tokens", "input_tokens", "password_policy", "password_expired", "secret_name",
    "passengers", "authentication_status", "tokenizer", "keyboard", "primary_key", "PWD", "api_key_hint",
])
def test_names_about_a_secret_are_not_secret_keys(key: str) -> None:
    assert secret_key_kind(key) is None


def test_url_userinfo_hides_only_the_password() -> None:
    text, n = hide_text("postgres://user:pass@host/db")
    assert n == 1 and text.startswith("postgres://user:[secret:password#") and text.endswith("@host/db")


def test_header_value_runs_to_the_end_of_the_line() -> None:
    spans = find_secrets("X-Api-Key: abc def\nAccept: */*")
    assert [(s.start, s.end, s.kind) for s in spans] == [(11, 18, "api_key")]


def test_bearer_scheme_stays_visible_and_the_token_is_hidden() -> None:
    text, _ = hide_text("Authorization: Bearer tok_123456789abc")
    assert text.startswith("Authorization: Bearer [secret:")


def test_placeholder_depends_on_the_value_only() -> None:
    assert placeholder("token", "abc") == placeholder("token", "abc") != placeholder("token", "abd")
    assert PLACEHOLDER.fullmatch(placeholder("token", "abc"))


def test_hidden_keeps_each_value_by_digest_and_a_record_per_place() -> None:
    hidden = Hidden()
    a = hidden.add("a", "token", "v1")
    b = hidden.add("b.c", "token", "v1")
    assert a == b and len(hidden.records) == 2 and list(hidden.values.values()) == ["v1"]
    assert [r["path"] for r in hidden.records] == ["a", "b.c"]


@pytest.mark.parametrize("case", SECRETS, ids=lambda c: c.name)
def test_the_pre_scan_lets_every_secret_form_through(case) -> None:
    assert may_hold_secrets(case.raw)


def test_the_pre_scan_stops_most_lookalikes() -> None:
    stopped = sum(not may_hold_secrets(c.raw) for c in LOOKALIKES)
    assert stopped >= len(LOOKALIKES) // 2  # the cheap path: no per-value scan at all


def test_a_vendor_token_of_a_prefix_nobody_listed_is_hidden_by_its_shape() -> None:
    from obsline.adapters.secrets import may_hold_secrets

    token = "acme_" + "Qx7Lp2Vr9Tz4Wm8Kc3Nf6Hb1Jd5Gs0Ye"
    text = f"Deployed with {token} at 10:02."
    assert may_hold_secrets(text)
    assert [text[s.start:s.end] for s in find_secrets(text)] == [token]


def test_long_identifiers_and_placeholders_with_a_prefix_stay() -> None:
    for text in ("see test_handles_every_kind_of_secret_in_the_corpus_now", "sk_live_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                 "id: user_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "commit_9f86d081884c7d659a2feaa0c55ad015a3bf4f1b"):
        assert not [s for s in find_secrets(text) if s.kind == "token"], text
