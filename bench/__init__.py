"""Benchmarks behind docs/benchmarks.md (run: python -m bench [inprocess|quality|kafka])."""
