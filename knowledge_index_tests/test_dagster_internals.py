"""One test per touch point of `orchestration/dagster_internals.py`, each against real Dagster.

A Dagster upgrade that moves one of the private APIs the product leans on fails here, under the
touch point's name. The deployment-file validation (touch point 7) is tested in
test_deployment.py, the sensor daemon pass also in test_dagster_pipeline.py.
"""

import logging

import pytest
from dagster import (
    AssetExecutionContext,
    AssetKey,
    AssetMaterialization,
    DagsterEventType,
    DagsterInstance,
    Definitions,
    EventRecordsFilter,
    RunsFilter,
    asset,
    define_asset_job,
    in_process_executor,
)
from sqlalchemy.pool import QueuePool

from knowledge_index.orchestration import dagster_internals as internals
from knowledge_index.orchestration.codelocation import daemon_workspace, load_definitions
from knowledge_index.orchestration.driver import Driver
from knowledge_index.orchestration.instance import get_instance, inline_instance
from knowledge_index.orchestration.launch import RANGE_END_TAG, RANGE_START_TAG
from knowledge_index.orchestration.partitions import DOCUMENTS, documents
from knowledge_index.orchestration.storage import PooledPostgresEventLogStorage
from knowledge_index.sources.registry import add_source
from knowledge_index_tests.support.estate import make_files

KEYS = ["k1", "k2", "k3"]
log = logging.getLogger(__name__)


@asset(name="probe", partitions_def=documents, output_required=False)
def probe(context: AssetExecutionContext):
    mats = [
        AssetMaterialization(
            asset_key=AssetKey("probe"),
            partition=key,
            metadata={"n": i},
            tags={"dagster/code_version": "probe-1"},
        )
        for i, key in enumerate(context.partition_keys)
    ]
    yield from internals.batched_materialization_events(context, mats)


def _ranged_probe_run(instance: DagsterInstance):
    instance.add_dynamic_partitions(DOCUMENTS, KEYS)
    job = Definitions(
        assets=[probe],
        jobs=[define_asset_job("probe_job", selection=["probe"], executor_def=in_process_executor)],
    ).resolve_job_def("probe_job")
    return job.execute_in_process(
        instance=instance, tags={RANGE_START_TAG: KEYS[0], RANGE_END_TAG: KEYS[-1]}
    )


def test_event_batching_is_read_by_dagsters_instance() -> None:
    # orchestration/__init__ set it when the package was imported, before any run.
    assert internals.event_batch_size() == 100


def test_batched_materialization_events_record_every_partition(settings) -> None:
    instance = get_instance(settings)
    result = _ranged_probe_run(instance)
    assert result.success
    records = instance.fetch_materializations(AssetKey("probe"), limit=10).records
    by_key = {r.partition_key: r.asset_materialization for r in records}
    assert set(by_key) == set(KEYS)
    assert by_key["k3"].metadata["n"].value == 2
    assert by_key["k1"].tags["dagster/code_version"] == "probe-1"


def test_pooled_storage_pools_and_writes_planned_events_as_one_batch(settings) -> None:
    instance = get_instance(settings)
    storage = instance.event_log_storage
    assert isinstance(storage, PooledPostgresEventLogStorage)
    assert isinstance(storage._engine.pool, QueuePool)
    assert internals.EVENT_LOG_TABLE.c.id is not None
    run = _ranged_probe_run(instance)
    planned = instance.get_event_records(
        EventRecordsFilter(DagsterEventType.ASSET_MATERIALIZATION_PLANNED, AssetKey("probe"))
    )
    # One planned event per partition of the range, written through the batched INSERT.
    assert sorted(
        r.event_log_entry.dagster_event.event_specific_data.partition
        for r in planned
        if r.run_id == run.run_id
    ) == sorted(KEYS)


def test_run_coordinator_and_launcher_class_paths_load(settings) -> None:
    queued = get_instance(settings)
    assert type(queued.run_coordinator).__name__ == "QueuedRunCoordinator"
    inline = inline_instance(settings)
    # Dagster pairs the default coordinator with the sync launcher's own in-memory one.
    assert type(inline.run_coordinator).__name__ in {
        "DefaultRunCoordinator",
        "SyncInMemoryRunCoordinator",
    }
    assert type(inline.run_launcher).__name__ == "SyncInMemoryRunLauncher"


def _synced_estate(engine, settings, tmp_path) -> Driver:
    root = tmp_path / "estate"
    make_files(root, 2)
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    driver = Driver(settings, instance=inline_instance(settings))
    driver.sync("estate")
    return driver


def test_asset_backfill_is_stored_and_seen_in_progress(engine, settings, tmp_path) -> None:
    driver = _synced_estate(engine, settings, tmp_path)
    keys = driver.instance.get_dynamic_partitions(DOCUMENTS)
    backfill_id = internals.add_asset_backfill(
        driver.instance,
        load_definitions().resolve_asset_graph(),
        AssetKey("fetch"),
        keys,
        tags={"ki/trigger": "test"},
        title="probe",
        description="probe",
    )
    assert internals.backfill_status(driver.instance, backfill_id) == (
        internals.BulkActionStatus.REQUESTED
    )
    assert internals.in_progress_backfill_assets(driver.instance) == {AssetKey("fetch")}


def test_backfill_daemon_pass_in_an_in_process_workspace_runs_the_backfill(
    engine, settings, tmp_path
) -> None:
    driver = _synced_estate(engine, settings, tmp_path)
    instance = driver.instance
    keys = instance.get_dynamic_partitions(DOCUMENTS)
    backfill_id = internals.add_asset_backfill(
        instance,
        load_definitions().resolve_asset_graph(),
        AssetKey("fetch"),
        keys,
        tags={},
        title="probe",
        description="probe",
    )
    with daemon_workspace(instance) as workspace:
        for _ in range(10):
            assert internals.backfill_daemon_iteration(workspace, log) == []
            if internals.backfill_status(instance, backfill_id) in internals.TERMINAL:
                break
    assert internals.backfill_status(instance, backfill_id) == (
        internals.BulkActionStatus.COMPLETED_SUCCESS
    )
    runs = instance.get_runs(filters=RunsFilter(tags={internals.BACKFILL_ID_TAG: backfill_id}))
    assert runs and all(r.is_success for r in runs)


def test_sensor_daemon_pass_applies_sensor_results(engine, settings, tmp_path) -> None:
    root = tmp_path / "estate"
    make_files(root, 1)
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    instance = get_instance(settings)
    with daemon_workspace(instance) as workspace:
        assert internals.sensor_daemon_iteration(workspace, log) == []
    (run,) = instance.get_runs(filters=RunsFilter(tags={"ki/source": "estate"}))
    assert run.job_name == "source_sync"


@pytest.mark.parametrize("name", ["DEFAULT_RUN_COORDINATOR", "SYNC_IN_MEMORY_RUN_LAUNCHER"])
def test_private_class_paths_import(name: str) -> None:
    import importlib

    path = getattr(internals, name)
    assert hasattr(importlib.import_module(path["module"]), path["class"])
