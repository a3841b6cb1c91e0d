"""Dagster's asset pages agree with the ledger: settled rows without a materialization get one.

The kill-free form of a `ki run` killed between the ledger's settle and the batch's
materialization events: the runner settles rows directly, with no Dagster run at all.
"""

from __future__ import annotations

from dagster import AssetCheckKey, AssetKey

from knowledge_index.orchestration.codelocation import load_definitions
from knowledge_index.orchestration.driver import Driver
from knowledge_index.orchestration.reconcile import compare, reconcile
from knowledge_index.orchestration.stages import stage_names
from knowledge_index.runner import run_stage
from knowledge_index.settings import load_settings
from knowledge_index.sources.registry import add_source
from knowledge_index_tests.support.estate import make_files


def _run_check(defs, instance, stage: str) -> bool:
    """Execute the `matches_ledger` check of `stage` as Dagster would from the UI."""
    key = AssetCheckKey(AssetKey(stage), "matches_ledger")
    job = defs.resolve_implicit_global_asset_job_def().get_subset(
        asset_selection=set(), asset_check_selection={key}
    )
    result = job.execute_in_process(instance=instance, raise_on_error=False)
    [evaluation] = result.get_asset_check_evaluations()
    return evaluation.passed


def test_rows_settled_without_dagster_are_reconciled_by_the_next_run(engine, tmp_path):
    settings = load_settings()
    make_files(tmp_path / "estate", 4)
    with engine.begin() as conn:
        add_source(conn, "estate", tmp_path / "estate")
    driver = Driver(settings)
    driver.sync("estate")
    instance = driver.instance
    defs = load_definitions()
    # Settled by the runner alone: the ledger says done, Dagster has never heard of it.
    report = run_stage(settings, "fetch", engine=engine)
    assert report.count("done") == 4
    before = compare(instance, engine, settings, "fetch")
    assert len(before.missing) == 4 and not before.extra
    assert not _run_check(defs, instance, "fetch")

    summary = driver.run_until_idle()
    assert summary.reconciled is not None
    assert summary.reconciled.reported == {"fetch": 4}
    for stage in stage_names():
        assert compare(instance, engine, settings, stage).equal, stage
    assert _run_check(defs, instance, "fetch")
    assert _run_check(defs, instance, "index")
    # The reconciled materializations carry the stage's code version, like the asset's own.
    event = instance.get_latest_materialization_event(AssetKey("fetch"))
    assert event is not None and event.asset_materialization is not None
    assert event.asset_materialization.tags["dagster/code_version"] == settings.producer_version(
        "fetch"
    )
    # Nothing left to reconcile, and nothing reported twice.
    assert reconcile(instance, engine, settings, stage_names()).total == 0
    assert len(instance.fetch_materializations(AssetKey("fetch"), limit=100).records) == 4
