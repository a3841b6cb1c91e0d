"""Version order of one logical document, recomputed for the whole family on every change.

Order comes from tracked-changes lineage first (a redline follows the version it was made
against; a version that accepted a redline's changes follows the redline), then the label
(draft < redline < counterparty redline < final < executed), then the filename's version number,
then the date of the text's state (its name, else a "Stand:"/"as amended" date), then the path.
Duplicates share their original's number and supersede nothing.
"""

from __future__ import annotations

import datetime as dt
import heapq
import itertools
from typing import Any

from sqlalchemy import Connection, text

from knowledge_index.relations import cues, filenames, lineage
from knowledge_index.relations.filenames import LABEL_RANK
from knowledge_index.relations.store import insert_relation

DUPLICATES = ("duplicate", "near_duplicate")
LINEAGE = 0.6


def _members(conn: Connection, ld: str) -> list[dict[str, Any]]:
    rows = conn.execute(
        text(
            "SELECT v.source_object_id AS id, v.identity, v.version_label AS label,"
            " v.duplicate_of, v.redline_against, v.provenance, o.path, o.seq,"
            " art.body->'revisions' AS revisions, art.body->>'text' AS text"
            " FROM document_versions v JOIN source_objects o ON o.id = v.source_object_id"
            " LEFT JOIN artifacts art ON art.kind = 'structured_json'"
            " AND art.content_hash = v.content_hash"
            " WHERE v.logical_document_id = :ld ORDER BY o.seq"
        ),
        {"ld": ld},
    ).mappings()
    return [dict(r) for r in rows]


def _key(m: dict[str, Any]) -> tuple[Any, ...]:
    name = filenames.signals(m["path"])
    rank = LABEL_RANK.get(m["label"] or "", 0)
    # The state a text is in ("Stand: 3.8.2012") dates it when its name does not; the path, not
    # the discovery order, breaks the last tie so the order is the same however files arrived.
    when = name.date or cues.state_date(m.get("text") or "") or dt.date.min
    return (rank, name.version or 0, when, m["path"], m["id"])


def lineage_edges(members: list[dict[str, Any]]) -> set[tuple[str, str]]:
    """(earlier, later) pairs the tracked changes prove, whichever file related first."""
    edges: set[tuple[str, str]] = set()
    for r in members:
        revisions = r.get("revisions") or []
        if not revisions:
            continue
        for m in members:
            if m["id"] == r["id"] or not m.get("text"):
                continue
            base = lineage.made_against_score(revisions, m["text"])
            after = lineage.accepted_by_score(revisions, m["text"])
            if base >= LINEAGE and after < LINEAGE:
                edges.add((m["id"], r["id"]))
            elif after >= LINEAGE and base < LINEAGE:
                edges.add((r["id"], m["id"]))
    return edges


def order(members: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Topological order under lineage constraints, ties broken by label, number, date, seq."""
    ids = {m["id"] for m in members}
    before: dict[str, set[str]] = {m["id"]: set() for m in members}
    for m in members:
        prov = m.get("provenance") or {}
        preds = set(prov.get("follows") or [])
        if m.get("redline_against"):
            preds.add(m["redline_against"])
        before[m["id"]] = {p for p in preds if p in ids and p != m["id"]}
    for earlier, later in lineage_edges(members):
        before[later].add(earlier)
    # Lineage can be contradicted by a bad guess; a cycle is broken by ignoring lineage in it.
    by_id = {m["id"]: m for m in members}
    heap = [(_key(m), m["id"]) for m in members if not before[m["id"]]]
    heapq.heapify(heap)
    done: list[dict[str, Any]] = []
    placed: set[str] = set()
    while len(done) < len(members):
        if not heap:
            rest = sorted((_key(by_id[i]), i) for i in ids - placed)
            heap = [rest[0]]
        _, mid = heapq.heappop(heap)
        if mid in placed:
            continue
        placed.add(mid)
        done.append(by_id[mid])
        for other in members:
            source_object_id = other["id"]
            if source_object_id not in placed and mid in before[source_object_id]:
                before[source_object_id].discard(mid)
                if not before[source_object_id]:
                    heapq.heappush(heap, (_key(other), source_object_id))
    return done


def _version_of(member: dict[str, Any], members: list[dict[str, Any]]) -> str | None:
    """The version a duplicate stands for, through copies of copies (a byte-identical copy
    of a mail's attached print of the agreed draft is that draft), whatever order the
    members are listed in."""
    by_id = {m["id"]: m for m in members}
    seen = {member["id"]}
    current = member.get("duplicate_of")
    while current in by_id and by_id[current]["identity"] in DUPLICATES and current not in seen:
        seen.add(current)
        current = by_id[current].get("duplicate_of")
    return current


def recompute(conn: Connection, ld: str, producer_version: str) -> list[str]:
    """Renumber the family, settle labels and identities, rewrite supersedes edges."""
    members = _members(conn, ld)
    if not members:
        return []
    versions = order([m for m in members if m["identity"] not in DUPLICATES])
    numbers: dict[str, int] = {}
    labels: dict[str, str] = {}
    seen_redline = False
    for n, m in enumerate(versions, start=1):
        numbers[m["id"]] = n
        label = m["label"]
        prov = m.get("provenance") or {}
        against = labels.get(m.get("redline_against") or "")
        # Tracked changes outrank filename words ("WP comments" is our markup): a redline of a
        # redline is the other side's answer, a redline of a clean draft is a redline.
        if prov.get("has_revisions") and label not in ("final", "executed"):
            label = (
                "counterparty_redline"
                if against in ("redline", "counterparty_redline")
                else (
                    label
                    if label in ("redline", "counterparty_redline") and not against
                    else "redline"
                )
            )
        if label is None:
            label = "final" if seen_redline else "draft"
        seen_redline = seen_redline or label in ("redline", "counterparty_redline")
        labels[m["id"]] = label
    against_of = {m["id"]: m.get("redline_against") for m in members}
    for m in members:
        if m["identity"] in DUPLICATES:
            original = _version_of(m, members) or ""
            # A copy of a redline carries the same tracked changes against the same version.
            if m.get("revisions") and not m.get("redline_against"):
                against_of[m["id"]] = against_of.get(original)
            numbers[m["id"]] = numbers.get(original, 0) or None  # type: ignore[assignment]
            labels[m["id"]] = labels.get(original) or m["label"] or ""
    for m in members:
        identity = m["identity"]
        if identity not in DUPLICATES:
            identity = "new_document" if numbers[m["id"]] == 1 else "new_version"
        label = labels.get(m["id"]) or None
        conn.execute(
            text(
                "UPDATE document_versions SET version_number = :n, version_label = :l,"
                " identity = :i, is_final = :f, is_executed = :e, redline_against = :r,"
                " updated_at = now()"
                " WHERE source_object_id = :s"
            ),
            {
                "n": numbers.get(m["id"]),
                "l": label,
                "i": identity,
                "f": label == "final",
                "e": label == "executed",
                "r": against_of.get(m["id"]),
                "s": m["id"],
            },
        )
    ids = [m["id"] for m in members]
    conn.execute(
        text(
            "DELETE FROM relations WHERE relation = 'supersedes'"
            " AND (source_object_id = ANY(CAST(:ids AS text[]))"
            "  OR target_source_object_id = ANY(CAST(:ids AS text[])))"
        ),
        {"ids": ids},
    )
    for older, newer in itertools.pairwise(versions):
        lineage = newer.get("redline_against") == older["id"] or older["id"] in (
            (newer.get("provenance") or {}).get("follows") or []
        )
        insert_relation(
            conn,
            newer["id"],
            older["id"],
            "supersedes",
            method="tracked_changes" if lineage else "filename",
            evidence={"order": [numbers[older["id"]], numbers[newer["id"]]]},
            producer_version=producer_version,
        )
    # The family is called what its first version is called, whichever member related first.
    first = versions[0] if versions else min(members, key=lambda m: m["path"])
    title = cues.heading(first.get("text") or "") or filenames.signals(first["path"]).stem
    conn.execute(
        text("UPDATE logical_documents SET title = :t, updated_at = now() WHERE id = :ld"),
        {"ld": ld, "t": title[:300]},
    )
    return [m["id"] for m in versions]
