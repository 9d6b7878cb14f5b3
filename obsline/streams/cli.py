"""``obsline worker | publish | tail``: argparse sub-commands for the Kafka pipeline.

``obsline/cli.py`` calls :func:`add_commands` on its sub-parsers; each command sets
``func`` (``args.func(args) -> int``). Standalone: ``python -m obsline.streams.cli worker``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from typing import Any

import orjson

from obsline.streams.settings import Settings, local_broker

_CONN_HELP = "[env OBSLINE_BROKER (or OBSLINE_KAFKA_PORT) / OBSLINE_TOPIC_PREFIX]"


def _conn_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--broker", default=None, metavar="OBSLINE_BROKER",
                   help=f"bootstrap URL {_CONN_HELP}; default {os.environ.get('OBSLINE_BROKER') or local_broker()}")
    p.add_argument("--topic-prefix", dest="topic_prefix", default=None, metavar="OBSLINE_TOPIC_PREFIX",
                   help=f"topic prefix; default {os.environ.get('OBSLINE_TOPIC_PREFIX') or 'obsline.'}")


def _conn(args: argparse.Namespace) -> Settings:
    return Settings.from_env(broker=args.broker, topic_prefix=args.topic_prefix)


def no_broker(settings: Settings, exc: BaseException) -> int:
    """One line instead of a traceback when the broker is not there: what failed, what to set."""
    print(f"error UNAVAILABLE: no Kafka broker answers at {settings.bootstrap} ({type(exc).__name__}); "
          f"start one (make broker-start) or point at it with --broker / OBSLINE_BROKER "
          f"(OBSLINE_KAFKA_PORT for the local broker's port)", file=sys.stderr)
    return 2


def _guarded(settings: Settings, run: Any) -> int:
    from aiokafka.errors import KafkaConnectionError

    from obsline.streams.admin import TopicMismatch

    try:
        return int(run() or 0)
    except KafkaConnectionError as exc:
        return no_broker(settings, exc)
    except TopicMismatch as exc:
        print(f"error CONFLICT: {exc}", file=sys.stderr)
        return 2


# ------------------------------------------------------------------ commands
def cmd_worker(args: argparse.Namespace) -> int:
    from obsline.streams.worker import run

    try:
        settings = Settings.from_args(args)
    except ValueError as exc:  # a setting no worker should start with: say which, exit 2
        print(f"error INVALID_ARGUMENT: {exc}", file=sys.stderr)
        return 2
    return _guarded(settings, lambda: run(settings))


async def _publish(settings: Settings, path: str) -> int:
    """Send every line; a line that cannot be sent (too large for the producer or the broker,
    refused) is reported with its number and the rest of the file still goes. rc 1 if any failed."""
    from obsline.client import ObslineProducer

    n, failed = 0, 0
    pending: list[tuple[int, Any]] = []

    def report(lineno: int, exc: BaseException) -> None:
        nonlocal failed
        failed += 1
        print(f"{path}:{lineno}: not sent: {exc!r}", file=sys.stderr)

    async def settle(keep: int = 0) -> None:
        nonlocal n
        while len(pending) > keep:
            lineno, fut = pending.pop(0)
            try:
                await fut
                n += 1
            except Exception as exc:
                report(lineno, exc)

    stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    async with ObslineProducer(settings.broker, settings.topic_prefix, partitions=settings.partitions,
                               replication=settings.replication) as producer:
        try:
            for lineno, line in enumerate(stream, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    task = orjson.loads(line).get("task_id")
                except Exception:
                    task = None
                try:
                    fut = await producer.publish_bytes(line, key=task if isinstance(task, str) and task else None)
                except Exception as exc:  # e.g. MessageSizeTooLargeError, raised before sending
                    report(lineno, exc)
                    continue
                pending.append((lineno, fut))
                if len(pending) >= 10_000:  # bounded: settle the oldest as we go
                    await settle(keep=1_000)
            await producer.flush()
            await settle()
        finally:
            if stream is not sys.stdin.buffer:
                stream.close()
    print(f"published {n} records to {settings.topic('raw')}" + (f", {failed} lines not sent" if failed else ""),
          file=sys.stderr)
    return 1 if failed else 0


def cmd_publish(args: argparse.Namespace) -> int:
    settings = _conn(args)
    return _guarded(settings, lambda: asyncio.run(_publish(settings, args.file)))


async def _tail(settings: Settings, tasks: list[str] | None, as_json: bool, limit: int | None,
                from_beginning: bool, timeout: float | None) -> int:
    from obsline.client import ObservationConsumer
    from obsline.core import codec

    n = 0
    # overflow="block": a terminal slower than the topic makes the consumer wait, never drop
    async with ObservationConsumer(settings.broker, settings.topic_prefix, tasks=tasks or None,
                                   from_beginning=from_beginning, overflow="block",
                                   partitions=settings.partitions, replication=settings.replication) as consumer:
        it = consumer.__aiter__()
        while limit is None or n < limit:
            try:
                obs = await (asyncio.wait_for(it.__anext__(), timeout) if timeout else it.__anext__())
            except TimeoutError:
                break
            if as_json:
                sys.stdout.buffer.write(codec.encode_line(obs))
            else:
                sys.stdout.write(f"# {obs.task_id} step {obs.step_id} {obs.action_id} {obs.tool} "
                                 f"[{obs.status.value}, {obs.dedup.kind.value}]\n{obs.text}\n")
            sys.stdout.flush()
            n += 1
    return 0


def cmd_tail(args: argparse.Namespace) -> int:
    settings = _conn(args)
    try:
        return _guarded(settings, lambda: asyncio.run(_tail(settings, args.task, args.json, args.limit,
                                                             not args.latest, args.timeout)))
    except KeyboardInterrupt:
        return 0


# ---------------------------------------------------------------- registration
def add_commands(subparsers: Any) -> None:
    w = subparsers.add_parser(
        "worker", help="run a stream worker (raw -> fragments -> snapshots -> observations)",
        description="Run one obsline stream worker. Start more with the same --app-id to scale out "
                    "(up to --partitions workers share the load).")
    Settings.add_arguments(w)
    w.set_defaults(func=cmd_worker)

    p = subparsers.add_parser("publish", help="publish a JSONL file of raw envelopes to <prefix>raw")
    p.add_argument("file", metavar="FILE.jsonl", help="one envelope per line; - for stdin")
    _conn_args(p)
    p.set_defaults(func=cmd_publish)

    t = subparsers.add_parser("tail", help="print observations as they come")
    t.add_argument("--task", action="append", metavar="ID", help="only this task (repeatable)")
    t.add_argument("--json", action="store_true", help="print whole observations as JSON lines")
    t.add_argument("--limit", type=int, default=None, help="stop after N observations")
    t.add_argument("--latest", action="store_true", help="only new observations (default: from the beginning)")
    t.add_argument("--timeout", type=float, default=None, help="stop after N seconds without an observation")
    _conn_args(t)
    t.set_defaults(func=cmd_tail)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="obsline")
    add_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    raise SystemExit(main())
