"""fresh-6's two halves: a fixed rule, each source in one half whatever its placement."""

from collections import defaultdict

from tests.adapters.corpora import fresh6


def test_the_split_is_the_written_rule() -> None:
    import hashlib
    for key in ("pgpass line", "sshpass -p", "age public key"):
        odd = hashlib.sha256(("fresh6/" + key).encode()).digest()[0] % 2
        assert fresh6.half(key) == (fresh6.HELD_OUT if odd else fresh6.TUNE)


def test_every_source_sits_in_one_half_and_both_halves_hold_cases() -> None:
    halves = defaultdict(set)
    for case in fresh6.injection_cases():
        halves[case.source].add(case.part)
    for case in fresh6.secret_cases():
        halves[case.fmt].add(case.part)
    assert all(len(parts) == 1 for parts in halves.values())
    parts = {p for ps in halves.values() for p in ps}
    assert parts == {fresh6.TUNE, fresh6.HELD_OUT}
