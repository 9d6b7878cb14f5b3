"""The codec: messages round-trip, and the snapshot shortcut writes the same bytes."""

from __future__ import annotations

from obsline.adapters.envelope import decode
from obsline.core import codec
from obsline.pipeline import Stages


def test_messages_round_trip_and_snapshot_shortcut_is_byte_identical(dev_lines):
    stages = Stages.default()
    align_state: dict = {}
    for line in dev_lines[:400]:
        env = decode(line)
        adapted = stages.adapt(env).adapted
        adapted_bytes = codec.encode(adapted)
        snapshot, align_state[env.task_id] = stages.align(adapted, align_state.get(env.task_id))
        assert codec.encode_snapshot(snapshot, adapted_bytes) == codec.encode(snapshot)
        again = codec.adapted_from(codec.decode(adapted_bytes))
        assert codec.encode(again) == adapted_bytes
        assert codec.encode(codec.snapshot_from(codec.decode(codec.encode(snapshot)))) == codec.encode(snapshot)
