"""Source-object-level queries over Postgres: listing, lookup, scope counts. No embeddings.

Metadata comes from the chunks (what the index stage projected) and from matter_assignments /
document_metadata, which win because they are the stages' own records. Every query applies
`visible_sql` in its WHERE clause, so rows the caller may not see are never read into Python.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, text

from knowledge_index.mcp.models import DocumentRow, Filters
from knowledge_index.mcp.visibility import visible_sql
from knowledge_index.objects import store as objects
from knowledge_index.retrieval.service import Citation


@dataclass(frozen=True)
class Expr:
    """SQL expressions for a source object's effective metadata."""

    joins: str
    matter: str
    doc_type: str
    language: str
    doc_date: str
    title: str
    status: str = "ch.status"


def metadata_exprs() -> Expr:
    joins = [
        "JOIN sources s ON s.id = o.source_id",
        "LEFT JOIN LATERAL (SELECT c.matter_id, c.doc_type, c.status, c.language, c.doc_date,"
        " c.title FROM chunks c WHERE c.source_object_id = o.id ORDER BY c.ordinal LIMIT 1)"
        " ch ON true",
        "LEFT JOIN matter_assignments ma ON ma.source_object_id = o.id",
        "LEFT JOIN document_metadata dm ON dm.source_object_id = o.id",
    ]
    return Expr(
        joins=" ".join(joins),
        matter="COALESCE(ma.matter_id, ch.matter_id)",
        doc_type="COALESCE(dm.doc_type, ch.doc_type)",
        language="COALESCE(dm.language, ch.language)",
        doc_date="COALESCE(dm.doc_date, ch.doc_date)",
        title="COALESCE(COALESCE(NULLIF(dm.title, ''), NULLIF(ch.title, '')),"
        " regexp_replace(o.path, '^.*/', ''))",
    )


def _select(e: Expr) -> str:
    return (
        "o.id, o.source_id, s.kind, o.path, o.content_hash, o.size_bytes, o.parent_id,"
        f" o.child_relation, {e.matter} AS matter_id, {e.doc_type} AS doc_type,"
        f" {e.status} AS status, {e.language} AS language, {e.doc_date} AS doc_date,"
        f" {e.title} AS title,"
        " (SELECT count(*) FROM chunks cc WHERE cc.source_object_id = o.id) AS chunk_count"
    )


def filter_sql(
    e: Expr, filters: Filters | None, path_prefix: str | None, params: dict[str, Any]
) -> str:
    """WHERE clauses for the typed filters; None means unrestricted, [] matches nothing."""
    clauses = [visible_sql("o")]
    if filters is not None:
        for name, expr in (
            ("matter_ids", e.matter),
            ("doc_types", e.doc_type),
            ("statuses", e.status),
            ("languages", e.language),
        ):
            values = getattr(filters, name)
            if values is None:
                continue
            params[name] = list(values)
            clauses.append(f"{expr} = ANY(CAST(:{name} AS text[]))")
        if filters.date_from:
            params["date_from"] = filters.date_from
            clauses.append(f"{e.doc_date} >= :date_from")
        if filters.date_to:
            params["date_to"] = filters.date_to
            clauses.append(f"{e.doc_date} <= :date_to")
    if path_prefix:
        # left() instead of LIKE: no wildcard escaping to get wrong.
        params["path_prefix"] = path_prefix
        clauses.append("left(o.path, length(:path_prefix)) = :path_prefix")
    return " AND ".join(clauses)


def version_id(source_object_id: str, content_hash: str) -> str:
    # Same rule as the index stage (stages.index.version_id), kept here to avoid importing it.
    return f"{source_object_id}@{content_hash[:16]}"


def to_row(r: Any) -> DocumentRow:
    return DocumentRow(
        citation=Citation(
            matter_id=r.matter_id,
            source_object_id=r.id,
            version_id=version_id(r.id, r.content_hash),
            connector=r.kind,
            source_id=r.source_id,
            path=r.path,
        ),
        title=r.title,
        doc_type=r.doc_type,
        status=r.status,
        language=r.language,
        doc_date=r.doc_date,
        size_bytes=r.size_bytes,
        chunk_count=r.chunk_count,
        parent_source_object_id=r.parent_id,
        child_relation=r.child_relation,
    )


def list_documents(
    conn: Connection,
    principals: list[str],
    filters: Filters | None,
    path_prefix: str | None,
    limit: int,
    offset: int,
) -> tuple[list[DocumentRow], int]:
    e = metadata_exprs()
    params: dict[str, Any] = {"principals": principals, "limit": limit, "offset": offset}
    where = filter_sql(e, filters, path_prefix, params)
    rows = conn.execute(
        text(
            f"SELECT {_select(e)}, count(*) OVER () AS total FROM source_objects o {e.joins}"
            f" WHERE {where} ORDER BY o.seq LIMIT :limit OFFSET :offset"
        ),
        params,
    ).all()
    if rows:
        return [to_row(r) for r in rows], rows[0].total
    if offset == 0:
        return [], 0
    total = conn.execute(
        text(f"SELECT count(*) FROM source_objects o {e.joins} WHERE {where}"), params
    ).scalar_one()
    return [], total


def visible_documents(
    conn: Connection, principals: list[str], ids: Sequence[str]
) -> dict[str, DocumentRow]:
    """The subset of `ids` the caller may see, as rows; unknown and hidden ids are simply absent."""
    if not ids:
        return {}
    e = metadata_exprs()
    rows = conn.execute(
        text(
            f"SELECT {_select(e)} FROM source_objects o {e.joins}"
            f" WHERE o.id = ANY(CAST(:ids AS text[])) AND {visible_sql('o')}"
        ),
        {"ids": list(ids), "principals": principals},
    ).all()
    return {r.id: to_row(r) for r in rows}


def visible_ids(conn: Connection, principals: list[str], ids: Sequence[str]) -> set[str]:
    """The subset of `ids` the caller may see now: the live check, without row metadata."""
    if not ids:
        return set()
    return set(
        conn.execute(
            text(
                "SELECT o.id FROM source_objects o WHERE o.id = ANY(CAST(:ids AS text[]))"
                f" AND {visible_sql('o')}"
            ),
            {"ids": list(ids), "principals": principals},
        ).scalars()
    )


def document_content_hash(conn: Connection, source_object_id: str) -> str | None:
    return objects.content_hash_of(conn, source_object_id)


@dataclass(frozen=True)
class Scope:
    document_count: int
    chunk_count: int
    by_matter: list[tuple[str | None, int]]
    source_object_ids: list[str]


def scope(
    conn: Connection,
    principals: list[str],
    filters: Filters | None,
    path_prefix: str | None,
    max_ids: int,
) -> Scope:
    e = metadata_exprs()
    params: dict[str, Any] = {"principals": principals, "max_ids": max_ids}
    where = filter_sql(e, filters, path_prefix, params)
    base = (
        f"SELECT o.id, o.seq, {e.matter} AS matter_id,"
        " (SELECT count(*) FROM chunks cc WHERE cc.source_object_id = o.id) AS chunk_count"
        f" FROM source_objects o {e.joins} WHERE {where}"
    )
    by_matter = conn.execute(
        text(
            f"WITH scope AS ({base}) SELECT matter_id, count(*), sum(chunk_count) FROM scope"
            " GROUP BY matter_id ORDER BY matter_id NULLS LAST"
        ),
        params,
    ).all()
    ids = conn.execute(
        text(f"WITH scope AS ({base}) SELECT id FROM scope ORDER BY seq LIMIT :max_ids"), params
    ).scalars()
    return Scope(
        document_count=sum(r[1] for r in by_matter),
        chunk_count=int(sum(r[2] or 0 for r in by_matter)),
        by_matter=[(r[0], r[1]) for r in by_matter],
        source_object_ids=list(ids),
    )


def matters(
    conn: Connection, principals: list[str], limit: int, offset: int
) -> tuple[list[dict[str, Any]], int]:
    """Matters with at least one document visible to the caller, with that visible count."""
    e = metadata_exprs()
    params: dict[str, Any] = {"principals": principals, "limit": limit, "offset": offset}
    rows = conn.execute(
        text(
            f"WITH v AS (SELECT {e.matter} AS matter_id FROM source_objects o {e.joins}"
            f" WHERE {visible_sql('o')}),"
            " g AS (SELECT matter_id, count(*) AS n FROM v WHERE matter_id IS NOT NULL"
            " GROUP BY matter_id)"
            " SELECT g.matter_id, g.n, m.title, m.reference_number, m.practice_area,"
            " count(*) OVER () AS total FROM g LEFT JOIN matters m ON m.id = g.matter_id"
            " ORDER BY g.matter_id LIMIT :limit OFFSET :offset"
        ),
        params,
    ).mappings()
    out = [dict(r) for r in rows]
    return out, (out[0]["total"] if out else 0)
