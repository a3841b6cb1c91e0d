"""Every use of Dagster's private modules (`dagster._*`), in one place.

Dagster's public API has no way to do these things; each is pinned by the Dagster release in
pyproject.toml and has its own test in `knowledge_index_tests/test_dagster_internals.py`, so an
upgrade that moves one of them fails there, under the touch point's name, and nowhere else.

Touch points:
1. event batching: `DAGSTER_EVENT_BATCH_SIZE` and batch metadata on hand-built materialization
   events (one INSERT per batch of per-document events instead of one per document);
2. the event-log table and `ConfigurableClassData`, for the pooled Postgres storage;
3. run coordinator / launcher class paths Dagster does not export (in-process runs);
4. asset backfills: creating a `PartitionBackfill` and filtering backfills by status;
5. an in-process workspace of the code location, as the daemons see it;
6. one pass of the backfill daemon and of the sensor daemon, driven from this process;
7. config validation of dagster.yaml / workspace.yaml (tests of the deployment files).
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from datetime import datetime
from typing import Any

from dagster import (
    AssetExecutionContext,
    AssetKey,
    AssetMaterialization,
    DagsterEvent,
    DagsterInstance,
)
from dagster._core.events import DagsterEventBatchMetadata, generate_event_batch_id
from dagster._core.execution.backfill import BulkActionsFilter, BulkActionStatus, PartitionBackfill
from dagster._core.storage.event_log.schema import SqlEventLogStorageTable
from dagster._core.storage.tags import BACKFILL_ID_TAG
from dagster._core.utils import make_new_backfill_id
from dagster._serdes import ConfigurableClassData

__all__ = [
    "BACKFILL_ID_TAG",
    "EVENT_LOG_TABLE",
    "BulkActionStatus",
    "ConfigurableClassData",
]

# --- 1. event batching -------------------------------------------------------------------

EVENT_BATCH_SIZE_ENV = "DAGSTER_EVENT_BATCH_SIZE"


def enable_event_batching(size: int = 100) -> None:
    """Let the instance write events in batches; must be set before Dagster logs an event.

    Without it every document's materialization is its own INSERT. An operator's value wins.
    """
    os.environ.setdefault(EVENT_BATCH_SIZE_ENV, str(size))


def event_batch_size() -> int:
    """What Dagster's instance reads (0: no batching)."""
    from dagster._core.instance.utils import _get_event_batch_size

    return _get_event_batch_size()


def batched_materialization_events(
    context: AssetExecutionContext, mats: Sequence[AssetMaterialization]
) -> Iterator[DagsterEvent]:
    """The materializations as one event batch, so the storage writes them with one INSERT.

    A yielded AssetMaterialization is logged outside any batch; wrapping each in the same
    DagsterEvent Dagster would build, with batch metadata that marks the last one, lets the
    instance flush the whole batch at once.
    """
    step = context.op_execution_context._step_execution_context
    batch_id = generate_event_batch_id()
    for i, mat in enumerate(mats):
        yield DagsterEvent.asset_materialization(
            step, mat, DagsterEventBatchMetadata(batch_id, i == len(mats) - 1)
        )


# --- 2. storage --------------------------------------------------------------------------

EVENT_LOG_TABLE = SqlEventLogStorageTable


# --- 3. run coordinator / launcher class paths -------------------------------------------

# Exported by `dagster` itself: the deployment's queue.
QUEUED_RUN_COORDINATOR = {"module": "dagster", "class": "QueuedRunCoordinator"}
# Not exported: submit straight to the launcher, and launch runs synchronously in this process.
DEFAULT_RUN_COORDINATOR = {
    "module": "dagster._core.run_coordinator",
    "class": "DefaultRunCoordinator",
}
SYNC_IN_MEMORY_RUN_LAUNCHER = {
    "module": "dagster._core.launcher.sync_in_memory_run_launcher",
    "class": "SyncInMemoryRunLauncher",
}


# --- 4. asset backfills ------------------------------------------------------------------

IN_PROGRESS = (BulkActionStatus.REQUESTED, BulkActionStatus.CANCELING, BulkActionStatus.FAILING)
TERMINAL = frozenset(
    {
        BulkActionStatus.COMPLETED,
        BulkActionStatus.COMPLETED_SUCCESS,
        BulkActionStatus.COMPLETED_FAILED,
        BulkActionStatus.FAILED,
        BulkActionStatus.CANCELED,
    }
)


def add_asset_backfill(
    instance: DagsterInstance,
    asset_graph: Any,
    asset_key: AssetKey,
    partition_keys: list[str],
    *,
    tags: dict[str, str],
    title: str,
    description: str,
) -> str:
    """Store a backfill of one asset over exactly `partition_keys`; returns its id.

    The backfill daemon batches it by the asset's BackfillPolicy. Public API only launches
    backfills from a sensor tick or the UI, not for a computed set of keys on demand.
    """
    from time import time

    backfill = PartitionBackfill.from_asset_partitions(
        backfill_id=make_new_backfill_id(),
        asset_graph=asset_graph,
        partition_names=partition_keys,
        asset_selection=[asset_key],
        backfill_timestamp=time(),
        tags=tags,
        dynamic_partitions_store=instance,
        all_partitions=False,
        title=title,
        description=description,
        run_config=None,
    )
    instance.add_backfill(backfill)
    return backfill.backfill_id


def in_progress_backfill_assets(instance: DagsterInstance) -> set[AssetKey]:
    """Assets selected by a backfill that is still running."""
    selected: set[AssetKey] = set()
    for backfill in instance.get_backfills(filters=BulkActionsFilter(statuses=list(IN_PROGRESS))):
        selected.update(backfill.asset_selection or [])
    return selected


def backfill_status(instance: DagsterInstance, backfill_id: str) -> BulkActionStatus:
    backfill = instance.get_backfill(backfill_id)
    if backfill is None:
        raise KeyError(f"no backfill {backfill_id!r} in this instance")
    return backfill.status


# --- 5. an in-process workspace ----------------------------------------------------------


@contextmanager
def in_process_workspace(
    instance: DagsterInstance, module_name: str, location_name: str
) -> Iterator[Any]:
    """The code location `module_name` loaded in this process, as Dagster's daemons see it."""
    from dagster._core.remote_origin import InProcessCodeLocationOrigin
    from dagster._core.types.loadable_target_origin import LoadableTargetOrigin
    from dagster._core.workspace.context import WorkspaceProcessContext
    from dagster._core.workspace.load_target import InProcessWorkspaceLoadTarget

    origin = InProcessCodeLocationOrigin(
        loadable_target_origin=LoadableTargetOrigin(
            executable_path=sys.executable,
            module_name=module_name,
            working_directory=os.getcwd(),
        ),
        location_name=location_name,
    )
    with WorkspaceProcessContext(instance, InProcessWorkspaceLoadTarget(origin)) as context:
        yield context


# --- 6. daemon passes --------------------------------------------------------------------


def _errors(results: Iterable[Any]) -> list[Any]:
    return [e for e in results if e is not None]


def backfill_daemon_iteration(workspace: Any, log: logging.Logger) -> list[Any]:
    """One pass of Dagster's backfill daemon; returns the errors it reported."""
    from dagster._daemon.backfill import execute_backfill_iteration

    return _errors(execute_backfill_iteration(workspace, log))


def sensor_daemon_iteration(
    workspace: Any, log: logging.Logger, *, now: datetime | None = None
) -> list[Any]:
    """One pass of Dagster's sensor daemon over every running sensor of the workspace.

    Unlike calling a sensor directly this applies its whole result (runs submitted to the
    instance's coordinator, partitions added, cursor stored). `now` sets Dagster's clock, so a
    caller can step past a sensor's minimum interval without sleeping.
    """
    from dagster._core.test_utils import freeze_time
    from dagster._daemon.sensor import execute_sensor_iteration

    with freeze_time(now) if now else nullcontext():
        return _errors(
            execute_sensor_iteration(
                workspace, log, threadpool_executor=None, submit_threadpool_executor=None
            )
        )


# --- 7. config validation ----------------------------------------------------------------


def validate_instance_folder(folder: str) -> dict[str, Any]:
    """dagster.yaml in `folder`, validated by Dagster's instance schema (as the daemon would)."""
    from dagster._core.instance.config import dagster_instance_config

    config, custom_instance = dagster_instance_config(folder)
    if custom_instance is not None:
        raise ValueError("dagster.yaml names a custom instance class")
    return dict(config)


def validate_class_config(config_type: Any, value: Any) -> list[str]:
    """A pluggable class's own config section, checked against its schema; the errors."""
    from dagster._config import process_config

    result = process_config(config_type, value)
    return [] if result.success else [str(e) for e in result.errors or []]


def validate_workspace(config: Any, path: str) -> dict[str, Any]:
    from dagster._core.workspace.config_schema import ensure_workspace_config

    return dict(ensure_workspace_config(config, path))
