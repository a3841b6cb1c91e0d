"""Rows beside the text chunks: a document profile (ordinal -1) and clause rows (1000+).

relate decides which file is a logical document's final or executed version; extract_metadata
finds its notable clauses. The profile makes "the final supply agreement with Acme" findable as
one document rather than as whichever passage happens to match; clause rows make "liability caps
in signed agreements" a clause-level query. Both exist only for final or executed versions, and
only the latest final version of a logical document carries the profile, so an agent searching
for the agreement is not shown three superseded drafts of it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from sqlalchemy import Connection, text

from knowledge_index.retrieval.chunk_store import log_change

PROFILE_ORDINAL = -1
CLAUSE_ORDINAL_BASE = 1000
PROFILE_TEXT_CHARS = 1_200
CLAUSE_CHARS = 1_500
# What a version status filter can ask for; labels relate records beyond these read as drafts.
FINAL_STATUSES = frozenset({"final", "executed"})


class DerivedChunk(BaseModel):
    ordinal: int
    text: str
    section_path: list[str]
    char_start: int | None = None
    char_end: int | None = None


class VersionFacts(BaseModel):
    """What relate recorded about one file's place in its logical document."""

    status: str | None = None
    logical_document_id: str | None = None
    latest_final: bool = False


def version_facts(conn: Connection, source_object_id: str) -> VersionFacts:
    row = (
        conn.execute(
            text(
                "SELECT v.logical_document_id, v.version_label, v.is_final, v.is_executed,"
                " v.identity, v.version_number,"
                " (SELECT max(o.version_number) FROM document_versions o"
                "   WHERE o.logical_document_id = v.logical_document_id"
                "   AND (o.is_final OR o.is_executed)) AS newest_final"
                " FROM document_versions v WHERE v.source_object_id = :id"
            ),
            {"id": source_object_id},
        )
        .mappings()
        .first()
    )
    if row is None:
        return VersionFacts()
    status = (
        "executed"
        if row["is_executed"]
        else "final"
        if row["is_final"]
        else (row["version_label"] or "draft")
    )
    latest = (
        status in FINAL_STATUSES
        and row["identity"] not in ("duplicate", "near_duplicate")
        and row["version_number"] is not None
        and row["version_number"] == row["newest_final"]
    )
    return VersionFacts(
        status=status, logical_document_id=row["logical_document_id"], latest_final=latest
    )


def profile_chunk(
    *,
    title: str,
    doc_type: str | None,
    matter: str | None,
    parties: list[str],
    doc_date: Any,
    body_text: str,
) -> DerivedChunk:
    facts = [
        f"Title: {title}",
        f"Type: {doc_type}" if doc_type else "",
        f"Matter: {matter}" if matter else "",
        f"Parties: {', '.join(parties)}" if parties else "",
        f"Date: {doc_date}" if doc_date else "",
    ]
    head = "\n".join(f for f in facts if f)
    return DerivedChunk(
        ordinal=PROFILE_ORDINAL,
        text=f"{head}\n\n{body_text[:PROFILE_TEXT_CHARS].strip()}",
        section_path=["Profile"],
    )


def clause_chunks(body_text: str, clauses: list[dict[str, Any]]) -> list[DerivedChunk]:
    """One row per notable clause: from its heading to the next clause heading (bounded)."""
    starts = sorted(
        {c["start"] for c in clauses if isinstance(c.get("start"), int) and c["start"] >= 0}
    )
    out: list[DerivedChunk] = []
    for i, clause in enumerate(sorted(clauses, key=lambda c: c.get("start") or 0)):
        start = clause.get("start")
        if not isinstance(start, int) or not 0 <= start < len(body_text):
            continue
        following = [s for s in starts if s > start]
        end = min(following[0] if following else len(body_text), start + CLAUSE_CHARS)
        snippet = body_text[start:end].strip()
        if not snippet:
            continue
        out.append(
            DerivedChunk(
                ordinal=CLAUSE_ORDINAL_BASE + i,
                text=snippet,
                section_path=["Clause", str(clause.get("clause_type") or "clause")],
                char_start=start,
                char_end=end,
            )
        )
    return out


def drop_sibling_profiles(conn: Connection, source_object_id: str, logical_document_id: str) -> int:
    """Only the latest final version carries the profile: older versions lose theirs."""
    rows = conn.execute(
        text(
            "DELETE FROM chunks c USING document_versions v"
            " WHERE c.source_object_id = v.source_object_id AND c.ordinal = :ordinal"
            " AND v.logical_document_id = :logical AND v.source_object_id <> :id"
            " RETURNING c.source_object_id"
        ),
        {"ordinal": PROFILE_ORDINAL, "logical": logical_document_id, "id": source_object_id},
    ).all()
    for (other,) in {tuple(r) for r in rows}:
        log_change(conn, other, "replace")
    return len(rows)
