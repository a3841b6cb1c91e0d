"""Walking relations from a source object: containment and the relate stage's relations.

Containment (zip entries, e-mail attachments) is recorded on the source objects; version
chains, threads and references are the relate stage's `relations` rows. Neighbours the caller
may not see are dropped before anything is returned, so an edge never reveals a hidden id.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import Connection, text

from knowledge_index.mcp.catalog import columns
from knowledge_index.mcp.documents import visible_documents
from knowledge_index.mcp.models import DocumentRow, Edge
from knowledge_index.objects import store as objects

RELATIONS_COLUMNS = {"source_object_id", "target_source_object_id", "relation"}
_CONTAINMENT_KIND = {
    "email_attachment": "attachment_of",
    "zip_entry": "zip_entry_of",
    "mailbox_message": "message_in_mailbox",
}


@dataclass
class Walk:
    nodes: dict[str, DocumentRow] = field(default_factory=dict)
    edges: list[Edge] = field(default_factory=list)
    truncated: bool = False
    notes: list[str] = field(default_factory=list)


def _candidate_edges(conn: Connection, ids: list[str], with_relations: bool) -> list[Edge]:
    edges: list[Edge] = []
    for link in objects.containment(conn, ids):
        kind = _CONTAINMENT_KIND.get(link.relation or "", "contained_in")
        edges.append(
            Edge(
                from_source_object_id=link.child_id,
                to_source_object_id=link.parent_id,
                kind=kind,
                origin="containment",
            )
        )
    if with_relations:
        rows = conn.execute(
            text(
                "SELECT source_object_id, target_source_object_id, relation FROM shown_relations"
                " WHERE source_object_id = ANY(CAST(:ids AS text[]))"
                " OR target_source_object_id = ANY(CAST(:ids AS text[]))"
            ),
            {"ids": ids},
        ).all()
        edges.extend(
            Edge(from_source_object_id=a, to_source_object_id=b, kind=str(k), origin="relations")
            for a, b, k in rows
        )
    return edges


def walk(
    conn: Connection,
    principals: list[str],
    root: DocumentRow,
    *,
    depth: int,
    limit: int,
    kinds: list[str] | None = None,
) -> Walk:
    result = Walk()
    with_relations = columns(conn, "relations") >= RELATIONS_COLUMNS
    if not with_relations:
        # Fail closed: without the document columns an edge cannot be permission-checked.
        result.notes.append("relations table lacks the expected document columns; withheld")
    root_id = root.citation.source_object_id
    seen_edges: set[tuple[str, str, str]] = set()
    frontier = [root_id]
    reached = {root_id}
    for _ in range(depth):
        candidates = [
            e
            for e in _candidate_edges(conn, frontier, with_relations)
            if kinds is None or e.kind in kinds
        ]
        other_ids = {e.from_source_object_id for e in candidates} | {
            e.to_source_object_id for e in candidates
        }
        visible = visible_documents(conn, principals, sorted(other_ids - {root_id}))
        visible[root_id] = root
        next_frontier: list[str] = []
        for e in candidates:
            key = (e.from_source_object_id, e.to_source_object_id, e.kind)
            if key in seen_edges:
                continue
            if e.from_source_object_id not in visible or e.to_source_object_id not in visible:
                continue
            if len(result.edges) >= limit:
                result.truncated = True
                break
            seen_edges.add(key)
            result.edges.append(e)
            for source_object_id in (e.from_source_object_id, e.to_source_object_id):
                if source_object_id not in reached:
                    reached.add(source_object_id)
                    result.nodes[source_object_id] = visible[source_object_id]
                    next_frontier.append(source_object_id)
        frontier = next_frontier
        if not frontier or result.truncated:
            break
    return result
