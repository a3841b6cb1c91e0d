"""Real Dagster runs on the product's Postgres-backed instance."""

from __future__ import annotations

import pytest
from dagster import AssetKey, build_sensor_context
from dagster._core.storage.partition_status_cache import AssetPartitionStatus
from sqlalchemy import text

from knowledge_index.defs.build import build_definitions
from knowledge_index.defs.driver import Driver
from knowledge_index.defs.partitions import documents
from knowledge_index.ledger.report import status
from knowledge_index.settings import load_settings
from knowledge_index.sources.registry import add_source
from knowledge_index.sources.sync import SyncInFlight, reserve_sync_run
from knowledge_index_tests.support.estate import make_files


@pytest.fixture
def estate(engine, tmp_path):
    root = tmp_path / "estate"
    make_files(root, 30)
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    return root


def test_definitions_load_and_validate(settings, engine, estate):
    defs = build_definitions(settings)
    type(defs).validate_loadable(defs)
    assert defs.resolve_job_def("fetch_job") is not None
    sensor_names = {s.name for s in defs.sensors}
    assert sensor_names == {"insertion", "sync_estate", "ledger_observer", "ledger_housekeeping"}
    fetch = defs.resolve_assets_def(AssetKey("fetch"))
    assert fetch.code_versions_by_key[AssetKey("fetch")] == settings.producer_version("fetch")


def test_sync_run_adds_partitions_and_batched_fetch_marks_only_poison_failed(
    engine, estate, monkeypatch
):
    monkeypatch.setenv("KI_PIPELINE__MAX_FILE_MB", "1")
    monkeypatch.setenv("KI_PIPELINE__BATCH_SIZE", "20")
    (estate / "poison.bin").write_bytes(b"\1" * (1024 * 1024 + 10))
    settings = load_settings()
    driver = Driver(settings)
    report = driver.sync("estate")
    assert report.created == 31 and report.handed_off
    keys = driver.instance.get_dynamic_partitions("documents")
    assert len(keys) == 31

    summary = driver.run_until_idle()
    # 31 documents in batches of 20 per built stage: fetch (31), then every later built stage
    # for the 30 fetched, then one search-index update.
    assert summary.documents_by_stage == {
        "fetch": 31,
        "convert": 30,
        "classify_matter": 30,
        "relate": 30,
        "extract_metadata": 30,
        "extract_decisions": 30,
        "index": 30,
    }
    assert summary.runs == 15
    assert summary.failed_runs == 1
    with engine.connect() as conn:
        st = status(conn)
        poison = conn.execute(
            text("SELECT id FROM source_objects WHERE path = 'poison.bin'")
        ).scalar_one()
    fetch = next(s for s in st.stages if s.stage == "fetch")
    assert (fetch.buckets["done"], fetch.buckets["quarantined"]) == (30, 1)

    statuses = driver.instance.get_status_by_partition(AssetKey("fetch"), keys, documents)
    failed = {k for k, v in statuses.items() if v == AssetPartitionStatus.FAILED}
    materialized = {k for k, v in statuses.items() if v == AssetPartitionStatus.MATERIALIZED}
    assert failed == {poison}
    assert materialized == set(keys) - {poison}

    # Materializations carry the producer version as code version, plus ledger metadata.
    event = driver.instance.get_latest_materialization_event(AssetKey("fetch"))
    mat = event.asset_materialization
    assert mat.tags["dagster/code_version"] == settings.producer_version("fetch")
    assert mat.metadata["bucket"].value == "done"
    assert len(mat.metadata["content_hash"].value) == 64

    # Nothing owed: a second pass launches no run and executes nothing.
    assert driver.run_until_idle().runs == 0


def test_second_sync_of_a_source_is_refused_not_run_twice(engine, settings, estate):
    driver = Driver(settings)
    with engine.begin() as conn:
        reserve_sync_run(conn, "estate", "sensor", "some-run", stale_after=900)
    with pytest.raises(SyncInFlight):
        driver.sync("estate")
    defs = build_definitions(settings)
    sensor = next(s for s in defs.sensors if s.name == "sync_estate")
    result = sensor(build_sensor_context(instance=driver.instance, definitions=defs))
    assert "in flight" in result.skip_message
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM source_objects")).scalar() == 0


def test_sensors_request_sync_then_batched_stage_runs(engine, settings, estate):
    driver = Driver(settings)
    defs = build_definitions(settings)
    sync_sensor = next(s for s in defs.sensors if s.name == "sync_estate")
    ctx = build_sensor_context(instance=driver.instance, definitions=defs)
    result = sync_sensor(ctx)
    (request,) = result.run_requests
    assert request.tags["ki/source"] == "estate" and request.tags["ki/trigger"] == "interval"

    driver.sync("estate", trigger="interval")
    # Just synced and nothing changed on disk: not due.
    again = sync_sensor(
        build_sensor_context(instance=driver.instance, definitions=defs, cursor=result.cursor)
    )
    assert not again.run_requests
    (estate / "new-file.txt").write_text("fresh", encoding="utf-8")
    event = sync_sensor(
        build_sensor_context(instance=driver.instance, definitions=defs, cursor=result.cursor)
    )
    assert event.run_requests[0].tags["ki/trigger"] == "event"

    insertion = next(s for s in defs.sensors if s.name == "insertion")
    out = insertion(build_sensor_context(instance=driver.instance, definitions=defs))
    assert len(out.run_requests) == 1
    tags = out.run_requests[0].tags
    keys = driver.instance.get_dynamic_partitions("documents")
    assert tags["dagster/asset_partition_range_start"] == keys[0]
    assert tags["dagster/asset_partition_range_end"] == keys[-1]
    assert tags["ki/stage"] == "fetch" and tags["ki/owed"] == "30"


def test_housekeeping_runs_outside_the_insertion_tick(engine, settings, estate):
    driver = Driver(settings)
    driver.sync("estate")
    with engine.begin() as conn:
        stale = conn.execute(
            text(
                "UPDATE processing_state SET status = 'running', claimed_by = 'dead-worker',"
                " claimed_at = now() - interval '2 hours' WHERE stage = 'fetch'"
                " AND source_object_id IN (SELECT source_object_id FROM processing_state"
                "  WHERE stage = 'fetch' ORDER BY source_object_id LIMIT 3)"
                " RETURNING source_object_id"
            )
        ).all()
    defs = build_definitions(settings)
    insertion = next(s for s in defs.sensors if s.name == "insertion")
    housekeeping = next(s for s in defs.sensors if s.name == "ledger_housekeeping")
    ctx = build_sensor_context(instance=driver.instance, definitions=defs)
    # The 15 s tick plans from the ledger as it is: the stale claims are not its business.
    tick = insertion(ctx)
    assert sum(int(r.tags["ki/owed"]) for r in tick.run_requests) == 30 - len(stale)
    with engine.connect() as conn:
        running = conn.execute(
            text("SELECT count(*) FROM processing_state WHERE status = 'running'")
        ).scalar_one()
    assert running == len(stale)
    # The housekeeping sensor recovers them; the next insertion tick owes all 30 again.
    message = housekeeping(ctx).skip_message
    assert '"stale_claims": 3' in message
    tick = insertion(build_sensor_context(instance=driver.instance, definitions=defs))
    assert sum(int(r.tags["ki/owed"]) for r in tick.run_requests) == 30
