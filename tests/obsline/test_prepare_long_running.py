"""A worker builds the secret readers' Hyperscan database at its start, not at its first long page
(session 25: the first long page of a process paid ~1.1 s, the first pass of `bench compare`)."""

from __future__ import annotations

import gc
import importlib
import sys

from obsline import pipeline

# Imported at collection, as tests/integrations/mcp/test_bounds.py does: the SDK's stdio client binds
# its errlog (sys.stderr) when first imported, and a test's captured stderr has no fileno.
from obsline.integrations.mcp.gateway import Gateway
from obsline.integrations.mcp.upstream import UpstreamConfig

secrets = importlib.import_module("obsline.adapters.secrets")


def test_a_long_running_process_builds_the_readers_database_at_its_start() -> None:
    secrets._READERS.cache_clear()
    thresholds = gc.get_threshold()
    try:
        pipeline.prepare_long_running()
        assert secrets._READERS.cache_info().currsize == 1
        assert gc.get_threshold()[0] == pipeline.GC_GEN0  # the collector's settings too
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def test_both_engines_start_with_it() -> None:
    for module in ("obsline.streams.worker", "obsline.streams.batch"):
        source = importlib.import_module(module).__file__
        assert source is not None
        text = open(source, encoding="utf-8").read()
        assert "prepare_long_running()" in text and "tune_gc()" not in text, module


def _counting(monkeypatch) -> list[int]:  # type: ignore[no-untyped-def]
    """The readers' database replaced by a counter of its builds (what each entry point builds)."""
    built: list[int] = []
    monkeypatch.setattr(secrets, "_READERS", lambda: built.append(1))
    return built


def test_the_middleware_builds_the_readers_database_when_it_is_made(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from obsline.integrations.langchain import ObslineMiddleware

    built = _counting(monkeypatch)
    ObslineMiddleware()
    assert built, "the first long result would build it (~1.1 s)"


def test_replay_builds_the_readers_database_before_its_first_record(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from obsline.cli import main

    built = _counting(monkeypatch)
    thresholds = gc.get_threshold()
    empty = tmp_path / "in.jsonl"
    empty.write_text("")
    try:
        assert main(["replay", str(empty), "--out", str(tmp_path / "out.jsonl")]) == 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
    assert built, "replay of an input with no long page never built it before"


async def test_the_gateway_builds_the_readers_database_at_its_start(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """In-process gateway over the SDK's stdio upstream (as tests/integrations/mcp/test_bounds.py)."""
    built = _counting(monkeypatch)
    gateway = await Gateway([UpstreamConfig("orders", f"{sys.executable} -m bench.mcp_memory_server")],
                            tmp_path / "store").start()
    try:
        assert built, "its first long result would build it (~1.1 s)"
    finally:
        await gateway.close()
