"""Corpus-wide re-runs as real Dagster backfills.

`ki rerun STAGE` (and the `rerun_stage` job in the UI) bump the stage's rerun token, let the
ledger requeue the documents that ran the stage (downstream back to waiting), and create a
PartitionBackfill of that stage's asset over exactly those documents. The backfill daemon
batches it by the asset's BackfillPolicy (multi_run, `pipeline.batch_size` partitions per run);
each run claims only owed rows, so a document is never processed twice even if another run
overlaps. Downstream stages follow through the ledger: as each document settles, its next stage
becomes owed and the insertion sensor launches batched ranged runs for it. (A backfill that also
selected the downstream assets would put them in the same multi-asset runs, where per-partition
materializations without outputs make Dagster skip the downstream steps; see issue 2.)

While a backfill of a stage is in progress the insertion sensor leaves that stage to it. The
backfill is stored in the Dagster database, so a restarted daemon resumes it where it stopped
(including a run submission interrupted mid-way: Dagster reserves run ids before submitting).
"""

import logging
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import yaml
from dagster import AssetKey, DagsterInstance
from dagster._core.execution.backfill import (
    BulkActionsFilter,
    BulkActionStatus,
    PartitionBackfill,
)
from dagster._core.utils import make_new_backfill_id
from sqlalchemy import Engine

from knowledge_index.defs.instance import STAGE_TAG, TRIGGER_TAG, instance_config
from knowledge_index.defs.launch import register_missing_partitions
from knowledge_index.ledger.report import owed_object_ids
from knowledge_index.settings import Settings

CODE_LOCATION_MODULE = "knowledge_index.defs.definitions"
IN_PROGRESS = [BulkActionStatus.REQUESTED, BulkActionStatus.CANCELING, BulkActionStatus.FAILING]
TERMINAL = {
    BulkActionStatus.COMPLETED,
    BulkActionStatus.COMPLETED_SUCCESS,
    BulkActionStatus.COMPLETED_FAILED,
    BulkActionStatus.FAILED,
    BulkActionStatus.CANCELED,
}

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
    asset_graph,
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
    registered = set(instance.get_dynamic_partitions("documents"))
    keys = [k for k in owed if k in registered]
    if not keys:
        return None
    backfill = PartitionBackfill.from_asset_partitions(
        backfill_id=make_new_backfill_id(),
        asset_graph=asset_graph,
        partition_names=keys,
        asset_selection=[AssetKey(stage)],
        backfill_timestamp=time.time(),
        tags={STAGE_TAG: stage, TRIGGER_TAG: trigger},
        dynamic_partitions_store=instance,
        all_partitions=False,
        title=title or f"re-run {stage}",
        description=f"{len(keys)} document(s) re-run {stage}; downstream stages follow "
        "through the ledger and the insertion sensor.",
        run_config=None,
    )
    instance.add_backfill(backfill)
    return StageBackfill(backfill.backfill_id, stage, len(keys))


def stages_owned_by_backfills(instance: DagsterInstance) -> set[str]:
    """Stages with a backfill in progress: the insertion sensor leaves them to the backfill."""
    owned: set[str] = set()
    for backfill in instance.get_backfills(filters=BulkActionsFilter(statuses=IN_PROGRESS)):
        owned.update(key.to_user_string() for key in backfill.asset_selection or [])
    return owned


def inline_instance(settings: Settings) -> DagsterInstance:
    """The product's instance, but runs launched synchronously in this process.

    Same storage as the daemon's instance (backfills and runs are shared); only the coordinator
    and launcher differ, like `ki run` executing runs in-process.
    """
    home = Path(settings.home) / "dagster-inline"
    home.mkdir(parents=True, exist_ok=True)
    config = instance_config(settings)
    config["run_coordinator"] = {
        "module": "dagster._core.run_coordinator",
        "class": "DefaultRunCoordinator",
    }
    config["run_launcher"] = {
        "module": "dagster._core.launcher.sync_in_memory_run_launcher",
        "class": "SyncInMemoryRunLauncher",
    }
    (home / "dagster.yaml").write_text(yaml.safe_dump(config, sort_keys=False))
    return DagsterInstance.from_config(str(home))


@contextmanager
def daemon_workspace(instance: DagsterInstance) -> Iterator:
    """The code location loaded in this process, as the backfill daemon sees it."""
    from dagster._core.remote_origin import InProcessCodeLocationOrigin
    from dagster._core.types.loadable_target_origin import LoadableTargetOrigin
    from dagster._core.workspace.context import WorkspaceProcessContext
    from dagster._core.workspace.load_target import InProcessWorkspaceLoadTarget

    origin = InProcessCodeLocationOrigin(
        loadable_target_origin=LoadableTargetOrigin(
            executable_path=sys.executable,
            module_name=CODE_LOCATION_MODULE,
            working_directory=os.getcwd(),
        ),
        location_name=CODE_LOCATION_MODULE,
    )
    with WorkspaceProcessContext(instance, InProcessWorkspaceLoadTarget(origin)) as context:
        yield context


def backfill_iteration(context) -> list:
    """One pass of Dagster's backfill daemon; returns the errors it reported."""
    from dagster._daemon.backfill import execute_backfill_iteration

    return [e for e in execute_backfill_iteration(context, log) if e is not None]


def drive_backfill(
    instance: DagsterInstance, backfill_id: str, *, max_iterations: int = 200
) -> BulkActionStatus:
    """Run backfill-daemon iterations in this process until the backfill is finished."""
    with daemon_workspace(instance) as context:
        for _ in range(max_iterations):
            errors = backfill_iteration(context)
            for error in errors:
                log.warning("backfill daemon: %s", error.to_string())
            status = instance.get_backfill(backfill_id).status
            if status in TERMINAL:
                return status
    return instance.get_backfill(backfill_id).status


def new_rerun_token() -> str:
    from datetime import UTC, datetime

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
    let the ledger requeue what ran under another version, and back-fill the owed documents."""
    import json

    from knowledge_index.config_store import set_value
    from knowledge_index.db import get_engine
    from knowledge_index.defs.build import build_definitions
    from knowledge_index.ledger.maintenance import prepare

    if bump:
        settings = set_value(f"pipeline.stages.{stage}.rerun_token", json.dumps(new_rerun_token()))
    engine = get_engine(settings)
    with engine.begin() as conn:
        prepare(conn, settings)
    graph = build_definitions(settings).resolve_asset_graph()
    backfill = create_stage_backfill(instance, engine, graph, stage, trigger=trigger)
    return RerunResult(stage, settings.producer_version(stage), backfill)
