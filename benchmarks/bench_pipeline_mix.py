"""Conversion's share of a whole `ki run` on a mixed folder (issue: convert benchmark).

Generates N files of mixed legal formats (DOCX, HTML, EML, plain text, text-layer PDF, CSV, a
few zips), syncs them and runs every built stage through Dagster exactly as `ki run` does, then
prints wall time per stage and convert's share. Uses a private KI_HOME (embedded Postgres).

    .venv/bin/python benchmarks/bench_pipeline_mix.py [--files 1000] [--workers 1]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def generate(root: Path, n: int, seed: int = 7) -> dict[str, int]:
    from knowledge_index_tests.convert import samples

    rng = random.Random(seed)
    words = [
        "Vertrag",
        "Kaufpreis",
        "Gewährleistung",
        "Haftung",
        "Kündigung",
        "Lieferung",
        "Zahlung",
        "agreement",
        "warranty",
        "liability",
        "termination",
        "delivery",
        "payment",
        "escrow",
    ]
    counts: dict[str, int] = {}
    for i in range(n):
        folder = root / f"Mandant-{i % 25:02d}" / f"Akte-{i % 7}"
        folder.mkdir(parents=True, exist_ok=True)
        body = " ".join(rng.choice(words) for _ in range(rng.randint(40, 400)))
        kind = rng.choices(
            ["docx", "html", "eml", "txt", "pdf", "csv", "zip"], weights=[20, 15, 20, 20, 15, 5, 5]
        )[0]
        name = folder / f"doc-{i:05d}.{kind}"
        if kind == "docx":
            name.write_bytes(samples.make_docx())
        elif kind == "html":
            name.write_text(
                f"<html><body><h1>Akte {i}</h1><p>{body}</p></body></html>", encoding="utf-8"
            )
        elif kind == "eml":
            name.write_bytes(samples.make_eml())
        elif kind == "txt":
            name.write_bytes(f"Notiz {i}: {body}".encode("cp1252", errors="replace"))
        elif kind == "pdf":
            name.write_bytes(
                samples.make_text_pdf(
                    [[f"Seite {p}: {body[:300]}"] for p in range(rng.randint(1, 4))]
                )
            )
        elif kind == "csv":
            name.write_text(
                "a,b,c\n" + "\n".join(f"{j},{rng.choice(words)},{j * 3}" for j in range(20)),
                encoding="utf-8",
            )
        else:
            name.write_bytes(samples.make_zip({f"inner-{i}.txt": body.encode()}))
        counts[kind] = counts.get(kind, 0) + 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="ki-bench-mix-"))
    os.environ.update(
        {
            "KI_HOME": str(work / "home"),
            "KI_CONVERT__WORKERS": str(args.workers),
            "HF_HUB_OFFLINE": "1",
            "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        }
    )
    os.environ.pop("KI_DATABASE_URL", None)
    try:
        counts = generate(work / "estate", args.files)
        from knowledge_index.cli.common import quiet_libraries

        quiet_libraries()
        from knowledge_index.db import get_engine
        from knowledge_index.migrations import migrate
        from knowledge_index.orchestration.driver import Driver
        from knowledge_index.settings import load_settings
        from knowledge_index.sources.registry import add_source

        settings = load_settings()
        engine = get_engine(settings)
        migrate(engine)
        with engine.begin() as conn:
            add_source(conn, "mix", work / "estate")
        driver = Driver(settings)
        t0 = time.monotonic()
        sync = driver.sync("mix")
        sync_s = time.monotonic() - t0
        summary = driver.run_until_idle()
        total = time.monotonic() - t0
        print(
            f"files: {args.files} ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))})"
            f"; convert workers: {args.workers}"
        )
        print(f"{'phase':<12}{'seconds':>10}{'share':>8}{'docs':>8}{'docs/s':>9}")
        rows = [("sync", sync_s, sync.created)]
        rows += [
            (s, summary.seconds_by_stage[s], summary.documents_by_stage[s])
            for s in summary.seconds_by_stage
        ]
        for name, secs, docs in rows:
            print(f"{name:<12}{secs:>10.1f}{secs / total:>8.1%}{docs:>8}{docs / secs:>9.1f}")
        print(f"{'total':<12}{total:>10.1f}{1:>8.0%}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
