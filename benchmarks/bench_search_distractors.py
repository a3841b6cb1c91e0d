"""Search quality with distractor chunks added: does a labelled estate's ranking hold at scale?

    .venv/bin/python benchmarks/bench_search_distractors.py --home DIR [--estate a]
        [--queries PATH] [--distractors 10000,100000]

DIR is a home `bench_search_quality.py --home DIR` built (and keeps). Every labelled query is
asked through MCP `search_documents` as bench_search_quality asks it, first on the home as it
is, then, for each size, on a copy of it with that many distractor chunks added through the
product's own path: rows in Postgres (a `distractors` source, one source object per four
chunks, readable by everyone, so the caller's permission filter keeps them), embedded by the
configured model, and applied to LanceDB and Tantivy by the index updater from the
`chunk_changes` feed, as the index stage's writes are. The distractors are generated legal
filler in German (60%) and English (the retrieval tests' vocabulary: Vertrag, Kündigung,
Haftung, liability, termination, ...), in documents of 4 chunks with types, dates and
languages like an estate's. Printed: R@10 / nDCG@10 per group for each size, and the change
against the home as it is (issue 14's bound: at most -0.02 nDCG@10 at 100k).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_knowledge  # noqa: E402
import bench_search_quality as quality  # noqa: E402

from knowledge_index_tests.retrieval.corpus import synthetic_text  # noqa: E402
from knowledge_index_tests.retrieval.search_quality import load_queries, score_runs  # noqa: E402

CHUNKS_PER_DOCUMENT = 4
# Ontology types with the title words an estate gives them: the filler is typed as real
# documents are, so a query naming a type (SearchConfig.type_bonus) lifts filler of that type
# too (until session 17 the filler carried bare words like "letter", which no query names).
TYPES = (
    ("correspondence.letter", "Letter"),
    ("correspondence.letter", "Schreiben"),
    ("correspondence.email", "E-Mail"),
    ("correspondence.memo", "Memo"),
    ("contract.supply_agreement", "Supply Agreement"),
    ("contract.lease", "Mietvertrag"),
    ("contract.services_agreement", "Dienstleistungsvertrag"),
    ("finance.invoice", "Rechnung"),
    ("court.statement_of_claim", "Klage"),
)


def add_distractors(home: Path, n: int, seed: int = 11) -> float:
    """`n` distractor chunks into the home's Postgres and search index; seconds taken."""
    from sqlalchemy import text

    from knowledge_index.db import get_engine
    from knowledge_index.retrieval.chunk_store import log_change
    from knowledge_index.retrieval.embeddings import embedder_for
    from knowledge_index.retrieval.records import make_chunk_id
    from knowledge_index.retrieval.sync import update_index

    t0 = time.monotonic()
    with quality.product_settings(home) as settings:
        engine = get_engine(settings)  # type: ignore[arg-type]
        model = settings.retrieval.embedding_model  # type: ignore[attr-defined]
        rng = random.Random(seed)
        texts = [synthetic_text(rng, rng.randrange(60, 160)) for _ in range(n)]
        vectors = embedder_for(model).embed(texts)
        with engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO sources (id, kind, root) VALUES ('distractors', 'folder',"
                    " '/srv/distractors') ON CONFLICT DO NOTHING"
                )
            )
            for d in range(0, n, CHUNKS_PER_DOCUMENT):
                doc = f"distractor-{d // CHUNKS_PER_DOCUMENT:06d}"
                version = f"{doc}@{d:016x}"
                path = f"Archiv/{rng.randrange(400):03d}/{doc}.docx"
                conn.execute(
                    text(
                        "INSERT INTO source_objects (id, source_id, external_id, path,"
                        " content_hash, acl, partition_registered) VALUES (:id, 'distractors',"
                        " :p, :p, :h, :acl, true)"
                    ),
                    {
                        "id": doc,
                        "p": path,
                        "h": f"{d:016x}" + "0" * 48,
                        "acl": json.dumps({"allow": ["*"], "deny": []}),
                    },
                )
                kind, title = rng.choice(TYPES)
                language = "de" if rng.random() < 0.6 else "en"
                when = dt.date(2018, 1, 1) + dt.timedelta(days=rng.randrange(2500))
                for ordinal in range(min(CHUNKS_PER_DOCUMENT, n - d)):
                    i = d + ordinal
                    conn.execute(
                        text(
                            "INSERT INTO chunks (chunk_id, source_object_id, version_id,"
                            " content_hash, ordinal, text, title, path, doc_type, status,"
                            " language, doc_date, allowed_principals, denied_principals,"
                            " embedding, embedding_model) VALUES (:c, :o, :v, 'x', :n, :t,"
                            " :title, :p, :k, 'final', :l, :d, ARRAY['*'], ARRAY[]::text[],"
                            " CAST(:e AS vector), :m)"
                        ),
                        {
                            "c": make_chunk_id(version, ordinal),
                            "o": doc,
                            "v": version,
                            "n": ordinal,
                            "t": texts[i],
                            "title": f"{title} {d // 4}",
                            "p": path,
                            "k": kind,
                            "l": language,
                            "d": when,
                            "e": "[" + ",".join(f"{x:.7g}" for x in vectors[i]) + "]",
                            "m": model,
                        },
                    )
                log_change(conn, doc, "replace")
        update_index(engine, settings)  # type: ignore[arg-type]
        engine.dispose()
    return time.monotonic() - t0


def _copy_home(home: Path, to: Path) -> Path:
    bench_knowledge._ki(home, "db", "stop")
    # `cp -a`, not shutil: the data folder belongs to the server's own user (the embedded
    # server does not run as root), and ownership must survive the copy.
    subprocess.run(["cp", "-a", str(home), str(to)], check=True)
    shutil.rmtree(to / "run", ignore_errors=True)  # the original's warm search socket
    return to


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, required=True)
    parser.add_argument("--estate", default="a", choices=sorted(bench_knowledge.ESTATES))
    parser.add_argument("--queries", type=Path)
    parser.add_argument("--distractors", default="10000,100000")
    parser.add_argument(
        "--keep", type=Path, help="keep each size's home here (DIR/home-<size>), for profiling"
    )
    args = parser.parse_args()
    estate = bench_knowledge.ESTATES[args.estate]
    queries = load_queries(args.queries or next(estate.folder.rglob("queries.json"))).queries
    type_map = bench_knowledge.type_map(estate.types)

    def ask(home: Path) -> dict:
        runs, latencies, _ = quality.mcp_runs(
            home, queries, lambda m: quality.FilterMapper(m, type_map)
        )
        print(f"  MCP {quality._latency(latencies)}", flush=True)
        return score_runs(queries, runs, quality.K)

    print(f"{len(queries)} queries on {args.home}", flush=True)
    scored = {"as built": ask(args.home)}
    for size in [int(s) for s in args.distractors.split(",")]:
        with tempfile.TemporaryDirectory(prefix="ki-distract-") as tmp:
            where = args.keep / f"home-{size}" if args.keep else Path(tmp) / "home"
            where.parent.mkdir(parents=True, exist_ok=True)
            copy = _copy_home(args.home, where)
            seconds = add_distractors(copy, size)
            print(f"+{size} distractor chunks added in {seconds:.0f} s", flush=True)
            scored[f"+{size:,} chunks"] = ask(copy)
            bench_knowledge._ki(copy, "db", "stop")
    print("\nR@10 / nDCG@10 (document results, through MCP)\n")
    print(quality.table(scored))
    base = scored["as built"]
    for name, score in scored.items():
        if name == "as built":
            continue
        worst = min(score, key=lambda key: score[key].ndcg - base[key].ndcg)
        print(
            f"{name}: all nDCG@10 {score['all'].ndcg - base['all'].ndcg:+.3f},"
            f" R@10 {score['all'].recall - base['all'].recall:+.3f};"
            f" worst group {worst} nDCG {score[worst].ndcg - base[worst].ndcg:+.3f}"
        )


if __name__ == "__main__":
    main()
