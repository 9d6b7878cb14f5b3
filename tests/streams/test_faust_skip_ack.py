"""Two faust record losses after a SIGKILL (streams/faust_app.py, corrections 6 and 7), unit
tests of the one method each, without a broker.

The worker never acks a message no stream took (``RewindingConsumer.ack``), tested through
faust's own ``Message.ack`` and ``Consumer.ack`` with the consumer's bookkeeping set up by hand.

faust's stream skips a message it takes while the flow is stopped for a rebalance (or one of an
older generation) and acks it all the same; the revoke's commit then moved past a record that
was never processed (a fragment committed with no snapshot after a SIGKILL, ~2 runs in 15 of
tests/streams/test_pipeline_kafka.py). A skipped message is exactly one the stream did not mark
``tracked``: that is what the ack is refused on.

A poll's records go on per partition only in fetched order (``InOrder``): faust skips a record
of a partition paused at that instant, hands on its later ones once resumed, and its gap logic
then counts the skipped offsets done (two consecutive raw records committed with no fragment).
"""

from __future__ import annotations

from collections import defaultdict
from types import SimpleNamespace

from faust.types import TP
from faust.types.tuples import ConsumerMessage
from intervaltree import IntervalTree

from obsline.streams.faust_app import InOrder, RewindingConsumer, first_dropped

TOPIC = "obsline.fragments"


def _consumer() -> RewindingConsumer:
    consumer = RewindingConsumer.__new__(RewindingConsumer)  # faust's bookkeeping only, no transport
    consumer.app = SimpleNamespace(topics=SimpleNamespace(acks_enabled_for=lambda topic: True))  # type: ignore[assignment]
    consumer._committed_offset = defaultdict(lambda: None, {TP(TOPIC, 2): 28})  # type: ignore[assignment]
    consumer._acked = defaultdict(list)  # type: ignore[assignment]
    consumer._acked_index = defaultdict(set)  # type: ignore[assignment]
    consumer._gap = defaultdict(IntervalTree)  # type: ignore[assignment]
    consumer._unacked_messages = set()  # type: ignore[assignment]
    consumer._n_acked = 0
    consumer._waiting_for_ack = None
    consumer.in_transaction = False  # at_least_once
    return consumer


def _message(offset: int, taken: bool) -> ConsumerMessage:
    message = ConsumerMessage(TOPIC, 2, offset, 0.0, 0, None, b"task-2", b"{}", None)
    message.incref()  # delivered to one stream
    message.tracked = taken  # what faust's stream sets when it takes the message for processing
    return message


def test_a_message_the_stream_skipped_is_not_acked_so_no_commit_passes_it():
    consumer = _consumer()
    skipped = _message(28, taken=False)
    assert skipped.ack(consumer) is False
    assert consumer._acked[TP(TOPIC, 2)] == []  # the commit stays at 28: the record is read again
    assert consumer._new_offset(TP(TOPIC, 2)) is None


def test_a_message_the_stream_took_is_acked_and_committable():
    consumer = _consumer()
    for offset in (28, 29):
        assert _message(offset, taken=True).ack(consumer) is True
    assert consumer._new_offset(TP(TOPIC, 2)) == 30


def _fetched(*offsets: int) -> dict:
    return {TP(TOPIC, 3): [SimpleNamespace(offset=o) for o in offsets]}


def test_a_poll_goes_on_per_partition_only_in_fetched_order_and_the_skipped_are_sought_back():
    # faust skipped record 10 of partition 3 (paused at that instant) and yields 11, 12 once it
    # is resumed: none of them goes on, and the seek back starts at 10 (faust's gap logic would
    # have counted 10 done and committed past it)
    fetched = _fetched(9, 10, 11, 12)
    in_order, delivered = InOrder(fetched), {}
    for offset in (9, 11, 12):
        if in_order.take(TP(TOPIC, 3), offset):
            delivered[TP(TOPIC, 3)] = offset
    assert delivered == {TP(TOPIC, 3): 9}
    assert first_dropped(fetched, delivered) == {TP(TOPIC, 3): 10}


def test_a_poll_handed_on_in_order_is_delivered_whole():
    in_order = InOrder(_fetched(9, 10, 11))
    assert all(in_order.take(TP(TOPIC, 3), o) for o in (9, 10, 11))
    assert in_order.take(TP(TOPIC, 1), 5)  # a partition the poll did not show: left to faust


def test_at_least_once_no_commit_passes_a_record_never_acked_at_the_head_and_it_is_sought_back():
    # committed 28: record 28 was skipped (never acked), 29 and 30 were; faust would commit 31
    consumer = _consumer()
    consumer.in_transaction = False
    for offset in (29, 30):
        assert _message(offset, taken=True).ack(consumer) is True
    assert consumer._new_offset(TP(TOPIC, 2)) is None
    assert consumer._holes == {TP(TOPIC, 2): 28}  # getmany seeks back there


def test_exactly_once_keeps_fausts_tolerance_of_a_marker_at_the_head():
    consumer = _consumer()
    consumer.in_transaction = True  # offset 28 may be a transaction marker: faust's rule stands
    for offset in (29, 30):
        _message(offset, taken=True).ack(consumer)
    assert consumer._new_offset(TP(TOPIC, 2)) == 31


def test_a_hole_that_stays_after_a_few_seeks_back_is_left_to_fausts_rule():
    # no record at 28 any more (the log start moved past it): the commit must not stall for ever
    consumer = _consumer()
    for offset in (29, 30):
        _message(offset, taken=True).ack(consumer)
    results = [consumer._new_offset(TP(TOPIC, 2)) for _ in range(4)]
    assert results == [None, None, None, 31]
