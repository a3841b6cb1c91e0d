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
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from sqlalchemy import Connection, text

from knowledge_index.entities.clusters import (
    EntityDraft,
    MentionRow,
    Placement,
    contained,
    settle_group,
)
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
    """Replace the document's mentions; returns the old and new ones' name shapes, the seeds
    of the group to settle (a withdrawn name's group is settled again too)."""
    conn.execute(text("SELECT pg_advisory_xact_lock(hashtext(:k))"), {"k": LOCK})
    seeds = [
        _shape(*r)
        for r in conn.execute(
            text(
                "DELETE FROM party_mentions WHERE source_object_id = :o"
                " RETURNING normalized, tokens, register_keys, name"
            ),
            {"o": source_object_id},
        )
    ]
    for position, m in enumerate(mentions):
        identifiers = {k: v for k, v in (m.get("identifiers") or {}).items() if v}
        row = {
            "o": source_object_id,
            "p": position,
            "name": m["name"],
            "n": normalize_name(m["name"]),
            "t": tokens_of(m["name"]),
            "r": register_keys(identifiers),
            "ids": json.dumps(identifiers, sort_keys=True),
            "role": m.get("role") or "other",
            "pick": m.get("entity_id"),
        }
        conn.execute(
            text(
                "INSERT INTO party_mentions (source_object_id, position, name, normalized,"
                " tokens, register_keys, identifiers, agent_role, agent_entity_id)"
                " VALUES (:o, :p, :name, :n, CAST(:t AS text[]), CAST(:r AS text[]),"
                " CAST(:ids AS jsonb), :role, :pick)"
            ),
            row,
        )
        seeds.append(_shape(row["n"], row["t"], row["r"], row["name"]))
    return seeds


def settle(
    conn: Connection, seeds: Iterable[MentionRow], firm_names: Sequence[str], current: str
) -> list[str]:
    """Settle the group the seeds reach and write what changed; returns the other documents
    that owe their readers of parties again (extract_decisions reopened for them).

    Only changed rows are written, so a document naming a client that a thousand others name
    reads the group but rewrites only its own rows (`benchmarks/bench_entity_settlement.py`).
    """
    group, stored = collect_group(conn, list(seeds))
    old_ids = {p.entity_id for p in stored.values() if p.entity_id} | _entity_ids(conn, [current])
    drafts, placements = settle_group(group)
    roles = _roles(drafts, placements, firm_names)
    by_key = {d.key: d for d in drafts}
    old_entities = _entities(conn, sorted(old_ids | {entity_id_for(d.key) for d in drafts}))
    new = {
        m.key: _Placed(
            entity_id_for(placements[m.key].identity_key),
            roles[m.key],
            placements[m.key].rule,
            _resolution(m, placements[m.key], by_key[placements[m.key].identity_key]),
        )
        for m in group
    }
    changed = [m for m in group if stored[m.key] != new[m.key]]
    _write_entities(conn, [d for d in drafts if old_entities.get(entity_id_for(d.key)) != _row(d)])
    _write_placements(conn, [(m, new[m.key]) for m in changed])
    changed_documents = {d for m in changed for d in m.all_documents()}
    _rebuild_document_parties(conn, sorted(changed_documents | {current}))
    gone = sorted(old_ids - {entity_id_for(d.key) for d in drafts})
    if gone:
        conn.execute(
            text(
                "DELETE FROM entities e WHERE e.id = ANY(CAST(:ids AS text[]))"
                " AND NOT EXISTS (SELECT 1 FROM document_parties p WHERE p.entity_id = e.id)"
            ),
            {"ids": gone},
        )
    new_entities = {entity_id_for(d.key): _row(d) for d in drafts}
    renamed = {i for i, row in new_entities.items() if old_entities.get(i) != row}
    touched = changed_documents | {
        d
        for m in group
        if stored[m.key].entity_id in renamed or new[m.key].entity_id in renamed
        for d in m.all_documents()
    }
    before = _read_view(group, stored, old_entities, touched)
    after = _read_view(group, new, new_entities, touched)
    moved = sorted(
        d for d in set(before) | set(after) if d != current and before.get(d) != after.get(d)
    )
    return reopen_stage(conn, moved, READS_PARTIES) if moved else []


@dataclass(frozen=True)
class _Placed:
    entity_id: str | None
    role: str | None
    rule: str | None
    resolution: str  # canonical JSON


def _resolution(m: MentionRow, place: Placement, entity: EntityDraft) -> str:
    # The identifiers this document itself states for the entity: what the entity's register
    # numbers may be shown on the strength of (mcp resolve_entity).
    stated = tuple(
        sorted(
            (k, v)
            for k, v in m.identifiers.items()
            if k not in REGISTER_KINDS or entity.identifiers.get(k) == v
        )
    )
    return _resolution_text(tuple(sorted(place.note.items())), stated)


@lru_cache(maxsize=4096)
def _resolution_text(note: tuple[tuple[str, Any], ...], stated: tuple[tuple[str, str], ...]) -> str:
    return json.dumps({**dict(note), "identifiers": dict(stated)}, sort_keys=True)


def _row(d: EntityDraft) -> tuple[str, tuple[str, ...], str]:
    return (d.name, tuple(d.aliases), json.dumps(d.identifiers, sort_keys=True))


def _read_view(
    group: list[MentionRow],
    placed: dict[tuple[str, int], _Placed],
    entities: dict[str, tuple[str, tuple[str, ...], str]],
    documents: set[str],
) -> dict[str, list[tuple[str, ...]]]:
    """What the readers of parties read per document: each party's name, aliases and role."""
    out: dict[str, set[tuple[str, ...]]] = defaultdict(set)
    for m in group:
        p = placed[m.key]
        if not (p.entity_id and p.entity_id in entities):
            continue
        name, aliases, _ = entities[p.entity_id]
        for d in m.all_documents():
            if d in documents:
                out[d].add((name, "|".join(aliases), p.role or ""))
    return {d: sorted(v) for d, v in out.items()}


def _entities(conn: Connection, ids: list[str]) -> dict[str, tuple[str, tuple[str, ...], str]]:
    rows = conn.execute(
        text(
            "SELECT id, name, aliases, identifiers FROM entities"
            " WHERE id = ANY(CAST(:ids AS text[]))"
        ),
        {"ids": ids},
    ).all()
    return {r[0]: (r[1], tuple(r[2]), json.dumps(r[3], sort_keys=True)) for r in rows}


def collect_group(
    conn: Connection, seeds: list[MentionRow]
) -> tuple[list[MentionRow], dict[tuple[str, int], _Placed]]:
    """Every mention linked, directly or through others, to a seed; and where each stands.

    The walk goes over distinct name shapes (normalized name, tokens, register numbers), not
    mentions: a client named on thousands of documents is one shape. Every mention of a
    reached normalized name is in the group (an identical name is a link), read as classes of
    identical mentions (`_classes`)."""
    names: set[str] = set()
    frontier = _Frontier(seeds)
    while frontier.names:
        names.update(frontier.names)
        shapes = [
            _shape(*r)
            for r in conn.execute(
                text(
                    "SELECT normalized, tokens, register_keys, min(name) FROM party_mentions"
                    " WHERE normalized = ANY(CAST(:n AS text[]))"
                    " OR register_keys && CAST(:k AS text[]) OR tokens && CAST(:t AS text[])"
                    " GROUP BY normalized, tokens, register_keys"
                ),
                {
                    "n": sorted(frontier.names),
                    "k": sorted(frontier.keys),
                    "t": sorted(frontier.tokens),
                },
            )
        ]
        frontier = _Frontier([c for c in shapes if frontier.links(c)], exclude=frontier.seen)
    found = _classes(conn, sorted(names))
    return [m for m, _ in found], {m.key: p for m, p in found}


def _shape(normalized: str, tokens: list[str], keys: list[str], name: str) -> MentionRow:
    """A stand-in mention for one name shape (only its name fields matter to the walk)."""
    identifiers = dict(k.split(":", 1) for k in keys)
    return MentionRow("", 0, None, name, normalized, tuple(tokens), _form(name), identifiers, "")


class _Frontier:
    """The newest names of a growing group, indexed so a candidate is checked in O(1)-ish."""

    def __init__(self, mentions: list[MentionRow], exclude: set[tuple[str, ...]] | None = None):
        self.seen = set(exclude or set())
        self.names: set[str] = set()
        self.keys: set[str] = set()
        self.tokens: set[str] = set()
        self.shapes: dict[str, list[tuple[frozenset[str], str | None]]] = defaultdict(list)
        self.exact: set[tuple[frozenset[str], str | None]] = set()
        for m in mentions:
            shape = (m.normalized, *register_keys(m.identifiers))
            if shape in self.seen:
                continue
            self.seen.add(shape)
            self.names.add(m.normalized)
            self.keys.update(register_keys(m.identifiers))
            self.tokens.update(m.tokens)
            entry = (frozenset(m.tokens), m.form)
            if entry not in self.exact and entry[0]:
                self.exact.add(entry)
                for t in m.tokens:
                    self.shapes[t].append(entry)

    def links(self, c: MentionRow) -> bool:
        if c.normalized in self.names or self.keys.intersection(register_keys(c.identifiers)):
            return True
        return any(
            contained(c.tokens, c.form, tokens, form)
            for t in c.tokens
            for tokens, form in self.shapes.get(t, ())
        )


@lru_cache(maxsize=65_536)
def _form(name: str) -> str | None:
    return legal_form(name)


@lru_cache(maxsize=65_536)
def _identifiers(raw: str) -> dict[str, str]:
    return json.loads(raw)  # copied by the caller: the cached dict is never handed out


def _classes(conn: Connection, names: list[str]) -> list[tuple[MentionRow, _Placed]]:
    """The group's mentions, one row per class of identical ones: same name, identifiers, role
    and pick, same matter (or, without one, same document), same current placement. The rules
    treat a class as one mention of its weight; a client named on 5,000 documents of 100
    matters is a few hundred rows."""
    rows = conn.execute(
        text(
            "SELECT pm.name, pm.normalized, pm.tokens, pm.identifiers::text, pm.agent_role,"
            " pm.agent_entity_id, a.matter_id, pm.entity_id, pm.role, pm.rule, pm.resolution,"
            " count(*), array_agg(pm.source_object_id ORDER BY pm.source_object_id, pm.position),"
            " (array_agg(pm.position ORDER BY pm.source_object_id, pm.position))[1]"
            " FROM party_mentions pm"
            " LEFT JOIN matter_assignments a ON a.source_object_id = pm.source_object_id"
            " WHERE pm.normalized = ANY(CAST(:n AS text[]))"
            " GROUP BY pm.name, pm.normalized, pm.tokens, pm.identifiers::text, pm.agent_role,"
            " pm.agent_entity_id, a.matter_id, pm.entity_id, pm.role, pm.rule, pm.resolution,"
            " CASE WHEN a.matter_id IS NULL THEN pm.source_object_id END"
        ),
        {"n": names},
    ).all()
    out = []
    for r in rows:
        documents = tuple(r[12])
        mention = MentionRow(
            document=documents[0],
            position=r[13],
            matter=r[6],
            name=r[0],
            normalized=r[1],
            tokens=tuple(r[2]),
            form=_form(r[0]),
            identifiers=dict(_identifiers(r[3])),
            agent_role=r[4],
            agent_entity_id=r[5],
            weight=r[11],
            documents=documents,
        )
        out.append((mention, _Placed(r[7], r[8], r[9], r[10] if r[7] else "")))
    return sorted(out, key=lambda t: t[0].key)


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
                "prov": json.dumps({"derived_from": "party_mentions"}),
            },
        )


def is_firm(firm_names: Sequence[str], normalized: str) -> bool:
    return _is_firm(tuple(firm_names), normalized)


@lru_cache(maxsize=65_536)
def _is_firm(firm_names: tuple[str, ...], normalized: str) -> bool:
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
            by_matter[m.matter].extend([m.agent_role] * m.weight)
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


def _write_placements(conn: Connection, changed: list[tuple[MentionRow, _Placed]]) -> None:
    """Every row of each changed class gets the class's new placement."""
    if not changed:
        return
    conn.execute(
        text(
            "UPDATE party_mentions SET entity_id = :e, role = :r, rule = :rule, resolution = :res"
            " WHERE source_object_id = ANY(CAST(:docs AS text[])) AND name = :name"
            " AND identifiers = CAST(:ids AS jsonb) AND agent_role = :role"
            " AND agent_entity_id IS NOT DISTINCT FROM :pick"
        ),
        [
            {
                "e": p.entity_id,
                "r": p.role,
                "rule": p.rule,
                "res": p.resolution,
                "docs": sorted(set(m.all_documents())),
                "name": m.name,
                "ids": json.dumps(m.identifiers),
                "role": m.agent_role,
                "pick": m.agent_entity_id,
            }
            for m, p in changed
        ],
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
            " 'resolution', resolution::jsonb - 'identifiers',"
            " 'identifiers', resolution::jsonb->'identifiers')"
            " FROM party_mentions WHERE source_object_id = ANY(CAST(:d AS text[]))"
            " AND entity_id IS NOT NULL ORDER BY source_object_id, entity_id, position"
        ),
        {"d": documents},
    )


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
