"""Row-level ledger operations: seed, claim, settle, fail, unlock.

Every function takes an open Connection and leaves transaction scope to the caller, so a caller
can settle one document per transaction (a crash loses at most the document in flight).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import Connection, text

from knowledge_index.ledger.policy import backoff_seconds, classify, error_record
from knowledge_index.ledger.states import WAITING, Status
from knowledge_index.pipeline import downstream_of, next_stage, stage_order
from knowledge_index.settings import Settings


@dataclass(frozen=True)
class Claim:
    source_object_id: str
    stage: str
    attempts: int
    claimed_by: str
    access_only_reindex: bool


def seed_objects(conn: Connection, source_object_ids: Sequence[str]) -> None:
    """First sight: fetch pending, every later stage waiting. Existing rows are left alone."""
    if not source_object_ids:
        return
    conn.execute(
        text(
            "INSERT INTO processing_state (source_object_id, stage, status, reason)"
            " SELECT o.id, s.stage,"
            "  CASE WHEN s.ord = 1 THEN 'pending' ELSE 'skipped' END,"
            "  CASE WHEN s.ord = 1 THEN NULL ELSE :waiting END"
            " FROM unnest(CAST(:ids AS text[])) AS o(id)"
            " CROSS JOIN unnest(CAST(:stages AS text[])) WITH ORDINALITY AS s(stage, ord)"
            " ON CONFLICT DO NOTHING"
        ),
        {"ids": list(source_object_ids), "stages": list(stage_order()), "waiting": WAITING},
    )


def claim(
    conn: Connection,
    stage: str,
    worker: str,
    *,
    source_object_ids: Sequence[str] | None = None,
    exclude: Sequence[str] = (),
    limit: int = 100,
) -> list[Claim]:
    """Claim the oldest eligible rows of `stage` (optionally among `source_object_ids`).

    SKIP LOCKED lets any number of workers claim concurrently without double-claiming.
    """
    id_filter = (
        "AND source_object_id = ANY(CAST(:ids AS text[]))" if source_object_ids is not None else ""
    )
    if exclude:
        id_filter += " AND NOT (source_object_id = ANY(CAST(:exclude AS text[])))"
    rows = conn.execute(
        text(
            "WITH eligible AS ("
            " SELECT source_object_id FROM processing_state"
            " WHERE stage = :stage AND (status = 'pending'"
            "  OR (status = 'failed' AND (next_retry_at IS NULL OR next_retry_at <= now())))"
            f" {id_filter}"
            " ORDER BY updated_at, source_object_id LIMIT :limit"
            " FOR UPDATE SKIP LOCKED)"
            " UPDATE processing_state p SET status = 'running', attempts = p.attempts + 1,"
            "  claimed_at = now(), claimed_by = :worker, updated_at = now()"
            " FROM eligible e"
            " WHERE p.source_object_id = e.source_object_id AND p.stage = :stage"
            " RETURNING p.source_object_id, p.attempts, p.access_only_reindex"
        ),
        {
            "stage": stage,
            "worker": worker,
            "limit": limit,
            "ids": list(source_object_ids or []),
            "exclude": list(exclude),
        },
    ).mappings()
    return [
        Claim(
            source_object_id=m["source_object_id"],
            stage=stage,
            attempts=m["attempts"],
            claimed_by=worker,
            access_only_reindex=m["access_only_reindex"],
        )
        for m in rows
    ]


# A claim is ours only while the row is still running under our worker id and attempt; a
# stale-claim recovery or a requeue in between means someone else owns the outcome now.
_FENCE = (
    " WHERE source_object_id = :id AND stage = :stage AND status = 'running'"
    " AND claimed_by = :worker AND attempts = :attempts"
)


def _claim_params(claim_: Claim) -> dict[str, object]:
    return {
        "id": claim_.source_object_id,
        "stage": claim_.stage,
        "worker": claim_.claimed_by,
        "attempts": claim_.attempts,
    }


def settle(
    conn: Connection,
    claim_: Claim,
    *,
    status: Status,
    producer_version: str,
    reason: str | None = None,
) -> bool:
    """Record done or a handler skip and unlock the next stage. False if the claim was lost."""
    if status not in (Status.DONE, Status.SKIPPED):
        raise ValueError(f"settle records done or skipped, not {status}")
    # Connections commit without waiting for the WAL flush (db.py), so a server crash can lose
    # the last ~200 ms of commits. A lost claim or retry only offers the row again; a lost
    # settle would redo finished work (a model call). So this commit waits for the flush, and
    # with it everything the handler wrote before it: one flush per document and stage.
    conn.execute(text("SET LOCAL synchronous_commit = on"))
    result = conn.execute(
        text(
            "UPDATE processing_state SET status = :status, reason = :reason,"
            " producer_version = :version, last_error = NULL, next_retry_at = NULL,"
            " claimed_at = NULL, claimed_by = NULL, access_only_reindex = false,"
            " updated_at = now()" + _FENCE
        ),
        {
            **_claim_params(claim_),
            "status": status.value,
            "reason": reason,
            "version": producer_version,
        },
    )
    if result.rowcount != 1:
        return False
    unlock_next(conn, [claim_.source_object_id], claim_.stage)
    return True


def unlock_next(conn: Connection, source_object_ids: Sequence[str], stage: str) -> None:
    nxt = next_stage(stage)
    if nxt is None or not source_object_ids:
        return
    conn.execute(
        text(
            "UPDATE processing_state SET status = 'pending', reason = NULL, updated_at = now()"
            " WHERE stage = :stage AND source_object_id = ANY(CAST(:ids AS text[]))"
            " AND status = 'skipped' AND reason = :waiting"
        ),
        {"stage": nxt, "ids": list(source_object_ids), "waiting": WAITING},
    )


@dataclass(frozen=True)
class FailureResult:
    status: Status
    next_retry_at: datetime | None
    error: dict[str, object]
    recorded: bool


def record_failure(
    conn: Connection,
    claim_: Claim,
    exc: BaseException,
    settings: Settings,
    *,
    now: datetime | None = None,
    rng: random.Random | None = None,
    retry_now: bool = False,
) -> FailureResult:
    """Apply the error table to a failed claim."""
    verdict = classify(exc)
    error = error_record(exc, verdict)
    max_attempts = settings.stage(claim_.stage).max_attempts
    base = settings.pipeline.retry_base_seconds
    now = now or datetime.now(UTC)
    next_retry: datetime | None
    if verdict.deterministic:
        status, next_retry = Status.QUARANTINED, None
    elif verdict.kind == "infrastructure":
        # Attempts still count for visibility but never reach a verdict: an outage says
        # nothing about the document.
        delay = backoff_seconds(
            claim_.attempts, base, cap=settings.infrastructure_retry_max_seconds, rng=rng
        )
        status, next_retry = Status.FAILED, now + timedelta(seconds=delay)
    elif claim_.attempts >= max_attempts:
        status, next_retry = Status.QUARANTINED, None
    else:
        delay = 0.0 if retry_now else backoff_seconds(claim_.attempts, base, rng=rng)
        status, next_retry = Status.FAILED, now + timedelta(seconds=delay)
    result = conn.execute(
        text(
            "UPDATE processing_state SET status = :status, last_error = CAST(:err AS jsonb),"
            " next_retry_at = :next, claimed_at = NULL, claimed_by = NULL, updated_at = now()"
            + _FENCE
        ),
        {
            **_claim_params(claim_),
            "status": status.value,
            "err": json.dumps(error),
            "next": next_retry,
        },
    )
    return FailureResult(status, next_retry, error, result.rowcount == 1)


def park_downstream(
    conn: Connection, source_object_ids: Iterable[str], stage: str, *, include_quarantined: bool
) -> int:
    """Send every stage after `stage` back to waiting for these documents."""
    ids = list(source_object_ids)
    stages = list(downstream_of(stage))
    if not ids or not stages:
        return 0
    keep = "" if include_quarantined else " AND status <> 'quarantined'"
    return conn.execute(
        text(
            "UPDATE processing_state SET status = 'skipped', reason = :waiting, attempts = 0,"
            " next_retry_at = NULL, claimed_at = NULL, claimed_by = NULL, updated_at = now()"
            " WHERE source_object_id = ANY(CAST(:ids AS text[]))"
            " AND stage = ANY(CAST(:stages AS text[]))" + keep
        ),
        {"ids": ids, "stages": stages, "waiting": WAITING},
    ).rowcount


def reopen_stage(conn: Connection, source_object_ids: Sequence[str], stage: str) -> list[str]:
    """Settled rows of one stage are owed again (their inputs grew); downstream waits for them.

    Only done or skipped rows (not waiting ones) reopen: a row still owed will see the new
    input anyway, and quarantine is an operator's decision.
    """
    if not source_object_ids:
        return []
    return reopen_settled(conn, stage, source_object_ids=source_object_ids)


def revoke_claims(
    conn: Connection, source_object_ids: Sequence[str], stage: str, *, claimed_before: datetime
) -> list[str]:
    """Running rows of one stage claimed before `claimed_before` are owed again from scratch.

    For a stage whose input grew after the claim (relate: a neighbour joined the matter): the
    running attempt may have read without it and may already have written its result, and a
    row still running is not reopened, so it would settle done on a stale result. Its claim is
    taken away instead: the fence refuses its settle, and the row is owed again with a fresh
    attempt count, like a reopen (relate's own write re-checks the claim and the matter's
    epoch, so the old attempt cannot overwrite the new one's result with what it read).
    """
    if not source_object_ids:
        return []
    ids = [
        r[0]
        for r in conn.execute(
            text(
                "UPDATE processing_state SET status = 'pending', reason = NULL, attempts = 0,"
                " last_error = NULL, next_retry_at = NULL, claimed_at = NULL, claimed_by = NULL,"
                " updated_at = now()"
                " WHERE stage = :stage AND status = 'running' AND claimed_at < :before"
                " AND source_object_id = ANY(CAST(:ids AS text[])) RETURNING source_object_id"
            ),
            {"stage": stage, "before": claimed_before, "ids": sorted(source_object_ids)},
        )
    ]
    if ids:
        park_downstream(conn, ids, stage, include_quarantined=False)
    return ids


def reopen_settled(
    conn: Connection,
    stage: str,
    *,
    source_object_ids: Sequence[str] | None = None,
    unless_version_in: Sequence[str] | None = None,
) -> list[str]:
    """Done or skipped rows of `stage` (these documents, or all) become pending with a fresh
    attempt count, and their downstream waits for them; with `unless_version_in`, only rows
    settled under another producer version. Waiting placeholders and quarantine are left."""
    where = ""
    params: dict[str, object] = {"stage": stage, "w": WAITING}
    if source_object_ids is not None:
        where += " AND source_object_id = ANY(CAST(:ids AS text[]))"
        params["ids"] = sorted(source_object_ids)
    if unless_version_in is not None:
        where += (
            " AND (producer_version IS NULL"
            " OR NOT producer_version = ANY(CAST(:accepted AS text[])))"
        )
        params["accepted"] = list(unless_version_in)
    ids = [
        r[0]
        for r in conn.execute(
            text(
                "UPDATE processing_state SET status = 'pending', reason = NULL, attempts = 0,"
                " last_error = NULL, next_retry_at = NULL, updated_at = now()"
                " WHERE stage = :stage AND status IN ('done', 'skipped')"
                " AND COALESCE(reason, '') <> :w" + where + " RETURNING source_object_id"
            ),
            params,
        )
    ]
    if ids:
        park_downstream(conn, ids, stage, include_quarantined=False)
    return ids


def restart_document(conn: Connection, source_object_ids: Sequence[str]) -> None:
    """The bytes changed (or the object was deleted/restored): everything is owed again.

    Quarantine is released too: a deterministic verdict was about the old bytes.
    """
    if not source_object_ids:
        return
    conn.execute(
        text(
            "UPDATE processing_state SET status = 'pending', reason = NULL, attempts = 0,"
            " last_error = NULL, next_retry_at = NULL, claimed_at = NULL, claimed_by = NULL,"
            " updated_at = now()"
            " WHERE stage = :first AND source_object_id = ANY(CAST(:ids AS text[]))"
        ),
        {"first": stage_order()[0], "ids": list(source_object_ids)},
    )
    park_downstream(conn, source_object_ids, stage_order()[0], include_quarantined=True)


def request_access_only_reindex(conn: Connection, source_object_ids: Sequence[str]) -> None:
    """Only the permissions changed: index owes a permission rewrite, not a re-split.

    A settled index row becomes pending again; a row still owed keeps its state and picks the
    flag up when it runs.
    """
    if not source_object_ids:
        return
    conn.execute(
        text(
            "UPDATE processing_state SET access_only_reindex = true,"
            " status = CASE WHEN status = 'done' THEN 'pending' ELSE status END,"
            " updated_at = now() WHERE source_object_id = ANY(CAST(:ids AS text[]))"
            " AND stage = 'index'"
        ),
        {"ids": list(source_object_ids)},
    )


# Rows of a model whose circuit breaker is open wait in the ledger as `failed` (awaiting retry)
# until the circuit may be probed, with the circuit as their last error: no attempt is spent
# (the claim's increment is given back) and no request is made.
def defer_claim(
    conn: Connection, claim_: Claim, *, until: datetime, error: dict[str, object]
) -> bool:
    """Hand a claimed row back unattempted; False if the claim was lost."""
    result = conn.execute(
        text(
            "UPDATE processing_state SET status = 'failed', attempts = attempts - 1,"
            " last_error = CAST(:err AS jsonb), next_retry_at = :until, claimed_at = NULL,"
            " claimed_by = NULL, updated_at = now()" + _FENCE
        ),
        {**_claim_params(claim_), "err": json.dumps(error), "until": until},
    )
    return result.rowcount == 1


def defer_owed(
    conn: Connection,
    stage: str,
    *,
    until: datetime,
    error: dict[str, object],
    source_object_ids: Sequence[str] | None = None,
    exclude: Sequence[str] = (),
) -> int:
    """Park every claimable row of `stage` (optionally among `source_object_ids`) until
    `until` without claiming it. Returns how many rows now wait."""
    id_filter = (
        " AND source_object_id = ANY(CAST(:ids AS text[]))" if source_object_ids is not None else ""
    )
    if exclude:
        id_filter += " AND NOT (source_object_id = ANY(CAST(:exclude AS text[])))"
    return conn.execute(
        text(
            "UPDATE processing_state SET status = 'failed', last_error = CAST(:err AS jsonb),"
            " next_retry_at = :until, updated_at = now()"
            " WHERE stage = :stage AND (status = 'pending'"
            "  OR (status = 'failed' AND (next_retry_at IS NULL OR next_retry_at <= now())))"
            + id_filter
        ),
        {
            "stage": stage,
            "until": until,
            "err": json.dumps(error),
            "ids": list(source_object_ids or []),
            "exclude": list(exclude),
        },
    ).rowcount
