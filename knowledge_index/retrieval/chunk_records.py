"""Turn one converted document version into embedded chunk records ready for the index."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from pydantic import BaseModel, Field

from knowledge_index.retrieval.acl import CompiledAcl
from knowledge_index.retrieval.chunking import (
    Chunk,
    ChunkingConfig,
    ChunkingInput,
    chunk_document,
    context_header,
    embedding_input,
)
from knowledge_index.retrieval.derived import DerivedChunk
from knowledge_index.retrieval.embeddings import Embedder
from knowledge_index.retrieval.records import ChunkRecord, make_chunk_id


class DocumentVersion(BaseModel):
    source_object_id: str
    version_id: str
    matter_id: str | None = None
    doc_type: str | None = None
    status: str | None = None
    language: str | None = None
    doc_date: dt.date | None = None
    path: str = ""
    title: str = ""
    content: ChunkingInput
    acl: CompiledAcl
    updated_seq: int = Field(0, ge=0)
    # Set on the latest final version only: its siblings' profiles are dropped when it lands.
    logical_document_id: str | None = None
    # Profile (-1) and clause (1000+) rows of a final or executed version.
    derived: list[DerivedChunk] = Field(default_factory=list)


def build_chunk_records(
    docs: Sequence[DocumentVersion],
    embedder: Embedder,
    config: ChunkingConfig | None = None,
    with_context_header: bool = True,
) -> list[ChunkRecord]:
    """Chunk every document, then embed all chunks in full batches.

    Batching across documents matters: most legal documents are a few chunks long, and one model
    call per document would leave the embedding batches mostly empty.
    """
    config = config or ChunkingConfig(model_max_tokens=embedder.max_tokens)
    pending: list[tuple[DocumentVersion, Chunk | DerivedChunk, str]] = []
    for doc in docs:
        header = (
            context_header(doc.title, doc.doc_type, doc.matter_id, max_tokens=config.header_tokens)
            if with_context_header
            else ""
        )
        for chunk in chunk_document(doc.content, config):
            pending.append((doc, chunk, embedding_input(header, chunk.text)))
        for extra in doc.derived:
            pending.append((doc, extra, embedding_input(header, extra.text)))
    vectors = embedder.embed([text for _, _, text in pending])
    return [
        ChunkRecord(
            chunk_id=make_chunk_id(doc.version_id, chunk.ordinal),
            document_id=doc.source_object_id,
            version_id=doc.version_id,
            matter_id=doc.matter_id,
            doc_type=doc.doc_type,
            status=doc.status,
            language=doc.language,
            doc_date=doc.doc_date,
            allowed_principals=doc.acl.allowed,
            denied_principals=doc.acl.denied,
            path=doc.path,
            title=doc.title,
            text=chunk.text,
            ordinal=chunk.ordinal,
            section_path=chunk.section_path,
            page=chunk.page if isinstance(chunk, Chunk) else None,
            char_start=chunk.char_start,
            char_end=chunk.char_end,
            updated_seq=doc.updated_seq,
            vector=vector,
        )
        for (doc, chunk, _), vector in zip(pending, vectors, strict=True)
    ]
