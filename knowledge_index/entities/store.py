"""Entities in Postgres (written by `settle.py`) and the search_entities tool's ranking."""

from __future__ import annotations

import hashlib
from typing import Any, Literal

from pydantic import BaseModel, Field
from rapidfuzz import fuzz
from sqlalchemy import Connection, text

from knowledge_index.entities.names import normalize_name
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


def all_entities(conn: Connection) -> list[Entity]:
    return _rows(conn, "true ORDER BY created_at, id", {})


def entity_id_for(key: str) -> str:
    return "e-" + hashlib.sha256(f"{DEFAULT_PROJECT}\x00{key}".encode()).hexdigest()[:12]


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
