"""Search quality on a labelled estate: the product through MCP, each ranking list alone, fused,
and a plain file-level BM25 baseline, all in one invocation over the same converted files.

    .venv/bin/python benchmarks/bench_search_quality.py [--estate a] [--queries PATH]
        [--estate-dir PATH] [--home DIR [--rebuild-index]] [--grid NAME] [--show STYLE]

The estate is built as bench_knowledge builds it (fresh KI_HOME, `ki init`, `ki source add`,
`ki sync` through every stage); `--home DIR` reuses (or first creates) a kept home and re-syncs
it, so a ranking change is measured without rebuilding the estate. Then:

- `product`: every query asked through a real FastMCP client against the real server
  (`python -m knowledge_index.mcp`, stdio, identity from KI_MCP__PRINCIPALS), tool
  `search_documents`, limit 10, filters translated into the tool's filter object the way an agent
  would: a matter reference resolved through `list_matters`, an answer-key doc type through the
  ontology's labels (bench_knowledge.type_map), language and dates as given.
- `lexical`, `vectors`, `fused`: the same document search in process, with only the lexical lists
  (BM25 + identifiers), only vectors, or the shipped fusion (SearchConfig); `--grid NAME`
  adds the grid a setting was chosen on (fusion weights, field boosts, tie-breaker, related
  lift, ...).
- `bm25`: one Tantivy document per file (its converted text, default analyzer: simple tokenizer,
  lowercase; no stemming, no fields, no vectors), query words OR-ed, the same filters applied
  with the product's own document metadata (so the baseline is not penalised for filters).

A hit inside a container (an e-mail's attachment, `mail.eml!/x.pdf`) counts as its file.
`--queries`/`--estate-dir` score a held-out set the same way without anyone reading it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import bench_knowledge  # noqa: E402

from knowledge_index_tests.retrieval.search_quality import (  # noqa: E402
    LabelledQuery,
    QueryFilters,
    Score,
    load_queries,
    score_runs,
    table,
)

PRINCIPALS = ["user:bench"]
K = 10
Ranking = list[str]


def file_path(path: str) -> str:
    """A container member's hit is its container file's hit."""
    return path.split("!/", 1)[0]


def found_files(results: Iterable[tuple[str, Sequence[str]]]) -> list[str]:
    """The files a page of document results hands the caller, in rank order: each result's
    file (path, copies), then the byte-identical copies it stands for (an attachment's copy
    counts as its mail, as above); a file already found earlier is not counted twice."""
    seen: dict[str, None] = {}
    for path, copies in results:
        for each in (path, *copies):
            seen.setdefault(file_path(each), None)
    return list(seen)


def _fold(value: str) -> str:
    value = unicodedata.normalize("NFKD", value.casefold())
    return re.sub(r"[^a-z0-9]+", "", "".join(c for c in value if not unicodedata.combining(c)))


# -- filters -----------------------------------------------------------------------------------


class FilterMapper:
    """Answer-key filter values -> the product's filter object (as plain dict of lists)."""

    def __init__(self, matters: list[dict], type_map: dict[str, str]) -> None:
        self.matters = matters
        self.types: dict[str, list[str]] = {}
        for product_id, estate_id in type_map.items():
            self.types.setdefault(estate_id, []).append(product_id)

    def matter_ids(self, reference: str) -> list[str]:
        want = _fold(reference)
        exact = [m["matter_id"] for m in self.matters if _fold(m["reference"] or "") == want]
        if exact:
            return exact
        # "0388/23" is filed as "0388/23 KW": a written reference may carry the lawyer's suffix.
        return [
            m["matter_id"]
            for m in self.matters
            if m["reference"]
            and (_fold(m["reference"]).startswith(want) or want in _fold(m["title"]))
        ]

    def __call__(self, f: QueryFilters) -> dict | None:
        out: dict = {}
        if f.matter_reference:
            out["matter_ids"] = self.matter_ids(f.matter_reference)
        if f.doc_type:
            out["doc_types"] = sorted(self.types.get(f.doc_type, [f.doc_type]))
        if f.language:
            out["languages"] = [f.language]
        if f.date_from:
            out["date_from"] = f.date_from
        if f.date_to:
            out["date_to"] = f.date_to
        return out or None


# -- the product through MCP -------------------------------------------------------------------


# `--embedding-model`: the one KI_ setting the benchmark passes on to every part it starts.
MODEL_VARIABLE = "KI_RETRIEVAL__EMBEDDING_MODEL"
# `--reranker`: the MCP server's reranker stage.
RERANKER_VARIABLE = "KI_RETRIEVAL__RERANKER"


def _kept_settings() -> dict[str, str]:
    return {k: os.environ[k] for k in (MODEL_VARIABLE, RERANKER_VARIABLE) if k in os.environ}


def server_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("KI_")}
    env.update(_kept_settings())
    env.update(
        KI_HOME=str(home),
        KI_MCP__PRINCIPALS=json.dumps(PRINCIPALS),
        PYTHONPATH=str(ROOT),
        HF_HUB_OFFLINE="1",
        LITELLM_LOCAL_MODEL_COST_MAP="True",
    )
    return env


def mcp_runs(
    home: Path, queries: Sequence[LabelledQuery], mapper_from: Callable[[list[dict]], FilterMapper]
) -> tuple[dict[str, Ranking], list[float], FilterMapper]:
    import anyio
    from fastmcp import Client
    from fastmcp.client.transports import StdioTransport

    rankings: dict[str, Ranking] = {}
    latencies: list[float] = []
    holder: list[FilterMapper] = []

    async def main() -> None:
        transport = StdioTransport(
            sys.executable,
            ["-m", "knowledge_index.mcp"],
            env=server_env(home),
            log_file=home / "mcp-bench.log",
        )
        async with Client(transport, timeout=120) as client:
            listed = await client.call_tool("list_matters", {"limit": 100})
            matters = [
                {
                    "matter_id": m["matter_id"],
                    "reference": m["reference_number"],
                    "title": m["title"],
                }
                for m in listed.structured_content["matters"]
            ]
            mapper = mapper_from(matters)
            holder.append(mapper)
            for q in queries:
                args: dict = {"query": q.text, "limit": K}
                if (filters := mapper(q.filters)) is not None:
                    args["filters"] = filters
                t0 = time.perf_counter()
                result = await client.call_tool("search_documents", args, raise_on_error=False)
                latencies.append((time.perf_counter() - t0) * 1000)
                if result.is_error:
                    print(f"  {q.id}: tool error {result.content}", file=sys.stderr)
                    continue
                docs = result.structured_content["documents"]
                rankings[q.id] = found_files(
                    (d["citation"]["path"], d.get("copies", [])) for d in docs
                )

    anyio.run(main)
    return rankings, latencies, holder[0]


# -- in-process components ---------------------------------------------------------------------


@contextmanager
def product_settings(home: Path) -> Iterator[object]:
    kept = _kept_settings()
    for key in [k for k in os.environ if k.startswith("KI_")]:
        del os.environ[key]
    os.environ.update(kept, KI_HOME=str(home))
    from knowledge_index.settings import load_settings

    yield load_settings()


def component_runs(
    settings: object,
    queries: Sequence[LabelledQuery],
    mapper: FilterMapper,
    configs: dict[str, object],
) -> dict[str, dict[str, Ranking]]:
    from knowledge_index.db import get_engine
    from knowledge_index.retrieval.embeddings import embedder_for
    from knowledge_index.retrieval.filters import SearchFilters
    from knowledge_index.retrieval.search import DocumentSearchRequest, HybridSearcher
    from knowledge_index.retrieval.service import related_provider
    from knowledge_index.retrieval.sync import open_index

    related = related_provider(get_engine(settings))  # type: ignore[arg-type]
    index = open_index(settings)  # type: ignore[arg-type]
    embedder = embedder_for(settings.retrieval.embedding_model)  # type: ignore[attr-defined]
    vectors = {q.id: embedder.embed_query(q.text) for q in queries}
    out: dict[str, dict[str, Ranking]] = {}
    for name, config in configs.items():
        searcher = HybridSearcher(index, embedder, config)  # type: ignore[arg-type]
        runs: dict[str, Ranking] = {}
        started = time.perf_counter()
        for q in queries:
            mapped = mapper(q.filters)
            request = DocumentSearchRequest(
                query=q.text, filters=SearchFilters(**mapped) if mapped else None, limit=K
            )
            page = searcher.search_documents(
                request, PRINCIPALS, query_vector=vectors[q.id], related=related
            )
            # As the product answers: each result's file, then the copies it stands for.
            runs[q.id] = found_files((h.passages[0].payload.path, h.copies) for h in page.hits)
        out[name] = runs
        if config.reranker:  # type: ignore[attr-defined]
            spent = (time.perf_counter() - started) * 1000 / max(1, len(queries))
            print(f"  {name}: {spent:.0f} ms per query in process", file=sys.stderr)
    return out


# -- the plain BM25 baseline -------------------------------------------------------------------


def _documents(settings: object) -> list[dict]:
    """Every file's converted text with the product's document metadata (for filters only)."""
    from sqlalchemy import text

    from knowledge_index.artifacts import get_artifact
    from knowledge_index.db import get_engine

    engine = get_engine(settings)  # type: ignore[arg-type]
    docs = []
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT o.id, o.path, o.content_hash, c.matter_id, c.doc_type, c.language,"
                " c.doc_date FROM source_objects o LEFT JOIN LATERAL (SELECT matter_id, doc_type,"
                " language, doc_date FROM chunks WHERE source_object_id = o.id ORDER BY ordinal"
                " LIMIT 1) c ON TRUE WHERE o.deleted_at IS NULL AND o.parent_id IS NULL"
                " AND o.content_hash IS NOT NULL"
            )
        ).all()
        for row in rows:
            artifact = get_artifact(conn, "structured_json", row[2])
            body = artifact.body.get("text", "") if artifact else ""
            docs.append(
                {
                    "path": row[1],
                    "text": body,
                    "matter_id": row[3],
                    "doc_type": row[4],
                    "language": row[5],
                    "doc_date": row[6].isoformat() if row[6] else None,
                }
            )
    return docs


def _passes(doc: dict, filters: dict | None) -> bool:
    if not filters:
        return True
    for key, field in (("matter_ids", "matter_id"), ("doc_types", "doc_type")):
        if key in filters and doc[field] not in filters[key]:
            return False
    if "languages" in filters and doc["language"] not in filters["languages"]:
        return False
    day = doc["doc_date"]
    if filters.get("date_from") and (day is None or day < filters["date_from"]):
        return False
    return not (filters.get("date_to") and (day is None or day > filters["date_to"]))


def bm25_runs(
    settings: object, queries: Sequence[LabelledQuery], mapper: FilterMapper
) -> dict[str, Ranking]:
    import tantivy

    docs = _documents(settings)
    builder = tantivy.SchemaBuilder()
    builder.add_integer_field("n", stored=True, indexed=True)
    builder.add_text_field("body", tokenizer_name="default")
    schema = builder.build()
    index = tantivy.Index(schema)
    writer = index.writer(heap_size=50_000_000, num_threads=1)
    for n, doc in enumerate(docs):
        writer.add_document(tantivy.Document(n=n, body=doc["text"]))
    writer.commit()
    writer.wait_merging_threads()
    index.reload()
    analyzer = (
        tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
        .filter(tantivy.Filter.remove_long(40))
        .filter(tantivy.Filter.lowercase())
        .build()
    )
    searcher = index.searcher()
    runs: dict[str, Ranking] = {}
    for q in queries:
        terms = list(dict.fromkeys(analyzer.analyze(q.text)))
        if not terms:
            runs[q.id] = []
            continue
        query = tantivy.Query.boolean_query(
            [(tantivy.Occur.Should, tantivy.Query.term_query(schema, "body", t)) for t in terms]
        )
        filters = mapper(q.filters)
        hits = searcher.search(query, len(docs)).hits
        ranked = [docs[searcher.doc(a)["n"][0]] for _, a in hits]
        runs[q.id] = [d["path"] for d in ranked if _passes(d, filters)][:K]
    return runs


# -- driver ------------------------------------------------------------------------------------


def _field_grid(shipped: object) -> dict[str, object]:
    """Query-time field boosts: what the document is (matter, parties, type), title, compound
    tails, headings, quoted phrases."""
    configs: dict[str, object] = {}
    # A first pass over meta 0.5-1.5, title 1-3, tail 0-0.6, headings 0.5-1, phrase 4-8 put
    # the best at its edges (meta 1.5, title 1, headings 0.5; phrase boost made no difference):
    # this is the grid around that.
    for meta in (1.0, 1.5, 2.0, 3.0):
        for title in (0.5, 1.0, 2.0):
            for tail in (0.0, 0.3):
                for heading in (0.25, 0.5, 1.0):
                    for phrase in (4.0,):
                        boosts = {
                            **dict.fromkeys(
                                ("matter_text", "party_text", "doctype_de", "doctype_en"), meta
                            ),
                            **dict.fromkeys(("title_de", "title_en"), title),
                            **dict.fromkeys(("heading_de", "heading_en"), heading),
                            "tail_de": tail,
                        }
                        name = f"meta{meta}/title{title}/tail{tail}/head{heading}/phrase{phrase}"
                        configs[name] = shipped.model_copy(  # type: ignore[attr-defined]
                            update={"field_boosts": boosts, "phrase_boost": phrase}
                        )
    return configs


def _configs(grid: str | None) -> dict[str, object]:
    from knowledge_index.retrieval.search import SearchConfig, SearchWeights

    shipped = SearchConfig()
    w = shipped.weights
    configs: dict[str, object] = {
        "lexical": shipped.model_copy(
            update={"weights": SearchWeights(vector=0, bm25=w.bm25, ident=w.ident)}
        ),
        "vectors": shipped.model_copy(
            update={
                "weights": SearchWeights(vector=1, bm25=0, ident=0),
                "exact_queries_without_vectors": False,
            }
        ),
        "fused, vectors on exact queries too": shipped.model_copy(
            update={"exact_queries_without_vectors": False}
        ),
        "fused": shipped,
    }
    if grid == "fields":
        configs.update(_field_grid(shipped))
    elif grid == "decisions":
        for boost in (0.0, 0.5, 1.0, 2.0, 3.0):
            configs[f"decisions{boost}"] = shipped.model_copy(
                update={"field_boosts": dict.fromkeys(("decision_de", "decision_en"), boost)}
            )
    elif grid == "types":
        for bonus in (0.0, 0.1, 0.2, 0.3, 0.5, 1.0, 2.0, 4.0):
            configs[f"type bonus {bonus:g}"] = shipped.model_copy(update={"type_bonus": bonus})
    elif grid == "rerank":
        # The local second opinion (benchmarks/README.md: no cross-encoder ships its weights
        # in a package); its order blended with the fused one, or alone (weight 1000).
        for depth in (10, 20):
            for weight in (0.5, 1.0, 3.0, 1000.0):
                configs[f"e5 rerank depth {depth} weight {weight:g}"] = shipped.model_copy(
                    update={
                        "reranker": "ki-local/multilingual-e5-small",
                        "rerank_depth": depth,
                        "rerank_weight": weight,
                    }
                )
    elif grid == "related":
        for top in (3, 5, 10):
            for lift in (0.0, 0.1, 0.25, 0.5, 1.0):
                configs[f"related top {top} lift {lift:g}"] = shipped.model_copy(
                    update={"related_from_top": top, "related_lift": lift}
                )
    elif grid == "coverage":
        for power in (0.0, 0.5, 1.0, 2.0, 4.0):
            configs[f"coverage{power}"] = shipped.model_copy(update={"coverage_power": power})
    elif grid == "tie":
        for tie in (0.0, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0):
            for meta in (1.0, 2.0, 3.0):
                boosts = dict.fromkeys(
                    ("matter_text", "party_text", "doctype_de", "doctype_en"), meta
                )
                configs[f"tie{tie}/meta{meta}"] = shipped.model_copy(
                    update={"field_tie_breaker": tie, "field_boosts": boosts}
                )
    elif grid == "fusion":
        # BM25 stays at weight 1: RRF weights only matter relative to each other.
        for vector in (0.0, 0.25, 0.5, 1.0):
            for ident in (1.0, 2.0, 4.0):
                for k in (10, 60):
                    for decay in (0.0, 0.3, 0.6):
                        for bonus in (0.0, 0.15):
                            name = f"v{vector}/i{ident}/k{k}/d{decay}/c{bonus}"
                            configs[name] = shipped.model_copy(
                                update={
                                    "weights": SearchWeights(vector=vector, bm25=1.0, ident=ident),
                                    "rrf_k": k,
                                    "passage_decay": decay,
                                    "current_bonus": bonus,
                                }
                            )
    return configs


def _latency(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * len(ordered)) - 1)]
    return f"p50 {statistics.median(ordered):.0f} ms, p95 {p95:.0f} ms"


def _ensure_home(args: argparse.Namespace, files: Path, answers: dict) -> tuple[Path, bool]:
    if args.home is None:
        return Path(), False
    home: Path = args.home
    if (home / "pgdata").exists():
        # `ki run` works off whatever a code change made owed (a bumped stage, a new index
        # schema) without re-reading the files.
        sync = bench_knowledge._ki(home, "run")
    else:
        home.mkdir(parents=True, exist_ok=True)
        sync = bench_knowledge.build_home(home, files, bench_knowledge.firm_name(answers))
    if sync.returncode != 0:
        print(sync.stdout[-2000:], sync.stderr[-2000:], file=sys.stderr)
    return home, True


def _per_query(
    queries: Sequence[LabelledQuery], runs: dict[str, dict[str, Ranking]], style: str
) -> None:
    from knowledge_index_tests.retrieval.search_quality import ndcg_at

    names = list(runs)
    print(f"\nnDCG@{K} per query ({style}): " + " | ".join(names))
    for q in queries:
        if style not in ("all", q.style):
            continue
        cells = " | ".join(f"{ndcg_at(runs[n].get(q.id, []), q.relevant, K):.2f}" for n in names)
        print(f"  {q.id} {cells}  {q.text}")


def evaluate(
    home: Path,
    package: str,
    queries: Sequence[LabelledQuery],
    grid: str | None,
    show: str | None,
    rebuild: bool = False,
) -> None:
    type_map = bench_knowledge.type_map(package)
    if rebuild:
        # Query-side and document-term changes need no re-chunking: rebuild from Postgres.
        with product_settings(home) as settings:
            from knowledge_index.db import get_engine
            from knowledge_index.retrieval.sync import rebuild_index

            rebuild_index(get_engine(settings), settings)  # type: ignore[arg-type]
    t0 = time.monotonic()
    product, latencies, mapper = mcp_runs(home, queries, lambda m: FilterMapper(m, type_map))
    print(
        f"MCP search_documents: {len(queries)} queries in {time.monotonic() - t0:.1f} s,"
        f" {_latency(latencies)}"
    )
    with product_settings(home) as settings:
        components = component_runs(settings, queries, mapper, _configs(grid))
        baseline = bm25_runs(settings, queries, mapper)
    if show:
        _per_query(
            queries,
            {"product": product, "lexical": components["lexical"], "bm25": baseline},
            show,
        )
    scored: dict[str, dict[str, Score]] = {"product (MCP)": score_runs(queries, product, K)}
    for name in ("lexical", "vectors", "fused", "fused, vectors on exact queries too"):
        scored[name] = score_runs(queries, components.pop(name), K)
    scored["bm25 baseline"] = score_runs(queries, baseline, K)
    print(f"\nR@{K} / nDCG@{K} (document results)\n")
    print(table(scored))
    product_scores, base = scored["product (MCP)"], scored["bm25 baseline"]
    below = [
        f"{key} nDCG {product_scores[key].ndcg - base[key].ndcg:+.3f}"
        f" R {product_scores[key].recall - base[key].recall:+.3f}"
        for key in product_scores
        if product_scores[key].ndcg < base[key].ndcg
        or product_scores[key].recall < base[key].recall
    ]
    print("\nproduct below the BM25 baseline: " + ("; ".join(below) or "none"))
    if grid:
        print(f"\n{grid} grid (in process): overall and worst style/language vs BM25\n")
        rows = []
        for name, runs in components.items():
            s = score_runs(queries, runs, K)
            worst = min(s, key=lambda key: s[key].ndcg - base[key].ndcg)
            margin = s[worst].ndcg - base[worst].ndcg
            recall = min(s[key].recall - base[key].recall for key in s)
            rows.append((s["all"].ndcg, s["all"].recall, margin, worst, recall, name))
        print(
            "| config | R@10 | nDCG@10 | worst group: nDCG - BM25 | worst R@10 - BM25 |\n"
            "|---|---|---|---|---|"
        )
        for ndcg, recall, margin, worst, worst_recall, name in sorted(rows, reverse=True)[:40]:
            print(
                f"| {name} | {recall:.3f} | {ndcg:.3f} | {worst} {margin:+.3f} |"
                f" {worst_recall:+.3f} |"
            )
    worst = {
        q.id: (q.style, q.text)
        for q in queries
        if q.id in product and not set(product[q.id][:K]) & set(q.relevant)
    }
    if worst:
        print("\nQueries with no relevant document in the product's top 10:")
        for qid, (style, text_) in worst.items():
            print(f"  {qid} [{style}] {text_}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--estate", default="a", choices=sorted(bench_knowledge.ESTATES))
    parser.add_argument("--estate-dir", type=Path, help="the estate folder (files/, answers.json)")
    parser.add_argument(
        "--queries", type=Path, help="the labelled query set (default: the estate's)"
    )
    parser.add_argument("--types-package", help="module with the estate's types.py")
    parser.add_argument("--home", type=Path, help="keep and reuse this KI_HOME")
    parser.add_argument(
        "--grid",
        choices=("fusion", "fields", "tie", "decisions", "coverage", "rerank", "types", "related"),
        help="also print a grid of configurations",
    )
    parser.add_argument("--show", metavar="STYLE", help="per-query nDCG for a style (or all)")
    parser.add_argument(
        "--rebuild-index", action="store_true", help="rebuild the kept home's search index first"
    )
    parser.add_argument(
        "--embedding-model",
        help="build and search with this embedding model (e.g. ki-local/all-MiniLM-L6-v2-int8)",
    )
    parser.add_argument(
        "--reranker", help="the MCP server's reranker (e.g. ki-local/multilingual-e5-small)"
    )
    args = parser.parse_args()
    if args.embedding_model:
        os.environ[MODEL_VARIABLE] = args.embedding_model
    if args.reranker:
        os.environ[RERANKER_VARIABLE] = args.reranker
    estate = bench_knowledge.ESTATES[args.estate]
    folder = args.estate_dir or estate.folder
    package = args.types_package or estate.types
    queries_path = args.queries or next(folder.rglob("queries.json"))
    queries = load_queries(queries_path).queries
    files, answers = bench_knowledge.estate_paths(folder)
    home, kept = _ensure_home(args, files, answers)
    if kept:
        evaluate(home, package, queries, args.grid, args.show, args.rebuild_index)
        return
    firm = bench_knowledge.firm_name(answers)
    with bench_knowledge.estate_home(files, firm, "ki-quality-") as (home, seconds, code):
        print(f"estate built in {seconds:.0f} s (ki sync exit {code})")
        evaluate(home, package, queries, args.grid, args.show)


if __name__ == "__main__":
    main()
