"""`python -m knowledge_index.mcp [--http HOST:PORT]`: the same server as `ki mcp`."""

from __future__ import annotations

import argparse
import sys

from knowledge_index.errors import ConfigError
from knowledge_index.mcp.serve import serve


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m knowledge_index.mcp")
    parser.add_argument("--http", metavar="HOST:PORT", help="serve streamable HTTP (JWT auth)")
    args = parser.parse_args(argv)
    try:
        serve(args.http)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
