"""Decisions, entities and taxonomies: what extract_decisions and extract_metadata recorded.

Structured evidence is withheld unless it resolves to a document the caller may see
(a decision or entity without an authorized source document is never returned).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, text

from knowledge_index.entities.names import normalize_name
from knowledge_index.mcp.decisions import contains_pattern, search_decisions
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


def resolve_entity(
    conn: Connection,
    principals: list[str],
    name: str,
    kind: str | None,
    limit: int,
) -> tuple[list[EntityRow], list[str]]:
    """Entities named in documents the caller may see, told only what those documents say.

    An entity's aliases and register numbers accumulate from every document that names it; the
    caller gets (and is matched on) only the spellings and identifiers its visible documents
    carry, so neither the answer nor whether a name matched reveals a hidden document.
    """
    params: dict[str, Any] = {
        "principals": principals,
        "pattern": contains_pattern(name),
        "kind": kind,
        "cap": max(limit * CANDIDATES_PER_RESULT, limit),
    }
    backed = (
        "EXISTS (SELECT 1 FROM document_parties dp JOIN source_objects o"
        f" ON o.id = dp.source_object_id WHERE dp.entity_id = e.id AND {visible_sql('o')})"
    )
    # Candidates by any spelling; narrowed below to what visible documents support.
    candidates = conn.execute(
        text(
            "SELECT e.id, e.name, e.normalized_name, e.kind, e.aliases, e.identifiers"
            " FROM entities e"
            " WHERE (e.name ILIKE :pattern OR e.normalized_name ILIKE :pattern"
            " OR EXISTS (SELECT 1 FROM unnest(e.aliases) al WHERE al ILIKE :pattern)"
            " OR EXISTS (SELECT 1 FROM document_parties m"
            "  WHERE m.entity_id = e.id AND m.mention ILIKE :pattern))"
            " AND (CAST(:kind AS text) IS NULL OR e.kind = :kind)"
            f" AND {backed} ORDER BY e.name, e.id LIMIT :cap"
        ),
        params,
    ).all()
    if not candidates:
        return [], []
    parties = conn.execute(
        text(
            "SELECT dp.entity_id, dp.source_object_id, dp.role, dp.mention, dp.provenance"
            " FROM document_parties dp WHERE dp.entity_id = ANY(CAST(:ids AS text[]))"
            " ORDER BY dp.entity_id, dp.source_object_id"
        ),
        {"ids": [r.id for r in candidates]},
    ).all()
    docs = visible_documents(conn, principals, sorted({p.source_object_id for p in parties}))
    seen: dict[str, list[Any]] = {}
    for party in parties:
        if party.source_object_id in docs:
            seen.setdefault(party.entity_id, []).append(party)
    out = [
        row
        for r in candidates
        if (row := _entity_row(r, seen.get(r.id, []), docs)) is not None
        and _matches(name, row, seen.get(r.id, []))
    ]
    out.sort(key=lambda e: (e.name.lower() != name.lower(), e.name, e.entity_id))
    return out[:limit], []


CANDIDATES_PER_RESULT = 10


def _entity_row(r: Any, visible: list[Any], docs: dict[str, Any]) -> EntityRow | None:
    if not visible:
        return None
    spellings = {normalize_name(p.mention) for p in visible if p.mention}
    stated: dict[str, str] = {}
    for p in visible:
        for key, value in ((p.provenance or {}).get("identifiers") or {}).items():
            if (r.identifiers or {}).get(key) == value:
                stated.setdefault(key, value)
    # The canonical name is the first document's spelling; another document's spelling stands
    # in when that one is not among the caller's.
    mentions = [p.mention for p in visible if p.mention]
    shown = r.name if r.normalized_name in spellings or not mentions else mentions[0]
    return EntityRow(
        entity_id=r.id,
        name=shown,
        kind=r.kind,
        aliases=[a for a in (r.aliases or []) if a in spellings],
        identifiers=stated,
        evidence=[
            EntityEvidence(
                role=p.role, mention=p.mention, citation=docs[p.source_object_id].citation
            )
            for p in visible[:EVIDENCE_PER_ENTITY]
        ],
    )


def _matches(name: str, row: EntityRow, visible: list[Any]) -> bool:
    """The ILIKE the candidates passed, repeated over the spellings the caller may see."""
    needle = name.casefold()
    mentions = [p.mention for p in visible if p.mention]
    names = [row.name, *row.aliases, *mentions, *map(normalize_name, mentions)]
    return any(needle in n.casefold() for n in names)


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
