"""Decisions over MCP: what extract_decisions recorded, on both axes, for visible documents only.

A decision is returned only when its source document is visible to the caller (checked in the
query, `visible_sql`), and the version it was redlined against is named only when the caller
may see that one too (otherwise `against_source_object_id` is null): an edge never reveals a
hidden id. Only decisions of the document's current content are returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, text

from knowledge_index.decisions.taxonomy import active_taxonomies
from knowledge_index.mcp.catalog import columns
from knowledge_index.mcp.documents import metadata_exprs, visible_documents
from knowledge_index.mcp.models import DecisionRow, DecisionView, Taxonomy, TaxonomyNode
from knowledge_index.mcp.visibility import visible_sql

# Older databases (before migration 013) lack the two axes' columns: read what exists.
_AXES = ("topic", "change_type")


def contains_pattern(value: str) -> str:
    """An ILIKE pattern matching `value` anywhere, its own wildcards taken literally."""
    escaped = value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _hidden_against(conn: Connection, principals: list[str], rows: Sequence[Any]) -> set[str]:
    against = {r.against for r in rows if r.against}
    return against - set(visible_documents(conn, principals, sorted(against)))


def search_decisions(
    conn: Connection,
    principals: list[str],
    query: str | None,
    matter_ids: list[str] | None,
    limit: int,
    offset: int,
    *,
    topic: str | None = None,
    rationale_category: str | None = None,
) -> tuple[list[DecisionRow], int, list[str]]:
    have = columns(conn, "decisions")
    if not {"id", "source_object_id"} <= have:
        return [], 0, ["decisions table lacks id/source_object_id; withheld (fail closed)"]
    e = metadata_exprs()
    params: dict[str, Any] = {
        "principals": principals,
        "pattern": contains_pattern(query or ""),
        "limit": limit,
        "offset": offset,
    }
    # Decisions of the file's current content only, as export and get_document show them.
    where = [
        visible_sql("o"),
        "d.content_hash = o.content_hash",
        # The counterpart's id is no searchable text: matching on it would tell a caller which
        # hidden document a visible redline was made against.
        "(to_jsonb(d) - 'against_source_object_id')::text ILIKE :pattern",
    ]
    if matter_ids is not None:
        params["matter_ids"] = matter_ids
        where.append(f"{e.matter} = ANY(CAST(:matter_ids AS text[]))")
    for name, value in (("topic", topic), ("rationale_category", rationale_category)):
        if value is not None:
            if name not in have:
                return [], 0, [f"decisions table lacks {name}; filter cannot apply"]
            params[name] = value
            where.append(f"d.{name} = :{name}")
    rows = conn.execute(
        text(
            "SELECT d.id::text AS id, o.id AS source_object_id, to_jsonb(d) AS fields,"
            " d.against_source_object_id AS against,"
            " count(*) OVER () AS total FROM decisions d"
            f" JOIN source_objects o ON o.id = d.source_object_id {e.joins}"
            f" WHERE {' AND '.join(where)} ORDER BY d.id LIMIT :limit OFFSET :offset"
        ),
        params,
    ).all()
    docs = visible_documents(conn, principals, sorted({r.source_object_id for r in rows}))
    hidden = _hidden_against(conn, principals, rows)
    out = []
    for r in rows:
        if r.source_object_id not in docs:
            continue
        fields = dict(r.fields)
        if fields.get("against_source_object_id") in hidden:
            fields["against_source_object_id"] = None
        out.append(
            DecisionRow(decision_id=r.id, fields=fields, citation=docs[r.source_object_id].citation)
        )
    return out, (rows[0].total if rows else 0), []


def decisions_of(
    conn: Connection, principals: list[str], source_object_ids: Sequence[str]
) -> list[DecisionView]:
    """The current decisions of those of `source_object_ids` the caller may see, in order."""
    if not source_object_ids or "source_object_id" not in columns(conn, "decisions"):
        return []
    have = columns(conn, "decisions")
    axes = ", ".join(f"d.{c}" if c in have else f"NULL AS {c}" for c in _AXES)
    rows = conn.execute(
        text(
            "SELECT d.id::text AS id, d.source_object_id, d.ordinal, d.locus, d.change_summary,"
            f" d.rationale_category, d.rationale_text, d.generalizability, {axes},"
            " d.against_source_object_id AS against FROM decisions d"
            " JOIN source_objects o ON o.id = d.source_object_id"
            " WHERE d.source_object_id = ANY(CAST(:ids AS text[]))"
            f" AND d.content_hash = o.content_hash AND {visible_sql('o')}"
            " ORDER BY d.source_object_id, d.ordinal"
        ),
        {"ids": list(source_object_ids), "principals": principals},
    ).all()
    hidden = _hidden_against(conn, principals, rows)
    return [
        DecisionView(
            decision_id=r.id,
            source_object_id=r.source_object_id,
            ordinal=r.ordinal,
            locus=r.locus,
            topic=r.topic,
            rationale_category=r.rationale_category,
            change_type=r.change_type,
            change_summary=r.change_summary,
            rationale_text=r.rationale_text,
            generalizability=r.generalizability,
            against_source_object_id=None if r.against in hidden else r.against,
        )
        for r in rows
    ]


def decision_taxonomies(topic_path: str = "", rationale_path: str = "") -> list[Taxonomy]:
    """The topic and rationale ids search_decisions filters by, as the firm configured them."""
    active = active_taxonomies(topic_path, rationale_path)
    return [
        Taxonomy(
            name=f"decision_{t.kind}",
            source=t.fingerprint,
            nodes=[TaxonomyNode(id=c.id, label=c.label_en) for c in t.categories],
        )
        for t in (active.topic, active.rationale)
    ]
