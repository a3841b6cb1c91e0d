"""Answering a search for a caller: hybrid retrieval over the index plus citations from Postgres.

Shared by `ki search` and the MCP server so both apply permissions and cite the same way.
"""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, Field
from sqlalchemy import Engine

from knowledge_index.objects import store as objects
from knowledge_index.retrieval.embeddings import embedder_for
from knowledge_index.retrieval.filters import SearchFilters
from knowledge_index.retrieval.search import Admit, HybridSearcher, SearchRequest
from knowledge_index.retrieval.sync import open_index
from knowledge_index.settings import Settings
from knowledge_index.sources.registry import get_source


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
    index = open_index(settings)
    searcher = HybridSearcher(index, embedder_for(settings.retrieval.embedding_model))
    page = searcher.search(
        SearchRequest(query=query, filters=filters, limit=limit, offset=offset),
        principals,
        admit=admit,
    )
    ids = sorted({h.source_object_id for h in page.hits})
    sources = _sources(engine, ids)
    passages = []
    for hit in page.hits:
        p = hit.payload
        source_id, kind = sources.get(hit.source_object_id, ("?", "?"))
        passages.append(
            Passage(
                rank=hit.rank,
                score=hit.score,
                snippet=hit.snippet,
                title=p.title,
                citation=Citation(
                    matter_id=p.matter_id,
                    source_object_id=p.document_id,
                    version_id=p.version_id,
                    connector=kind,
                    source_id=source_id,
                    path=p.path,
                    chunk_id=p.chunk_id,
                    page=p.page,
                ),
                contributions={k: float(v.rrf) for k, v in hit.contributions.items()},
            )
        )
    return SearchResult(
        query=query,
        total=page.total,
        offset=page.offset,
        limit=page.limit,
        has_more=page.has_more,
        passages=passages,
    )


def _sources(engine: Engine, ids: list[str]) -> dict[str, tuple[str, str]]:
    if not ids:
        return {}
    with engine.connect() as conn:
        found = objects.load(conn, ids)
        kinds = {sid: get_source(conn, sid).kind for sid in {o.source_id for o in found.values()}}
    return {
        source_object_id: (o.source_id, kinds[o.source_id]) for source_object_id, o in found.items()
    }


def parse_date(value: str | None) -> dt.date | None:
    return dt.date.fromisoformat(value) if value else None
