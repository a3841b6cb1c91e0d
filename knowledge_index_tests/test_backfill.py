"""A corpus-wide re-run is a real Dagster backfill that survives a daemon restart.

The backfill daemon runs in-process (Dagster's own `execute_backfill_iteration`), its runs are
launched synchronously in this process on the real embedded Postgres; the ledger counts what
re-ran.
"""

import sys
from collections import Counter

import pytest
from dagster import DagsterInstance, RunsFilter
from sqlalchemy import text

from knowledge_index import pipeline
from knowledge_index.orchestration.backfill import (
    TERMINAL,
    backfill_iteration,
    rerun_stage_backfill,
    stages_owned_by_backfills,
)
from knowledge_index.orchestration.codelocation import (
    CODE_LOCATION_MODULE,
    daemon_workspace,
    load_definitions,
)
from knowledge_index.orchestration.dagster_internals import BACKFILL_ID_TAG, BulkActionStatus
from knowledge_index.orchestration.driver import Driver
from knowledge_index.orchestration.instance import inline_instance
from knowledge_index.orchestration.stages import stage_names
from knowledge_index.pipeline import downstream_of
from knowledge_index.settings import load_settings
from knowledge_index.sources.registry import add_source
from knowledge_index_tests.support.estate import make_files
from knowledge_index_tests.support.sensors import tick

DOCS = 6
BATCH = 3


class DaemonKilled(BaseException):
    """The daemon process dies: nothing in Dagster catches this."""


def _dies_after(instance: DagsterInstance, submissions: int) -> None:
    """The daemon process dies after `submissions` runs, between creating the next run and
    submitting it: the hardest point to resume from (Dagster reserved the run ids up front)."""
    real = instance.submit_run
    left = [submissions]

    def submit_run(run_id, workspace):
        if left[0] == 0:
            raise DaemonKilled
        left[0] -= 1
        return real(run_id, workspace)

    instance.submit_run = submit_run


def _restart_code_location() -> None:
    """A new daemon process imports the code location afresh."""
    sys.modules.pop(CODE_LOCATION_MODULE, None)


def _ledger(engine) -> dict[tuple[str, str], tuple]:
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT source_object_id, stage, status, producer_version, updated_at"
                " FROM processing_state"
            )
        ).all()
    return {(r[0], r[1]): tuple(r[2:]) for r in rows}


@pytest.fixture
def counted_calls():
    calls: Counter = Counter()

    def wrap(stage, handler):
        def counting(ctx):
            calls[(stage, ctx.source_object.id)] += 1
            return handler(ctx)

        return counting

    for stage in pipeline.STAGES:
        handler = wrap(stage.name, stage.load_handler())
        pipeline.STAGES = pipeline.replace_stage(stage.name, handler=handler)
    return calls


def test_code_version_change_backfills_exactly_the_documents_that_ran_the_stage(
    engine, tmp_path, monkeypatch, counted_calls
):
    monkeypatch.setenv("KI_PIPELINE__BATCH_SIZE", "100")  # few runs to set the corpus up
    monkeypatch.setenv("KI_PIPELINE__MAX_FILE_MB", "1")
    root = tmp_path / "estate"
    make_files(root, DOCS)
    (root / "poison.bin").write_bytes(b"\1" * (1024 * 1024 + 10))  # never gets past fetch
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    settings = load_settings()
    driver = Driver(settings)
    driver.sync("estate")
    driver.run_until_idle()
    with engine.connect() as conn:
        poison = conn.execute(
            text("SELECT id FROM source_objects WHERE path = 'poison.bin'")
        ).scalar_one()
    before = _ledger(engine)
    ran_convert = {d for (d, s), row in before.items() if s == "convert" and row[0] == "done"}
    assert len(ran_convert) == DOCS and poison not in ran_convert
    counted_calls.clear()

    # A release changes convert's code: the documented backfill re-runs exactly what ran it.
    bumped = pipeline.get_stage("convert").code_version + "-next"
    monkeypatch.setattr(pipeline, "STAGES", pipeline.replace_stage("convert", code_version=bumped))
    monkeypatch.setenv("KI_PIPELINE__BATCH_SIZE", str(BATCH))  # the backfill policy's batch
    instance = inline_instance(load_settings())
    result = rerun_stage_backfill(load_settings(), instance, "convert", bump=False)
    assert result.backfill is not None and result.backfill.partitions == DOCS
    backfill_id = result.backfill.backfill_id
    stored = instance.get_backfill(backfill_id)
    assert stored.status == BulkActionStatus.REQUESTED and stored.is_asset_backfill
    assert result.backfill.ui_path == f"/overview/backfills/{backfill_id}"

    # Daemon 1 submits one batched run, then dies before launching the second.
    _dies_after(instance, 1)
    with daemon_workspace(instance) as context, pytest.raises(DaemonKilled):
        backfill_iteration(context)
    assert sum(n for (s, _), n in counted_calls.items() if s == "convert") == BATCH
    assert instance.get_backfill(backfill_id).status == BulkActionStatus.REQUESTED

    # Meanwhile the insertion sensor leaves convert to the backfill, but downstream follows.
    assert stages_owned_by_backfills(instance) == {"convert"}
    defs = load_definitions()
    planned = tick(defs, "insertion", instance)
    requested = {r.tags["ki/stage"] for r in planned.run_requests}
    assert "convert" not in requested and downstream_of("convert")[0] in requested

    # Restart: a fresh instance, a freshly imported code location, a new daemon.
    instance.dispose()
    _restart_code_location()
    instance = inline_instance(load_settings())
    with daemon_workspace(instance) as context:
        for _ in range(20):
            assert backfill_iteration(context) == []
            if instance.get_backfill(backfill_id).status in TERMINAL:
                break
    assert instance.get_backfill(backfill_id).status == BulkActionStatus.COMPLETED_SUCCESS
    runs = instance.get_runs(filters=RunsFilter(tags={BACKFILL_ID_TAG: backfill_id}))
    assert len(runs) == DOCS // BATCH, "batched by the backfill policy, not one run per document"
    assert all(r.tags["dagster/asset_partition_range_start"] for r in runs)

    # Downstream stages follow through the ledger (the insertion sensor's runs; here in-process).
    monkeypatch.setenv("KI_PIPELINE__BATCH_SIZE", "100")
    Driver(load_settings()).run_until_idle()

    after = _ledger(engine)
    rerun_stages = [s for s in ("convert", *downstream_of("convert")) if s in stage_names()]
    expected = Counter({(s, d): 1 for s in rerun_stages for d in ran_convert})
    assert counted_calls == expected, "each document re-ran convert and downstream exactly once"
    changed = {k for k in before if after[k] != before[k]}
    assert {d for d, _ in changed} == ran_convert, "nothing else was touched"
    assert {s for _, s in changed} == {"convert", *downstream_of("convert")} - {"fetch"}
    for d in ran_convert:
        assert after[(d, "convert")][:2] == ("done", load_settings().producer_version("convert"))
        assert after[(d, "fetch")] == before[(d, "fetch")]
    assert all(after[(poison, s)] == before[(poison, s)] for _, s in before if _ == poison)
