"""Run helpers: with `pipeline.parallel_runs` 2, a second process executes copies of the model
stages' runs; the ledger's claims split the documents between the two, none is done twice."""

from __future__ import annotations

import pytest
from dagster import RunsFilter
from sqlalchemy import text

from knowledge_index.orchestration import run_helpers
from knowledge_index.orchestration.driver import Driver
from knowledge_index.orchestration.sweeper import PROCESS_TAG
from knowledge_index.orchestration.tags import STAGE_TAG
from knowledge_index.settings import load_settings
from knowledge_index.sources.registry import add_source
from knowledge_index_tests.model_stages.support import small_estate

DOCUMENTS = 40


def test_the_plan_is_clamped_to_the_host_and_the_arrival(monkeypatch) -> None:
    monkeypatch.setattr(run_helpers, "usable_cpus", lambda: 2)
    assert run_helpers.plan_parallel(2, 500).processes == 2
    one_cpu = run_helpers.plan_parallel(4, 500)
    assert one_cpu.processes == 2 and "host ceiling 2" in one_cpu.reason
    small = run_helpers.plan_parallel(2, 10)
    assert small.processes == 1 and "only 10 document(s)" in small.reason


@pytest.fixture
def settings(ki_env, monkeypatch):
    monkeypatch.setenv("KI_PIPELINE__STAGES__INDEX__ENABLED", "false")
    monkeypatch.setenv("KI_PIPELINE__PARALLEL_RUNS", "2")
    monkeypatch.setattr(run_helpers, "usable_cpus", lambda: 2)
    monkeypatch.setattr(run_helpers, "HELPER_MIN_DOCUMENTS", 1)
    return load_settings()


def test_a_helper_shares_the_model_stages_and_nothing_runs_twice(engine, settings, tmp_path):
    files = {
        f"Mandate/2024-{n % 4:04d} Sache {n % 4}/Schreiben {n:02d}.txt": (
            f"Schreiben Nr. {n}\nBetreff: Mietvertrag Hafenstraße {n}, Linz\n"
            "Sehr geehrte Damen und Herren, anbei der Entwurf."
        )
        for n in range(DOCUMENTS)
    }
    root = small_estate(tmp_path / "estate", files)
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    driver = Driver(settings)
    driver.sync("estate")
    summary = driver.run_until_idle()

    assert summary.parallel is not None and summary.parallel.processes == 2
    assert summary.failed_runs == 0
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT stage, status, attempts, count(*) FROM processing_state"
                " WHERE stage <> 'index' GROUP BY 1, 2, 3"
            )
        ).all()
    # Every document settled once at every stage: no claim was taken by both processes.
    assert {r[1] for r in rows} <= {"done", "skipped"} and {r[2] for r in rows} == {1}
    per_stage: dict[str, int] = {}
    for stage, _status, _attempts, n in rows:
        per_stage[stage] = per_stage.get(stage, 0) + n
    assert set(per_stage.values()) == {DOCUMENTS}
    # Both processes executed runs of a model stage (the helper's carry its own process tag).
    runs = driver.instance.get_runs(filters=RunsFilter(tags={STAGE_TAG: "classify_matter"}))
    assert len({run.tags[PROCESS_TAG] for run in runs}) == 2
    assert driver._helpers == []  # closed with the call
