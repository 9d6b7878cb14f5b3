"""A worker builds the secret readers' Hyperscan database at its start, not at its first long page
(session 25: the first long page of a process paid ~1.1 s, the first pass of `bench compare`)."""

from __future__ import annotations

import gc
import importlib

from obsline import pipeline

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
