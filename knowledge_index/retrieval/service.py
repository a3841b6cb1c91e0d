"""Answering a search for a caller: hybrid retrieval over the index plus citations from Postgres.

Shared by `ki search` and the MCP server so both apply permissions and cite the same way.
"""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, Field
from sqlalchemy import Engine

from knowledge_index.objects import store as objects
from knowledge_index.relations.store import related_among
from knowledge_index.retrieval.embeddings import embedder_for
from knowledge_index.retrieval.filters import SearchFilters
from knowledge_index.retrieval.records import ChunkPayload
from knowledge_index.retrieval.rerank import LOCAL_PREFIX
from knowledge_index.retrieval.search import (
    Admit,
    DocumentSearchRequest,
    HybridSearcher,
    Related,
    SearchConfig,
    SearchHit,
    SearchRequest,
)
from knowledge_index.retrieval.sync import open_index
from knowledge_index.settings import Settings
from knowledge_index.sources.registry import source_kinds


class Citation(BaseModel):
    matter_id: str | None = None
    source_object_id: str
    version_id: str
    connector: str
    source_id: str
    path: str
    chunk_id: str | None = None
    page: int | None = None


class Passage(BaseModel):
    rank: int
    score: float
    snippet: str
    title: str
    citation: Citation
    contributions: dict[str, float] = Field(default_factory=dict)


class DocumentResult(BaseModel):
    """One document: cited at document level (no chunk or page), with its best passages."""

    rank: int
    score: float
    title: str
    citation: Citation
    components: list[str]
    candidate_passages: int
    matched_terms: list[str]
    passages: list[Passage]
    copies: list[str] = []  # paths of byte-identical copies this result stands for


class DocumentSearchResult(BaseModel):
    query: str
    total: int
    offset: int
    limit: int
    has_more: bool
    depth: int
    documents: list[DocumentResult]


class SearchResult(BaseModel):
    query: str
    total: int
    offset: int
    limit: int
    has_more: bool
    passages: list[Passage]


def search(
    engine: Engine,
    settings: Settings,
    query: str,
    principals: list[str],
    *,
    filters: SearchFilters | None = None,
    limit: int = 10,
    offset: int = 0,
    admit: Admit | None = None,
) -> SearchResult:
    page = _searcher(settings).search(
        SearchRequest(query=query, filters=filters, limit=limit, offset=offset),
        principals,
        admit=admit,
    )
    sources = _sources(engine, sorted({h.source_object_id for h in page.hits}))
    return SearchResult(
        query=query,
        total=page.total,
        offset=page.offset,
        limit=page.limit,
        has_more=page.has_more,
        passages=[_passage(hit, sources) for hit in page.hits],
    )


def search_documents(
    engine: Engine,
    settings: Settings,
    query: str,
    principals: list[str],
    *,
    filters: SearchFilters | None = None,
    limit: int = 10,
    offset: int = 0,
    passages_per_document: int = 3,
    admit: Admit | None = None,
) -> DocumentSearchResult:
    """`search`, answered with documents: see HybridSearcher.search_documents."""
    page = _searcher(settings).search_documents(
        DocumentSearchRequest(
            query=query,
            filters=filters,
            limit=limit,
            offset=offset,
            passages_per_document=passages_per_document,
        ),
        principals,
        admit=admit,
        related=related_provider(engine),
    )
    sources = _sources(engine, sorted({h.source_object_id for h in page.hits}))
    documents = []
    for hit in page.hits:
        best = hit.passages[0].payload
        documents.append(
            DocumentResult(
                rank=hit.rank,
                score=hit.score,
                title=best.title,
                citation=_citation(best, sources).model_copy(
                    update={"chunk_id": None, "page": None}
                ),
                components=hit.components,
                candidate_passages=hit.candidate_passages,
                matched_terms=hit.matched_terms,
                passages=[_passage(p, sources) for p in hit.passages],
                copies=hit.copies,
            )
        )
    return DocumentSearchResult(
        query=query,
        total=page.total,
        offset=page.offset,
        limit=page.limit,
        has_more=page.has_more,
        depth=page.depth,
        documents=documents,
    )


def related_provider(engine: Engine) -> Related:
    """The relations among search candidates, read from Postgres per search."""

    def related(source_object_ids: list[str]) -> dict[str, set[str]]:
        with engine.connect() as conn:
            return related_among(conn, source_object_ids)

    return related


def search_config(settings: Settings) -> SearchConfig:
    r = settings.retrieval
    return SearchConfig(
        reranker=r.reranker,
        reranker_api_base=r.reranker_api_base,
        rerank_timeout_s=r.rerank_timeout_s,
        rerank_depth=r.rerank_depth,
        rerank_weight=r.rerank_weight,
    )


def _searcher(settings: Settings) -> HybridSearcher:
    return HybridSearcher(
        open_index(settings),
        embedder_for(settings.retrieval.embedding_model),
        search_config(settings),
    )


def warm_up(settings: Settings) -> None:
    """Load the embedding model (and a local reranker's) and open the index now, not on the
    first query."""
    open_index(settings)
    embedder_for(settings.retrieval.embedding_model).embed_query("warm up")
    config = search_config(settings)
    if config.reranker and config.reranker.startswith(LOCAL_PREFIX):
        embedder_for(config.reranker).embed_query("warm up")


def _citation(p: ChunkPayload, sources: dict[str, tuple[str, str]]) -> Citation:
    source_id, kind = sources.get(p.document_id, ("?", "?"))
    return Citation(
        matter_id=p.matter_id,
        source_object_id=p.document_id,
        version_id=p.version_id,
        connector=kind,
        source_id=source_id,
        path=p.path,
        chunk_id=p.chunk_id,
        page=p.page,
    )


def _passage(hit: SearchHit, sources: dict[str, tuple[str, str]]) -> Passage:
    return Passage(
        rank=hit.rank,
        score=hit.score,
        snippet=hit.snippet,
        title=hit.payload.title,
        citation=_citation(hit.payload, sources),
        contributions={k: float(v.rrf) for k, v in hit.contributions.items()},
    )


def _sources(engine: Engine, ids: list[str]) -> dict[str, tuple[str, str]]:
    if not ids:
        return {}
    with engine.connect() as conn:
        found = objects.source_ids(conn, ids)
        kinds = source_kinds(conn, sorted(set(found.values())))
    return {object_id: (source_id, kinds[source_id]) for object_id, source_id in found.items()}


def parse_date(value: str | None) -> dt.date | None:
    return dt.date.fromisoformat(value) if value else None
