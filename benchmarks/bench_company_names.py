"""Company-name extraction on 100 KB of hostile text: linear, not quadratic.

Run on demand: `.venv/bin/python benchmarks/bench_company_names.py [--kb 100]`. Prints seconds
per input kind; the old patterns needed minutes for "legal forms between spaces" at 100 KB.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from knowledge_index.entities.names import find_mentions


def inputs(size: int) -> dict[str, str]:
    return {
        "capitals": "A" * size,
        "capital words": "Abcdefghij" * (size // 10),
        "legal forms between spaces": ("GmbH" + " " * 200) * (size // 204),
        "capitals between spaces": ("A" + " " * 1000) * (size // 1001),
        "hyphens": "A-" * (size // 2),
        "register words": ("Amtsgericht " * 3 + " " * 300 + ", ") * (size // 338),
        "contract prose": ("Die Müller Bau GmbH, Amtsgericht München HRB 12345, liefert. ")
        * (size // 63),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kb", type=int, default=100)
    args = parser.parse_args()
    for kind, text in inputs(args.kb * 1000).items():
        started = time.perf_counter()
        found = find_mentions(text)
        seconds = time.perf_counter() - started
        print(f"{kind:28} {len(text):>8} chars {seconds:8.3f} s {len(found):>6} names")


if __name__ == "__main__":
    main()
