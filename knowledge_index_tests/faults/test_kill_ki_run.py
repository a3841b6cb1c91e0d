"""SIGKILL of `ki run` at three points, then `ki run` again: nothing lost, nothing twice,
Dagster true, the same export as a clean run.

Bounded form (about 30 plain-text documents, so each case costs seconds) in the default run:
the kill points are "while convert settles", "while the model stages settle" and "while the
index embeds". The first two are judged by the ledger rows the killed process has settled; the
index claims a whole estate this small in one chunk and settles it at once, so its kill point is
judged by rows claimed (`running`), which kills it between claim and settlement.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from dagster import DagsterRunStatus, RunsFilter
from sqlalchemy import Engine, text

from knowledge_index.db import dispose_engines
from knowledge_index.orchestration.driver import Driver
from knowledge_index.orchestration.instance import get_instance
from knowledge_index.orchestration.reconcile import compare
from knowledge_index.orchestration.stages import stage_names
from knowledge_index.settings import Settings, load_settings
from knowledge_index_tests.faults.conftest import FILES
from knowledge_index_tests.faults.support import differences, export, fresh_home, synced

# (stage, rows of it in that state) at which the running `ki run` is killed.
KILL_POINTS = {
    "convert": ("convert", "settled", 8),
    "model stages": ("extract_metadata", "settled", 5),
    "index": ("index", "running", 5),
}

Settled = dict[tuple[str, str], tuple[int, object]]


def settled(engine: Engine) -> Settled:
    """Rows a stage finished (not the `waiting_for_previous_stage` placeholders)."""
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT source_object_id, stage, attempts, updated_at FROM processing_state"
                " WHERE status IN ('done', 'skipped') AND COALESCE(reason, '') <>"
                " 'waiting_for_previous_stage'"
            )
        ).all()
    return {(r[0], r[1]): (r[2], r[3]) for r in rows}


def start_ki_run() -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "knowledge_index", "run"],
        env={**os.environ, "PYTHONPATH": os.getcwd()},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def running(engine: Engine, stage: str) -> int:
    """Rows of `stage` claimed and not yet settled."""
    with engine.connect() as conn:
        return conn.execute(
            text("SELECT count(*) FROM processing_state WHERE stage = :s AND status = 'running'"),
            {"s": stage},
        ).scalar_one()


def reached(engine: Engine, stage: str, state: str) -> int:
    if state == "running":
        return running(engine, stage)
    return sum(1 for _, s in settled(engine) if s == stage)


def wait_for(
    engine: Engine, proc: subprocess.Popen[bytes], stage: str, state: str, rows: int
) -> None:
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"ki run finished before {rows} {stage} rows were {state}"
        if reached(engine, stage, state) >= rows:
            return
        time.sleep(0.05)
    raise AssertionError(f"{stage} never reached {rows} {state} rows")


def _rerun_report(engine: Engine, before: Settled, after: Settled, rerun: set) -> str:
    """The re-executed rows, before and after, and their documents' ledger history."""
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT source_object_id, stage, status, attempts, reason, producer_version,"
                " updated_at FROM processing_state WHERE source_object_id = ANY(:ids)"
                " ORDER BY 1, updated_at"
            ),
            {"ids": sorted({k[0] for k in rerun})},
        ).all()
    detail = [(k, before[k], after.get(k)) for k in sorted(rerun)][:5]
    return f"settled rows re-executed: {detail} ledger now: {rows}"


def assert_recovered(settings: Settings, engine: Engine, before: Settled, clean: Any) -> None:
    """The four promises of a resume, checked after the second `ki run` went idle."""
    after = settled(engine)
    rerun = {k for k, v in before.items() if after.get(k) != v}
    assert not rerun, _rerun_report(engine, before, after, rerun)
    instance = get_instance(settings)
    started = instance.get_runs(filters=RunsFilter(statuses=[DagsterRunStatus.STARTED]))
    assert not started, [r.run_id for r in started]
    for stage in stage_names():
        result = compare(instance, engine, settings, stage)
        assert result.equal, (stage, result.missing[:5], result.extra[:5])
    assert not differences(clean, export(engine))


_CLEAN: dict[str, Any] = {}


def clean_export(pg_server: str, monkeypatch: pytest.MonkeyPatch, tmp: Path, root: Path) -> Any:
    """The clean run's export, computed once per test session (the estate is the same)."""
    if "export" not in _CLEAN:
        settings, engine = fresh_home(pg_server, monkeypatch, tmp / "clean")
        synced(engine, settings, root)
        Driver(settings).run_until_idle()
        _CLEAN["export"] = export(engine)
        dispose_engines()
    return _CLEAN["export"]


@pytest.mark.parametrize("point", sorted(KILL_POINTS))
def test_sigkill_mid_run_then_run_again(
    point: str, pg_server, ki_env, estate, tmp_path, monkeypatch
) -> None:
    clean = clean_export(pg_server, monkeypatch, tmp_path, estate)
    settings, engine = fresh_home(pg_server, monkeypatch, tmp_path / "killed")
    synced(engine, settings, estate)
    proc = start_ki_run()
    stage, state, rows = KILL_POINTS[point]
    wait_for(engine, proc, stage, state, rows)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)
    before = settled(engine)
    assert len(before) < FILES * len(stage_names()), "the kill came after the run had finished"

    settings = load_settings()
    Driver(settings).run_until_idle()
    assert_recovered(settings, engine, before, clean)
