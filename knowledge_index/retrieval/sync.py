"""Bringing the search index (LanceDB + Tantivy) up to date with the Postgres chunks.

The chunk_changes feed is applied in order past the index's watermark, so an interrupted update
simply replays; `rebuild` reconstructs both sides from Postgres alone.
"""

from __future__ import annotations

import functools
from pathlib import Path

from pydantic import BaseModel
from sqlalchemy import Engine, text

from knowledge_index.retrieval.acl import CompiledAcl
from knowledge_index.retrieval.chunk_store import load_records
from knowledge_index.retrieval.document_terms import provider
from knowledge_index.retrieval.index_state import index_path
from knowledge_index.retrieval.search_index import IndexMismatchError, SearchIndex
from knowledge_index.settings import Settings


class IndexUpdate(BaseModel):
    applied_changes: int
    replaced_documents: int
    deleted_documents: int
    acl_documents: int
    watermark: int | None
    index_chunks: int
    postgres_chunks: int
    rebuilt: bool = False
    # The vector table was compacted and its indexes built or brought up to date.
    optimized: bool = False


@functools.cache
def _open(path: str, model: str) -> SearchIndex:
    return SearchIndex(Path(path), embedding_model=model, dims=_dimensions(model))


def _dimensions(model: str) -> int:
    from knowledge_index.retrieval.embeddings import embedder_for

    return embedder_for(model).dimensions


def open_index(settings: Settings) -> SearchIndex:
    index = _open(str(index_path(settings)), settings.retrieval.embedding_model)
    index.refresh()
    return index


def _writable_index(engine: Engine, settings: Settings) -> SearchIndex:
    """The index for the updater, and written chunks take their document-level lexical fields
    from Postgres. An index of an older schema or of another embedding model starts over (see
    SearchIndex.start_over): a model change makes the index stage owed for every document (its
    producer_version names the model), so the replayed feed fills the new generation as the
    documents are embedded again."""
    model = settings.retrieval.embedding_model
    try:
        index = open_index(settings)
    except IndexMismatchError:
        SearchIndex.start_over(index_path(settings), model, _dimensions(model))
        _open.cache_clear()
        index = open_index(settings)
    index.set_document_terms(provider(engine))
    return index


def update_index(engine: Engine, settings: Settings, *, batch: int = 500) -> IndexUpdate:
    index = _writable_index(engine, settings)
    watermark = index.watermark or 0
    with engine.connect() as conn:
        changes = conn.execute(
            text("SELECT seq, source_object_id, op FROM chunk_changes WHERE seq > :w ORDER BY seq"),
            {"w": watermark},
        ).all()
    # Only the last operation per document matters; the rows are read fresh from Postgres.
    last: dict[str, str] = {}
    for _, source_object_id, op in changes:
        last[source_object_id] = (
            "replace" if op == "acl" and last.get(source_object_id) == "replace" else op
        )
    replaced = [source_object_id for source_object_id, op in last.items() if op == "replace"]
    deleted = [source_object_id for source_object_id, op in last.items() if op == "delete"]
    acl_only = [source_object_id for source_object_id, op in last.items() if op == "acl"]
    new_mark = changes[-1][0] if changes else watermark
    with engine.connect() as conn:
        for i in range(0, len(replaced), batch):
            ids = replaced[i : i + batch]
            records = load_records(conn, ids, embedding_model=settings.retrieval.embedding_model)
            index.replace_documents(ids, list(records))
        if deleted:
            index.delete_documents(deleted)
        for source_object_id in acl_only:
            row = conn.execute(
                text(
                    "SELECT allowed_principals, denied_principals FROM chunks"
                    " WHERE source_object_id = :o LIMIT 1"
                ),
                {"o": source_object_id},
            ).first()
            if row is not None:
                index.update_acl(
                    [source_object_id], CompiledAcl(allowed=list(row[0]), denied=list(row[1]))
                )
    optimized = False
    if changes:
        # Before the watermark, whose state write is what tells readers to look again.
        optimized = index.maintain()
        # The watermark moves last: a crash before this line replays the same changes.
        index.upsert([], watermark=new_mark)
    return _report(
        engine, index, len(changes), replaced, deleted, acl_only, new_mark, optimized=optimized
    )


def rebuild_index(engine: Engine, settings: Settings) -> IndexUpdate:
    index = _writable_index(engine, settings)
    with engine.connect() as conn:
        mark = conn.execute(text("SELECT coalesce(max(seq), 0) FROM chunk_changes")).scalar_one()
        index.rebuild(
            load_records(conn, embedding_model=settings.retrieval.embedding_model), watermark=mark
        )
    return _report(engine, index, 0, [], [], [], mark, rebuilt=True)


def _report(
    engine: Engine,
    index: SearchIndex,
    applied: int,
    replaced: list[str],
    deleted: list[str],
    acl_only: list[str],
    mark: int | None,
    *,
    rebuilt: bool = False,
    optimized: bool = False,
) -> IndexUpdate:
    with engine.connect() as conn:
        pg = conn.execute(text("SELECT count(*) FROM chunks")).scalar_one()
    return IndexUpdate(
        applied_changes=applied,
        replaced_documents=len(replaced),
        deleted_documents=len(deleted),
        acl_documents=len(acl_only),
        watermark=mark,
        index_chunks=index.count(),
        postgres_chunks=pg,
        rebuilt=rebuilt,
        optimized=optimized,
    )
