"""Chunk rows in Postgres (the truth) and the change feed the search index follows."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np
from sqlalchemy import Connection, text

from knowledge_index.retrieval.records import ChunkRecord

_COLUMNS = (
    "chunk_id, source_object_id, version_id, content_hash, ordinal, text, char_start, char_end,"
    " page, section_path, title, path, matter_id, doc_type, status, language, doc_date,"
    " allowed_principals, denied_principals, embedding, embedding_model, embedding_input_sha"
)


def _vector_literal(vector: np.ndarray) -> str:
    return "[" + ",".join(f"{x:.7g}" for x in vector.tolist()) + "]"


def replace_document_chunks(
    conn: Connection,
    source_object_id: str,
    content_hash: str,
    records: Sequence[ChunkRecord],
    embedding_model: str,
    input_digests: Sequence[str | None] | None = None,
) -> int:
    """Write the new chunks first, then drop the document's rows that are no longer produced.

    Ordinals are diffed by chunk id, so a re-index replaces rows instead of orphaning them, and
    readers never see the document without chunks. `input_digests` (one per record) name the
    text each vector was computed from, for `stored_vectors`.
    """
    digests = list(input_digests) if input_digests is not None else [None] * len(records)
    if len(digests) != len(records):
        raise ValueError("one input digest per record")
    for r, digest in zip(records, digests, strict=True):
        conn.execute(
            text(
                f"INSERT INTO chunks ({_COLUMNS}) VALUES (:chunk_id, :source_object_id,"
                " :version_id, :hash, :ordinal, :text, :char_start, :char_end, :page,"
                " :section_path, :title, :path,"
                " :matter_id, :doc_type, :status, :language, :doc_date, :allowed, :denied,"
                " CAST(:embedding AS vector), :model, :digest)"
                " ON CONFLICT (chunk_id) DO UPDATE SET text = EXCLUDED.text,"
                " char_start = EXCLUDED.char_start, char_end = EXCLUDED.char_end,"
                " page = EXCLUDED.page, section_path = EXCLUDED.section_path,"
                " title = EXCLUDED.title, path = EXCLUDED.path, matter_id = EXCLUDED.matter_id,"
                " doc_type = EXCLUDED.doc_type, status = EXCLUDED.status,"
                " language = EXCLUDED.language, doc_date = EXCLUDED.doc_date,"
                " allowed_principals = EXCLUDED.allowed_principals,"
                " denied_principals = EXCLUDED.denied_principals,"
                " embedding = EXCLUDED.embedding, embedding_model = EXCLUDED.embedding_model,"
                " embedding_input_sha = EXCLUDED.embedding_input_sha, updated_at = now()"
            ),
            {
                "chunk_id": r.chunk_id,
                "source_object_id": source_object_id,
                "version_id": r.version_id,
                "hash": content_hash,
                "ordinal": r.ordinal,
                "text": r.text.replace("\x00", ""),
                "char_start": r.char_start,
                "char_end": r.char_end,
                "page": r.page,
                "section_path": r.section_path,
                "title": r.title,
                "path": r.path,
                "matter_id": r.matter_id,
                "doc_type": r.doc_type,
                "status": r.status,
                "language": r.language,
                "doc_date": r.doc_date,
                "allowed": r.allowed_principals,
                "denied": r.denied_principals,
                "embedding": _vector_literal(r.vector),
                "model": embedding_model,
                "digest": digest,
            },
        )
    removed = conn.execute(
        text(
            "DELETE FROM chunks WHERE source_object_id = :source_object_id"
            " AND NOT (chunk_id = ANY(CAST(:keep AS text[])))"
        ),
        {"source_object_id": source_object_id, "keep": [r.chunk_id for r in records]},
    ).rowcount
    log_change(conn, source_object_id, "replace")
    return removed


def stored_vectors(
    conn: Connection, embedding_model: str, digests: Sequence[str]
) -> dict[str, np.ndarray]:
    """Vectors already computed by `embedding_model` from the inputs with these digests."""
    if not digests:
        return {}
    rows = conn.execute(
        text(
            "SELECT DISTINCT ON (embedding_input_sha) embedding_input_sha, embedding::text"
            " FROM chunks WHERE embedding_input_sha = ANY(CAST(:digests AS text[]))"
            " AND embedding_model = :model"
        ),
        {"digests": sorted(set(digests)), "model": embedding_model},
    ).all()
    return {digest: _parse_vector(literal) for digest, literal in rows}


def _parse_vector(literal: str) -> np.ndarray:
    return np.asarray([float(x) for x in literal.strip("[]").split(",")], np.float32)


def delete_document_chunks(conn: Connection, source_object_id: str) -> int:
    n = conn.execute(
        text("DELETE FROM chunks WHERE source_object_id = :source_object_id"),
        {"source_object_id": source_object_id},
    ).rowcount
    log_change(conn, source_object_id, "delete")
    return n


def update_document_acl(
    conn: Connection, source_object_id: str, allowed: list[str], denied: list[str]
) -> int:
    """Permission projection only: nothing is re-split or re-embedded."""
    n = conn.execute(
        text(
            "UPDATE chunks SET allowed_principals = :a, denied_principals = :d,"
            " access_version = access_version + 1, updated_at = now()"
            " WHERE source_object_id = :source_object_id"
        ),
        {"a": allowed, "d": denied, "source_object_id": source_object_id},
    ).rowcount
    log_change(conn, source_object_id, "acl")
    return n


def log_change(conn: Connection, source_object_id: str, op: str) -> None:
    conn.execute(
        text("INSERT INTO chunk_changes (source_object_id, op) VALUES (:source_object_id, :op)"),
        {"source_object_id": source_object_id, "op": op},
    )


def document_chunk_count(conn: Connection, source_object_id: str) -> int:
    return conn.execute(
        text("SELECT count(*) FROM chunks WHERE source_object_id = :source_object_id"),
        {"source_object_id": source_object_id},
    ).scalar_one()


def load_records(
    conn: Connection,
    source_object_ids: Sequence[str] | None = None,
    *,
    embedding_model: str | None = None,
    batch: int = 2000,
) -> Iterator[ChunkRecord]:
    """Chunk rows as index records (all of them when no ids are given), streamed; with
    `embedding_model`, only rows that model embedded (after a model change the index stage
    re-embeds document by document, and until then a row's vector belongs to another space)."""
    where = "WHERE embedding_model = :model" if embedding_model else "WHERE true"
    if source_object_ids:
        where += " AND source_object_id = ANY(CAST(:ids AS text[]))"
    result = conn.execution_options(stream_results=True, yield_per=batch).execute(
        text(
            "SELECT chunk_id, source_object_id, version_id, ordinal, text, char_start, char_end,"
            " page, section_path, title, path, matter_id, doc_type, status, language, doc_date,"
            " allowed_principals, denied_principals, embedding::text"
            f" FROM chunks {where} ORDER BY source_object_id, ordinal"
        ),
        {"ids": list(source_object_ids or []), "model": embedding_model},
    )
    for row in result:
        yield ChunkRecord(
            chunk_id=row[0],
            document_id=row[1],
            version_id=row[2],
            ordinal=row[3],
            text=row[4],
            char_start=row[5],
            char_end=row[6],
            page=row[7],
            section_path=list(row[8] or []),
            title=row[9],
            path=row[10],
            matter_id=row[11],
            doc_type=row[12],
            status=row[13],
            language=row[14],
            doc_date=row[15],
            allowed_principals=list(row[16]),
            denied_principals=list(row[17]),
            vector=_parse_vector(row[18]),
        )
