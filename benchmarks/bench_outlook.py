"""Outlook .msg and .pst throughput and worker memory, in the container pool the stage uses.

Run on demand: `.venv/bin/python benchmarks/bench_outlook.py [--docs N]`. The files are the
real Outlook test files (knowledge_index_tests/convert/outlook/). Rows:

- `.msg`: one .msg to an e-mail document (its attachments handed back as children).
- `.pst unpack`: one mailbox to its child mails; the rate counts mails, not files.
- `PST mail .eml`: one of the PST's child mails converted as the e-mail it is (what each
  child costs afterwards, attachments handed back as children again).

Each pool is warmed first; peak RSS is the largest a worker reached.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Run as a script: its folder is on the path, so the shared timing loop imports directly.
from bench_convert import timed

from knowledge_index.convert import ConvertOptions, convert_bytes, pst
from knowledge_index.convert.pool import ConversionPool

FILES = Path(__file__).resolve().parent.parent / "knowledge_index_tests" / "convert" / "outlook"


def bench(filename: str, data: bytes, workers: int, docs: int) -> tuple[float, float, int]:
    """Documents per second, peak worker RSS (MB), and children per document."""
    pool = ConversionPool(
        ConvertOptions(), workers=workers, convert_fn=convert_bytes, preload=False
    )
    return timed(pool, filename, data, workers, docs)


def _read(name: str) -> bytes:
    return (FILES / name).read_bytes()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--docs", type=int, default=100, help="documents per row")
    args = parser.parse_args()
    rows: list[tuple[str, str, bytes, int]] = [
        (".msg received, 1 attachment", "r.msg", _read("example_received_unicode.msg"), 1),
        (".msg embedded .msg + PDF", "e.msg", _read("attachment_msg_pdf.msg"), 1),
        (".msg HTML, 4 inline images", "i.msg", _read("attachment_msg_inlineImg.msg"), 1),
    ]
    if pst.available():
        for label, name in (
            ("4 mails", "testPST_variousBodyTypes.pst"),
            ("2 mails x 11 att.", "libyal_outlook.pst"),
        ):
            data = (FILES / name).read_bytes()
            mails = len(convert_bytes(data, name, ConvertOptions()).children)
            rows.append((f".pst unpack, {label}", "a.pst", data, mails))
        child = convert_bytes(
            (FILES / "libyal_outlook.pst").read_bytes(), "a.pst", ConvertOptions()
        ).children[0]
        rows.append(("PST mail .eml, 11 att.", "m.eml", child.data, 1))
    else:
        print("libpff-python not installed: PST rows skipped")
    head = ("input", "workers", "docs", "docs/s", "mails/s", "children", "peak RSS MB")
    print("{:<30} {:>7} {:>5} {:>8} {:>8} {:>8} {:>11}".format(*head))
    for label, filename, data, mails in rows:
        for workers in (1, 2):
            rate, peak, children = bench(filename, data, workers, args.docs)
            print(
                f"{label:<30} {workers:>7} {args.docs:>5} {rate:>8.1f} {rate * mails:>8.1f}"
                f" {children:>8} {peak:>11.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
