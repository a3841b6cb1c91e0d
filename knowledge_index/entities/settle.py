"""Entities recomputed from every related mention whenever a document's parties change.

extract_metadata records the parties a document names (`party_mentions`); this module then
collects the group of mentions those names reach (a shared register number, an identical
normalized name, one name containing the other), settles the whole group again with
`clusters.settle_group`, and writes the result: entities, each mention's entity and role, and
the `document_parties` of every document whose parties moved. The answer is a function of
the mentions only, so processing order or concurrency cannot change it; a document read earlier
whose party names changed owes extract_decisions (and so index) again.

Settling takes one transaction-scoped advisory lock: two workers never settle at once, and
each settles against every mention committed before it.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any, Final

from sqlalchemy import Connection, text

from knowledge_index.entities.clusters import EntityDraft, MentionRow, Placement, settle_group
from knowledge_index.entities.names import REGISTER_KINDS, core_tokens, legal_form, normalize_name
from knowledge_index.entities.store import DEFAULT_PROJECT, entity_id_for
from knowledge_index.ledger.store import reopen_stage

LOCK: Final = "knowledge_index.entities.settle"
READS_PARTIES: Final = "extract_decisions"  # the first stage after extract_metadata that does
# A matter's role for an entity: client where any document of the matter says so (a folder or
# "our client" is positive evidence); else what most documents say, in this order on a tie.
ROLE_ORDER: Final = ("counterparty", "advisor", "other")


def tokens_of(name: str) -> list[str]:
    return sorted({t for t in core_tokens(name) if t != "&" and len(t) > 1})


def register_keys(identifiers: dict[str, str]) -> list[str]:
    return sorted(f"{k}:{identifiers[k]}" for k in REGISTER_KINDS if identifiers.get(k))


def record_mentions(
    conn: Connection, source_object_id: str, mentions: Sequence[dict[str, Any]]
) -> list[MentionRow]:
    """Replace the document's mentions; returns the old and new ones, the group's seeds."""
    conn.execute(text("SELECT pg_advisory_xact_lock(hashtext(:k))"), {"k": LOCK})
    old = _rows(conn, "pm.source_object_id = :o", {"o": source_object_id})
    conn.execute(
        text("DELETE FROM party_mentions WHERE source_object_id = :o"), {"o": source_object_id}
    )
    for position, m in enumerate(mentions):
        identifiers = {k: v for k, v in (m.get("identifiers") or {}).items() if v}
        conn.execute(
            text(
                "INSERT INTO party_mentions (source_object_id, position, name, normalized,"
                " tokens, register_keys, identifiers, agent_role, agent_entity_id)"
                " VALUES (:o, :p, :name, :n, CAST(:t AS text[]), CAST(:r AS text[]),"
                " CAST(:ids AS jsonb), :role, :pick)"
            ),
            {
                "o": source_object_id,
                "p": position,
                "name": m["name"],
                "n": normalize_name(m["name"]),
                "t": tokens_of(m["name"]),
                "r": register_keys(identifiers),
                "ids": json.dumps(identifiers, sort_keys=True),
                "role": m.get("role") or "other",
                "pick": m.get("entity_id"),
            },
        )
    return old + _rows(conn, "pm.source_object_id = :o", {"o": source_object_id})


def settle(
    conn: Connection, seeds: Iterable[MentionRow], firm_names: Sequence[str], current: str
) -> list[str]:
    """Settle the group the seeds reach; returns the other documents that owe their readers
    of parties again (extract_decisions reopened for them)."""
    group = collect_group(conn, list(seeds))
    if not group:
        _rebuild_document_parties(conn, [current])
        return []
    documents = sorted({m.document for m in group} | {current})
    before = _party_names(conn, documents)
    old_entities = _entity_ids(conn, documents)
    drafts, placements = settle_group(group)
    _write_entities(conn, drafts)
    roles = _roles(drafts, placements, firm_names)
    _write_placements(conn, group, drafts, placements, roles)
    _rebuild_document_parties(conn, documents)
    conn.execute(
        text(
            "DELETE FROM entities e WHERE e.id = ANY(CAST(:ids AS text[]))"
            " AND NOT EXISTS (SELECT 1 FROM document_parties p WHERE p.entity_id = e.id)"
        ),
        {"ids": sorted(old_entities)},
    )
    after = _party_names(conn, documents)
    moved = [d for d in documents if d != current and before.get(d) != after.get(d)]
    return reopen_stage(conn, moved, READS_PARTIES) if moved else []


def collect_group(conn: Connection, seeds: list[MentionRow]) -> list[MentionRow]:
    """Every mention linked, directly or through others, to a seed."""
    found: dict[tuple[str, int], MentionRow] = {}
    frontier = seeds
    seen_names: set[str] = set()
    while frontier:
        names = sorted({m.normalized for m in frontier} - seen_names)
        keys = sorted({k for m in frontier for k in register_keys(m.identifiers)})
        tokens = sorted({t for m in frontier for t in m.tokens})
        seen_names.update(names)
        candidates = _rows(
            conn,
            "(pm.normalized = ANY(CAST(:n AS text[])) OR pm.register_keys && CAST(:k AS text[])"
            " OR pm.tokens && CAST(:t AS text[]))",
            {"n": names, "k": keys, "t": tokens},
        )
        new = [c for c in candidates if c.key not in found and any(_linked(c, f) for f in frontier)]
        for c in new:
            found[c.key] = c
        frontier = new
    return sorted(found.values(), key=lambda m: m.key)


def _linked(a: MentionRow, b: MentionRow) -> bool:
    if a.normalized == b.normalized:
        return True
    if set(register_keys(a.identifiers)) & set(register_keys(b.identifiers)):
        return True
    sa, sb = set(a.tokens), set(b.tokens)
    if not sa or not sb or sa == sb or (a.form and b.form and a.form != b.form):
        return False
    return sa <= sb or sb <= sa


def _rows(conn: Connection, where: str, params: dict[str, Any]) -> list[MentionRow]:
    rows = conn.execute(
        text(
            "SELECT pm.source_object_id, pm.position, a.matter_id, pm.name, pm.normalized,"
            " pm.tokens, pm.identifiers, pm.agent_role, pm.agent_entity_id"
            " FROM party_mentions pm"
            " LEFT JOIN matter_assignments a ON a.source_object_id = pm.source_object_id"
            f" WHERE {where} ORDER BY pm.source_object_id, pm.position"
        ),
        params,
    ).all()
    return [
        MentionRow(
            document=r[0],
            position=r[1],
            matter=r[2],
            name=r[3],
            normalized=r[4],
            tokens=tuple(r[5]),
            form=legal_form(r[3]),
            identifiers=dict(r[6]),
            agent_role=r[7],
            agent_entity_id=r[8],
        )
        for r in rows
    ]


def _write_entities(conn: Connection, drafts: list[EntityDraft]) -> None:
    for d in drafts:
        conn.execute(
            text(
                "INSERT INTO entities (id, project, name, normalized_name, kind, identifiers,"
                " identity_key, aliases, provenance) VALUES (:id, :project, :name, :n,"
                " 'company', CAST(:ids AS jsonb), :key, CAST(:aliases AS text[]),"
                " CAST(:prov AS jsonb))"
                " ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name,"
                " normalized_name = EXCLUDED.normalized_name, identifiers = EXCLUDED.identifiers,"
                " aliases = EXCLUDED.aliases, provenance = EXCLUDED.provenance, updated_at = now()"
                " WHERE (entities.name, entities.normalized_name, entities.identifiers,"
                " entities.aliases, entities.provenance) IS DISTINCT FROM (EXCLUDED.name,"
                " EXCLUDED.normalized_name, EXCLUDED.identifiers, EXCLUDED.aliases,"
                " EXCLUDED.provenance)"
            ),
            {
                "id": entity_id_for(d.key),
                "project": DEFAULT_PROJECT,
                "name": d.name,
                "n": d.normalized,
                "ids": json.dumps(d.identifiers, sort_keys=True),
                "key": d.key,
                "aliases": d.aliases,
                "prov": json.dumps({"mentions": len(d.members)}),
            },
        )


def is_firm(firm_names: Sequence[str], normalized: str) -> bool:
    firm = [normalize_name(n) for n in firm_names if n.strip()]
    tokens = set(core_tokens(normalized))
    return any(normalized == f or (set(core_tokens(f)) <= tokens and core_tokens(f)) for f in firm)


def _roles(
    drafts: list[EntityDraft], placements: dict[tuple[str, int], Placement], firm: Sequence[str]
) -> dict[tuple[str, int], str]:
    out: dict[tuple[str, int], str] = {}
    for d in drafts:
        by_matter: dict[str | None, list[str]] = defaultdict(list)
        for m in d.members:
            by_matter[m.matter].append(m.agent_role)
        firm_entity = is_firm(firm, d.normalized)
        for m in d.members:
            if firm_entity or is_firm(firm, m.normalized):
                out[m.key] = "advisor"
            elif m.matter is None:
                out[m.key] = m.agent_role
            else:
                out[m.key] = _matter_role(by_matter[m.matter])
    return out


def _matter_role(said: list[str]) -> str:
    if "client" in said:
        return "client"
    counts = Counter(r for r in said if r in ROLE_ORDER)
    if not counts:
        return "other"
    return min(counts, key=lambda r: (-counts[r], ROLE_ORDER.index(r)))


def _write_placements(
    conn: Connection,
    group: list[MentionRow],
    drafts: list[EntityDraft],
    placements: dict[tuple[str, int], Placement],
    roles: dict[tuple[str, int], str],
) -> None:
    by_key = {d.key: d for d in drafts}
    for m in group:
        place = placements[m.key]
        entity = by_key[place.identity_key]
        # The identifiers this document itself states for the entity: what the entity's register
        # numbers may be shown on the strength of (mcp resolve_entity).
        stated = {
            k: v
            for k, v in m.identifiers.items()
            if k not in REGISTER_KINDS or entity.identifiers.get(k) == v
        }
        conn.execute(
            text(
                "UPDATE party_mentions SET entity_id = :e, role = :r, rule = :rule,"
                " resolution = CAST(:res AS jsonb)"
                " WHERE source_object_id = :o AND position = :p"
            ),
            {
                "e": entity_id_for(place.identity_key),
                "r": roles[m.key],
                "rule": place.rule,
                "res": json.dumps({**place.note, "identifiers": stated}, sort_keys=True),
                "o": m.document,
                "p": m.position,
            },
        )


def _rebuild_document_parties(conn: Connection, documents: list[str]) -> None:
    conn.execute(
        text("DELETE FROM document_parties WHERE source_object_id = ANY(CAST(:d AS text[]))"),
        {"d": documents},
    )
    conn.execute(
        text(
            "INSERT INTO document_parties (source_object_id, entity_id, role, mention, provenance)"
            " SELECT DISTINCT ON (source_object_id, entity_id) source_object_id, entity_id, role,"
            " name, jsonb_build_object('rule', rule, 'agent_role', agent_role,"
            " 'resolution', resolution - 'identifiers', 'identifiers', resolution->'identifiers')"
            " FROM party_mentions WHERE source_object_id = ANY(CAST(:d AS text[]))"
            " AND entity_id IS NOT NULL ORDER BY source_object_id, entity_id, position"
        ),
        {"d": documents},
    )


def _party_names(conn: Connection, documents: list[str]) -> dict[str, list[tuple[str, ...]]]:
    """What the readers of parties read: names, aliases, roles."""
    out: dict[str, list[tuple[str, ...]]] = defaultdict(list)
    for doc, name, aliases, role in conn.execute(
        text(
            "SELECT p.source_object_id, e.name, array_to_string(e.aliases, '|'), p.role"
            " FROM document_parties p"
            " JOIN entities e ON e.id = p.entity_id"
            " WHERE p.source_object_id = ANY(CAST(:d AS text[])) ORDER BY 1, 2, 3"
        ),
        {"d": documents},
    ):
        out[doc].append((name, aliases, role))
    return dict(out)


def _entity_ids(conn: Connection, documents: list[str]) -> set[str]:
    return {
        r[0]
        for r in conn.execute(
            text(
                "SELECT entity_id FROM document_parties"
                " WHERE source_object_id = ANY(CAST(:d AS text[]))"
            ),
            {"d": documents},
        )
    }
