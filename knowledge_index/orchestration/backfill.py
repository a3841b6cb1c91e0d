"""Corpus-wide re-runs as real Dagster backfills.

`ki rerun STAGE` (and the `rerun_stage` job in the UI) bump the stage's rerun token, let the
ledger requeue the documents that ran the stage (downstream back to waiting), and create a
backfill of that stage's asset over exactly those documents. The backfill daemon batches it by
the asset's BackfillPolicy (multi_run, `pipeline.batch_size` partitions per run); each run claims
only owed rows, so a document is never processed twice even if another run overlaps. Downstream
stages follow through the ledger: as each document settles, its next stage becomes owed and the
insertion sensor launches batched ranged runs for it. (A backfill that also selected the
downstream assets would put them in the same multi-asset runs, where per-partition
materializations without outputs make Dagster skip the downstream steps; see issue 2.)

While a backfill of a stage is in progress the insertion sensor leaves that stage to it. The
backfill is stored in the Dagster database, so a restarted daemon resumes it where it stopped
(including a run submission interrupted mid-way: Dagster reserves run ids before submitting).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from dagster import AssetKey, DagsterInstance
from sqlalchemy import Engine

from knowledge_index.ledger.report import owed_object_ids
from knowledge_index.orchestration import dagster_internals as internals
from knowledge_index.orchestration.codelocation import daemon_workspace, load_definitions
from knowledge_index.orchestration.launch import register_missing_partitions
from knowledge_index.orchestration.partitions import DOCUMENTS
from knowledge_index.orchestration.tags import STAGE_TAG, TRIGGER_TAG
from knowledge_index.settings import Settings

TERMINAL = internals.TERMINAL

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class StageBackfill:
    backfill_id: str
    stage: str
    partitions: int

    @property
    def ui_path(self) -> str:
        return f"/overview/backfills/{self.backfill_id}"


def create_stage_backfill(
    instance: DagsterInstance,
    engine: Engine,
    asset_graph: Any,
    stage: str,
    *,
    trigger: str = "rerun",
    title: str | None = None,
) -> StageBackfill | None:
    """A backfill of `stage` over every document the ledger owes it (None when none is owed).

    Call after the ledger's housekeeping has requeued the stage (a new producer version), so the
    owed documents are exactly those that ran it, plus any waiting for a retry.
    """
    register_missing_partitions(instance, engine)
    with engine.connect() as conn:
        owed = owed_object_ids(conn, stage)
    registered = set(instance.get_dynamic_partitions(DOCUMENTS))
    keys = [k for k in owed if k in registered]
    if not keys:
        return None
    backfill_id = internals.add_asset_backfill(
        instance,
        asset_graph,
        AssetKey(stage),
        keys,
        tags={STAGE_TAG: stage, TRIGGER_TAG: trigger},
        title=title or f"re-run {stage}",
        description=f"{len(keys)} document(s) re-run {stage}; downstream stages follow "
        "through the ledger and the insertion sensor.",
    )
    return StageBackfill(backfill_id, stage, len(keys))


def stages_owned_by_backfills(instance: DagsterInstance) -> set[str]:
    """Stages with a backfill in progress: the insertion sensor leaves them to the backfill."""
    return {key.to_user_string() for key in internals.in_progress_backfill_assets(instance)}


def backfill_iteration(workspace: Any) -> list[Any]:
    """One pass of Dagster's backfill daemon; returns the errors it reported."""
    return internals.backfill_daemon_iteration(workspace, log)


def drive_backfill(
    instance: DagsterInstance, backfill_id: str, *, max_iterations: int = 200
) -> internals.BulkActionStatus:
    """Run backfill-daemon iterations in this process until the backfill is finished."""
    with daemon_workspace(instance) as workspace:
        for _ in range(max_iterations):
            for error in backfill_iteration(workspace):
                log.warning("backfill daemon: %s", error.to_string())
            status = internals.backfill_status(instance, backfill_id)
            if status in TERMINAL:
                return status
    return internals.backfill_status(instance, backfill_id)


def new_rerun_token() -> str:
    return datetime.now(UTC).strftime("r%Y%m%dT%H%M%S%f")


@dataclass(frozen=True)
class RerunResult:
    stage: str
    producer_version: str
    backfill: StageBackfill | None


def rerun_stage_backfill(
    settings: Settings,
    instance: DagsterInstance,
    stage: str,
    *,
    bump: bool = True,
    trigger: str = "rerun",
) -> RerunResult:
    """Bump the stage's rerun token (unless `bump` is off, e.g. after a code-version change),
    let the ledger requeue what ran under another version, and back-fill the owed documents.

    The backfill is planned against the code location loaded afresh after the bump, as the
    backfill daemon will see it (its partitions and backfill policies).
    """
    import json

    from knowledge_index.config_store import set_value
    from knowledge_index.db import get_engine
    from knowledge_index.ledger.maintenance import prepare

    if bump:
        settings = set_value(f"pipeline.stages.{stage}.rerun_token", json.dumps(new_rerun_token()))
    engine = get_engine(settings)
    with engine.begin() as conn:
        prepare(conn, settings)
    graph = load_definitions().resolve_asset_graph()
    backfill = create_stage_backfill(instance, engine, graph, stage, trigger=trigger)
    return RerunResult(stage, settings.producer_version(stage), backfill)
