"""SIGKILL of `ki run` mid-run, then `ki run` again: nothing lost, nothing twice, Dagster true.

Bounded form (one kill point, about 30 plain-text documents) in the default run.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from dagster import DagsterRunStatus, RunsFilter
from sqlalchemy import text

from knowledge_index.db import dispose_engines
from knowledge_index.orchestration.driver import Driver
from knowledge_index.orchestration.instance import get_instance
from knowledge_index.orchestration.reconcile import compare
from knowledge_index.orchestration.stages import stage_names
from knowledge_index.settings import load_settings
from knowledge_index_tests.faults.support import differences, export, fresh_home, synced
from knowledge_index_tests.support.estate import make_files

KILL_AFTER_SETTLED = 45  # ledger rows done/skipped (all stages) before the SIGKILL


def _settled(engine) -> dict[tuple[str, str], tuple[int, object]]:
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT source_object_id, stage, attempts, updated_at FROM processing_state"
                " WHERE status IN ('done', 'skipped') AND COALESCE(reason, '') <>"
                " 'waiting_for_previous_stage'"
            )
        ).all()
    return {(r[0], r[1]): (r[2], r[3]) for r in rows}


def test_sigkill_mid_run_then_run_again(pg_server, ki_env, tmp_path, monkeypatch):
    root = tmp_path / "estate"
    make_files(root, 30)
    # The clean run, in a home of its own.
    settings, engine = fresh_home(pg_server, monkeypatch, tmp_path / "clean")
    synced(engine, settings, root)
    Driver(settings).run_until_idle()
    clean = export(engine)
    dispose_engines()

    settings, engine = fresh_home(pg_server, monkeypatch, tmp_path / "killed")
    synced(engine, settings, root)
    proc = subprocess.Popen(
        [sys.executable, "-m", "knowledge_index", "run"],
        env={**os.environ, "PYTHONPATH": os.getcwd()},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and len(_settled(engine)) < KILL_AFTER_SETTLED:
        assert proc.poll() is None, "ki run finished before the kill point"
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)
    before = _settled(engine)
    assert len(before) >= KILL_AFTER_SETTLED

    settings = load_settings()
    Driver(settings).run_until_idle()
    after = _settled(engine)
    # 0 settled rows re-executed: every row settled before the kill is untouched.
    rerun = {k for k, v in before.items() if after.get(k) != v}
    assert not rerun, sorted(rerun)[:10]
    instance = get_instance(settings)
    started = instance.get_runs(filters=RunsFilter(statuses=[DagsterRunStatus.STARTED]))
    assert not started, [r.run_id for r in started]
    for stage in stage_names():
        result = compare(instance, engine, settings, stage)
        assert result.equal, (stage, result.missing[:5], result.extra[:5])
    assert not differences(clean, export(engine))
