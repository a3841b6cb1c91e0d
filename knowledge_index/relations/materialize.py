"""Write one file's relate decision: locks, re-validation, then rows (idempotent per file).

Nothing here runs while a model call is in flight. The transaction takes the advisory locks of
every file it will write (sorted) and of their matters, re-checks that the claim, the content
hash and the matter assignment are still what the model saw (drift -> RetryableStageError, so
the ledger retries against the new state), then replaces the file's own rows.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Final

from pydantic import BaseModel, Field
from sqlalchemy import Connection, Engine, text

from knowledge_index.errors import RetryableStageError
from knowledge_index.matters.intents import RelationIntent, park_intent, register_intent_applier
from knowledge_index.objects import store as objects
from knowledge_index.relations import corpus, epochs, family, filenames, store, threading
from knowledge_index.relations.cues import heading
from knowledge_index.relations.locks import lock_files, lock_matters

TYPED: Final = frozenset(
    {"annex_of", "amends", "responds_to", "references", "attachment_of", "near_duplicate_of"}
)
RELATIONS: Final = TYPED | {
    "supersedes",
    "duplicate_of",
    "near_duplicate_of",
    "redline_against",
    "in_thread_with",
}


class Link(BaseModel):
    relation: str
    target_id: str
    confidence: float = 1.0
    method: str = "model"
    evidence: dict[str, Any] = Field(default_factory=dict)


class Decision(BaseModel):
    identity: str = "new_document"
    same_as: str | None = None
    redline_against: str | None = None
    label: str | None = None
    label_source: str | None = None
    follows: list[str] = Field(default_factory=list)
    identity_method: str = "model"
    links: list[Link] = Field(default_factory=list)


class Expected(BaseModel):
    """What the model saw; materialization refuses to write if any of it changed."""

    source_object_id: str
    path: str
    content_hash: str | None
    matter_id: str
    attempts: int
    # The matter's relate epoch when the neighbours were read (None: do not check).
    epoch: int | None = None


def revalidate(conn: Connection, exp: Expected) -> dt.datetime:
    """Refuse a decision made on a state that changed; returns the attempt's claim instant."""
    row = conn.execute(
        text(
            "SELECT o.content_hash, o.deleted_at IS NOT NULL, a.matter_id, p.status, p.attempts,"
            " p.claimed_at"
            " FROM source_objects o"
            " LEFT JOIN matter_assignments a ON a.source_object_id = o.id"
            " LEFT JOIN processing_state p ON p.source_object_id = o.id AND p.stage = 'relate'"
            " WHERE o.id = :id"
        ),
        {"id": exp.source_object_id},
    ).first()
    if row is None or row[1]:
        raise RetryableStageError("the file was deleted while relate was deciding")
    if row[0] != exp.content_hash:
        raise RetryableStageError(
            f"content changed mid-relate ({exp.content_hash} -> {row[0]}): retrying on the new text"
        )
    if row[2] != exp.matter_id:
        raise RetryableStageError(
            f"matter assignment changed mid-relate ({exp.matter_id} -> {row[2]})"
        )
    if row[3] != "running" or row[4] != exp.attempts:
        raise RetryableStageError("the relate claim was lost while the model was deciding")
    claimed_at: dt.datetime = row[5]
    return claimed_at


def _matters(conn: Connection, ids: set[str]) -> dict[str, str | None]:
    rows = conn.execute(
        text(
            "SELECT o.id, a.matter_id FROM source_objects o"
            " LEFT JOIN matter_assignments a ON a.source_object_id = o.id"
            " WHERE o.id = ANY(CAST(:ids AS text[]))"
        ),
        {"ids": sorted(ids)},
    ).all()
    return {r[0]: r[1] for r in rows}


def _target_ld(conn: Connection, target: str, matter_id: str | None) -> str:
    row = store.version_row(conn, target)
    if row is not None:
        return str(row["logical_document_id"])
    obj = objects.get(conn, target)
    if obj is None:
        raise RetryableStageError(f"target {target} vanished while relate was deciding")
    body = (corpus.body_of(conn, obj.content_hash) or {}).get("text")
    name = filenames.signals(obj.path)
    return store.placeholder_version(
        conn,
        target,
        matter_id=matter_id,
        content_hash=obj.content_hash,
        title=heading(body or "") or name.stem,
        family_key=name.family_key,
        label=name.label,
    )


def materialize(
    engine: Engine,
    exp: Expected,
    decision: Decision,
    *,
    body: dict[str, Any],
    signature: list[int] | None,
    provenance: dict[str, Any],
    producer_version: str,
) -> dict[str, Any]:
    source_object_id = exp.source_object_id
    email = body.get("email") if isinstance(body.get("email"), dict) else None
    planned: threading.ThreadPlan | None = None
    if email:
        with engine.connect() as conn:
            planned = threading.plan(conn, source_object_id, email, exp.matter_id)
    targets = {decision.same_as, decision.redline_against, *(x.target_id for x in decision.links)}
    touched = {source_object_id, *targets, *(planned.touched if planned else set())} - {None}
    stats: dict[str, Any] = {"parked": 0, "relations": 0}
    with engine.begin() as conn:
        lock_files(conn, touched)  # type: ignore[arg-type]
        matters = _matters(conn, touched)  # type: ignore[arg-type]
        lock_matters(conn, {exp.matter_id, *matters.values()})
        claimed_at = revalidate(conn, exp)
        epochs.check_and_advance(conn, exp.matter_id, exp.epoch, matters.values())
        if email:
            planned = threading.plan(conn, source_object_id, email, exp.matter_id)
            if not planned.touched <= touched:
                raise RetryableStageError("the e-mail thread changed while relate was deciding")
        store.store_signature(conn, source_object_id, exp.content_hash or "", signature)
        store.clear_outgoing(conn, source_object_id)
        mine = store.version_row(conn, source_object_id)
        ld: str | None = None
        if decision.same_as:
            ld = _target_ld(conn, decision.same_as, matters.get(decision.same_as))
        if ld is None and mine is not None:
            ld = str(mine["logical_document_id"])
        if ld is None:
            name = filenames.signals(exp.path)
            title = heading(body.get("text") or "") or name.stem
            ld = store.new_logical_document(conn, exp.matter_id, title, name.family_key)
        if mine is not None and mine["logical_document_id"] != ld:
            # A new-version or duplicate decision abandons my old logical document: fold it.
            store.fold(conn, str(mine["logical_document_id"]), ld)
        duplicate = decision.identity in ("duplicate", "near_duplicate")
        store.upsert_version(
            conn,
            source_object_id,
            ld,
            matter_id=exp.matter_id,
            content_hash=exp.content_hash,
            identity=decision.identity,
            label=decision.label,
            duplicate_of=decision.same_as if duplicate else None,
            redline_against=decision.redline_against,
            provenance={
                **provenance,
                "label_source": decision.label_source,
                "follows": decision.follows,
                "identity_method": decision.identity_method,
                "has_revisions": bool(body.get("revisions")),
                # Every read this decision rests on came after its claim (a claim chunk reads
                # the matter's documents once, before its first file decides): a file that
                # joined the matter after this instant may be missing from it
                # (corpus.related_before_visible).
                "claimed_at": claimed_at.isoformat(),
            },
            producer_version=producer_version,
        )
        if duplicate and decision.same_as:
            store.insert_relation(
                conn,
                source_object_id,
                decision.same_as,
                "duplicate_of" if decision.identity == "duplicate" else "near_duplicate_of",
                method=decision.identity_method,
                producer_version=producer_version,
            )
            stats["relations"] += 1
        if decision.redline_against:
            store.insert_relation(
                conn,
                source_object_id,
                decision.redline_against,
                "redline_against",
                method="tracked_changes",
                producer_version=producer_version,
            )
            stats["relations"] += 1
        for link in decision.links:
            if matters.get(link.target_id) is None:
                # The target is not classified yet: classify replays this when it is.
                park_intent(
                    conn,
                    source_object_id,
                    link.target_id,
                    link.relation,
                    {**link.model_dump(), "producer_version": producer_version},
                )
                stats["parked"] += 1
                continue
            store.insert_relation(
                conn,
                source_object_id,
                link.target_id,
                link.relation,
                method=link.method,
                confidence=link.confidence,
                evidence=link.evidence,
                producer_version=producer_version,
            )
            stats["relations"] += 1
        family.recompute(conn, ld, producer_version)
        stats["logical_document_id"] = ld
        if planned is not None:
            stats["thread_id"] = threading.apply(conn, planned, exp.matter_id, producer_version)
    return stats


@register_intent_applier
def apply_intent(conn: Connection, intent: RelationIntent, matter_id: str) -> None:
    """A parked relation becomes a row when its target classifies (inside classify's txn)."""
    if intent.relation not in RELATIONS:
        return
    payload = intent.payload
    evidence = dict(payload.get("evidence") or {})
    evidence["replayed_intent"] = intent.id
    store.insert_relation(
        conn,
        intent.source_object_id,
        intent.target_source_object_id,
        intent.relation,
        method="intent",
        confidence=float(payload.get("confidence") or 1.0),
        evidence=evidence,
        producer_version=str(payload.get("producer_version") or ""),
    )
