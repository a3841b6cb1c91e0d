"""Read-only views of the ledger: bucket counts, quarantine, re-run previews."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from knowledge_index.ledger.states import BUCKET_SQL, BUCKETS, VERSIONED_BUCKETS, WAITING
from knowledge_index.pipeline import check_stage, downstream_of, previous_stage, stage_order

if TYPE_CHECKING:
    from sqlalchemy import Connection


def text(sql: str):
    # SQLAlchemy is imported on first use: `ki status` reads the ledger through psycopg alone.
    from sqlalchemy import text as sa_text

    return sa_text(sql)


class StageCounts(BaseModel):
    stage: str
    buckets: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.buckets.values())


class DegradedCount(BaseModel):
    """Documents a stage settled without a capability this installation lacks."""

    stage: str
    capability: str  # the degradation tag, e.g. "no-libreoffice"
    documents: int
    hint: str = ""


class CircuitInfo(BaseModel):
    """A model whose circuit breaker refuses calls now (gateway_circuits, gateway/circuits.py)."""

    model: str
    state: str  # open | half_open
    failures: int
    retry_at: datetime | None
    last_error: str | None = None


class StatusReport(BaseModel):
    stages: list[StageCounts]
    documents: int
    deleted_documents: int
    pending_deletions: int
    active_syncs: int
    degraded: list[DegradedCount] = []
    open_circuits: list[CircuitInfo] = []

    def bucket_total(self, name: str) -> int:
        return sum(s.buckets.get(name, 0) for s in self.stages)

    @property
    def owed(self) -> int:
        return sum(self.bucket_total(b) for b in ("pending", "running", "failed"))

    def exit_code(self) -> int:
        """0 in sync, 1 needs attention (quarantine, owed work, an open circuit), 2 a sync is
        in flight."""
        if self.bucket_total("quarantined") or self.open_circuits:
            return 1
        if self.active_syncs:
            return 2
        return 1 if self.owed else 0


STATUS_BUCKETS_SQL = (
    f"SELECT stage, {BUCKET_SQL} AS bucket, count(*) FROM processing_state GROUP BY stage, bucket"
)
STATUS_DOCUMENTS_SQL = (
    "SELECT count(*), count(*) FILTER (WHERE deleted_at IS NOT NULL),"
    " count(*) FILTER (WHERE pending_deletion) FROM source_objects"
)
STATUS_SYNCS_SQL = "SELECT count(*) FROM sync_runs WHERE status IN ('queued', 'running')"
# Read here with plain SQL, so `ki status` needs neither SQLAlchemy nor the gateway (litellm);
# gateway/circuits.py owns the table. A circuit past its cooldown refuses nothing any more
# (its next call is the probe), so it is not reported: a model no stage uses now cannot keep
# the exit code at 1.
STATUS_CIRCUITS_SQL = (
    "SELECT model, state, failures, retry_at, last_error FROM gateway_circuits"
    " WHERE state <> 'closed' AND retry_at > now() ORDER BY model"
)
STATUS_DEGRADED_SQL = (
    "SELECT stage, split_part(producer_version, ';degraded=', 2) AS tag, count(*)"
    " FROM processing_state WHERE status IN ('done', 'skipped')"
    " AND producer_version LIKE '%;degraded=%' GROUP BY 1, 2 ORDER BY 1, 2"
)


def status(conn: Connection) -> StatusReport:
    return _status(lambda sql: conn.execute(text(sql)))


def status_dbapi(conn: Any) -> StatusReport:
    """The same report through a plain DB-API connection (psycopg2; no SQLAlchemy import)."""

    def run(sql: str) -> list[Any]:
        cur = conn.cursor()
        try:
            cur.execute(sql)
            return cur.fetchall()
        finally:
            cur.close()

    return _status(run)


def _status(run: Callable[[str], Iterable[Any]]) -> StatusReport:
    counts: dict[str, dict[str, int]] = {s: dict.fromkeys(BUCKETS, 0) for s in stage_order()}
    for stage, bucket_name, n in run(STATUS_BUCKETS_SQL):
        if stage in counts:
            counts[stage][bucket_name] = n
    docs = next(iter(run(STATUS_DOCUMENTS_SQL)))
    active = next(iter(run(STATUS_SYNCS_SQL)))[0]
    return StatusReport(
        stages=[StageCounts(stage=s, buckets=counts[s]) for s in stage_order()],
        documents=docs[0],
        deleted_documents=docs[1],
        pending_deletions=docs[2],
        active_syncs=active,
        degraded=_degraded(run(STATUS_DEGRADED_SQL)),
        open_circuits=[
            CircuitInfo(model=r[0], state=r[1], failures=r[2], retry_at=r[3], last_error=r[4])
            for r in run(STATUS_CIRCUITS_SQL)
        ],
    )


def _degraded(rows: Iterable[Any]) -> list[DegradedCount]:
    """Per stage and capability; a tag "a+b" lacked both, so it counts for each."""
    from knowledge_index.pipeline import get_stage

    totals: dict[tuple[str, str], int] = {}
    for stage, tag, n in rows:
        for capability in str(tag).split("+"):
            totals[(stage, capability)] = totals.get((stage, capability), 0) + n
    out = []
    for (stage, capability), n in sorted(totals.items()):
        hints = get_stage(stage).degradation_hints if stage in stage_order() else {}
        out.append(
            DegradedCount(
                stage=stage, capability=capability, documents=n, hint=hints.get(capability, "")
            )
        )
    return out


class QuarantineEntry(BaseModel):
    source_object_id: str
    path: str
    source_id: str
    stage: str
    attempts: int
    error_class: str | None
    message: str | None
    deterministic: bool | None
    updated_at: Any


def quarantine(
    conn: Connection, *, stage: str | None = None, limit: int = 500
) -> list[QuarantineEntry]:
    if stage:
        check_stage(stage)
    rows = conn.execute(
        text(
            "SELECT p.source_object_id, o.path, o.source_id, p.stage, p.attempts,"
            " p.last_error->>'class', p.last_error->>'message',"
            " (p.last_error->>'deterministic')::boolean, p.updated_at"
            " FROM processing_state p JOIN source_objects o ON o.id = p.source_object_id"
            " WHERE p.status = 'quarantined' AND (CAST(:stage AS text) IS NULL OR p.stage = :stage)"
            " ORDER BY p.updated_at DESC LIMIT :limit"
        ),
        {"stage": stage, "limit": limit},
    ).all()
    return [
        QuarantineEntry(
            source_object_id=r[0],
            path=r[1],
            source_id=r[2],
            stage=r[3],
            attempts=r[4],
            error_class=r[5],
            message=r[6],
            deterministic=r[7],
            updated_at=r[8],
        )
        for r in rows
    ]


class RerunPreview(BaseModel):
    stage: str
    documents: int
    downstream_stages: list[str]
    # Pending or failed rows of the stage: owed already, so the re-run's backfill covers them too.
    already_owed: int = 0

    @property
    def total(self) -> int:
        return self.documents + self.already_owed


def rerun_preview(conn: Connection, stage: str) -> RerunPreview:
    """How many documents re-run: rows that recorded a version (done, skipped, disabled).

    Rows already owed (pending, or failed and waiting for a retry) are counted apart.
    """
    check_stage(stage)
    n, owed = conn.execute(
        text(
            f"SELECT count(*) FILTER (WHERE ({BUCKET_SQL}) = ANY(CAST(:buckets AS text[]))),"
            " count(*) FILTER (WHERE status IN ('pending', 'failed'))"
            " FROM processing_state WHERE stage = :stage"
        ),
        {"stage": stage, "buckets": sorted(VERSIONED_BUCKETS)},
    ).one()
    return RerunPreview(
        stage=stage,
        documents=n,
        downstream_stages=list(downstream_of(stage)),
        already_owed=owed,
    )


def owed_object_ids(conn: Connection, stage: str, *, limit: int | None = None) -> list[str]:
    """Documents with a claimable row for `stage`, in partition (insertion) order."""
    rows = conn.execute(
        text(
            "SELECT p.source_object_id FROM processing_state p"
            " JOIN source_objects o ON o.id = p.source_object_id"
            " WHERE p.stage = :stage AND (p.status = 'pending' OR (p.status = 'failed'"
            "  AND (p.next_retry_at IS NULL OR p.next_retry_at <= now())))"
            " ORDER BY o.seq" + (" LIMIT :limit" if limit else "")
        ),
        {"stage": stage, "limit": limit},
    ).all()
    return [r[0] for r in rows]


def arriving_documents(conn: Connection) -> int:
    """Documents with a claimable row at any stage: what the coming runs will work on."""
    return int(
        conn.execute(
            text(
                "SELECT count(DISTINCT source_object_id) FROM processing_state"
                " WHERE status = 'pending' OR (status = 'failed'"
                "  AND (next_retry_at IS NULL OR next_retry_at <= now()))"
            )
        ).scalar_one()
    )


def work_arriving(conn: Connection, stage: str) -> bool:
    """Whether `stage` or the stage before it has a claimable row: work `stage` gets this run."""
    previous = previous_stage(stage) or stage
    return bool(
        conn.execute(
            text(
                "SELECT EXISTS (SELECT 1 FROM processing_state WHERE stage IN (:stage, :previous)"
                " AND (status = 'pending' OR (status = 'failed'"
                "  AND (next_retry_at IS NULL OR next_retry_at <= now()))))"
            ),
            {"stage": stage, "previous": previous},
        ).scalar_one()
    )


def next_retry_due(conn: Connection) -> Any:
    """The earliest future retry, so a run loop knows whether waiting is worth it."""
    return conn.execute(
        text("SELECT min(next_retry_at) FROM processing_state WHERE status = 'failed'")
    ).scalar_one()


def settled_versions(
    conn: Connection,
    stage: str,
    *,
    since: datetime | None = None,
    before: datetime | None = None,
) -> dict[str, str]:
    """Rows of `stage` a run settled (done or a handler/configuration skip): id -> version.

    These are exactly the rows a stage asset emits a materialization for. Rows waiting for
    their previous stage are stored as skipped but were never run, so they are not settled.
    `since`/`before` bound the settle time (`updated_at`, the ledger's clock).
    """
    rows = conn.execute(
        text(
            "SELECT source_object_id, producer_version FROM processing_state"
            " WHERE stage = :stage AND status IN ('done', 'skipped')"
            " AND COALESCE(reason, '') <> :waiting AND producer_version IS NOT NULL"
            + (" AND updated_at >= :since" if since is not None else "")
            + (" AND updated_at < :before" if before is not None else "")
        ),
        {"stage": stage, "waiting": WAITING, "since": since, "before": before},
    ).all()
    return {r[0]: r[1] for r in rows}
