"""Decisions, entities and taxonomies: what extract_decisions and extract_metadata recorded.

Structured evidence is withheld unless it resolves to a document the caller may see
(a decision or entity without an authorized source document is never returned).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, text

from knowledge_index.mcp.decisions import search_decisions
from knowledge_index.mcp.documents import visible_documents
from knowledge_index.mcp.models import (
    EntityEvidence,
    EntityRow,
    Taxonomy,
    TaxonomyNode,
)
from knowledge_index.mcp.visibility import visible_sql

__all__ = ["resolve_entity", "search_decisions", "taxonomies"]

EVIDENCE_PER_ENTITY = 20


def _like(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def resolve_entity(
    conn: Connection,
    principals: list[str],
    name: str,
    kind: str | None,
    limit: int,
) -> tuple[list[EntityRow], list[str]]:
    params: dict[str, Any] = {
        "principals": principals,
        "pattern": _like(name),
        "exact": name.lower(),
        "kind": kind,
        "limit": limit,
    }
    backed = (
        "EXISTS (SELECT 1 FROM document_parties dp JOIN source_objects o"
        f" ON o.id = dp.source_object_id WHERE dp.entity_id = e.id AND {visible_sql('o')})"
    )
    entities = conn.execute(
        text(
            "SELECT e.id, e.name, e.kind, e.aliases, e.identifiers FROM entities e"
            " WHERE (e.name ILIKE :pattern OR e.normalized_name ILIKE :pattern"
            " OR EXISTS (SELECT 1 FROM unnest(e.aliases) al WHERE al ILIKE :pattern))"
            " AND (CAST(:kind AS text) IS NULL OR e.kind = :kind)"
            f" AND {backed}"
            " ORDER BY (lower(e.name) = :exact) DESC, e.name, e.id LIMIT :limit"
        ),
        params,
    ).all()
    if not entities:
        return [], []
    parties = conn.execute(
        text(
            "SELECT dp.entity_id, dp.source_object_id, dp.role, dp.mention FROM document_parties dp"
            " WHERE dp.entity_id = ANY(CAST(:ids AS text[]))"
            " ORDER BY dp.entity_id, dp.source_object_id"
        ),
        {"ids": [r.id for r in entities]},
    ).all()
    docs = visible_documents(conn, principals, sorted({p[1] for p in parties}))
    evidence: dict[str, list[EntityEvidence]] = {}
    for entity_id, source_object_id, role, mention in parties:
        if (
            source_object_id in docs
            and len(evidence.setdefault(entity_id, [])) < EVIDENCE_PER_ENTITY
        ):
            evidence[entity_id].append(
                EntityEvidence(role=role, mention=mention, citation=docs[source_object_id].citation)
            )
    out = [
        EntityRow(
            entity_id=r.id,
            name=r.name,
            kind=r.kind,
            aliases=list(r.aliases or []),
            identifiers=dict(r.identifiers or {}),
            evidence=evidence[r.id],
        )
        for r in entities
        if evidence.get(r.id)
    ]
    return out, []


def taxonomies(taxonomy_path: Path | None) -> tuple[list[Taxonomy], list[str]]:
    """A configured taxonomy file, else the packaged ontology extract_metadata types with."""
    found: list[Taxonomy] = []
    if taxonomy_path is not None and taxonomy_path.is_file():
        data = json.loads(taxonomy_path.read_text(encoding="utf-8"))
        for name, items in data.items() if isinstance(data, dict) else []:
            if isinstance(items, list):
                found.append(
                    Taxonomy(
                        name=str(name), source=f"file {taxonomy_path.name}", nodes=_nodes(items)
                    )
                )
    if not found:
        found.append(_packaged_ontology())
    return found, []


def _packaged_ontology() -> Taxonomy:
    """The ontology extract_metadata types documents with (knowledge_index.ontology)."""
    from knowledge_index.ontology import DEFAULT_ONTOLOGY, load_ontology

    data = load_ontology().data
    return Taxonomy(
        name=data.name,
        source=f"packaged {DEFAULT_ONTOLOGY.name} v{data.version}",
        nodes=[TaxonomyNode(id=n.id, label=n.label_en, parent_id=n.parent) for n in data.nodes],
    )


def _nodes(items: Any) -> list[TaxonomyNode]:
    nodes = []
    for item in items:
        if not isinstance(item, dict) or item.get("id") is None:
            continue
        label = item.get("label") or item.get("name") or item["id"]
        parent = item.get("parent_id") or item.get("parent")
        nodes.append(
            TaxonomyNode(
                id=str(item["id"]), label=str(label), parent_id=str(parent) if parent else None
            )
        )
    return nodes
