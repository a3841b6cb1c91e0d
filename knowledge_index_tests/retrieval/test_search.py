"""Hybrid search quality and contract on the generated estate (real MiniLM vectors)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from knowledge_index.retrieval.embeddings import Embedder
from knowledge_index.retrieval.filters import SearchFilters
from knowledge_index.retrieval.records import ChunkPayload, ChunkRecord
from knowledge_index.retrieval.search import (
    DocumentSearchRequest,
    HybridSearcher,
    SearchConfig,
    SearchRequest,
    SearchWeights,
)
from knowledge_index.retrieval.search_index import SearchIndex
from knowledge_index_tests.retrieval.conftest import random_records
from knowledge_index_tests.retrieval.corpus import Doc

MODES = {
    "bm25": SearchWeights(vector=0, ident=0),
    "vector": SearchWeights(bm25=0, ident=0),
    "hybrid": SearchWeights(),
}
# Thresholds, stated: every mode finds the relevant document in its top 10 for >= 90% of the
# paraphrased queries; in the top 3, hybrid reaches >= 0.85 and beats each list on its own.
RECALL_AT_10 = 0.9
HYBRID_RECALL_AT_3 = 0.85


def _recall(
    index: SearchIndex,
    embedder: Embedder,
    corpus: list[Doc],
    query_vectors: dict[str, np.ndarray],
    weights: SearchWeights,
    k: int,
) -> float:
    searcher = HybridSearcher(index, embedder, SearchConfig(weights=weights))
    found = 0
    for doc in corpus:
        page = searcher.search(
            SearchRequest(query=doc.query, limit=k), ["user:anyone"], query_vectors[doc.query]
        )
        found += doc.source_object_id in {h.source_object_id for h in page.hits}
    return found / len(corpus)


def test_recall_of_bm25_vectors_and_hybrid(
    corpus_index: SearchIndex,
    embedder: Embedder,
    corpus: list[Doc],
    query_vectors: dict[str, np.ndarray],
) -> None:
    table = {
        mode: {
            k: _recall(corpus_index, embedder, corpus, query_vectors, weights, k) for k in (3, 10)
        }
        for mode, weights in MODES.items()
    }
    print("\nrecall on", len(corpus), "queries:", table)
    for mode in MODES:
        assert table[mode][10] >= RECALL_AT_10, (mode, table)
    assert table["hybrid"][3] >= HYBRID_RECALL_AT_3, table
    assert table["hybrid"][3] >= max(table["bm25"][3], table["vector"][3]), table


def test_identifier_queries_rank_the_named_document_first(
    corpus_index: SearchIndex, embedder: Embedder, corpus: list[Doc]
) -> None:
    searcher = HybridSearcher(corpus_index, embedder)
    cases = [(d.ref, d.source_object_id) for d in corpus if d.topic == "engagement"]
    cases += [(d.hrb, d.source_object_id) for d in corpus if d.topic == "register"]
    cases += [(Path(d.path).name, d.source_object_id) for d in corpus[::7]]
    for query, expected in cases:
        page = searcher.search(SearchRequest(query=query, limit=5), [])
        assert page.hits[0].source_object_id == expected, (
            query,
            [h.source_object_id for h in page.hits],
        )
        assert "ident" in page.hits[0].contributions


def test_german_stemming_matches_inflected_forms(
    corpus_index: SearchIndex, embedder: Embedder
) -> None:
    searcher = HybridSearcher(corpus_index, embedder, SearchConfig(weights=MODES["bm25"]))
    # "Verträge" (plural, umlaut) finds documents that only say "Vertrag"/"Kaufvertrag".
    hits = searcher.search(SearchRequest(query="Verträge", limit=20), []).hits
    assert hits
    texts = [h.payload.text for h in hits]
    assert any(re.search(r"\bVertrag\b", t) and "Verträge" not in t for t in texts)
    kuendigung = searcher.search(SearchRequest(query="Kündigungen", limit=5), []).hits
    assert kuendigung and all("Kündigung" in h.payload.text for h in kuendigung)


def test_hits_carry_citation_payload_snippet_and_contributions(
    corpus_index: SearchIndex, embedder: Embedder, corpus: list[Doc]
) -> None:
    searcher = HybridSearcher(corpus_index, embedder)
    doc = corpus[0]
    page = searcher.search(SearchRequest(query=doc.query, limit=3), ["user:x"])
    hit = page.hits[0]
    assert hit.payload.document_id == hit.source_object_id
    assert hit.payload.path and hit.payload.title and hit.payload.version_id
    assert hit.snippet and hit.snippet.strip("…") in hit.payload.text
    assert set(hit.contributions) <= {"bm25", "vector", "ident"}
    assert hit.score == pytest.approx(sum(c.rrf for c in hit.contributions.values()))
    assert page.index_version == corpus_index.version


def test_filters_prefilter_both_sides_and_still_fill_the_page(
    tmp_path: Path,
) -> None:
    """A rare matter outside every unfiltered top-k still fills a filtered page of k."""
    records = random_records(n_docs=100, chunks_per_doc=2, seed=8)
    open_acl = {"allowed_principals": ["*"], "denied_principals": []}
    # RARE chunks rank below every COMMON one on both sides: longer text, one "Akte" (BM25)...
    rare = [
        r.model_copy(update={**open_acl, "matter_id": "RARE", "text": r.text + " " + r.text})
        for r in records[:12]
    ]
    common = [
        r.model_copy(update={**open_acl, "matter_id": "COMMON", "text": "Akte Akte " + r.text})
        for r in records[12:]
    ]
    index = SearchIndex(tmp_path)
    index.upsert(rare + common)
    k = 5
    # ...and the query vector is far from them (random vectors are near-orthogonal in 384 dims).
    query_vector = common[0].vector
    searcher = HybridSearcher(index, None, SearchConfig(candidates=k))
    unfiltered = searcher.search(SearchRequest(query="Akte", limit=k), [], query_vector)
    assert all(h.payload.matter_id == "COMMON" for h in unfiltered.hits)
    filters = SearchFilters(matter_ids=["RARE"])
    vector_side = index.vectors.search(query_vector, [], filters, k)
    lexical_query = index.lexical.text_query("Akte")
    assert lexical_query is not None
    lexical_side = index.lexical.search(lexical_query, [], filters, k)
    assert len(vector_side) == len(lexical_side) == k
    page = searcher.search(SearchRequest(query="Akte", limit=k, filters=filters), [], query_vector)
    assert len(page.hits) == k
    assert all(h.payload.matter_id == "RARE" for h in page.hits)


def test_permissions_hold_through_the_full_search_path(
    random_index: tuple[SearchIndex, list[ChunkRecord]],
) -> None:
    from knowledge_index.retrieval.acl import visible

    index, records = random_index
    searcher = HybridSearcher(index, None, SearchConfig(candidates=400))
    for i, caller in enumerate([[], ["user:u1"], ["group:g0", "user:u3"], ["group:g2"]]):
        page = searcher.search(
            SearchRequest(query="Akte Vertrag liability", limit=100), caller, records[i].vector
        )
        for hit in page.hits:
            assert visible(hit.payload.allowed_principals, hit.payload.denied_principals, caller)
        expected = {
            r.chunk_id
            for r in records
            if visible(r.allowed_principals, r.denied_principals, caller)
        }
        assert page.total == len(expected)


def test_pagination_walks_one_stable_ranking(
    random_index: tuple[SearchIndex, list[ChunkRecord]],
) -> None:
    index, records = random_index
    searcher = HybridSearcher(index, None, SearchConfig(candidates=60))
    request = {"query": "Vertrag Haftung", "limit": 7}
    vector = records[3].vector
    full = searcher.search(SearchRequest(query="Vertrag Haftung", limit=60), ["*"], vector)
    walked: list[str] = []
    offset = 0
    while True:
        page = searcher.search(SearchRequest(**request, offset=offset), ["*"], vector)
        walked.extend(h.chunk_id for h in page.hits)
        assert page.total == full.total
        if not page.has_more:
            break
        offset += 7
    assert walked == [h.chunk_id for h in full.hits]
    assert len(set(walked)) == len(walked)
    again = searcher.search(SearchRequest(query="Vertrag Haftung", limit=60), ["*"], vector)
    assert [h.chunk_id for h in again.hits] == walked


class _ReverseLength:
    def rerank(self, query: str, candidates: Sequence[ChunkPayload]) -> list[float]:
        return [-float(len(c.text)) for c in candidates]


def test_reranker_hook_reorders_the_head(
    random_index: tuple[SearchIndex, list[ChunkRecord]],
) -> None:
    index, records = random_index
    # Weighed far above the fused order, the reranker decides the head alone.
    config = SearchConfig(rerank_depth=10, rerank_weight=1_000)
    searcher = HybridSearcher(index, None, config, reranker=_ReverseLength())
    page = searcher.search(SearchRequest(query="Akte", limit=10), ["*"], records[0].vector)
    lengths = [len(h.payload.text) for h in page.hits]
    assert lengths == sorted(lengths)
    assert all(h.rerank_score is not None for h in page.hits)
    assert HybridSearcher(index, None).reranker is None


# -- documents -----------------------------------------------------------------------------------


def test_document_search_groups_passages_by_document_in_best_score_order(
    random_index: tuple[SearchIndex, list[ChunkRecord]],
) -> None:
    index, records = random_index
    # No current-version bonus: here a document ranks exactly where its best passage does.
    searcher = HybridSearcher(index, None, SearchConfig(candidates=60, current_bonus=0.0))
    vector = records[3].vector
    request = DocumentSearchRequest(query="Akte Vertrag Haftung", limit=10)
    page = searcher.search_documents(request, ["*"], vector)
    depth = searcher.document_depth(10, 3)
    assert page.depth == depth == 10 * 3 * searcher.config.document_depth_factor
    # The same candidates as a passage search of that depth, grouped.
    deep = HybridSearcher(index, None, SearchConfig(candidates=depth, current_bonus=0.0))
    passages = deep.search(SearchRequest(query=request.query, limit=100), ["*"], vector)
    assert passages.total == len(passages.hits)  # the whole candidate set, to compare with
    by_doc: dict[str, list[str]] = {}
    for hit in passages.hits:
        by_doc.setdefault(hit.source_object_id, []).append(hit.chunk_id)
    ids = [d.source_object_id for d in page.hits]
    assert len(ids) == len(set(ids)) == 10
    assert ids == list(by_doc)[:10]
    scores = [d.score for d in page.hits]
    assert scores == sorted(scores, reverse=True)
    for doc in page.hits:
        assert [p.chunk_id for p in doc.passages] == by_doc[doc.source_object_id][:3]
        assert doc.score == doc.passages[0].score
        assert all(p.source_object_id == doc.source_object_id for p in doc.passages)
        assert doc.candidate_passages == len(by_doc[doc.source_object_id])
        assert set(doc.components) <= {"vector", "bm25", "ident"} and doc.components
        assert "akte" in doc.matched_terms
    one = searcher.search_documents(
        DocumentSearchRequest(query=request.query, limit=10, passages_per_document=1),
        ["*"],
        vector,
    )
    assert all(len(d.passages) == 1 for d in one.hits)


def test_document_pages_walk_distinct_documents_and_total_counts_documents(
    random_index: tuple[SearchIndex, list[ChunkRecord]],
) -> None:
    index, records = random_index
    searcher = HybridSearcher(index, None)
    vector = records[5].vector
    walked: list[str] = []
    offset, totals = 0, set()
    while True:
        page = searcher.search_documents(
            DocumentSearchRequest(query="Vertrag Haftung", limit=4, offset=offset),
            ["group:g1"],
            vector,
        )
        walked.extend(d.source_object_id for d in page.hits)
        totals.add(page.total)
        if not page.has_more:
            break
        offset += 4
    assert len(walked) == len(set(walked)) == totals.pop() and not totals
    assert walked  # the caller sees something, or the test proves nothing


def test_document_search_keeps_permissions_and_the_live_check(
    random_index: tuple[SearchIndex, list[ChunkRecord]],
) -> None:
    from knowledge_index.retrieval.acl import visible

    index, records = random_index
    searcher = HybridSearcher(index, None, SearchConfig(candidates=400))
    for i, caller in enumerate([[], ["user:u1"], ["group:g0", "user:u3"], ["group:g2"]]):
        expected = {
            r.document_id
            for r in records
            if visible(r.allowed_principals, r.denied_principals, caller)
        }
        request = DocumentSearchRequest(query="Akte", limit=100, passages_per_document=5)
        page = searcher.search_documents(request, caller, records[i].vector)
        assert {d.source_object_id for d in page.hits} == expected
        assert page.total == len(expected)
        for doc in page.hits:
            for p in doc.passages:
                assert visible(p.payload.allowed_principals, p.payload.denied_principals, caller)
        # A document revoked at the source since the last projection never shows or counts.
        if expected:
            revoked = sorted(expected)[0]

            def live(ids: list[str], gone: str = revoked) -> set[str]:
                return set(ids) - {gone}

            page = searcher.search_documents(request, caller, records[i].vector, admit=live)
            assert revoked not in {d.source_object_id for d in page.hits}
            assert page.total == len(expected) - 1
