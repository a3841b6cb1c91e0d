"""Rows relate writes: versions, logical documents, relations, thread members, signatures."""

from __future__ import annotations

import json
import uuid
from typing import Any

from sqlalchemy import Connection, text

from knowledge_index.relations import minhash


def insert_relation(
    conn: Connection,
    source: str,
    target: str,
    relation: str,
    *,
    method: str,
    confidence: float = 1.0,
    evidence: dict[str, Any] | None = None,
    producer_version: str = "",
) -> None:
    if source == target:
        return
    conn.execute(
        text(
            "INSERT INTO relations (source_object_id, target_source_object_id, relation,"
            " confidence, method, evidence, producer_version)"
            " VALUES (:s, :t, :r, :c, :m, CAST(:e AS jsonb), :v)"
            " ON CONFLICT (source_object_id, target_source_object_id, relation) DO UPDATE SET"
            " confidence = EXCLUDED.confidence, method = EXCLUDED.method,"
            " evidence = EXCLUDED.evidence, producer_version = EXCLUDED.producer_version"
        ),
        {
            "s": source,
            "t": target,
            "r": relation,
            "c": confidence,
            "m": method,
            "e": json.dumps(evidence or {}, default=str),
            "v": producer_version,
        },
    )


def clear_outgoing(conn: Connection, source: str) -> None:
    """A re-run replaces the file's own decisions; version-order edges belong to the family."""
    conn.execute(
        text("DELETE FROM relations WHERE source_object_id = :s AND relation <> 'supersedes'"),
        {"s": source},
    )
    conn.execute(
        text("DELETE FROM relation_intents WHERE source_object_id = :s AND status = 'parked'"),
        {"s": source},
    )


def store_signature(
    conn: Connection, source: str, content_hash: str, signature: list[int] | None
) -> None:
    if signature is None:
        conn.execute(
            text("DELETE FROM near_duplicate_signatures WHERE source_object_id = :s"), {"s": source}
        )
        return
    conn.execute(
        text(
            "INSERT INTO near_duplicate_signatures (source_object_id, content_hash, signature,"
            " band_keys) VALUES (:s, :h, CAST(:sig AS bigint[]), CAST(:b AS text[]))"
            " ON CONFLICT (source_object_id) DO UPDATE SET content_hash = EXCLUDED.content_hash,"
            " signature = EXCLUDED.signature, band_keys = EXCLUDED.band_keys, updated_at = now()"
        ),
        {"s": source, "h": content_hash, "sig": signature, "b": minhash.band_keys(signature)},
    )


def sign_unsigned_matter_files(conn: Connection, matter_id: str) -> int:
    """Store MinHash signatures for the matter's converted files that have none yet.

    Near-duplicate candidates are found through stored band keys. If only related files had
    them, a file related early would not see a similar file related later, and which versions
    end up in one document would depend on the order files happened to be related in.
    """
    rows = conn.execute(
        text(
            "SELECT o.id, o.content_hash, art.body->>'text' FROM matter_assignments a"
            " JOIN source_objects o ON o.id = a.source_object_id AND o.deleted_at IS NULL"
            " JOIN artifacts art ON art.kind = 'structured_json'"
            "  AND art.content_hash = o.content_hash"
            " LEFT JOIN near_duplicate_signatures s ON s.source_object_id = o.id"
            " WHERE a.matter_id = :m"
            " AND (s.source_object_id IS NULL OR s.content_hash <> o.content_hash)"
        ),
        {"m": matter_id},
    ).all()
    for source_object_id, content_hash, body_text in rows:
        if body_text and minhash.shingles(body_text):
            store_signature(conn, source_object_id, content_hash, minhash.signature(body_text))
    return len(rows)


def version_row(conn: Connection, source: str) -> dict[str, Any] | None:
    row = (
        conn.execute(
            text("SELECT * FROM document_versions WHERE source_object_id = :s"), {"s": source}
        )
        .mappings()
        .first()
    )
    return dict(row) if row else None


def new_logical_document(conn: Connection, matter_id: str | None, title: str, key: str) -> str:
    ld = f"ld-{uuid.uuid4().hex[:16]}"
    conn.execute(
        text(
            "INSERT INTO logical_documents (id, matter_id, title, family_key)"
            " VALUES (:id, :m, :t, :k)"
        ),
        {"id": ld, "m": matter_id, "t": title[:300], "k": key},
    )
    return ld


def upsert_version(
    conn: Connection,
    source: str,
    logical_document_id: str,
    *,
    matter_id: str | None,
    content_hash: str | None,
    identity: str,
    label: str | None,
    duplicate_of: str | None,
    redline_against: str | None,
    provenance: dict[str, Any],
    producer_version: str,
) -> None:
    conn.execute(
        text(
            "INSERT INTO document_versions (source_object_id, logical_document_id, matter_id,"
            " content_hash, identity, version_label, duplicate_of, redline_against, provenance,"
            " producer_version) VALUES (:s, :ld, :m, :h, :i, :l, :d, :r, CAST(:p AS jsonb), :v)"
            " ON CONFLICT (source_object_id) DO UPDATE SET"
            " logical_document_id = EXCLUDED.logical_document_id, matter_id = EXCLUDED.matter_id,"
            " content_hash = EXCLUDED.content_hash, identity = EXCLUDED.identity,"
            " version_label = EXCLUDED.version_label, duplicate_of = EXCLUDED.duplicate_of,"
            " redline_against = EXCLUDED.redline_against, provenance = EXCLUDED.provenance,"
            " producer_version = EXCLUDED.producer_version, updated_at = now()"
        ),
        {
            "s": source,
            "ld": logical_document_id,
            "m": matter_id,
            "h": content_hash,
            "i": identity,
            "l": label,
            "d": duplicate_of,
            "r": redline_against,
            "p": json.dumps(provenance, default=str),
            "v": producer_version,
        },
    )


def placeholder_version(
    conn: Connection,
    source: str,
    *,
    matter_id: str | None,
    content_hash: str | None,
    title: str,
    family_key: str,
    label: str | None,
) -> str:
    """A target that has not related yet joins a logical document now; its own run refines it."""
    ld = new_logical_document(conn, matter_id, title, family_key)
    upsert_version(
        conn,
        source,
        ld,
        matter_id=matter_id,
        content_hash=content_hash,
        identity="new_document",
        label=label,
        duplicate_of=None,
        redline_against=None,
        provenance={"placeholder": True, "label_source": "filename" if label else None},
        producer_version="",
    )
    return ld


def fold(conn: Connection, abandoned: str, survivor: str) -> None:
    """Every member of an abandoned logical document moves to its survivor; none stays empty."""
    if abandoned == survivor:
        return
    conn.execute(
        text(
            "UPDATE document_versions SET logical_document_id = :s, updated_at = now()"
            " WHERE logical_document_id = :a"
        ),
        {"a": abandoned, "s": survivor},
    )
    conn.execute(text("DELETE FROM logical_documents WHERE id = :a"), {"a": abandoned})


def drop_if_empty(conn: Connection, logical_document_id: str | None) -> None:
    if logical_document_id:
        conn.execute(
            text(
                "DELETE FROM logical_documents l WHERE id = :id AND NOT EXISTS"
                " (SELECT 1 FROM document_versions v WHERE v.logical_document_id = l.id)"
            ),
            {"id": logical_document_id},
        )


# What a search lifts a candidate by (retrieval.search, SearchConfig.related_lift): every shown
# relation but byte-identical copies, which a document search already answers as one result.
_RELATED = text(
    "SELECT source_object_id, target_source_object_id FROM shown_relations"
    " WHERE relation <> 'duplicate_of'"
    " AND source_object_id = ANY(CAST(:ids AS text[]))"
    " AND target_source_object_id = ANY(CAST(:ids AS text[]))"
)


def related_among(conn: Connection, source_object_ids: list[str]) -> dict[str, set[str]]:
    """The documents each of `source_object_ids` is related to among them, either way round."""
    out: dict[str, set[str]] = {}
    for source, target in conn.execute(_RELATED, {"ids": source_object_ids}):
        out.setdefault(source, set()).add(target)
        out.setdefault(target, set()).add(source)
    return out
