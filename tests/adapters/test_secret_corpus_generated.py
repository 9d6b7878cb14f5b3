"""The generated secret corpus (tests/adapters/corpora/secrets.py) through the real pipeline:
both parts, every format, and gitleaks' published rule list."""

from __future__ import annotations

from collections import Counter

import pytest

from obsline.adapters import secret_rules
from obsline.adapters.secrets import find_secrets
from tests.adapters.corpora import DEV, HELD_OUT
from tests.adapters.corpora.evaluate import secret_tally
from tests.adapters.corpora.secrets import PASSWORD_NAMES, cases

CASES = cases()


def test_the_corpus_is_large_and_varied() -> None:
    kinds = Counter(c.secret for c in CASES)
    assert kinds[True] >= 300 and kinds[False] >= 300
    assert len({c.fmt for c in CASES if c.secret}) >= 40 and len(PASSWORD_NAMES) >= 20
    assert Counter(c.part for c in CASES)[HELD_OUT] >= 150


@pytest.mark.parametrize(("part", "floor"), [(DEV, 1.0), (HELD_OUT, 0.97)])
def test_secrets_hidden_and_lookalikes_shown_on_each_part(part: str, floor: float) -> None:
    # held-out: formats never read while writing the rules; its figure is the one that predicts
    t = secret_tally((c for c in CASES if c.part == part), lambda c: c.fmt)["all"]
    assert t.hidden >= floor * t.secrets, [c.name for c in t.leaked]
    assert t.shown == t.lookalikes, [c.name for c in t.over_hidden]


def test_the_gitleaks_rules_load_and_keep_their_allowlists() -> None:
    assert len(secret_rules.RULES) >= 200 and secret_rules.SKIPPED <= 10
    assert [k for _, _, k in secret_rules.find("token glsa_51h1aw8eaGLbKTtuNTRY6qed4ks5Tmd7_b2d3ae3e")]
    assert not secret_rules.find("AKIAIOSFODNN7EXAMPLE")  # its own allowlist: the documented example
    assert secret_rules._scoped_flags(r"\b(p8e-(?i)[a-z0-9]{32})x") == r"\b(p8e-(?i:[a-z0-9]{32}))x"


@pytest.mark.parametrize("text", ["ui: Show password", "key AKIAIOSFODNN7EXAMPLE", "API_KEY=${API_KEY}",
                                  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHfDqN2o7FJ8sTqJ3kP0zq9XbW1r5m8c2V dana@host"])
def test_lookalikes_in_text_are_not_spans(text: str) -> None:
    assert not find_secrets(text)
