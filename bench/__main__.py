"""python -m bench [inprocess|quality|compare|kafka ...]: run one benchmark, or the in-process ones."""

from __future__ import annotations

import importlib
import sys


def main() -> None:
    args = sys.argv[1:]
    names = [args.pop(0)] if args and not args[0].startswith("-") else ["quality", "inprocess"]
    for name in names:
        importlib.import_module(f"bench.{name}").main(args)


main()
