"""Conversion throughput and worker memory per format, at 1 and 2 workers.

Run on demand: `.venv/bin/python benchmarks/bench_convert.py [--docs N]`. Worker start-up
(importing Docling/torch, loading OCR weights) is excluded: each pool is warmed first.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
# The sample generators live with the tests; the repo root makes them importable.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from knowledge_index.convert import ConvertOptions
from knowledge_index.convert.pool import ConversionJob, ConversionPool
from knowledge_index_tests.convert import samples


def _html() -> bytes:
    rows = "".join(f"<tr><td>Posten {i}</td><td>{i * 17}</td></tr>" for i in range(40))
    paras = "".join(f"<p>Absatz {i}: Die Gebühr für Müller ist fällig.</p>" for i in range(60))
    return f"<html><body><h1>Schriftsatz</h1>{paras}<table>{rows}</table></body></html>".encode()


def _pdf() -> bytes:
    line = "Der Beklagte schuldet die Gebühr gemäß Vertrag vom 1. März."
    return samples.make_text_pdf([[f"{line} ({page}.{n})" for n in range(35)] for page in range(5)])


LEGACY = os.path.join(os.path.dirname(samples.__file__), "legacy")


def _legacy(name: str) -> Callable[[], bytes]:
    # LibreOffice-written files (knowledge_index_tests/convert/legacy): soffice converts them to
    # OOXML inside the worker, a fresh profile per conversion, then the Docling path.
    return lambda: (Path(LEGACY) / name).read_bytes()


FORMATS: dict[str, tuple[str, Callable[[], bytes], int]] = {
    "DOCX": ("v.docx", samples.make_docx, 1),
    "HTML": ("s.html", _html, 1),
    "EML": ("m.eml", samples.make_eml, 1),
    "PDF (text layer, 5 p.)": ("s.pdf", _pdf, 1),
    "scanned page (OCR)": ("scan.pdf", lambda: samples.make_scanned_pdf(
        ["Invoice number 4711", "Payable within 30 days"]), 5),
    "DOC via LibreOffice": ("vertrag.doc", _legacy("vertrag.doc"), 5),
    "ODT via LibreOffice": ("vertrag.odt", _legacy("vertrag.odt"), 5),
}  # fmt: skip


def timed(
    pool: ConversionPool, filename: str, data: bytes, workers: int, docs: int
) -> tuple[float, float, int]:
    """Documents per second, peak worker RSS (MB) and children per document, after one
    warm-up conversion per worker (start-up and model loading are not counted)."""
    with pool:
        warm = [ConversionJob(key=f"w{i}", filename=filename, data=data) for i in range(workers)]
        children = 0
        for outcome in pool.run(warm):
            if outcome.error:
                raise outcome.error
            children = len(outcome.result.children) if outcome.result else 0
        jobs = [ConversionJob(key=str(i), filename=filename, data=data) for i in range(docs)]
        started = time.perf_counter()
        peak = 0.0
        for outcome in pool.run(jobs):
            if outcome.error:
                raise outcome.error
            peak = max(peak, outcome.worker_peak_rss_mb)
        elapsed = time.perf_counter() - started
    return docs / elapsed, peak, children


def bench(name: str, filename: str, data: bytes, workers: int, docs: int) -> tuple[float, float]:
    pool = ConversionPool(ConvertOptions(), workers=workers)
    rate, peak, _ = timed(pool, filename, data, workers, docs)
    return rate, peak


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--docs", type=int, default=40, help="documents per fast format")
    parser.add_argument("--only", default="", help="comma-separated format names (default all)")
    args = parser.parse_args()
    only = {n.strip() for n in args.only.split(",") if n.strip()}
    print(f"{'format':<24} {'workers':>7} {'docs':>5} {'docs/s':>8} {'peak RSS/worker MB':>19}")
    for name, (filename, make, divisor) in FORMATS.items():
        if only and name not in only:
            continue
        data = make()
        docs = max(2, args.docs // (divisor * 4)) if divisor > 1 else args.docs
        for workers in (1, 2):
            rate, peak = bench(name, filename, data, workers, docs)
            print(f"{name:<24} {workers:>7} {docs:>5} {rate:>8.2f} {peak:>19.0f}", flush=True)


if __name__ == "__main__":
    main()
