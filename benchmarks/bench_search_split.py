"""Where a document search's time goes, component by component, on a kept home.

    .venv/bin/python benchmarks/bench_search_split.py --home DIR [--estate a] [--rounds 2]

Asks every labelled query of the estate (filters left out) through the MCP tools' own path in
process (`retrieval.service.search_documents` with the live Postgres visibility check the MCP
server passes), for `--rounds` rounds after a warm-up, as a caller who sees every document.
The product's functions are wrapped with timers for the run (this script only), so each row
is the wall time spent inside that component per query: the query embedding (cached per
process after the first round, as in the server), the two Tantivy lists, the LanceDB vector
list, reading the candidates' payloads, the live visibility check, the document scoring
(named types, query-word coverage), the matched terms, the citations. Printed: a table of
mean and p95 ms per query per component and the total, and what the components leave
(grouping, snippets, models).
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_knowledge  # noqa: E402
import bench_search_quality as quality  # noqa: E402

SPENT: dict[str, float] = defaultdict(float)


def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            SPENT[name] += time.perf_counter() - t0

    return wrapper


def patch() -> None:
    from knowledge_index.retrieval import embeddings, lexical, search, service, vectors

    lexical_search = lexical.LexicalIndex.search
    # Which list a Tantivy query object was built for.
    kinds: dict[int, str] = {}

    def tagging(name: str, build: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            query = build(*args, **kwargs)
            if query is not None:
                kinds[id(query)] = name
            return query

        return wrapper

    def lexical_list(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        name = kinds.pop(id(query), "tantivy other")
        return timed(name, lexical_search)(self, query, *args, **kwargs)

    index_class: Any = lexical.LexicalIndex
    index_class.text_query = tagging("tantivy BM25 list", index_class.text_query)
    index_class.ident_query = tagging("tantivy ident list", index_class.ident_query)
    index_class.search = lexical_list
    wrapped: list[tuple[Any, str, str]] = [
        (index_class, "payloads", "payloads (Tantivy + pydantic)"),
        (vectors.VectorIndex, "search", "lancedb vector list"),
        (embeddings.Embedder, "embed_query", "query embedding"),
        (search, "_lift_named_types", "named types"),
        (search, "_weigh_by_coverage", "query-word coverage"),
        (search, "matched_terms", "matched terms"),
        (service, "_sources", "citations (Postgres)"),
    ]
    for owner, attribute, name in wrapped:
        setattr(owner, attribute, timed(name, getattr(owner, attribute)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, required=True)
    parser.add_argument("--estate", default="a", choices=sorted(bench_knowledge.ESTATES))
    parser.add_argument("--queries", type=Path)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    estate = bench_knowledge.ESTATES[args.estate]
    path = args.queries or next(estate.folder.rglob("queries.json"))
    texts = [q["text"] for q in json.loads(path.read_text())["queries"]]
    with quality.product_settings(args.home) as settings:
        from knowledge_index.db import get_engine
        from knowledge_index.mcp import documents
        from knowledge_index.retrieval import service
        from knowledge_index.retrieval.acl import effective_principals

        engine = get_engine(settings)  # type: ignore[arg-type]
        principals = effective_principals(quality.PRINCIPALS)

        def live(ids: list[str]) -> set[str]:
            with engine.connect() as conn:
                return documents.visible_ids(conn, principals, ids)

        service.warm_up(settings)  # type: ignore[arg-type]
        for text in texts[:5]:
            service.search_documents(engine, settings, text, principals, admit=live)  # type: ignore[arg-type]
        patch()
        admit = timed("live visibility (Postgres)", live)
        per_query: dict[str, list[float]] = defaultdict(list)
        for _ in range(args.rounds):
            for text in texts:
                SPENT.clear()
                t0 = time.perf_counter()
                service.search_documents(engine, settings, text, principals, admit=admit)  # type: ignore[arg-type]
                total = time.perf_counter() - t0
                for name, seconds in SPENT.items():
                    per_query[name].append(seconds * 1000)
                per_query["rest (fusion, grouping, snippets, models)"].append(
                    (total - sum(SPENT.values())) * 1000
                )
                per_query["total"].append(total * 1000)
        from knowledge_index.retrieval.sync import open_index

        index = open_index(settings)  # type: ignore[arg-type]
        print(f"{len(texts)} queries x {args.rounds} rounds on {args.home}; {index.counts()}\n")
        print("| component | mean ms | p95 ms |\n|---|---:|---:|")
        n = len(per_query["total"])
        for name, samples in sorted(per_query.items(), key=lambda kv: -sum(kv[1])):
            samples = samples + [0.0] * (n - len(samples))
            ordered = sorted(samples)
            p95 = ordered[min(n - 1, round(0.95 * n) - 1)]
            print(f"| {name} | {statistics.fmean(samples):.1f} | {p95:.1f} |")


if __name__ == "__main__":
    main()
