"""Turn one converted document version into embedded chunk records ready for the index."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable, Sequence

import numpy as np
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


# Digests of embedding inputs -> the vectors already stored for them (by the same model).
KnownVectors = Callable[[Sequence[str]], dict[str, np.ndarray]]


def input_digest(embedding_text: str) -> str:
    """Names the exact text a vector is computed from (the context header included)."""
    return hashlib.sha256(embedding_text.encode("utf-8", "surrogatepass")).hexdigest()


def build_chunk_records(
    docs: Sequence[DocumentVersion],
    embedder: Embedder,
    config: ChunkingConfig | None = None,
    with_context_header: bool = True,
) -> list[ChunkRecord]:
    return [
        record for record, _ in embed_chunk_records(docs, embedder, config, with_context_header)
    ]


def embed_chunk_records(
    docs: Sequence[DocumentVersion],
    embedder: Embedder,
    config: ChunkingConfig | None = None,
    with_context_header: bool = True,
    known: KnownVectors | None = None,
) -> list[tuple[ChunkRecord, str]]:
    """Chunk every document, then embed all chunks in full batches; each record comes with the
    digest of its embedding input.

    Batching across documents matters: most legal documents are a few chunks long, and one model
    call per document would leave the embedding batches mostly empty. Inputs `known` has a vector
    for (a re-index whose text, title, type and matter did not change; a duplicate file) are not
    sent to the model again.
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
    digests = [input_digest(text) for _, _, text in pending]
    stored = known(digests) if known is not None and digests else {}
    missing = [i for i, d in enumerate(digests) if d not in stored]
    fresh = embedder.embed([pending[i][2] for i in missing])
    computed = dict(zip(missing, fresh, strict=True))
    vectors = [computed[i] if i in computed else stored[d] for i, d in enumerate(digests)]
    return [
        (
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
            ),
            digest,
        )
        for (doc, chunk, _), vector, digest in zip(pending, vectors, digests, strict=True)
    ]
