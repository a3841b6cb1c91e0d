"""Run-start housekeeping and operator actions over the whole ledger."""

from __future__ import annotations

import json
import socket
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, text

from knowledge_index.errors import ConfigError, StaleClaim
from knowledge_index.ledger.states import DISABLED, WAITING
from knowledge_index.ledger.store import park_downstream, reopen_settled
from knowledge_index.objects import store as objects
from knowledge_index.pipeline import (
    GEN_EVALS_DRAIN_REASON,
    LEGACY_STAGES,
    check_stage,
    downstream_of,
    get_stage,
    previous_stage,
    stage_order,
)
from knowledge_index.processes import alive
from knowledge_index.settings import Settings


@dataclass
class PrepareReport:
    stale_claims: int = 0
    quarantined_stale: int = 0
    requeued_outdated: dict[str, int] = field(default_factory=dict)
    requeued_enabled: dict[str, int] = field(default_factory=dict)
    requeued_ontology: int = 0
    drained_legacy: int = 0
    seeded_rows: int = 0


def prepare(conn: Connection, settings: Settings) -> PrepareReport:
    """What every run does first, in the seed's order."""
    report = PrepareReport()
    report.seeded_rows = ensure_stage_rows(conn)
    report.drained_legacy = drain_legacy_stages(conn, settings)
    report.requeued_outdated = requeue_outdated_stages(conn, settings)
    report.requeued_enabled = requeue_newly_enabled_stages(conn, settings)
    report.requeued_ontology = requeue_ontology_outdated(conn, settings)
    report.stale_claims, report.quarantined_stale = recover_stale_claims(conn, settings)
    return report


def ensure_stage_rows(conn: Connection) -> int:
    """A stage added by a release gets rows for documents that predate it."""
    inserted = 0
    for stage in stage_order()[1:]:
        prev = previous_stage(stage)
        inserted += conn.execute(
            text(
                "INSERT INTO processing_state (source_object_id, stage, status, reason)"
                " SELECT p.source_object_id, :stage,"
                "  CASE WHEN p.status IN ('done', 'skipped') AND COALESCE(p.reason, '') <> :w"
                "   THEN 'pending' ELSE 'skipped' END,"
                "  CASE WHEN p.status IN ('done', 'skipped') AND COALESCE(p.reason, '') <> :w"
                "   THEN NULL ELSE :w END"
                " FROM processing_state p WHERE p.stage = :prev"
                " AND NOT EXISTS (SELECT 1 FROM processing_state q"
                "  WHERE q.source_object_id = p.source_object_id AND q.stage = :stage)"
            ),
            {"stage": stage, "prev": prev, "w": WAITING},
        ).rowcount
    return inserted


def drain_legacy_stages(conn: Connection, settings: Settings) -> int:
    drained = 0
    for stage in LEGACY_STAGES:
        drained += conn.execute(
            text(
                "UPDATE processing_state SET status = 'skipped', reason = :reason,"
                " producer_version = :version, claimed_at = NULL, claimed_by = NULL,"
                " updated_at = now()"
                " WHERE stage = :stage AND NOT (status = 'skipped' AND reason = :reason)"
            ),
            {
                "stage": stage,
                "reason": GEN_EVALS_DRAIN_REASON,
                "version": settings.producer_version(stage),
            },
        ).rowcount
    return drained


def requeue_outdated_stages(conn: Connection, settings: Settings) -> dict[str, int]:
    """Each document's earliest stage that ran under another version runs again; downstream waits.

    Stages are visited in order, so once a stage is requeued its downstream rows are waiting
    (no version to compare) and cannot be picked a second time. Quarantined rows are untouched.
    """
    requeued: dict[str, int] = {}
    for stage in stage_order():
        ids = reopen_settled(conn, stage, unless_version_in=accepted_versions(settings, stage))
        if ids:
            requeued[stage] = len(ids)
    return requeued


def requeue_newly_enabled_stages(conn: Connection, settings: Settings) -> dict[str, int]:
    requeued: dict[str, int] = {}
    for stage in stage_order():
        if not settings.stage(stage).enabled:
            continue
        ids = [
            r[0]
            for r in conn.execute(
                text(
                    "UPDATE processing_state SET status = 'pending', reason = NULL, attempts = 0,"
                    " updated_at = now()"
                    " WHERE stage = :stage AND status = 'skipped' AND reason = :disabled"
                    " RETURNING source_object_id"
                ),
                {"stage": stage, "disabled": DISABLED},
            )
        ]
        if ids:
            # Later stages ran without this stage's output; they run again after it.
            park_downstream(conn, ids, stage, include_quarantined=False)
            requeued[stage] = len(ids)
    return requeued


def _claimer_died(worker: str | None) -> bool:
    """host:pid:start ticks:nonce (older ids: host:pid:nonce, judged by the pid alone)."""
    parts = (worker or "").split(":")
    if len(parts) < 3 or parts[0] != socket.gethostname() or not parts[1].isdigit():
        return False
    ticks = parts[2] if len(parts) >= 4 else "?"
    return not alive(f"{parts[1]}:{ticks}")


def recover_stale_claims(conn: Connection, settings: Settings) -> tuple[int, int]:
    """A row running longer than the claim timeout lost its worker: retry it now.

    StaleClaim is an ordinary failure: it counts against max_attempts.
    """
    from knowledge_index.ledger.policy import Verdict, error_record

    timeout = settings.pipeline.claim_timeout_seconds
    rows = (
        conn.execute(
            text(
                "SELECT source_object_id, stage, attempts, claimed_by,"
                " claimed_at < now() - make_interval(secs => :t) AS expired"
                " FROM processing_state WHERE status = 'running' FOR UPDATE SKIP LOCKED"
            ),
            {"t": timeout},
        )
        .mappings()
        .all()
    )
    # A claim of a process on this host that no longer exists (a SIGKILLed `ki run`) is stale
    # now, not after the timeout: the rerun would otherwise end with those rows still owed.
    rows = [m for m in rows if m["expired"] or _claimer_died(m["claimed_by"])]
    quarantined = 0
    for m in rows:
        source_object_id, stage = m["source_object_id"], m["stage"]
        attempts, worker = m["attempts"], m["claimed_by"]
        exc = StaleClaim(
            f"claim by {worker} expired after {timeout}s without an outcome; the worker died "
            "or hung mid-stage"
        )
        error = error_record(exc, Verdict("other"))
        exhausted = attempts >= settings.stage(stage).max_attempts
        quarantined += exhausted
        conn.execute(
            text(
                "UPDATE processing_state SET status = :status, last_error = CAST(:e AS jsonb),"
                " next_retry_at = CASE WHEN :status = 'failed' THEN now() END,"
                " claimed_at = NULL, claimed_by = NULL, updated_at = now()"
                " WHERE source_object_id = :id AND stage = :stage AND status = 'running'"
            ),
            {
                "status": "quarantined" if exhausted else "failed",
                "e": json.dumps(error),
                "id": source_object_id,
                "stage": stage,
            },
        )
    return len(rows), quarantined


@dataclass(frozen=True)
class RetryReport:
    source_object_id: str
    released_stage: str
    requested_stage: str | None
    invalidated_stages: list[str]
    max_attempts: int
    previous_error: dict[str, Any] | None
    deterministic: bool


def retry_quarantined(
    conn: Connection,
    settings: Settings,
    source_object_id: str,
    *,
    stage: str | None = None,
    actor: str = "cli",
) -> RetryReport:
    """Release the earliest quarantined stage with a fresh budget; downstream back to waiting."""
    if stage is not None:
        check_stage(stage)
    rows = (
        conn.execute(
            text(
                "SELECT stage, last_error FROM processing_state"
                " WHERE source_object_id = :id AND status = 'quarantined' FOR UPDATE"
            ),
            {"id": source_object_id},
        )
        .mappings()
        .all()
    )
    if not rows:
        if not objects.exists(conn, source_object_id):
            raise ConfigError(f"no source object with id {source_object_id!r}")
        raise ConfigError(f"source object {source_object_id} has no quarantined stage")
    by_stage = {m["stage"]: m["last_error"] for m in rows}
    # A later requested stage would re-run downstream work on an input that is still missing.
    earliest = min(by_stage, key=stage_order().index)
    previous = by_stage[earliest]
    conn.execute(
        text(
            "UPDATE processing_state SET status = 'pending', reason = NULL, attempts = 0,"
            " last_error = NULL, next_retry_at = NULL, updated_at = now()"
            " WHERE source_object_id = :id AND stage = :stage"
        ),
        {"id": source_object_id, "stage": earliest},
    )
    park_downstream(conn, [source_object_id], earliest, include_quarantined=True)
    report = RetryReport(
        source_object_id=source_object_id,
        released_stage=earliest,
        requested_stage=stage,
        invalidated_stages=list(downstream_of(earliest)),
        max_attempts=settings.stage(earliest).max_attempts,
        previous_error=previous,
        deterministic=bool(previous and previous.get("deterministic")),
    )
    audit(
        conn,
        actor,
        "quarantine_retry",
        source_object_id,
        {
            "released_stage": earliest,
            "requested_stage": stage,
            "overruled_error": previous,
        },
    )
    return report


# Casualties of an outage rather than of the document: the gateway or a converter service was
# down, overloaded or misconfigured (a revoked key), so releasing them after the fix is safe.
INFRASTRUCTURE_CLASSES = ("InfrastructureError", "ProviderPermanentError", "ProviderCooldown")


@dataclass(frozen=True)
class QuarantinedRow:
    source_object_id: str
    stage: str
    error_class: str | None
    kind: str | None


def quarantined_rows(
    conn: Connection,
    *,
    stage: str | None = None,
    error_class: str | None = None,
    infrastructure: bool = False,
) -> list[QuarantinedRow]:
    """Quarantined rows matching every filter given (none: all of them), in a stable order."""
    if stage is not None:
        check_stage(stage)
    rows = conn.execute(
        text(
            "SELECT source_object_id, stage, last_error->>'class' AS error_class,"
            " last_error->>'kind' AS kind FROM processing_state WHERE status = 'quarantined'"
            " AND (CAST(:stage AS text) IS NULL OR stage = :stage)"
            " AND (CAST(:cls AS text) IS NULL OR last_error->>'class' = :cls)"
            " AND (NOT :infra OR last_error->>'kind' = 'infrastructure'"
            "  OR last_error->>'class' = ANY(CAST(:infra_classes AS text[])))"
            " ORDER BY source_object_id, stage"
        ),
        {
            "stage": stage,
            "cls": error_class,
            "infra": infrastructure,
            "infra_classes": list(INFRASTRUCTURE_CLASSES),
        },
    ).mappings()
    return [QuarantinedRow(**r) for r in rows]


def retry_many(
    conn: Connection, settings: Settings, rows: list[QuarantinedRow], *, actor: str = "cli"
) -> list[RetryReport]:
    """Release every selected document (its earliest quarantined stage), in one transaction."""
    wanted: dict[str, str] = {}
    for r in rows:
        wanted.setdefault(r.source_object_id, r.stage)
    return [
        retry_quarantined(conn, settings, source_object_id, stage=stage, actor=actor)
        for source_object_id, stage in sorted(wanted.items())
    ]


def audit(
    conn: Connection, actor: str, action: str, subject: str | None, detail: dict[str, Any]
) -> None:
    conn.execute(
        text(
            "INSERT INTO audit_log (actor, action, subject, detail)"
            " VALUES (:a, :act, :s, CAST(:d AS jsonb))"
        ),
        {"a": actor, "act": action, "s": subject, "d": json.dumps(detail, default=str)},
    )


def accepted_versions(settings: Settings, stage: str) -> list[str]:
    """The current version, plus its degraded forms whose every lack is still unavoidable."""
    from itertools import combinations

    version = settings.producer_version(stage)
    tags = sorted(get_stage(stage).degradations(settings))
    subsets = ["+".join(c) for n in range(1, len(tags) + 1) for c in combinations(tags, n)]
    return [version, *(f"{version};degraded={d}" for d in subsets)]


ONTOLOGY_STAGE = "extract_metadata"


def requeue_ontology_outdated(conn: Connection, settings: Settings) -> int:
    """The seed's narrower re-typing path for an ontology change (firm file or a new default).

    Only documents whose stored type is no longer an in-scope node, or that were left untyped
    under another scope fingerprint, run extract_metadata again (downstream waits); a document
    typed with a node that still exists keeps its type, so a richer ontology costs only the
    documents it can change.
    """
    from knowledge_index.ontology import active_ontology

    if ONTOLOGY_STAGE not in stage_order() or not settings.stage(ONTOLOGY_STAGE).enabled:
        return 0
    ontology = active_ontology(settings.firm.ontology_path)
    ids = [
        r[0]
        for r in conn.execute(
            text(
                "UPDATE processing_state p SET status = 'pending', reason = NULL, attempts = 0,"
                " last_error = NULL, next_retry_at = NULL, updated_at = now()"
                " FROM document_metadata m WHERE m.source_object_id = p.source_object_id"
                " AND p.stage = :stage AND p.status IN ('done', 'skipped')"
                " AND COALESCE(p.reason, '') <> :w"
                " AND ((m.doc_type IS NULL AND m.ontology_fingerprint <> :fp)"
                "  OR (m.doc_type IS NOT NULL"
                "      AND NOT m.doc_type = ANY(CAST(:in_scope AS text[]))))"
                " RETURNING p.source_object_id"
            ),
            {
                "stage": ONTOLOGY_STAGE,
                "w": WAITING,
                "fp": ontology.fingerprint,
                "in_scope": [n.id for n in ontology.scoped()],
            },
        )
    ]
    if ids:
        park_downstream(conn, ids, ONTOLOGY_STAGE, include_quarantined=False)
    return len(ids)
