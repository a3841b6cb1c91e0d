"""Which mentions are one entity: a pure function of a group of mentions, not of their order.

A group is every mention linked to another by a shared register number, an identical
normalized name, or one name containing the other token for token (`settle.py` collects it).
The rules, applied to the whole group at once:

1. A register number read next to companies of different legal forms (a layout's neighbour)
   stays only with the form most mentions give it, or with none on a tie: a GmbH and an LLP
   never share a register entry.
2. Mentions sharing a register number are one entity; so are identified mentions with the same
   name whose numbers do not contradict.
3. A mention without a register number joins the identified entity of its name when there is
   exactly one; of several (same-name companies kept apart by their registers), the one on the
   mention's matter; otherwise all such mentions of the name are one entity of their own.
4. A name contained in another's, legal forms agreeing, joins that entity when it is the only
   such entity on the mention's matter or document (a short name becomes the longer one, never
   the reverse between unidentified names).
5. The agent's own pick (an entity id from search_entities) counts only for a mention no rule
   placed and that has no namesake.

An entity is named by the most frequent spelling that carries a legal form (ordinary case
before capitals), and its id comes from its register number or, without one, its name, so the
same mentions give the same entities and ids however the documents arrived.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from knowledge_index.entities.names import (
    REGISTER_KINDS,
    contradicts,
    identity_key,
    normalize_name,
)


@dataclass(slots=True, eq=False)  # built by the thousand per settlement: kept cheap
class MentionRow:
    document: str
    position: int
    matter: str | None
    name: str
    normalized: str
    tokens: tuple[str, ...]
    form: str | None
    identifiers: dict[str, str]
    agent_role: str
    agent_entity_id: str | None = None
    # How many identical mentions this row stands for (settle.py reads one row per kind of
    # mention: same name, numbers, role and matter), and their documents.
    weight: int = 1
    documents: tuple[str, ...] = ()
    key: tuple[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.key = (self.document, self.position)

    def all_documents(self) -> tuple[str, ...]:
        return self.documents or (self.document,)


@dataclass
class EntityDraft:
    key: str  # identity key: reg:<kind>:<number> or name:<normalized>
    name: str
    normalized: str
    identifiers: dict[str, str]
    aliases: list[str]
    members: list[MentionRow] = field(default_factory=list)


@dataclass(frozen=True)
class Placement:
    identity_key: str
    rule: str
    note: dict[str, Any]


def contained(ta: Iterable[str], fa: str | None, tb: Iterable[str], fb: str | None) -> bool:
    sa, sb = set(ta), set(tb)
    if not sa or not sb or sa == sb:
        return False
    if fa and fb and fa != fb:
        return False
    return sa <= sb or sb <= sa


class _Union:
    def __init__(self) -> None:
        self.parent: dict[tuple[str, int], tuple[str, int]] = {}
        self.ids: dict[tuple[str, int], dict[str, str]] = {}

    def add(self, m: MentionRow, ids: dict[str, str]) -> None:
        self.parent[m.key] = m.key
        self.ids[m.key] = dict(ids)

    def find(self, k: tuple[str, int]) -> tuple[str, int]:
        while self.parent[k] != k:
            self.parent[k] = self.parent[self.parent[k]]
            k = self.parent[k]
        return k

    def union(self, a: tuple[str, int], b: tuple[str, int]) -> bool:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return True
        ia, ib = self.ids[ra], self.ids[rb]
        if contradicts(ia, ib):
            return False
        low, high = sorted((ra, rb))
        self.parent[high] = low
        self.ids[low] = {**ib, **ia}
        return True


def _registers(mentions: list[MentionRow]) -> dict[tuple[str, int], dict[str, str]]:
    """Each mention's register numbers, without those rule 1 takes away."""
    forms: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for m in mentions:
        for kind in REGISTER_KINDS:
            if m.identifiers.get(kind) and m.form:
                forms[(kind, m.identifiers[kind])][m.form] += m.weight
    keep: dict[tuple[str, str], str | None] = {}
    for number, counts in forms.items():
        if len(counts) > 1:
            (top, n1), (_, n2) = counts.most_common(2)
            keep[number] = top if n1 > n2 else None
    out: dict[tuple[str, int], dict[str, str]] = {}
    for m in mentions:
        regs = {}
        for kind in REGISTER_KINDS:
            value = m.identifiers.get(kind)
            if not value:
                continue
            if (kind, value) in keep and (m.form and keep[(kind, value)] != m.form):
                continue
            regs[kind] = value
        out[m.key] = regs
    return out


def _canonical_name(members: list[MentionRow]) -> str:
    formed = [m for m in members if m.form] or members
    counts: Counter[str] = Counter()
    for m in formed:
        counts[m.name] += m.weight
    return min(counts, key=lambda n: (-counts[n], n.isupper(), -len(n), n))


def _register_key(ids: dict[str, str], taken: set[str]) -> str:
    """An identified entity's identity key (`names.identity_key`), unless another entity of the
    group took it: two entities sharing one number but contradicting on another."""
    key = identity_key("", ids)
    if key in taken:
        key = "reg:" + "+".join(f"{k}:{ids[k]}" for k in REGISTER_KINDS if ids.get(k))
    return key


Cluster = tuple[str, str]  # ("reg", root mention) or ("name", normalized name)


def settle_group(
    mentions: list[MentionRow],
) -> tuple[list[EntityDraft], dict[tuple[str, int], Placement]]:
    """The entities of one group and where each mention went."""
    ordered = sorted(mentions, key=lambda m: (m.normalized, m.key))
    regs = _registers(ordered)
    identified = [m for m in ordered if regs[m.key]]
    bare = [m for m in ordered if not regs[m.key]]
    union, rules = _join_identified(identified, regs)

    # Rule 3: identified clusters by root, one cluster per bare name left unplaced.
    cluster_of: dict[tuple[str, int], Cluster] = {}
    members: dict[Cluster, list[MentionRow]] = defaultdict(list)
    registers: dict[Cluster, dict[str, str]] = {}
    for m in identified:
        root = union.find(m.key)
        cid: Cluster = ("reg", f"{root[0]}\x00{root[1]}")
        cluster_of[m.key] = cid
        members[cid].append(m)
        registers[cid] = union.ids[root]
    named: dict[str, set[Cluster]] = defaultdict(set)
    for cid, ms in members.items():
        for m in ms:
            named[m.normalized].add(cid)
    presence = {cid: _Presence(ms) for cid, ms in members.items()}
    for m in bare:
        candidates = sorted(named.get(m.normalized, set()))
        on_matter = [c for c in candidates if len(candidates) > 1 and presence[c].has(m)]
        if len(candidates) == 1:
            cluster_of[m.key], rules[m.key] = candidates[0], ("same_name", {})
        elif len(candidates) > 1 and len(on_matter) == 1:
            cluster_of[m.key] = on_matter[0]
            rules[m.key] = ("same_name_on_matter", {"candidates": len(candidates)})
        else:
            cluster_of[m.key] = ("name", m.normalized)
            rules[m.key] = (
                "created",
                {"same_name_candidates": len(candidates)} if candidates else {},
            )
    for m in bare:
        members[cluster_of[m.key]].append(m)

    # Rules 4 and 5, judged against the clusters rule 3 left (one pass: no chains, no cycles).
    moves: dict[tuple[str, int], Cluster] = {}
    presence = {cid: _Presence(ms) for cid, ms in members.items()}
    for m in bare:
        own = cluster_of[m.key]
        if own[0] != "name":
            continue
        mine = frozenset(m.tokens)
        targets = [
            cid
            for cid in sorted(members)
            if cid != own
            and presence[cid].has(m)
            and any(
                contained(mine, m.form, tokens, form) and (cid[0] == "reg" or mine < tokens)
                for tokens, form in presence[cid].shapes
            )
        ]
        if len(targets) == 1:
            moves[m.key], rules[m.key] = targets[0], ("containment_corroborated", {})
    ids_by_cluster = {cid: _entity_id(_key(cid, registers)) for cid in members}
    for m in bare:
        # Never between namesakes rule 3 found ambiguous: the agent saw only those that existed
        # when it looked, and that depends on the order.
        if (
            m.key in moves
            or not m.agent_entity_id
            or _weight(members[cluster_of[m.key]]) > 1
            or rules[m.key][1].get("same_name_candidates")
        ):
            continue
        picked = [c for c, i in sorted(ids_by_cluster.items()) if i == m.agent_entity_id]
        if picked and picked[0] != cluster_of[m.key]:
            moves[m.key], rules[m.key] = picked[0], ("agent_choice", {})
    for m in bare:
        if m.key in moves:
            members[cluster_of[m.key]].remove(m)
            cluster_of[m.key] = moves[m.key]
            members[moves[m.key]].append(m)

    drafts: dict[Cluster, EntityDraft] = {}
    taken: set[str] = set()
    for cid in sorted(members):
        if members[cid]:
            drafts[cid] = _draft(cid, members[cid], registers.get(cid, {}), taken)
            taken.add(drafts[cid].key)
    placements = {}
    for m in ordered:
        draft = drafts[cluster_of[m.key]]
        rule, note = rules[m.key]
        if rule == "created" and _weight(draft.members) > 1:
            rule = "same_name"
        placements[m.key] = Placement(draft.key, rule, note)
    return sorted(drafts.values(), key=lambda d: d.key), placements


def _join_identified(
    identified: list[MentionRow], regs: dict[tuple[str, int], dict[str, str]]
) -> tuple[_Union, dict[tuple[str, int], tuple[str, dict[str, Any]]]]:
    """Rule 2: shared numbers first, then identical names, never across a contradiction."""
    union = _Union()
    for m in identified:
        union.add(m, regs[m.key])
    by_number: dict[tuple[str, str], list[MentionRow]] = defaultdict(list)
    for m in identified:
        for kind, value in regs[m.key].items():
            by_number[(kind, value)].append(m)
    shared: dict[tuple[str, int], str] = {}
    for (kind, _), group in sorted(by_number.items()):
        for other in group[1:]:
            if union.union(group[0].key, other.key):
                shared.setdefault(other.key, kind)
                shared.setdefault(group[0].key, kind)
    by_name: dict[str, list[MentionRow]] = defaultdict(list)
    for m in identified:
        by_name[m.normalized].append(m)
    same_name: set[tuple[str, int]] = set()
    for _, group in sorted(by_name.items()):
        for other in group[1:]:
            if union.find(other.key) != union.find(group[0].key) and union.union(
                group[0].key, other.key
            ):
                same_name.update((other.key, group[0].key))
    rules: dict[tuple[str, int], tuple[str, dict[str, Any]]] = {}
    for m in identified:
        shared_kind = shared.get(m.key)
        if shared_kind:
            rules[m.key] = (f"shared_identifier:{shared_kind}", {})
        else:
            rules[m.key] = ("same_name" if m.key in same_name else "created", {})
    return union, rules


def _weight(ms: list[MentionRow]) -> int:
    return sum(m.weight for m in ms)


class _Presence:
    """Where a cluster is named (documents, matters) and the name shapes it holds."""

    def __init__(self, ms: list[MentionRow]) -> None:
        self.documents = {d for x in ms for d in x.all_documents()}
        self.matters = {x.matter for x in ms if x.matter}
        self.shapes = {(frozenset(x.tokens), x.form) for x in ms}

    def has(self, m: MentionRow) -> bool:
        """The cluster is named on the mention's matter or in its document."""
        return m.document in self.documents or bool(m.matter and m.matter in self.matters)


def _entity_id(key: str) -> str:
    from knowledge_index.entities.store import entity_id_for

    return entity_id_for(key)


def _key(cid: Cluster, registers: dict[Cluster, dict[str, str]]) -> str:
    if cid[0] == "name":
        return f"name:{cid[1]}"
    return _register_key(registers.get(cid, {}), set())


def _draft(
    cid: Cluster, ms: list[MentionRow], regs: dict[str, str], taken: set[str]
) -> EntityDraft:
    name = _canonical_name(ms)
    normalized = normalize_name(name)
    ids: dict[str, str] = dict(regs)
    other: dict[str, Counter[str]] = defaultdict(Counter)
    for m in ms:
        for k, v in m.identifiers.items():
            if k not in REGISTER_KINDS and v:
                other[k][v] += m.weight
    for k, counts in sorted(other.items()):
        ids[k] = min(counts, key=lambda v: (-counts[v], v))
    # An unidentified entity keeps the name its cluster was formed under as identity, so two
    # clusters never compete for one key whatever spelling names them.
    key = _register_key(ids, taken) if cid[0] == "reg" else f"name:{cid[1]}"
    aliases = sorted({m.normalized for m in ms} - {normalized})
    return EntityDraft(key, name, normalized, ids, aliases, sorted(ms, key=lambda m: m.key))
