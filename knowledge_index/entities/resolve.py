"""Party resolution by rule, so one real company is one row across every matter.

The agent proposes mentions (name, identifiers, role, optionally an entity it found with
search_entities). The document's mentions are recorded and the group of mentions they reach is
settled again as a whole (`settle.py`, rules in `clusters.py`): a shared register number, an
identical name without a contradicting number, a contained name the matter corroborates. So
which entity a mention is, and how that entity is named, depends on the mentions and never on
which document was read first. The firm (firm.name / firm.aliases) is always `advisor`, never
its own client; a matter's role for an entity is `client` where any of its documents says so,
else what most of them say.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field
from sqlalchemy import Connection, text

from knowledge_index.entities.settle import record_mentions, settle
from knowledge_index.entities.store import Role
from knowledge_index.settings import Settings


class PartyMention(BaseModel):
    """One party as the agent submits it."""

    name: str = Field(min_length=2, max_length=300)
    role: Role = "other"
    identifiers: dict[str, str] = Field(
        default_factory=dict, description="e.g. {'hrb': '12345', 'register_court': 'München'}"
    )
    entity_id: str | None = Field(None, description="An entity search_entities returned.")


class ResolvedParty(BaseModel):
    entity_id: str
    name: str
    role: Role
    mention: str
    rule: str
    provenance: dict[str, Any] = Field(default_factory=dict)


class Resolution(BaseModel):
    parties: list[ResolvedParty]
    # Documents read earlier whose parties this one changed: they owe extract_decisions again.
    reopened: list[str] = Field(default_factory=list)


def resolve_parties(
    conn: Connection, settings: Settings, source_object_id: str, mentions: list[PartyMention]
) -> Resolution:
    """Record the document's mentions, settle their group, return the document's parties."""
    seeds = record_mentions(conn, source_object_id, [m.model_dump() for m in mentions])
    firm = [settings.firm.name, *settings.firm.aliases]
    reopened = settle(conn, seeds, firm, source_object_id)
    rows = conn.execute(
        text(
            "SELECT p.entity_id, e.name, p.role, p.mention, p.provenance FROM document_parties p"
            " JOIN entities e ON e.id = p.entity_id WHERE p.source_object_id = :o"
            " ORDER BY (SELECT min(pm.position) FROM party_mentions pm"
            "  WHERE pm.source_object_id = p.source_object_id AND pm.entity_id = p.entity_id)"
        ),
        {"o": source_object_id},
    ).all()
    parties = [
        ResolvedParty(
            entity_id=r[0], name=r[1], role=r[2], mention=r[3], rule=r[4]["rule"], provenance=r[4]
        )
        for r in rows
    ]
    return Resolution(parties=parties, reopened=reopened)
