"""The Faust app class the workers run: faust.App with eight corrections for this pipeline.

1. Rewind partitions that were never committed (a record-loss fix). During a rebalance Faust
   drops records it has already taken from aiokafka's fetch buffer (on a generation change,
   while flow is stopped, for a partition paused for recovery) and counts on seeking every
   partition back to its committed offset afterwards. aiokafka's ``seek_to_committed`` only
   moves partitions whose committed offset is > 0, so on a partition nobody has committed
   yet (a worker SIGKILLed before its first commit there) the position stays after the
   dropped records: they are never processed, and with no new input the partition looks
   stalled. Seen in tests/streams/test_pipeline_kafka.py's SIGKILL test: the new owner of a
   partition had consumed it to the end without delivering a single record to its agents.
   Here such partitions go back to the earliest offset, which is what the group's
   ``auto_offset_reset=earliest`` means for a partition without a committed offset;
   a record processed twice repeats its stored observation (streams/topology.py).
2. Seek back to records faust fetched and dropped (the same mechanism, a rarer timing): a
   record that arrives while a rebalance is finishing can be taken from aiokafka and dropped
   after Faust's final seek, so nothing brings it back (the last record of the SIGKILL test
   missing for good in 2 of 10 runs). ``RewindingConsumer.getmany`` sees which fetched records
   it did not hand on and seeks back to the first of them at once; ``DropWatch`` is the
   fallback for a stream skipping an old-generation message, and since it compares positions
   with the offsets streams actually took (``TakenOffsets``), a slow commit no longer looks
   like a drop. Also: the rewind of (1) seeks to explicit offsets, never leaving a partition
   "awaiting reset", which faust's livelock check turned into an AssertionError at start-up.
3. Observations and dead letters belong to raw's topic group (the exactly-once producer
   picks its transaction by topic group; see ``ObslineAssignor``).
4. A larger changelog buffer (``PRODUCER_BUFFER_MAX``).
5. A commit waits until the changelog buffer is empty (``DrainingProducer``): faust's buffer
   flush gives up after 0.1 s without a send, so on a busy worker offsets could be committed
   before the table writes of the records they cover were sent, and a SIGKILL then lost those
   writes for good (the records are never replayed).
6. A message a stream skips is not acked (``RewindingConsumer.ack``; the record lost after a
   SIGKILL in ~2 runs of 15). faust's stream skips a message it takes while flow control is
   suspended (a rebalance began: the revoke stops the flow, then commits) or that was
   delivered in an older generation, and acks it as if processed: the revoke's commit then
   moved past it, and nobody read it again. Seen on the real broker: a fragment committed
   (``fragments`` offset past it) with no snapshot, dead letter or observation, one record.
7. A poll's records go on per partition only in fetched order (``InOrder``): faust skips a
   record of a partition paused at that instant and hands on the later ones once it is
   resumed; its gap logic then counted the skipped offsets done.
8. Under at_least_once no commit passes an offset not acked (``RewindingConsumer._new_offset``,
   ``_add_gap``): faust counts offsets it did not see as done (gaps, for transaction markers)
   and commits past a one-offset hole at the head of the acked ones; on these topics such an
   offset is a record skipped, which is sought back to instead (one raw record lost so).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Collection, Mapping
from typing import Any, cast

import faust
from aiokafka import AIOKafkaConsumer, TopicPartition
from faust.assignor import PartitionAssignor
from faust.sensors import Sensor
from faust.transport.drivers import aiokafka as aiokafka_driver
from faust.transport.producer import ProducerBuffer
from mode.utils.aiter import aiter
from mode.utils.futures import notify

log = logging.getLogger("obsline.streams")

#: faust's changelog buffer makes the stream wait, message by message, whenever more than
#: ``ProducerBuffer.max_messages`` (100, not a setting) table writes are queued; with a few
#: table writes per record that throttled the worker to ~300 records/s (docs/benchmarks.md).
PRODUCER_BUFFER_MAX = 20_000


async def seek_to_committed_or_earliest(consumer: AIOKafkaConsumer, keep: Collection[str] = ()
                                        ) -> dict[TopicPartition, int | None]:
    """``consumer.seek_to_committed()``, and the assigned partitions without a committed offset
    (or with 0) back to the earliest offset, except those of the ``keep`` topics."""
    committed = await consumer.seek_to_committed()
    never_committed = [tp for tp, offset in committed.items() if not offset and tp.topic not in keep]
    if never_committed:
        log.debug("rewinding %d partitions without a committed offset to the earliest offset: %s",
                 len(never_committed), ", ".join(sorted(f"{tp.topic}:{tp.partition}" for tp in never_committed)))
        # An explicit offset, not seek_to_beginning: that one leaves the partition "awaiting
        # reset" (position None) until the fetcher gets to it, and faust's livelock check reads
        # the position meanwhile (aiokafka's ``assert self._position is not None``: the worker
        # exited at group formation in 6 of 10 two-worker runs).
        earliest = await consumer.beginning_offsets(never_committed)
        assigned = consumer.assignment()
        for tp in never_committed:
            if tp in assigned:
                consumer.seek(tp, earliest[tp])
    return committed


class RewindingConsumerThread(aiokafka_driver.AIOKafkaConsumerThread):
    async def seek_to_committed(self) -> dict[TopicPartition, int | None]:  # type: ignore[override]
        # (faust declares Mapping[TP, int]; a partition never committed is None here, as in aiokafka)
        # Changelog positions belong to table recovery, which seeks them itself.
        changelogs = frozenset(self.app.tables.changelog_topics)
        return await self.call_thread(seek_to_committed_or_earliest, self._ensure_consumer(), changelogs)

    async def positions(self, tps: Collection[Any]) -> dict[Any, int | None]:
        return await self.call_thread(self._positions, tps)

    async def _positions(self, tps: Collection[Any]) -> dict[Any, int | None]:
        consumer = self._ensure_consumer()
        assigned = consumer.assignment()
        return {tp: await consumer.position(tp) for tp in tps if tp in assigned}


Suspects = dict[Any, tuple[int, int]]  # partition -> (offset it starts from, position)


def confirm_drops(now: Suspects, before: Suspects) -> tuple[list[Any], Suspects]:
    """The partitions suspect at two looks in a row with the same offsets (nothing moved in
    between: dropped), and the ones to look at again."""
    confirmed = [tp for tp, seen in now.items() if before.get(tp) == seen]
    return confirmed, {tp: seen for tp, seen in now.items() if tp not in confirmed}


class TakenOffsets(Sensor):
    """The last offset a stream took, per partition (faust calls ``on_message_in`` when an
    agent's stream takes a message, after its own generation check)."""

    def __init__(self) -> None:
        super().__init__()
        self.last: dict[Any, int] = {}

    def on_message_in(self, tp: Any, offset: int, message: Any) -> None:
        if offset > self.last.get(tp, -1):
            self.last[tp] = offset


class DropWatch:
    """The fallback for drops ``RewindingConsumer`` cannot see (a stream skipping a message of
    an old generation): stream partitions whose fetched records no stream took, sought back.

    A partition is suspect when the consumer's position is past both its committed offset and
    the last offset a stream took (``TakenOffsets``), while no message of it is being
    processed (unacked) or waiting to be committed (acked), and the whole consumer has nothing
    in flight; the same position must be seen at two checks in a row (``check`` runs on a
    timer). Without the taken offsets, a commit slower than the check interval (faust's
    "Timer commit is overlapping") made a healthy worker look suspect: acked offsets are
    cleared when a commit starts, the committed one is updated when it ends, and the seek back
    replayed hundreds of records with no kill. The drops happen around rebalances, so it only
    looks during ``window`` seconds after each assignment.
    """

    def __init__(self, app: faust.App, window: float = 60.0) -> None:
        self.app, self.window = app, window
        self._suspect: Suspects = {}
        self._assigned_at = time.monotonic()
        self.taken = TakenOffsets()
        app.sensors.add(self.taken)

    def assigned(self) -> None:
        """Partitions were (re)assigned: watch for drops again."""
        self._assigned_at = time.monotonic()
        self.taken.last.clear()  # positions go back to the commits: offsets taken before say nothing

    async def check(self) -> list[Any]:
        # faust's concrete Consumer: the ConsumerT protocol declares none of the internals read here
        app, consumer = self.app, cast(Any, self.app.consumer)
        tables = cast(Any, app.tables)  # (its recovery too)
        if time.monotonic() - self._assigned_at > self.window:
            return []
        if app.rebalancing or not tables.recovery.completed.is_set() or not consumer.flow_active \
                or consumer._unacked_messages:  # noqa: SLF001 - faust has no public view of these
            self._suspect.clear()
            return []
        changelogs = app.tables.changelog_topics
        tps = [tp for tp in consumer.assignment()
               if tp.topic not in changelogs and not consumer._acked.get(tp)]  # noqa: SLF001
        positions = await consumer._thread.positions(tps)  # noqa: SLF001 - one trip to the consumer thread
        starts = {tp: consumer._committed_offset.get(tp) for tp in tps if positions.get(tp)}  # noqa: SLF001
        never_committed = [tp for tp, committed in starts.items() if not committed]
        if never_committed:  # they start at the earliest offset (see RewindingConsumerThread)
            starts.update(await consumer.earliest_offsets(*never_committed))
        taken = self.taken.last
        # from the first record no stream took: the ones before it were (or are being) processed
        froms = {tp: max(start, taken.get(tp, -1) + 1) for tp, start in starts.items() if start is not None}
        suspect: Suspects = {tp: (start, positions[tp]) for tp, start in froms.items() if positions[tp] > start}
        confirmed, self._suspect = confirm_drops(suspect, self._suspect)
        for tp in confirmed:
            start, position = suspect[tp]
            log.warning("records %d-%d of %s:%d were fetched and dropped (faust rebalance race): seeking back",
                        start, position - 1, tp.topic, tp.partition)
            await consumer.seek(tp, start)  # also resets the read offset, so they are taken again
        return confirmed


def first_dropped(fetched: Mapping[Any, list[Any]], delivered: dict[Any, int]) -> dict[Any, int]:
    """Per partition, the first fetched offset that was not handed on (past the last delivered)."""
    out: dict[Any, int] = {}
    for tp, records in fetched.items():
        last = delivered.get(tp, -1)
        dropped = [r.offset for r in records if r.offset > last]
        if dropped:
            out[tp] = dropped[0]
    return out


class InOrder:
    """One poll's records, handed on per partition only in the order fetched: once faust skips
    one of a partition's records (the partition was paused at that instant; faust reads its
    live set of active partitions record by record while a rebalance pauses and resumes them),
    none of its later records of the poll goes on. Else faust's gap logic would mark the skipped
    offsets done (``Consumer._add_gap``, meant for transaction markers) and commit past them: two
    raw records lost so after a SIGKILL. The skipped ones are sought back to (``first_dropped``)."""

    def __init__(self, fetched: Mapping[Any, list[Any]], skip_topics: Collection[str] = ()) -> None:
        self.fetched, self.skip_topics = fetched, skip_topics  # changelogs: table recovery's own
        self.at: dict[Any, int | None] = {}  # partition -> index of the next record; None: stopped

    def take(self, tp: Any, offset: int) -> bool:
        records = self.fetched.get(tp)
        if records is None or tp.topic in self.skip_topics:
            return True
        i = self.at.get(tp, 0)
        if i is not None and i < len(records) and records[i].offset == offset:
            self.at[tp] = i + 1
            return True
        self.at[tp] = None
        return False


class RewindingConsumer(aiokafka_driver.Consumer):
    """faust's consumer, and the records its ``getmany`` takes from aiokafka but drops (flow
    stopped, generation changed, partition not active) are sought back to at once.

    faust counts on a later seek to the committed offset to bring dropped records back; a
    record taken after that seek was lost (the last one of a partition), or skipped by faust's
    gap logic once later records were acked. Here the drop itself is the signal: no guessing
    from positions (``DropWatch``), no seek unless a record was really dropped, and never
    forwards (a partition already sought back by faust stays where it is)."""

    _fetched: Mapping[Any, list[Any]] | None = None

    _holes: dict[Any, int] | None = None  # partition -> committed offset whose record was never acked
    _hole_tries: dict[tuple[Any, int], int] = {}  # (replaced, never mutated) the seeks back to the last hole

    async def _add_gap(self, tp: Any, offset_from: int, offset_to: int) -> None:
        # faust marks offsets it did not see as done, for transaction markers; at_least_once
        # stage topics have none, so an offset not seen is a record not processed (correction 8)
        if self.in_transaction:
            await super()._add_gap(tp, offset_from, offset_to)

    def _new_offset(self, tp: Any) -> int | None:
        """faust's committable offset, but under at_least_once never past a record not acked at
        the head: faust tolerates a one-offset hole there (for a transaction marker), so a
        skipped record was committed past (correction 8). The hole is sought back to."""
        if not self.in_transaction:
            acked, committed = self._acked[tp], self._committed_offset[tp]
            if acked and committed is not None and min(acked) > committed:
                tries = self._hole_tries.get((tp, committed), 0)
                if tries < HOLE_SEEKS:  # past that, no record there (deleted by retention): faust's rule
                    self._hole_tries = {**self._hole_tries, (tp, committed): tries + 1}  # holes are rare
                    self._holes = {**(self._holes or {}), tp: committed}
                    return None
        return super()._new_offset(tp)

    def ack(self, message: Any) -> bool:
        """faust's ack, except for a message no stream took (see correction 6 above): a stream
        that *skips* a message (flow stopped by a rebalance, or the message of an older
        generation) acks it anyway, and the commit that follows moves past a record never
        processed. Left unacked, it is read again from the committed offset."""
        if not message.tracked:  # set by the stream when it takes the message, after the skip check
            return False
        return super().ack(message)

    def _new_consumer_thread(self) -> aiokafka_driver.AIOKafkaConsumerThread:
        return RewindingConsumerThread(self, loop=self.loop, beacon=self.beacon)

    async def _wait_next_records(self, timeout: float) -> Any:
        records, active = await super()._wait_next_records(timeout)
        self._fetched = records
        return records, active

    async def getmany(self, timeout: float) -> Any:
        delivered: dict[Any, int] = {}
        in_order: InOrder | None = None
        async for tp, message in super().getmany(timeout):
            if in_order is None:  # _wait_next_records has run: the poll is known
                in_order = InOrder(self._fetched or {}, self.app.tables.changelog_topics)
            if not in_order.take(tp, message.offset):
                continue  # after a record faust skipped: it and the rest are read again (seek back)
            delivered[tp] = message.offset
            yield tp, message
        fetched, self._fetched = self._fetched, None
        dropped = first_dropped(fetched, delivered) if fetched else {}
        holes, self._holes = self._holes, None
        for tp, committed in (holes or {}).items():  # a record at the head never acked: read again
            dropped[tp] = min(dropped.get(tp, committed), committed)
        await self._seek_back(dropped)

    async def _seek_back(self, dropped: dict[Any, int]) -> None:
        if not dropped:
            return
        try:
            positions = await self._thread.positions(list(dropped))  # type: ignore[attr-defined]
            for tp, offset in dropped.items():
                position = positions.get(tp)
                if position is not None and position > offset:
                    log.info("records from %d of %s:%d were fetched and dropped by faust: seeking back",
                             offset, tp.topic, tp.partition)
                    await self.seek(tp, offset)
        except Exception:  # a rebalance took the partition meanwhile: its new owner reads from the commit
            log.debug("seek back after a drop failed", exc_info=True)


async def take_bursts(stream: Any, max_: int, within: float, pause: float) -> AsyncIterator[list[Any]]:
    """faust's ``Stream.take_events`` (a list of events at a time, each acked once the caller is
    done with the list), except where a list ends: at a pause in arrivals (no event for ``pause``
    seconds), when full, or ``within`` seconds after its first event; never while waiting
    for the first. ``take_events`` ends a list on a timer that runs from the end of the last
    one, so it cut a burst (the parallel results of one step, delivered ~0.1 ms apart) at a
    random place, and their order then depended on where; a pause falls between bursts. Built
    as ``take_events`` is: a processor fills the list while the stream is drained passively."""
    events: list[Any] = []
    arrived, full, consumed = asyncio.Event(), asyncio.Event(), asyncio.Event()
    consuming: asyncio.Future[None] | None = None  # set while the caller has a list: the drain waits
    loop = asyncio.get_running_loop()

    async def add(value: Any) -> Any:
        nonlocal consuming
        event = stream.current_event  # the value's event, read before anything else runs
        try:
            if consuming is not None:
                try:
                    await consuming
                finally:
                    consuming = None
            if event is None:
                raise RuntimeError("take_bursts found current_event is None")
            events.append(event)
            arrived.set()
            if len(events) >= max_:
                full.set()
                consumed.clear()
                await stream.wait(consumed)  # never more than max_ in a list
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.exception("error adding to the take: %r", exc)
            await stream.crash(exc)
        return value

    enable_acks, stream.enable_acks = stream.enable_acks, False  # acked here, once the caller is done
    stream.add_processor(add)
    stream._enable_passive(aiter(stream.channel))  # noqa: SLF001 - as take_events starts its drain
    try:
        while not stream.should_stop:
            await stream.wait_for_stopped(arrived)
            deadline = loop.time() + within
            while not full.is_set() and (left := deadline - loop.time()) > 0:
                arrived.clear()
                await stream.wait_for_stopped(arrived, timeout=min(pause, left))  # (add sets it when full too)
                if not arrived.is_set():
                    break  # a pause: the burst is in
            if not events:
                continue
            consuming = loop.create_future()
            taken = list(events)
            try:
                yield taken
            finally:
                events.clear()
                for event in taken:
                    await stream.ack(event)
                arrived.clear()
                full.clear()
                notify(consuming)
                consumed.set()
    finally:
        stream.enable_acks = enable_acks
        stream._processors.remove(add)  # noqa: SLF001


#: seeks back to one hole at the head of the acked offsets before faust's rule applies again
#: (the offset may hold no record: the log start moved past it under retention)
HOLE_SEEKS = 3


#: seconds a commit waits for a changelog buffer that sends nothing before it fails (and is retried)
DRAIN_STALL_SECONDS = 60.0


class DrainingProducer(aiokafka_driver.Producer):
    async def flush(self) -> None:
        # faust's ProducerBuffer.flush returns after 0.1 s without a send, messages still queued;
        # the consumer commits right after this flush (at-least-once), so drain it for real.
        since = time.monotonic()
        while self.buffer.size:
            if await self.buffer.flush_atmost(None):  # type: ignore[arg-type]  # (faust's code takes None: no limit)
                since = time.monotonic()
            elif time.monotonic() - since > DRAIN_STALL_SECONDS:  # a commit now would lose the writes
                raise RuntimeError(f"the changelog buffer sent nothing for {DRAIN_STALL_SECONDS:g} s "
                                   f"({self.buffer.size} queued)")
        await super().flush()


class Transport(aiokafka_driver.Transport):
    Consumer = RewindingConsumer
    Producer = DrainingProducer


class ObslineAssignor(PartitionAssignor):
    """faust's exactly-once producer picks a transaction by the topic group of the topic it
    sends to; observations and dlq are not consumed by the worker, so they belong to no
    group. They have the partition count and keys of raw: give them raw's group."""

    def group_for_topic(self, topic: str) -> int:
        try:
            return super().group_for_topic(topic)
        except KeyError:
            alias = getattr(self.app, "obsline_group_alias", {}).get(topic)
            if alias is None:
                raise
            return super().group_for_topic(alias)


class ObslineApp(faust.App):
    def __init__(self, *args: Any, group_alias: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, PartitionAssignor=ObslineAssignor, **kwargs)
        self.obsline_group_alias = group_alias or {}
        ProducerBuffer.max_messages = max(ProducerBuffer.max_messages, PRODUCER_BUFFER_MAX)

    def _new_transport(self) -> Transport:
        return Transport(self.conf.broker_consumer, self)


__all__ = ["PRODUCER_BUFFER_MAX", "take_bursts", "DrainingProducer", "DropWatch", "ObslineApp", "ObslineAssignor", "RewindingConsumer",
           "RewindingConsumerThread", "TakenOffsets", "first_dropped",
           "confirm_drops", "seek_to_committed_or_earliest"]
