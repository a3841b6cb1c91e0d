"""Entity settlement: the cost of one document's parties as the groups it joins grow.

    .venv/bin/python benchmarks/bench_entity_settlement.py [--sizes 1000,5000] [--window 200]

Every document names the firm's big client ("Kestrel Bidco GmbH", a third of them with its
HRB), its matter's counterparty (50 documents per matter, each filed in its matter) and one of
300 other companies, in the shapes extract_metadata records. Documents are resolved one after
another with `entities.resolve.resolve_parties`, each in its own transaction, as the stage
does; at each size
the last `--window` documents are timed: the client's mention group then holds `size`
mentions. Baseline, side by side in the same database: recording the same mentions without
settling them (`record_mentions` alone), which is what a first-come resolver's reads and writes
amount to at best. Runs in a private KI_HOME with its own embedded Postgres, deleted afterwards.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path


def _mentions(i: int, rng: random.Random) -> list[dict]:
    client = {"name": "Kestrel Bidco GmbH", "role": "client"}
    if i % 3 == 0:
        client["identifiers"] = {"hrb": "130456"}
    return [
        client,
        {"name": f"Gegenseite {i // 50:04d} Handels GmbH", "role": "counterparty"},
        {"name": f"Lieferant {rng.randrange(300):03d} AG", "role": "other"},
    ]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,5000")
    parser.add_argument("--window", type=int, default=200)
    args = parser.parse_args()
    sizes = sorted(int(s) for s in args.sizes.split(","))
    home = Path(tempfile.mkdtemp(prefix="ki-bench-settle-"))
    os.environ["KI_HOME"] = str(home)
    for key in [k for k in os.environ if k.startswith("KI_") and k != "KI_HOME"]:
        del os.environ[key]
    from sqlalchemy import text

    from knowledge_index.db import dispose_engines, get_engine
    from knowledge_index.entities.resolve import PartyMention, resolve_parties
    from knowledge_index.entities.settle import record_mentions
    from knowledge_index.migrations import migrate
    from knowledge_index.settings import load_settings

    rows = []
    try:
        settings = load_settings()
        engine = get_engine(settings)
        migrate(engine)
        rng = random.Random(7)
        total = sizes[-1] + args.window
        with engine.begin() as conn:
            conn.execute(text("INSERT INTO sources (id, kind, root) VALUES ('s', 'folder', '/x')"))
            conn.execute(
                text(
                    "INSERT INTO source_objects (id, source_id, external_id, path)"
                    " SELECT 'd' || lpad(g::text, 7, '0'), 's', g::text, g::text"
                    " FROM generate_series(0, :n) g"
                ),
                {"n": 2 * total},
            )
            # 50 documents per matter, as filed in matter folders.
            conn.execute(
                text(
                    "INSERT INTO matters (id, reference_number, reference_key, created_by)"
                    " SELECT 'm' || g, 'M-' || g, 'm' || g, 'import'"
                    " FROM generate_series(0, :n / 50) g"
                ),
                {"n": 2 * total},
            )
            conn.execute(
                text(
                    "INSERT INTO matter_assignments (source_object_id, matter_id, method)"
                    " SELECT 'd' || lpad(g::text, 7, '0'), 'm' || (g / 50), 'import'"
                    " FROM generate_series(0, :n) g"
                ),
                {"n": 2 * total},
            )
        done = 0
        for size in sizes:
            # Grow the group to `size` mentions, then time a window of documents on each side.
            while done < size:
                with engine.begin() as conn:
                    mentions = [PartyMention(**m) for m in _mentions(done, rng)]
                    resolve_parties(conn, settings, f"d{done:07d}", mentions)
                done += 1
            settle_ms, record_ms = [], []
            for j in range(args.window):
                mentions = [PartyMention(**m) for m in _mentions(done + j, rng)]
                t0 = time.perf_counter()
                with engine.begin() as conn:
                    resolve_parties(conn, settings, f"d{done + j:07d}", mentions)
                settle_ms.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                with engine.begin() as conn:
                    record_mentions(
                        conn, f"d{total + done + j:07d}", [m.model_dump() for m in mentions]
                    )
                record_ms.append((time.perf_counter() - t0) * 1000)
                with engine.begin() as conn:  # the baseline's rows must not grow the group
                    conn.execute(
                        text("DELETE FROM party_mentions WHERE source_object_id = :o"),
                        {"o": f"d{total + done + j:07d}"},
                    )
            done += args.window
            with engine.connect() as conn:
                entities = conn.execute(text("SELECT count(*) FROM entities")).scalar_one()
            rows.append(
                (
                    size,
                    entities,
                    statistics.median(settle_ms),
                    sorted(settle_ms)[int(0.95 * len(settle_ms)) - 1],
                    statistics.median(record_ms),
                )
            )
        dispose_engines()
    finally:
        try:
            from knowledge_index.dbadmin.server import stop

            stop(load_settings())  # the same fast shutdown as `ki db stop`
        except Exception as exc:  # report, still delete the folder
            print(f"could not stop the embedded server: {exc}", file=sys.stderr)
        shutil.rmtree(home, ignore_errors=True)
    print("| client group (mentions) | entities | settle p50 ms | settle p95 ms |", end="")
    print(" record only p50 ms (baseline) | ratio |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for size, entities, p50, p95, base in rows:
        print(f"| {size} | {entities} | {p50:.1f} | {p95:.1f} | {base:.1f} | {p50 / base:.1f}x |")


if __name__ == "__main__":
    main()
