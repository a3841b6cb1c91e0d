"""Entities and document parties in Postgres, and the search_entities tool's ranking."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Literal

from pydantic import BaseModel, Field
from rapidfuzz import fuzz
from sqlalchemy import Connection, text

from knowledge_index.entities.names import identity_key, normalize_name
from knowledge_index.matters.search import Page
from knowledge_index.matters.store import DEFAULT_PROJECT

Role = Literal["client", "counterparty", "advisor", "other"]
Kind = Literal["company", "person", "court", "authority", "other"]
SEARCH_FLOOR = 70.0


class Entity(BaseModel):
    id: str
    project: str = DEFAULT_PROJECT
    name: str
    normalized_name: str
    kind: Kind = "company"
    identifiers: dict[str, str] = Field(default_factory=dict)
    identity_key: str
    aliases: list[str] = Field(default_factory=list)


_COLUMNS = "id, project, name, normalized_name, kind, identifiers, identity_key, aliases"


def _rows(conn: Connection, where: str, params: dict[str, Any]) -> list[Entity]:
    return [
        Entity.model_validate(dict(r))
        for r in conn.execute(
            text(f"SELECT {_COLUMNS} FROM entities WHERE project = :project AND {where}"),
            {"project": DEFAULT_PROJECT, **params},
        ).mappings()
    ]


def by_identifier(conn: Connection, kind: str, value: str) -> list[Entity]:
    return _rows(
        conn,
        "(identity_key = :key OR identifiers @> CAST(:json AS jsonb))",
        {"key": f"reg:{kind}:{value}", "json": json.dumps({kind: value})},
    )


def by_name(conn: Connection, normalized: str) -> list[Entity]:
    """Identical normalized name, or the name is on the entity's alias ledger."""
    return _rows(
        conn,
        "(normalized_name = :n OR :n = ANY(aliases)) ORDER BY created_at, id",
        {"n": normalized},
    )


def all_entities(conn: Connection) -> list[Entity]:
    return _rows(conn, "true ORDER BY created_at, id", {})


def entity_id_for(key: str) -> str:
    return "e-" + hashlib.sha256(f"{DEFAULT_PROJECT}\x00{key}".encode()).hexdigest()[:12]


def create_entity(
    conn: Connection,
    name: str,
    identifiers: dict[str, str],
    *,
    kind: Kind = "company",
    provenance: dict[str, Any] | None = None,
) -> Entity:
    """Insert, or return the row another worker inserted under the same identity key."""
    normalized = normalize_name(name)
    key = identity_key(normalized, identifiers)
    conn.execute(
        text(
            "INSERT INTO entities (id, project, name, normalized_name, kind, identifiers,"
            " identity_key, provenance) VALUES (:id, :project, :name, :n, :kind,"
            " CAST(:ids AS jsonb), :key, CAST(:prov AS jsonb))"
            " ON CONFLICT (project, identity_key) DO NOTHING"
        ),
        {
            "id": entity_id_for(key),
            "project": DEFAULT_PROJECT,
            "name": name,
            "n": normalized,
            "kind": kind,
            "ids": json.dumps(identifiers),
            "key": key,
            "prov": json.dumps(provenance or {}, default=str),
        },
    )
    return _rows(conn, "identity_key = :key", {"key": key})[0]


def enrich(conn: Connection, entity: Entity, surface: str, identifiers: dict[str, str]) -> None:
    """Add a new spelling to the alias ledger and identifiers the entity did not know yet; a
    name in capitals ("KESTREL BIDCO GMBH", a pleading's or a facility agreement's party
    clause) gives way to the same name in ordinary case, whichever document came first."""
    normalized = normalize_name(surface)
    new_ids = {k: v for k, v in identifiers.items() if k not in entity.identifiers}
    if normalized == entity.normalized_name and entity.name.isupper() and not surface.isupper():
        conn.execute(
            text("UPDATE entities SET name = :name, updated_at = now() WHERE id = :id"),
            {"name": surface, "id": entity.id},
        )
        entity.name = surface
    if normalized != entity.normalized_name and normalized not in entity.aliases:
        conn.execute(
            text(
                "UPDATE entities SET aliases = array_append(aliases, :a), updated_at = now()"
                " WHERE id = :id AND NOT (:a = ANY(aliases))"
            ),
            {"a": normalized, "id": entity.id},
        )
        entity.aliases.append(normalized)
    if new_ids:
        conn.execute(
            text(
                "UPDATE entities SET identifiers = identifiers || CAST(:ids AS jsonb),"
                " updated_at = now() WHERE id = :id"
            ),
            {"ids": json.dumps(new_ids), "id": entity.id},
        )
        entity.identifiers.update(new_ids)


def entity_matters(conn: Connection, entity_ids: list[str]) -> dict[str, set[str]]:
    """Matter ids each entity appears on (through its documents)."""
    out: dict[str, set[str]] = {e: set() for e in entity_ids}
    for entity_id, matter_id in conn.execute(
        text(
            "SELECT DISTINCT p.entity_id, a.matter_id FROM document_parties p"
            " JOIN matter_assignments a ON a.source_object_id = p.source_object_id"
            " WHERE p.entity_id = ANY(CAST(:ids AS text[]))"
        ),
        {"ids": entity_ids},
    ):
        out[entity_id].add(matter_id)
    return out


def roles_on_matter(conn: Connection, matter_id: str, exclude_document: str) -> dict[str, str]:
    """entity id -> the role it already carries on this matter (first recorded wins)."""
    roles: dict[str, str] = {}
    for entity_id, role in conn.execute(
        text(
            "SELECT p.entity_id, p.role FROM document_parties p"
            " JOIN matter_assignments a ON a.source_object_id = p.source_object_id"
            " JOIN source_objects o ON o.id = p.source_object_id"
            " WHERE a.matter_id = :m AND p.source_object_id <> :d ORDER BY o.seq"
        ),
        {"m": matter_id, "d": exclude_document},
    ):
        roles.setdefault(entity_id, role)
    return roles


def replace_parties(conn: Connection, source_object_id: str, parties: list[dict[str, Any]]) -> None:
    conn.execute(
        text("DELETE FROM document_parties WHERE source_object_id = :o"), {"o": source_object_id}
    )
    for p in parties:
        conn.execute(
            text(
                "INSERT INTO document_parties (source_object_id, entity_id, role, mention,"
                " provenance) VALUES (:o, :e, :r, :m, CAST(:p AS jsonb))"
                " ON CONFLICT (source_object_id, entity_id) DO NOTHING"
            ),
            {
                "o": source_object_id,
                "e": p["entity_id"],
                "r": p["role"],
                "m": p["mention"],
                "p": json.dumps(p.get("provenance") or {}, default=str),
            },
        )


class EntityHit(BaseModel):
    entity_id: str
    name: str
    kind: str
    identifiers: dict[str, str]
    aliases: list[str]
    matters: list[str]
    score: float


class EntitySearchResult(BaseModel):
    results: list[EntityHit]
    page: Page


def search_entities(
    conn: Connection, query: str, limit: int = 8, offset: int = 0
) -> EntitySearchResult:
    """Rank every entity by name similarity (normalized, aliases included) and identifiers."""
    from knowledge_index.entities.names import REGISTER

    q = normalize_name(query)
    reg = REGISTER.search(query)
    scored: list[tuple[float, Entity]] = []
    for e in all_entities(conn):
        best = max(fuzz.token_set_ratio(q, n) for n in [e.normalized_name, *e.aliases] if n)
        if reg and e.identifiers.get(reg.group(2).lower()) == reg.group(3):
            best = max(best, 100.0) + 50
        if best >= SEARCH_FLOOR:
            scored.append((best, e))
    scored.sort(key=lambda t: (-t[0], t[1].id))
    window = scored[offset : offset + limit]
    matters = entity_matters(conn, [e.id for _, e in window])
    refs: dict[str, str] = {}
    wanted = sorted({m for ms in matters.values() for m in ms})
    if wanted:
        refs = dict(
            conn.execute(
                text("SELECT id, reference_number FROM matters WHERE id = ANY(CAST(:i AS text[]))"),
                {"i": wanted},
            ).all()
        )
    hits = [
        EntityHit(
            entity_id=e.id,
            name=e.name,
            kind=e.kind,
            identifiers=e.identifiers,
            aliases=e.aliases,
            matters=sorted(refs.get(m, m) for m in matters[e.id]),
            score=round(s, 1),
        )
        for s, e in window
    ]
    return EntitySearchResult(
        results=hits,
        page=Page.window(offset, limit, len(hits), len(scored)),
    )
