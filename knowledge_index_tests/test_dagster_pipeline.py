"""Real Dagster runs on the product's Postgres-backed instance."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime, timedelta

import pytest
from dagster import AssetKey, AssetPartitionStatus, DagsterRunStatus, RunsFilter
from sqlalchemy import text

from knowledge_index.ledger.report import status
from knowledge_index.orchestration.codelocation import daemon_workspace, load_definitions
from knowledge_index.orchestration.dagster_internals import sensor_daemon_iteration
from knowledge_index.orchestration.driver import Driver
from knowledge_index.orchestration.instance import get_instance
from knowledge_index.orchestration.partitions import documents
from knowledge_index.settings import load_settings
from knowledge_index.sources.registry import add_source
from knowledge_index.sources.sync import SyncInFlight, reserve_sync_run
from knowledge_index_tests.support.estate import make_files
from knowledge_index_tests.support.sensors import tick


@pytest.fixture
def estate(engine, tmp_path):
    root = tmp_path / "estate"
    make_files(root, 30)
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    return root


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
    defs = load_definitions()
    result = tick(defs, "sync_sources", driver.instance)
    assert not result.run_requests
    assert "in flight" in result.skip_reason.skip_message
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM source_objects")).scalar() == 0


def test_sensors_request_sync_then_batched_stage_runs(engine, settings, estate):
    driver = Driver(settings)
    defs = load_definitions()
    result = tick(defs, "sync_sources", driver.instance)
    (request,) = result.run_requests
    assert request.tags["ki/source"] == "estate" and request.tags["ki/trigger"] == "interval"

    driver.sync("estate", trigger="interval")
    # Just synced and nothing changed on disk: not due.
    again = tick(defs, "sync_sources", driver.instance, cursor=result.cursor)
    assert not again.run_requests
    (estate / "new-file.txt").write_text("fresh", encoding="utf-8")
    event = tick(defs, "sync_sources", driver.instance, cursor=result.cursor)
    assert event.run_requests[0].tags["ki/trigger"] == "event"

    out = tick(defs, "insertion", driver.instance)
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
    defs = load_definitions()
    # The 15 s tick plans from the ledger as it is: the stale claims are not its business.
    planned = tick(defs, "insertion", driver.instance)
    assert sum(int(r.tags["ki/owed"]) for r in planned.run_requests) == 30 - len(stale)
    with engine.connect() as conn:
        running = conn.execute(
            text("SELECT count(*) FROM processing_state WHERE status = 'running'")
        ).scalar_one()
    assert running == len(stale)
    # The housekeeping sensor recovers them; the next insertion tick owes all 30 again.
    message = tick(defs, "ledger_housekeeping", driver.instance).skip_message
    assert '"stale_claims": 3' in message
    planned = tick(defs, "insertion", driver.instance)
    assert sum(int(r.tags["ki/owed"]) for r in planned.run_requests) == 30


def _sync_runs(instance, source: str) -> list:
    return instance.get_runs(filters=RunsFilter(tags={"ki/source": source}))


def test_one_sync_sensor_picks_up_a_source_added_after_the_definitions_loaded(
    engine, settings, tmp_path
):
    """Through Dagster's sensor daemon on the product's instance (queued coordinator): each
    requested sync run is really submitted to the run queue."""
    first = tmp_path / "first"
    make_files(first, 2)
    with engine.begin() as conn:
        add_source(conn, "first", first)
    instance = get_instance(settings)
    log = logging.getLogger("test-sensor-daemon")
    with daemon_workspace(instance) as workspace:
        # The code location is loaded; only then does the second source appear.
        assert sensor_daemon_iteration(workspace, log) == []
        (run,) = _sync_runs(instance, "first")
        assert run.status == DagsterRunStatus.QUEUED and run.job_name == "source_sync"
        assert run.run_config["ops"]["sync_source_op"]["config"]["source"] == "first"

        second = tmp_path / "second"
        make_files(second, 2)
        with engine.begin() as conn:
            add_source(conn, "second", second)
        # The next tick, well past the sensor's minimum interval: the new source gets its run,
        # and the first, whose sync is still queued, gets no second one.
        later = datetime.now(UTC) + timedelta(minutes=10)
        assert sensor_daemon_iteration(workspace, log, now=later) == []
    (new_run,) = _sync_runs(instance, "second")
    assert new_run.status == DagsterRunStatus.QUEUED
    assert new_run.tags["ki/trigger"] == "interval"
    assert len(_sync_runs(instance, "first")) == 1


def test_sync_sensor_cursor_maps_each_source_to_its_fingerprint(engine, settings, tmp_path):
    roots = {}
    for name in ("a", "b"):
        roots[name] = tmp_path / name
        make_files(roots[name], 2)
        with engine.begin() as conn:
            add_source(conn, name, roots[name])
    driver = Driver(settings)
    defs = load_definitions()
    first = tick(defs, "sync_sources", driver.instance)
    assert {r.tags["ki/source"] for r in first.run_requests} == {"a", "b"}
    assert set(json.loads(first.cursor)) == {"a", "b"}
    driver.sync("a", trigger="interval")
    driver.sync("b", trigger="interval")
    # A file lands in b only: b syncs on the event, a is neither due nor changed.
    (roots["b"] / "late.txt").write_text("late", encoding="utf-8")
    event = tick(defs, "sync_sources", driver.instance, cursor=first.cursor)
    assert [(r.tags["ki/source"], r.tags["ki/trigger"]) for r in event.run_requests] == [
        ("b", "event")
    ]
    assert json.loads(event.cursor)["a"] == json.loads(first.cursor)["a"]
    assert json.loads(event.cursor)["b"] != json.loads(first.cursor)["b"]
