"""What data engineers see and do in the Dagster UI: checks, observations, the rerun job."""

from __future__ import annotations

from dagster import AssetKey
from sqlalchemy import text

from knowledge_index.ledger.health import stage_health
from knowledge_index.ledger.maintenance import prepare
from knowledge_index.ledger.report import owed_object_ids
from knowledge_index.orchestration.codelocation import load_definitions
from knowledge_index.orchestration.dagster_internals import BulkActionStatus
from knowledge_index.orchestration.driver import Driver
from knowledge_index.settings import load_settings
from knowledge_index.sources.registry import add_source
from knowledge_index_tests.support.estate import make_files
from knowledge_index_tests.support.sensors import tick


def _estate(engine, tmp_path, n=5):
    root = tmp_path / "estate"
    make_files(root, n)
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    return root


def test_ledger_health_flags_what_an_operator_must_know(engine, settings, tmp_path):
    _estate(engine, tmp_path)
    Driver(settings).sync("estate")
    assert stage_health(engine.connect(), settings, "convert").healthy
    with engine.begin() as conn:
        conn.execute(
            text("UPDATE processing_state SET status = 'done' WHERE stage = 'fetch'")
        )  # lost unlock
        conn.execute(
            text(
                "UPDATE processing_state SET status = 'quarantined', last_error = NULL"
                " WHERE stage = 'fetch' AND source_object_id = (SELECT min(source_object_id)"
                " FROM processing_state)"
            )
        )
        conn.execute(
            text(
                "UPDATE processing_state SET status = 'running',"
                " claimed_at = now() - interval '2 h'"
                " WHERE stage = 'index' AND source_object_id = (SELECT max(source_object_id)"
                " FROM processing_state)"
            )
        )
    with engine.connect() as conn:
        convert = stage_health(conn, settings, "convert")
        fetch = stage_health(conn, settings, "fetch")
        index = stage_health(conn, settings, "index")
    assert convert.stuck_waiting == 4 and not convert.healthy
    assert fetch.quarantined_without_cause == 1
    assert index.stale_claims == 1


def test_observer_records_buckets_and_rerun_job_requeues(engine, settings, tmp_path):
    _estate(engine, tmp_path, n=3)
    driver = Driver(settings)
    driver.sync("estate")
    driver.run_until_idle()
    defs = load_definitions()
    result = tick(defs, "ledger_observer", driver.instance)
    fetch_obs = next(e for e in result.asset_events if e.asset_key == AssetKey("fetch"))
    assert fetch_obs.metadata["bucket_done"].value == 3

    job = defs.resolve_job_def("rerun_stage")
    run = job.execute_in_process(
        run_config={"ops": {"rerun_stage_op": {"config": {"stage": "convert"}}}},
        instance=driver.instance,
    )
    assert run.success
    out = run.output_for_node("rerun_stage_op")
    assert out["documents"] == 3 and out["downstream_stages"][0] == "classify_matter"
    # The job created the stage's backfill (visible under Overview > Backfills) over the
    # three documents, which the ledger now owes convert under the new version.
    backfill = driver.instance.get_backfill(out["backfill_id"])
    assert backfill.status == BulkActionStatus.REQUESTED
    assert backfill.asset_selection == [AssetKey("convert")]
    assert out["backfill_partitions"] == 3
    with engine.begin() as conn:
        assert len(owed_object_ids(conn, "convert")) == 3
        assert prepare(conn, load_settings()).requeued_outdated == {}
