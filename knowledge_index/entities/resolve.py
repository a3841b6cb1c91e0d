"""Party resolution by rule, so one real company is one row across every matter.

The agent proposes mentions (name, identifiers, role, optionally an entity it found with
search_entities); these rules decide. A mention links to an existing entity when

1. they share a typed register identifier (HRB/HRA/company number) and their legal forms do not
   disagree;
2. the normalized names are identical, or the name is on the entity's alias ledger, and no
   register identifier contradicts;
3. one name contains the other token for token, the legal forms do not disagree, and something
   beyond the name agrees: the entity is already on this matter, shares a matter with another
   party named on this document, or acts on another matter for this matter's client.

Anything weaker is left to the agent's own pick (an entity it saw in search_entities, unless a
register identifier contradicts). Otherwise a new entity is created; one created next to a
same-name candidate records that candidate in provenance.resolution. The firm (firm.name /
firm.aliases) is always `advisor`, never its own client; an entity already carrying a role on
the matter keeps it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field
from sqlalchemy import Connection

from knowledge_index.entities.names import (
    REGISTER_KINDS,
    contradicts,
    core_tokens,
    legal_form,
    normalize_name,
)
from knowledge_index.entities.store import (
    Entity,
    Role,
    all_entities,
    by_identifier,
    by_name,
    create_entity,
    enrich,
    entity_matters,
    roles_on_matter,
)
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


def _is_firm(settings: Settings, normalized: str) -> bool:
    names = [settings.firm.name, *settings.firm.aliases]
    firm = [normalize_name(n) for n in names if n.strip()]
    tokens = set(core_tokens(normalized))
    return any(normalized == f or (set(core_tokens(f)) <= tokens and core_tokens(f)) for f in firm)


def _contained(a: str, b: str) -> bool:
    ta, tb = core_tokens(a), core_tokens(b)
    if not ta or not tb:
        return False
    fa, fb = legal_form(a), legal_form(b)
    if fa and fb and fa != fb:
        return False
    small, big = (ta, tb) if len(ta) <= len(tb) else (tb, ta)
    return set(small) <= set(big)


def _forms_differ(entity: Entity, m: PartyMention) -> bool:
    a, b = legal_form(entity.name), legal_form(m.name)
    return bool(a and b and a != b)


class Resolver:
    """Resolves the mentions of one document; holds what the corroboration rules need."""

    def __init__(
        self,
        conn: Connection,
        settings: Settings,
        source_object_id: str,
        matter_id: str | None,
        client_matters: set[str],
    ) -> None:
        self.conn = conn
        self.settings = settings
        self.source_object_id = source_object_id
        self.matter_id = matter_id
        self.client_matters = client_matters  # other matters of this matter's client
        self.roles = roles_on_matter(conn, matter_id, source_object_id) if matter_id else {}

    def resolve(self, mentions: list[PartyMention]) -> list[ResolvedParty]:
        out: list[ResolvedParty] = []
        linked: list[Entity] = []
        pending = [self._without_misread(m) for m in mentions]
        # Strong links first, so the containment rule can lean on the document's other parties.
        strong = [(m, self._strong(m)) for m in pending]
        linked.extend(hit[0] for _, hit in strong if hit is not None)
        for m, hit in strong:
            entity, rule, note = hit if hit is not None else self._weak(m, linked)
            if entity is None:
                entity = create_entity(
                    self.conn,
                    m.name,
                    {k: v for k, v in m.identifiers.items() if v},
                    provenance={"created_for": self.source_object_id, "resolution": note},
                )
                rule = "created"
                if entity.name != m.name:  # another worker created it first, spelled its way
                    enrich(self.conn, entity, m.name, {})
            else:
                enrich(self.conn, entity, m.name, {k: v for k, v in m.identifiers.items() if v})
            linked.append(entity)
            role = self._role(entity, m)
            if any(p.entity_id == entity.id for p in out):
                continue
            out.append(
                ResolvedParty(
                    entity_id=entity.id,
                    name=entity.name,
                    role=role,
                    mention=m.name,
                    rule=rule,
                    # The identifiers this document itself states: what the entity's register
                    # numbers may be shown on the strength of (mcp resolve_entity).
                    provenance={
                        "rule": rule,
                        "agent_role": m.role,
                        "resolution": note,
                        "identifiers": {k: v for k, v in m.identifiers.items() if v},
                    },
                )
            )
        return out

    def _role(self, entity: Entity, m: PartyMention) -> Role:
        if _is_firm(self.settings, entity.normalized_name) or _is_firm(
            self.settings, normalize_name(m.name)
        ):
            return "advisor"
        kept = self.roles.get(entity.id)
        if kept is not None and kept != "advisor":
            return kept  # type: ignore[return-value]
        return m.role

    def _without_misread(self, m: PartyMention) -> PartyMention:
        """The mention without register numbers another legal form's company holds: a GmbH and
        an LLP never share a register entry, so a number read next to the wrong name (a
        layout's neighbour) must neither link nor merge the two (resolve strips it first)."""
        held = {
            kind
            for kind in REGISTER_KINDS
            if m.identifiers.get(kind)
            and any(
                _forms_differ(e, m) for e in by_identifier(self.conn, kind, m.identifiers[kind])
            )
        }
        if not held:
            return m
        return m.model_copy(
            update={"identifiers": {k: v for k, v in m.identifiers.items() if k not in held}}
        )

    def _strong(self, m: PartyMention) -> tuple[Entity, str, dict[str, Any]] | None:
        for kind in REGISTER_KINDS:
            value = m.identifiers.get(kind)
            if value:
                found = by_identifier(self.conn, kind, value)
                if found:
                    return found[0], f"shared_identifier:{kind}", {}
        normalized = normalize_name(m.name)
        same = [
            e
            for e in by_name(self.conn, normalized)
            if not contradicts(e.identifiers, m.identifiers)
        ]
        if len(same) == 1:
            return same[0], "same_name", {}
        if len(same) > 1:
            # Several same-name companies (kept apart by registers): corroboration decides.
            on_matter = self._on_matter(same)
            if len(on_matter) == 1:
                return on_matter[0], "same_name_on_matter", {"candidates": [e.id for e in same]}
        return None

    def _weak(
        self, m: PartyMention, linked: list[Entity]
    ) -> tuple[Entity | None, str, dict[str, Any]]:
        normalized = normalize_name(m.name)
        same_name = [e for e in by_name(self.conn, normalized)]
        contained = [
            e
            for e in all_entities(self.conn)
            if not contradicts(e.identifiers, m.identifiers)
            and e.normalized_name != normalized
            and any(_contained(normalized, n) for n in [e.normalized_name, *e.aliases])
        ]
        corroborated = self._corroborated(contained, linked)
        if len(corroborated) == 1:
            return (
                corroborated[0],
                "containment_corroborated",
                {"candidates": [e.id for e in contained]},
            )
        if m.entity_id:
            picked = [
                e
                for e in [*same_name, *contained, *self._by_id(m.entity_id)]
                if e.id == m.entity_id
            ]
            if picked and not contradicts(picked[0].identifiers, m.identifiers):
                return picked[0], "agent_choice", {"candidates": [e.id for e in contained]}
        note: dict[str, Any] = {}
        near = [e.id for e in same_name] + [e.id for e in contained]
        if near:
            note = {"same_name_candidates": near}
        return None, "created", note

    def _by_id(self, entity_id: str) -> list[Entity]:
        from knowledge_index.entities.store import _rows

        return _rows(self.conn, "id = :id", {"id": entity_id})

    def _on_matter(self, candidates: list[Entity]) -> list[Entity]:
        if not self.matter_id:
            return []
        matters = entity_matters(self.conn, [e.id for e in candidates])
        return [e for e in candidates if self.matter_id in matters[e.id]]

    def _corroborated(self, candidates: list[Entity], linked: list[Entity]) -> list[Entity]:
        if not candidates:
            return []
        matters = entity_matters(self.conn, [e.id for e in candidates] + [e.id for e in linked])
        other_party_matters = (
            set().union(*(matters.get(e.id, set()) for e in linked)) if linked else set()
        )
        out = []
        for e in candidates:
            mine = matters.get(e.id, set())
            if (
                (self.matter_id and self.matter_id in mine)
                or (mine & other_party_matters)
                or (mine & self.client_matters)
            ):
                out.append(e)
        return out


def client_matters(conn: Connection, matter_id: str | None) -> set[str]:
    """Other matters on which this matter's client (an entity with role client) is client."""
    if not matter_id:
        return set()
    from sqlalchemy import text

    rows = conn.execute(
        text(
            "SELECT DISTINCT a2.matter_id FROM document_parties p"
            " JOIN matter_assignments a ON a.source_object_id = p.source_object_id"
            " JOIN document_parties p2 ON p2.entity_id = p.entity_id AND p2.role = 'client'"
            " JOIN matter_assignments a2 ON a2.source_object_id = p2.source_object_id"
            " WHERE a.matter_id = :m AND p.role = 'client' AND a2.matter_id <> :m"
        ),
        {"m": matter_id},
    ).all()
    return {r[0] for r in rows}
