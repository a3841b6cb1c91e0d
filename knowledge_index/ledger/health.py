"""The ledger's health per stage: what an asset check reports in the Dagster UI."""

from __future__ import annotations

from pydantic import BaseModel
from sqlalchemy import Connection, text

from knowledge_index.ledger.states import WAITING
from knowledge_index.pipeline import previous_stage
from knowledge_index.settings import Settings


class StageHealth(BaseModel):
    stage: str
    stale_claims: int
    stuck_waiting: int
    quarantined_without_cause: int

    @property
    def healthy(self) -> bool:
        return not (self.stale_claims or self.stuck_waiting or self.quarantined_without_cause)


def stage_health(conn: Connection, settings: Settings, stage: str) -> StageHealth:
    stale = conn.execute(
        text(
            "SELECT count(*) FROM processing_state WHERE stage = :s AND status = 'running'"
            " AND claimed_at < now() - make_interval(secs => :t)"
        ),
        {"s": stage, "t": settings.pipeline.claim_timeout_seconds},
    ).scalar_one()
    prev = previous_stage(stage)
    stuck = 0
    if prev is not None:
        # Waiting although the stage before has settled: an unlock was lost.
        stuck = conn.execute(
            text(
                "SELECT count(*) FROM processing_state p JOIN processing_state q"
                " ON q.source_object_id = p.source_object_id AND q.stage = :prev"
                " WHERE p.stage = :s AND p.status = 'skipped' AND p.reason = :w"
                " AND q.status IN ('done', 'skipped') AND COALESCE(q.reason, '') <> :w"
            ),
            {"s": stage, "prev": prev, "w": WAITING},
        ).scalar_one()
    causeless = conn.execute(
        text(
            "SELECT count(*) FROM processing_state WHERE stage = :s AND status = 'quarantined'"
            " AND (last_error IS NULL OR COALESCE(last_error->>'message', '') = '')"
        ),
        {"s": stage},
    ).scalar_one()
    return StageHealth(
        stage=stage, stale_claims=stale, stuck_waiting=stuck, quarantined_without_cause=causeless
    )
