"""fresh-6's to fresh-10's two halves: a fixed rule, each source in one half whatever its placement."""

import hashlib
from collections import defaultdict

import pytest

from tests.adapters.corpora import fresh6, fresh7, fresh8, fresh9, fresh10

PARTS = [(fresh6, "fresh6/", ("pgpass line", "sshpass -p", "age public key")),
         (fresh7, "fresh7/", ("msmtprc password", "zip -P", "bitcoin address")),
         (fresh8, "fresh8/", ("imap login", "pop3 pass", "etag header")),
         (fresh9, "fresh9/", ("vault token in env", "go sql.Open dsn", "commit hashes")),
         (fresh10, "fresh10/", ("redis-cli -a", "a-en-llama3", "jwks public key"))]


@pytest.mark.parametrize(("corpus", "prefix", "keys"), PARTS)
def test_the_split_is_the_written_rule(corpus, prefix: str, keys: tuple[str, ...]) -> None:
    for key in keys:
        odd = hashlib.sha256((prefix + key).encode()).digest()[0] % 2
        assert corpus.half(key) == (corpus.HELD_OUT if odd else corpus.TUNE)


@pytest.mark.parametrize(("corpus", "prefix", "keys"), PARTS)
def test_every_source_sits_in_one_half_and_both_halves_hold_cases(corpus, prefix: str, keys: tuple[str, ...]) -> None:
    halves = defaultdict(set)
    for case in corpus.injection_cases():
        halves[case.source].add(case.part)
    for case in corpus.secret_cases():
        halves[case.fmt].add(case.part)
    assert all(len(parts) == 1 for parts in halves.values())
    parts = {p for ps in halves.values() for p in ps}
    assert parts == {corpus.TUNE, corpus.HELD_OUT}
